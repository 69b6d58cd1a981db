//! Rules over several attributes, reached by [path expressions](crate::path):
//! the derive's cross-attribute rules on a field (`conflicts_with`,
//! `exactly_one_of`, `at_least_one_of`, `required_with`, the integer sums),
//! and [`ConfigValidator`]s over a whole configuration, as
//! terraform-plugin-framework-validators' `resourcevalidator`,
//! `datasourcevalidator`, `ephemeralvalidator` and `providervalidator`.
//! Behaviour and texts follow that module: a rule waits while a value it
//! needs is unknown, and paths in messages are written from the root.

use crate::diag::Diagnostics;
use crate::error::PathStep;
use crate::path::{path_text, steps_text, Expression, Match, INVALID_SUMMARY};
use crate::value::Value;

const COMBINATION: &str = "Invalid Attribute Combination";

/// The cross-attribute rules a field declares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rule {
    /// `conflicts_with`: `this` must not be set together with any match.
    ConflictsWith,
    /// `exactly_one_of`: exactly one of `this` and the matches is set.
    ExactlyOneOf,
    /// `at_least_one_of`: at least one of `this` and the matches is set.
    AtLeastOneOf,
    /// `required_with`: when `this` is set, every match is set too (Go's
    /// `AlsoRequires`).
    RequiredWith,
}

/// Where a field's rule runs: the whole configuration, the object the
/// field belongs to and that object's path.
#[derive(Debug, Clone, Copy)]
pub struct Scope<'v, 'p> {
    /// The whole configuration.
    pub root: &'v Value,
    /// The object holding the attribute.
    pub object: &'v Value,
    /// The object's path from the root.
    pub base: &'p [PathStep],
}

impl<'v> Scope<'v, '_> {
    fn attr(&self, name: &str) -> Option<&'v Value> {
        match self.object {
            Value::Object(attrs) => attrs.get(name),
            _ => None,
        }
    }

    fn path_of(&self, name: &str) -> Vec<PathStep> {
        let mut path = self.base.to_vec();
        path.push(PathStep::Attr(name.to_owned()));
        path
    }

    /// Each distinct expression's matches (with Go's error for one that
    /// does not fit), and the resolved texts of them all.
    fn resolve(
        &self,
        exprs: &[Expression],
        diags: &mut Diagnostics,
    ) -> (Vec<Vec<Match<'v>>>, Vec<String>) {
        let mut found = Vec::with_capacity(exprs.len());
        let mut texts = Vec::with_capacity(exprs.len());
        for expr in exprs {
            let text = match expr.resolve(self.base) {
                Ok(steps) => steps_text(&steps),
                Err(_) => expr.to_string(),
            };
            // Go merges the expressions into a list that holds each once.
            let repeated = texts.contains(&text);
            texts.push(text);
            if repeated {
                continue;
            }
            match expr.matches_at(self.root, self.object, self.base) {
                Ok(matches) => found.push(matches),
                Err(detail) => {
                    diags.error(&[], INVALID_SUMMARY, detail);
                    found.push(Vec::new());
                }
            }
        }
        (found, texts)
    }
}

/// Go's `Expressions.String()`: `[a,b.c]`, each once.
fn list_text(texts: &[String]) -> String {
    let mut seen: Vec<&str> = Vec::with_capacity(texts.len());
    for t in texts {
        if !seen.contains(&t.as_str()) {
            seen.push(t);
        }
    }
    format!("[{}]", seen.join(","))
}

/// Checks `rule` on the attribute `this` of `scope`'s object against the
/// attributes `others` match, as terraform-plugin-framework-validators'
/// `internal/schemavalidator` (`conflicts_with.go`, `exactly_one_of.go`,
/// `at_least_one_of.go`, `also_requires.go`): errors stand at `this`.
pub fn check_rule(
    rule: Rule,
    scope: Scope<'_, '_>,
    this: &str,
    others: &[Expression],
    diags: &mut Diagnostics,
) {
    let Some(value) = scope.attr(this) else {
        return;
    };
    let this_path = scope.path_of(this);
    let at = |diags: &mut Diagnostics, detail: String| diags.error(&this_path, COMBINATION, detail);
    let unknown = matches!(value, Value::Unknown(..));
    match rule {
        Rule::ConflictsWith | Rule::RequiredWith if value.is_null() || unknown => return,
        Rule::ExactlyOneOf if unknown => return,
        Rule::AtLeastOneOf if !value.is_null() => return,
        _ => {}
    }
    let (found, mut texts) = scope.resolve(others, diags);
    let this_text = path_text(&this_path);
    let mut count = usize::from(!value.is_null());
    for m in found.iter().flatten() {
        if rule != Rule::AtLeastOneOf && m.path == this_path {
            continue;
        }
        if matches!(m.value, Value::Unknown(..)) {
            return;
        }
        let set = !m.value.is_null();
        let other = path_text(&m.path);
        match rule {
            Rule::ConflictsWith if set => at(
                diags,
                format!("Attribute {other:?} cannot be specified when {this_text:?} is specified"),
            ),
            Rule::RequiredWith if !set => at(
                diags,
                format!("Attribute {other:?} must be specified when {this_text:?} is specified"),
            ),
            Rule::AtLeastOneOf if set => return,
            _ => count += usize::from(set),
        }
    }
    match rule {
        Rule::ExactlyOneOf if count == 0 => at(
            diags,
            format!(
                "No attribute specified when one (and only one) of {} is required",
                list_text(&texts)
            ),
        ),
        Rule::ExactlyOneOf if count > 1 => at(
            diags,
            format!(
                "{count} attributes specified when one (and only one) of {} is required",
                list_text(&texts)
            ),
        ),
        Rule::AtLeastOneOf => {
            texts.push(this_text);
            at(
                diags,
                format!(
                    "At least one attribute out of {} must be specified",
                    list_text(&texts)
                ),
            );
        }
        _ => {}
    }
}

/// The comparisons of the integer sum rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sum {
    /// `at_least_sum_of`: the value is at least the sum.
    AtLeast,
    /// `at_most_sum_of`: the value is at most the sum.
    AtMost,
    /// `equal_to_sum_of`: the value equals the sum.
    EqualTo,
}

/// Checks that the number `this` compares to the sum of the numbers
/// `others` match as `sum` says, as int64validator's `AtLeastSumOf`,
/// `AtMostSumOf` and `EqualToSumOf`: nulls count nothing, an unknown waits.
pub fn check_sum(
    sum: Sum,
    scope: Scope<'_, '_>,
    this: &str,
    others: &[Expression],
    diags: &mut Diagnostics,
) {
    let Some(Value::Number(number)) = scope.attr(this) else {
        return;
    };
    // Go sums int64s; these are integer attributes, summed without overflow.
    let Some(value) = number.to_i128() else {
        return;
    };
    let this_path = scope.path_of(this);
    let (found, texts) = scope.resolve(others, diags);
    let mut total: i128 = 0;
    for m in found.iter().flatten() {
        if m.path == this_path {
            continue;
        }
        match m.value {
            Value::Unknown(..) => return,
            Value::Number(n) => match n.to_i128().and_then(|n| total.checked_add(n)) {
                Some(sum) => total = sum,
                None => return,
            },
            _ => {}
        }
    }
    let (fails, words) = match sum {
        Sum::AtLeast => (value < total, "at least sum of"),
        Sum::AtMost => (value > total, "at most sum of"),
        Sum::EqualTo => (value != total, "equal to the sum of"),
    };
    if fails {
        let detail = format!(
            "Attribute {} value must be {words} {}, got: {value}",
            path_text(&this_path),
            texts.join(" + ")
        );
        diags.error(&this_path, "Invalid Attribute Value", detail);
    }
}

/// A check over a whole configuration (Go's `ConfigValidators()`): a
/// resource's, data source's, ephemeral resource's or provider's, declared
/// with `#[tf(config_validators(...))]` on its model or returned by the
/// typed layer's `config_validators` hook. Its expressions are read from
/// the root (`"a"` and `"/a"` alike).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfigValidator {
    kind: ConfigRule,
    expressions: Vec<Expression>,
}

/// What a [`ConfigValidator`] checks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ConfigRule {
    /// At most one of the attributes is set (Go's `Conflicting`).
    Conflicting,
    /// Exactly one of them is set (`ExactlyOneOf`).
    ExactlyOneOf,
    /// At least one of them is set (`AtLeastOneOf`).
    AtLeastOneOf,
    /// All of them or none are set (`RequiredTogether`).
    RequiredTogether,
    /// A warning at each attribute the first expression matches that is
    /// set, naming the write-only alternative the second one names, when
    /// Terraform can send write-only attributes (Go's
    /// `resourcevalidator.PreferWriteOnlyAttribute`; see
    /// [`ConfigValidator::prefer_write_only_attribute`]).
    PreferWriteOnlyAttribute,
}

impl ConfigValidator {
    /// A validator of `kind` over the attributes the expressions match.
    pub fn new(kind: ConfigRule, expressions: impl IntoIterator<Item = Expression>) -> Self {
        ConfigValidator {
            kind,
            expressions: expressions.into_iter().collect(),
        }
    }

    /// Go's `resourcevalidator.Conflicting`.
    pub fn conflicting(expressions: impl IntoIterator<Item = Expression>) -> Self {
        Self::new(ConfigRule::Conflicting, expressions)
    }

    /// Go's `resourcevalidator.ExactlyOneOf`.
    pub fn exactly_one_of(expressions: impl IntoIterator<Item = Expression>) -> Self {
        Self::new(ConfigRule::ExactlyOneOf, expressions)
    }

    /// Go's `resourcevalidator.AtLeastOneOf`.
    pub fn at_least_one_of(expressions: impl IntoIterator<Item = Expression>) -> Self {
        Self::new(ConfigRule::AtLeastOneOf, expressions)
    }

    /// Go's `resourcevalidator.RequiredTogether`.
    pub fn required_together(expressions: impl IntoIterator<Item = Expression>) -> Self {
        Self::new(ConfigRule::RequiredTogether, expressions)
    }

    /// Go's `resourcevalidator.PreferWriteOnlyAttribute(old, write_only)`:
    /// when Terraform can send write-only attributes (client capability
    /// `write_only_attributes_allowed`, 1.11+, which the typed server
    /// passes on for `ValidateResourceConfig`; elsewhere it reads as
    /// false), each attribute `old` matches that is set gets the warning
    /// "Available Write-Only Attribute Alternative": `The attribute has a
    /// WriteOnly version <write_only> available. Use the WriteOnly version
    /// of the attribute when possible.` An unknown match stops the check,
    /// as in Go.
    pub fn prefer_write_only_attribute(old: Expression, write_only: Expression) -> Self {
        Self::new(ConfigRule::PreferWriteOnlyAttribute, [old, write_only])
    }

    /// For generated code: a validator over texts the derive checked.
    pub(crate) fn of_checked(kind: ConfigRule, texts: &[&str]) -> Self {
        Self::new(kind, texts.iter().map(|t| Expression::of_checked(t)))
    }

    /// What it checks, Go's description (also its error's detail), e.g.
    /// `These attributes cannot be configured together: [a,b]`.
    pub fn description(&self) -> String {
        let texts: Vec<String> = self.expressions.iter().map(expression_text).collect();
        if self.kind == ConfigRule::PreferWriteOnlyAttribute {
            let (old, write_only) = match texts.as_slice() {
                [old, write_only, ..] => (old.as_str(), write_only.as_str()),
                _ => ("", ""),
            };
            return format!(
                "The write-only attribute {write_only} should be preferred over the regular attribute {old}"
            );
        }
        let list = format!("[{}]", texts.join(","));
        match self.kind {
            ConfigRule::Conflicting => {
                format!("These attributes cannot be configured together: {list}")
            }
            ConfigRule::ExactlyOneOf => {
                format!("Exactly one of these attributes must be configured: {list}")
            }
            ConfigRule::AtLeastOneOf => {
                format!("At least one of these attributes must be configured: {list}")
            }
            ConfigRule::RequiredTogether => {
                format!("These attributes must be configured together: {list}")
            }
            ConfigRule::PreferWriteOnlyAttribute => String::new(),
        }
    }

    /// [`ConfigRule::PreferWriteOnlyAttribute`], as Go's
    /// `preferWriteOnlyAttributeValidator.ValidateResource`.
    fn prefer_write_only(&self, config: &Value) -> Diagnostics {
        let mut diags = Diagnostics::new();
        let [old, write_only] = self.expressions.as_slice() else {
            return diags;
        };
        if !crate::validate::write_only::write_only_allowed() {
            return diags;
        }
        let matches = match (old.matches(config, &[]), write_only.matches(config, &[])) {
            (Ok(matches), Ok(_)) => matches,
            (Err(detail), _) | (_, Err(detail)) => {
                diags.error(&[], INVALID_SUMMARY, detail);
                return diags;
            }
        };
        let detail = format!(
            "The attribute has a WriteOnly version {} available. \
             Use the WriteOnly version of the attribute when possible.",
            expression_text(write_only)
        );
        for m in matches {
            match m.value {
                Value::Unknown(..) => return diags,
                Value::Null(_) => {}
                _ => diags.warning(
                    &m.path,
                    "Available Write-Only Attribute Alternative",
                    &detail,
                ),
            }
        }
        diags
    }

    /// Checks `config` (a whole configuration, as Terraform sent it), as
    /// terraform-plugin-framework-validators' `internal/configvalidator`.
    pub fn validate(&self, config: &Value) -> Diagnostics {
        if self.kind == ConfigRule::PreferWriteOnlyAttribute {
            return self.prefer_write_only(config);
        }
        let mut diags = Diagnostics::new();
        let (mut configured, mut unknown, mut found) = (Vec::new(), 0usize, 0usize);
        for expr in &self.expressions {
            let matches = match expr.matches(config, &[]) {
                Ok(matches) => matches,
                Err(detail) => {
                    diags.error(&[], INVALID_SUMMARY, detail);
                    continue;
                }
            };
            found += matches.len();
            for m in matches {
                match m.value {
                    Value::Unknown(..) => unknown += 1,
                    Value::Null(_) => {}
                    _ => configured.push(m.path),
                }
            }
        }
        let first = configured.first().map(Vec::as_slice).unwrap_or_default();
        let invalid = !diags.is_empty();
        match self.kind {
            ConfigRule::Conflicting | ConfigRule::ExactlyOneOf if configured.len() > 1 => {
                diags.error(first, COMBINATION, self.description());
            }
            ConfigRule::RequiredTogether
                if !configured.is_empty() && unknown == 0 && configured.len() != found =>
            {
                diags.error(first, COMBINATION, self.description());
            }
            ConfigRule::ExactlyOneOf | ConfigRule::AtLeastOneOf
                if configured.is_empty() && unknown == 0 && !invalid =>
            {
                diags.error(&[], "Missing Attribute Configuration", self.description());
            }
            _ => {}
        }
        diags
    }
}

/// An expression as Go's `path.Expression.String()` writes it: from the
/// root, `a.b[*]`.
fn expression_text(e: &Expression) -> String {
    e.resolve(&[])
        .map(|s| steps_text(&s))
        .unwrap_or_else(|_| e.to_string())
}

#[cfg(test)]
mod tests;
