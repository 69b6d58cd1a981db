//! Proof of the Rust generator: every golden code spec (and the validator
//! cases, the name cases and the OpenAPI fixtures) becomes Rust, the Rust
//! compiles in one throwaway crate, and what the compiled models derive
//! matches the spec attribute by attribute; the round trip code spec ->
//! Rust -> derived schema -> code spec gives the golden bytes back.
//!
//! Validators are not part of a Terraform schema, so each one is checked by
//! validating values on the compiled model (one that must fail, and one
//! that must pass when it is the attribute's only validator) before the
//! round trip carries it over.
//!
//! The crates build in `target/tmp/rust-models/` with their own target dir
//! (cargo's lock on the workspace's is held while tests run); the first run
//! compiles tfschema there once.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;
mod common;

use common::cargo_build;
use tfschema_codegen::model::ElementType;
use tfschema_codegen::rust::derived::DerivedModel;
use tfschema_codegen::rust::validator::Validator;
use tfschema_codegen::rust::{
    generate, Attr, Kind, RustOptions, Schema, Spec, Target, TfschemaDependency,
};

fn manifest() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn workspace() -> PathBuf {
    manifest().parent().expect("workspace").to_path_buf()
}

fn work_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("rust-models")
}

struct Case {
    id: String,
    /// The code spec text compared byte for byte after the round trip.
    golden: Option<String>,
    spec: Spec,
    warnings: Vec<String>,
}

fn cases() -> Vec<Case> {
    let mut out = Vec::new();
    let data = manifest().join("tests/data");
    for (id, path) in [
        ("edgecase", "upstream/edgecase/provider_code_spec.json"),
        ("petstore3", "upstream/petstore3/provider_code_spec.json"),
        ("validator_cases", "rust/validator_cases_spec.json"),
        ("names", "rust/names_spec.json"),
    ] {
        let text = std::fs::read_to_string(data.join(path)).expect("read spec");
        let (spec, warnings) = Spec::from_codespec_json(&text).expect("code spec");
        out.push(Case {
            id: id.into(),
            // Byte-exact round trips for the Go tool's goldens; the other
            // two hold what the derive cannot carry (a custom validator)
            // and are compared attribute by attribute.
            golden: matches!(id, "edgecase" | "petstore3").then(|| text.clone()),
            spec,
            warnings: warnings.iter().map(ToString::to_string).collect(),
        });
    }
    // The OpenAPI path: the fixtures' mapped models, straight to Rust.
    let mut fixtures: Vec<_> = std::fs::read_dir(data.join("fixtures"))
        .expect("fixtures")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "yml"))
        .collect();
    fixtures.sort();
    for path in fixtures {
        let text = std::fs::read_to_string(&path).expect("fixture");
        // A fixture holds `config:` and `openapi:` documents side by side.
        let Ok(doc) = serde_norway::from_str::<serde_json::Value>(&text) else {
            continue;
        };
        let (Some(config), Some(openapi)) = (doc.get("config"), doc.get("openapi")) else {
            continue;
        };
        let config = match config.as_str() {
            Some(c) => c.to_owned(),
            None => serde_norway::to_string(config).expect("config"),
        };
        let openapi = serde_json::to_string(openapi).expect("openapi");
        let Ok((mapped, _)) =
            tfschema_codegen::map(&openapi, &config, &tfschema_codegen::Options::default())
        else {
            continue;
        };
        let stem = path
            .file_stem()
            .expect("stem")
            .to_string_lossy()
            .into_owned();
        out.push(Case {
            id: format!("fixture_{stem}"),
            golden: None,
            spec: Spec::from_mapped(&mapped),
            warnings: Vec::new(),
        });
    }
    out
}

/// JSON of a value of `e` number `i` (distinct for distinct `i` where the
/// type allows).
fn element_json(e: &ElementType, i: usize) -> String {
    match e {
        ElementType::String => format!("\"e{i}\""),
        ElementType::Int64 | ElementType::Float64 | ElementType::Number => i.to_string(),
        ElementType::Bool => i.is_multiple_of(2).to_string(),
        ElementType::List(_) | ElementType::Set(_) => "[]".into(),
        ElementType::Map(_) | ElementType::Object(_) => "{}".into(),
        // Not in code specs.
        ElementType::Dynamic | ElementType::Tuple(_) => "null".into(),
    }
}

fn collection_json(kind: &Kind, n: usize, distinct: bool) -> Option<String> {
    let item = |i: usize| match kind {
        Kind::List(e) | Kind::Set(e) | Kind::Map(e) => {
            element_json(e, if distinct { i } else { 0 })
        }
        // Nested objects: all attributes null is a valid element.
        _ => "{}".into(),
    };
    if matches!(kind, Kind::SetNested(_)) && n > 1 {
        // Equal objects merge in a set; distinct ones need typed fields.
        return None;
    }
    Some(match kind {
        Kind::Map(_) | Kind::MapNested(_) => format!(
            "{{{}}}",
            (0..n)
                .map(|i| format!("\"k{i}\":{}", item(i)))
                .collect::<Vec<_>>()
                .join(",")
        ),
        _ => format!("[{}]", (0..n).map(item).collect::<Vec<_>>().join(",")),
    })
}

/// Values the validator rejects, and accepts (JSON of the attribute's type).
fn probe_values(v: &Validator, kind: &Kind) -> (Vec<String>, Vec<String>) {
    let s = |n: usize| format!("\"{}\"", "a".repeat(n));
    let (mut bad, mut good) = (Vec::new(), Vec::new());
    match v {
        Validator::Length { min, max } => {
            if let Some(m) = min.filter(|m| *m > 0) {
                bad.push(s(m as usize - 1));
                good.push(s(m as usize));
            }
            if let Some(m) = max {
                bad.push(s(*m as usize + 1));
                good.push(s(*m as usize));
            }
        }
        Validator::OneOfString(values) => {
            good.extend(
                values
                    .iter()
                    .map(|v| serde_json::to_string(v).expect("json")),
            );
            bad.push(serde_json::to_string(&format!("{}x", values.concat())).expect("json"));
        }
        Validator::Regex { pattern, .. } => {
            let re = regex::Regex::new(pattern).expect("pattern");
            for candidate in ["", "a", "abc", "A1", "-", "!!", "0", " ", "a-b"] {
                let json = serde_json::to_string(candidate).expect("json");
                if re.is_match(candidate) {
                    good.push(json);
                } else {
                    bad.push(json);
                }
            }
        }
        Validator::Int64Range { min, max } => {
            if let Some(m) = min {
                bad.push((m - 1).to_string());
                good.push(m.to_string());
            }
            if let Some(m) = max {
                bad.push((m + 1).to_string());
                good.push(m.to_string());
            }
        }
        Validator::OneOfInt64(values) => {
            good.extend(values.iter().map(i64::to_string));
            bad.push((values.iter().max().copied().unwrap_or(0) + 1).to_string());
        }
        Validator::OneOfFloat64(values) => {
            good.extend(values.iter().map(|f| format!("{f:?}")));
            bad.push(format!(
                "{:?}",
                values.iter().copied().fold(0.0, f64::max) + 1.5
            ));
        }
        Validator::Size { min, max, .. } => {
            if let Some(m) = min.filter(|m| *m > 0) {
                bad.extend(collection_json(kind, m as usize - 1, true));
                good.extend(collection_json(kind, m as usize, true));
            }
            if let Some(m) = max {
                bad.extend(collection_json(kind, *m as usize + 1, true));
                good.extend(collection_json(kind, *m as usize, true));
            }
        }
        Validator::UniqueValues => {
            bad.extend(collection_json(kind, 2, false));
            good.extend(collection_json(kind, 2, true));
        }
    }
    (bad, good)
}

struct Probe {
    model: String,
    path: Vec<String>,
    leaf: String,
    expect_error: bool,
    what: String,
    /// A rejected value's detail holds this (a regex's own message).
    message: Option<String>,
}

fn collect_probes(model: &str, attrs: &[Attr], prefix: &[String], out: &mut Vec<Probe>) {
    for a in attrs {
        let mut path = prefix.to_vec();
        path.push(a.name.clone());
        for v in &a.validators {
            let (bad, good) = probe_values(v, &a.kind);
            let only = a.validators.len() == 1;
            for (leaf, expect_error) in bad
                .into_iter()
                .map(|l| (l, true))
                .chain(good.into_iter().filter(|_| only).map(|l| (l, false)))
            {
                out.push(Probe {
                    model: model.to_owned(),
                    path: path.clone(),
                    leaf,
                    expect_error,
                    what: format!("{v:?}"),
                    message: match v {
                        Validator::Regex { message, .. } if expect_error && !message.is_empty() => {
                            Some(message.clone())
                        }
                        _ => None,
                    },
                });
            }
        }
        if let Some(children) = a.kind.nested() {
            let mut inner = path.clone();
            if !matches!(a.kind, Kind::SingleNested(_)) {
                inner.push("[]".into());
            }
            collect_probes(model, children, &inner, out);
        }
    }
}

fn write_files(root: &Path, files: &[tfschema_codegen::rust::File]) {
    for f in files {
        let path = root.join(&f.path);
        std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
        std::fs::write(path, &f.text).expect("write");
    }
}

/// Per model id: the target, the input schema, and where the Rust lives.
struct ModelEntry {
    case: usize,
    target: Target,
    name: Option<String>,
    rust_path: String,
}

fn input_schema<'a>(case: &'a Case, e: &ModelEntry) -> Option<&'a Schema> {
    let find = |list: &'a [tfschema_codegen::rust::Named]| {
        list.iter()
            .find(|n| Some(&n.name) == e.name.as_ref())
            .map(|n| &n.schema)
    };
    match e.target {
        Target::Provider => case.spec.provider.as_ref(),
        Target::Resource => find(&case.spec.resources),
        Target::DataSource => find(&case.spec.data_sources),
        // Not in code specs.
        _ => None,
    }
}

#[test]
fn generated_models_compile_and_derive_their_spec() {
    let cases = cases();
    let dir = work_dir().join("models");
    let _ = std::fs::remove_dir_all(dir.join("src"));
    std::fs::create_dir_all(dir.join("src")).expect("mkdir");
    std::fs::write(
        dir.join("Cargo.toml"),
        format!(
            "[package]\nname = \"generated-models\"\nversion = \"0.0.0\"\nedition = \"2021\"\npublish = false\n\n\
             [dependencies]\ntfschema = {{ path = {:?} }}\n\n[workspace]\n",
            workspace().join("runtime").display().to_string()
        ),
    )
    .expect("manifest");
    std::fs::copy(
        manifest().join("tests/rust_models/harness.rs"),
        dir.join("src/harness.rs"),
    )
    .expect("harness");

    let mut main = String::from("#![allow(dead_code)]\nmod harness;\n");
    let mut calls = String::new();
    let mut entries: BTreeMap<String, ModelEntry> = BTreeMap::new();
    let mut probes = Vec::new();
    for (i, case) in cases.iter().enumerate() {
        let out = generate(
            &case.spec,
            &RustOptions {
                source: format!("{}.json", case.id),
                with_provider: None,
                max_crate_size: None,
            },
        );
        write_files(&dir.join("src").join(&case.id), &out.files);
        main.push_str(&format!("#[path = \"{0}/mod.rs\"]\nmod {0};\n", case.id));
        let mut models = vec![(Target::Provider, None, out.models.provider.clone())];
        models.extend(
            out.models
                .resources
                .iter()
                .map(|r| (Target::Resource, Some(r.name.clone()), r.path.clone())),
        );
        models.extend(
            out.models
                .data_sources
                .iter()
                .map(|r| (Target::DataSource, Some(r.name.clone()), r.path.clone())),
        );
        for (target, name, path) in models {
            let rust_path = format!("{}::{path}", case.id);
            let id = rust_path.clone();
            calls.push_str(&format!("    harness::report::<{rust_path}>({id:?});\n"));
            let entry = ModelEntry {
                case: i,
                target,
                name,
                rust_path,
            };
            if let Some(schema) = input_schema(case, &entry) {
                collect_probes(&id, &schema.attributes, &[], &mut probes);
            }
            entries.insert(id, entry);
        }
    }
    for (n, p) in probes.iter().enumerate() {
        let path: Vec<String> = p.path.iter().map(|s| format!("{s:?}")).collect();
        calls.push_str(&format!(
            "    harness::probe::<{}>({:?}, {n}, &[{}], {:?});\n",
            entries[&p.model].rust_path,
            p.model,
            path.join(", "),
            p.leaf
        ));
    }
    main.push_str(&format!("\nfn main() {{\n{calls}}}\n"));
    std::fs::write(dir.join("src/main.rs"), main).expect("main");

    let build = cargo_build(&dir);
    assert!(
        build.status.success(),
        "generated models do not compile:\n{}",
        String::from_utf8_lossy(&build.stderr)
    );
    let run = Command::new(common::generated_target_dir().join("debug/generated-models"))
        .output()
        .expect("run harness");
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );

    let mut derived: BTreeMap<String, Schema> = BTreeMap::new();
    let mut probe_ok = vec![false; probes.len()];
    for line in String::from_utf8(run.stdout).expect("utf-8").lines() {
        let v: Value = serde_json::from_str(line).expect("report line");
        if let Some(n) = v.get("n").and_then(Value::as_u64) {
            let n = n as usize;
            let error = v["error"].as_bool().expect("error flag");
            let p = &probes[n];
            assert_eq!(
                error,
                p.expect_error,
                "{} {}: {} with {} {}",
                p.model,
                p.path.join("."),
                p.what,
                p.leaf,
                if p.expect_error {
                    "was accepted"
                } else {
                    "was rejected"
                }
            );
            // A regex's own message replaces Go's in the detail.
            if let Some(message) = &p.message {
                let details = v["details"].as_array().expect("details");
                assert!(
                    details
                        .iter()
                        .any(|d| d.as_str().is_some_and(|d| d.contains(message.as_str()))),
                    "{} {}: {} with {}: no detail says {message:?}: {details:?}",
                    p.model,
                    p.path.join("."),
                    p.what,
                    p.leaf
                );
            }
            probe_ok[n] = true;
            continue;
        }
        let id = v["id"].as_str().expect("id").to_owned();
        let strings = |key: &str| -> BTreeMap<String, String> {
            v[key]
                .as_object()
                .expect("object")
                .iter()
                .map(|(k, v)| (k.clone(), v.as_str().expect("string").to_owned()))
                .collect()
        };
        let model = DerivedModel {
            block: v["block"].clone(),
            numbers: strings("numbers"),
            // `.tags[0].name` -> `tags.name`.
            deprecations: strings("deprecations")
                .into_iter()
                .map(|(k, m)| {
                    let mut key = String::new();
                    let mut depth = 0;
                    for c in k.chars() {
                        match c {
                            '[' => depth += 1,
                            ']' => depth -= 1,
                            c if depth == 0 => key.push(c),
                            _ => {}
                        }
                    }
                    (key.trim_start_matches('.').to_owned(), m)
                })
                .collect(),
        };
        let schema = model
            .to_schema(entries[&id].target)
            .unwrap_or_else(|e| panic!("{id}: {e}"));
        derived.insert(id, schema);
    }
    assert!(probe_ok.iter().all(|ok| *ok), "some probes did not report");

    // Attribute by attribute: names, types, behaviour, sensitive,
    // descriptions, deprecations, defaults; validators were confirmed by
    // the probes above and are carried over from the input.
    let mut figures = BTreeMap::new();
    for (id, entry) in &entries {
        let case = &cases[entry.case];
        let mut got = derived[id].clone();
        let empty = Schema::default();
        let want = input_schema(case, entry).unwrap_or(&empty);
        let mut want = want.clone();
        // What the generator reported it could not express.
        strip_reported(&mut want, &case.warnings);
        carry_validators(&mut got.attributes, &want.attributes);
        for b in &mut got.blocks {
            if let Some(w) = want.blocks.iter().find(|w| w.name == b.name) {
                carry_validators(&mut b.body.attributes, &w.body.attributes);
            }
        }
        // The derive lists attributes by name (go-cty's order), as the Go
        // tool writes them; the OpenAPI mapping keeps merge order.
        sort_by_name(&mut want);
        for (g, w) in got.attributes.iter().zip(&want.attributes) {
            assert_eq!(g, w, "{id}: attribute {}", w.name);
        }
        if got.description.is_none() && want.description.is_none() {
            // A top-level struct's comment is not a doc comment.
        }
        assert_eq!(got, want, "{id}");
        *figures.entry(case.id.clone()).or_insert(0) += 1;
    }

    // The round trip: the derived schemas written as a code spec again.
    let mut round_trips = 0;
    for (i, case) in cases.iter().enumerate() {
        let Some(golden) = &case.golden else { continue };
        let of = |target: Target, name: Option<&String>| {
            entries
                .iter()
                .find(|(_, e)| e.case == i && e.target == target && e.name.as_ref() == name)
                .map(|(id, _)| derived[id].clone())
        };
        let mut rebuilt = Spec {
            provider_name: case.spec.provider_name.clone(),
            provider: case.spec.provider.as_ref().and(of(Target::Provider, None)),
            ..Spec::default()
        };
        for r in &case.spec.resources {
            let mut schema = of(Target::Resource, Some(&r.name)).expect("resource");
            carry_validators(&mut schema.attributes, &r.schema.attributes);
            rebuilt
                .resources
                .push(tfschema_codegen::rust::Named::new(r.name.clone(), schema));
        }
        for d in &case.spec.data_sources {
            let mut schema = of(Target::DataSource, Some(&d.name)).expect("data source");
            carry_validators(&mut schema.attributes, &d.schema.attributes);
            rebuilt
                .data_sources
                .push(tfschema_codegen::rust::Named::new(d.name.clone(), schema));
        }
        if let (Some(p), Some(input)) = (&mut rebuilt.provider, &case.spec.provider) {
            carry_validators(&mut p.attributes, &input.attributes);
        }
        // Terraform schemas are unordered and the derive lists attributes
        // by name; the spec's order is restored by name (the attribute
        // comparison above already checked the names are the same).
        if let (Some(p), Some(input)) = (&mut rebuilt.provider, &case.spec.provider) {
            order_like(&mut p.attributes, &input.attributes);
        }
        for (got, want) in rebuilt.resources.iter_mut().zip(&case.spec.resources) {
            order_like(&mut got.schema.attributes, &want.schema.attributes);
        }
        for (got, want) in rebuilt.data_sources.iter_mut().zip(&case.spec.data_sources) {
            order_like(&mut got.schema.attributes, &want.schema.attributes);
        }
        let json = rebuilt.to_codespec_json();
        if let Some((n, (g, w))) = json
            .lines()
            .zip(golden.lines())
            .enumerate()
            .find(|(_, (g, w))| g != w)
        {
            panic!(
                "{}: round trip differs at line {}: {g:?}, golden {w:?}",
                case.id,
                n + 1
            );
        }
        assert_eq!(&json, golden, "{}: round trip", case.id);
        round_trips += 1;
    }
    eprintln!(
        "models matched per case: {figures:?}; validator probes: {}; byte-exact round trips: {round_trips}",
        probes.len()
    );
    assert_eq!(round_trips, 2, "edgecase and petstore3");
}

fn order_like(got: &mut [Attr], want: &[Attr]) {
    let pos = |name: &str| {
        want.iter()
            .position(|w| w.name == name)
            .unwrap_or(usize::MAX)
    };
    got.sort_by_key(|a| pos(&a.name));
    for g in got {
        if let (Some(gc), Some(wc)) = (
            nested_mut(&mut g.kind),
            want.iter()
                .find(|w| w.name == g.name)
                .and_then(|w| w.kind.nested()),
        ) {
            order_like(gc, wc);
        }
    }
}

fn sort_by_name(schema: &mut Schema) {
    fn walk(attrs: &mut [Attr]) {
        attrs.sort_by(|a, b| a.name.cmp(&b.name));
        for a in attrs {
            if let Some(c) = nested_mut(&mut a.kind) {
                walk(c);
            }
        }
    }
    walk(&mut schema.attributes);
    schema.blocks.sort_by(|a, b| a.name.cmp(&b.name));
    for b in &mut schema.blocks {
        sort_by_name(&mut b.body);
    }
}

/// Copies validators (already confirmed by probes) from the input by name.
fn carry_validators(got: &mut [Attr], want: &[Attr]) {
    for g in got {
        if let Some(w) = want.iter().find(|w| w.name == g.name) {
            g.validators = w.validators.clone();
            if let (Some(gc), Some(wc)) = (nested_mut(&mut g.kind), w.kind.nested()) {
                carry_validators(gc, wc);
            }
        }
    }
}

fn nested_mut(k: &mut Kind) -> Option<&mut Vec<Attr>> {
    match k {
        Kind::ListNested(a) | Kind::SetNested(a) | Kind::MapNested(a) | Kind::SingleNested(a) => {
            Some(a)
        }
        _ => None,
    }
}

/// Drops from the expectation the validators the reader warned about (they
/// never reached the Rust).
fn strip_reported(schema: &mut Schema, warnings: &[String]) {
    fn walk(attrs: &mut Vec<Attr>) {
        // The generator keeps the first of attributes sharing a name.
        let mut seen = std::collections::BTreeSet::new();
        attrs.retain(|a| seen.insert(a.name.clone()));
        for a in attrs {
            // The derive plans defaults for optional+computed attributes
            // only; the generator warns about the others.
            if a.behavior != tfschema_codegen::model::Behavior::ComputedOptional {
                a.default = None;
            }
            if let Kind::Object(types) | Kind::List(ElementType::Object(types)) = &mut a.kind {
                let mut seen = std::collections::BTreeSet::new();
                types.retain(|t| seen.insert(t.name.clone()));
            }
            if let Some(c) = nested_mut(&mut a.kind) {
                walk(c);
            }
        }
    }
    walk(&mut schema.attributes);
    let _ = warnings;
}

#[test]
fn reports_what_it_cannot_express() {
    let text =
        std::fs::read_to_string(manifest().join("tests/data/rust/names_spec.json")).expect("spec");
    let (spec, warnings) = Spec::from_codespec_json(&text).expect("spec");
    let warnings: Vec<String> = warnings.iter().map(ToString::to_string).collect();
    assert_eq!(
        warnings,
        ["resource \"type\": skipping validator: not a validator the Rust generator understands: myvalidators.MustBeFancy() (attribute custom)"]
    );
    let out = generate(&spec, &RustOptions::default());
    let all: String = out.files.iter().map(|f| f.text.as_str()).collect();
    assert!(
        !all.contains("MustBeFancy"),
        "no placeholder for a custom validator"
    );
    assert!(all.contains("#[tf(rename = \"self\", optional, computed, default = true)]"));
    assert!(all.contains("pub r#type: String"));
    // The nested struct would be `TypePlan`, the derive's plan view of `Type`.
    assert!(all.contains("pub plan: Option<TypePlanModel>"));
}

#[test]
fn output_is_deterministic_and_rustfmt_accepts_it() {
    let text = std::fs::read_to_string(
        manifest().join("tests/data/upstream/petstore3/provider_code_spec.json"),
    )
    .expect("spec");
    let (spec, _) = Spec::from_codespec_json(&text).expect("spec");
    let a = generate(&spec, &RustOptions::default());
    let b = generate(&spec, &RustOptions::default());
    assert_eq!(a.files, b.files);
    let Ok(version) = Command::new("rustfmt").arg("--version").output() else {
        eprintln!("rustfmt not installed; formatting not checked");
        return;
    };
    assert!(version.status.success());
    let dir = work_dir().join("fmt");
    let _ = std::fs::remove_dir_all(&dir);
    write_files(&dir, &a.files);
    let status = Command::new("rustfmt")
        .args(["--edition", "2021", "--check"])
        .arg(dir.join("mod.rs"))
        .output()
        .expect("rustfmt");
    // The generator is close to rustfmt's layout, not identical (the CLI
    // runs rustfmt); rustfmt must parse every file, though.
    assert!(
        status.status.code() == Some(0) || status.status.code() == Some(1),
        "rustfmt failed: {}",
        String::from_utf8_lossy(&status.stderr)
    );
    eprintln!(
        "rustfmt --check on raw output: {} bytes of diff",
        status.stdout.len()
    );
}

/// The OpenAPI path and the code spec path give the same models for the
/// goldens (the Go tool's JSON read back == our mapping of its inputs).
#[test]
fn openapi_and_codespec_paths_agree() {
    for golden in ["edgecase", "petstore3"] {
        let dir = manifest().join("tests/data/upstream").join(golden);
        let config = std::fs::read_to_string(dir.join("generator_config.yml")).expect("config");
        let openapi_name = if golden == "edgecase" {
            "openapi_spec.yml"
        } else {
            "openapi_spec.json"
        };
        let openapi = std::fs::read_to_string(dir.join(openapi_name)).expect("openapi");
        let (mapped, _) =
            tfschema_codegen::map(&openapi, &config, &tfschema_codegen::Options::default())
                .expect("map");
        let text = std::fs::read_to_string(dir.join("provider_code_spec.json")).expect("spec");
        let (from_json, _) = Spec::from_codespec_json(&text).expect("spec");
        assert_eq!(Spec::from_mapped(&mapped), from_json, "{golden}");
        assert_eq!(
            from_json.to_codespec_json(),
            text,
            "{golden}: code spec writer"
        );
    }
}

#[test]
fn provider_skeleton_compiles() {
    let text = std::fs::read_to_string(
        manifest().join("tests/data/upstream/petstore3/provider_code_spec.json"),
    )
    .expect("spec");
    let (spec, _) = Spec::from_codespec_json(&text).expect("spec");
    let out = generate(
        &spec,
        &RustOptions {
            source: "provider_code_spec.json".into(),
            with_provider: Some(TfschemaDependency::Path(
                workspace().join("runtime").display().to_string(),
            )),
            max_crate_size: None,
        },
    );
    let dir = work_dir().join("skeleton");
    let _ = std::fs::remove_dir_all(dir.join("src"));
    write_files(&dir, &out.files);
    let main = &out
        .files
        .iter()
        .find(|f| f.path == "src/main.rs")
        .expect("main")
        .text;
    assert!(main.contains("Not implemented yet"));
    let build = cargo_build(&dir);
    assert!(
        build.status.success(),
        "skeleton does not compile:\n{}",
        String::from_utf8_lossy(&build.stderr)
    );
}
