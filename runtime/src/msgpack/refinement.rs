//! Unknown values on the msgpack wire: any extension is an unknown, and
//! extension 12 carries its refinements as a map with small-integer keys,
//! exactly as go-cty writes and reads it. [`Encoder::write_refined_unknown`]
//! writes one, [`Decoder::read_unknown`] reads one; the value-level
//! [`Refinements`] know nothing of this form.

use crate::error::{Error, Result};
use crate::limits::{MAX_PREFIX_BYTES, MAX_REFINEMENT_PAYLOAD};
use crate::msgpack::decode::{Decoder, Kind};
use crate::msgpack::encode::{Encoder, REFINED_UNKNOWN_EXT};
use crate::refinement::{misfit, NumberBound, RefineKind, Refinements};

const KEY_NULLNESS: i64 = 1;
const KEY_STRING_PREFIX: i64 = 2;
const KEY_NUMBER_MIN: i64 = 3;
const KEY_NUMBER_MAX: i64 = 4;
const KEY_LENGTH_MIN: i64 = 5;
const KEY_LENGTH_MAX: i64 = 6;

/// What an unknown value's extension said.
#[derive(Debug, Clone, PartialEq)]
pub enum UnknownExt {
    /// Unknown, possibly refined.
    Unknown(Refinements),
    /// The refinement said "definitely null": go-cty turns that into a known null.
    Null,
}

impl Encoder {
    /// An unknown value with `refinements`: `d4 00 00` when none
    /// apply to `kind`, else extension 12 with the smallest header, keys in
    /// go-cty's order 1, 3, 4, 2, 5, 6; a prefix over 256 bytes is cut on a
    /// character boundary; infinite number bounds are left out.
    ///
    /// A payload that would exceed the 1024 bytes decoders accept (number
    /// bounds with very long decimal text) is written without its number
    /// bounds: refinements are optional knowledge, and a payload every
    /// reader rejects would make the whole message unreadable.
    pub fn write_refined_unknown(&mut self, refinements: &Refinements, kind: RefineKind) {
        if kind == RefineKind::Dynamic {
            self.write_unknown();
            return;
        }
        if kind == RefineKind::Number
            && (refinements.number_lower.is_some() || refinements.number_upper.is_some())
        {
            let mut trial = Encoder::new();
            write_payload(&mut trial, refinements, kind);
            if trial.as_bytes().len() > MAX_REFINEMENT_PAYLOAD {
                let without_bounds = Refinements {
                    number_lower: None,
                    number_upper: None,
                    ..refinements.clone()
                };
                write_payload(self, &without_bounds, kind);
            } else {
                self.append(&trial);
            }
            return;
        }
        write_payload(self, refinements, kind);
    }
}

/// The extension of an unknown with `r` (`d4 00 00` when nothing of `kind`
/// is known), whatever its size.
fn write_payload(enc: &mut Encoder, r: &Refinements, kind: RefineKind) {
    let mut body = Encoder::new();
    let mut entries = 0;
    if r.not_null {
        entries += 1;
        body.write_i64(KEY_NULLNESS);
        body.write_bool(false);
    }
    match kind {
        RefineKind::Number => {
            for (key, bound) in [
                (KEY_NUMBER_MIN, &r.number_lower),
                (KEY_NUMBER_MAX, &r.number_upper),
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
            if !r.string_prefix.is_empty() {
                entries += 1;
                body.write_i64(KEY_STRING_PREFIX);
                body.write_str(cut_prefix(&r.string_prefix));
            }
        }
        RefineKind::Collection => {
            if r.length_min != 0 {
                entries += 1;
                body.write_i64(KEY_LENGTH_MIN);
                body.write_u64(r.length_min);
            }
            if let Some(max) = r.length_max {
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

impl<'de> Decoder<'de> {
    /// An unknown value: any extension, as the wire-format spec says.
    ///
    /// Extension 12 with a body of two or more bytes carries refinements,
    /// which must fit `kind` (refinements of `dynamic` are ignored, as go-cty
    /// does). Any other extension code is a plain unknown whatever its body:
    /// that is the spec's rule, where go-cty 1.16 rejects other codes with
    /// bodies of 2+ bytes.
    ///
    /// # Errors
    /// Not an extension; a refinement payload over 1024 bytes, malformed, or
    /// not fitting the type.
    pub fn read_unknown(&mut self, kind: RefineKind) -> Result<UnknownExt> {
        let start = self.position();
        let (code, body) = self.read_ext()?;
        if code != REFINED_UNKNOWN_EXT || body.len() <= 1 {
            return Ok(UnknownExt::Unknown(Refinements::default()));
        }
        self.refined = true;
        decode_payload(body, kind).map_err(|e| e.with_offset(start))
    }
}

/// Decodes an extension-12 payload.
///
/// Unknown keys are skipped (future refinements); bytes after the map are
/// ignored, as go-cty does.
///
/// # Errors
/// A payload over 1024 bytes, not a map, with malformed entries, with a
/// refinement that does not fit `kind`, or with inconsistent bounds.
fn decode_payload(body: &[u8], kind: RefineKind) -> Result<UnknownExt> {
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
                let bound = dec
                    .read_u64()
                    .map_err(|_| Error::invalid("length bound refinement must not be negative"))?;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ErrorKind;
    use crate::number::Number;

    fn encode(r: &Refinements, kind: RefineKind) -> String {
        let mut enc = Encoder::new();
        enc.write_refined_unknown(r, kind);
        enc.as_bytes().iter().map(|b| format!("{b:02x}")).collect()
    }

    #[test]
    fn notes_unknowns_with_refinements_as_it_reads() {
        // A plain unknown (d4 00 00) carries no refinements.
        let mut dec = Decoder::new(&[0xd4, 0x00, 0x00]);
        dec.read_unknown(RefineKind::String).expect("plain unknown");
        assert!(!dec.saw_refined_unknown());
        // Extension 12 with {1: true} (not null): refined, also where the
        // kind drops the refinements (dynamic).
        for kind in [RefineKind::String, RefineKind::Dynamic] {
            let mut dec = Decoder::new(&[0xc7, 0x03, 0x0c, 0x81, 0x01, 0xc3]);
            dec.read_unknown(kind).expect("refined unknown");
            assert!(dec.saw_refined_unknown(), "{kind:?}");
        }
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
        assert!(decode_payload(&prefix_on_number, RefineKind::Number).is_err());
        let big = vec![0x80; 1025];
        let err = decode_payload(&big, RefineKind::String).expect_err("oversize");
        assert_eq!(err.kind(), ErrorKind::Limit);
        let inverted = [0x82, 0x05, 0x05, 0x06, 0x01];
        assert!(decode_payload(&inverted, RefineKind::Collection).is_err());
        let unknown_key = [0x82, 0x01, 0xc2, 0x63, 0x92, 0x01, 0x02];
        assert_eq!(
            decode_payload(&unknown_key, RefineKind::String).expect("ok"),
            UnknownExt::Unknown(Refinements::not_null())
        );
    }
}
