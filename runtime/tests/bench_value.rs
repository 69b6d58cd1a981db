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

/// The derive's decoders try the attributes in sorted order first; keys in
/// any other order, duplicated or unknown still decode (or fail) as before.
#[test]
fn attribute_order_does_not_matter() {
    use tfschema::msgpack::Encoder;
    let first = &common::MSGPACK[3..0xee]; // the first object, `8a ...`
    let want: common::Resource = tfschema::msgpack::from_slice(first).expect("sorted");
    // Re-encode the object with its attributes in reverse order.
    let attrs: [(&str, &dyn Fn(&mut Encoder)); 10] = [
        ("tags_list", &|e| {
            e.write_array_len(3);
            for t in &want.tags_list {
                e.write_str(t);
            }
        }),
        ("size_gb", &|e| e.write_i64(want.size_gb)),
        ("region", &|e| e.write_str(&want.region)),
        ("ratio", &|e| e.write_f64(want.ratio)),
        ("name", &|e| e.write_str(&want.name)),
        ("labels", &|e| {
            e.write_map_len(2);
            for (k, v) in &want.labels {
                e.write_str(k);
                e.write_str(v);
            }
        }),
        ("id", &|e| e.write_str(&want.id)),
        ("enabled", &|e| e.write_bool(want.enabled)),
        ("description", &|e| e.write_str(&want.description)),
        ("count", &|e| e.write_i64(want.count)),
    ];
    let object = |attrs: &[(&str, &dyn Fn(&mut Encoder))]| {
        let mut e = Encoder::new();
        e.write_map_len(attrs.len());
        for (name, write) in attrs {
            e.write_str(name);
            write(&mut e);
        }
        e.into_vec()
    };
    let reversed = object(&attrs);
    let got: common::Resource = tfschema::msgpack::from_slice(&reversed).expect("reversed");
    assert_eq!(got, want);
    let got: common::ResourceRef<'_> = tfschema::msgpack::from_slice(&reversed).expect("borrowed");
    assert_eq!(got.id, want.id);

    // A duplicate in place of the last attribute, then an unknown one.
    let mut dup: Vec<(&str, &dyn Fn(&mut Encoder))> = attrs.to_vec();
    dup[9] = ("size_gb", &|e| e.write_i64(1));
    let err = tfschema::msgpack::from_slice::<common::Resource>(&object(&dup)).expect_err("dup");
    assert!(err.to_string().contains("duplicate"), "{err}");
    dup[9] = ("zone", &|e| e.write_i64(1));
    let err =
        tfschema::msgpack::from_slice::<common::Resource>(&object(&dup)).expect_err("unknown");
    assert!(
        err.to_string().contains("unsupported attribute \"zone\""),
        "{err}"
    );

    // JSON: reversed, with spaces, and with an escaped key.
    let json = r#"{ "tags_list": ["a"], "size_gb": 2, "region": "r", "ratio": 0.5,
        "name": "n", "labels": {}, "id": "i", "enabled": true,
        "descr\u0069ption": "d", "count": 1 }"#;
    let got: common::Resource = tfschema::json::from_slice(json.as_bytes()).expect("json");
    assert_eq!(
        (got.count, got.description.as_str(), got.size_gb),
        (1, "d", 2)
    );
    let json = r#"{"count":1,"count":2}"#;
    let err = tfschema::json::from_slice::<common::Resource>(json.as_bytes()).expect_err("dup");
    assert!(err.to_string().contains("duplicate"), "{err}");
}
