//! A borrowed derived struct decodes without allocating per string: a
//! counting global allocator (one per test binary, hence this file of its
//! own) shows that the number of allocations does not grow with the number
//! of string fields nor with the number of strings in a list, for msgpack
//! and for JSON (strings without escapes). An owned twin shows the counter
//! sees every `String`.
//!
//! The counts are taken in a single test function, so no other test of this
//! binary allocates meanwhile; each is the minimum over a few runs.

use std::alloc::System;

use stats_alloc::{Region, StatsAlloc, INSTRUMENTED_SYSTEM};
use tfschema::{json, msgpack, TfSchema, TfValue};

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

/// Generates a struct of 24 string fields `f00`..`f23` of type `$str`, and
/// a `tags: Vec<$str>`.
macro_rules! wide {
    ($name:ident $(<$lt:lifetime>)?, $str:ty) => {
        #[derive(TfSchema, TfValue, Debug, PartialEq)]
        struct $name $(<$lt>)? {
            f00: $str, f01: $str, f02: $str, f03: $str, f04: $str, f05: $str,
            f06: $str, f07: $str, f08: $str, f09: $str, f10: $str, f11: $str,
            f12: $str, f13: $str, f14: $str, f15: $str, f16: $str, f17: $str,
            f18: $str, f19: $str, f20: $str, f21: $str, f22: $str, f23: $str,
            tags: Vec<$str>,
        }
    };
}

wide!(Wide<'a>, &'a str);
wide!(WideOwned, String);

/// One string field and the list.
#[derive(TfSchema, TfValue, Debug, PartialEq)]
struct Narrow<'a> {
    f00: &'a str,
    tags: Vec<&'a str>,
}

fn wide(tags: Vec<&str>) -> Wide<'_> {
    let s = "a string that is borrowed, not copied: héllo";
    Wide {
        f00: s,
        f01: s,
        f02: s,
        f03: s,
        f04: s,
        f05: s,
        f06: s,
        f07: s,
        f08: s,
        f09: s,
        f10: s,
        f11: s,
        f12: s,
        f13: s,
        f14: s,
        f15: s,
        f16: s,
        f17: s,
        f18: s,
        f19: s,
        f20: s,
        f21: s,
        f22: s,
        f23: s,
        tags,
    }
}

/// The fewest allocations `f` made over five runs.
fn allocations(mut f: impl FnMut()) -> usize {
    (0..5)
        .map(|_| {
            let region = Region::new(GLOBAL);
            f();
            region.change().allocations
        })
        .min()
        .unwrap_or(usize::MAX)
}

#[test]
fn borrowed_decoding_allocates_nothing_per_string() {
    let few_tags = vec!["t"; 2];
    let many_tags = vec!["tag"; 1000];
    let wide_few = msgpack::to_vec(&wide(few_tags.clone())).expect("encode");
    let wide_many = msgpack::to_vec(&wide(many_tags.clone())).expect("encode");
    let narrow = msgpack::to_vec(&Narrow {
        f00: "x",
        tags: few_tags.clone(),
    })
    .expect("encode");

    // The values decode correctly and point into the input.
    let back: Wide<'_> = msgpack::from_slice(&wide_many).expect("decode");
    assert_eq!(back, wide(many_tags.clone()));
    let range = wide_many.as_ptr_range();
    assert!(range.contains(&back.f23.as_ptr()));
    assert!(back.tags.iter().all(|t| range.contains(&t.as_ptr())));

    let narrow_count = allocations(|| {
        let v: Narrow<'_> = msgpack::from_slice(&narrow).expect("decode");
        std::hint::black_box(v);
    });
    let few_count = allocations(|| {
        let v: Wide<'_> = msgpack::from_slice(&wide_few).expect("decode");
        std::hint::black_box(v);
    });
    let many_count = allocations(|| {
        let v: Wide<'_> = msgpack::from_slice(&wide_many).expect("decode");
        std::hint::black_box(v);
    });
    println!("msgpack allocations: narrow {narrow_count}, wide+2 tags {few_count}, wide+1000 tags {many_count}");
    // 24 string fields cost what 1 does; 1000 listed strings what 2 do (the
    // list's buffer is sized from the array header).
    assert_eq!(few_count, narrow_count, "allocations per string field");
    assert_eq!(many_count, few_count, "allocations per listed string");
    assert!(many_count <= 2, "{many_count} allocations for one list");

    // JSON borrows too when strings have no escapes.
    let json_few = json::to_string(&wide(few_tags.clone())).expect("json");
    let json_many = json::to_string(&wide(many_tags.clone())).expect("json");
    let back: Wide<'_> = json::from_slice(json_many.as_bytes()).expect("json decode");
    assert_eq!(back, wide(many_tags));
    let json_few_count = allocations(|| {
        let v: Wide<'_> = json::from_slice(json_few.as_bytes()).expect("decode");
        std::hint::black_box(v);
    });
    let json_many_count = allocations(|| {
        let v: Wide<'_> = json::from_slice(json_many.as_bytes()).expect("decode");
        std::hint::black_box(v);
    });
    println!("json allocations: wide+2 tags {json_few_count}, wide+1000 tags {json_many_count}");
    // (A JSON array has no length header: its list may grow by
    // reallocating, which is not counted as a new allocation.)
    assert_eq!(json_many_count, json_few_count, "allocations per string");

    // The counter sees allocations: the owned twin allocates each String.
    let owned_count = allocations(|| {
        let v: WideOwned = msgpack::from_slice(&wide_few).expect("decode");
        std::hint::black_box(v);
    });
    println!("msgpack allocations, owned strings: {owned_count}");
    assert!(owned_count >= few_count + 24 + 2, "{owned_count}");

    // Counted here too: a second test function would allocate on another
    // thread while these regions are open.
    #[cfg(feature = "compact_str")]
    compact_strings_decode_short_strings_without_allocating();
}

#[cfg(feature = "compact_str")]
wide!(WideCompact, compact_str::CompactString);

/// A `CompactString` model (feature `compact_str`) decodes strings of up to
/// 24 bytes with no allocation: as many as a borrowing struct; longer ones
/// are allocated, as `String`s are.
#[cfg(feature = "compact_str")]
fn compact_strings_decode_short_strings_without_allocating() {
    let owned = |s: &str, tags: usize| -> WideOwned {
        let s = s.to_owned();
        WideOwned {
            f00: s.clone(),
            f01: s.clone(),
            f02: s.clone(),
            f03: s.clone(),
            f04: s.clone(),
            f05: s.clone(),
            f06: s.clone(),
            f07: s.clone(),
            f08: s.clone(),
            f09: s.clone(),
            f10: s.clone(),
            f11: s.clone(),
            f12: s.clone(),
            f13: s.clone(),
            f14: s.clone(),
            f15: s.clone(),
            f16: s.clone(),
            f17: s.clone(),
            f18: s.clone(),
            f19: s.clone(),
            f20: s.clone(),
            f21: s.clone(),
            f22: s.clone(),
            f23: s.clone(),
            tags: vec![s; tags],
        }
    };
    // 24 bytes: the longest string stored inline.
    let short = msgpack::to_vec(&owned("res-0000000000000000-abc", 100)).expect("encode");
    let long =
        msgpack::to_vec(&owned("a string longer than twenty-four bytes", 100)).expect("encode");
    let back: WideCompact = msgpack::from_slice(&short).expect("decode");
    assert_eq!(back.f23, "res-0000000000000000-abc");
    assert_eq!(
        msgpack::to_vec(&back).expect("encode"),
        short,
        "same bytes back"
    );
    let narrow = msgpack::to_vec(&Narrow {
        f00: "x",
        tags: vec!["t"; 2],
    })
    .expect("encode");
    let narrow_count = allocations(|| {
        let v: Narrow<'_> = msgpack::from_slice(&narrow).expect("decode");
        std::hint::black_box(v);
    });
    let short_count = allocations(|| {
        let v: WideCompact = msgpack::from_slice(&short).expect("decode");
        std::hint::black_box(v);
    });
    let long_count = allocations(|| {
        let v: WideCompact = msgpack::from_slice(&long).expect("decode");
        std::hint::black_box(v);
    });
    println!("msgpack allocations, CompactString: 24+100 short {short_count}, long {long_count}");
    assert_eq!(short_count, narrow_count, "allocations for short strings");
    assert!(long_count >= short_count + 124, "{long_count}");
}
