//! `petstore_pet` against an API that fails a third of the time (500, 429
//! with `Retry-After`, answers that come after the client's timeout):
//! apply, refresh and destroy still converge, with every pet in the API
//! in state and none left over (a retried create is idempotent).

#![allow(clippy::panic, clippy::unwrap_used)]

mod common;

use std::collections::BTreeSet;
use std::time::Duration;

use common::{assert_ok, config_of, get, lines, FakeApi, Faults};
use terraform_provider_petstore::models::resources::pet::Pet;
use terraform_provider_petstore::{provider, ClientSettings, PetstoreProvider};
use tfschema::server::retry::Backoff;
use tfschema::server::testing::Harness;
use tfschema::{TfEncode, Unknown, Value};

const PET: &str = "petstore_pet";
const PETS: usize = 8;

fn pet(name: &str) -> Pet {
    Pet {
        category: Unknown::Known(None),
        id: Unknown::Unknown,
        name: name.into(),
        photo_urls: vec![format!("https://img.example/{name}.jpg")],
        status: Unknown::Unknown,
        tags: Unknown::Known(None),
    }
}

fn id_of(state: &Value) -> i64 {
    match get(state, "id") {
        Value::Number(n) => n.to_string().parse().expect("integer id"),
        other => panic!("id is {other:?}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn apply_and_destroy_converge_with_faults() {
    // Late answers come 600 ms after the work is done; the client waits
    // 250 ms per request (a margin for loaded machines: a slow answer that
    // is not a fault would change which requests fault).
    let api = FakeApi::with_faults(Faults::new(0.3, 2, "0.01", Duration::from_millis(600)));
    let settings = ClientSettings {
        request_timeout: Duration::from_millis(250),
        backoff: Backoff::default()
            .initial(Duration::from_millis(5))
            .max_delay(Duration::from_millis(40))
            .max_attempts(15),
    };
    let h = Harness::new(provider(
        PetstoreProvider::with_endpoint(&api.endpoint).with_settings(settings),
    ));
    assert_ok(
        &h.configure(Value::object(Vec::<(String, Value)>::new()))
            .await,
    );
    let null = Value::Null(h.resource_type(PET));

    let mut states = Vec::new();
    for i in 0..PETS {
        let config = config_of(pet(&format!("pet-{i}")).to_value());
        let (plan, applied) = h.plan_and_apply(PET, &null, &config).await;
        assert_ok(&plan.diagnostics);
        assert_ok(&applied.diagnostics);
        states.push(applied.state);
    }
    // Every pet the API holds is in state, and the other way round.
    let in_state: BTreeSet<i64> = states.iter().map(id_of).collect();
    let in_api: BTreeSet<i64> = api.pet_ids().into_iter().collect();
    assert_eq!(in_state.len(), PETS);
    assert_eq!(in_api, in_state, "orphans or missing pets");

    for state in &states {
        let read = h.read(PET, state, Vec::new()).await;
        assert_ok(&read.diagnostics);
        assert_eq!(id_of(&read.state), id_of(state));
    }

    for state in &states {
        let plan = h.plan(PET, state, &null).await;
        assert_ok(&plan.diagnostics);
        let deleted = h.apply(PET, state, &plan, &null).await;
        assert!(
            !deleted.diagnostics.has_errors(),
            "{:?}",
            lines(&deleted.diagnostics)
        );
        assert!(deleted.state.is_null());
    }
    assert_eq!(api.pet_count(), 0, "{:?}", api.pet_ids());

    // The faults did happen, a create answered late among them: without
    // the idempotency key its retry would have made a second pet.
    let faulted = api.faulted();
    println!("{} requests, faults: {faulted:?}", api.requests().len());
    for kind in ["POST late", "429", "500"] {
        assert!(
            faulted.iter().any(|f| f.contains(kind)),
            "no {kind} in {faulted:?}"
        );
    }
}
