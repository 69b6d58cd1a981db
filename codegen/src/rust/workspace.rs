//! `--with-provider` for a provider too large for one crate: a Cargo
//! workspace, grouped by [`super::layout`].
//!
//! ```text
//! Cargo.toml            the provider binary and the [workspace]
//! src/main.rs           provider(): each group's register(), then main
//! src/functions.rs      provider-defined functions, when there are any
//! crates/core/          the provider configuration model, Client, the
//!                       provider type and its configure
//! crates/<group>/       the models of a group of types (src/models/) and
//!                       their hooks (src/lib.rs), with register()
//! ```
//!
//! The hooks live beside their models, not in the binary: registering a
//! type instantiates the typed server's adapters for its model in the
//! crate that names both, so hooks for every type in the binary would make
//! it one crate of everything again. Editing one hook recompiles its group
//! and relinks; editing `configure` or `Client` (in `core`) recompiles the
//! groups, which all depend on it.

use super::emit::{self, File, Models};
use super::functions::FunctionRef;
use super::layout::Group;
use super::skeleton::{self, toml_str, TfschemaDependency};
use crate::error::Warning;
use crate::model::{Named, Spec};

/// What the workspace is written from.
pub(super) struct Input<'a> {
    pub(super) spec: &'a Spec,
    /// The whole provider's models, as one crate would hold them (its
    /// `provider.rs` goes to `core`).
    pub(super) models: &'a Models,
    pub(super) groups: &'a [Group],
    pub(super) functions: &'a [FunctionRef],
    pub(super) dep: &'a TfschemaDependency,
    /// The header of hand-editable files.
    pub(super) header: &'a str,
    /// What the models were generated from (for their headers).
    pub(super) source: &'a str,
}

/// The workspace's files, in a fixed order.
pub(super) fn files(input: &Input<'_>) -> Vec<File> {
    let name = &input.spec.provider_name;
    let package = format!("terraform-provider-{name}");
    let core = format!("{package}-core");
    let core_lib = core.replace('-', "_");
    let mut types = skeleton::hook_names();
    let provider_type = skeleton::provider_type(&mut types, name);

    let mut files = vec![root_manifest(input, &package, &core), cargo_config()];
    files.extend(core_crate(input, &core, &provider_type));
    let mut registers = String::new();
    for group in input.groups {
        let member = format!("{package}-{}", group.name);
        registers.push_str(&format!(
            "    let provider = {}::register(provider);\n",
            member.replace('-', "_")
        ));
        let dir = format!("crates/{}", group.name);
        files.push(member_manifest(&dir, &member, &core));
        let models = group_models(input, group);
        let hooks = skeleton::hooks(&models, &mut types);
        files.push(group_lib(
            input,
            group,
            &models,
            &hooks,
            &core_lib,
            &provider_type,
        ));
        files.extend(models.files.into_iter().map(|f| File {
            path: format!("{dir}/src/models/{}", f.path),
            text: f.text,
        }));
    }
    let mut functions = String::new();
    for f in input.functions {
        functions.push_str(&format!("\n        .function(functions::{} {{}})", f.ident));
    }
    let mut main = input.header.to_owned();
    main.push_str(&format!(
        "//! The `{name}` Terraform provider. The types are registered by the\n\
         //! crates under `crates/`, each holding the models and hooks of a group\n\
         //! of types; the provider configuration and client are in `crates/core`.\n\n"
    ));
    if !input.functions.is_empty() {
        main.push_str("mod functions;\n\n");
    }
    main.push_str(&format!(
        "use std::process::ExitCode;\n\n\
         use {core_lib}::{provider_type};\n\
         use tfschema::server::typed::TypedProvider;\n\n\
         /// The provider with every type and function registered.\n\
         pub fn provider() -> TypedProvider<{provider_type}> {{\n\
         \x20   let provider = TypedProvider::new({provider_type});\n\
         {registers}\
         \x20   provider{functions}\n\
         }}\n\n\
         fn main() -> ExitCode {{\n    provider().run()\n}}\n"
    ));
    files.push(File {
        path: "src/main.rs".into(),
        text: main,
    });
    files
}

fn root_manifest(input: &Input<'_>, package: &str, core: &str) -> File {
    let dep = match input.dep {
        TfschemaDependency::Version(v) => format!("version = {}", toml_str(v)),
        TfschemaDependency::Path(p) => format!("path = {}", toml_str(p)),
    };
    let mut members = format!("{} = {{ path = \"crates/core\" }}\n", toml_str(core));
    for g in input.groups {
        members.push_str(&format!(
            "{} = {{ path = {} }}\n",
            toml_str(&format!("{package}-{}", g.name)),
            toml_str(&format!("crates/{}", g.name))
        ));
    }
    File {
        path: "Cargo.toml".into(),
        text: format!(
            "{}\
             tfschema.workspace = true\n\
             {members}\
             \n\
             # The provider's types in crates of a bounded size, so that no one\n\
             # rustc holds them all and the crates build in parallel.\n\
             [workspace]\n\
             members = [\"crates/*\"]\n\
             \n\
             [workspace.dependencies]\n\
             tfschema = {{ {dep}, features = [\"server\"] }}\n",
            skeleton::manifest_head(package)
        ),
    }
}

/// `.cargo/config.toml`: split debug info on Linux. With the dev profile's
/// full debug info inside the objects, the binary's link read up to 230 MB
/// of objects per group crate, three quarters of it DWARF, and rust-lld
/// peaked at 9.1 GiB for the AWS provider. Split, most of the DWARF stays
/// in `.dwo` files that debuggers read and the linker never opens (100 MB
/// of objects for that crate; a peak of 4.1 GiB, of which 1.2 GiB the
/// linker's own memory, the rest mapped input and output files). A profile
/// cannot say it: `split-debuginfo = "unpacked"` is an error on Windows
/// (MSVC has only `packed`), and macOS already splits by default.
fn cargo_config() -> File {
    File {
        path: ".cargo/config.toml".into(),
        text: "# Generated by tfschema; edit freely.\n\
               # The dev profile's debug info in .dwo files beside the objects (split\n\
               # DWARF): the link of a provider this size then reads less than half the\n\
               # bytes and takes less than half the memory, and debuggers still\n\
               # see everything. RUSTFLAGS in the environment replaces this.\n\
               [target.'cfg(target_os = \"linux\")']\n\
               rustflags = [\"-C\", \"split-debuginfo=unpacked\"]\n"
            .into(),
    }
}

fn member_manifest(dir: &str, package: &str, core: &str) -> File {
    File {
        path: format!("{dir}/Cargo.toml"),
        text: format!(
            "{}\
             tfschema.workspace = true\n\
             {} = {{ path = \"../core\" }}\n",
            skeleton::manifest_head(package),
            toml_str(core)
        ),
    }
}

/// `crates/core`: the provider configuration's model, `Client`, the
/// provider type and `not_implemented`.
fn core_crate(input: &Input<'_>, core: &str, provider_type: &str) -> Vec<File> {
    let mut manifest = member_manifest("crates/core", core, core);
    // core depends on tfschema only.
    let own = format!("{} = {{ path = \"../core\" }}\n", toml_str(core));
    manifest.text = manifest.text.replace(&own, "");
    let mut lib = input.header.to_owned();
    lib.push_str(&format!(
        "//! The `{}` provider's configuration and client, which every crate of\n\
         //! types builds on.\n\n\
         pub mod models;\n\n\
         use tfschema::diag::Diagnostics;\n\
         use tfschema::server::typed::{{PlanView, Provider}};\n\n",
        input.spec.provider_name
    ));
    lib.push_str(&skeleton::preamble(
        provider_type,
        &input.models.provider,
        "pub ",
    ));
    let config = input
        .models
        .files
        .iter()
        .find(|f| f.path == "provider.rs")
        .map(|f| f.text.clone())
        .unwrap_or_default();
    let models_header = input
        .models
        .files
        .first()
        .map(|f| f.text.lines().next().unwrap_or_default().to_owned())
        .unwrap_or_default();
    vec![
        manifest,
        File {
            path: "crates/core/src/lib.rs".into(),
            text: lib,
        },
        File {
            path: "crates/core/src/models/mod.rs".into(),
            text: format!("{models_header}\n\npub mod provider;\n"),
        },
        File {
            path: "crates/core/src/models/provider.rs".into(),
            text: config,
        },
    ]
}

/// The models of one group: the spec's types of those names, written as
/// one crate would write them (less the provider configuration). Warnings
/// were reported when the whole provider's models were written.
fn group_models(input: &Input<'_>, group: &Group) -> Models {
    let keep = |list: &[Named]| -> Vec<Named> {
        list.iter()
            .filter(|n| group.types.binary_search(&n.name).is_ok())
            .cloned()
            .collect()
    };
    let spec = input.spec;
    let part = Spec {
        provider_name: spec.provider_name.clone(),
        provider: None,
        resources: keep(&spec.resources),
        data_sources: keep(&spec.data_sources),
        ephemeral_resources: keep(&spec.ephemeral_resources),
        list_resources: keep(&spec.list_resources),
        actions: keep(&spec.actions),
        functions: Vec::new(),
    };
    let mut seen: Vec<Warning> = Vec::new();
    emit::models_of(&part, input.source, &mut seen, false)
}

/// `crates/<group>/src/lib.rs`: the group's hooks and `register`.
fn group_lib(
    input: &Input<'_>,
    group: &Group,
    models: &Models,
    hooks: &skeleton::Hooks,
    core_lib: &str,
    provider_type: &str,
) -> File {
    let mut uses = vec!["Ctx", "TypedProvider"];
    uses.extend(skeleton::hook_uses(models));
    uses.sort_unstable();
    // List resources reach the client through `ListClient`.
    let client = !(models.resources.is_empty()
        && models.data_sources.is_empty()
        && models.ephemeral_resources.is_empty()
        && models.actions.is_empty());
    let core_items = if client {
        format!("not_implemented, Client, {provider_type}")
    } else {
        format!("not_implemented, {provider_type}")
    };
    let mut lib = input.header.to_owned();
    lib.push_str(&format!(
        "//! The `{}` provider's types {}: their models (`models`) and hooks.\n\n\
         pub mod models;\n\n\
         use tfschema::diag::Diagnostics;\n\
         use tfschema::server::typed::{{{}}};\n\
         use {core_lib}::{{{core_items}}};\n",
        input.spec.provider_name,
        type_list(group),
        uses.join(", "),
    ));
    lib.push_str(&hooks.impls);
    lib.push_str(&format!(
        "\n/// Registers this crate's types with the provider.\n\
         pub fn register(provider: TypedProvider<{provider_type}>) -> TypedProvider<{provider_type}> {{\n\
         \x20   provider{}\n\
         }}\n",
        hooks.registrations
    ));
    File {
        path: format!("crates/{}/src/lib.rs", group.name),
        text: lib,
    }
}

/// `` `a`, `b` and `c` `` or `` `a` to `z` `` for a module doc.
fn type_list(group: &Group) -> String {
    match group.types.as_slice() {
        [] => String::new(),
        [one] => format!("`{one}`"),
        [first, .., last] => format!("`{first}` to `{last}`"),
    }
}

/// The crate names of a layout, for messages.
pub(super) fn crate_names(groups: &[Group]) -> Vec<String> {
    std::iter::once("core".to_owned())
        .chain(groups.iter().map(|g| g.name.clone()))
        .collect()
}
