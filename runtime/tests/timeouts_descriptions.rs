//! `resource_timeouts!`: a resource's `timeouts` struct with the operations
//! it lists and descriptions of its own, as terraform-plugin-framework-
//! timeouts' `timeouts.Opts{Create: true, CreateDescription: "..."}`
//! (`resource/timeouts/schema.go`, read at HEAD): a description given
//! replaces Go's text whole, an operation listed alone keeps Go's. The
//! expected default text is copied from the Go source by hand. The same
//! for a data source's `read` (`datasource/timeouts.Opts{ReadDescription}`)
//! and an ephemeral resource's `open` (`ephemeral/timeouts.Opts{OpenDescription}`).

#![allow(clippy::panic)]

use std::time::Duration;

use tfschema::schema::{AttributeType, NestingMode, StringKind};
use tfschema::timeouts::{
    data_source_timeouts, ephemeral_timeouts, resource_timeouts, DataSourceTimeouts,
    EphemeralTimeouts, Operation,
};
use tfschema::{TfSchema, TfValue, Type, Value};

/// Go's description of a resource's `read`.
const GO_READ: &str = "A string that can be [parsed as a duration](https://pkg.go.dev/time#ParseDuration) consisting of numbers and unit suffixes, such as \"30s\" or \"2h45m\". Valid time units are \"s\" (seconds), \"m\" (minutes), \"h\" (hours). Read operations occur during any refresh or planning operation when refresh is enabled.";

resource_timeouts! {
    /// The server's time limits.
    pub struct ServerTimeouts {
        create = "How long to wait for the server to boot.",
        read,
        delete = "How long to wait for the disks to be wiped.",
    }
}

mod inner {
    // A second struct in one module, private: nothing of the first clashes.
    tfschema::timeouts::resource_timeouts! {
        struct UpdateOnly { update = "Resizing." }
    }

    pub fn block() -> tfschema::schema::Block {
        <UpdateOnly as tfschema::TfSchema>::block()
    }
}

#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
struct Server {
    name: String,
    #[tf(block)]
    timeouts: Option<ServerTimeouts>,
}

#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
struct ServerNested {
    name: String,
    #[tf(nested)]
    timeouts: Option<ServerTimeouts>,
}

fn descriptions(block: &tfschema::schema::Block) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = block
        .attributes
        .iter()
        .map(|a| {
            assert!(a.optional && !a.required && !a.computed, "{}", a.name);
            assert_eq!(a.ty, AttributeType::Type(Type::String), "{}", a.name);
            assert_eq!(a.description_kind, StringKind::Plain, "{}", a.name);
            (a.name.clone(), a.description.clone())
        })
        .collect();
    out.sort();
    out
}

#[test]
fn a_given_description_replaces_gos_and_the_others_keep_it() {
    let want = vec![
        (
            "create".to_owned(),
            "How long to wait for the server to boot.".to_owned(),
        ),
        (
            "delete".to_owned(),
            "How long to wait for the disks to be wiped.".to_owned(),
        ),
        ("read".to_owned(), GO_READ.to_owned()),
    ];
    assert_eq!(descriptions(&ServerTimeouts::block()), want);
    // As a single nested block without a description, and as an optional
    // single nested attribute.
    let block = Server::block();
    let t = &block.block_types[0];
    assert_eq!(
        (t.type_name.as_str(), t.nesting),
        ("timeouts", NestingMode::Single)
    );
    assert_eq!(t.block.description, "");
    assert_eq!(descriptions(&t.block), want);
    let nested = ServerNested::block();
    let a = nested
        .attributes
        .iter()
        .find(|a| a.name == "timeouts")
        .expect("timeouts");
    assert!(a.optional);
    let AttributeType::Nested(object) = &a.ty else {
        panic!("a nested attribute: {:?}", a.ty)
    };
    assert_eq!(object.nesting, tfschema::schema::ObjectNesting::Single);
    let inner = inner::block();
    assert_eq!(
        descriptions(&inner),
        [("update".to_owned(), "Resizing.".to_owned())]
    );
}

#[test]
fn the_struct_validates_and_reads_as_the_predefined_sets_do() {
    assert_eq!(
        ServerTimeouts::OPERATIONS,
        [Operation::Create, Operation::Read, Operation::Delete]
    );
    let d = ServerTimeouts::validate_value(&Value::object([
        ("create", Value::from("1d")),
        ("read", Value::Null(Type::String)),
        ("delete", Value::from("5m")),
    ]));
    let got: Vec<_> = d
        .iter()
        .map(|d| (d.summary.as_str(), d.path_string()))
        .collect();
    assert_eq!(
        got,
        [(
            "Invalid Attribute Value Time Duration",
            ".create".to_owned()
        )]
    );
    let t = ServerTimeouts {
        create: None,
        read: Some("90s".into()),
        delete: None,
    };
    let default = Duration::from_secs(20 * 60);
    assert_eq!(
        ServerTimeouts::duration(Some(&t), Operation::Read, default).ok(),
        Some(Duration::from_secs(90))
    );
    // An operation the struct does not have: the default.
    assert_eq!(
        ServerTimeouts::duration(Some(&t), Operation::Update, default).ok(),
        Some(default)
    );
    let bad = ServerTimeouts {
        create: Some("soon".into()),
        read: None,
        delete: None,
    };
    let err = bad.get(Operation::Create).expect_err("not a duration");
    assert_eq!(
        err.iter().next().map(|d| d.summary.as_str()),
        Some("Timeout Cannot Be Parsed")
    );
}

data_source_timeouts! {
    /// A lookup's time limit.
    pub struct LookupTimeouts { read = "How long to wait for the index." }
}

ephemeral_timeouts! {
    /// A token's time limit.
    pub struct TokenTimeouts { open = "How long to wait for the issuer." }
}

data_source_timeouts! {
    /// Go's text: as the predefined struct.
    struct PlainLookup { read }
}

#[test]
fn data_sources_and_ephemeral_resources_take_theirs_too() {
    assert_eq!(
        descriptions(&LookupTimeouts::block()),
        [(
            "read".to_owned(),
            "How long to wait for the index.".to_owned()
        )]
    );
    assert_eq!(
        descriptions(&TokenTimeouts::block()),
        [(
            "open".to_owned(),
            "How long to wait for the issuer.".to_owned()
        )]
    );
    assert_eq!(PlainLookup::block(), DataSourceTimeouts::block());
    assert_ne!(TokenTimeouts::block(), EphemeralTimeouts::block());
    // Read and validated as the predefined ones.
    let t = LookupTimeouts {
        read: Some("2m".into()),
    };
    assert_eq!(
        LookupTimeouts::duration(Some(&t), Duration::from_secs(1)).ok(),
        Some(Duration::from_secs(120))
    );
    let d = TokenTimeouts::validate_value(&Value::object([("open", Value::from("x"))]));
    let got: Vec<_> = d
        .iter()
        .map(|d| (d.summary.as_str(), d.path_string()))
        .collect();
    assert_eq!(
        got,
        [("Invalid Attribute Value Time Duration", ".open".to_owned())]
    );
}
