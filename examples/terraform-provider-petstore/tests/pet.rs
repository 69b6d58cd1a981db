//! `petstore_pet` through the provider's gRPC handlers
//! (`tfschema::server::testing::Harness`), against the in-memory API of
//! `common` on 127.0.0.1: configure, plan, apply, read, update, replace,
//! import, data source, drift and delete.

#![allow(clippy::panic, clippy::unwrap_used)]

mod common;

use common::{assert_consistent, assert_ok, config_of, get, lines, set, FakeApi};
use serde_json::json;
use terraform_provider_petstore::models::data_sources::pet as ds;
use terraform_provider_petstore::models::resources::pet::{Pet, PetCategory, PetTags};
use terraform_provider_petstore::{provider, PetstoreProvider};
use tfschema::server::testing::Harness;
use tfschema::server::typed::TypedProvider;
use tfschema::{PathStep, TfEncode, Unknown, Value};

const PET: &str = "petstore_pet";

fn rex() -> Pet {
    Pet {
        category: Unknown::Known(Some(PetCategory {
            id: Unknown::Unknown,
            name: Unknown::Known(Some("dog".into())),
        })),
        id: Unknown::Unknown,
        name: "Rex".into(),
        photo_urls: vec!["https://img.example/rex.jpg".into()],
        status: Unknown::Unknown,
        tags: Unknown::Known(Some(vec![PetTags {
            id: 7,
            name: Unknown::Known(Some("good-boy".into())),
        }])),
    }
}

async fn configured(api: &FakeApi) -> Harness<TypedProvider<PetstoreProvider>> {
    let h = Harness::new(provider(PetstoreProvider::with_endpoint(&api.endpoint)));
    let d = h
        .configure(Value::object(Vec::<(String, Value)>::new()))
        .await;
    assert_ok(&d);
    h
}

fn id_of(state: &Value) -> i64 {
    match get(state, "id") {
        Value::Number(n) => n.to_string().parse().expect("integer id"),
        other => panic!("id is {other:?}"),
    }
}

#[tokio::test]
async fn pet_lifecycle_against_the_api() {
    let api = FakeApi::start();
    let h = configured(&api).await;
    let null = Value::Null(h.resource_type(PET));
    let config = config_of(rex().to_value());
    assert_ok(&h.validate_resource(PET, &config).await);

    // Create: id, status and category.id are left to the API.
    let plan = h.plan(PET, &null, &config).await;
    assert_ok(&plan.diagnostics);
    assert!(!get(&plan.planned_state, "id").is_known());
    assert!(!get(&plan.planned_state, "status").is_known());
    let created = h.apply(PET, &null, &plan, &config).await;
    assert_ok(&created.diagnostics);
    let state = created.state;
    assert_consistent(&plan.planned_state, &state, "pet");
    let id = id_of(&state);
    assert_eq!(get(&state, "status"), &Value::from("available"));
    assert_eq!(
        api.pet(id).expect("pet stored by the API"),
        json!({
            "id": id,
            "name": "Rex",
            "photoUrls": ["https://img.example/rex.jpg"],
            "category": {"name": "dog"},
            "tags": [{"id": 7, "name": "good-boy"}],
            "status": "available",
        })
    );

    // Refresh: the same state; a plan with the same configuration changes
    // nothing.
    let read = h.read(PET, &state, created.private.clone()).await;
    assert_ok(&read.diagnostics);
    assert_eq!(read.state, state);
    let again = h.plan(PET, &state, &config).await;
    assert_ok(&again.diagnostics);
    assert_eq!(again.planned_state, state, "no changes");
    assert!(again.requires_replace.is_empty());

    // Update in place: what the configuration leaves to the API is "known
    // after apply" and comes back as it was, except the id, which the
    // generator marks use_state_for_unknown.
    let mut renamed = config.clone();
    set(&mut renamed, "name", Value::from("Rex II"));
    let plan = h.plan(PET, &state, &renamed).await;
    assert_ok(&plan.diagnostics);
    assert!(
        plan.requires_replace.is_empty(),
        "{:?}",
        plan.requires_replace
    );
    assert_eq!(get(&plan.planned_state, "id"), get(&state, "id"));
    let updated = h.apply(PET, &state, &plan, &renamed).await;
    assert_ok(&updated.diagnostics);
    assert_consistent(&plan.planned_state, &updated.state, "pet");
    let state = updated.state;
    assert_eq!(id_of(&state), id);
    assert_eq!(api.pet(id).unwrap()["name"], "Rex II");

    // Setting the status is an update too.
    let mut sold = renamed.clone();
    set(&mut sold, "status", Value::from("sold"));
    let (plan, applied) = h.plan_and_apply(PET, &state, &sold).await;
    assert_ok(&applied.diagnostics);
    assert_consistent(&plan.planned_state, &applied.state, "pet");
    let state = applied.state;
    assert_eq!(api.pet(id).unwrap()["status"], "sold");

    // Left to the API again, the status is "known after apply" and the
    // update keeps what the API holds (PUT sends the prior value).
    let mut unset = renamed.clone();
    set(&mut unset, "name", Value::from("Rex III"));
    let (plan, applied) = h.plan_and_apply(PET, &state, &unset).await;
    assert_ok(&applied.diagnostics);
    assert!(!get(&plan.planned_state, "status").is_known());
    assert_eq!(get(&applied.state, "status"), &Value::from("sold"));
    let state = applied.state;
    assert_eq!(api.pet(id).unwrap()["name"], "Rex III");

    // A configured id that differs replaces the pet.
    let mut moved = unset.clone();
    set(&mut moved, "id", Value::from(id + 100));
    let plan = h.plan(PET, &state, &moved).await;
    assert_ok(&plan.diagnostics);
    assert_eq!(
        plan.requires_replace,
        vec![vec![PathStep::Attr("id".into())]]
    );

    // The data source reads the same pet.
    let ds_config = config_of(
        ds::Pet {
            id,
            category: Unknown::Unknown,
            name: Unknown::Unknown,
            photo_urls: Unknown::Unknown,
            status: Unknown::Unknown,
            tags: Unknown::Unknown,
        }
        .to_value(),
    );
    assert_ok(&h.validate_data_source(PET, &ds_config).await);
    let data = h.read_data_source(PET, &ds_config).await;
    assert_ok(&data.diagnostics);
    for name in ["name", "status", "category", "photo_urls"] {
        assert_eq!(get(&data.state, name), get(&state, name), "{name}");
    }

    // Destroy.
    let destroy = h.plan(PET, &state, &Value::Null(state.ty())).await;
    assert_ok(&destroy.diagnostics);
    assert!(destroy.planned_state.is_null());
    let gone = h
        .apply(PET, &state, &destroy, &Value::Null(state.ty()))
        .await;
    assert_ok(&gone.diagnostics);
    assert!(gone.state.is_null());
    assert_eq!(api.pet_count(), 0);

    // Reading it now finds nothing: Terraform drops it from the state.
    let read = h.read(PET, &state, Vec::new()).await;
    assert_ok(&read.diagnostics);
    assert!(read.state.is_null());

    // And the data source reports the missing pet on `id`.
    let missing = h.read_data_source(PET, &ds_config).await;
    assert!(missing.diagnostics.has_errors());
    assert!(
        lines(&missing.diagnostics)[0].starts_with("error|.id|Pet not found"),
        "{:?}",
        lines(&missing.diagnostics)
    );

    let requests = api.requests();
    for expected in ["POST /api/v3/pet", "PUT /api/v3/pet"] {
        assert!(requests.iter().any(|r| r == expected), "{requests:?}");
    }
    assert!(requests.contains(&format!("GET /api/v3/pet/{id}")));
    assert!(requests.contains(&format!("DELETE /api/v3/pet/{id}")));
}

#[tokio::test]
async fn import_and_drift() {
    let api = FakeApi::start();
    api.insert(json!({"id": 42, "name": "Tom", "photoUrls": [], "status": "pending"}));
    let h = configured(&api).await;

    let imported = h.import(PET, "42").await;
    assert_ok(&imported.diagnostics);
    assert_eq!(get(&imported.state, "name"), &Value::from("Tom"));
    assert!(get(&imported.state, "category").is_null());

    let bad = h.import(PET, "tom").await;
    assert!(
        lines(&bad.diagnostics)[0].contains("Invalid pet id"),
        "{:?}",
        lines(&bad.diagnostics)
    );
    let missing = h.import(PET, "43").await;
    assert!(missing.diagnostics.has_errors());

    // Changed outside Terraform: the refresh shows it.
    api.insert(json!({"id": 42, "name": "Thomas", "photoUrls": [], "status": "pending"}));
    let read = h.read(PET, &imported.state, Vec::new()).await;
    assert_ok(&read.diagnostics);
    assert_eq!(get(&read.state, "name"), &Value::from("Thomas"));

    // Deleted outside Terraform: an update of it says so.
    api.remove(42);
    let mut config = config_of(read.state.clone());
    set(&mut config, "name", Value::from("Tommy"));
    let (_, applied) = h.plan_and_apply(PET, &read.state, &config).await;
    assert!(
        lines(&applied.diagnostics)
            .iter()
            .any(|l| l.contains("Pet deleted outside Terraform")),
        "{:?}",
        lines(&applied.diagnostics)
    );
}

#[tokio::test]
async fn configuration_errors_are_diagnostics() {
    // No endpoint: configure says which variable to set.
    let h = Harness::new(provider(PetstoreProvider::default()));
    let d = h
        .configure(Value::object(Vec::<(String, Value)>::new()))
        .await;
    assert!(
        lines(&d).iter().any(|l| l.contains("PETSTORE_ENDPOINT")),
        "{:?}",
        lines(&d)
    );

    // Nothing listening: the create fails with the request in the message.
    let port = {
        let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        l.local_addr().unwrap().port()
    };
    let h = Harness::new(provider(PetstoreProvider::with_endpoint(format!(
        "http://127.0.0.1:{port}/api/v3"
    ))));
    assert_ok(
        &h.configure(Value::object(Vec::<(String, Value)>::new()))
            .await,
    );
    let null = Value::Null(h.resource_type(PET));
    let (_, applied) = h
        .plan_and_apply(PET, &null, &config_of(rex().to_value()))
        .await;
    let l = lines(&applied.diagnostics);
    assert!(
        l.iter()
            .any(|l| l.contains("Petstore API unreachable") && l.contains("POST http://127.0.0.1")),
        "{l:?}"
    );

    // The other resources are still the generated stubs.
    let api = FakeApi::start();
    let h = configured(&api).await;
    let user = Value::Null(h.resource_type("petstore_user"));
    let ty = h.resource_type("petstore_user");
    let config = match &ty {
        tfschema::Type::Object(o) => Value::Object(
            o.attrs()
                .iter()
                .map(|(k, t)| (k.clone(), Value::Null(t.clone())))
                .collect(),
        ),
        other => panic!("{other:?}"),
    };
    let (_, applied) = h.plan_and_apply("petstore_user", &user, &config).await;
    assert!(
        lines(&applied.diagnostics)
            .iter()
            .any(|l| l.contains("Not implemented yet")),
        "{:?}",
        lines(&applied.diagnostics)
    );
}
