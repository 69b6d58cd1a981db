//! JSON decode of a value of a selected type; whatever decodes must
//! re-encode (unless it holds an infinity, which JSON cannot write), and the
//! re-encoding must decode and re-encode to the same text. Also checks that
//! the decoded value goes through msgpack.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tfschema::{json, msgpack};

fuzz_target!(|data: &[u8]| {
    let Some((ty, input)) = tfschema_fuzz::split(data) else {
        return;
    };
    let Ok(value) = json::value_from_slice(input, &ty) else {
        return;
    };
    let bytes = msgpack::value_to_vec(&value, &ty)
        .unwrap_or_else(|e| panic!("JSON-decoded value does not encode as msgpack: {e}"));
    msgpack::value_from_slice(&bytes, &ty)
        .unwrap_or_else(|e| panic!("msgpack of a JSON-decoded value does not decode: {e}"));
    let first = match json::value_to_string(&value, &ty) {
        Ok(text) => text,
        Err(e) => {
            assert!(
                tfschema_fuzz::has_infinity(&value),
                "decoded value does not re-encode: {e}\n{value:?}"
            );
            return;
        }
    };
    let again = json::value_from_slice(first.as_bytes(), &ty)
        .unwrap_or_else(|e| panic!("re-encoding does not decode: {e}\n{first}"));
    let second = json::value_to_string(&again, &ty).expect("second encode");
    assert_eq!(first, second, "JSON re-encoding is not stable");
});
