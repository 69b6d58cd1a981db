//! msgpack writing primitives, one small function per wire kind, choosing the
//! most compact header as go-cty's encoder (vmihailenco/msgpack) does.
//!
//! [`Encoder`] writes into a `Vec<u8>`; the derive's generated code calls
//! these methods directly, so every one of them is cheap and allocation-free
//! apart from growing the buffer.

use std::io;

use crate::number::{Number, WireNumber};
use crate::text::{is_ascii, nfc};

/// The bytes of an unknown value without refinements: fixext1, code 0, body 0.
pub(crate) const UNKNOWN: [u8; 3] = [0xd4, 0x00, 0x00];

/// Extension code of an unknown value carrying refinements.
pub(crate) const REFINED_UNKNOWN_EXT: i8 = 12;

/// The most [`Encoder::presize_rest`] reserves on a guess.
const MAX_PRESIZE: usize = 16 << 20;

/// Arrays at least this long are presized after their first item.
pub(crate) const PRESIZE_MIN_ITEMS: usize = 64;

/// Writes at least this long grow the buffer by what they need (see
/// [`Encoder::reserve_long`]) instead of doubling it.
const LONG_WRITE: usize = 64 << 10;

/// A msgpack writer into an owned buffer.
#[derive(Debug, Default, Clone)]
pub struct Encoder {
    buf: Vec<u8>,
    /// Whether an unknown (any extension value) has been written.
    unknowns: bool,
}

impl Encoder {
    /// An empty encoder.
    pub fn new() -> Self {
        Encoder {
            buf: Vec::new(),
            unknowns: false,
        }
    }

    /// An encoder whose buffer has room for `capacity` bytes.
    pub fn with_capacity(capacity: usize) -> Self {
        Encoder {
            buf: Vec::with_capacity(capacity),
            unknowns: false,
        }
    }

    /// An encoder that appends to `buf`.
    pub fn from_vec(buf: Vec<u8>) -> Self {
        Encoder {
            buf,
            unknowns: false,
        }
    }

    /// Whether this encoder has written an unknown value (plain or
    /// refined): a value encoded from a model is wholly known when it has
    /// not, with no second pass over the bytes to find out.
    pub fn wrote_unknown(&self) -> bool {
        self.unknowns
    }

    /// The bytes written so far.
    pub fn as_bytes(&self) -> &[u8] {
        &self.buf
    }

    /// Bytes written so far.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.buf.len()
    }

    /// Called after the first of `count` items of an array, written from
    /// offset `start`: makes room for the rest at once, assuming they are
    /// about as long as the first, so that a long list grows its buffer
    /// once instead of doubling (and copying) it a dozen times. Capped at
    /// [`MAX_PRESIZE`] so that an unusually long first item cannot make a
    /// short list reserve far more than it needs.
    #[inline(never)]
    pub(crate) fn presize_rest(&mut self, start: usize, count: usize) {
        let first = self.buf.len() - start;
        let rest = first.saturating_mul(count.saturating_sub(1));
        self.buf.reserve(rest.min(MAX_PRESIZE));
    }

    /// The buffer.
    pub fn into_vec(self) -> Vec<u8> {
        self.buf
    }

    /// Writes everything encoded so far to `w`.
    ///
    /// # Errors
    /// The writer's error.
    pub fn write_to(&self, mut w: impl io::Write) -> io::Result<()> {
        w.write_all(&self.buf)
    }

    /// `nil`.
    #[inline]
    pub fn write_nil(&mut self) {
        self.buf.push(0xc0);
    }

    /// `true`/`false`.
    #[inline]
    pub fn write_bool(&mut self, v: bool) {
        self.buf.push(if v { 0xc3 } else { 0xc2 });
    }

    /// A signed integer in its most compact form (non-negative values use the
    /// unsigned forms, as go-cty's encoder does: 200 -> `cc c8`).
    #[inline]
    pub fn write_i64(&mut self, v: i64) {
        if v >= 0 {
            self.write_u64(v as u64);
        } else if v >= -32 {
            self.buf.push(v as u8);
        } else if v >= i64::from(i8::MIN) {
            self.buf.extend_from_slice(&[0xd0, v as u8]);
        } else if v >= i64::from(i16::MIN) {
            self.buf.push(0xd1);
            self.buf.extend_from_slice(&(v as i16).to_be_bytes());
        } else if v >= i64::from(i32::MIN) {
            self.buf.push(0xd2);
            self.buf.extend_from_slice(&(v as i32).to_be_bytes());
        } else {
            self.buf.push(0xd3);
            self.buf.extend_from_slice(&v.to_be_bytes());
        }
    }

    /// An unsigned integer in its most compact form.
    #[inline]
    pub fn write_u64(&mut self, v: u64) {
        if v < 128 {
            self.buf.push(v as u8);
        } else if v <= u64::from(u8::MAX) {
            self.buf.extend_from_slice(&[0xcc, v as u8]);
        } else if v <= u64::from(u16::MAX) {
            self.buf.push(0xcd);
            self.buf.extend_from_slice(&(v as u16).to_be_bytes());
        } else if v <= u64::from(u32::MAX) {
            self.buf.push(0xce);
            self.buf.extend_from_slice(&(v as u32).to_be_bytes());
        } else {
            self.buf.push(0xcf);
            self.buf.extend_from_slice(&v.to_be_bytes());
        }
    }

    /// A float64 (`cb`).
    #[inline]
    pub fn write_f64(&mut self, v: f64) {
        self.buf.push(0xcb);
        self.buf.extend_from_slice(&v.to_bits().to_be_bytes());
    }

    /// A number as go-cty writes it: int when exactly an int64, float64 when
    /// exactly a (non-integer) float64 or infinite, else its decimal text as
    /// a msgpack string.
    pub fn write_number(&mut self, n: &Number) {
        if let Some(i) = n.as_i64_fast() {
            self.write_i64(i);
            return;
        }
        match n.wire() {
            WireNumber::Int(i) => self.write_i64(i),
            WireNumber::Float(f) => self.write_f64(f),
            WireNumber::Text(text) => self.write_str_nfc(&text),
        }
    }

    /// A number that arrived as a Rust float: go-cty's rules for a float64.
    #[inline]
    pub fn write_f64_number(&mut self, v: f64) {
        if (-9.223_372_036_854_775_808e18..9.223_372_036_854_775_808e18).contains(&v) {
            // In i64 range (so not NaN): exactly an integer when the
            // conversion round-trips (no `fract`, a libm call on baseline
            // x86-64). A fraction is what `Number::wire` writes as a float.
            let i = v as i64;
            if i as f64 == v {
                self.write_i64(i);
            } else {
                self.write_f64(v);
            }
        } else if v.is_infinite() {
            // `Number::wire` writes infinities as floats too.
            self.write_f64(v);
        } else if let Some(n) = Number::from_f64(v) {
            self.write_number(&n);
        } else {
            // NaN has no cty representation; callers reject it before here.
            self.write_nil();
        }
    }

    /// A string header for `len` bytes: fixstr, str8, str16 or str32.
    #[inline]
    pub fn write_str_len(&mut self, len: usize) {
        if len < 32 {
            self.buf.push(0xa0 | len as u8);
        } else if len <= usize::from(u8::MAX) {
            self.buf.extend_from_slice(&[0xd9, len as u8]);
        } else if len <= usize::from(u16::MAX) {
            self.buf.push(0xda);
            self.buf.extend_from_slice(&(len as u16).to_be_bytes());
        } else {
            self.buf.push(0xdb);
            self.buf.extend_from_slice(&(len as u32).to_be_bytes());
        }
    }

    /// A string, NFC-normalised first as go-cty does.
    #[inline]
    pub fn write_str(&mut self, s: &str) {
        let bytes = s.as_bytes();
        // The common case inline: a short ASCII string (NFC as it is).
        if bytes.len() < 32 && is_ascii(bytes) {
            self.write_fixstr(bytes);
        } else {
            self.write_str_general(s);
        }
    }

    /// [`write_str`](Self::write_str) past the short-ASCII case, out of line.
    #[inline(never)]
    fn write_str_general(&mut self, s: &str) {
        self.write_str_nfc(&nfc(s));
    }

    /// A string the caller knows is NFC already (attribute names, strings
    /// that were normalised on decode); written as is.
    #[inline]
    pub fn write_str_nfc(&mut self, s: &str) {
        let bytes = s.as_bytes();
        if bytes.len() < 32 {
            self.write_fixstr(bytes);
        } else {
            self.write_long_str(bytes);
        }
    }

    /// A fixstr: the header byte and up to 31 bytes.
    #[inline(always)]
    fn write_fixstr(&mut self, bytes: &[u8]) {
        // One capacity check for the header and the bytes.
        self.buf.reserve(bytes.len() + 1);
        self.buf.push(0xa0 | bytes.len() as u8);
        self.buf.extend_from_slice(bytes);
    }

    /// A str8/16/32, out of line.
    #[inline(never)]
    fn write_long_str(&mut self, bytes: &[u8]) {
        self.reserve_long(bytes.len() + 5);
        self.write_str_len(bytes.len());
        self.buf.extend_from_slice(bytes);
    }

    /// Pre-encoded bytes (e.g. an attribute name with its header, computed
    /// once at compile time by the derive).
    #[inline]
    pub fn write_raw(&mut self, bytes: &[u8]) {
        if bytes.len() >= LONG_WRITE {
            self.reserve_long(bytes.len());
        }
        self.buf.extend_from_slice(bytes);
    }

    /// Makes room for `additional` more bytes. A write of [`LONG_WRITE`]
    /// bytes or more grows the buffer by what it needs, plus a quarter of
    /// what the buffer holds and `LONG_WRITE` for what follows, instead of
    /// doubling it: one 100 MiB string then costs about 100 MiB of buffer,
    /// not up to 200 (with both blocks live while the old one is copied),
    /// while a run of long writes still grows the buffer geometrically.
    #[inline(never)]
    fn reserve_long(&mut self, additional: usize) {
        if self.buf.capacity() - self.buf.len() >= additional {
            return;
        }
        if additional >= LONG_WRITE {
            let room = additional
                .saturating_add(self.buf.len() / 4)
                .saturating_add(LONG_WRITE);
            self.buf.reserve_exact(room);
        } else {
            self.buf.reserve(additional);
        }
    }

    /// A binary blob: bin8, bin16 or bin32.
    pub fn write_bin(&mut self, bytes: &[u8]) {
        let len = bytes.len();
        self.reserve_long(len + 5);
        if len <= usize::from(u8::MAX) {
            self.buf.extend_from_slice(&[0xc4, len as u8]);
        } else if len <= usize::from(u16::MAX) {
            self.buf.push(0xc5);
            self.buf.extend_from_slice(&(len as u16).to_be_bytes());
        } else {
            self.buf.push(0xc6);
            self.buf.extend_from_slice(&(len as u32).to_be_bytes());
        }
        self.buf.extend_from_slice(bytes);
    }

    /// An array header: fixarray, array16 or array32.
    #[inline]
    pub fn write_array_len(&mut self, len: usize) {
        if len < 16 {
            self.buf.push(0x90 | len as u8);
        } else if len <= usize::from(u16::MAX) {
            self.buf.push(0xdc);
            self.buf.extend_from_slice(&(len as u16).to_be_bytes());
        } else {
            self.buf.push(0xdd);
            self.buf.extend_from_slice(&(len as u32).to_be_bytes());
        }
    }

    /// A map header: fixmap, map16 or map32.
    #[inline]
    pub fn write_map_len(&mut self, len: usize) {
        if len < 16 {
            self.buf.push(0x80 | len as u8);
        } else if len <= usize::from(u16::MAX) {
            self.buf.push(0xde);
            self.buf.extend_from_slice(&(len as u16).to_be_bytes());
        } else {
            self.buf.push(0xdf);
            self.buf.extend_from_slice(&(len as u32).to_be_bytes());
        }
    }

    /// An extension header with the smallest form for `len`: fixext1/2/4/8/16
    /// when the length matches exactly, else ext8/16/32.
    pub fn write_ext_header(&mut self, code: i8, len: usize) {
        // Every extension Terraform's msgpack knows is an unknown value.
        self.unknowns = true;
        let code = code as u8;
        match len {
            1 => self.buf.extend_from_slice(&[0xd4, code]),
            2 => self.buf.extend_from_slice(&[0xd5, code]),
            4 => self.buf.extend_from_slice(&[0xd6, code]),
            8 => self.buf.extend_from_slice(&[0xd7, code]),
            16 => self.buf.extend_from_slice(&[0xd8, code]),
            _ if len <= usize::from(u8::MAX) => {
                self.buf.extend_from_slice(&[0xc7, len as u8, code])
            }
            _ if len <= usize::from(u16::MAX) => {
                self.buf.push(0xc8);
                self.buf.extend_from_slice(&(len as u16).to_be_bytes());
                self.buf.push(code);
            }
            _ => {
                self.buf.push(0xc9);
                self.buf.extend_from_slice(&(len as u32).to_be_bytes());
                self.buf.push(code);
            }
        }
    }

    /// Appends what `other` wrote, unknowns included.
    pub(crate) fn append(&mut self, other: &Encoder) {
        self.unknowns |= other.unknowns;
        self.buf.extend_from_slice(&other.buf);
    }

    /// An unknown value without refinements (`d4 00 00`).
    #[inline]
    pub fn write_unknown(&mut self) {
        self.unknowns = true;
        self.buf.extend_from_slice(&UNKNOWN);
    }

    /// A dynamic slot's wrapper: a 2-element array whose first element is the
    /// type-constraint JSON as bin. The caller writes the value next.
    pub fn write_dynamic_header(&mut self, type_json: &str) {
        self.buf.push(0x92);
        self.write_bin(type_json.as_bytes());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bytes(f: impl FnOnce(&mut Encoder)) -> String {
        let mut enc = Encoder::new();
        f(&mut enc);
        hex(enc.as_bytes())
    }

    /// A long string does not double the buffer, and what follows it
    /// still fits; a run of long writes grows the buffer geometrically.
    #[test]
    fn long_writes_grow_the_buffer_by_what_they_need() {
        let long = "d".repeat(10 << 20);
        let mut enc = Encoder::with_capacity(256);
        enc.write_map_len(3);
        enc.write_str("a");
        enc.write_str(&long);
        let capacity = enc.buf.capacity();
        assert!(capacity < long.len() + 2 * LONG_WRITE, "{capacity}");
        for _ in 0..2 {
            enc.write_str("short");
        }
        enc.write_bin(&[7; 1000]);
        assert_eq!(enc.buf.capacity(), capacity);

        let piece = "p".repeat(LONG_WRITE);
        let mut run = Encoder::new();
        let mut growths = 0;
        for _ in 0..400 {
            let before = run.buf.capacity();
            run.write_str(&piece);
            growths += usize::from(run.buf.capacity() != before);
        }
        // 1.25x at least per growth: about 20 growths for 400 pieces.
        assert!(growths <= 25, "{growths}");
        assert!(run.buf.capacity() < run.buf.len() * 2);
    }

    #[test]
    fn notes_whether_an_unknown_was_written() {
        let mut enc = Encoder::new();
        enc.write_map_len(1);
        enc.write_str("a");
        enc.write_str("known");
        assert!(!enc.wrote_unknown());
        enc.write_unknown();
        assert!(enc.wrote_unknown());

        // A refined unknown is an extension too, and so is one appended.
        let mut refined = Encoder::new();
        refined.write_ext_header(REFINED_UNKNOWN_EXT, 2);
        refined.write_raw(&[0x81, 0x01]);
        assert!(refined.wrote_unknown());
        let mut outer = Encoder::new();
        outer.append(&refined);
        assert!(outer.wrote_unknown());
    }

    fn hex(b: &[u8]) -> String {
        b.iter().map(|b| format!("{b:02x}")).collect()
    }

    #[test]
    fn integers_are_compact_like_go_cty() {
        // Expected bytes from the go-cty conformance vectors number/int/*.
        for (v, want) in [
            (0, "00"),
            (127, "7f"),
            (128, "cc80"),
            (200, "ccc8"),
            (256, "cd0100"),
            (65536, "ce00010000"),
            (4294967296, "cf0000000100000000"),
            (-1, "ff"),
            (-32, "e0"),
            (-33, "d0df"),
            (-129, "d1ff7f"),
            (-200, "d1ff38"),
            (-32769, "d2ffff7fff"),
            (-2147483649, "d3ffffffff7fffffff"),
        ] {
            assert_eq!(bytes(|e| e.write_i64(v)), want, "{v}");
        }
    }

    #[test]
    fn headers_pick_the_smallest_form() {
        assert_eq!(bytes(|e| e.write_str_len(31)), "bf");
        assert_eq!(bytes(|e| e.write_str_len(32)), "d920");
        assert_eq!(bytes(|e| e.write_str_len(256)), "da0100");
        assert_eq!(bytes(|e| e.write_str_len(65536)), "db00010000");
        assert_eq!(bytes(|e| e.write_array_len(15)), "9f");
        assert_eq!(bytes(|e| e.write_array_len(16)), "dc0010");
        assert_eq!(bytes(|e| e.write_map_len(16)), "de0010");
        assert_eq!(bytes(|e| e.write_ext_header(12, 3)), "c7030c");
        assert_eq!(bytes(|e| e.write_ext_header(12, 8)), "d70c");
        assert_eq!(bytes(|e| e.write_ext_header(12, 260)), "c801040c");
    }

    #[test]
    fn floats_follow_number_wire() {
        // The shortcuts in write_f64_number against the general path.
        let mut r = 0x1234_5678_9abc_def0_u64;
        let mut values = vec![
            0.5,
            -0.5,
            1.0,
            -0.0,
            2.5e300,
            1e19,
            -9.223_372_036_854_775_808e18,
            9.223_372_036_854_775_808e18,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::MIN_POSITIVE,
            5e-324,
        ];
        for _ in 0..10_000 {
            r ^= r << 13;
            r ^= r >> 7;
            r ^= r << 17;
            values.push(f64::from_bits(r));
        }
        for v in values.into_iter().filter(|v| !v.is_nan()) {
            let want = bytes(|e| e.write_number(&Number::from_f64(v).expect("not NaN")));
            assert_eq!(bytes(|e| e.write_f64_number(v)), want, "{v:e}");
        }
    }

    #[test]
    fn strings_are_normalised() {
        assert_eq!(bytes(|e| e.write_str("e\u{301}")), "a2c3a9");
        assert_eq!(bytes(|e| e.write_str("\u{212b}")), "a2c385");
    }
}
