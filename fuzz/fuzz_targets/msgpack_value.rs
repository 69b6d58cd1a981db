//! msgpack decode of a value of a selected type; whatever decodes must
//! re-encode, and the re-encoding must decode and re-encode to the same bytes.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tfschema::msgpack;

fuzz_target!(|data: &[u8]| {
    let Some((ty, input)) = tfschema_fuzz::split(data) else {
        return;
    };
    let Ok(value) = msgpack::value_from_slice(input, &ty) else {
        return;
    };
    let first = msgpack::value_to_vec(&value, &ty)
        .unwrap_or_else(|e| panic!("decoded value does not re-encode: {e}\n{value:?}"));
    let again = msgpack::value_from_slice(&first, &ty)
        .unwrap_or_else(|e| panic!("re-encoding does not decode: {e}\n{first:02x?}"));
    let second = msgpack::value_to_vec(&again, &ty).expect("second encode");
    assert_eq!(first, second, "msgpack re-encoding is not stable");
    // The display forms must not panic either.
    let _ = format!("{value:?}");
});
