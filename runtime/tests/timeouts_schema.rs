//! The `timeouts` structs give the schema terraform-plugin-framework-timeouts
//! gives (its `resource/timeouts`, `datasource/timeouts` and
//! `ephemeral/timeouts` packages, read at HEAD): exactly the operations
//! asked for, each an optional string with the Go module's description
//! (plain text), in a single nested block without a description, or in an
//! optional single nested attribute; the Go validator's summary and
//! detail; and each operation's limit read as `Create(ctx, default)` reads
//! it. The expected texts are copied from the Go source by hand.

use std::time::Duration;

use tfschema::schema::{AttributeType, Block, NestingMode, ObjectNesting, StringKind};
use tfschema::timeouts::{
    CreateDeleteTimeouts, CreateReadDeleteTimeouts, CreateReadTimeouts, CreateReadUpdateTimeouts,
    CreateTimeouts, CreateUpdateDeleteTimeouts, CreateUpdateTimeouts, DataSourceTimeouts,
    DeleteTimeouts, EphemeralTimeouts, Operation, ReadDeleteTimeouts, ReadTimeouts,
    ReadUpdateDeleteTimeouts, ReadUpdateTimeouts, Timeouts, UpdateDeleteTimeouts, UpdateTimeouts,
};
use tfschema::{TfSchema, TfValue, Type, Value};

/// The Go module's description of `create`, `update`, a data source's
/// `read` and an ephemeral resource's `open`.
const BASE: &str = "A string that can be [parsed as a duration](https://pkg.go.dev/time#ParseDuration) consisting of numbers and unit suffixes, such as \"30s\" or \"2h45m\". Valid time units are \"s\" (seconds), \"m\" (minutes), \"h\" (hours).";
/// What a resource's `read` adds.
const READ: &str =
    " Read operations occur during any refresh or planning operation when refresh is enabled.";
/// What a resource's `delete` adds.
const DELETE: &str = " Setting a timeout for a Delete operation is only applicable if changes are saved into state before the destroy operation occurs.";

/// The description Go gives a resource's attribute `name`.
fn description(name: &str) -> String {
    match name {
        "read" => format!("{BASE}{READ}"),
        "delete" => format!("{BASE}{DELETE}"),
        _ => BASE.to_owned(),
    }
}

/// Each attribute of a timeouts block as Go declares it: optional, not
/// computed, a string, its plain description.
fn check_attributes(block: &Block, names: &[&str], describe: &dyn Fn(&str) -> String) {
    let got: Vec<&str> = block.attributes.iter().map(|a| a.name.as_str()).collect();
    let mut want = names.to_vec();
    want.sort_unstable();
    let mut got_sorted = got.clone();
    got_sorted.sort_unstable();
    assert_eq!(got_sorted, want);
    for a in &block.attributes {
        assert!(a.optional && !a.required && !a.computed, "{}", a.name);
        assert!(!a.sensitive && !a.deprecated && !a.write_only, "{}", a.name);
        assert_eq!(a.ty, AttributeType::Type(Type::String), "{}", a.name);
        assert_eq!(a.description, describe(&a.name), "{}", a.name);
        assert_eq!(a.description_kind, StringKind::Plain, "{}", a.name);
    }
    assert!(block.block_types.is_empty());
    assert_eq!(
        block.description, "",
        "Go's timeouts block has no description"
    );
}

#[test]
fn each_operation_set_has_exactly_its_attributes_with_gos_descriptions() {
    let sets: [(Block, &[&str]); 15] = [
        (CreateTimeouts::block(), &["create"]),
        (ReadTimeouts::block(), &["read"]),
        (UpdateTimeouts::block(), &["update"]),
        (DeleteTimeouts::block(), &["delete"]),
        (CreateReadTimeouts::block(), &["create", "read"]),
        (CreateUpdateTimeouts::block(), &["create", "update"]),
        (CreateDeleteTimeouts::block(), &["create", "delete"]),
        (ReadUpdateTimeouts::block(), &["read", "update"]),
        (ReadDeleteTimeouts::block(), &["read", "delete"]),
        (UpdateDeleteTimeouts::block(), &["update", "delete"]),
        (
            CreateReadUpdateTimeouts::block(),
            &["create", "read", "update"],
        ),
        (
            CreateReadDeleteTimeouts::block(),
            &["create", "read", "delete"],
        ),
        (
            CreateUpdateDeleteTimeouts::block(),
            &["create", "update", "delete"],
        ),
        (
            ReadUpdateDeleteTimeouts::block(),
            &["read", "update", "delete"],
        ),
        (Timeouts::block(), &["create", "read", "update", "delete"]),
    ];
    for (block, names) in &sets {
        check_attributes(block, names, &description);
    }
    assert_eq!(
        CreateDeleteTimeouts::OPERATIONS,
        [Operation::Create, Operation::Delete]
    );
    assert_eq!(Timeouts::OPERATIONS.len(), 4);
}

#[test]
fn data_source_and_ephemeral_timeouts_have_their_one_operation() {
    check_attributes(&DataSourceTimeouts::block(), &["read"], &|_| {
        BASE.to_owned()
    });
    check_attributes(&EphemeralTimeouts::block(), &["open"], &|_| BASE.to_owned());
}

/// A port of an SDKv2 resource with create and delete timeouts only, as a
/// block (`timeouts.Block`) and as a nested attribute (`timeouts.Attributes`).
#[derive(TfSchema, TfValue)]
struct Port {
    name: String,
    #[tf(block)]
    timeouts: Option<CreateDeleteTimeouts>,
}

#[derive(TfSchema, TfValue)]
struct PortNested {
    name: String,
    #[tf(nested)]
    timeouts: Option<CreateDeleteTimeouts>,
}

/// An ephemeral resource's model may hold its timeouts (they carry no plan
/// policy).
#[derive(TfSchema, TfValue)]
#[tf(ephemeral)]
struct Session {
    user: String,
    #[tf(block)]
    timeouts: Option<EphemeralTimeouts>,
}

#[test]
fn as_a_block_or_as_an_attribute_as_go_declares_them() {
    let session = Session::block();
    assert_eq!(session.block_types[0].type_name, "timeouts");
    check_attributes(&session.block_types[0].block, &["open"], &|_| {
        BASE.to_owned()
    });

    let block = Port::block();
    let nb = &block.block_types[0];
    assert_eq!(nb.type_name, "timeouts");
    assert_eq!(nb.nesting, NestingMode::Single);
    assert_eq!((nb.min_items, nb.max_items), (0, 0));
    check_attributes(&nb.block, &["create", "delete"], &description);

    let block = PortNested::block();
    let a = (block.attributes.iter())
        .find(|a| a.name == "timeouts")
        .expect("timeouts");
    assert!(a.optional && !a.required && !a.computed);
    assert_eq!(a.description, "");
    let AttributeType::Nested(nested) = &a.ty else {
        panic!("not nested: {:?}", a.ty)
    };
    assert_eq!(nested.nesting, ObjectNesting::Single);
    let names: Vec<&str> = nested.attributes.iter().map(|a| a.name.as_str()).collect();
    assert_eq!(names, ["create", "delete"]);
    for a in &nested.attributes {
        assert!(a.optional);
        assert_eq!(a.description, description(&a.name));
    }
}

#[test]
fn a_duration_that_does_not_parse_gets_gos_validator_message() {
    let value = Value::object([
        ("create", Value::from("1d")),
        ("delete", Value::unknown(Type::String)),
    ]);
    let d = CreateDeleteTimeouts::validate_value(&value);
    let got: Vec<_> = d
        .iter()
        .map(|d| (d.summary.as_str(), d.path_string(), d.detail.as_str()))
        .collect();
    assert_eq!(
        got,
        [(
            "Invalid Attribute Value Time Duration",
            ".create".to_owned(),
            "\"1d\" must be a string containing a sequence of decimal numbers, each with optional \
             fraction and a unit suffix, such as \"300ms\", \"-1.5h\" or \"2h45m\". Valid time \
             units are \"ns\", \"us\" (or \"µs\"), \"ms\", \"s\", \"m\", \"h\"."
        )]
    );
    let open = Value::object([("open", Value::from("\u{7}soon"))]);
    let d = EphemeralTimeouts::validate_value(&open);
    let first = d.iter().next().expect("an error");
    assert_eq!(first.path_string(), ".open");
    assert!(
        first.detail.starts_with("\"\\asoon\" must be"),
        "Go's %q: {}",
        first.detail
    );
}

#[test]
fn each_limit_is_read_as_gos_create_reads_it() {
    let t = CreateDeleteTimeouts {
        create: Some("90s".into()),
        delete: Some("soon".into()),
    };
    let default = Duration::from_secs(600);
    let limit = |op| CreateDeleteTimeouts::duration(Some(&t), op, default);
    assert_eq!(limit(Operation::Create).ok(), Some(Duration::from_secs(90)));
    // An operation the set does not have, or no block: the default.
    assert_eq!(limit(Operation::Update).ok(), Some(default));
    assert_eq!(t.get(Operation::Read).ok(), Some(None));
    assert_eq!(
        CreateDeleteTimeouts::duration(None, Operation::Create, default).ok(),
        Some(default)
    );
    let err = limit(Operation::Delete).expect_err("soon");
    let d = err.iter().next().expect("a diagnostic");
    assert_eq!(d.summary, "Timeout Cannot Be Parsed");
    assert_eq!(d.path_string(), ".timeouts.delete");
    assert!(
        d.detail
            .starts_with("timeout for \"delete\" cannot be parsed, "),
        "{}",
        d.detail
    );
    let open = EphemeralTimeouts {
        open: Some("2m".into()),
    };
    assert_eq!(
        EphemeralTimeouts::duration(Some(&open), default).ok(),
        Some(Duration::from_secs(120))
    );
    assert_eq!(
        EphemeralTimeouts::duration(None, default).ok(),
        Some(default)
    );
}
