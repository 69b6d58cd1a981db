//! How much memory a large `PlanResourceChange` costs the provider served by
//! `GrpcProvider`, counted by a global allocator (`peak_alloc`, as `fuzz/`
//! counts) as the peak of the bytes live above what was live before the
//! call:
//!
//! * a long string costs at most 1.75x the request's bytes (the goal is 4x;
//!   it costs 1.5x, and 3.0x when the encoder doubles its buffer around the
//!   string);
//! * a dense list costs at most 4x the request plus 64 bytes per element of
//!   each value the request carries (the configuration and the proposal on
//!   create, and the prior state on update). It costs about 58: while
//!   planning, each of them as a `Value` (57 bytes with a 1-byte string);
//!   after, the model's views and the plan's msgpack. A `Value` that held
//!   its refinements inline (128 bytes), or a planned `Value` kept beside
//!   the views, breaks the bound.
//!
//! One test only: the counter is global to this binary.

mod common;

use common::{msgpack_dv, served, TempDir};
use peak_alloc::PeakAlloc;
use prost::Message;
use terraform_provider_inventory::{provider, Options};
use tfschema::schema::Block;
use tfschema::server::proto::tfplugin6 as pb;
use tfschema::server::proto::tfplugin6::provider_server::Provider as _;
use tfschema::server::proto::GrpcProvider;
use tfschema::server::testing::proposed_new;
use tfschema::{json, msgpack, Value};
use tonic::Request;

#[global_allocator]
static ALLOCATOR: PeakAlloc = PeakAlloc;

/// The schema block of `inventory_item`.
fn item_block() -> Block {
    GrpcProvider::new(provider(Options::default()))
        .schema()
        .resources["inventory_item"]
        .block
        .clone()
}

/// The configuration of an `inventory_item` holding `extra` (JSON
/// members).
fn item_config(extra: &str) -> Value {
    let text = format!(
        r#"{{"name":"big","sku":"BIG-1","audit":{{"owner":"ops"}},
            "location":[{{"warehouse":"north"}}],"supplier":[],"variant":{{}},{extra}}}"#
    );
    json::value_from_slice(text.as_bytes(), &item_block().implied_type())
        .expect("the configuration")
}

/// A plan request for an `inventory_item`: `prior` (null to create) and
/// `config`, with the proposal Terraform would make of them.
fn plan_request(prior: &Value, config: &Value) -> pb::plan_resource_change::Request {
    let block = item_block();
    let ty = block.implied_type();
    let proposed = proposed_new(&block, prior, config);
    let dv = |v: &Value| Some(msgpack_dv(msgpack::value_to_vec(v, &ty).expect("encodes")));
    pb::plan_resource_change::Request {
        type_name: "inventory_item".into(),
        prior_state: dv(prior),
        proposed_new_state: dv(&proposed),
        config: dv(config),
        ..Default::default()
    }
}

/// The peak bytes the plan allocates above what was live before it, the
/// request's size, and the answer.
async fn plan_peak(
    grpc: &common::Served,
    request: pb::plan_resource_change::Request,
) -> (usize, usize, pb::plan_resource_change::Response) {
    let size = request.encoded_len();
    ALLOCATOR.reset_peak_usage();
    let base = ALLOCATOR.current_usage();
    let answer = grpc
        .plan_resource_change(Request::new(request))
        .await
        .expect("answered")
        .into_inner();
    let peak = ALLOCATOR.peak_usage().saturating_sub(base);
    assert!(answer.diagnostics.is_empty(), "{:?}", answer.diagnostics);
    assert!(answer.planned_state.is_some());
    (peak, size, answer)
}

#[tokio::test]
async fn a_large_plan_costs_a_bounded_multiple_of_its_request() {
    let dir = TempDir::new();
    let grpc = served(&dir).await;
    let null = Value::Null(item_block().implied_type());

    // One string of 4 MiB, twice in the request.
    let long = item_config(&format!(r#""description":"{}""#, "d".repeat(4 << 20)));
    let (peak, size, _) = plan_peak(&grpc, plan_request(&null, &long)).await;
    drop(long);
    assert!(peak <= size * 7 / 4, "peak {peak} for a request of {size}");

    // 100,000 one-byte tags, in the configuration and the proposal.
    let elements = 100_000;
    let tags: Vec<String> = (0..elements).map(|i| format!("\"{}\"", i % 10)).collect();
    let dense = item_config(&format!(r#""tags":[{}]"#, tags.join(",")));
    drop(tags);
    let request = plan_request(&null, &dense);
    let config = request.config.clone();
    let (peak, size, planned) = plan_peak(&grpc, request).await;
    assert!(
        peak <= 4 * size + 64 * 2 * elements,
        "peak {peak} for a request of {size} with {elements} elements twice"
    );

    // Created, then planned again with one tag more: the prior state holds
    // them too.
    let applied = grpc
        .apply_resource_change(Request::new(pb::apply_resource_change::Request {
            type_name: "inventory_item".into(),
            prior_state: Some(msgpack_dv(vec![0xc0])),
            planned_state: planned.planned_state,
            config,
            planned_private: planned.planned_private,
            ..Default::default()
        }))
        .await
        .expect("answered")
        .into_inner();
    assert!(applied.diagnostics.is_empty(), "{:?}", applied.diagnostics);
    let ty = item_block().implied_type();
    let state = applied.new_state.expect("a new state").msgpack;
    let prior = msgpack::value_from_slice(&state, &ty).expect("the state");
    let tags: Vec<String> = (0..=elements).map(|i| format!("\"{}\"", i % 10)).collect();
    let more = item_config(&format!(r#""tags":[{}]"#, tags.join(",")));
    drop(tags);
    let (peak, size, _) = plan_peak(&grpc, plan_request(&prior, &more)).await;
    assert!(
        peak <= 4 * size + 64 * 3 * elements,
        "peak {peak} for a request of {size} with {elements} elements three times"
    );
}
