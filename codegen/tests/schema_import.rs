//! Round trips of `schema import`: a provider's printed schema becomes a
//! provider crate, the crate is built, and the schema it serves (printed
//! in process by `schema_import/dump.rs`, the runtime's own writers) equals
//! the input, compared as parsed `tfjson` values.
//!
//! Inputs: Terraform 1.15.5's output for the Go null provider 2.1.2 and
//! for both example providers, and `data/import/every_feature.json` (every
//! kind of type, attribute type, nesting mode and flag the derive can
//! express). All generated crates are modules of one throwaway crate, built
//! once in the target directory the `rust_models` test uses (tfschema and
//! its dependencies are compiled there already).

#![allow(clippy::panic)]

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

mod common;

use common::cargo_build;
use tfschema_codegen::import;
use tfschema_codegen::rust::{generate, RustOptions, TfschemaDependency};
use tfschema_codegen::tfjson::{ProviderSchema, ProvidersSchema};

fn manifest() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn workspace() -> PathBuf {
    manifest().parent().expect("workspace").to_path_buf()
}

fn tmp() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
}

/// The inputs, by module name.
const CASES: [(&str, &str); 4] = [
    ("null", "tfjson/null-2.1.2-tf1.15.5.json"),
    ("inventory", "tfjson/inventory-0.2.0-tf1.15.5.json"),
    ("petstore", "tfjson/petstore-0.1.0-tf1.15.5.json"),
    ("every_feature", "import/every_feature.json"),
];

fn read(rel: &str) -> String {
    let path = manifest().join("tests/data").join(rel);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn write_files(root: &Path, files: &[tfschema_codegen::rust::File]) {
    for f in files {
        let path = root.join(&f.path);
        std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
        std::fs::write(path, &f.text).expect("write");
    }
}

#[test]
fn imported_providers_serve_the_schema_they_were_imported_from() {
    let root = tmp().join("schema-import");
    let _ = std::fs::remove_dir_all(&root);
    let harness = root.join("harness");
    std::fs::create_dir_all(harness.join("src")).expect("mkdir");
    let runtime = workspace().join("runtime").display().to_string();
    std::fs::write(
        harness.join("Cargo.toml"),
        format!(
            "[package]\nname = \"schema-import-harness\"\nversion = \"0.0.0\"\nedition = \"2021\"\npublish = false\n\n\
             [dependencies]\ntfschema = {{ path = {runtime:?}, features = [\"server\"] }}\n\n[workspace]\n"
        ),
    )
    .expect("manifest");
    std::fs::copy(
        manifest().join("tests/schema_import/dump.rs"),
        harness.join("src/dump.rs"),
    )
    .expect("dump");

    let mut main = String::from(
        "//! Prints each imported provider's schema, one `name<TAB>json` line each.\n\
         #![allow(dead_code, unused_imports)]\n\nmod dump;\n",
    );
    let mut calls = String::new();
    let mut inputs = Vec::new();
    let started = Instant::now();
    for (name, file) in CASES {
        let imported = import::import(&read(file), None).expect("import");
        assert!(
            imported.warnings.is_empty(),
            "{name}: {:?}",
            imported.warnings
        );
        let out = generate(
            &imported.spec,
            &RustOptions {
                source: file.into(),
                with_provider: Some(TfschemaDependency::Path(runtime.clone())),
                max_crate_size: None,
            },
        );
        let warnings: Vec<String> = out.warnings.iter().map(ToString::to_string).collect();
        assert!(warnings.is_empty(), "{name}: {warnings:#?}");
        write_files(&root.join(name), &out.files);
        main.push_str(&format!(
            "#[path = \"../../{name}/src/main.rs\"]\nmod {name};\n"
        ));
        calls.push_str(&format!(
            "    println!(\"{name}\\t{{}}\", dump::provider_json(&{name}::provider()));\n"
        ));
        let schema = import::read(&read(file)).expect("read");
        let (address, provider) = import::select(&schema, None).expect("select");
        // Exactly the input: a deprecation without a message included.
        inputs.push((name, address.to_owned(), provider.clone()));
    }
    let imported_in = started.elapsed();
    main.push_str(&format!("\nfn main() {{\n{calls}}}\n"));
    std::fs::write(harness.join("src/main.rs"), main).expect("main");

    let started = Instant::now();
    let build = cargo_build(&harness);
    assert!(
        build.status.success(),
        "the imported crates do not compile:\n{}",
        String::from_utf8_lossy(&build.stderr)
    );
    let built_in = started.elapsed();
    let run = Command::new(common::generated_target_dir().join("debug/schema-import-harness"))
        .output()
        .expect("run harness");
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let stdout = String::from_utf8(run.stdout).expect("utf-8");
    let mut lines = stdout.lines();
    for (name, address, want) in &inputs {
        let line = lines.next().expect("a line per case");
        let (got_name, json) = line.split_once('\t').expect("name<TAB>json");
        assert_eq!(got_name, *name);
        let text = format!(
            "{{\"format_version\":\"1.0\",\"provider_schemas\":{{{}:{json}}}}}",
            serde_json::to_string(address).expect("json")
        );
        let got: ProvidersSchema = ProvidersSchema::parse(&text)
            .unwrap_or_else(|e| panic!("{name}: the served schema does not parse: {e}\n{json}"));
        let got: &ProviderSchema = &got.provider_schemas[address];
        compare(name, got, want);
    }
    eprintln!("imported 4 schemas in {imported_in:.2?}; built the crates in {built_in:.2?}");
}

/// Equal, section by section and type by type, so a failure names the type.
fn compare(name: &str, got: &ProviderSchema, want: &ProviderSchema) {
    assert_eq!(got.provider, want.provider, "{name}: provider");
    for (what, g, w) in [
        ("resource", &got.resource_schemas, &want.resource_schemas),
        (
            "data source",
            &got.data_source_schemas,
            &want.data_source_schemas,
        ),
        (
            "ephemeral resource",
            &got.ephemeral_resource_schemas,
            &want.ephemeral_resource_schemas,
        ),
        (
            "list resource",
            &got.list_resource_schemas,
            &want.list_resource_schemas,
        ),
    ] {
        assert_eq!(
            g.keys().collect::<Vec<_>>(),
            w.keys().collect::<Vec<_>>(),
            "{name}: {what} names"
        );
        for (type_name, schema) in w {
            assert_eq!(g.get(type_name), Some(schema), "{name}: {what} {type_name}");
        }
    }
    assert_eq!(
        got.resource_identity_schemas, want.resource_identity_schemas,
        "{name}: identities"
    );
    assert_eq!(got.action_schemas, want.action_schemas, "{name}: actions");
    assert_eq!(got.functions, want.functions, "{name}: functions");
    assert_eq!(got, want, "{name}");
}

fn import_err(text: &str, address: Option<&str>) -> String {
    import::import(text, address)
        .expect_err("an error")
        .message()
        .to_owned()
}

/// A providers schema with one resource whose block is `block`.
fn with_block(block: &str) -> String {
    format!(
        r#"{{"format_version":"1.0","provider_schemas":{{"registry.terraform.io/hashicorp/x":{{"resource_schemas":{{"x_thing":{{"version":0,"block":{block}}}}}}}}}}}"#
    )
}

#[test]
fn bad_input_is_an_error_naming_where() {
    let e = import_err("{\"format_version\":", None);
    assert!(
        e.starts_with("not JSON") && e.contains("line 1 column"),
        "{e}"
    );
    let e = import_err("\"text\"", None);
    assert!(e.starts_with("not JSON"), "{e}");
    let e = import_err(r#"{"format_version":"2.0","provider_schemas":{}}"#, None);
    assert_eq!(
        e,
        "format_version: \"2.0\" is not a format this tfschema reads (0.1, 0.2 or 1.x)"
    );
    let e = import_err(r#"{"provider_schemas":{}}"#, None);
    assert!(e.starts_with("format_version: missing"), "{e}");
    let e = import_err(
        &with_block(r#"{"attributes":{"id":{"type":"strin","description_kind":"plain"}}}"#),
        None,
    );
    assert!(
        e.starts_with(
            r#"provider_schemas["registry.terraform.io/hashicorp/x"].resource_schemas["x_thing"].block.attributes["id"].type: invalid type constraint"#
        ),
        "{e}"
    );
    let e = import_err(
        &with_block(r#"{"block_types":{"b":{"nesting_mode":"bag","block":{}}}}"#),
        None,
    );
    assert!(
        e.starts_with(r#"provider_schemas["registry.terraform.io/hashicorp/x"].resource_schemas["x_thing"].block.block_types["b"].nesting_mode: unknown variant `bag`"#),
        "{e}"
    );
    let e = import_err(&with_block(r#"{"colour":1}"#), None);
    assert!(e.contains(".block.colour: unknown field `colour`"), "{e}");
}

#[test]
fn the_provider_is_the_only_one_or_the_one_named() {
    let two = r#"{"format_version":"1.0","provider_schemas":{"registry.terraform.io/a/one":{},"registry.terraform.io/b/two":{}}}"#;
    assert_eq!(
        import_err(two, None),
        "the file holds several providers; name one with --provider-address:\n  registry.terraform.io/a/one\n  registry.terraform.io/b/two"
    );
    assert_eq!(
        import_err(two, Some("registry.terraform.io/c/three")),
        "no provider \"registry.terraform.io/c/three\" in the file; it holds:\n  registry.terraform.io/a/one\n  registry.terraform.io/b/two"
    );
    let two_imported = import::import(two, Some("registry.terraform.io/b/two")).expect("import");
    assert_eq!(two_imported.spec.provider_name, "two");
    assert_eq!(
        import_err(r#"{"format_version":"1.0"}"#, None),
        "the file holds no provider schemas"
    );
}

/// Everything the derive cannot express is reported by name, by the
/// importer or the generator.
#[test]
fn what_the_derive_cannot_express_is_reported_by_name() {
    let text = r#"{"format_version":"1.0","provider_schemas":{"registry.terraform.io/hashicorp/x":{
      "resource_schemas":{
        "x_thing":{"version":0,"block":{
          "attributes":{
            "seven":{"type":["tuple",["string","string","string","string","string","string","string"]],"description_kind":"plain","optional":true},
            "opt_obj":{"type":["object",{"a":"string","b":"string"},["b"]],"description_kind":"plain","optional":true},
            "all_opt":{"type":["object",{"a":"string","b":"string"},["a","b"]],"description_kind":"plain","optional":true},
            "wo":{"type":"string","description_kind":"plain","optional":true,"computed":true,"write_only":true},
            "odd":{"type":"string","description_kind":"plain","required":true,"computed":true},
            "dep":{"type":"string","description_kind":"plain","optional":true,"deprecated":true,"deprecation_message":"Use odd."}},
          "block_types":{
            "old":{"nesting_mode":"list","block":{"description_kind":"plain","deprecated":true,"deprecation_message":"Use grp."}},
            "grp":{"nesting_mode":"group","block":{"description_kind":"plain"},"min_items":1},
            "dyn":{"nesting_mode":"set","block":{"attributes":{"v":{"type":"dynamic","description_kind":"plain","optional":true}},"description_kind":"plain"}}},
          "description_kind":"plain","deprecated":true}}},
      "ephemeral_resource_schemas":{"x_token":{"version":2,"block":{"description_kind":"plain"}}},
      "list_resource_schemas":{"x_thing":{"version":0,"block":{"description_kind":"plain"}}},
      "resource_identity_schemas":{"x_gone":{"version":0,"attributes":{}}},
      "state_store_schemas":{"x_store":{"version":0,"block":{"description_kind":"plain"}}},
      "functions":{"f":{"return_type":"string","parameters":[{"name":"self","type":"string"}]}}}}}"#;
    let imported = import::import(text, None).expect("import");
    let out = generate(
        &imported.spec,
        &RustOptions {
            source: "x.json".into(),
            with_provider: Some(TfschemaDependency::Version("0.1.0".into())),
            max_crate_size: None,
        },
    );
    let all: Vec<String> = imported
        .warnings
        .iter()
        .chain(&out.warnings)
        .map(ToString::to_string)
        .collect();
    for want in [
        "resource \"x_thing\": treating as required: required true, optional false, computed true is not a combination Terraform accepts (attribute odd)",
        "resource \"x_gone\": skipping identity schema: there is no resource type of that name",
        "list resource \"x_thing\": skipping list resource: the typed layer lists a resource type of the same name that has an identity, and there is none",
        "state store \"x_store\": skipping state store: the typed layer serves no state stores (experimental in Terraform 1.15)",
        "resource \"thing\": skipping block: a set cannot hold a `dynamic` attribute (the derive refuses it, as Terraform does) (attribute dyn)",
        "resource \"thing\": dropping min_items/max_items: min_items 1, max_items 0: the derive gives group and map blocks no min_items or max_items (Terraform ignores them there) (attribute grp)",
        "resource \"thing\": skipping attribute: a tuple of 7 elements: the derive's tuples have 1 to 6 (attribute seven)",
        "resource \"thing\": dropping write_only: the derive refuses `write_only` with `computed` (Terraform does too) (attribute wo)",
        "ephemeral resource \"token\": dropping the schema version: version 2: the derive gives ephemeral resource schemas no version",
        "functions: skipping function: parameter \"self\" cannot be a Rust parameter name, and the function macro takes the name from the parameter (attribute f)",
    ] {
        assert!(all.iter().any(|w| w == want), "missing {want:?} in {all:#?}");
    }
    // Deprecations of attributes and blocks (protocol 6.11's
    // deprecation_message) are expressible now: four warnings fewer; and
    // an object with some attributes optional: one fewer.
    assert_eq!(all.len(), 10, "{all:#?}");
    let code: String = out.files.iter().map(|f| f.text.as_str()).collect();
    for want in [
        "#[tf(deprecated)]\npub struct Thing {",
        "deprecated = \"Use odd.\"",
        "#[tf(block, deprecated = \"Use grp.\")]",
        // All of an object's attributes optional: the struct says so.
        "#[tf(optional_attributes)]\npub struct ThingAllOpt {",
        // Some: the struct names them.
        "#[tf(optional_attributes(\"b\"))]\npub struct ThingOptObj {",
    ] {
        assert!(code.contains(want), "missing {want:?} in {code}");
    }
}

/// A description the doc-comment form would change (blank space around
/// it, a line break inside a paragraph) is written as the `description`
/// key, kept exactly; any other is a doc comment. The build round trip
/// above checks the served text on `every_feature.json`.
#[test]
fn descriptions_a_doc_comment_would_change_are_written_as_the_key() {
    let text = with_block(
        r#"{"attributes":{
            "lead":{"type":"string","description":" Leading space.","description_kind":"plain","optional":true},
            "wrap":{"type":"string","description":"One line\nbreak.","description_kind":"plain","optional":true},
            "plain":{"type":"string","description":"Plain.\n\nTwo paragraphs.","description_kind":"plain","optional":true}},
          "block_types":{"b":{"nesting_mode":"list","block":{"description":"Trailing space. ","description_kind":"plain"}}},
          "description":"\tA tab first.","description_kind":"plain"}"#,
    );
    let imported = import::import(&text, None).expect("import");
    let out = generate(
        &imported.spec,
        &RustOptions {
            source: "x.json".into(),
            with_provider: None,
            max_crate_size: None,
        },
    );
    let code: String = out.files.iter().map(|f| f.text.as_str()).collect();
    for want in [
        "#[tf(description = \"\\tA tab first.\")]\npub struct Thing {",
        "#[tf(description = \" Leading space.\")]\n    pub lead: Option<String>,",
        "#[tf(description = \"One line\\nbreak.\")]\n    pub wrap: Option<String>,",
        "    /// Plain.\n    ///\n    /// Two paragraphs.\n    pub plain: Option<String>,",
        "#[tf(description = \"Trailing space. \")]\npub struct ThingB {",
    ] {
        assert!(code.contains(want), "missing {want:?} in {code}");
    }
}
