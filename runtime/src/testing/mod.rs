//! Testing a provider against real Terraform (feature `acceptance`).
//!
//! [`acceptance`] is terraform-plugin-testing's `helper/resource` in Rust:
//! test cases of configuration steps that Terraform plans and applies
//! against the provider served from the test process. The in-process
//! harness without Terraform is `server::testing`.

pub mod acceptance;
