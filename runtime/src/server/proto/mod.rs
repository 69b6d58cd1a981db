//! The plugin protocol as gRPC: the messages, service traits (`*_server`)
//! and clients (`*_client`) that prost and tonic generate from the `.proto`
//! files in `runtime/proto/` (Terraform's protocols 5 and 6, go-plugin's
//! own services, the standard health service), and [`GrpcProvider`], which
//! serves a [`RawProvider`](super::raw::RawProvider) as those services.
//!
//! # Stability
//!
//! This module follows Terraform's `.proto` files, not tfschema's semver:
//! when Terraform adds or changes a message, a field or an RPC (a new
//! protocol minor version), the generated types change with it, and that
//! can happen in any tfschema minor release. Everything else in tfschema
//! keeps the usual semver promise and names no type of this module, except
//! where the protocol itself is the point: [`Harness::grpc`] (for requests
//! a test sends as Terraform would, e.g. captured ones) and
//! [`ProviderServices::protocol_5`]/[`protocol_6`] (to serve a hand-written
//! service).
//!
//! A provider needs none of it: the typed and raw layers and
//! [`run`](super::run) cover serving. It is for talking to a provider at
//! the wire: replaying captured requests, fuzzing the gRPC layer, or acting
//! as Terraform (a client launching a provider and asking its schema).
//!
//! The generated code is committed, so building needs no `protoc`; the test
//! `tests/proto_up_to_date.rs` checks it matches the definitions and
//! regenerates it with `TFSCHEMA_REGENERATE_PROTO=1`.
//!
//! [`Harness::grpc`]: super::testing::Harness::grpc
//! [`ProviderServices::protocol_5`]: super::ProviderServices::protocol_5
//! [`protocol_6`]: super::ProviderServices::protocol_6

mod generated;

pub use super::grpc::{Grpc5, Grpc6, GrpcProvider};
pub use generated::{health, plugin, tfplugin5, tfplugin6};
