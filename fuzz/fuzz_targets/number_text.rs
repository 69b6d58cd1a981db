//! Number text: whatever parses has a decimal text (unless infinite) that
//! parses back to an equal number with the same text.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tfschema::Number;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(n) = Number::parse(text) else {
        return;
    };
    let _ = n.go_string();
    let _ = tfschema::msgpack::to_vec(&n);
    let _ = n.to_f64();
    let _ = n.to_i128();
    if n.is_infinite() {
        assert!(n.to_decimal_string().is_err());
        return;
    }
    let decimal = n
        .to_decimal_string()
        .expect("finite numbers have decimal text");
    let again = Number::parse(&decimal)
        .unwrap_or_else(|e| panic!("decimal text {decimal:?} of {text:?} does not parse: {e}"));
    // The text is canonical: it prints itself again.
    assert_eq!(
        again.to_decimal_string().ok().as_deref(),
        Some(decimal.as_str())
    );
    if again != n {
        // Faithful to Go's big.Float (roundShortest takes half an ulp on both
        // sides, but just below a power of two the gap is half as wide): the
        // shortest text of a 512-bit power of two (e.g. "1p-537") can read
        // back as its lower neighbour. Anything else is a bug.
        assert!(
            decimal.trim_start_matches(['-', '0', '.']).len() > 150
                && (if n.is_negative() {
                    again > n
                } else {
                    again < n
                }),
            "{text:?} -> {decimal:?} changed value: {again:?} != {n:?}"
        );
        return;
    }
    // Equal numbers hash equally: go-cty's sets rely on that.
    use std::hash::{BuildHasher, RandomState};
    let state = RandomState::new();
    assert_eq!(state.hash_one(&again), state.hash_one(&n));
});
