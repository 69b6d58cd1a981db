//! The rules' behaviour and texts, expected values written from
//! terraform-plugin-framework-validators' source (the file named at each).

use super::*;
use crate::types::Type;

fn attr(name: &str) -> PathStep {
    PathStep::Attr(name.into())
}

fn exprs(texts: &[&str]) -> Vec<Expression> {
    texts
        .iter()
        .map(|t| Expression::parse(t).expect(t))
        .collect()
}

fn shown(diags: &Diagnostics) -> Vec<String> {
    diags
        .iter()
        .map(|d| format!("{}|{}|{}", path_text(&d.path), d.summary, d.detail))
        .collect()
}

/// A configuration: `top`, and a list block `rule` of objects with `a`, `b`
/// and `n`.
fn config(rules: Vec<Value>) -> Value {
    let ty = Type::object([
        ("a", Type::String),
        ("b", Type::String),
        ("n", Type::Number),
    ]);
    Value::object([
        ("top", Value::from("t")),
        ("other", Value::Null(Type::String)),
        ("total", Value::from(10)),
        ("rule", Value::list(ty, rules)),
    ])
}

fn rule(a: Option<&str>, b: Option<&str>, n: Option<i64>) -> Value {
    let s = |v: Option<&str>| v.map_or(Value::Null(Type::String), Value::from);
    Value::object([
        ("a", s(a)),
        ("b", s(b)),
        ("n", n.map_or(Value::Null(Type::Number), Value::from)),
    ])
}

/// Runs `rule` on `this` of `rule[index]` (or of the root when `None`).
fn run(kind: Rule, root: &Value, index: Option<u64>, this: &str, others: &[&str]) -> Vec<String> {
    let mut diags = Diagnostics::new();
    let (object, base) = match index {
        Some(i) => {
            let Value::Object(attrs) = root else {
                unreachable!()
            };
            let Value::List(_, items) = &attrs["rule"] else {
                unreachable!()
            };
            (&items[i as usize], vec![attr("rule"), PathStep::Index(i)])
        }
        None => (root, Vec::new()),
    };
    let scope = Scope {
        root,
        object,
        base: &base,
    };
    check_rule(kind, scope, this, &exprs(others), &mut diags);
    shown(&diags)
}

#[test]
fn conflicts_with_names_both_full_paths() {
    // internal/schemavalidator/conflicts_with.go:
    // "Attribute %q cannot be specified when %q is specified", matched path first.
    let root = config(vec![rule(Some("x"), Some("y"), None)]);
    assert_eq!(
        run(Rule::ConflictsWith, &root, Some(0), "a", &["b"]),
        ["rule[0].a|Invalid Attribute Combination|Attribute \"rule[0].b\" cannot be specified when \"rule[0].a\" is specified"]
    );
    assert_eq!(
        run(Rule::ConflictsWith, &root, Some(0), "a", &["/top"]),
        ["rule[0].a|Invalid Attribute Combination|Attribute \"top\" cannot be specified when \"rule[0].a\" is specified"]
    );
    assert_eq!(
        run(Rule::ConflictsWith, &root, Some(0), "a", &["../top"]),
        ["rule[0].a|Invalid Attribute Combination|Attribute \"top\" cannot be specified when \"rule[0].a\" is specified"]
    );
    assert!(run(Rule::ConflictsWith, &root, Some(0), "a", &["../other"]).is_empty());
}

#[test]
fn a_rule_from_the_root_reaches_every_element() {
    let root = config(vec![
        rule(Some("x"), None, None),
        rule(None, None, None),
        rule(Some("z"), None, None),
    ]);
    assert_eq!(
        run(Rule::ConflictsWith, &root, None, "top", &["rule[*].a"]),
        [
            "top|Invalid Attribute Combination|Attribute \"rule[0].a\" cannot be specified when \"top\" is specified",
            "top|Invalid Attribute Combination|Attribute \"rule[2].a\" cannot be specified when \"top\" is specified",
        ]
    );
}

#[test]
fn required_with_is_gos_also_requires() {
    // internal/schemavalidator/also_requires.go
    let root = config(vec![rule(Some("x"), None, None)]);
    assert_eq!(
        run(Rule::RequiredWith, &root, Some(0), "a", &["b", "/other"]),
        [
            "rule[0].a|Invalid Attribute Combination|Attribute \"rule[0].b\" must be specified when \"rule[0].a\" is specified",
            "rule[0].a|Invalid Attribute Combination|Attribute \"other\" must be specified when \"rule[0].a\" is specified",
        ]
    );
    assert!(run(Rule::RequiredWith, &root, Some(0), "b", &["a"]).is_empty());
}

#[test]
fn exactly_one_of_counts_and_lists_the_expressions() {
    // internal/schemavalidator/exactly_one_of.go: the merged expressions,
    // without the attribute itself.
    let root = config(vec![rule(Some("x"), Some("y"), None)]);
    assert_eq!(
        run(Rule::ExactlyOneOf, &root, Some(0), "a", &["b", "/top"]),
        ["rule[0].a|Invalid Attribute Combination|3 attributes specified when one (and only one) of [rule[0].b,top] is required"]
    );
    let root = config(vec![rule(None, None, None)]);
    assert_eq!(
        run(Rule::ExactlyOneOf, &root, Some(0), "a", &["b"]),
        ["rule[0].a|Invalid Attribute Combination|No attribute specified when one (and only one) of [rule[0].b] is required"]
    );
}

#[test]
fn at_least_one_of_appends_the_attribute() {
    // internal/schemavalidator/at_least_one_of.go
    let root = config(vec![rule(None, None, None)]);
    assert_eq!(
        run(Rule::AtLeastOneOf, &root, Some(0), "a", &["b", "/other"]),
        ["rule[0].a|Invalid Attribute Combination|At least one attribute out of [rule[0].b,other,rule[0].a] must be specified"]
    );
    assert!(run(Rule::AtLeastOneOf, &root, Some(0), "a", &["/top"]).is_empty());
}

#[test]
fn an_unknown_makes_a_rule_wait() {
    let ty = Type::object([
        ("a", Type::String),
        ("b", Type::String),
        ("n", Type::Number),
    ]);
    let unknown_b = Value::object([
        ("a", Value::from("x")),
        ("b", Value::unknown(Type::String)),
        ("n", Value::Null(Type::Number)),
    ]);
    let root = Value::object([
        ("top", Value::from("t")),
        ("other", Value::Null(Type::String)),
        ("total", Value::from(10)),
        ("rule", Value::list(ty, vec![unknown_b])),
    ]);
    for kind in [Rule::ConflictsWith, Rule::RequiredWith, Rule::ExactlyOneOf] {
        assert!(run(kind, &root, Some(0), "a", &["b", "/top"]).is_empty());
    }
    assert!(run(Rule::AtLeastOneOf, &root, Some(0), "n", &["b"]).is_empty());
    // An unknown `this` decides nothing either.
    assert!(run(Rule::ConflictsWith, &root, Some(0), "b", &["a"]).is_empty());
}

#[test]
fn an_expression_off_the_schema_is_reported() {
    let root = config(vec![rule(Some("x"), None, None)]);
    let out = run(Rule::ConflictsWith, &root, Some(0), "a", &["/nope"]);
    assert_eq!(out.len(), 1);
    assert!(
        out[0].starts_with(
            "|Invalid Path Expression for Schema|The Terraform Provider unexpectedly provided"
        ),
        "{out:?}"
    );
    assert!(out[0].ends_with("Path Expression: nope"), "{out:?}");
}

#[test]
fn sums_follow_int64validator() {
    // int64validator/at_least_sum_of.go, at_most_sum_of.go,
    // equal_to_sum_of.go: "Attribute %s %s, got: %s" (validatordiag).
    let root = config(vec![
        rule(None, None, Some(4)),
        rule(None, None, Some(3)),
        rule(None, None, None),
    ]);
    let mut diags = Diagnostics::new();
    let scope = Scope {
        root: &root,
        object: &root,
        base: &[],
    };
    check_sum(
        Sum::AtMost,
        scope,
        "total",
        &exprs(&["rule[*].n"]),
        &mut diags,
    );
    check_sum(
        Sum::EqualTo,
        scope,
        "total",
        &exprs(&["rule[*].n"]),
        &mut diags,
    );
    check_sum(
        Sum::AtLeast,
        scope,
        "total",
        &exprs(&["rule[*].n"]),
        &mut diags,
    );
    assert_eq!(
        shown(&diags),
        [
            "total|Invalid Attribute Value|Attribute total value must be at most sum of rule[*].n, got: 10",
            "total|Invalid Attribute Value|Attribute total value must be equal to the sum of rule[*].n, got: 10",
        ]
    );
    // Go merges the expressions into a list holding each once (4 + 3, not
    // 4 + 3 + 3), and describes them as written.
    let mut diags = Diagnostics::new();
    check_sum(
        Sum::AtMost,
        scope,
        "total",
        &exprs(&["rule[0].n", "rule[1].n", "rule[1].n"]),
        &mut diags,
    );
    assert_eq!(
        shown(&diags),
        ["total|Invalid Attribute Value|Attribute total value must be at most sum of rule[0].n + rule[1].n + rule[1].n, got: 10"]
    );
    let mut diags = Diagnostics::new();
    check_sum(
        Sum::AtLeast,
        scope,
        "total",
        &exprs(&["rule[*].n", "/total"]),
        &mut diags,
    );
    assert!(
        diags.is_empty(),
        "the attribute itself is skipped: {diags:?}"
    );
}

#[test]
fn config_validators_follow_configvalidator() {
    // internal/configvalidator/{conflicting,exactly_one_of,at_least_one_of,required_together}.go
    let root = config(vec![rule(Some("x"), None, None)]);
    let v = |f: fn(Vec<Expression>) -> ConfigValidator, texts: &[&str]| {
        shown(&f(exprs(texts)).validate(&root))
    };
    assert_eq!(
        v(ConfigValidator::conflicting, &["top", "rule[*].a"]),
        ["top|Invalid Attribute Combination|These attributes cannot be configured together: [top,rule[*].a]"]
    );
    assert_eq!(
        v(ConfigValidator::exactly_one_of, &["top", "/rule[0].a"]),
        ["top|Invalid Attribute Combination|Exactly one of these attributes must be configured: [top,rule[0].a]"]
    );
    assert_eq!(
        v(ConfigValidator::exactly_one_of, &["other", "rule[*].b"]),
        ["|Missing Attribute Configuration|Exactly one of these attributes must be configured: [other,rule[*].b]"]
    );
    assert_eq!(
        v(ConfigValidator::at_least_one_of, &["other", "rule[*].b"]),
        ["|Missing Attribute Configuration|At least one of these attributes must be configured: [other,rule[*].b]"]
    );
    assert!(v(ConfigValidator::at_least_one_of, &["other", "top"]).is_empty());
    assert_eq!(
        v(ConfigValidator::required_together, &["other", "top"]),
        ["top|Invalid Attribute Combination|These attributes must be configured together: [other,top]"]
    );
    assert!(v(ConfigValidator::required_together, &["other", "rule[*].b"]).is_empty());
    // A bad expression is reported, and no "missing" error beside it.
    let out = v(ConfigValidator::at_least_one_of, &["nope", "other"]);
    assert_eq!(out.len(), 1);
    assert!(
        out[0].starts_with("|Invalid Path Expression for Schema|"),
        "{out:?}"
    );
}

#[test]
fn config_validators_wait_for_unknowns() {
    let root = Value::object([
        ("a", Value::unknown(Type::String)),
        ("b", Value::Null(Type::String)),
    ]);
    for f in [
        ConfigValidator::exactly_one_of,
        ConfigValidator::at_least_one_of,
    ] {
        assert!(f(exprs(&["a", "b"])).validate(&root).is_empty());
    }
    let root = Value::object([("a", Value::unknown(Type::String)), ("b", Value::from("x"))]);
    assert!(ConfigValidator::required_together(exprs(&["a", "b"]))
        .validate(&root)
        .is_empty());
    // Conflicting ignores unknowns rather than waiting.
    assert!(ConfigValidator::conflicting(exprs(&["a", "b"]))
        .validate(&root)
        .is_empty());
}

/// resourcevalidator/prefer_write_only_attribute.go: a warning at each set
/// match, only when Terraform can send write-only attributes; a null
/// match passes, an unknown one stops the check.
#[test]
fn prefer_write_only_attribute_warns_only_when_write_only_is_allowed() {
    let v = ConfigValidator::prefer_write_only_attribute(
        Expression::parse("rule[*].a").expect("old"),
        Expression::parse("/top").expect("write-only"),
    );
    assert_eq!(
        v.description(),
        "The write-only attribute top should be preferred over the regular attribute rule[*].a"
    );
    let rule = |a: Value| {
        Value::object([
            ("a", a),
            ("b", Value::Null(Type::String)),
            ("n", Value::Null(Type::Number)),
        ])
    };
    let root = config(vec![
        rule(Value::from("x")),
        rule(Value::Null(Type::String)),
        rule(Value::from("y")),
    ]);
    // Go's zero ClientCapabilities: nothing.
    assert!(v.validate(&root).is_empty());
    let allowed = |root: &Value| {
        crate::validate::write_only::with_write_only_allowed(true, || v.validate(root))
    };
    let found = allowed(&root);
    let detail = "The attribute has a WriteOnly version top available. \
                  Use the WriteOnly version of the attribute when possible.";
    assert_eq!(
        shown(&found),
        [
            format!("rule[0].a|Available Write-Only Attribute Alternative|{detail}"),
            format!("rule[2].a|Available Write-Only Attribute Alternative|{detail}"),
        ]
    );
    assert!(!found.has_errors());
    // An unknown match stops it: only the warnings before it.
    let root = config(vec![
        rule(Value::from("x")),
        rule(Value::unknown(Type::String)),
        rule(Value::from("y")),
    ]);
    assert_eq!(allowed(&root).len(), 1);
    // An expression that matches nothing in the schema is an error.
    let bad = ConfigValidator::prefer_write_only_attribute(
        Expression::parse("nope").expect("old"),
        Expression::parse("top").expect("write-only"),
    );
    let out = crate::validate::write_only::with_write_only_allowed(true, || bad.validate(&root));
    assert!(out.has_errors(), "{:?}", shown(&out));
}
