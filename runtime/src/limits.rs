//! Safety limits that keep hostile input from exhausting the stack or memory.

/// Deepest nesting of arrays, maps and dynamic wrappers a decoder follows.
///
/// Real schemas nest a few dozen levels at most. 128 (serde_json's default
/// too) keeps the recursive decoders well inside a 2 MiB thread stack even
/// in unoptimised builds, where 512 levels overflowed it.
pub const MAX_DEPTH: usize = 128;

/// Largest refinement payload accepted, as go-cty.
pub const MAX_REFINEMENT_PAYLOAD: usize = 1024;

/// Longest string prefix refinement written: go-cty cuts longer prefixes.
pub const MAX_PREFIX_BYTES: usize = 256;

/// A not-null list refinement with exact length `n` collapses to a known list
/// of `n` unknown elements, as go-cty does; above this length it stays a
/// refined unknown so that a few bytes cannot demand a huge allocation.
pub const MAX_COLLAPSED_LENGTH: u64 = 1024;

/// Longest number text [`Number::parse`](crate::Number::parse) accepts, in
/// bytes.
pub const MAX_TEXT_LEN: usize = 20_000;

/// Largest magnitude of the decimal exponent (scientific notation) that
/// [`Number::parse`](crate::Number::parse) accepts.
pub const MAX_DECIMAL_EXPONENT: i64 = 10_000;
