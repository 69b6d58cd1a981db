//! One gRPC request to one RPC of the example inventory provider, served by
//! `GrpcProvider` on both protocols (see `src/grpc.rs`). Every request must
//! get an answer (a tonic refusal of bytes that are not the request's
//! protobuf message included), never a panic, and no call may allocate more
//! than 4x its request's size above a fixed allowance for the answers that
//! do not depend on the request (the provider's schema is the largest).
#![no_main]

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use libfuzzer_sys::fuzz_target;
use peak_alloc::PeakAlloc;
use tfschema_fuzz::grpc::Server;

#[global_allocator]
static ALLOCATOR: PeakAlloc = PeakAlloc;

static SERVER: Mutex<Option<Server>> = Mutex::new(None);

/// The largest allocation beyond 4x the request seen so far, printed when
/// it grows (the figure that sizes `ALLOWANCE`).
static HIGH: AtomicUsize = AtomicUsize::new(0);

fuzz_target!(|data: &[u8]| {
    let mut guard = SERVER.lock().unwrap_or_else(|e| e.into_inner());
    let server = guard.get_or_insert_with(Server::new);
    ALLOCATOR.reset_peak_usage();
    let base = ALLOCATOR.current_usage();
    let Some((method, outcome)) = server.input(data) else {
        return;
    };
    let grown = ALLOCATOR.peak_usage().saturating_sub(base);
    assert!(
        outcome.acceptable(),
        "{method} answered {outcome:?} to {} request bytes",
        data.len() - 1
    );
    let beyond = grown.saturating_sub(4 * data.len());
    if beyond > HIGH.fetch_max(beyond, Ordering::Relaxed) {
        eprintln!(
            "allocation high: {method}, {}-byte request, {grown} bytes allocated ({beyond} beyond 4x)",
            data.len() - 1
        );
    }
    let limit = 4 * data.len() + tfschema_fuzz::grpc::ALLOWANCE;
    assert!(
        grown <= limit,
        "{method}: a {}-byte request made the provider allocate {grown} bytes (limit {limit})",
        data.len() - 1
    );
});
