//! Validation with custom types (`#[tf(with = module)]`), driven through
//! the public test harness: every hook runs although a module's
//! `from_wire` refuses a value (the refused attribute reads as unknown in
//! the hook's view), and a refusal with its own words (`WireError`) shows
//! them at the attribute, wherever the type is used.
//!
//! Expected diagnostics are written out by hand.

#![cfg(feature = "server")]

use std::collections::BTreeMap;

use tfschema::diag::{Diagnostic, Diagnostics};
use tfschema::server::testing::Harness;
use tfschema::server::typed::{
    Ctx, DataSource, EphemeralResource, NoConfig, NoPrivate, Opened, Resource, TypedProvider,
};
use tfschema::{PathStep, Set, TfSchema, TfType, TfValue, Type, Unknown, Value};

/// A file mode, written in Terraform as an octal string ("0644").
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct FileMode(u32);

/// Converts a mode with its own words, as a Go custom type's
/// `ValidateAttribute` does.
mod mode {
    use super::FileMode;
    use tfschema::WireError;

    pub type Wire = String;

    pub fn to_wire(mode: &FileMode) -> Result<String, std::convert::Infallible> {
        Ok(format!("{:04o}", mode.0))
    }

    pub fn from_wire(text: String) -> Result<FileMode, WireError> {
        match u32::from_str_radix(&text, 8) {
            Ok(bits) if text.len() == 4 && bits <= 0o777 => Ok(FileMode(bits)),
            _ => Err(WireError::new(
                "Invalid File Permission String Value",
                format!("bad mode permission: {text:?} is not a four-digit octal string"),
            )),
        }
    }
}

/// The same conversion with a plain `String` error: the summary stays the
/// context's.
mod plain_mode {
    use super::FileMode;

    pub type Wire = String;

    pub fn to_wire(mode: &FileMode) -> Result<String, std::convert::Infallible> {
        Ok(format!("{:04o}", mode.0))
    }

    pub fn from_wire(text: String) -> Result<FileMode, String> {
        u32::from_str_radix(&text, 8)
            .map(FileMode)
            .map_err(|_| format!("{text:?} is not octal"))
    }
}

/// A permission, as a block element or a nested object.
#[derive(TfSchema, TfValue, Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Rule {
    #[tf(with = mode)]
    mode: FileMode,
    name: String,
}

/// A file, using the mode everywhere a type can be used.
#[derive(TfSchema, TfValue, Debug, Clone)]
struct File {
    path: String,
    #[tf(with = mode)]
    mode: FileMode,
    #[tf(with = plain_mode)]
    legacy: Option<FileMode>,
    #[tf(block)]
    rule: Vec<Rule>,
    #[tf(block)]
    grant: Set<Rule>,
    #[tf(nested)]
    by_user: Option<BTreeMap<String, Rule>>,
    #[tf(block)]
    owner: Option<Rule>,
}

/// The view the hooks saw, in one line.
fn seen(mode: &Unknown<FileMode>, path: &Unknown<String>) -> String {
    format!("mode {mode:?}, path {path:?}")
}

/// The error every hook adds, naming what its view held.
fn hook_error(hook: &str, detail: String) -> Diagnostics {
    let mut d = Diagnostics::new();
    d.error(
        &[PathStep::Attr("path".into())],
        format!("{hook} ran"),
        detail,
    );
    d
}

struct Files;

impl Resource for Files {
    type Client = ();
    type Model = File;

    fn validate(&self, config: &FilePlan) -> Diagnostics {
        let rules: Vec<String> = match &config.rule {
            Unknown::Known(rules) => rules
                .iter()
                .map(|r| match r {
                    Unknown::Known(r) => format!("{:?}/{:?}", r.mode, r.name),
                    Unknown::Unknown => "unknown".into(),
                })
                .collect(),
            Unknown::Unknown => vec!["unknown".into()],
        };
        hook_error(
            "Resource::validate",
            format!("{}, rules {rules:?}", seen(&config.mode, &config.path)),
        )
    }

    async fn create(&self, _: &mut Ctx<()>, planned: File) -> Result<File, Diagnostics> {
        Ok(planned)
    }
    async fn read(&self, _: &mut Ctx<()>, current: File) -> Result<Option<File>, Diagnostics> {
        Ok(Some(current))
    }
    async fn update(&self, _: &mut Ctx<()>, _: File, planned: File) -> Result<File, Diagnostics> {
        Ok(planned)
    }
    async fn delete(&self, _: &mut Ctx<()>, _: File) -> Result<(), Diagnostics> {
        Ok(())
    }
}

/// A data source's model.
#[derive(TfSchema, TfValue, Debug, Clone)]
struct Stat {
    path: String,
    #[tf(with = mode)]
    mode: FileMode,
    #[tf(computed)]
    size: Unknown<i64>,
}

struct Stats;

impl DataSource for Stats {
    type Client = ();
    type Model = Stat;

    fn validate(&self, config: &StatPlan) -> Diagnostics {
        hook_error("DataSource::validate", seen(&config.mode, &config.path))
    }

    async fn read(&self, _: &mut Ctx<()>, config: Stat) -> Result<Stat, Diagnostics> {
        Ok(config)
    }
}

/// An ephemeral resource's model.
#[derive(TfSchema, TfValue, Debug, Clone)]
#[tf(ephemeral)]
struct TempFile {
    path: String,
    #[tf(with = mode)]
    mode: FileMode,
}

struct TempFiles;

impl EphemeralResource for TempFiles {
    type Client = ();
    type Model = TempFile;
    type Private = NoPrivate;

    fn validate(&self, config: &TempFilePlan) -> Diagnostics {
        hook_error(
            "EphemeralResource::validate",
            seen(&config.mode, &config.path),
        )
    }

    async fn open(
        &self,
        _: &mut Ctx<()>,
        config: TempFile,
    ) -> Result<Opened<TempFile, NoPrivate>, Diagnostics> {
        Ok(Opened::new(config, NoPrivate))
    }
}

/// A model whose struct hook looks at a refused value, at the top and in
/// a list block (whose element has a hook of its own).
#[derive(TfSchema, TfValue, Debug, Clone)]
#[tf(validate_with = check_link)]
struct Link {
    path: String,
    #[tf(with = mode)]
    mode: FileMode,
    #[tf(block)]
    target: Vec<Target>,
}

#[derive(TfSchema, TfValue, Debug, Clone)]
#[tf(validate_with = check_target)]
struct Target {
    #[tf(with = mode)]
    mode: FileMode,
    name: String,
}

fn check_link(config: &LinkPlan) -> Diagnostics {
    hook_error("Link validate_with", seen(&config.mode, &config.path))
}

fn check_target(config: &TargetPlan) -> Diagnostics {
    hook_error("Target validate_with", seen(&config.mode, &config.name))
}

struct Links;

impl Resource for Links {
    type Client = ();
    type Model = Link;

    async fn create(&self, _: &mut Ctx<()>, planned: Link) -> Result<Link, Diagnostics> {
        Ok(planned)
    }
    async fn read(&self, _: &mut Ctx<()>, current: Link) -> Result<Option<Link>, Diagnostics> {
        Ok(Some(current))
    }
    async fn update(&self, _: &mut Ctx<()>, _: Link, planned: Link) -> Result<Link, Diagnostics> {
        Ok(planned)
    }
    async fn delete(&self, _: &mut Ctx<()>, _: Link) -> Result<(), Diagnostics> {
        Ok(())
    }
}

fn harness() -> Harness<TypedProvider<NoConfig>> {
    Harness::new(
        TypedProvider::without_config()
            .resource("test_file", Files)
            .resource("test_link", Links)
            .data_source("test_stat", Stats)
            .ephemeral_resource("test_temp", TempFiles),
    )
}

fn rt() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime")
}

/// An object of type `T`: every attribute null except those given.
fn config<T: TfType>(set: &[(&str, Value)]) -> Value {
    let Type::Object(o) = T::tf_type() else {
        panic!("object")
    };
    let mut attrs: BTreeMap<String, Value> = o
        .attrs()
        .iter()
        .map(|(k, t)| (k.clone(), Value::Null(t.clone())))
        .collect();
    for (k, v) in set {
        attrs.insert((*k).to_string(), v.clone());
    }
    Value::Object(attrs)
}

/// A file's configuration: blocks not given are empty, as Terraform sends
/// them.
fn file(set: &[(&str, Value)]) -> Value {
    let mut all = vec![
        ("rule", Value::List(Rule::tf_type(), Vec::new())),
        ("grant", Value::Set(Rule::tf_type(), Vec::new())),
    ];
    all.extend(set.iter().cloned());
    config::<File>(&all)
}

/// A link's configuration, with an empty `target` unless given.
fn link(set: &[(&str, Value)]) -> Value {
    let mut all = vec![("target", Value::List(Target::tf_type(), Vec::new()))];
    all.extend(set.iter().cloned());
    config::<Link>(&all)
}

fn rule(mode: &str, name: &str) -> Value {
    Value::object([("mode", Value::from(mode)), ("name", Value::from(name))])
}

/// Each diagnostic as `summary|path|detail`.
fn lines(d: &Diagnostics) -> Vec<String> {
    d.iter()
        .map(|d: &Diagnostic| format!("{}|{}|{}", d.summary, d.path_string(), d.detail))
        .collect()
}

const BAD_MODE: &str = "Invalid File Permission String Value";

fn bad(text: &str) -> String {
    format!("bad mode permission: \"{text}\" is not a four-digit octal string")
}

#[test]
fn resource_validate_runs_past_a_refused_value_and_sees_it_unknown() {
    rt().block_on(async {
        let h = harness();
        let cfg = file(&[
            ("path", Value::from("/tmp/a")),
            ("mode", Value::from("rwx")),
            (
                "rule",
                Value::List(Rule::tf_type(), vec![rule("0644", "ok"), rule("9", "bad")]),
            ),
        ]);
        let d = h.validate_resource("test_file", &cfg).await;
        assert_eq!(
            lines(&d),
            [
                format!("{BAD_MODE}|.mode|{}", bad("rwx")),
                format!("{BAD_MODE}|.rule[1].mode|{}", bad("9")),
                "Resource::validate ran|.path|mode Unknown, path Known(\"/tmp/a\"), \
                 rules [\"Known(FileMode(420))/Known(\\\"ok\\\")\", \"Unknown/Known(\\\"bad\\\")\"]"
                    .to_string(),
            ]
        );
    });
}

#[test]
fn data_source_validate_runs_past_a_refused_value() {
    rt().block_on(async {
        let h = harness();
        let cfg = config::<Stat>(&[("path", Value::from("/tmp/a")), ("mode", Value::from("x"))]);
        let d = h.validate_data_source("test_stat", &cfg).await;
        assert_eq!(
            lines(&d),
            [
                format!("{BAD_MODE}|.mode|{}", bad("x")),
                "DataSource::validate ran|.path|mode Unknown, path Known(\"/tmp/a\")".to_string(),
            ]
        );
    });
}

#[test]
fn ephemeral_validate_runs_past_a_refused_value() {
    rt().block_on(async {
        let h = harness();
        let cfg =
            config::<TempFile>(&[("path", Value::from("/tmp/a")), ("mode", Value::from("x"))]);
        let d = h.validate_ephemeral("test_temp", &cfg).await;
        assert_eq!(
            lines(&d),
            [
                format!("{BAD_MODE}|.mode|{}", bad("x")),
                "EphemeralResource::validate ran|.path|mode Unknown, path Known(\"/tmp/a\")"
                    .to_string(),
            ]
        );
    });
}

#[test]
fn struct_validate_with_runs_past_a_refused_value_at_every_level() {
    rt().block_on(async {
        let h = harness();
        let target = |mode: &str, name: &str| {
            Value::object([("mode", Value::from(mode)), ("name", Value::from(name))])
        };
        let cfg = link(&[
            ("path", Value::from("/tmp/l")),
            ("mode", Value::from("0755")),
            (
                "target",
                Value::List(Target::tf_type(), vec![target("0644", "a"), target("bad", "b")]),
            ),
        ]);
        let d = h.validate_resource("test_link", &cfg).await;
        assert_eq!(
            lines(&d),
            [
                // The derived validation: the elements' hooks, then the struct's.
                "Target validate_with ran|.target[0].path|mode Known(FileMode(420)), path Known(\"a\")"
                    .to_string(),
                "Target validate_with ran|.target[1].path|mode Unknown, path Known(\"b\")".to_string(),
                "Link validate_with ran|.path|mode Known(FileMode(493)), path Known(\"/tmp/l\")"
                    .to_string(),
                // The refusal, once, from the configuration's view.
                format!("{BAD_MODE}|.target[1].mode|{}", bad("bad")),
            ]
        );

        // Refused at the top: the struct's hook sees it unknown.
        let cfg = link(&[("path", Value::from("/tmp/l")), ("mode", Value::from("0x"))]);
        let d = h.validate_resource("test_link", &cfg).await;
        assert_eq!(
            lines(&d),
            [
                "Link validate_with ran|.path|mode Unknown, path Known(\"/tmp/l\")".to_string(),
                format!("{BAD_MODE}|.mode|{}", bad("0x")),
            ]
        );
    });
}

#[test]
fn a_refusal_shows_the_modules_words_wherever_the_type_is_used() {
    rt().block_on(async {
        let h = harness();
        let set = Value::Set(
            Rule::tf_type(),
            vec![rule("0600", "g1"), rule("7777", "g2")],
        );
        let by_user = Value::Map(
            Rule::tf_type(),
            [
                ("alice".to_string(), rule("0700", "a")),
                ("bob".to_string(), rule("b", "b")),
            ]
            .into_iter()
            .collect(),
        );
        let cfg = file(&[
            ("path", Value::from("/tmp/a")),
            ("mode", Value::from("644")),
            ("legacy", Value::from("z")),
            ("rule", Value::List(Rule::tf_type(), vec![rule("rw", "r")])),
            ("grant", set),
            ("by_user", by_user),
            ("owner", rule("0o7", "o")),
        ]);
        let d = h.validate_resource("test_file", &cfg).await;
        let mut refusals = lines(&d);
        let hook = refusals.pop();
        assert!(
            hook.is_some_and(|h| h.starts_with("Resource::validate ran|")),
            "the hook runs last"
        );
        assert_eq!(
            refusals,
            [
                // A map nested attribute: at the element's key.
                format!("{BAD_MODE}|.by_user[\"bob\"].mode|{}", bad("b")),
                // A set block: the path stops at the set.
                format!("{BAD_MODE}|.grant|{}", bad("7777")),
                // A module with a plain error: the context's summary.
                "Invalid configuration|.legacy|\"z\" is not octal".to_string(),
                // A plain attribute.
                format!("{BAD_MODE}|.mode|{}", bad("644")),
                // A single nested block.
                format!("{BAD_MODE}|.owner.mode|{}", bad("0o7")),
                // A list block: at the element's index.
                format!("{BAD_MODE}|.rule[0].mode|{}", bad("rw")),
            ]
        );
        assert!(d
            .iter()
            .all(|d| d.severity == tfschema::diag::Severity::Error));
    });
}

#[test]
fn planning_shows_the_modules_words_too() {
    rt().block_on(async {
        let h = harness();
        let cfg = file(&[("path", Value::from("/tmp/a")), ("mode", Value::from("x"))]);
        let plan = h
            .plan("test_file", &Value::Null(File::tf_type()), &cfg)
            .await;
        // The configuration and the default plan built from it are both
        // read, and both refuse it: each says it in the module's words.
        let expected = format!("{BAD_MODE}|.mode|{}", bad("x"));
        let got = lines(&plan.diagnostics);
        assert!(
            !got.is_empty() && got.iter().all(|l| *l == expected),
            "{got:?}"
        );
    });
}

/// Each refusal costs a read of the whole configuration, so the reads stop
/// after 32 refusals (a configuration refused everywhere would otherwise
/// cost its size squared): 32 refused values are shown unknown to the
/// hook, a 33rd ends validation there, reported, without the hook.
#[test]
fn refusals_are_read_past_up_to_a_bound() {
    rt().block_on(async {
        let h = harness();
        let rules = |n: usize| {
            let rules = (0..n).map(|i| rule("bad", &format!("r{i}"))).collect();
            file(&[
                ("path", Value::from("/tmp/a")),
                ("mode", Value::from("0644")),
                ("rule", Value::List(Rule::tf_type(), rules)),
            ])
        };
        let expected = |i: usize| format!("{BAD_MODE}|.rule[{i}].mode|{}", bad("bad"));

        let d = lines(&h.validate_resource("test_file", &rules(32)).await);
        assert_eq!(d.len(), 33, "{d:#?}");
        assert_eq!(d[..32], (0..32).map(expected).collect::<Vec<_>>()[..]);
        assert!(d[32].starts_with("Resource::validate ran|.path|"), "{d:#?}");

        let d = lines(&h.validate_resource("test_file", &rules(40)).await);
        assert_eq!(d, (0..33).map(expected).collect::<Vec<_>>());
    });
}
