//! Models nested 50 levels deep (blocks in blocks) derive, encode and
//! decode. The plan view wraps each level in `Unknown<Vec<Unknown<..>>>`,
//! which doubles the depth the compiler checks: past about 30 levels a crate
//! needs a higher recursion limit, as the compiler's own hint says.

#![recursion_limit = "256"]

use tfschema::{msgpack, TfSchema, TfValue};

#[derive(TfSchema, TfValue, Debug, PartialEq)]
struct S0 {
    x: String,
    #[tf(block)]
    inner: Vec<S1>,
}

#[derive(TfSchema, TfValue, Debug, PartialEq)]
struct S1 {
    x: String,
    #[tf(block)]
    inner: Vec<S2>,
}

#[derive(TfSchema, TfValue, Debug, PartialEq)]
struct S2 {
    x: String,
    #[tf(block)]
    inner: Vec<S3>,
}

#[derive(TfSchema, TfValue, Debug, PartialEq)]
struct S3 {
    x: String,
    #[tf(block)]
    inner: Vec<S4>,
}

#[derive(TfSchema, TfValue, Debug, PartialEq)]
struct S4 {
    x: String,
    #[tf(block)]
    inner: Vec<S5>,
}

#[derive(TfSchema, TfValue, Debug, PartialEq)]
struct S5 {
    x: String,
    #[tf(block)]
    inner: Vec<S6>,
}

#[derive(TfSchema, TfValue, Debug, PartialEq)]
struct S6 {
    x: String,
    #[tf(block)]
    inner: Vec<S7>,
}

#[derive(TfSchema, TfValue, Debug, PartialEq)]
struct S7 {
    x: String,
    #[tf(block)]
    inner: Vec<S8>,
}

#[derive(TfSchema, TfValue, Debug, PartialEq)]
struct S8 {
    x: String,
    #[tf(block)]
    inner: Vec<S9>,
}

#[derive(TfSchema, TfValue, Debug, PartialEq)]
struct S9 {
    x: String,
    #[tf(block)]
    inner: Vec<S10>,
}

#[derive(TfSchema, TfValue, Debug, PartialEq)]
struct S10 {
    x: String,
    #[tf(block)]
    inner: Vec<S11>,
}

#[derive(TfSchema, TfValue, Debug, PartialEq)]
struct S11 {
    x: String,
    #[tf(block)]
    inner: Vec<S12>,
}

#[derive(TfSchema, TfValue, Debug, PartialEq)]
struct S12 {
    x: String,
    #[tf(block)]
    inner: Vec<S13>,
}

#[derive(TfSchema, TfValue, Debug, PartialEq)]
struct S13 {
    x: String,
    #[tf(block)]
    inner: Vec<S14>,
}

#[derive(TfSchema, TfValue, Debug, PartialEq)]
struct S14 {
    x: String,
    #[tf(block)]
    inner: Vec<S15>,
}

#[derive(TfSchema, TfValue, Debug, PartialEq)]
struct S15 {
    x: String,
    #[tf(block)]
    inner: Vec<S16>,
}

#[derive(TfSchema, TfValue, Debug, PartialEq)]
struct S16 {
    x: String,
    #[tf(block)]
    inner: Vec<S17>,
}

#[derive(TfSchema, TfValue, Debug, PartialEq)]
struct S17 {
    x: String,
    #[tf(block)]
    inner: Vec<S18>,
}

#[derive(TfSchema, TfValue, Debug, PartialEq)]
struct S18 {
    x: String,
    #[tf(block)]
    inner: Vec<S19>,
}

#[derive(TfSchema, TfValue, Debug, PartialEq)]
struct S19 {
    x: String,
    #[tf(block)]
    inner: Vec<S20>,
}

#[derive(TfSchema, TfValue, Debug, PartialEq)]
struct S20 {
    x: String,
    #[tf(block)]
    inner: Vec<S21>,
}

#[derive(TfSchema, TfValue, Debug, PartialEq)]
struct S21 {
    x: String,
    #[tf(block)]
    inner: Vec<S22>,
}

#[derive(TfSchema, TfValue, Debug, PartialEq)]
struct S22 {
    x: String,
    #[tf(block)]
    inner: Vec<S23>,
}

#[derive(TfSchema, TfValue, Debug, PartialEq)]
struct S23 {
    x: String,
    #[tf(block)]
    inner: Vec<S24>,
}

#[derive(TfSchema, TfValue, Debug, PartialEq)]
struct S24 {
    x: String,
    #[tf(block)]
    inner: Vec<S25>,
}

#[derive(TfSchema, TfValue, Debug, PartialEq)]
struct S25 {
    x: String,
    #[tf(block)]
    inner: Vec<S26>,
}

#[derive(TfSchema, TfValue, Debug, PartialEq)]
struct S26 {
    x: String,
    #[tf(block)]
    inner: Vec<S27>,
}

#[derive(TfSchema, TfValue, Debug, PartialEq)]
struct S27 {
    x: String,
    #[tf(block)]
    inner: Vec<S28>,
}

#[derive(TfSchema, TfValue, Debug, PartialEq)]
struct S28 {
    x: String,
    #[tf(block)]
    inner: Vec<S29>,
}

#[derive(TfSchema, TfValue, Debug, PartialEq)]
struct S29 {
    x: String,
    #[tf(block)]
    inner: Vec<S30>,
}

#[derive(TfSchema, TfValue, Debug, PartialEq)]
struct S30 {
    x: String,
    #[tf(block)]
    inner: Vec<S31>,
}

#[derive(TfSchema, TfValue, Debug, PartialEq)]
struct S31 {
    x: String,
    #[tf(block)]
    inner: Vec<S32>,
}

#[derive(TfSchema, TfValue, Debug, PartialEq)]
struct S32 {
    x: String,
    #[tf(block)]
    inner: Vec<S33>,
}

#[derive(TfSchema, TfValue, Debug, PartialEq)]
struct S33 {
    x: String,
    #[tf(block)]
    inner: Vec<S34>,
}

#[derive(TfSchema, TfValue, Debug, PartialEq)]
struct S34 {
    x: String,
    #[tf(block)]
    inner: Vec<S35>,
}

#[derive(TfSchema, TfValue, Debug, PartialEq)]
struct S35 {
    x: String,
    #[tf(block)]
    inner: Vec<S36>,
}

#[derive(TfSchema, TfValue, Debug, PartialEq)]
struct S36 {
    x: String,
    #[tf(block)]
    inner: Vec<S37>,
}

#[derive(TfSchema, TfValue, Debug, PartialEq)]
struct S37 {
    x: String,
    #[tf(block)]
    inner: Vec<S38>,
}

#[derive(TfSchema, TfValue, Debug, PartialEq)]
struct S38 {
    x: String,
    #[tf(block)]
    inner: Vec<S39>,
}

#[derive(TfSchema, TfValue, Debug, PartialEq)]
struct S39 {
    x: String,
    #[tf(block)]
    inner: Vec<S40>,
}

#[derive(TfSchema, TfValue, Debug, PartialEq)]
struct S40 {
    x: String,
    #[tf(block)]
    inner: Vec<S41>,
}

#[derive(TfSchema, TfValue, Debug, PartialEq)]
struct S41 {
    x: String,
    #[tf(block)]
    inner: Vec<S42>,
}

#[derive(TfSchema, TfValue, Debug, PartialEq)]
struct S42 {
    x: String,
    #[tf(block)]
    inner: Vec<S43>,
}

#[derive(TfSchema, TfValue, Debug, PartialEq)]
struct S43 {
    x: String,
    #[tf(block)]
    inner: Vec<S44>,
}

#[derive(TfSchema, TfValue, Debug, PartialEq)]
struct S44 {
    x: String,
    #[tf(block)]
    inner: Vec<S45>,
}

#[derive(TfSchema, TfValue, Debug, PartialEq)]
struct S45 {
    x: String,
    #[tf(block)]
    inner: Vec<S46>,
}

#[derive(TfSchema, TfValue, Debug, PartialEq)]
struct S46 {
    x: String,
    #[tf(block)]
    inner: Vec<S47>,
}

#[derive(TfSchema, TfValue, Debug, PartialEq)]
struct S47 {
    x: String,
    #[tf(block)]
    inner: Vec<S48>,
}

#[derive(TfSchema, TfValue, Debug, PartialEq)]
struct S48 {
    x: String,
    #[tf(block)]
    inner: Vec<S49>,
}

#[derive(TfSchema, TfValue, Debug, PartialEq)]
struct S49 {
    x: String,
}

#[test]
fn fifty_levels_round_trip_and_the_plan_view_reads_them() {
    let value = S0 { x: "0".into(), inner: vec![S1 { x: "1".into(), inner: vec![S2 { x: "2".into(), inner: vec![S3 { x: "3".into(), inner: vec![S4 { x: "4".into(), inner: vec![S5 { x: "5".into(), inner: vec![S6 { x: "6".into(), inner: vec![S7 { x: "7".into(), inner: vec![S8 { x: "8".into(), inner: vec![S9 { x: "9".into(), inner: vec![S10 { x: "10".into(), inner: vec![S11 { x: "11".into(), inner: vec![S12 { x: "12".into(), inner: vec![S13 { x: "13".into(), inner: vec![S14 { x: "14".into(), inner: vec![S15 { x: "15".into(), inner: vec![S16 { x: "16".into(), inner: vec![S17 { x: "17".into(), inner: vec![S18 { x: "18".into(), inner: vec![S19 { x: "19".into(), inner: vec![S20 { x: "20".into(), inner: vec![S21 { x: "21".into(), inner: vec![S22 { x: "22".into(), inner: vec![S23 { x: "23".into(), inner: vec![S24 { x: "24".into(), inner: vec![S25 { x: "25".into(), inner: vec![S26 { x: "26".into(), inner: vec![S27 { x: "27".into(), inner: vec![S28 { x: "28".into(), inner: vec![S29 { x: "29".into(), inner: vec![S30 { x: "30".into(), inner: vec![S31 { x: "31".into(), inner: vec![S32 { x: "32".into(), inner: vec![S33 { x: "33".into(), inner: vec![S34 { x: "34".into(), inner: vec![S35 { x: "35".into(), inner: vec![S36 { x: "36".into(), inner: vec![S37 { x: "37".into(), inner: vec![S38 { x: "38".into(), inner: vec![S39 { x: "39".into(), inner: vec![S40 { x: "40".into(), inner: vec![S41 { x: "41".into(), inner: vec![S42 { x: "42".into(), inner: vec![S43 { x: "43".into(), inner: vec![S44 { x: "44".into(), inner: vec![S45 { x: "45".into(), inner: vec![S46 { x: "46".into(), inner: vec![S47 { x: "47".into(), inner: vec![S48 { x: "48".into(), inner: vec![S49 { x: "leaf".into() }] }] }] }] }] }] }] }] }] }] }] }] }] }] }] }] }] }] }] }] }] }] }] }] }] }] }] }] }] }] }] }] }] }] }] }] }] }] }] }] }] }] }] }] }] }] }] }] }] };
    let bytes = msgpack::to_vec(&value).unwrap();
    assert_eq!(msgpack::from_slice::<S0>(&bytes).unwrap(), value);
    let plan: S0Plan = msgpack::from_slice(&bytes).unwrap();
    assert_eq!(msgpack::to_vec(&plan).unwrap(), bytes);
    // 50 levels of blocks in the schema.
    let mut block = S0::block();
    let mut depth = 1;
    while let Some(nested) = block.block_types.first() {
        block = nested.block.clone();
        depth += 1;
    }
    assert_eq!(depth, 50);
}
