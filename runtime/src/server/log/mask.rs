//! Masking as terraform-plugin-log does it (`tflog.MaskFieldValuesWithFieldKeys`
//! and friends): parts of a line replaced by `***` before it is written.

use std::sync::RwLock;

use regex::Regex;

/// What Go writes in place of a masked value or part of one.
pub const MASK: &str = "***";

/// Masking rules, each one of terraform-plugin-log's `tflog.Mask*` functions.
///
/// Field rules look at every field of a line: those of the call's span
/// (`tf_rpc`, `tf_resource_type`, ... and the provider's own spans) and
/// those of the event. As in Go, the value rules only touch string values.
/// Install them for the whole process with [`mask`](super::mask), or on one
/// layer with [`HclogLayer::masks`](super::HclogLayer::masks).
#[derive(Debug, Clone, Default)]
pub struct Masks {
    field_keys: Vec<String>,
    field_value_regexes: Vec<Regex>,
    field_value_strings: Vec<String>,
    message_regexes: Vec<Regex>,
    message_strings: Vec<String>,
}

impl Masks {
    /// No masking.
    pub fn new() -> Self {
        Masks::default()
    }

    /// The whole value of each field with one of these keys becomes `***`
    /// (`tflog.MaskFieldValuesWithFieldKeys`), whatever its type.
    pub fn field_values_with_field_keys<I, S>(mut self, keys: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        self.field_keys.extend(keys.into_iter().map(Into::into));
        self
    }

    /// Every match in a string field value becomes `***`
    /// (`tflog.MaskAllFieldValuesRegexes`).
    pub fn all_field_values_regexes(
        mut self,
        expressions: impl IntoIterator<Item = Regex>,
    ) -> Self {
        self.field_value_regexes.extend(expressions);
        self
    }

    /// Every occurrence in a string field value becomes `***`
    /// (`tflog.MaskAllFieldValuesStrings`).
    pub fn all_field_values_strings<I, S>(mut self, strings: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        self.field_value_strings
            .extend(strings.into_iter().map(Into::into));
        self
    }

    /// Every match in the message becomes `***` (`tflog.MaskMessageRegexes`).
    pub fn message_regexes(mut self, expressions: impl IntoIterator<Item = Regex>) -> Self {
        self.message_regexes.extend(expressions);
        self
    }

    /// Every occurrence in the message becomes `***`
    /// (`tflog.MaskMessageStrings`).
    pub fn message_strings<I, S>(mut self, strings: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        self.message_strings
            .extend(strings.into_iter().map(Into::into));
        self
    }

    /// Both [`all_field_values_regexes`](Self::all_field_values_regexes) and
    /// [`message_regexes`](Self::message_regexes) (`tflog.MaskLogRegexes`).
    pub fn log_regexes(self, expressions: impl IntoIterator<Item = Regex>) -> Self {
        let expressions: Vec<Regex> = expressions.into_iter().collect();
        self.all_field_values_regexes(expressions.clone())
            .message_regexes(expressions)
    }

    /// Both [`all_field_values_strings`](Self::all_field_values_strings) and
    /// [`message_strings`](Self::message_strings) (`tflog.MaskLogStrings`).
    pub fn log_strings<I, S>(self, strings: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        let strings: Vec<String> = strings.into_iter().map(Into::into).collect();
        self.all_field_values_strings(strings.clone())
            .message_strings(strings)
    }

    /// These rules and `other`'s.
    fn extend(&mut self, other: Masks) {
        self.field_keys.extend(other.field_keys);
        self.field_value_regexes.extend(other.field_value_regexes);
        self.field_value_strings.extend(other.field_value_strings);
        self.message_regexes.extend(other.message_regexes);
        self.message_strings.extend(other.message_strings);
    }

    fn is_empty(&self) -> bool {
        self.field_keys.is_empty()
            && self.field_value_regexes.is_empty()
            && self.field_value_strings.is_empty()
            && self.message_regexes.is_empty()
            && self.message_strings.is_empty()
    }

    /// Masks one field in place, in Go's order: by key, then regexes, then
    /// strings.
    pub(super) fn field(&self, key: &str, value: &mut FieldValue) {
        if self.field_keys.iter().any(|k| k == key) {
            *value = FieldValue::Str(MASK.to_owned());
        }
        if let FieldValue::Str(text) = value {
            for r in &self.field_value_regexes {
                if let std::borrow::Cow::Owned(masked) = r.replace_all(text, MASK) {
                    *text = masked;
                }
            }
            for s in self.field_value_strings.iter().filter(|s| !s.is_empty()) {
                if text.contains(s.as_str()) {
                    *text = text.replace(s.as_str(), MASK);
                }
            }
        }
    }

    /// Masks the message in place: regexes, then strings.
    pub(super) fn message(&self, message: &mut String) {
        for r in &self.message_regexes {
            if let std::borrow::Cow::Owned(masked) = r.replace_all(message, MASK) {
                *message = masked;
            }
        }
        for s in self.message_strings.iter().filter(|s| !s.is_empty()) {
            if message.contains(s.as_str()) {
                *message = message.replace(s.as_str(), MASK);
            }
        }
    }
}

/// A field's value on its way to the line: a string (which the value rules
/// may mask) or JSON text already (numbers, booleans).
#[derive(Debug, Clone, PartialEq)]
pub(super) enum FieldValue {
    Str(String),
    Json(String),
}

/// The process's masks, added to by [`mask`].
static PROCESS_MASKS: RwLock<Option<Masks>> = RwLock::new(None);

/// Adds `masks` to the process's masking rules, which every
/// [`HclogLayer`](super::HclogLayer) applies from then on, to every line.
///
/// Where Go sets masking on a request's context (`ctx =
/// tflog.MaskFieldValuesWithFieldKeys(ctx, "token")`, often in the
/// provider's `Configure`), call this once, for instance in `configure`:
/// rules stay until the process exits.
pub fn mask(masks: Masks) {
    if masks.is_empty() {
        return;
    }
    let mut guard = PROCESS_MASKS
        .write()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    guard.get_or_insert_with(Masks::new).extend(masks);
}

/// Runs `f` with the process's masks, when there are any.
pub(super) fn with_process_masks<R>(f: impl FnOnce(&Masks) -> R) -> Option<R> {
    let guard = PROCESS_MASKS
        .read()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    guard.as_ref().map(f)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn masked(masks: &Masks, key: &str, value: &str) -> FieldValue {
        let mut v = FieldValue::Str(value.to_owned());
        masks.field(key, &mut v);
        v
    }

    #[test]
    fn by_key_whatever_the_type() {
        let m = Masks::new().field_values_with_field_keys(["token"]);
        assert_eq!(masked(&m, "token", "abc"), FieldValue::Str("***".into()));
        assert_eq!(masked(&m, "other", "abc"), FieldValue::Str("abc".into()));
        let mut n = FieldValue::Json("42".into());
        m.field("token", &mut n);
        assert_eq!(n, FieldValue::Str("***".into()));
    }

    #[test]
    fn values_by_regex_and_string_only_strings() {
        let m = Masks::new()
            .all_field_values_regexes([Regex::new(r"\d{4}").expect("regex")])
            .all_field_values_strings(["secret"]);
        assert_eq!(
            masked(&m, "a", "card 1234 5678, a secret"),
            FieldValue::Str("card *** ***, a ***".into())
        );
        let mut n = FieldValue::Json("1234".into());
        m.field("a", &mut n);
        assert_eq!(n, FieldValue::Json("1234".into()));
    }

    #[test]
    fn messages() {
        let m = Masks::new().log_strings(["hunter2"]);
        let mut msg = "password hunter2 and hunter2".to_owned();
        m.message(&mut msg);
        assert_eq!(msg, "password *** and ***");
        assert_eq!(masked(&m, "p", "hunter2"), FieldValue::Str("***".into()));
    }
}
