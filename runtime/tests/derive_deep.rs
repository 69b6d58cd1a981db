//! Models nested 50 levels deep (blocks in blocks) derive, encode and
//! decode. The plan view wraps each level in `Unknown<Vec<Unknown<..>>>`,
//! which doubles the depth the compiler checks: past about 30 levels a crate
//! needs a higher recursion limit, as the compiler's own hint says.

#![recursion_limit = "256"]

use tfschema::{msgpack, TfSchema, TfType, TfValue, Value};

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
    // The value, built as a dynamic value from the leaf up (a nested struct
    // literal 50 deep would take rustfmt minutes).
    let mut value = Value::object([("x", Value::from("leaf"))]);
    let mut ty = S49::tf_type();
    for level in (0..49).rev() {
        value = Value::object([
            ("x", Value::from(level.to_string())),
            ("inner", Value::list(ty, vec![value])),
        ]);
        ty = value.ty();
    }
    assert_eq!(ty, S0::tf_type());
    let bytes = msgpack::value_to_vec(&value, &ty).unwrap();
    let typed: S0 = msgpack::from_slice(&bytes).unwrap();
    assert_eq!(typed.inner[0].inner[0].x, "2");
    assert_eq!(msgpack::to_vec(&typed).unwrap(), bytes);
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
