//! How the Rust generator lays a provider out: one crate while it is
//! small, a Cargo workspace of bounded crates grouped by type name when it
//! is large, and nested structs of one shape written once. Text only, no
//! build (e2e/import.sh builds a workspace and has Terraform read its
//! schema); each test runs in milliseconds.

#![allow(clippy::panic)]

mod common;

use tfschema_codegen::import;
use tfschema_codegen::rust::layout::{self, DEFAULT_CRATE_SIZE};
use tfschema_codegen::rust::{generate, File, RustOptions, RustOutput, Spec, TfschemaDependency};

fn options(bound: Option<usize>) -> RustOptions {
    RustOptions {
        source: "test".into(),
        with_provider: Some(TfschemaDependency::Path("../tfschema".into())),
        max_crate_size: bound,
    }
}

fn imported(rel: &str) -> Spec {
    import::import(&common::read(rel), None)
        .unwrap_or_else(|e| panic!("{rel}: {e}"))
        .spec
}

fn file<'a>(out: &'a RustOutput, path: &str) -> &'a str {
    out.files
        .iter()
        .find(|f| f.path == path)
        .map(|f| f.text.as_str())
        .unwrap_or_else(|| panic!("no {path} in {:?}", paths(&out.files)))
}

fn paths(files: &[File]) -> Vec<&str> {
    files.iter().map(|f| f.path.as_str()).collect()
}

/// `terraform providers schema -json` of a provider `big` whose resources
/// are named `big_<prefix>_<n>`, each with `attributes` string attributes.
fn big_provider(types: &[(&str, usize, usize)]) -> String {
    let mut resources = Vec::new();
    for (prefix, count, attributes) in types {
        for n in 0..*count {
            let attrs: Vec<String> = (0..*attributes)
                .map(|a| format!(r#""a{a}":{{"type":"string","optional":true}}"#))
                .collect();
            resources.push(format!(
                r#""big_{prefix}_{n}":{{"version":0,"block":{{"attributes":{{{}}}}}}}"#,
                attrs.join(",")
            ));
        }
    }
    format!(
        r#"{{"format_version":"1.0","provider_schemas":{{"registry.terraform.io/acme/big":{{"provider":{{"version":0,"block":{{}}}},"resource_schemas":{{{}}}}}}}}}"#,
        resources.join(",")
    )
}

#[test]
fn a_small_provider_stays_one_crate() {
    for rel in [
        "tfjson/null-2.1.2-tf1.15.5.json",
        "tfjson/petstore-0.1.0-tf1.15.5.json",
        "import/every_feature.json",
    ] {
        let out = generate(&imported(rel), &options(None));
        assert!(out.crates.is_empty(), "{rel}: {:?}", out.crates);
        assert!(
            out.files.iter().all(|f| !f.path.starts_with("crates/")),
            "{rel}: {:?}",
            paths(&out.files)
        );
        assert!(!file(&out, "Cargo.toml").contains("[workspace.dependencies]"));
        assert!(file(&out, "src/main.rs").contains("mod models;"));
        // Split debug info is for the workspace's link; one crate's is small.
        assert!(
            out.files.iter().all(|f| !f.path.starts_with(".cargo/")),
            "{rel}: {:?}",
            paths(&out.files)
        );
    }
}

#[test]
fn a_large_provider_is_a_workspace_grouped_by_name() {
    // Types of weight 13 (a hook's 10, a struct, two fields): 30 `s3`,
    // 2 `iam`, 1 `kms`, 40 `ec2`. A bound of 200 (15 types) cuts ec2
    // (520) in three, s3 (390) in two, and lets iam and kms (39) share a
    // crate.
    let spec = import::import(
        &big_provider(&[("s3", 30, 2), ("iam", 2, 2), ("kms", 1, 2), ("ec2", 40, 2)]),
        None,
    )
    .expect("import")
    .spec;
    let out = generate(&spec, &options(Some(200)));
    assert_eq!(
        out.crates,
        ["core", "ec2-1", "ec2-2", "ec2-3", "iam-kms", "s3-1", "s3-2"]
    );
    let root = file(&out, "Cargo.toml");
    assert!(
        root.contains("[workspace]\nmembers = [\"crates/*\"]"),
        "{root}"
    );
    assert!(
        root.contains("tfschema = { path = \"../tfschema\", features = [\"server\"] }"),
        "{root}"
    );
    // The dev profile's DWARF in .dwo files on Linux, so that the link does
    // not read it; as rustflags of a cfg, since a profile's split-debuginfo
    // = "unpacked" is an error on Windows.
    let config = file(&out, ".cargo/config.toml");
    assert!(
        config.contains(
            "[target.'cfg(target_os = \"linux\")']\n\
             rustflags = [\"-C\", \"split-debuginfo=unpacked\"]\n"
        ),
        "{config}"
    );
    assert!(!root.contains("split-debuginfo"), "{root}");
    let main = file(&out, "src/main.rs");
    for member in &out.crates[1..] {
        let lib = format!("terraform_provider_big_{}", member.replace('-', "_"));
        assert!(
            main.contains(&format!("{lib}::register(provider)")),
            "{main}"
        );
        assert!(root.contains(&format!(
            "\"terraform-provider-big-{member}\" = {{ path = \"crates/{member}\" }}"
        )));
    }
    // Each type is in exactly one crate, models and hook together.
    for (prefix, count) in [("s3", 30), ("iam", 2), ("kms", 1), ("ec2", 40)] {
        for n in 0..count {
            let model = format!("/src/models/resources/{prefix}_{n}.rs");
            let holders: Vec<&str> = out
                .files
                .iter()
                .filter(|f| f.path.ends_with(&model))
                .map(|f| f.path.as_str())
                .collect();
            assert_eq!(holders.len(), 1, "{model}: {holders:?}");
            let dir = holders[0].split("/src/").next().unwrap_or_default();
            let lib = file(&out, &format!("{dir}/src/lib.rs"));
            assert!(
                lib.contains(&format!(".resource(\"big_{prefix}_{n}\", ")),
                "{dir}: {lib}"
            );
        }
    }
    // The provider configuration is below every group, in core.
    assert!(file(&out, "crates/core/src/lib.rs").contains("pub fn not_implemented("));
    assert!(file(&out, "crates/core/src/models/provider.rs").contains("pub struct BigConfig"));
    // The same input gives the same bytes.
    assert_eq!(generate(&spec, &options(Some(200))).files, out.files);
}

#[test]
fn the_default_bound_splits_a_provider_above_it() {
    // Just above the default bound: two crates' worth.
    let per_type = 10 + 1 + 2;
    let count = DEFAULT_CRATE_SIZE / per_type + 1;
    let spec = import::import(
        &big_provider(&[("a", count / 2), ("b", count - count / 2)].map(|(p, c)| (p, c, 2))),
        None,
    )
    .expect("import")
    .spec;
    let out = generate(&spec, &options(None));
    assert_eq!(out.crates, ["core", "a", "b"]);
    let one_less = import::import(&big_provider(&[("a", count - 1, 2)]), None)
        .expect("import")
        .spec;
    assert!(generate(&one_less, &options(None)).crates.is_empty());
}

#[test]
fn a_list_resource_goes_with_its_resource() {
    let out = generate(&imported("import/every_feature.json"), &options(Some(1)));
    assert_eq!(
        out.crates,
        ["core", "every", "plain", "poke", "thing", "token"]
    );
    let thing = file(&out, "crates/thing/src/lib.rs");
    assert!(thing.contains("type Resource = ThingResource;"), "{thing}");
    assert!(thing.contains(".resource_with_identity(\"every_thing\", ThingResource)"));
    assert!(thing.contains(".list_resource(\"every_thing\", ThingListResource)"));
    // Functions stay in the binary.
    assert!(file(&out, "src/main.rs").contains(".function(functions::pairs {})"));
    assert!(out.files.iter().any(|f| f.path == "src/functions.rs"));
}

#[test]
fn without_the_provider_crate_the_models_are_not_split() {
    let spec = imported("import/every_feature.json");
    let out = generate(
        &spec,
        &RustOptions {
            source: "test".into(),
            with_provider: None,
            max_crate_size: Some(1),
        },
    );
    assert!(out.crates.is_empty());
    assert!(out.files.iter().all(|f| !f.path.starts_with("crates/")));
}

#[test]
fn nested_blocks_of_one_shape_are_one_struct() {
    // `rule` holds `a` and `b` of the same shape, each holding a `leaf`;
    // `other` is `rule` again. One struct per shape, an alias per path.
    let leaf =
        r#"{"nesting_mode":"list","block":{"attributes":{"x":{"type":"string","optional":true}}}}"#;
    let pair = format!(
        r#"{{"nesting_mode":"single","block":{{"attributes":{{"n":{{"type":"number","optional":true}}}},"block_types":{{"leaf":{leaf}}}}}}}"#
    );
    let rule =
        format!(r#"{{"nesting_mode":"list","block":{{"block_types":{{"a":{pair},"b":{pair}}}}}}}"#);
    let text = format!(
        r#"{{"format_version":"1.0","provider_schemas":{{"registry.terraform.io/acme/s":{{"provider":{{"version":0,"block":{{}}}},"resource_schemas":{{"s_thing":{{"version":0,"block":{{"block_types":{{"rule":{rule},"other":{rule}}}}}}}}}}}}}}}"#
    );
    let spec = import::import(&text, None).expect("import").spec;
    let out = generate(&spec, &RustOptions::default());
    let model = file(&out, "resources/thing.rs");
    let structs: Vec<&str> = model
        .lines()
        .filter_map(|l| l.strip_prefix("pub struct "))
        .collect();
    assert_eq!(
        structs,
        [
            "Thing {",
            "ThingOther {",
            "ThingOtherA {",
            "ThingOtherALeaf {"
        ],
        "{model}"
    );
    assert!(
        model.contains("pub type ThingOtherB = ThingOtherA;"),
        "{model}"
    );
    assert!(
        model.contains("pub type ThingRule = ThingOther;"),
        "{model}"
    );
    // Each path keeps its name; the aliases under a repeated parent go.
    assert!(model.contains("pub b: Option<ThingOtherB>,"), "{model}");
    assert!(!model.contains("ThingRuleA"), "{model}");
    // Four structs, seven fields.
    assert_eq!(layout::file_weight(model), 11, "{model}");
}
