//! Type-constraint JSON: whatever parses prints, and the print parses back
//! to the same type and prints identically.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tfschema::Type;

fuzz_target!(|data: &[u8]| {
    let Ok(ty) = Type::from_json(data) else {
        return;
    };
    let text = ty.to_json();
    let again = Type::from_json(text.as_bytes())
        .unwrap_or_else(|e| panic!("printed type does not parse: {e}\n{text}"));
    assert_eq!(again, ty, "type changed through its JSON: {text}");
    assert_eq!(again.to_json(), text);
    let _ = ty.friendly_name();
});
