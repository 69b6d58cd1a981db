//! Resource identity and moving state between types in the typed layer,
//! driven through the real gRPC handlers by the public harness on
//! protocols 5 and 6: identity schemas, identities through create, read,
//! update, import and moves, the check that an identity does not change
//! after create, Terraform without identities (before 1.12, OpenTofu),
//! identity upgrades, import by identity with missing or wrong attributes,
//! and moves from accepted and unknown source types.
//!
//! Expected values are written out by hand.

#![cfg(feature = "server")]

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use tfschema::diag::Diagnostics;
use tfschema::server::raw::{IdentityAttribute, IdentitySchema};
use tfschema::server::testing::{Harness, MoveFrom, StateResult};
use tfschema::server::typed::{
    Ctx, IdentityUpgrade, MoveSource, PlanView, Provider, Resource, ResourceIdentity, TypedProvider,
};
use tfschema::{TfSchema, TfValue, Type, Unknown, Value};

#[derive(TfSchema, TfValue, Debug, Clone)]
struct Config {}

/// A disk.
#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
struct Disk {
    #[tf(computed, use_state_for_unknown)]
    id: Unknown<String>,
    name: String,
    #[tf(requires_replace)]
    zone: Option<String>,
    size: i64,
}

/// Names one disk.
#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
#[tf(identity, version = 1)]
struct DiskIdentity {
    /// The disk's id.
    id: String,
    /// Its zone, when it has one.
    zone: Option<String>,
}

/// The identity of version 0: the id was called `disk_id`.
#[derive(TfSchema, TfValue, Debug, Clone)]
#[tf(identity)]
struct DiskIdentityV0 {
    disk_id: String,
}

/// The type disks used to be: `x_volume`, without identity.
#[derive(TfSchema, TfValue, Debug, Clone)]
#[tf(version = 2)]
struct Volume {
    #[tf(computed, use_state_for_unknown)]
    id: Unknown<String>,
    label: String,
    gigabytes: i64,
}

#[derive(Debug, Default)]
struct Store {
    next: AtomicU64,
    disks: Mutex<BTreeMap<String, Disk>>,
}

impl Store {
    fn disks(&self) -> std::sync::MutexGuard<'_, BTreeMap<String, Disk>> {
        self.disks.lock().unwrap_or_else(|p| p.into_inner())
    }
}

struct TestProvider(Arc<Store>);

impl Provider for TestProvider {
    type Config = Config;
    type Client = Arc<Store>;

    async fn configure(
        &self,
        _: PlanView<Config>,
        _: &mut Diagnostics,
    ) -> Result<Arc<Store>, Diagnostics> {
        Ok(Arc::clone(&self.0))
    }
}

/// How a disk resource behaves: `Named` is buggy on purpose (its identity
/// is the name, which can change in place); `NoImport` lacks
/// `import_by_identity`; `Liar` imports another disk than the one named;
/// `Zonal` cannot tell its identity without a zone.
#[derive(Clone, Copy, PartialEq)]
enum Kind {
    Good,
    Named,
    NoImport,
    Liar,
    Zonal,
}

struct Disks(Kind);

fn id_of(disk: &Disk) -> String {
    disk.id.known().cloned().unwrap_or_default()
}

impl Resource for Disks {
    type Client = Arc<Store>;
    type Model = Disk;

    async fn create(
        &self,
        ctx: &mut Ctx<Arc<Store>>,
        mut planned: Disk,
    ) -> Result<Disk, Diagnostics> {
        let store = ctx.client()?;
        let n = store.next.fetch_add(1, Ordering::SeqCst);
        planned.id = Unknown::Known(format!("disk-{n}"));
        store.disks().insert(id_of(&planned), planned.clone());
        Ok(planned)
    }

    async fn read(
        &self,
        ctx: &mut Ctx<Arc<Store>>,
        current: Disk,
    ) -> Result<Option<Disk>, Diagnostics> {
        Ok(ctx.client()?.disks().get(&id_of(&current)).cloned())
    }

    async fn update(
        &self,
        ctx: &mut Ctx<Arc<Store>>,
        _: Disk,
        planned: Disk,
    ) -> Result<Disk, Diagnostics> {
        ctx.client()?
            .disks()
            .insert(id_of(&planned), planned.clone());
        Ok(planned)
    }

    async fn delete(&self, ctx: &mut Ctx<Arc<Store>>, prior: Disk) -> Result<(), Diagnostics> {
        ctx.client()?.disks().remove(&id_of(&prior));
        Ok(())
    }

    async fn read_by_id(
        &self,
        ctx: &mut Ctx<Arc<Store>>,
        id: &str,
    ) -> Result<Option<Disk>, Diagnostics> {
        Ok(ctx.client()?.disks().get(id).cloned())
    }

    fn move_state(&self, source: MoveSource<'_>) -> Option<Result<Disk, Diagnostics>> {
        if source.type_name != "x_volume" || source.provider_type() != "x" {
            return None;
        }
        Some(source.decode::<Volume>().map(|v| Disk {
            id: v.id,
            name: v.label,
            zone: None,
            size: v.gigabytes,
        }))
    }
}

impl ResourceIdentity for Disks {
    type Identity = DiskIdentity;

    fn identity(&self, disk: &Disk) -> Option<DiskIdentity> {
        let id = match self.0 {
            Kind::Named => disk.name.clone(),
            Kind::Zonal => disk.zone.as_ref().map(|_| disk.name.clone())?,
            _ => disk.id.known()?.clone(),
        };
        Some(DiskIdentity {
            id,
            zone: disk.zone.clone(),
        })
    }

    async fn import_by_identity(
        &self,
        ctx: &mut Ctx<Arc<Store>>,
        identity: DiskIdentity,
    ) -> Result<Disk, Diagnostics> {
        match self.0 {
            Kind::NoImport => Err(Diagnostics::with_error(
                "Import by identity not supported",
                "-",
            )),
            Kind::Liar => {
                let any = ctx.client()?.disks().values().next().cloned();
                any.ok_or_else(|| Diagnostics::with_error("Empty", "no disk"))
            }
            _ => self.import(ctx, &identity.id).await,
        }
    }

    fn upgrade_identity(&self, identity: IdentityUpgrade<'_>) -> Result<DiskIdentity, Diagnostics> {
        match identity.version {
            0 => {
                let old: DiskIdentityV0 = identity.decode()?;
                Ok(DiskIdentity {
                    id: old.disk_id,
                    zone: None,
                })
            }
            v => Err(Diagnostics::with_error(
                "Unsupported identity version",
                format!("{v}"),
            )),
        }
    }
}

/// `x_volume`: a plain resource (no identity, accepts no moves).
struct Volumes;

impl Resource for Volumes {
    type Client = Arc<Store>;
    type Model = Volume;

    async fn create(
        &self,
        _: &mut Ctx<Arc<Store>>,
        mut planned: Volume,
    ) -> Result<Volume, Diagnostics> {
        planned.id = Unknown::Known("vol-1".into());
        Ok(planned)
    }

    async fn read(
        &self,
        _: &mut Ctx<Arc<Store>>,
        current: Volume,
    ) -> Result<Option<Volume>, Diagnostics> {
        Ok(Some(current))
    }

    async fn update(
        &self,
        _: &mut Ctx<Arc<Store>>,
        _: Volume,
        planned: Volume,
    ) -> Result<Volume, Diagnostics> {
        Ok(planned)
    }

    async fn delete(&self, _: &mut Ctx<Arc<Store>>, _: Volume) -> Result<(), Diagnostics> {
        Ok(())
    }
}

fn provider(store: &Arc<Store>) -> TypedProvider<TestProvider> {
    TypedProvider::new(TestProvider(Arc::clone(store)))
        .resource_with_identity("x_disk", Disks(Kind::Good))
        .resource_with_identity("x_named_disk", Disks(Kind::Named))
        .resource_with_identity("x_plain_disk", Disks(Kind::NoImport))
        .resource_with_identity("x_liar_disk", Disks(Kind::Liar))
        .resource_with_identity("x_zonal_disk", Disks(Kind::Zonal))
        .resource("x_volume", Volumes)
}

fn rt() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime")
}

/// Configured harnesses on both protocols, each over its own store.
fn harnesses() -> Vec<(u32, Harness<TypedProvider<TestProvider>>, Arc<Store>)> {
    [5, 6]
        .into_iter()
        .map(|protocol| {
            let store = Arc::new(Store::default());
            let h = Harness::new(provider(&store));
            let h = if protocol == 5 { h.protocol_5() } else { h };
            (protocol, h, store)
        })
        .collect()
}

fn disk_config(name: &str, zone: Option<&str>, size: i64) -> Value {
    Value::object([
        ("id", Value::Null(Type::String)),
        ("name", Value::from(name)),
        ("zone", zone.map_or(Value::Null(Type::String), Value::from)),
        ("size", Value::from(size)),
    ])
}

fn identity(id: &str, zone: Option<&str>) -> Value {
    Value::object([
        ("id", Value::from(id)),
        ("zone", zone.map_or(Value::Null(Type::String), Value::from)),
    ])
}

fn errors(d: &Diagnostics) -> Vec<String> {
    d.iter()
        .map(|d| format!("{}|{}|{}", d.path_string(), d.summary, d.detail))
        .collect()
}

fn assert_ok(what: &str, d: &Diagnostics) {
    assert!(!d.has_errors(), "{what}: {:#?}", errors(d));
}

fn attr(state: &Value, name: &str) -> Value {
    match state {
        Value::Object(attrs) => attrs
            .get(name)
            .cloned()
            .unwrap_or(Value::Null(Type::String)),
        other => panic!("not an object: {other:?}"),
    }
}

/// Creates a disk through plan and apply: its state and identity.
async fn create(
    h: &Harness<TypedProvider<TestProvider>>,
    type_name: &str,
    config: &Value,
) -> StateResult {
    let (plan, state) = h
        .plan_and_apply(type_name, &Value::Null(h.resource_type(type_name)), config)
        .await;
    assert_ok("plan", &plan.diagnostics);
    assert_eq!(plan.planned_identity, None, "no planned identity on create");
    assert_ok("apply", &state.diagnostics);
    state
}

#[test]
fn identity_schemas_are_the_models() {
    rt().block_on(async {
        for (protocol, h, _) in harnesses() {
            assert!(h
                .configure(Value::object(Vec::<(String, Value)>::new()))
                .await
                .is_empty());
            let (schemas, d) = h.identity_schemas().await;
            assert_ok("GetResourceIdentitySchemas", &d);
            let want = IdentitySchema {
                version: 1,
                attributes: vec![
                    IdentityAttribute {
                        name: "id".into(),
                        ty: Type::String,
                        required_for_import: true,
                        optional_for_import: false,
                        description: "The disk's id.".into(),
                    },
                    IdentityAttribute {
                        name: "zone".into(),
                        ty: Type::String,
                        required_for_import: false,
                        optional_for_import: true,
                        description: "Its zone, when it has one.".into(),
                    },
                ],
            };
            assert_eq!(schemas.get("x_disk"), Some(&want), "protocol {protocol}");
            assert!(
                !schemas.contains_key("x_volume"),
                "protocol {protocol}: {schemas:?}"
            );
            assert_eq!(schemas.len(), 5, "protocol {protocol}");
            assert!(
                h.schema().move_resource_state,
                "typed providers answer MoveResourceState"
            );
        }
    });
}

#[test]
fn identity_round_trips_through_create_read_update_and_delete() {
    rt().block_on(async {
        for (protocol, h, _) in harnesses() {
            h.configure(Value::object(Vec::<(String, Value)>::new()))
                .await;
            let config = disk_config("data", Some("z1"), 10);
            let created = create(&h, "x_disk", &config).await;
            let id = attr(&created.state, "id");
            let Value::String(id) = id else {
                panic!("id {id:?}")
            };
            let want = identity(&id, Some("z1"));
            assert_eq!(
                created.identity.as_ref(),
                Some(&want),
                "protocol {protocol}: create"
            );

            let read = h
                .read_with_identity(
                    "x_disk",
                    &created.state,
                    created.identity.as_ref(),
                    Vec::new(),
                )
                .await;
            assert_ok("read", &read.diagnostics);
            assert_eq!(
                read.identity.as_ref(),
                Some(&want),
                "protocol {protocol}: read"
            );

            // An update plans the stored identity and keeps it.
            let bigger = disk_config("data", Some("z1"), 20);
            let plan = h
                .plan_with_identity("x_disk", &read.state, read.identity.as_ref(), &bigger)
                .await;
            assert_ok("plan", &plan.diagnostics);
            assert_eq!(
                plan.planned_identity.as_ref(),
                Some(&want),
                "protocol {protocol}: plan"
            );
            let updated = h.apply("x_disk", &read.state, &plan, &bigger).await;
            assert_ok("update", &updated.diagnostics);
            assert_eq!(attr(&updated.state, "size"), Value::from(20));
            assert_eq!(
                updated.identity.as_ref(),
                Some(&want),
                "protocol {protocol}: update"
            );

            // Destroy: no identity planned or returned.
            let null = Value::Null(h.resource_type("x_disk"));
            let plan = h
                .plan_with_identity("x_disk", &updated.state, updated.identity.as_ref(), &null)
                .await;
            assert_ok("plan destroy", &plan.diagnostics);
            assert_eq!(plan.planned_identity, None);
            let gone = h.apply("x_disk", &updated.state, &plan, &null).await;
            assert_ok("destroy", &gone.diagnostics);
            assert!(gone.state.is_null());
            assert_eq!(gone.identity, None);
        }
    });
}

#[test]
fn an_identity_that_changes_after_create_is_an_error() {
    rt().block_on(async {
        for (protocol, h, store) in harnesses() {
            h.configure(Value::object(Vec::<(String, Value)>::new())).await;
            // `x_named_disk`'s identity is its name, which updates in place.
            let created = create(&h, "x_named_disk", &disk_config("a", None, 1)).await;
            assert_eq!(created.identity, Some(identity("a", None)));
            let renamed = disk_config("b", None, 1);
            let plan = h
                .plan_with_identity("x_named_disk", &created.state, created.identity.as_ref(), &renamed)
                .await;
            assert_ok("plan", &plan.diagnostics);
            let applied = h.apply("x_named_disk", &created.state, &plan, &renamed).await;
            let e = errors(&applied.diagnostics);
            assert_eq!(e.len(), 1, "protocol {protocol}: {e:#?}");
            assert!(
                e[0].starts_with("|Unexpected Identity Change|During the update operation, the Terraform Provider unexpectedly returned a different identity"),
                "{e:#?}"
            );
            assert!(
                e[0].ends_with(r#"Current Identity: {"id":"a","zone":null}

New Identity: {"id":"b","zone":null}"#),
                "{e:#?}"
            );
            // The state is the new one, the identity stays the stored one.
            assert_eq!(attr(&applied.state, "name"), Value::from("b"));
            assert_eq!(applied.identity, Some(identity("a", None)));

            // Read: the object was renamed behind Terraform's back.
            let id = attr(&created.state, "id");
            let Value::String(id) = id else { panic!() };
            if let Some(disk) = store.disks().get_mut(&id) {
                disk.name = "c".into();
            }
            let read = h
                .read_with_identity("x_named_disk", &created.state, created.identity.as_ref(), Vec::new())
                .await;
            let e = errors(&read.diagnostics);
            assert_eq!(e.len(), 1, "{e:#?}");
            assert!(e[0].contains("During the read operation"), "{e:#?}");
            assert!(e[0].contains(r#"New Identity: {"id":"c","zone":null}"#), "{e:#?}");
            assert_eq!(read.identity, Some(identity("a", None)), "the stored identity is kept");
        }
    });
}

#[test]
fn without_identities_from_terraform_everything_still_works() {
    // Terraform before 1.12 and OpenTofu before 1.11 never send an
    // identity: no check can run, and the provider still returns one
    // (Terraform 1.12+ stores it on the next refresh).
    rt().block_on(async {
        for (protocol, h, _) in harnesses() {
            h.configure(Value::object(Vec::<(String, Value)>::new()))
                .await;
            let created = create(&h, "x_named_disk", &disk_config("a", None, 1)).await;
            let read = h.read("x_named_disk", &created.state, Vec::new()).await;
            assert_ok("read", &read.diagnostics);
            assert_eq!(
                read.identity,
                Some(identity("a", None)),
                "protocol {protocol}"
            );
            let renamed = disk_config("b", None, 1);
            let plan = h.plan("x_named_disk", &read.state, &renamed).await;
            assert_ok("plan", &plan.diagnostics);
            assert_eq!(
                plan.planned_identity, None,
                "nothing stored, nothing planned"
            );
            let applied = h.apply("x_named_disk", &read.state, &plan, &renamed).await;
            assert_ok("apply", &applied.diagnostics);
            assert_eq!(applied.identity, Some(identity("b", None)));

            // An identity Terraform holds null in every attribute (state
            // from before the resource had one) is no identity either.
            let all_null = identity_nulls();
            let read = h
                .read_with_identity("x_named_disk", &applied.state, Some(&all_null), Vec::new())
                .await;
            assert_ok("read with a null identity", &read.diagnostics);
            assert_eq!(read.identity, Some(identity("b", None)));
        }
    });
}

fn identity_nulls() -> Value {
    Value::object([
        ("id", Value::Null(Type::String)),
        ("zone", Value::Null(Type::String)),
    ])
}

#[test]
fn upgrade_from_an_older_identity_version() {
    rt().block_on(async {
        for (protocol, h, _) in harnesses() {
            let up = h.upgrade_identity("x_disk", 0, "{\n  \"disk_id\": \"disk-7\"\n}").await;
            assert_ok("upgrade from 0", &up.diagnostics);
            assert_eq!(up.identity, Some(identity("disk-7", None)), "protocol {protocol}");

            // The current version is read as it is, attributes no longer
            // in the model ignored.
            let same = h
                .upgrade_identity("x_disk", 1, r#"{"id":"disk-8","zone":"z2","old":true}"#)
                .await;
            assert_ok("same version", &same.diagnostics);
            assert_eq!(same.identity, Some(identity("disk-8", Some("z2"))));

            let newer = h.upgrade_identity("x_disk", 2, r#"{"id":"disk-9"}"#).await;
            let e = errors(&newer.diagnostics);
            assert_eq!(e.len(), 1, "{e:#?}");
            assert!(e[0].starts_with("|Identity from a newer provider|The identity was written by identity version 2, newer than this provider's 1"), "{e:#?}");

            let bad = h.upgrade_identity("x_disk", 0, r#"{"disk_id": null}"#).await;
            let e = errors(&bad.diagnostics);
            assert_eq!(e.len(), 1, "{e:#?}");
            assert!(e[0].starts_with(".disk_id|"), "{e:#?}");

            let none = h.upgrade_identity("x_volume", 0, r#"{"id":"vol-1"}"#).await;
            let e = errors(&none.diagnostics);
            assert!(e[0].contains("has no identity schema"), "{e:#?}");
        }
    });
}

#[test]
fn import_by_identity() {
    rt().block_on(async {
        for (protocol, h, _) in harnesses() {
            h.configure(Value::object(Vec::<(String, Value)>::new())).await;
            let created = create(&h, "x_disk", &disk_config("data", Some("z1"), 10)).await;
            let Value::String(id) = attr(&created.state, "id") else { panic!() };

            // Only the id: the zone is optional for import.
            let imported = h.import_by_identity("x_disk", &identity(&id, None)).await;
            assert_ok("import by identity", &imported.diagnostics);
            assert_eq!(imported.state, created.state, "protocol {protocol}");
            assert_eq!(imported.identity, Some(identity(&id, Some("z1"))));

            // By id, as `terraform import` does: the identity comes along.
            let by_id = h.import("x_disk", &id).await;
            assert_ok("import by id", &by_id.diagnostics);
            assert_eq!(by_id.identity, Some(identity(&id, Some("z1"))));

            // A required attribute missing.
            let missing = h.import_by_identity("x_disk", &identity_nulls()).await;
            let e = errors(&missing.diagnostics);
            assert_eq!(
                e,
                [".id|Missing required import identity attribute|The import identity must set \"id\", which is required for import (the identity's attributes: id, zone)."],
                "protocol {protocol}"
            );
            assert!(missing.state.is_null());

            // An identity that names nothing.
            let nothing = h.import_by_identity("x_disk", &identity("disk-404", None)).await;
            let e = errors(&nothing.diagnostics);
            assert_eq!(e.len(), 1, "{e:#?}");
            assert!(e[0].starts_with("|Cannot import non-existent remote object|"), "{e:#?}");

            // The zone given must be the object's (the lookup is by id).
            let wrong_zone = h.import_by_identity("x_disk", &identity(&id, Some("z9"))).await;
            let e = errors(&wrong_zone.diagnostics);
            assert_eq!(e.len(), 1, "protocol {protocol}: {e:#?}");
            assert!(e[0].starts_with("|Unexpected Identity Change|During the import operation"), "{e:#?}");
            assert!(e[0].ends_with(&format!(
                "Import Identity: {{\"id\":\"{id}\",\"zone\":\"z9\"}}\n\nNew Identity: {{\"id\":\"{id}\",\"zone\":\"z1\"}}"
            )), "{e:#?}");
            assert!(wrong_zone.state.is_null(), "nothing imported");

            // A resource without `import_by_identity`.
            let plain = h.import_by_identity("x_plain_disk", &identity(&id, None)).await;
            let e = errors(&plain.diagnostics);
            assert!(e[0].starts_with("|Import by identity not supported|"), "{e:#?}");

            // A resource whose import finds another object.
            create(&h, "x_disk", &disk_config("other", None, 1)).await;
            let liar = h.import_by_identity("x_liar_disk", &identity("disk-1", None)).await;
            let e = errors(&liar.diagnostics);
            assert_eq!(e.len(), 1, "{e:#?}");
            assert!(e[0].contains("During the import operation, the Terraform Provider returned an object whose identity differs from the one the import block gave"), "{e:#?}");
            assert!(e[0].contains(r#"Import Identity: {"id":"disk-1","zone":null}"#), "{e:#?}");
            assert!(liar.state.is_null(), "nothing imported");
        }
    });
}

#[test]
fn an_import_identity_of_the_wrong_type_is_an_error_at_the_attribute() {
    use tfschema::server::proto::tfplugin6 as pb;
    use tfschema::server::proto::tfplugin6::provider_server::Provider as _;
    rt().block_on(async {
        let store = Arc::new(Store::default());
        let h = Harness::new(provider(&store));
        // {"id": true, "zone": null}: a bool where the identity has a string.
        let msgpack = vec![
            0x82, 0xa2, b'i', b'd', 0xc3, 0xa4, b'z', b'o', b'n', b'e', 0xc0,
        ];
        let request = pb::import_resource_state::Request {
            type_name: "x_disk".into(),
            id: String::new(),
            client_capabilities: None,
            identity: Some(pb::ResourceIdentityData {
                identity_data: Some(pb::DynamicValue {
                    msgpack,
                    json: Vec::new(),
                }),
            }),
        };
        let response = h
            .grpc()
            .v6()
            .import_resource_state(tonic::Request::new(request))
            .await
            .expect("rpc")
            .into_inner();
        assert!(response.imported_resources.is_empty());
        let d: Vec<(String, String)> = response
            .diagnostics
            .iter()
            .map(|d| (d.summary.clone(), d.detail.clone()))
            .collect();
        assert_eq!(d.len(), 1, "{d:#?}");
        assert_eq!(d[0].0, "Invalid import identity", "{d:#?}");
        let path = response.diagnostics[0].attribute.clone().expect("a path");
        assert_eq!(path.steps.len(), 1, "{path:?}");
    });
}

#[test]
fn moved_from_another_resource_type() {
    rt().block_on(async {
        for (protocol, h, _) in harnesses() {
            let volume = r#"{"id":"vol-1","label":"data","gigabytes":10,"retired":false}"#;
            let from = MoveFrom {
                provider_address: "registry.terraform.io/acme/x",
                type_name: "x_volume",
                schema_version: 2,
                state_json: volume,
                identity_json: None,
            };
            let moved = h.move_state("x_disk", from).await;
            assert_ok("move", &moved.diagnostics);
            assert_eq!(
                moved.state,
                Value::object([
                    ("id", Value::from("vol-1")),
                    ("name", Value::from("data")),
                    ("zone", Value::Null(Type::String)),
                    ("size", Value::from(10)),
                ]),
                "protocol {protocol}"
            );
            assert_eq!(moved.identity, Some(identity("vol-1", None)));

            // A source the target has no conversion for.
            let unknown = MoveFrom {
                type_name: "y_bucket",
                provider_address: "registry.terraform.io/acme/y",
                ..from
            };
            let declined = h.move_state("x_disk", unknown).await;
            assert_eq!(
                errors(&declined.diagnostics),
                [r#"|Unable to Move Resource State|The resource type "x_disk" does not accept state moved from "y_bucket" of registry.terraform.io/acme/y (schema version 2): the provider has no conversion from it, so this `moved` block cannot change the resource type. Remove the `moved` block; `terraform state rm` and an import can take the object over instead."#],
                "protocol {protocol}"
            );
            assert!(declined.state.is_null());

            // A target that accepts no moves at all, and one that does not exist.
            let to_volume = h.move_state("x_volume", MoveFrom { type_name: "x_disk", ..from }).await;
            assert!(errors(&to_volume.diagnostics)[0].starts_with("|Unable to Move Resource State|The resource type \"x_volume\""));
            let nowhere = h.move_state("x_nothing", from).await;
            assert!(errors(&nowhere.diagnostics)[0].contains("x_nothing"), "{:#?}", errors(&nowhere.diagnostics));

            // A source state that does not fit the source model.
            let bad = MoveFrom { state_json: r#"{"id":"vol-1","label":["x"],"gigabytes":10}"#, ..from };
            let e = errors(&h.move_state("x_disk", bad).await.diagnostics);
            assert_eq!(e.len(), 1, "{e:#?}");
            assert!(e[0].starts_with(".label|"), "{e:#?}");
        }
    });
}

#[test]
fn a_missing_identity_is_reported() {
    rt().block_on(async {
        for (protocol, h, _) in harnesses() {
            h.configure(Value::object(Vec::<(String, Value)>::new())).await;
            // `x_zonal_disk` cannot tell its identity without a zone.
            let config = disk_config("data", None, 1);
            let (_, applied) = h
                .plan_and_apply("x_zonal_disk", &Value::Null(h.resource_type("x_zonal_disk")), &config)
                .await;
            let e = errors(&applied.diagnostics);
            assert_eq!(
                e,
                ["|Missing resource identity|The provider could not tell the identity of this object from its state (a value it needs is unknown or null); this is a bug in the provider."],
                "protocol {protocol}"
            );
            assert_eq!(applied.identity, None);
            assert_eq!(attr(&applied.state, "name"), Value::from("data"), "the state is still returned");
        }
    });
}
