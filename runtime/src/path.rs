//! Path expressions, terraform-plugin-framework's `path.Expression`: which
//! attributes a cross-attribute rule or a configuration validator looks at,
//! written relative to the object the rule is declared in or from the root
//! of the configuration, with wildcards over list, set and map elements.
//! [`Expression::matches`] resolves one against a configuration `Value`
//! into the attribute paths it matches, as the framework's `PathMatches`.
//!
//! The written form (also what the derive's rules accept):
//!
//! | written | Go | meaning |
//! |---|---|---|
//! | `"a"` | `path.MatchRelative().AtParent().AtName("a")` on an attribute | the attribute `a` beside the rule's attribute |
//! | `"/a"` | `path.MatchRoot("a")` | the attribute `a` at the root of the configuration |
//! | `"../a"` | one more `.AtParent()` per `../` (two from a list, set or map element) | `a` in the object holding this one's block |
//! | `"a.b"` | `.AtName("a").AtName("b")` | `b` inside the single block or object `a` |
//! | `"a[*].b"` | `.AtAnyListIndex()`, `.AtAnySetValue()`, `.AtAnyMapKey()` | `b` in every element of the list, set or map `a` |
//! | `"a[2]"`, `"a[\"k\"]"` | `.AtListIndex(2)`, `.AtMapKey("k")` | one element |
//!
//! The builder methods ([`Expression::root`], [`Expression::relative`],
//! [`parent`](Expression::parent), [`name`](Expression::name),
//! [`any`](Expression::any), ...) build the same expressions the Go way.

use std::fmt;

use crate::error::PathStep;
use crate::types::Type;
use crate::value::Value;

/// One step of an [`Expression`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    /// Up to the object holding this one (`..`, Go's `AtParent()`, past
    /// any element step).
    Parent,
    /// An attribute or block by name (Go's `AtName`).
    Name(String),
    /// Every element of a list, set or map (`[*]`; Go's `AtAnyListIndex`,
    /// `AtAnySetValue`, `AtAnyMapKey`).
    Any,
    /// One list element (Go's `AtListIndex`).
    Index(u64),
    /// One map element (Go's `AtMapKey`).
    Key(String),
}

/// A path expression: relative to the object a rule is declared in, or
/// from the root of the configuration. See the [module docs](self) for the
/// written form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Expression {
    root: bool,
    steps: Vec<Step>,
    /// Why the text it was made from does not parse (from generated code,
    /// which the derive checked; reported where the expression is used).
    unparsable: Option<String>,
}

/// An expression's text that does not parse, with the reason.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExpressionError {
    text: String,
    reason: String,
}

impl fmt::Display for ExpressionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "invalid path expression {:?}: {}",
            self.text, self.reason
        )
    }
}

impl std::error::Error for ExpressionError {}

/// One attribute path an expression matched, with its value.
#[derive(Debug, Clone, PartialEq)]
pub struct Match<'v> {
    /// The path from the root (stopping at a set, whose elements Terraform
    /// cannot address).
    pub path: Vec<PathStep>,
    /// The value there: a null or unknown may stand for a whole part of
    /// the configuration the rest of the expression would walk into, as
    /// the framework's `PathMatches` returns it.
    pub value: &'v Value,
}

impl Expression {
    /// An expression from the root: `/name` (Go's `path.MatchRoot(name)`).
    pub fn root(name: impl Into<String>) -> Self {
        Expression {
            root: true,
            steps: vec![Step::Name(name.into())],
            unparsable: None,
        }
    }

    /// An empty relative expression (Go's `path.MatchRelative()`): the
    /// object the rule is declared in; add steps to it.
    pub fn relative() -> Self {
        Expression {
            root: false,
            steps: Vec::new(),
            unparsable: None,
        }
    }

    /// Adds a step up to the object holding this one's block (`..`).
    pub fn parent(mut self) -> Self {
        self.steps.push(Step::Parent);
        self
    }

    /// Adds an attribute or block name.
    pub fn name(mut self, name: impl Into<String>) -> Self {
        self.steps.push(Step::Name(name.into()));
        self
    }

    /// Adds "every element" (`[*]`).
    pub fn any(mut self) -> Self {
        self.steps.push(Step::Any);
        self
    }

    /// Adds one list element.
    pub fn index(mut self, index: u64) -> Self {
        self.steps.push(Step::Index(index));
        self
    }

    /// Adds one map element.
    pub fn key(mut self, key: impl Into<String>) -> Self {
        self.steps.push(Step::Key(key.into()));
        self
    }

    /// Whether the expression starts at the root of the configuration.
    pub fn is_root(&self) -> bool {
        self.root
    }

    /// The steps, in order.
    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// Parses the written form (see the [module docs](self)).
    ///
    /// # Errors
    ///
    /// When the text is empty, has an empty or unknown step, a `..` after
    /// a name, or does not end at an attribute or element.
    pub fn parse(text: &str) -> Result<Self, ExpressionError> {
        parse(text).map_err(|reason| ExpressionError {
            text: text.to_owned(),
            reason,
        })
    }

    /// For generated code: the expression of a text the derive checked;
    /// should it not parse after all, using it reports why.
    pub(crate) fn of_checked(text: &str) -> Self {
        Expression::parse(text).unwrap_or_else(|e| Expression {
            root: false,
            steps: Vec::new(),
            unparsable: Some(e.to_string()),
        })
    }

    /// The absolute steps this expression stands for from the object at
    /// `base` (ignored for a root expression).
    ///
    /// # Errors
    ///
    /// When the text did not parse, or `..` climbs above the root.
    pub fn resolve(&self, base: &[PathStep]) -> Result<Vec<Step>, String> {
        if let Some(reason) = &self.unparsable {
            return Err(reason.clone());
        }
        let mut out: Vec<Step> = if self.root {
            Vec::new()
        } else {
            base.iter().map(step_of).collect()
        };
        for step in &self.steps {
            if *step != Step::Parent {
                out.push(step.clone());
                continue;
            }
            while matches!(out.last(), Some(Step::Any | Step::Index(_) | Step::Key(_))) {
                out.pop();
            }
            if out.pop().is_none() {
                return Err(format!(
                    "`{self}` climbs above the root of the configuration"
                ));
            }
        }
        if out.is_empty() {
            return Err(format!("`{self}` names no attribute"));
        }
        Ok(out)
    }

    /// As [`matches`](Self::matches), from the object `object` at `base`
    /// in `root`: an expression that neither starts at the root nor climbs
    /// (`a`, `a[*].b`) walks `object` itself, which also works inside a set
    /// element (which `base` cannot address).
    ///
    /// # Errors
    ///
    /// As [`matches`](Self::matches).
    pub fn matches_at<'v>(
        &self,
        root: &'v Value,
        object: &'v Value,
        base: &[PathStep],
    ) -> Result<Vec<Match<'v>>, String> {
        if self.root || self.unparsable.is_some() || self.steps.contains(&Step::Parent) {
            return self.matches(root, base);
        }
        let mut out = Vec::new();
        let mut path = base.to_vec();
        if !self.steps.is_empty() && walk(object, &self.steps, &mut path, &mut out) {
            Ok(out)
        } else {
            let steps = self.resolve(base).unwrap_or_default();
            Err(invalid_text(&steps_text(&steps)))
        }
    }

    /// The attribute paths this expression matches in `root` (the whole
    /// configuration), seen from the object at `base`, and their values:
    /// as the framework's `PathMatches`, a null or unknown on the way is a
    /// match itself, and an empty collection gives none.
    ///
    /// # Errors
    ///
    /// The framework's "Invalid Path Expression for Schema" text when the
    /// expression does not fit the configuration's structure (a name that
    /// is not there, an element of something that is not a collection).
    pub fn matches<'v>(
        &self,
        root: &'v Value,
        base: &[PathStep],
    ) -> Result<Vec<Match<'v>>, String> {
        let steps = self.resolve(base).map_err(|reason| invalid_text(&reason))?;
        let mut out = Vec::new();
        let mut path = Vec::new();
        if walk(root, &steps, &mut path, &mut out) {
            Ok(out)
        } else {
            Err(invalid_text(&steps_text(&steps)))
        }
    }
}

/// The detail of terraform-plugin-framework's "Invalid Path Expression
/// for Schema" (internal/fwschemadata/data_path_matches.go).
fn invalid_text(expression: &str) -> String {
    format!(
        "The Terraform Provider unexpectedly provided a path expression that does not match the current schema. \
         This can happen if the path expression does not correctly follow the schema in structure or types. \
         Please report this to the provider developers.\n\nPath Expression: {expression}"
    )
}

/// The summary of an expression that does not fit the schema.
pub(crate) const INVALID_SUMMARY: &str = "Invalid Path Expression for Schema";

fn step_of(step: &PathStep) -> Step {
    match step {
        PathStep::Attr(name) => Step::Name(name.clone()),
        PathStep::Index(i) => Step::Index(*i),
        PathStep::Key(k) => Step::Key(k.clone()),
    }
}

/// Resolved steps as Go prints an expression: `block[*].name`.
pub(crate) fn steps_text(steps: &[Step]) -> String {
    let mut out = String::new();
    for step in steps {
        match step {
            Step::Name(name) if out.is_empty() => out.push_str(name),
            Step::Name(name) => {
                out.push('.');
                out.push_str(name);
            }
            Step::Parent if out.is_empty() => out.push('<'),
            Step::Parent => out.push_str(".<"),
            Step::Any => out.push_str("[*]"),
            Step::Index(i) => out.push_str(&format!("[{i}]")),
            Step::Key(k) => out.push_str(&format!("[{k:?}]")),
        }
    }
    out
}

/// A path as Go prints one: `block[0].name`.
pub(crate) fn path_text(path: &[PathStep]) -> String {
    let s: String = path.iter().map(ToString::to_string).collect();
    s.strip_prefix('.').map(str::to_owned).unwrap_or(s)
}

/// Collects the matches of `steps` below `value` (at `path`); `false` when
/// the steps do not fit its structure.
fn walk<'v>(
    value: &'v Value,
    steps: &[Step],
    path: &mut Vec<PathStep>,
    out: &mut Vec<Match<'v>>,
) -> bool {
    let Some((step, rest)) = steps.split_first() else {
        out.push(Match {
            path: path.clone(),
            value,
        });
        return true;
    };
    let mut below = |v: &'v Value, step: Option<PathStep>, path: &mut Vec<PathStep>| {
        let pushed = step.is_some();
        path.extend(step);
        let fits = walk(v, rest, path, out);
        if pushed {
            path.pop();
        }
        fits
    };
    match (step, value) {
        (_, Value::Null(ty) | Value::Unknown(ty, _)) => {
            if !fits_type(ty, steps) {
                return false;
            }
            out.push(Match {
                path: path.clone(),
                value,
            });
            true
        }
        (Step::Name(name), Value::Object(attrs)) => match attrs.get(name) {
            Some(v) => below(v, Some(PathStep::Attr(name.clone())), path),
            None => false,
        },
        (Step::Any, Value::List(ty, items) | Value::Set(ty, items)) if items.is_empty() => {
            fits_type(ty, rest)
        }
        (Step::Any, Value::Map(ty, items)) if items.is_empty() => fits_type(ty, rest),
        (Step::Any, Value::List(_, items) | Value::Tuple(items)) => {
            let mut fits = true;
            for (i, item) in items.iter().enumerate() {
                fits &= below(item, Some(PathStep::Index(i as u64)), path);
            }
            fits
        }
        (Step::Any, Value::Set(_, items)) => {
            let mut fits = true;
            for item in items {
                fits &= below(item, None, path);
            }
            fits
        }
        (Step::Any, Value::Map(_, items)) => {
            let mut fits = true;
            for (k, item) in items {
                fits &= below(item, Some(PathStep::Key(k.clone())), path);
            }
            fits
        }
        (Step::Index(i), Value::List(ty, items)) => match items.get(*i as usize) {
            Some(v) => below(v, Some(PathStep::Index(*i)), path),
            None => fits_type(ty, rest),
        },
        (Step::Index(i), Value::Tuple(items)) => match items.get(*i as usize) {
            Some(v) => below(v, Some(PathStep::Index(*i)), path),
            None => false,
        },
        (Step::Key(k), Value::Map(ty, items)) => match items.get(k) {
            Some(v) => below(v, Some(PathStep::Key(k.clone())), path),
            None => fits_type(ty, rest),
        },
        _ => false,
    }
}

/// Whether `steps` can be applied to a value of type `ty` (the framework's
/// `ValidPathExpression`).
fn fits_type(ty: &Type, steps: &[Step]) -> bool {
    let Some((step, rest)) = steps.split_first() else {
        return true;
    };
    match (step, ty) {
        (_, Type::Dynamic) => true,
        (Step::Name(name), Type::Object(obj)) => obj.attr(name).is_some_and(|t| fits_type(t, rest)),
        (Step::Any, Type::List(elem) | Type::Set(elem) | Type::Map(elem))
        | (Step::Index(_), Type::List(elem))
        | (Step::Key(_), Type::Map(elem)) => fits_type(elem, rest),
        (Step::Any, Type::Tuple(elems)) => elems.iter().all(|t| fits_type(t, rest)),
        (Step::Index(i), Type::Tuple(elems)) => {
            elems.get(*i as usize).is_some_and(|t| fits_type(t, rest))
        }
        _ => false,
    }
}

/// The parser of the written form.
fn parse(text: &str) -> Result<Expression, String> {
    let mut expr = Expression::relative();
    let mut rest = text;
    if let Some(after) = rest.strip_prefix('/') {
        expr.root = true;
        rest = after;
    } else {
        while let Some(after) = rest.strip_prefix("..") {
            expr.steps.push(Step::Parent);
            rest = after.strip_prefix('/').ok_or("`..` is followed by `/`")?;
        }
    }
    if rest.is_empty() {
        return Err("it names no attribute".into());
    }
    let mut first = true;
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix('[') {
            if first {
                return Err("it starts with an element step; start with an attribute name".into());
            }
            let end = after.find(']').ok_or("a `[` is not closed")?;
            let inner = &after[..end];
            expr.steps.push(element_step(inner)?);
            rest = &after[end + 1..];
            continue;
        }
        if !first {
            rest = rest
                .strip_prefix('.')
                .ok_or("steps are joined by `.` (names) or written `[*]`, `[0]`, `[\"key\"]`")?;
        }
        let end = rest.find(['.', '[', '/']).unwrap_or(rest.len());
        let name = &rest[..end];
        if name.is_empty()
            || !name
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
        {
            return Err(format!("{name:?} is not an attribute name"));
        }
        expr.steps.push(Step::Name(name.to_owned()));
        rest = &rest[end..];
        if rest.starts_with('/') {
            return Err("`/` only starts an expression, and `..` only at the start".into());
        }
        first = false;
    }
    Ok(expr)
}

fn element_step(inner: &str) -> Result<Step, String> {
    if inner == "*" {
        return Ok(Step::Any);
    }
    if let Some(key) = inner.strip_prefix('"').and_then(|k| k.strip_suffix('"')) {
        return Ok(Step::Key(key.to_owned()));
    }
    inner
        .parse::<u64>()
        .map(Step::Index)
        .map_err(|_| format!("`[{inner}]` is not `[*]`, a list index or a quoted map key"))
}

impl fmt::Display for Expression {
    /// The written form: `/a`, `../b`, `block[*].name`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.root {
            f.write_str("/")?;
        }
        let mut named = false;
        for step in &self.steps {
            match step {
                Step::Parent => f.write_str("../")?,
                Step::Name(name) if named => write!(f, ".{name}")?,
                Step::Name(name) => {
                    named = true;
                    f.write_str(name)?
                }
                Step::Any => f.write_str("[*]")?,
                Step::Index(i) => write!(f, "[{i}]")?,
                Step::Key(k) => write!(f, "[{k:?}]")?,
            }
        }
        Ok(())
    }
}

impl std::str::FromStr for Expression {
    type Err = ExpressionError;

    fn from_str(text: &str) -> Result<Self, ExpressionError> {
        Expression::parse(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn attr(name: &str) -> PathStep {
        PathStep::Attr(name.into())
    }

    fn config() -> Value {
        let elem = |name: &str| {
            Value::object([
                ("name", Value::from(name)),
                ("size", Value::Null(Type::Number)),
            ])
        };
        let elem_ty = Type::object([("name", Type::String), ("size", Type::Number)]);
        Value::object([
            ("top", Value::from("t")),
            (
                "rule",
                Value::list(elem_ty.clone(), vec![elem("a"), elem("b")]),
            ),
            ("tags", Value::set(elem_ty.clone(), vec![elem("c")])),
            (
                "by_key",
                Value::map(elem_ty.clone(), [("k".to_string(), elem("d"))]),
            ),
            ("empty", Value::list(elem_ty.clone(), vec![])),
            ("none", Value::Null(Type::list(elem_ty))),
        ])
    }

    fn found(text: &str, base: &[PathStep]) -> Vec<String> {
        let root = config();
        Expression::parse(text)
            .expect("parses")
            .matches(&root, base)
            .expect("fits")
            .iter()
            .map(|m| format!("{}={}", path_text(&m.path), crate::show::render(m.value)))
            .collect()
    }

    #[test]
    fn parses_the_written_forms_and_prints_them_back() {
        for text in [
            "a",
            "/a",
            "../b",
            "../../b.c",
            "block[*].name",
            "m[\"k\"].x",
            "l[2]",
        ] {
            assert_eq!(Expression::parse(text).expect(text).to_string(), text);
        }
        assert_eq!(
            Expression::parse("../b").expect("parses"),
            Expression::relative().parent().name("b")
        );
        assert_eq!(
            Expression::parse("/a").expect("parses"),
            Expression::root("a")
        );
    }

    #[test]
    fn refuses_malformed_texts_with_the_reason() {
        for (text, reason) in [
            ("", "it names no attribute"),
            ("..", "`..` is followed by `/`"),
            ("../", "it names no attribute"),
            ("a..b", "\"\" is not an attribute name"),
            (
                "a/b",
                "`/` only starts an expression, and `..` only at the start",
            ),
            (
                "a[x]",
                "`[x]` is not `[*]`, a list index or a quoted map key",
            ),
            ("a[*", "a `[` is not closed"),
            (
                "[*]",
                "it starts with an element step; start with an attribute name",
            ),
            ("A b", "\"A b\" is not an attribute name"),
        ] {
            let err = Expression::parse(text).expect_err(text);
            assert_eq!(
                err.to_string(),
                format!("invalid path expression {text:?}: {reason}")
            );
        }
    }

    #[test]
    fn resolves_siblings_parents_and_the_root() {
        let base = [attr("rule"), PathStep::Index(1)];
        assert_eq!(found("name", &base), ["rule[1].name=\"b\""]);
        assert_eq!(found("../top", &base), ["top=\"t\""]);
        assert_eq!(found("/top", &base), ["top=\"t\""]);
        let too_far = Expression::parse("../../top").expect("parses");
        assert!(too_far.matches(&config(), &base).is_err());
    }

    #[test]
    fn wildcards_walk_lists_sets_and_maps() {
        assert_eq!(
            found("/rule[*].name", &[]),
            ["rule[0].name=\"a\"", "rule[1].name=\"b\""]
        );
        // Set elements cannot be addressed: the path leaves out their step.
        assert_eq!(found("/tags[*].name", &[]), ["tags.name=\"c\""]);
        assert_eq!(found("/by_key[*].name", &[]), ["by_key[\"k\"].name=\"d\""]);
        assert_eq!(
            found("/by_key[\"k\"].name", &[]),
            ["by_key[\"k\"].name=\"d\""]
        );
        assert_eq!(found("/rule[0].size", &[]), ["rule[0].size=null"]);
    }

    #[test]
    fn climbing_back_into_a_set_element_does_not_fit() {
        // A struct below a set element sits at `tags.inner` (no element
        // step), so `../name` would need to address the element.
        let base = [attr("tags"), attr("inner")];
        let expr = Expression::parse("../name").expect("parses");
        let err = expr.matches(&config(), &base).expect_err("does not fit");
        assert!(err.ends_with("Path Expression: tags.name"), "{err}");
        // From the element's own struct, a sibling works.
        let Value::Object(attrs) = config() else {
            unreachable!()
        };
        let Value::Set(_, elems) = &attrs["tags"] else {
            unreachable!()
        };
        let root = config();
        let sibling = Expression::parse("name").expect("parses");
        let found = sibling
            .matches_at(&root, &elems[0], &[attr("tags")])
            .expect("fits");
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].value, &Value::from("c"));
    }

    #[test]
    fn a_null_on_the_way_is_a_match_and_an_empty_collection_none() {
        assert_eq!(found("/none[*].name", &[]), ["none=null"]);
        assert!(found("/empty[*].name", &[]).is_empty());
    }

    #[test]
    fn an_expression_that_does_not_fit_gives_gos_text() {
        let root = config();
        for text in [
            "/nope",
            "/rule[*].nope",
            "/top[*]",
            "/empty[*].nope",
            "/none[*].nope",
        ] {
            let err = Expression::parse(text)
                .expect("parses")
                .matches(&root, &[])
                .expect_err(text);
            // internal/fwschemadata/data_path_matches.go
            assert!(
                err.starts_with("The Terraform Provider unexpectedly provided a path expression that does not match the current schema. This can happen if the path expression does not correctly follow the schema in structure or types. Please report this to the provider developers.\n\nPath Expression: "),
                "{err}"
            );
            assert!(err.ends_with(text.trim_start_matches('/')), "{err}");
        }
    }
}
