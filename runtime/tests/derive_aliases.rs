//! Fields whose types are type aliases: the schema is the one of the types
//! written out. `required`/`optional`/`computed` follow what the type can
//! hold as the compiler knows it (`TfType::CAN_BE_NULL`, `CAN_BE_UNKNOWN`),
//! not whether `Option` is written in the field.

use std::collections::BTreeMap;

use tfschema::schema::{Attribute, Block};
use tfschema::{json, msgpack, Refined, Sensitive, Set, TfSchema, TfType, TfValue, Unknown, Value};

/// Issue 11's example.
type Keepers = Option<BTreeMap<String, String>>;
type Name = String;
type Size = Unknown<Option<i64>>;
type Id = Unknown<String>;
type Arn = Refined<String>;
type Secret = Sensitive<Option<String>>;
type Labels<T> = Option<Vec<T>>;
type Net = Network;
type Disk = Volume;

#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
struct Network {
    subnet: String,
}

#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
struct Volume {
    size: Option<i64>,
}

/// A note travelling as a nullable string: the `with` module's `Wire` may
/// itself be null.
#[derive(Debug, Clone, PartialEq)]
struct Note(Option<String>);

mod note {
    pub type Wire = Option<String>;

    pub fn to_wire(note: &super::Note) -> Result<Option<String>, std::convert::Infallible> {
        Ok(note.0.clone())
    }

    pub fn from_wire(wire: Option<String>) -> Result<super::Note, std::convert::Infallible> {
        Ok(super::Note(wire))
    }
}

#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
struct Aliased {
    keepers: Keepers,
    #[tf(optional)]
    keepers_written: Keepers,
    name: Name,
    #[tf(required)]
    name_written: Name,
    #[tf(optional, computed)]
    size: Size,
    #[tf(computed)]
    size_computed: Size,
    #[tf(computed)]
    id: Id,
    #[tf(computed, use_state_for_unknown)]
    arn: Arn,
    #[tf(sensitive)]
    secret: Secret,
    #[tf(optional)]
    secret_written: Secret,
    labels: Labels<String>,
    #[tf(block)]
    network: Net,
    #[tf(nested)]
    disk: Disk,
    #[tf(with = note)]
    note: Note,
    #[tf(optional, with = note)]
    note_written: Note,
}

// `Aliased` with the types written out (a comment: a doc comment would be
// the block's description).
#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
struct Spelled {
    keepers: Option<BTreeMap<String, String>>,
    #[tf(optional)]
    keepers_written: Option<BTreeMap<String, String>>,
    name: String,
    #[tf(required)]
    name_written: String,
    #[tf(optional, computed)]
    size: Unknown<Option<i64>>,
    #[tf(computed)]
    size_computed: Unknown<Option<i64>>,
    #[tf(computed)]
    id: Unknown<String>,
    #[tf(computed, use_state_for_unknown)]
    arn: Refined<String>,
    #[tf(sensitive)]
    secret: Sensitive<Option<String>>,
    #[tf(optional)]
    secret_written: Sensitive<Option<String>>,
    labels: Option<Vec<String>>,
    #[tf(block)]
    network: Network,
    #[tf(nested)]
    disk: Volume,
    #[tf(with = note)]
    note: Note,
    #[tf(optional, with = note)]
    note_written: Note,
}

fn attribute<'a>(block: &'a Block, name: &str) -> &'a Attribute {
    block
        .attributes
        .iter()
        .find(|a| a.name == name)
        .expect("an attribute of that name")
}

/// (required, optional, computed)
fn flags(block: &Block, name: &str) -> (bool, bool, bool) {
    let a = attribute(block, name);
    (a.required, a.optional, a.computed)
}

#[test]
fn an_alias_gives_the_schema_of_the_type_written_out() {
    assert_eq!(Aliased::block(), Spelled::block());
    assert_eq!(Aliased::tf_type(), Spelled::tf_type());
}

#[test]
fn an_alias_of_option_is_optional_with_or_without_the_flag() {
    let block = Aliased::block();
    let optional = (false, true, false);
    assert_eq!(flags(&block, "keepers"), optional);
    assert_eq!(flags(&block, "keepers_written"), optional);
    assert_eq!(flags(&block, "secret"), optional);
    assert_eq!(flags(&block, "secret_written"), optional);
    assert_eq!(flags(&block, "labels"), optional);
    assert!(attribute(&block, "secret").sensitive);
}

#[test]
fn aliases_of_unknown_wrappers_are_computed_as_written() {
    let block = Aliased::block();
    assert_eq!(flags(&block, "size"), (false, true, true));
    assert_eq!(flags(&block, "size_computed"), (false, false, true));
    assert_eq!(flags(&block, "id"), (false, false, true));
    assert_eq!(flags(&block, "arn"), (false, false, true));
    assert!(attribute(&block, "arn").plan.use_state_for_unknown);
}

#[test]
fn other_aliases_are_required() {
    let block = Aliased::block();
    assert_eq!(flags(&block, "name"), (true, false, false));
    assert_eq!(flags(&block, "name_written"), (true, false, false));
    // An alias of the struct: a required single block and single nested
    // attributes, as with the struct's own name.
    let network = &block.block_types[0];
    assert_eq!(network.type_name, "network");
    assert_eq!((network.min_items, network.max_items), (1, 1));
    assert_eq!(flags(&block, "disk"), (true, false, false));
}

/// An empty string travelling as null.
mod blank {
    pub type Wire = Option<String>;

    // The module converts the field's type, `String`.
    #[allow(clippy::ptr_arg)]
    pub fn to_wire(text: &String) -> Result<Option<String>, std::convert::Infallible> {
        Ok(Some(text.clone()).filter(|t| !t.is_empty()))
    }

    pub fn from_wire(wire: Option<String>) -> Result<String, std::convert::Infallible> {
        Ok(wire.unwrap_or_default())
    }
}

#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
struct Labelled {
    #[tf(with = blank)]
    label: String,
    #[tf(optional, with = blank)]
    label_written: String,
}

#[test]
fn a_with_field_whose_wire_type_can_be_null_is_optional() {
    let block = Aliased::block();
    assert_eq!(flags(&block, "note"), (false, true, false));
    assert_eq!(flags(&block, "note_written"), (false, true, false));
    // The custom type is a std type: its name does not decide.
    let block = Labelled::block();
    assert_eq!(flags(&block, "label"), (false, true, false));
    assert_eq!(flags(&block, "label_written"), (false, true, false));
    let value = Labelled {
        label: String::new(),
        label_written: "x".to_owned(),
    };
    let text = json::to_string(&value).expect("encode");
    assert_eq!(text, r#"{"label":null,"label_written":"x"}"#);
    assert_eq!(
        json::from_slice::<Labelled>(text.as_bytes()).expect("decode"),
        value
    );
}

#[test]
fn alias_fields_round_trip_nulls_and_unknowns() {
    let value = Aliased {
        keepers: None,
        keepers_written: Some(BTreeMap::from([("a".to_owned(), "b".to_owned())])),
        name: "n".to_owned(),
        name_written: "m".to_owned(),
        size: Unknown::Unknown,
        size_computed: Unknown::Known(None),
        id: Unknown::Known("i-1".to_owned()),
        arn: Refined::Unknown(Default::default()),
        secret: Sensitive(None),
        secret_written: Sensitive(Some("s".to_owned())),
        labels: Some(vec!["x".to_owned()]),
        network: Network {
            subnet: "sn".to_owned(),
        },
        disk: Volume { size: None },
        note: Note(None),
        note_written: Note(Some("hello".to_owned())),
    };
    let bytes = msgpack::to_vec(&value).expect("encode");
    assert_eq!(
        msgpack::from_slice::<Aliased>(&bytes).expect("decode"),
        value
    );
    // The same bytes as the written-out struct's.
    let spelled: Spelled = msgpack::from_slice(&bytes).expect("decode as Spelled");
    assert_eq!(msgpack::to_vec(&spelled).expect("encode Spelled"), bytes);
    // Left out of a JSON object, the optional attributes are null.
    let text = r#"{"name":"n","name_written":"m","size":1,"size_computed":null,"id":"i","arn":"a","network":{"subnet":"s"},"disk":{"size":2}}"#;
    let read: Aliased = json::from_slice(text.as_bytes()).expect("decode JSON");
    assert_eq!(read.keepers, None);
    assert_eq!(read.secret, Sensitive(None));
    assert_eq!(read.note, Note(None));
}

#[test]
fn the_plan_view_of_an_alias_field_is_that_of_its_type() {
    fn keepers(plan: &AliasedPlan) -> &Unknown<Option<BTreeMap<String, Unknown<String>>>> {
        &plan.keepers
    }
    fn size(plan: &AliasedPlan) -> &Unknown<Option<i64>> {
        &plan.size
    }
    // Every attribute unknown (as while validating), but `size`.
    let ty = Aliased::tf_type();
    let mut attrs = BTreeMap::new();
    if let tfschema::Type::Object(object) = &ty {
        for (name, ty) in object.attrs() {
            let value = match name.as_str() {
                "size" => Value::from(3),
                _ => Value::unknown(ty.clone()),
            };
            attrs.insert(name.clone(), value);
        }
    }
    assert_eq!(attrs.len(), 15);
    let bytes = msgpack::value_to_vec(&Value::Object(attrs), &ty).expect("encode");
    let plan: AliasedPlan = msgpack::from_slice(&bytes).expect("decode plan");
    assert_eq!(keepers(&plan), &Unknown::Unknown);
    assert_eq!(size(&plan), &Unknown::Known(Some(3)));
}

#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
struct Defaults {
    #[tf(optional, computed, default = "gp3")]
    kind: MaybeLater<String>,
    #[tf(optional, computed, default = 3000)]
    iops: Size,
    #[tf(optional, computed, default = false)]
    encrypted: MaybeLater<bool>,
    #[tf(optional, computed, default = 1)]
    anything: MaybeLater<Value>,
}

/// A generic alias: optional and computed, of any type.
type MaybeLater<T> = Unknown<Option<T>>;

#[test]
fn a_default_through_an_alias() {
    let block = Defaults::block();
    let defaults: Vec<_> = block
        .attributes
        .iter()
        .map(|a| (a.name.as_str(), a.plan.default.clone()))
        .collect();
    assert_eq!(
        defaults,
        [
            ("anything", Some(Value::from(1))),
            ("encrypted", Some(Value::Bool(false))),
            ("iops", Some(Value::from(3000))),
            ("kind", Some(Value::from("gp3"))),
        ]
    );
    assert_eq!(flags(&block, "iops"), (false, true, true));
}

/// A struct that borrows: the compile-time checks of its alias fields name
/// its lifetime.
type Text<'a> = Option<&'a str>;

#[derive(TfSchema, TfValue, Debug, PartialEq)]
struct Borrowed<'a> {
    #[tf(optional)]
    text: Text<'a>,
    #[tf(computed)]
    id: Unknown<Text<'a>>,
}

#[test]
fn aliases_with_a_lifetime() {
    let block = Borrowed::block();
    assert_eq!(flags(&block, "text"), (false, true, false));
    assert_eq!(flags(&block, "id"), (false, false, true));
    let bytes = msgpack::to_vec(&Borrowed {
        text: Some("t"),
        id: Unknown::Known(None),
    })
    .expect("encode");
    let read: Borrowed<'_> = msgpack::from_slice(&bytes).expect("decode");
    assert_eq!(read.text, Some("t"));
}

#[test]
fn what_each_type_says_it_can_hold() {
    // (CAN_BE_NULL, CAN_BE_UNKNOWN)
    fn can<T: TfType>() -> (bool, bool) {
        (T::CAN_BE_NULL, T::CAN_BE_UNKNOWN)
    }
    assert_eq!(can::<String>(), (false, false));
    assert_eq!(can::<Option<String>>(), (true, false));
    assert_eq!(can::<Unknown<String>>(), (false, true));
    assert_eq!(can::<Refined<i64>>(), (false, true));
    assert_eq!(can::<Unknown<Option<i64>>>(), (true, true));
    assert_eq!(can::<Refined<Option<i64>>>(), (true, true));
    assert_eq!(can::<Sensitive<Option<String>>>(), (true, false));
    assert_eq!(can::<Sensitive<Unknown<String>>>(), (false, true));
    assert_eq!(can::<Unknown<Sensitive<Option<String>>>>(), (true, true));
    // A collection is not null or unknown because its elements may be.
    assert_eq!(can::<Vec<Option<String>>>(), (false, false));
    assert_eq!(can::<Set<Unknown<String>>>(), (false, false));
    assert_eq!(can::<BTreeMap<String, Option<i64>>>(), (false, false));
    // `Value` holds nulls and unknowns without saying so.
    assert_eq!(can::<Value>(), (false, false));
    assert_eq!(can::<Option<Value>>(), (true, false));
    // Derived structs and their plan views.
    assert_eq!(can::<Network>(), (false, false));
    assert_eq!(can::<NetworkPlan>(), (false, false));
}
