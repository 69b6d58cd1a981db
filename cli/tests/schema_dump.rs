//! `tfschema schema dump` against a real provider process: this test binary
//! relaunched as a tfschema raw provider (`KITCHEN_PROVIDER=serve`) over
//! protocol 6 and (forced) 5, and as programs that are not providers.
//!
//! The expected JSON is written by hand from Terraform 1.15's
//! `internal/command/jsonprovider` and `jsonfunction` rules (key order,
//! omitted empty keys, sorted names, `description_kind` always printed,
//! HTML-safe escapes); e2e/run.sh compares the dump with real Terraform on
//! the example providers and the Go null provider.

#![allow(clippy::unwrap_used, clippy::panic)]

#[path = "support/runner.rs"]
mod runner;

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Output};
use std::time::{Duration, Instant};

use tfschema::diag::Diagnostics;
use tfschema::schema::{
    Attribute, AttributeType, Block, NestedBlock, NestedType, NestingMode, ObjectNesting, Schema,
    StringKind,
};
use tfschema::server::raw::{
    FunctionParameter, FunctionSignature, IdentityAttribute, IdentitySchema, ProviderSchema,
    RawProvider,
};
use tfschema::{ObjectType, Type};

// ---------------------------------------------------------------------------
// The provider side.

struct Kitchen {
    /// Protocol 6: nested attributes too.
    nested: bool,
    broken: bool,
}

fn attr(name: &str, ty: Type, set: impl FnOnce(&mut Attribute)) -> Attribute {
    let mut a = Attribute::new(name, ty);
    set(&mut a);
    a
}

fn block(attributes: Vec<Attribute>, set: impl FnOnce(&mut Block)) -> Block {
    let mut b = Block {
        attributes,
        ..Block::default()
    };
    set(&mut b);
    b
}

fn nested(name: &str, nesting: NestingMode, min: u64, max: u64, block: Block) -> NestedBlock {
    NestedBlock {
        type_name: name.into(),
        block,
        nesting,
        min_items: min,
        max_items: max,
        plan: Default::default(),
    }
}

impl RawProvider for Kitchen {
    fn schema(&self) -> ProviderSchema {
        let provider = block(
            vec![attr("endpoint", Type::String, |a| {
                a.optional = true;
                a.description = "The `endpoint` <URL> & co.".into();
                a.description_kind = StringKind::Markdown;
            })],
            |b| {
                b.description = "Kitchen **sink**.".into();
                b.description_kind = StringKind::Markdown;
            },
        );
        let object = ObjectType::new([
            ("b".to_owned(), Type::Number),
            ("a".to_owned(), Type::String),
        ])
        .with_optional(["a"])
        .unwrap();
        let mut attributes = vec![
            attr("name", Type::String, |a| {
                a.required = true;
                a.description = "Name.".into();
            }),
            attr("id", Type::String, |a| a.computed = true),
            attr("secret", Type::String, |a| {
                a.optional = true;
                a.sensitive = true;
                a.write_only = true;
            }),
            attr("old", Type::String, |a| {
                a.optional = true;
                a.deprecated = true;
            }),
            attr("tags", Type::map(Type::String), |a| {
                a.optional = true;
                a.computed = true;
            }),
            attr("obj", Type::Object(Box::new(object)), |a| a.optional = true),
        ];
        if self.nested {
            let mut rules = attr("rules", Type::String, |a| a.optional = true);
            rules.ty = AttributeType::Nested(NestedType {
                attributes: vec![attr("port", Type::Number, |a| a.required = true)],
                nesting: ObjectNesting::Set,
            });
            attributes.push(rules);
        }
        let thing = block(attributes, |b| {
            b.description = "A thing.".into();
            b.description_kind = StringKind::Markdown;
            b.block_types = vec![
                nested(
                    "settings",
                    NestingMode::List,
                    1,
                    3,
                    block(
                        vec![attr("level", Type::Number, |a| a.optional = true)],
                        |b| b.description = "Settings.".into(),
                    ),
                ),
                nested(
                    "meta",
                    NestingMode::Group,
                    0,
                    0,
                    block(
                        vec![attr("owner", Type::String, |a| a.optional = true)],
                        |_| {},
                    ),
                ),
                nested(
                    "labels",
                    NestingMode::Map,
                    0,
                    0,
                    block(
                        vec![attr("text", Type::String, |a| a.required = true)],
                        |_| {},
                    ),
                ),
                nested(
                    "single",
                    NestingMode::Single,
                    0,
                    0,
                    block(vec![], |b| b.deprecated = true),
                ),
            ];
        });
        let schema = |version, block| Schema { version, block };
        let identity = |version, attributes| IdentitySchema {
            version,
            attributes,
        };
        let id_attr = |name: &str, required: bool, description: &str| IdentityAttribute {
            name: name.into(),
            ty: Type::String,
            required_for_import: required,
            optional_for_import: !required,
            description: description.into(),
        };
        let mut join = FunctionSignature::new(
            vec![{
                let mut p = FunctionParameter::new("sep", Type::String);
                p.description = "Separator.".into();
                p.allow_unknown = true;
                p
            }],
            Type::String,
        );
        join.variadic = Some({
            let mut p = FunctionParameter::new("parts", Type::list(Type::String));
            p.allow_null = true;
            p.description_kind = StringKind::Markdown;
            p
        });
        join.summary = "Joins.".into();
        join.description = "Joins parts.".into();
        join.deprecation_message = "use join2".into();
        ProviderSchema {
            provider: schema(0, provider),
            resources: [("kitchen_thing".to_owned(), schema(2, thing))].into(),
            data_sources: [(
                "kitchen_thing".to_owned(),
                schema(
                    0,
                    block(
                        vec![attr("id", Type::String, |a| a.required = true)],
                        |_| {},
                    ),
                ),
            )]
            .into(),
            ephemeral_resources: [(
                "kitchen_token".to_owned(),
                schema(
                    0,
                    block(
                        vec![attr("token", Type::String, |a| {
                            a.computed = true;
                            a.sensitive = true;
                        })],
                        |_| {},
                    ),
                ),
            )]
            .into(),
            list_resources: [(
                "kitchen_thing".to_owned(),
                schema(
                    0,
                    block(
                        vec![attr("filter", Type::String, |a| a.optional = true)],
                        |_| {},
                    ),
                ),
            )]
            .into(),
            identities: [(
                "kitchen_thing".to_owned(),
                identity(
                    1,
                    vec![id_attr("id", true, "The id."), id_attr("region", false, "")],
                ),
            )]
            .into(),
            functions: [("join".to_owned(), join)].into(),
            actions: [(
                "kitchen_restock".to_owned(),
                schema(
                    0,
                    block(
                        vec![attr("units", Type::Number, |a| a.required = true)],
                        |_| {},
                    ),
                ),
            )]
            .into(),
            errors: if self.broken {
                Diagnostics::with_error("Broken setup", "the kitchen has no sink")
            } else {
                Diagnostics::new()
            },
            ..ProviderSchema::default()
        }
    }
}

/// What the relaunched test binary does, by `KITCHEN_PROVIDER`.
fn provider_main(mode: &str) -> ExitCode {
    let forced_5 = std::env::var("TFSCHEMA_FORCE_PROTOCOL").as_deref() == Ok("5");
    let serve = |broken| {
        tfschema::server::run(tfschema::server::ProviderServices::from_raw(Kitchen {
            nested: !forced_5,
            broken,
        }))
    };
    match mode {
        "serve" => serve(false),
        "broken" => serve(true),
        "hello" => {
            println!("Hello, world");
            ExitCode::SUCCESS
        }
        "crash" => {
            eprintln!("panic: cannot read ~/.kitchenrc");
            ExitCode::from(2)
        }
        _ => {
            eprintln!("loading plugins...");
            std::thread::sleep(Duration::from_secs(60));
            ExitCode::SUCCESS
        }
    }
}

// ---------------------------------------------------------------------------
// The tests.

fn this_binary() -> PathBuf {
    std::env::current_exe().unwrap()
}

fn dump(binary: &Path, mode: &str, args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_tfschema"));
    cmd.args(["schema", "dump", "--verbose", "--provider-binary"])
        .arg(binary)
        .args(args)
        .env("KITCHEN_PROVIDER", mode)
        .env_remove("TFSCHEMA_FORCE_PROTOCOL");
    for (k, v) in env {
        cmd.env(k, v);
    }
    cmd.output().unwrap()
}

fn stdout_of(out: &Output) -> String {
    assert!(
        out.status.success(),
        "exit {:?}, stderr: {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout.clone()).unwrap()
}

fn stderr_of(out: &Output) -> String {
    assert!(
        !out.status.success(),
        "succeeded: {}",
        String::from_utf8_lossy(&out.stdout)
    );
    String::from_utf8(out.stderr.clone()).unwrap()
}

/// The kitchen provider's entry, with or without the nested attribute
/// `rules` (protocol 5 cannot carry it).
fn expected(address: &str, rules: bool) -> String {
    let rules = if rules {
        r#""rules":{"nested_type":{"attributes":{"port":{"type":"number","description_kind":"plain","required":true}},"nesting_mode":"set"},"description_kind":"plain","optional":true},"#
    } else {
        ""
    };
    [
        r#"{"format_version":"1.0","provider_schemas":{""#,
        address,
        r#"":{"#,
        r#""provider":{"version":0,"block":{"attributes":{"endpoint":{"type":"string","description":"The `endpoint` \u003cURL\u003e \u0026 co.","description_kind":"markdown","optional":true}},"description":"Kitchen **sink**.","description_kind":"markdown"}},"#,
        r#""resource_schemas":{"kitchen_thing":{"version":2,"block":{"attributes":{"#,
        r#""id":{"type":"string","description_kind":"plain","computed":true},"#,
        r#""name":{"type":"string","description":"Name.","description_kind":"plain","required":true},"#,
        r#""obj":{"type":["object",{"a":"string","b":"number"},["a"]],"description_kind":"plain","optional":true},"#,
        r#""old":{"type":"string","description_kind":"plain","deprecated":true,"optional":true},"#,
        rules,
        r#""secret":{"type":"string","description_kind":"plain","optional":true,"sensitive":true,"write_only":true},"#,
        r#""tags":{"type":["map","string"],"description_kind":"plain","optional":true,"computed":true}},"#,
        r#""block_types":{"#,
        r#""labels":{"nesting_mode":"map","block":{"attributes":{"text":{"type":"string","description_kind":"plain","required":true}},"description_kind":"plain"}},"#,
        r#""meta":{"nesting_mode":"group","block":{"attributes":{"owner":{"type":"string","description_kind":"plain","optional":true}},"description_kind":"plain"}},"#,
        r#""settings":{"nesting_mode":"list","block":{"attributes":{"level":{"type":"number","description_kind":"plain","optional":true}},"description":"Settings.","description_kind":"plain"},"min_items":1,"max_items":3},"#,
        r#""single":{"nesting_mode":"single","block":{"description_kind":"plain","deprecated":true}}},"#,
        r#""description":"A thing.","description_kind":"markdown"}}},"#,
        r#""data_source_schemas":{"kitchen_thing":{"version":0,"block":{"attributes":{"id":{"type":"string","description_kind":"plain","required":true}},"description_kind":"plain"}}},"#,
        r#""ephemeral_resource_schemas":{"kitchen_token":{"version":0,"block":{"attributes":{"token":{"type":"string","description_kind":"plain","computed":true,"sensitive":true}},"description_kind":"plain"}}},"#,
        r#""list_resource_schemas":{"kitchen_thing":{"version":0,"block":{"attributes":{"filter":{"type":"string","description_kind":"plain","optional":true}},"description_kind":"plain"}}},"#,
        r#""functions":{"join":{"description":"Joins parts.","summary":"Joins.","deprecation_message":"use join2","return_type":"string","parameters":[{"name":"sep","description":"Separator.","type":"string"}],"variadic_parameter":{"name":"parts","is_nullable":true,"type":["list","string"]}}},"#,
        r#""resource_identity_schemas":{"kitchen_thing":{"version":1,"attributes":{"id":{"type":"string","description":"The id.","required_for_import":true},"region":{"type":"string","optional_for_import":true}}}},"#,
        r#""action_schemas":{"kitchen_restock":{"block":{"attributes":{"units":{"type":"number","description_kind":"plain","required":true}},"description_kind":"plain"}}}"#,
        "}}}\n",
    ]
    .concat()
}

fn protocol_6() {
    let out = dump(
        &this_binary(),
        "serve",
        &["--provider-address", "example.com/test/kitchen"],
        &[],
    );
    assert_eq!(stdout_of(&out), expected("example.com/test/kitchen", true));
    let note = String::from_utf8_lossy(&out.stderr);
    assert!(note.contains("plugin protocol 6"), "{note}");
}

fn protocol_5_when_that_is_all_it_serves() {
    let out = dump(
        &this_binary(),
        "serve",
        &["--provider-address", "example.com/test/kitchen"],
        &[("TFSCHEMA_FORCE_PROTOCOL", "5")],
    );
    assert_eq!(stdout_of(&out), expected("example.com/test/kitchen", false));
    let note = String::from_utf8_lossy(&out.stderr);
    assert!(note.contains("plugin protocol 5"), "{note}");
}

fn address_from_the_file_name() {
    let dir = std::env::temp_dir().join(format!("tfschema-dump-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let link = dir.join("terraform-provider-kitchen_v1.2.3_x6");
    let _ = std::fs::remove_file(&link);
    std::os::unix::fs::symlink(this_binary(), &link).unwrap();
    let out = dump(&link, "serve", &[], &[]);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(
        stdout_of(&out),
        expected("registry.terraform.io/hashicorp/kitchen", true)
    );
}

fn output_to_a_file() {
    let file = std::env::temp_dir().join(format!("tfschema-dump-{}.json", std::process::id()));
    let out = dump(
        &this_binary(),
        "serve",
        &[
            "--provider-address",
            "example.com/test/kitchen",
            "--output",
            file.to_str().unwrap(),
        ],
        &[],
    );
    assert_eq!(stdout_of(&out), "");
    let written = std::fs::read_to_string(&file).unwrap();
    let _ = std::fs::remove_file(&file);
    assert_eq!(written, expected("example.com/test/kitchen", true));
}

fn error_diagnostics_stop_the_dump() {
    let err = stderr_of(&dump(
        &this_binary(),
        "broken",
        &["--provider-address", "x"],
        &[],
    ));
    assert!(
        err.contains("the provider reported errors in its schema"),
        "{err}"
    );
    assert!(
        err.contains("Broken setup: the kitchen has no sink"),
        "{err}"
    );
    assert!(
        err.contains(&format!("provider {}", this_binary().display())),
        "{err}"
    );
}

fn a_program_that_is_not_a_provider() {
    let err = stderr_of(&dump(
        &this_binary(),
        "hello",
        &["--provider-address", "x"],
        &[],
    ));
    assert!(
        err.contains("not a go-plugin handshake line: \"Hello, world\""),
        "{err}"
    );
    assert!(err.contains("(it wrote nothing to stderr)"), "{err}");
}

fn a_program_that_exits_at_once() {
    let err = stderr_of(&dump(
        &this_binary(),
        "crash",
        &["--provider-address", "x"],
        &[],
    ));
    assert!(
        err.contains("exited (exit status: 2) before printing a handshake line"),
        "{err}"
    );
    assert!(
        err.contains("its stderr ended with:\npanic: cannot read ~/.kitchenrc"),
        "{err}"
    );
}

fn a_program_that_hangs_is_stopped_after_the_timeout() {
    let start = Instant::now();
    let out = dump(
        &this_binary(),
        "hang",
        &["--provider-address", "x", "--timeout", "0.5"],
        &[],
    );
    let err = stderr_of(&out);
    assert!(
        err.contains("printed no handshake line within 0.5 s"),
        "{err}"
    );
    assert!(err.contains("loading plugins..."), "{err}");
    assert!(
        start.elapsed() < Duration::from_secs(10),
        "took {:?}",
        start.elapsed()
    );
}

fn no_address_and_no_provider_name() {
    let err = stderr_of(&dump(&this_binary(), "serve", &[], &[]));
    assert!(err.contains("pass --provider-address"), "{err}");
}

fn main() -> ExitCode {
    if let Ok(mode) = std::env::var("KITCHEN_PROVIDER") {
        return provider_main(&mode);
    }
    let tests: [(&str, fn()); 9] = [
        ("protocol_6", protocol_6),
        (
            "protocol_5_when_that_is_all_it_serves",
            protocol_5_when_that_is_all_it_serves,
        ),
        ("address_from_the_file_name", address_from_the_file_name),
        ("output_to_a_file", output_to_a_file),
        (
            "error_diagnostics_stop_the_dump",
            error_diagnostics_stop_the_dump,
        ),
        (
            "a_program_that_is_not_a_provider",
            a_program_that_is_not_a_provider,
        ),
        ("a_program_that_exits_at_once", a_program_that_exits_at_once),
        (
            "a_program_that_hangs_is_stopped_after_the_timeout",
            a_program_that_hangs_is_stopped_after_the_timeout,
        ),
        (
            "no_address_and_no_provider_name",
            no_address_and_no_provider_name,
        ),
    ];
    runner::run(&tests)
}
