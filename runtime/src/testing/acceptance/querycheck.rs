//! `terraform query -json` (Terraform 1.14+, list resources) read into
//! typed results, and the checks of a `query` step, as Go's `querycheck`.

use std::collections::BTreeMap;

use serde::Deserialize;
use serde_json::Value as Json;

use super::knownvalue::{self, BoxCheck};

/// One object a list resource found (`list_resource_found`).
#[derive(Debug, Clone, Default, Deserialize)]
pub struct QueryResult {
    /// The list block's address: `list.inventory_item.active`.
    pub address: String,
    /// The object's identity.
    #[serde(default)]
    pub identity: Json,
    /// The identity's schema version.
    #[serde(default)]
    pub identity_version: u64,
    /// The provider's display name of the object.
    #[serde(default)]
    pub display_name: String,
    /// The object's values, with `include_resource = true`.
    #[serde(default)]
    pub resource_object: Option<Json>,
}

/// What a query printed: the objects found, and each list's total.
#[derive(Debug, Clone, Default)]
pub struct QueryOutput {
    /// Every object found, in Terraform's order.
    pub found: Vec<QueryResult>,
    /// The `list_complete` total of each list block.
    pub totals: BTreeMap<String, u64>,
}

#[derive(Deserialize)]
struct Event {
    #[serde(rename = "type", default)]
    kind: String,
    #[serde(default)]
    list_resource_found: Option<QueryResult>,
    #[serde(default)]
    list_complete: Option<Complete>,
}

#[derive(Deserialize)]
struct Complete {
    address: String,
    #[serde(default)]
    total: u64,
}

/// Reads the JSON lines of `terraform query -json`.
pub(crate) fn parse(bytes: &[u8]) -> Result<QueryOutput, String> {
    let mut out = QueryOutput::default();
    for (n, line) in String::from_utf8_lossy(bytes).lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let event: Event = serde_json::from_str(line)
            .map_err(|e| format!("reading line {} of `terraform query -json`: {e}", n + 1))?;
        match (
            event.kind.as_str(),
            event.list_resource_found,
            event.list_complete,
        ) {
            ("list_resource_found", Some(found), _) => out.found.push(found),
            ("list_complete", _, Some(done)) => {
                out.totals.insert(done.address, done.total);
            }
            _ => {}
        }
    }
    Ok(out)
}

/// A check of a query's output; Go's `querycheck.QueryResultCheck`.
pub trait QueryCheck: Send + Sync {
    /// `Ok` when the output passes, else why not.
    fn check_query(&self, output: &QueryOutput) -> Result<(), String>;
}

/// A boxed [`QueryCheck`], as the constructors here return.
pub type BoxQueryCheck = Box<dyn QueryCheck>;

struct Fn<F>(F);

impl<F: std::ops::Fn(&QueryOutput) -> Result<(), String> + Send + Sync> QueryCheck for Fn<F> {
    fn check_query(&self, output: &QueryOutput) -> Result<(), String> {
        (self.0)(output)
    }
}

/// The list block at `address` found exactly `length` objects (its
/// `list_complete` total).
pub fn expect_length(address: impl Into<String>, length: u64) -> BoxQueryCheck {
    let address = address.into();
    Box::new(Fn(move |output: &QueryOutput| {
        let total = output
            .totals
            .get(&address)
            .ok_or_else(|| format!("{address} - no completed query information available"))?;
        if *total == length {
            Ok(())
        } else {
            Err(format!(
                "Query result of length {length} - expected but got {total}."
            ))
        }
    }))
}

/// The list block at `address` found an object with exactly this identity.
pub fn expect_identity(
    address: impl Into<String>,
    identity: impl IntoIterator<Item = (impl Into<String>, BoxCheck)>,
) -> BoxQueryCheck {
    let address = address.into();
    let object = knownvalue::object_exact(identity);
    Box::new(Fn(move |output: &QueryOutput| {
        let mut mismatches = Vec::new();
        for found in output.found.iter().filter(|f| f.address == address) {
            match object.check_value(&found.identity) {
                Ok(()) => return Ok(()),
                Err(e) => mismatches.push(format!("{}: {e}", found.identity)),
            }
        }
        if mismatches.is_empty() {
            return Err(format!("{address} - Resource not found in query"));
        }
        Err(format!(
            "{address} - no result has the identity {}:\n{}",
            object.describe(),
            mismatches.join("\n")
        ))
    }))
}

/// Runs `checks`; every failure, one per line.
pub(crate) fn run(output: &QueryOutput, checks: &[BoxQueryCheck]) -> Result<(), String> {
    let errors: Vec<String> = checks
        .iter()
        .filter_map(|c| c.check_query(output).err())
        .collect();
    super::failures::joined(errors)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    /// Two lines as Terraform 1.15.5 prints them (the shapes e2e/scenarios/list.sh reads).
    const OUTPUT: &str = r#"{"@level":"info","@message":"list.inventory_item.active: Listing...","type":"list_start"}
{"@level":"info","type":"list_resource_found","list_resource_found":{"address":"list.inventory_item.active","display_name":"Bolt (B-1)","identity":{"id":"itm-1"},"identity_version":0}}
{"@level":"info","type":"list_complete","list_complete":{"address":"list.inventory_item.active","total":1}}
"#;

    #[test]
    fn reads_and_checks_found_objects() {
        let out = parse(OUTPUT.as_bytes()).unwrap();
        assert_eq!(out.found.len(), 1);
        assert!(expect_length("list.inventory_item.active", 1)
            .check_query(&out)
            .is_ok());
        assert_eq!(
            expect_length("list.inventory_item.active", 2)
                .check_query(&out)
                .unwrap_err(),
            "Query result of length 2 - expected but got 1."
        );
        let id = |v: &str| [("id", knownvalue::string_exact(v))];
        assert!(expect_identity("list.inventory_item.active", id("itm-1"))
            .check_query(&out)
            .is_ok());
        assert!(expect_identity("list.inventory_item.active", id("itm-2"))
            .check_query(&out)
            .is_err());
        assert!(expect_identity("list.inventory_item.other", id("itm-1"))
            .check_query(&out)
            .is_err());
    }
}
