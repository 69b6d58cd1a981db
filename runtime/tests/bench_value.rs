//! The benchmark's fairness check as a test: on go-cty's reference value
//! (`benches/data/`, 10,000 objects), our derived and dynamic codecs,
//! rmp-serde's `to_vec_named` and serde_json each reproduce go-cty's msgpack
//! and JSON bytes exactly. No timing here.

#[path = "../benches/common/mod.rs"]
mod common;

#[test]
fn every_codec_reproduces_go_cty_bytes() {
    common::assert_fair();
}
