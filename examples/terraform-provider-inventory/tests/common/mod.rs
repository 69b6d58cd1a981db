//! Drives the provider the way Terraform does, without Terraform: the
//! `RawProvider` calls with dynamic values, proposals made by
//! `proposed_new`, against a database file in a fresh temporary directory.

#![allow(dead_code, clippy::panic)]

use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};

use terraform_provider_inventory::provider::Inventory;
use terraform_provider_inventory::store::{ItemRow, Store};
use terraform_provider_inventory::{provider, Options};
use tfschema::diag::{Diagnostics, Severity};
use tfschema::server::proto::tfplugin6 as pb;
use tfschema::server::proto::tfplugin6::provider_server::Provider as _;
use tfschema::server::proto::{Grpc6, GrpcProvider};
use tfschema::server::raw::{self, ClientCapabilities, RawProvider, StopSignal};
use tfschema::server::testing::proposed_new;
use tfschema::server::typed::TypedProvider;
use tfschema::{json, msgpack, TfEncode, Value};
use tonic::Request;

static NEXT_DIR: AtomicUsize = AtomicUsize::new(0);

/// A directory removed when dropped.
pub struct TempDir(pub PathBuf);

impl TempDir {
    pub fn new() -> TempDir {
        let n = NEXT_DIR.fetch_add(1, Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!(
            "inventory-test-{}-{n}-{}",
            std::process::id(),
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .expect("clock")
                .as_nanos()
        ));
        std::fs::create_dir_all(&dir).expect("temp dir");
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A configured provider over a database file.
pub struct Harness {
    pub provider: TypedProvider<Inventory>,
    pub db: PathBuf,
    pub write_only_allowed: bool,
}

/// The public test harness (`tfschema::server::testing`) over the provider,
/// on protocol 5 or 6, configured with a fresh database in `dir`.
pub async fn testing_harness(
    dir: &TempDir,
    protocol: u32,
) -> tfschema::server::testing::Harness<TypedProvider<Inventory>> {
    let h = tfschema::server::testing::Harness::new(provider(Options::default()));
    let h = if protocol == 5 { h.protocol_5() } else { h };
    let db = dir.0.join("inventory.db");
    let d = h
        .configure(Value::object([(
            "database_path",
            Value::string(db.to_string_lossy()),
        )]))
        .await;
    assert!(!d.has_errors(), "{:#?}", lines(&d));
    h
}

/// The errors and warnings of a call, one line each.
pub fn lines(d: &Diagnostics) -> Vec<String> {
    d.iter()
        .map(|d| {
            let sev = match d.severity {
                Severity::Error => "error",
                Severity::Warning => "warning",
            };
            format!("{sev}|{}|{}|{}", d.path_string(), d.summary, d.detail)
        })
        .collect()
}

pub fn assert_ok(d: &Diagnostics) {
    assert!(!d.has_errors(), "{:#?}", lines(d));
}

/// `m.to_value()` with its top-level unknowns (the computed attributes)
/// null: a configuration that leaves them out.
pub fn config_of<M: TfEncode>(m: &M) -> Value {
    let Value::Object(mut attrs) = m.to_value() else {
        panic!("not an object")
    };
    for v in attrs.values_mut() {
        if let Value::Unknown(ty, _) = v {
            *v = Value::Null(ty.clone());
        }
    }
    Value::Object(attrs)
}

/// The attribute `name` of an object value.
pub fn get<'v>(value: &'v Value, name: &str) -> &'v Value {
    match value {
        Value::Object(attrs) => attrs
            .get(name)
            .unwrap_or_else(|| panic!("no attribute {name}")),
        other => panic!("{name} of a non-object {other:?}"),
    }
}

pub fn set(value: &mut Value, name: &str, v: Value) {
    match value {
        Value::Object(attrs) => {
            attrs.insert(name.to_owned(), v);
        }
        other => panic!("{name} of a non-object {other:?}"),
    }
}

pub fn string(value: &Value, name: &str) -> String {
    match get(value, name) {
        Value::String(s) => s.clone(),
        other => panic!("{name} is {other:?}"),
    }
}

impl Harness {
    /// The provider assembled with `options`, configured with a fresh
    /// database in `dir`.
    pub async fn new(dir: &TempDir, options: Options) -> Harness {
        let h = Harness {
            provider: provider(options),
            db: dir.0.join("inventory.db"),
            write_only_allowed: true,
        };
        h.configure().await;
        h
    }

    pub async fn configure(&self) {
        let config = Value::object([("database_path", Value::string(self.db.to_string_lossy()))]);
        let d = self
            .provider
            .validate_provider_config(
                raw::ValidateProviderConfigRequest {
                    config: config.clone().into(),
                },
                StopSignal::never(),
            )
            .await;
        assert_ok(&d);
        let d = self
            .provider
            .configure_provider(
                raw::ConfigureProviderRequest {
                    terraform_version: "1.15.5".into(),
                    config: config.into(),
                    client_capabilities: self.capabilities(),
                },
                StopSignal::never(),
            )
            .await;
        assert_ok(&d);
    }

    fn capabilities(&self) -> ClientCapabilities {
        ClientCapabilities {
            deferral_allowed: false,
            write_only_attributes_allowed: self.write_only_allowed,
            ..ClientCapabilities::default()
        }
    }

    /// A second handle on the database, as another process would open it.
    pub fn store(&self) -> Store {
        Store::open(&self.db).expect("open")
    }

    pub fn row(&self, id: &str) -> Option<ItemRow> {
        self.store().get_item(id).expect("get")
    }

    pub fn null_state(&self, type_name: &str) -> Value {
        Value::Null(self.resource_block(type_name).implied_type())
    }

    pub fn resource_block(&self, type_name: &str) -> tfschema::schema::Block {
        self.provider.schema().resources[type_name].block.clone()
    }

    pub async fn validate(&self, type_name: &str, config: &Value) -> Diagnostics {
        self.provider
            .validate_resource_config(
                raw::ValidateResourceConfigRequest {
                    type_name: type_name.into(),
                    config: config.clone().into(),
                    client_capabilities: self.capabilities(),
                },
                StopSignal::never(),
            )
            .await
    }

    /// Validates `config`, then plans from `prior` with Terraform's
    /// proposal.
    pub async fn plan(&self, type_name: &str, prior: &Value, config: &Value) -> Planned {
        if !config.is_null() {
            assert_ok(&self.validate(type_name, config).await);
        }
        let proposed = proposed_new(&self.resource_block(type_name), prior, config);
        self.provider
            .plan_resource_change(
                raw::PlanResourceChangeRequest {
                    type_name: type_name.into(),
                    prior_state: prior.clone().into(),
                    proposed_new_state: proposed.into(),
                    config: config.clone().into(),
                    prior_private: Vec::new(),
                    provider_meta: None,
                    client_capabilities: self.capabilities(),
                    prior_identity: None,
                    planned_private: Vec::new(),
                },
                StopSignal::never(),
            )
            .await
            .into()
    }

    pub async fn apply_planned(
        &self,
        type_name: &str,
        prior: &Value,
        planned: &Value,
        config: &Value,
    ) -> Applied {
        self.provider
            .apply_resource_change(
                raw::ApplyResourceChangeRequest {
                    type_name: type_name.into(),
                    prior_state: prior.clone().into(),
                    planned_state: planned.clone().into(),
                    config: config.clone().into(),
                    planned_private: Vec::new(),
                    provider_meta: None,
                    planned_identity: None,
                },
                StopSignal::never(),
            )
            .await
            .into()
    }

    /// Plans and applies `config` over `prior` (null config: destroy);
    /// the new state.
    pub async fn apply(&self, type_name: &str, prior: &Value, config: &Value) -> Value {
        let plan = self.plan(type_name, prior, config).await;
        assert_ok(&plan.diagnostics);
        let planned = plan.planned_state.expect("planned state");
        let applied = self.apply_planned(type_name, prior, &planned, config).await;
        assert_ok(&applied.diagnostics);
        applied.new_state.expect("new state")
    }

    /// Refresh: `None` when the object is gone.
    pub async fn read(&self, type_name: &str, state: &Value) -> Option<Value> {
        let r = self
            .provider
            .read_resource(
                raw::ReadResourceRequest {
                    type_name: type_name.into(),
                    current_state: state.clone().into(),
                    private: Vec::new(),
                    provider_meta: None,
                    client_capabilities: self.capabilities(),
                    current_identity: None,
                },
                StopSignal::never(),
            )
            .await;
        assert_ok(&r.diagnostics);
        values(r.new_state).filter(|s| !s.is_null())
    }

    pub async fn import(&self, type_name: &str, id: &str) -> Imported {
        self.provider
            .import_resource_state(
                raw::ImportResourceStateRequest {
                    type_name: type_name.into(),
                    id: id.into(),
                    client_capabilities: self.capabilities(),
                    identity: None,
                },
                StopSignal::never(),
            )
            .await
            .into()
    }

    /// `UpgradeResourceState` with `state` as Terraform stores it (JSON),
    /// written by schema `version` of type `ty`.
    pub async fn upgrade(&self, type_name: &str, version: i64, state: &Value) -> Upgraded {
        let text = json::value_to_string(state, &state.ty()).expect("state json");
        self.provider
            .upgrade_resource_state(
                raw::UpgradeResourceStateRequest {
                    type_name: type_name.into(),
                    version,
                    raw_state_json: Some(text.into_bytes()),
                },
                StopSignal::never(),
            )
            .await
            .into()
    }

    pub async fn read_data(&self, type_name: &str, config: &Value) -> DataRead {
        let d = self
            .provider
            .validate_data_source_config(
                raw::ValidateDataSourceConfigRequest {
                    type_name: type_name.into(),
                    config: config.clone().into(),
                },
                StopSignal::never(),
            )
            .await;
        assert_ok(&d);
        self.provider
            .read_data_source(
                raw::ReadDataSourceRequest {
                    type_name: type_name.into(),
                    config: config.clone().into(),
                    provider_meta: None,
                    client_capabilities: self.capabilities(),
                },
                StopSignal::never(),
            )
            .await
            .into()
    }
}

/// A value the provider answered with, decoded (they are read as a
/// `Value` here, as Terraform would).
pub fn values(value: Option<raw::DynamicValue>) -> Option<Value> {
    value.map(|v| {
        v.into_value()
            .expect("the provider answered a readable value")
    })
}

/// `PlanResourceChange`'s answer, values decoded.
pub struct Planned {
    pub planned_state: Option<Value>,
    pub requires_replace: Vec<Vec<tfschema::PathStep>>,
    pub planned_private: Vec<u8>,
    pub diagnostics: Diagnostics,
}

impl From<raw::PlanResourceChangeResponse> for Planned {
    fn from(r: raw::PlanResourceChangeResponse) -> Self {
        Planned {
            planned_state: values(r.planned_state),
            requires_replace: r.requires_replace,
            planned_private: r.planned_private,
            diagnostics: r.diagnostics,
        }
    }
}

/// `ApplyResourceChange`'s answer, values decoded.
pub struct Applied {
    pub new_state: Option<Value>,
    pub private: Vec<u8>,
    pub diagnostics: Diagnostics,
}

impl From<raw::ApplyResourceChangeResponse> for Applied {
    fn from(r: raw::ApplyResourceChangeResponse) -> Self {
        Applied {
            new_state: values(r.new_state),
            private: r.private,
            diagnostics: r.diagnostics,
        }
    }
}

/// One imported object, its state decoded.
pub struct ImportedResource {
    pub type_name: String,
    pub state: Value,
    pub private: Vec<u8>,
}

/// `ImportResourceState`'s answer, values decoded.
pub struct Imported {
    pub imported_resources: Vec<ImportedResource>,
    pub diagnostics: Diagnostics,
}

impl From<raw::ImportResourceStateResponse> for Imported {
    fn from(r: raw::ImportResourceStateResponse) -> Self {
        Imported {
            imported_resources: r
                .imported_resources
                .into_iter()
                .map(|i| ImportedResource {
                    type_name: i.type_name,
                    state: values(Some(i.state)).unwrap_or(Value::Null(tfschema::Type::Dynamic)),
                    private: i.private,
                })
                .collect(),
            diagnostics: r.diagnostics,
        }
    }
}

/// `UpgradeResourceState`'s answer, values decoded.
pub struct Upgraded {
    pub upgraded_state: Option<Value>,
    pub diagnostics: Diagnostics,
}

impl From<raw::UpgradeResourceStateResponse> for Upgraded {
    fn from(r: raw::UpgradeResourceStateResponse) -> Self {
        Upgraded {
            upgraded_state: values(r.upgraded_state),
            diagnostics: r.diagnostics,
        }
    }
}

/// `ReadDataSource`'s answer, values decoded.
pub struct DataRead {
    pub state: Option<Value>,
    pub diagnostics: Diagnostics,
}

impl From<raw::ReadDataSourceResponse> for DataRead {
    fn from(r: raw::ReadDataSourceResponse) -> Self {
        DataRead {
            state: values(r.state),
            diagnostics: r.diagnostics,
        }
    }
}

/// The provider served by `GrpcProvider` on protocol 6.
pub type Served = Grpc6<TypedProvider<terraform_provider_inventory::provider::Inventory>>;

/// The provider on protocol 6, configured with a database in `dir`.
pub async fn served(dir: &TempDir) -> Served {
    let grpc = GrpcProvider::new(provider(Options::default())).v6();
    let ty = Value::object([(
        "database_path",
        Value::string(dir.0.join("inventory.db").to_string_lossy()),
    )]);
    let config = msgpack::value_to_vec(&ty, &ty.ty()).expect("config encodes");
    let answer = grpc
        .configure_provider(Request::new(pb::configure_provider::Request {
            terraform_version: "1.15.5".into(),
            config: Some(msgpack_dv(config)),
            client_capabilities: None,
        }))
        .await
        .expect("answered")
        .into_inner();
    assert!(answer.diagnostics.is_empty(), "{:?}", answer.diagnostics);
    grpc
}

/// A `DynamicValue` of msgpack bytes.
pub fn msgpack_dv(bytes: Vec<u8>) -> pb::DynamicValue {
    pb::DynamicValue {
        msgpack: bytes,
        json: Vec::new(),
    }
}
