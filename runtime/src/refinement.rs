//! Refinements of unknown values: what is already known about a value that
//! will only be decided at apply time (not null, a string prefix, number
//! bounds, collection length bounds), and their msgpack payload (extension
//! 12, a map with small-integer keys) exactly as go-cty writes and reads it.

use std::fmt;

use crate::error::{Error, ErrorKind, Result};
use crate::limits::{MAX_PREFIX_BYTES, MAX_REFINEMENT_PAYLOAD};
use crate::msgpack::decode::{Decoder, Kind, UnknownExt};
use crate::msgpack::encode::{Encoder, REFINED_UNKNOWN_EXT};
use crate::number::Number;
use crate::types::Type;

const KEY_NULLNESS: i64 = 1;
const KEY_STRING_PREFIX: i64 = 2;
const KEY_NUMBER_MIN: i64 = 3;
const KEY_NUMBER_MAX: i64 = 4;
const KEY_LENGTH_MIN: i64 = 5;
const KEY_LENGTH_MAX: i64 = 6;

/// Which refinements a type admits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RefineKind {
    /// Nullness and a string prefix.
    String,
    /// Nullness and number bounds.
    Number,
    /// Nullness and length bounds (list, set, map).
    Collection,
    /// Nullness only (bool, object, tuple).
    Other,
    /// None: refinements of `dynamic` are ignored, as go-cty does.
    Dynamic,
}

impl RefineKind {
    /// The refinements `ty` admits.
    pub fn of(ty: &Type) -> RefineKind {
        match ty {
            Type::String => RefineKind::String,
            Type::Number => RefineKind::Number,
            Type::List(_) | Type::Set(_) | Type::Map(_) => RefineKind::Collection,
            Type::Dynamic => RefineKind::Dynamic,
            Type::Bool | Type::Object(_) | Type::Tuple(_) => RefineKind::Other,
        }
    }
}

/// One end of a number range.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NumberBound {
    /// Where the range ends.
    pub value: Number,
    /// Whether `value` itself is in the range.
    pub inclusive: bool,
}

/// What is known about an unknown value. The default knows nothing.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Refinements {
    /// The value will definitely not be null.
    pub not_null: bool,
    /// Strings only: the value starts with this (empty: no prefix known).
    pub string_prefix: String,
    /// Numbers only: lower bound.
    pub number_lower: Option<NumberBound>,
    /// Numbers only: upper bound.
    pub number_upper: Option<NumberBound>,
    /// Collections only: inclusive lower bound of the length (0: none).
    pub length_min: u64,
    /// Collections only: inclusive upper bound of the length.
    pub length_max: Option<u64>,
}

impl Refinements {
    /// Knows only that the value is not null.
    pub fn not_null() -> Self {
        Refinements {
            not_null: true,
            ..Refinements::default()
        }
    }

    /// Whether nothing is known, i.e. the value encodes as `d4 00 00`.
    pub fn is_empty(&self) -> bool {
        *self == Refinements::default()
    }

    /// Only the refinements `kind` admits (what go-cty would encode).
    pub fn restricted_to(&self, kind: RefineKind) -> Refinements {
        let mut out = Refinements::default();
        if kind == RefineKind::Dynamic {
            return out;
        }
        out.not_null = self.not_null;
        match kind {
            RefineKind::String => out.string_prefix = self.string_prefix.clone(),
            RefineKind::Number => {
                out.number_lower = self.number_lower.clone();
                out.number_upper = self.number_upper.clone();
            }
            RefineKind::Collection => {
                out.length_min = self.length_min;
                out.length_max = self.length_max;
            }
            RefineKind::Other | RefineKind::Dynamic => {}
        }
        out
    }

    /// Checks that every refinement fits `kind` and the bounds are consistent.
    ///
    /// # Errors
    /// A refinement for another kind of type, or bounds that exclude every value.
    pub fn check(&self, kind: RefineKind) -> Result<()> {
        if kind == RefineKind::Dynamic {
            return Ok(());
        }
        if !self.string_prefix.is_empty() && kind != RefineKind::String {
            return Err(misfit("string prefix", "non-string"));
        }
        if (self.number_lower.is_some() || self.number_upper.is_some())
            && kind != RefineKind::Number
        {
            return Err(misfit("number bound", "non-number"));
        }
        if (self.length_min != 0 || self.length_max.is_some()) && kind != RefineKind::Collection {
            return Err(misfit("length bound", "non-collection"));
        }
        if let (Some(lo), Some(hi)) = (&self.number_lower, &self.number_upper) {
            let ok = if lo.inclusive && hi.inclusive {
                lo.value <= hi.value
            } else {
                lo.value < hi.value
            };
            if !ok {
                return Err(Error::invalid(format!(
                    "number lower bound {} is greater than upper bound {}",
                    lo.value, hi.value
                )));
            }
        }
        if let Some(max) = self.length_max {
            if max < self.length_min {
                return Err(Error::invalid(format!(
                    "collection length upper bound {max} is less than lower bound {}",
                    self.length_min
                )));
            }
        }
        Ok(())
    }

    /// Writes an unknown value with these refinements: `d4 00 00` when none
    /// apply to `kind`, else extension 12 with the smallest header, keys in
    /// go-cty's order 1, 3, 4, 2, 5, 6; a prefix over 256 bytes is cut on a
    /// character boundary; infinite number bounds are left out.
    ///
    /// A payload that would exceed the 1024 bytes decoders accept (number
    /// bounds with very long decimal text) is written without its number
    /// bounds: refinements are optional knowledge, and a payload every
    /// reader rejects would make the whole message unreadable.
    pub fn encode(&self, kind: RefineKind, enc: &mut Encoder) {
        if kind == RefineKind::Dynamic {
            enc.write_unknown();
            return;
        }
        if kind == RefineKind::Number
            && (self.number_lower.is_some() || self.number_upper.is_some())
        {
            let mut trial = Encoder::new();
            self.encode_unchecked(kind, &mut trial);
            if trial.as_bytes().len() > MAX_REFINEMENT_PAYLOAD {
                let without_bounds = Refinements {
                    number_lower: None,
                    number_upper: None,
                    ..self.clone()
                };
                without_bounds.encode_unchecked(kind, enc);
            } else {
                enc.append(&trial);
            }
            return;
        }
        self.encode_unchecked(kind, enc);
    }

    fn encode_unchecked(&self, kind: RefineKind, enc: &mut Encoder) {
        let mut body = Encoder::new();
        let mut entries = 0;
        if self.not_null {
            entries += 1;
            body.write_i64(KEY_NULLNESS);
            body.write_bool(false);
        }
        match kind {
            RefineKind::Number => {
                for (key, bound) in [
                    (KEY_NUMBER_MIN, &self.number_lower),
                    (KEY_NUMBER_MAX, &self.number_upper),
                ] {
                    if let Some(bound) = bound.as_ref().filter(|b| !b.value.is_infinite()) {
                        entries += 1;
                        body.write_i64(key);
                        body.write_array_len(2);
                        body.write_number(&bound.value);
                        body.write_bool(bound.inclusive);
                    }
                }
            }
            RefineKind::String => {
                if !self.string_prefix.is_empty() {
                    entries += 1;
                    body.write_i64(KEY_STRING_PREFIX);
                    body.write_str(cut_prefix(&self.string_prefix));
                }
            }
            RefineKind::Collection => {
                if self.length_min != 0 {
                    entries += 1;
                    body.write_i64(KEY_LENGTH_MIN);
                    body.write_u64(self.length_min);
                }
                if let Some(max) = self.length_max {
                    entries += 1;
                    body.write_i64(KEY_LENGTH_MAX);
                    body.write_u64(max);
                }
            }
            RefineKind::Other | RefineKind::Dynamic => {}
        }
        if entries == 0 {
            enc.write_unknown();
            return;
        }
        let mut header = Encoder::with_capacity(3);
        header.write_map_len(entries);
        let payload_len = header.as_bytes().len() + body.as_bytes().len();
        enc.write_ext_header(REFINED_UNKNOWN_EXT, payload_len);
        enc.write_raw(header.as_bytes());
        enc.write_raw(body.as_bytes());
    }

    /// Decodes an extension-12 payload.
    ///
    /// Unknown keys are skipped (future refinements); bytes after the map are
    /// ignored, as go-cty does.
    ///
    /// # Errors
    /// A payload over 1024 bytes, not a map, with malformed entries, with a
    /// refinement that does not fit `kind`, or with inconsistent bounds.
    pub fn decode_payload(body: &[u8], kind: RefineKind) -> Result<UnknownExt> {
        if body.len() > MAX_REFINEMENT_PAYLOAD {
            return Err(Error::limit(format!(
                "oversize unknown value refinement ({} bytes; the limit is {MAX_REFINEMENT_PAYLOAD})",
                body.len()
            )));
        }
        let mut dec = Decoder::new(body);
        let entries = dec
            .read_map_len()
            .map_err(|_| Error::invalid("unknown value refinement payload is not a map"))?;
        if kind == RefineKind::Dynamic {
            return Ok(UnknownExt::Unknown(Refinements::default()));
        }
        let mut out = Refinements::default();
        let mut null = false;
        for _ in 0..entries {
            if dec.peek_kind()? != Kind::Int {
                return Err(Error::invalid(
                    "unknown value refinement has a non-integer key",
                ));
            }
            let key = dec.read_i64()?;
            match key {
                KEY_NULLNESS => {
                    let is_null = dec
                        .read_bool()
                        .map_err(|_| Error::invalid("null refinement is not a bool"))?;
                    null = is_null;
                    out.not_null = !is_null;
                }
                KEY_STRING_PREFIX => {
                    if kind != RefineKind::String {
                        return Err(misfit("string prefix", "non-string"));
                    }
                    out.string_prefix = dec
                        .read_str()
                        .map_err(|e| {
                            Error::invalid(format!("string prefix refinement: {}", e.message()))
                        })?
                        .to_owned();
                }
                KEY_NUMBER_MIN | KEY_NUMBER_MAX => {
                    if kind != RefineKind::Number {
                        return Err(misfit("number bound", "non-number"));
                    }
                    let bound = read_number_bound(&mut dec)?;
                    let unbounded = bound.value.is_infinite()
                        && (bound.value.is_negative() == (key == KEY_NUMBER_MIN));
                    if !unbounded {
                        if key == KEY_NUMBER_MIN {
                            out.number_lower = Some(bound);
                        } else {
                            out.number_upper = Some(bound);
                        }
                    }
                }
                KEY_LENGTH_MIN | KEY_LENGTH_MAX => {
                    if kind != RefineKind::Collection {
                        return Err(misfit("length bound", "non-collection"));
                    }
                    if dec.peek_kind()? != Kind::Int {
                        return Err(Error::invalid("length bound refinement must be an integer"));
                    }
                    let bound = dec.read_u64().map_err(|_| {
                        Error::invalid("length bound refinement must not be negative")
                    })?;
                    if key == KEY_LENGTH_MIN {
                        out.length_min = bound;
                    } else {
                        out.length_max = Some(bound);
                    }
                }
                _ => dec.skip()?,
            }
        }
        if null {
            return Ok(UnknownExt::Null);
        }
        out.check(kind)?;
        Ok(UnknownExt::Unknown(out))
    }
}

fn read_number_bound(dec: &mut Decoder<'_>) -> Result<NumberBound> {
    let malformed = || Error::invalid("number bound refinement must be a [number, bool] array");
    if dec.read_array_len().map_err(|_| malformed())? != 2 {
        return Err(malformed());
    }
    let value = dec.read_number().map_err(|_| malformed())?;
    let inclusive = dec.read_bool().map_err(|_| malformed())?;
    Ok(NumberBound { value, inclusive })
}

/// `prefix` cut to at most 256 bytes, on a character boundary.
fn cut_prefix(prefix: &str) -> &str {
    if prefix.len() <= MAX_PREFIX_BYTES {
        return prefix;
    }
    let mut end = MAX_PREFIX_BYTES;
    while !prefix.is_char_boundary(end) {
        end -= 1;
    }
    &prefix[..end]
}

#[cold]
fn misfit(what: &str, for_type: &str) -> Error {
    Error::new(
        ErrorKind::Invalid,
        format!("{what} refinement for a {for_type} type"),
    )
}

impl fmt::Display for Refinements {
    /// Spelled out as in a plan: `not null, starts with "ami-"`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts: Vec<String> = Vec::new();
        if self.not_null {
            parts.push("not null".into());
        }
        if !self.string_prefix.is_empty() {
            parts.push(format!("starts with {:?}", self.string_prefix));
        }
        if let Some(lo) = &self.number_lower {
            parts.push(format!(
                "{} {}",
                if lo.inclusive { ">=" } else { ">" },
                lo.value
            ));
        }
        if let Some(hi) = &self.number_upper {
            parts.push(format!(
                "{} {}",
                if hi.inclusive { "<=" } else { "<" },
                hi.value
            ));
        }
        match (self.length_min, self.length_max) {
            (0, None) => {}
            (min, Some(max)) if min == max => parts.push(format!("length {min}")),
            (0, Some(max)) => parts.push(format!("length <= {max}")),
            (min, None) => parts.push(format!("length >= {min}")),
            (min, Some(max)) => parts.push(format!("length {min} to {max}")),
        }
        f.write_str(&parts.join(", "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn encode(r: &Refinements, kind: RefineKind) -> String {
        let mut enc = Encoder::new();
        r.encode(kind, &mut enc);
        enc.as_bytes().iter().map(|b| format!("{b:02x}")).collect()
    }

    #[test]
    fn encodes_like_go_cty() {
        // Expected bytes: go-cty conformance vectors refined/*.
        assert_eq!(
            encode(&Refinements::not_null(), RefineKind::String),
            "c7030c8101c2"
        );
        assert_eq!(
            encode(&Refinements::default(), RefineKind::String),
            "d40000"
        );
        assert_eq!(
            encode(&Refinements::not_null(), RefineKind::Dynamic),
            "d40000"
        );
        let r = Refinements {
            not_null: true,
            string_prefix: "https://".into(),
            ..Refinements::default()
        };
        assert_eq!(
            encode(&r, RefineKind::String),
            "c70d0c8201c202a868747470733a2f2f"
        );
        let r = Refinements {
            not_null: true,
            number_lower: Some(NumberBound {
                value: Number::from_i64(1),
                inclusive: true,
            }),
            number_upper: Some(NumberBound {
                value: Number::from_i64(10),
                inclusive: true,
            }),
            ..Refinements::default()
        };
        assert_eq!(
            encode(&r, RefineKind::Number),
            "c70b0c8301c2039201c304920ac3"
        );
        let r = Refinements {
            not_null: true,
            length_min: 2,
            length_max: Some(4),
            ..Refinements::default()
        };
        assert_eq!(encode(&r, RefineKind::Collection), "c7070c8301c205020604");
    }

    #[test]
    fn oversized_number_bounds_are_dropped_not_written() {
        let huge = Number::parse(&"9".repeat(1500)).expect("number");
        let r = Refinements {
            not_null: true,
            number_lower: Some(NumberBound {
                value: huge,
                inclusive: true,
            }),
            ..Refinements::default()
        };
        // Only the not-null refinement survives: the go-cty bytes for that.
        assert_eq!(encode(&r, RefineKind::Number), "c7030c8101c2");
    }

    #[test]
    fn long_prefixes_are_cut_on_a_char_boundary() {
        let prefix = "é".repeat(200); // 400 bytes
        assert_eq!(cut_prefix(&prefix).len(), 256);
        let prefix = format!("a{}", "é".repeat(200));
        assert_eq!(cut_prefix(&prefix).len(), 255);
    }

    #[test]
    fn decode_rejects_misfits_and_oversize() {
        let prefix_on_number = [0x81, 0x02, 0xa3, b'f', b'o', b'o'];
        assert!(Refinements::decode_payload(&prefix_on_number, RefineKind::Number).is_err());
        let big = vec![0x80; 1025];
        let err = Refinements::decode_payload(&big, RefineKind::String).expect_err("oversize");
        assert_eq!(err.kind(), ErrorKind::Limit);
        let inverted = [0x82, 0x05, 0x05, 0x06, 0x01];
        assert!(Refinements::decode_payload(&inverted, RefineKind::Collection).is_err());
        let unknown_key = [0x82, 0x01, 0xc2, 0x63, 0x92, 0x01, 0x02];
        assert_eq!(
            Refinements::decode_payload(&unknown_key, RefineKind::String).expect("ok"),
            UnknownExt::Unknown(Refinements::not_null())
        );
    }
}
