//! The Go framework's custom types (`tfschema::jsontypes`, `nettypes`,
//! `timetypes`) and Go's duration syntax (`tfschema::duration`) against
//! Go's own expectations. Every expected value below is Go's: copied from
//! the test tables of the Go sources (cited by file and line, or by table
//! name in golang/go), or read off the Go code cited beside it; none is
//! computed by the code under test.
//!
//! Sources: hashicorp/terraform-plugin-framework-timetypes at 8f390e2,
//! -jsontypes at 403b382, -nettypes at ffe706b; golang/go `src/time`,
//! `src/net/netip`, `src/encoding/json`.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

use tfschema::duration::{self, DurationErrorKind, SignedDuration};
use tfschema::jsontypes::{self, Exact, Normalized};
use tfschema::nettypes::{
    self, IpAddress, IpPrefix, Ipv4Address, Ipv4Prefix, Ipv6Address, Ipv6Prefix, MacAddress,
};
use tfschema::timetypes::{self, GoDuration, Rfc3339};
use tfschema::{msgpack, FromValue, TfSchema, TfValue, Type, Value, WireError};

const SECOND: i64 = 1_000_000_000;
const MINUTE: i64 = 60 * SECOND;
const HOUR: i64 = 60 * MINUTE;

// ---------------------------------------------------------------- durations

#[test]
fn durations_parse_as_go_parses_them() {
    // golang/go src/time/time_test.go, parseDurationTests.
    let cases: &[(&str, i64)] = &[
        ("0", 0),
        ("5s", 5 * SECOND),
        ("30s", 30 * SECOND),
        ("1478s", 1478 * SECOND),
        ("-5s", -5 * SECOND),
        ("+5s", 5 * SECOND),
        ("-0", 0),
        ("+0", 0),
        ("5.0s", 5 * SECOND),
        ("5.6s", 5 * SECOND + 600 * 1_000_000),
        ("5.s", 5 * SECOND),
        (".5s", 500 * 1_000_000),
        ("1.0s", SECOND),
        ("1.00s", SECOND),
        ("1.004s", SECOND + 4_000_000),
        ("1.0040s", SECOND + 4_000_000),
        ("100.00100s", 100 * SECOND + 1_000_000),
        ("10ns", 10),
        ("11us", 11_000),
        ("12\u{b5}s", 12_000),  // U+00B5
        ("12\u{3bc}s", 12_000), // U+03BC
        ("13ms", 13_000_000),
        ("14s", 14 * SECOND),
        ("15m", 15 * MINUTE),
        ("16h", 16 * HOUR),
        ("3h30m", 3 * HOUR + 30 * MINUTE),
        ("10.5s4m", 4 * MINUTE + 10 * SECOND + 500_000_000),
        ("-2m3.4s", -(2 * MINUTE + 3 * SECOND + 400_000_000)),
        (
            "1h2m3s4ms5us6ns",
            HOUR + 2 * MINUTE + 3 * SECOND + 4_000_000 + 5_000 + 6,
        ),
        (
            "39h9m14.425s",
            39 * HOUR + 9 * MINUTE + 14 * SECOND + 425_000_000,
        ),
        ("52763797000ns", 52_763_797_000),
        ("0.3333333333333333333h", 20 * MINUTE),
        ("9007199254740993ns", (1 << 53) + 1),
        ("9223372036854775807ns", i64::MAX),
        ("9223372036854775.807us", i64::MAX),
        ("9223372036s854ms775us807ns", i64::MAX),
        ("-9223372036854775808ns", i64::MIN),
        ("-9223372036854775.808us", i64::MIN),
        ("-9223372036s854ms775us808ns", i64::MIN),
        ("-2562047h47m16.854775808s", i64::MIN),
        ("0.100000000000000000000h", 6 * MINUTE),
        (
            "0.830103483285477580700h",
            49 * MINUTE + 48 * SECOND + 372_539_827,
        ),
    ];
    for &(text, nanos) in cases {
        assert_eq!(
            duration::parse(text).map(SignedDuration::as_nanos),
            Ok(nanos),
            "{text}"
        );
    }
}

#[test]
fn durations_refused_in_go_words() {
    // golang/go src/time/time_test.go, parseDurationErrorTests (the inputs
    // that are valid UTF-8; a Rust string cannot hold the others), with
    // the texts of ParseDuration in src/time/format.go.
    let invalid = |q: &str| format!("time: invalid duration {q}");
    let cases: Vec<(&str, String, DurationErrorKind)> = vec![
        ("", invalid(r#""""#), DurationErrorKind::Empty),
        (
            "3",
            r#"time: missing unit in duration "3""#.into(),
            DurationErrorKind::MissingUnit,
        ),
        ("-", invalid(r#""-""#), DurationErrorKind::Empty),
        ("s", invalid(r#""s""#), DurationErrorKind::MissingNumber),
        (".", invalid(r#"".""#), DurationErrorKind::MissingNumber),
        ("-.", invalid(r#""-.""#), DurationErrorKind::MissingNumber),
        (".s", invalid(r#"".s""#), DurationErrorKind::MissingNumber),
        ("+.s", invalid(r#""+.s""#), DurationErrorKind::MissingNumber),
        (
            "1d",
            r#"time: unknown unit "d" in duration "1d""#.into(),
            DurationErrorKind::UnknownUnit,
        ),
        // time's own quote writes each byte of a non-ASCII character as \x.
        (
            "\u{fffd}",
            invalid(r#""\xef\xbf\xbd""#),
            DurationErrorKind::MissingNumber,
        ),
        (
            "\u{fffd} hello \u{fffd} world",
            invalid(r#""\xef\xbf\xbd hello \xef\xbf\xbd world""#),
            DurationErrorKind::MissingNumber,
        ),
        (
            "9223372036854775810ns",
            invalid(r#""9223372036854775810ns""#),
            DurationErrorKind::Overflow,
        ),
        (
            "9223372036854775808ns",
            invalid(r#""9223372036854775808ns""#),
            DurationErrorKind::Overflow,
        ),
        (
            "-9223372036854775809ns",
            invalid(r#""-9223372036854775809ns""#),
            DurationErrorKind::Overflow,
        ),
        (
            "9223372036854776us",
            invalid(r#""9223372036854776us""#),
            DurationErrorKind::Overflow,
        ),
        (
            "3000000h",
            invalid(r#""3000000h""#),
            DurationErrorKind::Overflow,
        ),
        (
            "9223372036854775.808us",
            invalid(r#""9223372036854775.808us""#),
            DurationErrorKind::Overflow,
        ),
        (
            "9223372036854ms775us808ns",
            invalid(r#""9223372036854ms775us808ns""#),
            DurationErrorKind::Overflow,
        ),
        // format.go: the unit runs to the next digit or '.', and quote
        // escapes '"'.
        (
            "1m-1s",
            r#"time: unknown unit "m-" in duration "1m-1s""#.into(),
            DurationErrorKind::UnknownUnit,
        ),
        (
            "1\"s",
            r#"time: unknown unit "\"s" in duration "1\"s""#.into(),
            DurationErrorKind::UnknownUnit,
        ),
        (
            "nope",
            invalid(r#""nope""#),
            DurationErrorKind::MissingNumber,
        ),
    ];
    for (text, message, kind) in cases {
        let err = duration::parse(text).expect_err(text);
        assert_eq!(err.to_string(), message, "{text:?}");
        assert_eq!(err.kind(), kind, "{text:?}");
        assert_eq!(err.text(), text);
    }
}

#[test]
fn durations_format_as_go_formats_them() {
    // golang/go src/time/time_test.go, durationTests.
    let cases: &[(i64, &str)] = &[
        (0, "0s"),
        (1, "1ns"),
        (1_100, "1.1\u{b5}s"),
        (2_200_000, "2.2ms"),
        (3_300_000_000, "3.3s"),
        (4 * MINUTE + 5 * SECOND, "4m5s"),
        (4 * MINUTE + 5_001_000_000, "4m5.001s"),
        (5 * HOUR + 6 * MINUTE + 7_001_000_000, "5h6m7.001s"),
        (8 * MINUTE + 1, "8m0.000000001s"),
        (i64::MAX, "2562047h47m16.854775807s"),
        (i64::MIN, "-2562047h47m16.854775808s"),
        // The examples of Duration.String's documentation and of
        // timetypes' descriptions.
        (90 * MINUTE, "1h30m0s"),
        (1_500_000_000, "1.5s"),
        (-(2 * MINUTE + 3 * SECOND), "-2m3s"),
        (1_000, "1\u{b5}s"),
    ];
    for &(nanos, text) in cases {
        assert_eq!(SignedDuration::from_nanos(nanos).to_string(), text);
    }
}

#[test]
fn durations_convert_to_std_when_not_negative() {
    let d = SignedDuration::from_nanos(-1);
    assert!(d.is_negative());
    assert_eq!(d.to_std(), None);
    assert_eq!(
        "1.5s".parse::<SignedDuration>().map(SignedDuration::to_std),
        Ok(Some(std::time::Duration::from_millis(1500)))
    );
    assert_eq!(
        SignedDuration::from_std(std::time::Duration::from_secs(2)),
        Some(SignedDuration::from_nanos(2 * SECOND))
    );
    assert_eq!(SignedDuration::from_std(std::time::Duration::MAX), None);
}

#[test]
fn timeouts_keep_refusing_negative_limits_with_go_accepted_syntax() {
    use tfschema::timeouts::parse_duration;
    // Go's syntax through the timeouts parser (time_test.go
    // parseDurationTests), the sign included; a negative limit stays an
    // error here (a std Duration cannot hold it).
    assert_eq!(
        parse_duration("10.5s4m"),
        Ok(std::time::Duration::from_millis(250_500))
    );
    assert_eq!(parse_duration("+5s"), Ok(std::time::Duration::from_secs(5)));
    assert_eq!(parse_duration("-0"), Ok(std::time::Duration::ZERO));
    let err = parse_duration("-5s").expect_err("negative");
    assert!(err.to_string().contains("cannot be negative"), "{err}");
    let err = parse_duration("3").expect_err("no unit");
    assert!(err.to_string().contains("a unit is missing"), "{err}");
}

// ------------------------------------------------------------ RFC 3339

/// The detail of timetypes/diagnostics.go:13-16.
fn rfc3339_detail(value: &str, error: &str) -> String {
    format!(
        "A string value was provided that is not valid RFC3339 string format.\n\n\
         Given Value: {value}\nError: {error}"
    )
}

fn refusal(result: Result<impl std::fmt::Debug, WireError>) -> (String, String) {
    let err = result.expect_err("refused");
    (
        err.summary().unwrap_or("").to_owned(),
        err.detail().to_owned(),
    )
}

#[test]
fn rfc3339_accepts_what_go_accepts() {
    // timetypes/rfc3339_value_test.go:120, 123, 126; then the fallback of
    // time.Parse (src/time/format.go, func parse): a one-digit hour
    // (stdHour reads getnum(value, false)), a comma before the fraction
    // (commaOrPeriod), fractions past nine digits (parseNanoseconds keeps
    // nine), offsets up to 24 hours and 60 minutes (the range checks use >).
    /// Year, month, day, hour, minute, second, nanosecond, offset.
    type Fields = (u16, u8, u8, u8, u8, u8, u32, i32);
    let cases: &[(&str, Fields)] = &[
        ("2023-07-25T20:43:16+00:00", (2023, 7, 25, 20, 43, 16, 0, 0)),
        ("2023-07-25T20:43:16Z", (2023, 7, 25, 20, 43, 16, 0, 0)),
        (
            "2023-07-25T20:43:16-05:00",
            (2023, 7, 25, 20, 43, 16, 0, -5 * 3600),
        ),
        ("2023-07-25T1:43:16Z", (2023, 7, 25, 1, 43, 16, 0, 0)),
        (
            "2023-07-25T20:43:16,5Z",
            (2023, 7, 25, 20, 43, 16, 500_000_000, 0),
        ),
        (
            "2023-07-25T20:43:16.123456789123Z",
            (2023, 7, 25, 20, 43, 16, 123_456_789, 0),
        ),
        (
            "2023-07-25T20:43:16+24:00",
            (2023, 7, 25, 20, 43, 16, 0, 24 * 3600),
        ),
        (
            "2023-07-25T20:43:16-01:60",
            (2023, 7, 25, 20, 43, 16, 0, -2 * 3600),
        ),
        ("2024-02-29T00:00:00Z", (2024, 2, 29, 0, 0, 0, 0, 0)),
        ("0000-01-01T00:00:00Z", (0, 1, 1, 0, 0, 0, 0, 0)),
        (
            "9999-12-31T23:59:59.999999999Z",
            (9999, 12, 31, 23, 59, 59, 999_999_999, 0),
        ),
    ];
    for &(text, want) in cases {
        let value = Rfc3339::parse(text).expect(text);
        let t = value.time();
        let got = (
            t.year(),
            t.month(),
            t.day(),
            t.hour(),
            t.minute(),
            t.second(),
            t.nanosecond(),
            t.offset_seconds(),
        );
        assert_eq!(got, want, "{text}");
        assert_eq!(value.as_str(), text, "the text is kept as written");
        assert_eq!(
            timetypes::rfc3339::from_wire(text.to_owned())
                .map(|v| v.into_string())
                .ok()
                .as_deref(),
            Some(text)
        );
    }
}

#[test]
fn rfc3339_refuses_what_go_refuses_in_its_words() {
    let layout = r#"as "2006-01-02T15:04:05Z07:00""#;
    let cannot = |v: &str, elem: &str, as_: &str| {
        format!(r#"parsing time "{v}" {layout}: cannot parse "{elem}" as "{as_}""#)
    };
    let cases: Vec<(&str, String)> = vec![
        // timetypes/rfc3339_value_test.go:128-172.
        (
            "20:43:16-05:00",
            cannot("20:43:16-05:00", "20:43:16-05:00", "2006"),
        ),
        ("2023-07-25T", cannot("2023-07-25T", "", "15")),
        (
            "notvalidrfc3339",
            cannot("notvalidrfc3339", "notvalidrfc3339", "2006"),
        ),
        // golang/go src/time/format_test.go, parseErrorTests (issue 4493).
        (
            "2006-01-02T15:04:05Z07:00",
            r#"parsing time "2006-01-02T15:04:05Z07:00": extra text: "07:00""#.into(),
        ),
        (
            "2006-01-02T15:04_abc",
            cannot("2006-01-02T15:04_abc", "_abc", ":"),
        ),
        (
            "2006-01-02T15:04:05_abc",
            cannot("2006-01-02T15:04:05_abc", "_abc", "Z07:00"),
        ),
        (
            "2006-01-02T15:04:05Z_abc",
            r#"parsing time "2006-01-02T15:04:05Z_abc": extra text: "_abc""#.into(),
        ),
        (
            "2010-02-04T21:00:67.012345678-08:00",
            r#"parsing time "2010-02-04T21:00:67.012345678-08:00": second out of range"#.into(),
        ),
        // src/time/format.go, func parse: each field's check in its order.
        (
            "2023-13-01T00:00:00Z",
            r#"parsing time "2023-13-01T00:00:00Z": month out of range"#.into(),
        ),
        (
            "2023-02-29T00:00:00Z",
            r#"parsing time "2023-02-29T00:00:00Z": day out of range"#.into(),
        ),
        (
            "2023-04-31T00:00:00Z",
            r#"parsing time "2023-04-31T00:00:00Z": day out of range"#.into(),
        ),
        (
            "2023-07-25T24:00:00Z",
            r#"parsing time "2023-07-25T24:00:00Z": hour out of range"#.into(),
        ),
        (
            "2023-07-25T23:60:00Z",
            r#"parsing time "2023-07-25T23:60:00Z": minute out of range"#.into(),
        ),
        (
            "2023-07-25T23:59:60Z",
            r#"parsing time "2023-07-25T23:59:60Z": second out of range"#.into(),
        ),
        (
            "2023-07-25T23:59:59+25:00",
            r#"parsing time "2023-07-25T23:59:59+25:00": time zone offset hour out of range"#
                .into(),
        ),
        (
            "2023-07-25T23:59:59+01:61",
            r#"parsing time "2023-07-25T23:59:59+01:61": time zone offset minute out of range"#
                .into(),
        ),
        // The day is checked last, after the extra text.
        (
            "2023-02-30T00:00:00Zx",
            r#"parsing time "2023-02-30T00:00:00Zx": extra text: "x""#.into(),
        ),
        (
            "2023-7-25T00:00:00Z",
            cannot("2023-7-25T00:00:00Z", "7-25T00:00:00Z", "01"),
        ),
        (
            "2023-07-25t00:00:00Z",
            cannot("2023-07-25t00:00:00Z", "t00:00:00Z", "T"),
        ),
        (
            "2023-07-25 00:00:00Z",
            cannot("2023-07-25 00:00:00Z", " 00:00:00Z", "T"),
        ),
        (
            "2023-07-25T00:00:00z",
            cannot("2023-07-25T00:00:00z", "z", "Z07:00"),
        ),
        (
            "2023-07-25T00:00:00",
            cannot("2023-07-25T00:00:00", "", "Z07:00"),
        ),
        (
            "2023-07-25T00:00:00+0100",
            cannot("2023-07-25T00:00:00+0100", "+0100", "Z07:00"),
        ),
        (
            "2023-07-25T00:00:00*01:00",
            cannot("2023-07-25T00:00:00*01:00", "*01:00", "Z07:00"),
        ),
        (
            "2023-07-25T00:00:.0Z",
            cannot("2023-07-25T00:00:.0Z", ".0Z", "05"),
        ),
        (
            "2023/07/25T00:00:00Z",
            cannot("2023/07/25T00:00:00Z", "/07/25T00:00:00Z", "-"),
        ),
        // time's quote: \x for each byte of a non-ASCII character.
        (
            "2023-07-25T00:00:00Z\u{e9}",
            r#"parsing time "2023-07-25T00:00:00Z\xc3\xa9": extra text: "\xc3\xa9""#.into(),
        ),
    ];
    for (text, error) in cases {
        let err = Rfc3339::parse(text).expect_err(text);
        assert_eq!(err.to_string(), error, "{text}");
        let (summary, detail) = refusal(timetypes::rfc3339::from_wire(text.to_owned()));
        assert_eq!(summary, "Invalid RFC3339 String Value");
        assert_eq!(detail, rfc3339_detail(text, &error));
    }
}

#[test]
fn rfc3339_semantic_equality_is_gos_formatting_equality() {
    // timetypes/rfc3339_value.go:80 compares Format(time.RFC3339), which
    // drops the fraction and writes a zero offset as Z. Pairs from
    // timetypes/rfc3339_value_test.go:30-68, then fractions.
    let cases: &[(&str, &str, bool)] = &[
        ("2023-07-25T23:43:16Z", "2023-07-26T23:43:16Z", false),
        ("2023-07-25T23:43:16Z", "2023-07-25T23:01:16Z", false),
        ("2023-07-25T23:43:16Z", "2023-07-25T23:43:16+03:00", false),
        // The same instant in another offset is not equal.
        ("2023-07-25T23:43:16Z", "2023-07-25T20:43:16-03:00", false),
        ("2023-07-25T23:43:16Z", "2023-07-25T23:43:16+00:00", true),
        ("2023-07-25T23:43:16Z", "2023-07-25T23:43:16-00:00", true),
        (
            "2023-07-25T23:43:16-00:00",
            "2023-07-25T23:43:16+00:00",
            true,
        ),
        ("2023-07-25T23:43:16Z", "2023-07-25T23:43:16Z", true),
        ("2023-07-25T23:43:16.5Z", "2023-07-25T23:43:16.500Z", true),
        ("2023-07-25T23:43:16.1Z", "2023-07-25T23:43:16.9Z", true),
        ("2023-07-25T23:43:16.5Z", "2023-07-25T23:43:16Z", true),
        ("2023-07-25T23:43:16,5Z", "2023-07-25T23:43:16.5Z", true),
        ("2023-07-25T3:43:16Z", "2023-07-25T03:43:16Z", true),
        (
            "2023-07-25T23:43:16+01:60",
            "2023-07-25T23:43:16+02:00",
            true,
        ),
        (
            "2023-07-25T23:43:16+02:00",
            "2023-07-25T23:43:17+02:00",
            false,
        ),
    ];
    for &(a, b, equal) in cases {
        let (a, b) = (Rfc3339::parse(a).expect(a), Rfc3339::parse(b).expect(b));
        assert_eq!(
            timetypes::rfc3339::semantically_equal(&a, &b),
            equal,
            "{a} {b}"
        );
        assert_eq!(
            timetypes::rfc3339::semantically_equal(&b, &a),
            equal,
            "{b} {a}"
        );
        let (ka, kb) = (
            timetypes::rfc3339::semantic_key(&a),
            timetypes::rfc3339::semantic_key(&b),
        );
        assert_eq!(ka == kb, equal, "{ka} {kb}");
    }
    // The key is Go's Format(time.RFC3339) text.
    let t = Rfc3339::parse("2023-07-25T23:43:16.25-00:00").expect("valid");
    assert_eq!(timetypes::rfc3339::semantic_key(&t), "2023-07-25T23:43:16Z");
}

#[test]
fn rfc3339_instants_and_constructors() {
    // Seconds since the epoch worked out by hand: 2023-07-25 is day 19563.
    let unix = |s: &str| Rfc3339::parse(s).expect(s).time().unix_timestamp();
    assert_eq!(unix("1970-01-01T00:00:00Z"), (0, 0));
    assert_eq!(unix("2023-07-25T23:43:16Z"), (1_690_328_596, 0));
    assert_eq!(
        unix("2023-07-26T01:43:16.5+02:00"),
        (1_690_328_596, 500_000_000)
    );
    assert_eq!(unix("0000-01-01T00:00:00Z"), (-62_167_219_200, 0));
    assert_eq!(unix("1969-12-31T23:59:59Z"), (-1, 0));
    let t = Rfc3339::parse("1969-12-31T23:59:59.25Z")
        .expect("valid")
        .time();
    assert_eq!(
        t.to_system_time(),
        std::time::UNIX_EPOCH - std::time::Duration::from_millis(750)
    );
    // NewRFC3339TimeValue formats with time.RFC3339: to the second.
    let at = timetypes::DateTime::from_unix(1_690_328_596, 123, 2 * 3600).expect("in range");
    let v = Rfc3339::from_time(at);
    assert_eq!(v.as_str(), "2023-07-26T01:43:16+02:00");
    assert_eq!(v.time().nanosecond(), 0);
    let now =
        Rfc3339::from_system_time(std::time::UNIX_EPOCH + std::time::Duration::from_secs(86_400))
            .expect("in range");
    assert_eq!(now.as_str(), "1970-01-02T00:00:00Z");
    assert_eq!(
        timetypes::DateTime::from_unix(253_402_300_800, 0, 0),
        None,
        "year 10000"
    );
    assert_eq!(
        timetypes::DateTime::from_unix(0, 0, 30),
        None,
        "not whole minutes"
    );
}

// ------------------------------------------------------------ GoDuration

#[test]
fn go_duration_refuses_in_gos_words_and_compares_durations() {
    // timetypes/go_duration_value_test.go:90-95: note the literal `\n\n`
    // (a raw string in diagnostics.go:26) before "Given Value".
    let (summary, detail) = refusal(timetypes::go_duration::from_wire("nope".into()));
    assert_eq!(summary, "Invalid Time Duration String Value");
    assert_eq!(
        detail,
        "A string value was provided that is not a valid Go Time Duration string format. \
         A duration string is a sequence of numbers, each with optional fraction and a unit \
         suffix, such as \"300ms\", \"-1.5h\" or \"2h45m\". Valid time units are \"ns\", \"us\" \
         (or \"\u{b5}s\"), \"ms\", \"s\", \"m\", \"h\".\\n\\nGiven Value: nope\n\
         Error: time: invalid duration \"nope\""
    );
    // go_duration_value_test.go:188-205 (StringSemanticEquals).
    let cases: &[(&str, &str, bool)] = &[
        ("50s", "50m", false),
        ("30h22m33s", "30h22m33s", true),
        ("3h25m63s", "12363s", true),
        ("60s", "1m", true),
        ("-1.5h", "-90m", true),
        ("1h", "-1h", false),
    ];
    for &(a, b, equal) in cases {
        let (a, b) = (
            GoDuration::parse(a).expect(a),
            GoDuration::parse(b).expect(b),
        );
        assert_eq!(
            timetypes::go_duration::semantically_equal(&a, &b),
            equal,
            "{a} {b}"
        );
        let (ka, kb) = (
            timetypes::go_duration::semantic_key(&a),
            timetypes::go_duration::semantic_key(&b),
        );
        assert_eq!(ka == kb, equal, "{a} {b}");
    }
    let d = GoDuration::parse("+1.5h").expect("valid");
    assert_eq!(d.as_str(), "+1.5h");
    assert_eq!(d.duration().as_nanos(), 90 * MINUTE);
    // NewGoDurationValue writes Duration.String().
    assert_eq!(
        GoDuration::from_duration(SignedDuration::from_nanos(90 * MINUTE)).as_str(),
        "1h30m0s"
    );
}

// ------------------------------------------------------------ JSON

/// The detail of jsontypes/normalized_value.go:130-131 (and
/// exact_value.go:57-58).
fn json_detail(value: &str) -> String {
    format!(
        "A string value was provided that is not valid JSON string format (RFC 7159).\n\n\
         Given Value: {value}\n"
    )
}

#[test]
fn json_valid_as_gos_json_valid() {
    // The grammar of src/encoding/json/scanner.go: whitespace is space,
    // tab, CR and LF; a number is -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?;
    // escapes are \" \\ \/ \b \f \n \r \t \uXXXX; controls are refused
    // in strings; nesting stops at maxNestingDepth, 10000.
    let valid = [
        r#"{"hello":"world", "array": [1, 2, 3]}"#, // normalized_value_test.go:182
        r#"["hello", "world"]"#,                    // normalized_value_test.go:185
        " \t\r\n{}\n ",
        "[]",
        "0",
        "-0",
        "1.5e+10",
        "-1E-2",
        "true",
        "null",
        r#""\u00e9\ud800\/""#,
        r#"{"a":1,"a":2}"#,
        "\"\u{7f}\u{e9}\"",
    ];
    let invalid = [
        r#"{"hello":"world""#, // normalized_value_test.go:188
        "notvalidjson123",     // normalized_value_test.go:199
        "",
        " ",
        "01",
        "1.",
        ".1",
        "-",
        "1e",
        "+1",
        "tru",
        "NaN",
        "[1,]",
        r#"{"a":1,}"#,
        "{'a':1}",
        r#"{"a" 1}"#,
        "[1 2]",
        "\"\t\"",
        r#""\x41""#,
        r#""\u12g4""#,
        "{} {}",
        "\u{feff}{}",
        "[",
        "]",
    ];
    for text in valid {
        assert!(Normalized::new(text).is_ok(), "{text:?}");
        assert!(Exact::new(text).is_ok(), "{text:?}");
    }
    for text in invalid {
        assert!(Normalized::new(text).is_err(), "{text:?}");
        for (summary, detail) in [
            refusal(jsontypes::normalized::from_wire(text.to_owned())),
            refusal(jsontypes::exact::from_wire(text.to_owned())),
        ] {
            assert_eq!(summary, "Invalid JSON String Value");
            assert_eq!(detail, json_detail(text));
        }
    }
    let deep = |n: usize| format!("{}{}", "[".repeat(n), "]".repeat(n));
    assert!(Normalized::new(deep(10_000)).is_ok());
    assert!(Normalized::new(deep(10_001)).is_err());
}

#[test]
fn json_semantic_equality_is_gos_normalisation() {
    // jsontypes/normalized_value.go:98-116: Decode with UseNumber, then
    // json.Marshal; pairs from normalized_value_test.go:29-144, then cases
    // read off that code: numbers stay json.Number (their text), a map
    // keeps the last of duplicate keys, a lone surrogate decodes as U+FFFD
    // (decode.go unquote).
    let cases: &[(&str, &str, bool)] = &[
        (
            r#"{"hello": "dlrow", "nums": [3, 2, 1], "nested": {"test-bool": false}}"#,
            r#"{"hello": "world", "nums": [1, 2, 3], "nested": {"test-bool": true}}"#,
            false,
        ),
        (
            r#"{"Hello": "world", "Nums": [1, 2, 3], "Nested": {"Test-bool": true}}"#,
            r#"{"hello": "world", "nums": [1, 2, 3], "nested": {"test-bool": true}}"#,
            false,
        ),
        (
            r#"{"hello": "world", "nums": [1, 2, 3], "nested": {"test-bool": true}, "new-field": null}"#,
            r#"{"hello": "world", "nums": [1, 2, 3], "nested": {"test-bool": true}}"#,
            false,
        ),
        (
            r#"[{"nums":[1, 2, 3]}, {"hello": "world"}, {"nested": {"test-bool": true}}]"#,
            r#"[{"hello": "world"}, {"nums":[1, 2, 3]}, {"nested": {"test-bool": true}}]"#,
            false,
        ),
        (
            r#"{"hello": "world", "nums": [1, 2, 3], "nested": {"test-bool": true}}"#,
            r#"{"nums": [1, 2, 3], "nested": {"test-bool": true}, "hello": "world"}"#,
            true,
        ),
        (
            "{\n  \"hello\": \"world\",\n  \"nums\": [1,\n 2, 3]\n}",
            r#"{"hello":"world","nums":[1,2,3]}"#,
            true,
        ),
        (
            r#"{"large": 12423434}"#,
            r#"{"large": 1.2423434e+07}"#,
            false,
        ),
        (
            r#"{"large": 1.79769313486231570814527423731704356798070e+309}"#,
            r#"{"large": 1.79769313486231570814527423731704356798070e+309}"#,
            true,
        ),
        (
            r#"{"url_ampersand": "http://example.com?foo=bar&hello=world", "left-caret": "<", "right-caret": ">"}"#,
            r#"{"url_ampersand": "http://example.com?foo=bar\u0026hello=world", "left-caret": "\u003c", "right-caret": "\u003e"}"#,
            true,
        ),
        ("1", "1.0", false),
        ("1e2", "100", false),
        ("-0", "0", false),
        (r#""\u00e9""#, "\"\u{e9}\"", true),
        (r#""\/""#, r#""/""#, true),
        (r#""\ud83d\ude00""#, "\"\u{1f600}\"", true),
        (r#""\ud800""#, r#""\ufffd""#, true),
        (r#""\ud800\u0041""#, "\"\u{fffd}A\"", true),
        (
            r#"{"a":{"y":1,"x":[{"q":1,"p":2}]}}"#,
            r#"{"a":{"x":[{"p":2,"q":1}],"y":1}}"#,
            true,
        ),
        (r#"{"a":1,"a":2}"#, r#"{"a":2}"#, true),
        (r#"{"a":1,"a":2}"#, r#"{"a":1}"#, false),
        (r#"{"a":1,"\u0061":2}"#, r#"{"a":2}"#, true),
        ("[]", "[ ]", true),
        ("{}", "[]", false),
        ("null", " null ", true),
    ];
    for &(a, b, equal) in cases {
        let (na, nb) = (Normalized::new(a).expect(a), Normalized::new(b).expect(b));
        assert_eq!(
            jsontypes::normalized::semantically_equal(&na, &nb),
            equal,
            "{a} | {b}"
        );
        let (ka, kb) = (
            jsontypes::normalized::semantic_key(&na),
            jsontypes::normalized::semantic_key(&nb),
        );
        assert_eq!(ka == kb, equal, "{ka} | {kb}");
    }
}

#[test]
fn json_normal_form_is_gos_marshal_output() {
    // json.Marshal of a map[string]any: keys sorted, no whitespace, HTML
    // characters and U+2028/U+2029 escaped, \b \f \n \r \t short
    // (src/encoding/json/encode.go, appendString).
    let n = Normalized::new(
        "{\"b\": [1.50, true, null], \"a\": \"<&>\\u2028\\b\\u0001\\t\u{e9}\", \"\": {}}",
    )
    .expect("valid");
    assert_eq!(
        n.normalize(),
        r#"{"":{},"a":"\u003c\u0026\u003e\u2028\b\u0001\t\u{e9}","b":[1.50,true,null]}"#
            .replace("\\u{e9}", "\u{e9}")
    );
    // Deep documents normalise without recursion.
    let deep = format!("{}{}", "[".repeat(10_000), "]".repeat(10_000));
    assert_eq!(
        Normalized::new(deep.clone()).expect("valid").normalize(),
        deep
    );
    // Unmarshal: the document as serde_json reads it.
    let v = Normalized::new(r#"{"a": [1, "x"]}"#).expect("valid");
    assert_eq!(v.unmarshal().expect("json")["a"][1], "x");
    let err = Exact::new(r#""\ud800""#)
        .expect("Go accepts it")
        .unmarshal()
        .expect_err("serde refuses");
    assert_eq!(err.summary(), Some("Exact JSON Unmarshal Error"));
}

// ------------------------------------------------------------ addresses

fn v4_detail(value: &str, error: &str) -> String {
    format!(
        "A string value was provided that is not valid IPv4 string format.\n\n\
         Given Value: {value}\nError: {error}"
    )
}

fn v6_detail(value: &str, error: &str) -> String {
    format!(
        "A string value was provided that is not valid IPv6 string format (RFC 4291).\n\n\
         Given Value: {value}\nError: {error}"
    )
}

#[test]
fn ipv4_addresses_refused_in_gos_words() {
    // iptypes/ipv4_address_value_test.go:45-99.
    let cases = [
        (
            "192168255255",
            r#"ParseAddr("192168255255"): unable to parse IP"#,
        ),
        (
            "127.000.000.001",
            r#"ParseAddr("127.000.000.001"): IPv4 field has octet with leading zero"#,
        ),
        (
            "127.0.A.1",
            r#"ParseAddr("127.0.A.1"): unexpected character (at "A.1")"#,
        ),
        ("127.0.1", r#"ParseAddr("127.0.1"): IPv4 address too short"#),
        // src/net/netip/netip.go, parseIPv4Fields and ParseAddr.
        (
            "1.2.3.4.5",
            r#"ParseAddr("1.2.3.4.5"): IPv4 address too long"#,
        ),
        (
            "1.2.3.256",
            r#"ParseAddr("1.2.3.256"): IPv4 field has value >255"#,
        ),
        (
            "1..2.3",
            r#"ParseAddr("1..2.3"): IPv4 field must have at least one digit (at ".2.3")"#,
        ),
        (
            "1.2.3.",
            r#"ParseAddr("1.2.3."): IPv4 field must have at least one digit (at ".")"#,
        ),
        ("%eth0", r#"ParseAddr("%eth0"): missing IPv6 address"#),
        ("", r#"ParseAddr(""): unable to parse IP"#),
        // strconv.Quote keeps printable Unicode, escapes the rest.
        (
            "1.2.3.\u{e9}",
            "ParseAddr(\"1.2.3.\u{e9}\"): unexpected character (at \"\u{e9}\")",
        ),
        (
            "1.2.3.4\n",
            r#"ParseAddr("1.2.3.4\n"): unexpected character (at "\n")"#,
        ),
        (
            "1.2.3.\u{a0}",
            r#"ParseAddr("1.2.3.\u00a0"): unexpected character (at "\u00a0")"#,
        ),
    ];
    for (text, error) in cases {
        let (summary, detail) = refusal(nettypes::ipv4_address::from_wire(text.to_owned()));
        assert_eq!(summary, "Invalid IPv4 Address String Value", "{text}");
        assert_eq!(detail, v4_detail(text, error), "{text}");
    }
    // ipv4_address_value_test.go:92-99: an IPv6 address, no parser error.
    let (_, detail) = refusal(nettypes::ipv4_address::from_wire("::".into()));
    assert_eq!(
        detail,
        "An IPv6 string format was provided, string value must be IPv4 format.\n\nGiven Value: ::\n"
    );
    let a = Ipv4Address::parse("192.0.2.1").expect("valid");
    assert_eq!(a.addr(), Ipv4Addr::new(192, 0, 2, 1));
    assert_eq!(
        Ipv4Address::from_addr(Ipv4Addr::LOCALHOST).as_str(),
        "127.0.0.1"
    );
}

#[test]
fn ipv6_addresses_refused_in_gos_words() {
    let cases = [
        // iptypes/ipv6_address_value_test.go:163-196.
        (
            "0:0:0:0:0:0:0:",
            r#"ParseAddr("0:0:0:0:0:0:0:"): colon must be followed by more characters (at ":")"#,
        ),
        (
            "0:0::1::",
            r#"ParseAddr("0:0::1::"): multiple :: in address (at ":")"#,
        ),
        (
            "0:0:0:0:0:0:0:1:99",
            r#"ParseAddr("0:0:0:0:0:0:0:1:99"): trailing garbage after address (at "99")"#,
        ),
        // src/net/netip/netip.go, parseIPv6 (the Go of the unique package:
        // at most four digits a group; an embedded IPv4 address's errors
        // name the whole input).
        (
            "00000::1",
            r#"ParseAddr("00000::1"): each group must have 4 or less digits (at "00000::1")"#,
        ),
        (
            "1:2:3:4:5:6:7",
            r#"ParseAddr("1:2:3:4:5:6:7"): address string too short"#,
        ),
        (
            "1:2:3:4::5:6:7:8",
            r#"ParseAddr("1:2:3:4::5:6:7:8"): the :: must expand to at least one field of zeros"#,
        ),
        (
            "::1.2.3.x",
            r#"ParseAddr("::1.2.3.x"): unexpected character (at "x")"#,
        ),
        (
            "::1.2.3.x%eth0",
            r#"ParseAddr("::1.2.3.x%eth0"): unexpected character (at "x")"#,
        ),
        (
            "1:2:3:4:5:6:1.2.3.4:5",
            r#"ParseAddr("1:2:3:4:5:6:1.2.3.4:5"): unexpected character (at ":5")"#,
        ),
        (
            "1:2:1.2.3.4",
            r#"ParseAddr("1:2:1.2.3.4"): embedded IPv4 address must replace the final 2 fields of the address (at "1.2.3.4")"#,
        ),
        (
            "1:2:3:4:5:6:7::1.2.3.4",
            r#"ParseAddr("1:2:3:4:5:6:7::1.2.3.4"): too many hex fields to fit an embedded IPv4 at the end of the address (at "1.2.3.4")"#,
        ),
        (
            "fe80::1%",
            r#"ParseAddr("fe80::1%"): zone must be a non-empty string"#,
        ),
        (
            ":1",
            r#"ParseAddr(":1"): each colon-separated field must have at least one digit (at ":1")"#,
        ),
        (
            "1:x::",
            r#"ParseAddr("1:x::"): each colon-separated field must have at least one digit (at "x::")"#,
        ),
        (
            "1x::",
            r#"ParseAddr("1x::"): unexpected character, want colon (at "x::")"#,
        ),
    ];
    for (text, error) in cases {
        let (summary, detail) = refusal(nettypes::ipv6_address::from_wire(text.to_owned()));
        assert_eq!(summary, "Invalid IPv6 Address String Value", "{text}");
        assert_eq!(detail, v6_detail(text, error), "{text}");
    }
    // ipv6_address_value_test.go:199-206.
    let (_, detail) = refusal(nettypes::ipv6_address::from_wire("127.0.0.1".into()));
    assert_eq!(
        detail,
        "An IPv4 string format was provided, string value must be IPv6 string format or \
         IPv4-Mapped IPv6 string format (RFC 4291).\n\nGiven Value: 127.0.0.1\n"
    );
}

#[test]
fn ipv6_semantic_equality_is_gos_addr_equality() {
    // iptypes/ipv6_address_value.go:84 (Addr ==, the zone included); pairs
    // from ipv6_address_value_test.go:30-88, then zones and mapped forms.
    let cases: &[(&str, &str, bool)] = &[
        ("0:0:0:0:0:0:0:0", "0:0:0:0:0:0:0:1", false),
        ("FF01::", "FF01::1", false),
        ("::FFFF:192.168.255.255", "::FFFF:192.168.255.254", false),
        ("0:0:0:0:0:0:0:0", "0:0:0:0:0:0:0:0", true),
        (
            "2001:0DB8:0000:0000:0008:0800:200C:417A",
            "2001:0db8:0000:0000:0008:0800:200c:417a",
            true,
        ),
        ("::FFFF:192.168.255.255", "::FFFF:192.168.255.255", true),
        ("0:0:0:0:0:0:0:0", "::", true),
        (
            "2001:0DB8:0000:0000:0008:0800:200C:417A",
            "2001:DB8::8:800:200C:417A",
            true,
        ),
        ("::101", "0:0:0:0:0:0:0:101", true),
        (
            "2001:DB8::8:800:200C:417A",
            "2001:DB8:0:0:8:800:200C:417A",
            true,
        ),
        ("FF01:0:0:0:0:0:0:0", "FF01::", true),
        (
            "0:0:0:0:0:FFFF:192.168.255.255",
            "::FFFF:192.168.255.255",
            true,
        ),
        ("::1", "0:0:0:0:0:0:0:1", true),
        ("::ffff:1.2.3.4", "::ffff:102:304", true),
        ("::ffff:1.2.3.4", "::1.2.3.4", false),
        ("fe80::1%eth0", "FE80:0::1%eth0", true),
        ("fe80::1%eth0", "fe80::1%eth1", false),
        ("fe80::1%eth0", "fe80::1", false),
        ("fe80::1%eth0", "fe80::1%ETH0", false),
    ];
    for &(a, b, equal) in cases {
        let (va, vb) = (
            Ipv6Address::parse(a).expect(a),
            Ipv6Address::parse(b).expect(b),
        );
        assert_eq!(
            nettypes::ipv6_address::semantically_equal(&va, &vb),
            equal,
            "{a} {b}"
        );
        let (ka, kb) = (
            nettypes::ipv6_address::semantic_key(&va),
            nettypes::ipv6_address::semantic_key(&vb),
        );
        assert_eq!(ka == kb, equal, "{ka} {kb}");
    }
    let z = Ipv6Address::parse("fe80::1%eth0").expect("valid");
    assert_eq!(z.addr(), "fe80::1".parse::<Ipv6Addr>().expect("std"));
    assert_eq!(z.zone(), Some("eth0"));
    assert_eq!(z.as_str(), "fe80::1%eth0");
    assert_eq!(Ipv6Address::from_addr(Ipv6Addr::LOCALHOST).as_str(), "::1");
    // iptypes.IPAddress: both families, an IPv4 address and its mapped
    // form different (Addr == compares the family).
    let four = IpAddress::parse("1.2.3.4").expect("valid");
    let mapped = IpAddress::parse("::ffff:1.2.3.4").expect("valid");
    assert_eq!(four.addr(), IpAddr::V4(Ipv4Addr::new(1, 2, 3, 4)));
    assert!(matches!(mapped.addr(), IpAddr::V6(_)));
    assert!(!nettypes::ip_address::semantically_equal(&four, &mapped));
    assert_ne!(
        nettypes::ip_address::semantic_key(&four),
        nettypes::ip_address::semantic_key(&mapped)
    );
    let (summary, detail) = refusal(nettypes::ip_address::from_wire("x".into()));
    assert_eq!(summary, "Invalid IP Address String Value");
    assert_eq!(
        detail,
        "A string value was provided that is not valid IPv4 or IPv6 string format (RFC 791, \
         RFC 4291).\n\nGiven Value: x\nError: ParseAddr(\"x\"): unable to parse IP"
    );
}

#[test]
fn prefixes_refused_in_gos_words() {
    let v4 = |value: &str, error: &str| {
        format!(
            "A string value was provided that is not valid IPv4 CIDR string format (RFC 4632).\n\n\
             Given Value: {value}\nError: {error}"
        )
    };
    // cidrtypes/ipv4_prefix_value_test.go:45-111, then ParsePrefix in
    // src/net/netip/netip.go.
    let cases = [
        (
            "192168255255/8",
            r#"netip.ParsePrefix("192168255255/8"): ParseAddr("192168255255"): unable to parse IP"#,
        ),
        (
            "127.0.0.000/8",
            r#"netip.ParsePrefix("127.0.0.000/8"): ParseAddr("127.0.0.000"): IPv4 field has octet with leading zero"#,
        ),
        (
            "127.0.1/8",
            r#"netip.ParsePrefix("127.0.1/8"): ParseAddr("127.0.1"): IPv4 address too short"#,
        ),
        (
            "127.0.0.0/999",
            r#"netip.ParsePrefix("127.0.0.0/999"): prefix length out of range"#,
        ),
        (
            "127.0.0.0/notcorrect",
            r#"netip.ParsePrefix("127.0.0.0/notcorrect"): bad bits after slash: "notcorrect""#,
        ),
        ("1.2.3.4", r#"netip.ParsePrefix("1.2.3.4"): no '/'"#),
        (
            "1.2.3.4/",
            r#"netip.ParsePrefix("1.2.3.4/"): bad bits after slash: """#,
        ),
        (
            "1.2.3.4/-1",
            r#"netip.ParsePrefix("1.2.3.4/-1"): bad bits after slash: "-1""#,
        ),
        (
            "1.2.3.4/+",
            r#"netip.ParsePrefix("1.2.3.4/+"): bad bits after slash: "+""#,
        ),
        (
            "1.2.3.4/08",
            r#"netip.ParsePrefix("1.2.3.4/08"): bad bits after slash: "08""#,
        ),
        (
            "1.2.3.4/33",
            r#"netip.ParsePrefix("1.2.3.4/33"): prefix length out of range"#,
        ),
        (
            "1.2.3.4/99999999999999999999",
            r#"netip.ParsePrefix("1.2.3.4/99999999999999999999"): bad bits after slash: "99999999999999999999""#,
        ),
        (
            "/24",
            r#"netip.ParsePrefix("/24"): ParseAddr(""): unable to parse IP"#,
        ),
    ];
    for (text, error) in cases {
        let (summary, detail) = refusal(nettypes::ipv4_prefix::from_wire(text.to_owned()));
        assert_eq!(summary, "Invalid IPv4 CIDR String Value", "{text}");
        assert_eq!(detail, v4(text, error), "{text}");
    }
    let (_, detail) = refusal(nettypes::ipv4_prefix::from_wire("::/128".into()));
    assert_eq!(
        detail,
        "An IPv6 CIDR string format was provided, string value must be IPv4 CIDR string format \
         (RFC 4632).\n\nGiven Value: ::/128\n"
    );
    // cidrtypes/ipv6_prefix_value_test.go and ParsePrefix's zone check.
    let (summary, detail) = refusal(nettypes::ipv6_prefix::from_wire("fe80::1%eth0/64".into()));
    assert_eq!(summary, "Invalid IPv6 CIDR String Value");
    assert_eq!(
        detail,
        "A string value was provided that is not valid IPv6 CIDR string format (RFC 4291).\n\n\
         Given Value: fe80::1%eth0/64\nError: netip.ParsePrefix(\"fe80::1%eth0/64\"): IPv6 zones \
         cannot be present in a prefix"
    );
    let (_, detail) = refusal(nettypes::ipv6_prefix::from_wire("0:0::1::/112".into()));
    assert!(detail.ends_with(
        r#"Error: netip.ParsePrefix("0:0::1::/112"): ParseAddr("0:0::1::"): multiple :: in address (at ":")"#
    ));
    let (_, detail) = refusal(nettypes::ipv6_prefix::from_wire("10.0.0.0/8".into()));
    assert_eq!(
        detail,
        "An IPv4 CIDR string format was provided, string value must be IPv6 CIDR string format \
         (RFC 4291).\n\nGiven Value: 10.0.0.0/8\n"
    );
    let (_, detail) = refusal(nettypes::ipv6_prefix::from_wire("::/129".into()));
    assert!(detail.ends_with(r#"netip.ParsePrefix("::/129"): prefix length out of range"#));
    let (summary, _) = refusal(nettypes::ip_prefix::from_wire("1.2.3.4".into()));
    assert_eq!(summary, "Invalid IP CIDR String Value");
}

#[test]
fn prefix_semantic_equality_is_gos_addr_and_bits_equality() {
    // cidrtypes/ipv6_prefix_value.go:82 (no masking: the host bits count);
    // pairs from ipv6_prefix_value_test.go:30-88.
    let cases: &[(&str, &str, bool)] = &[
        ("0:0:0:0:0:0:0:0/128", "0:0:0:0:0:0:0:1/128", false),
        ("FF01::/8", "FF01::1/8", false),
        ("::FFFF:1.2.3.0/112", "::FFFF:1.2.3.4/112", false),
        ("0:0:0:0:0:0:0:0/128", "0:0:0:0:0:0:0:0/128", true),
        (
            "2001:0DB8:0000:0000:0008:0800:200C:417A/60",
            "2001:0db8:0000:0000:0008:0800:200c:417a/60",
            true,
        ),
        ("0:0:0:0:0:0:0:0/128", "::/128", true),
        (
            "2001:0DB8:0000:0000:0008:0800:200C:417A/60",
            "2001:DB8::8:800:200C:417A/60",
            true,
        ),
        ("::101/128", "0:0:0:0:0:0:0:101/128", true),
        ("FF01:0:0:0:0:0:0:0/8", "FF01::/8", true),
        ("0:0:0:0:0:FFFF:1.2.3.4/112", "::FFFF:1.2.3.4/112", true),
        ("2001:db8::/32", "2001:db8::/33", false),
    ];
    for &(a, b, equal) in cases {
        let (pa, pb) = (
            Ipv6Prefix::parse(a).expect(a),
            Ipv6Prefix::parse(b).expect(b),
        );
        assert_eq!(
            nettypes::ipv6_prefix::semantically_equal(&pa, &pb),
            equal,
            "{a} {b}"
        );
        let (ka, kb) = (
            nettypes::ipv6_prefix::semantic_key(&pa),
            nettypes::ipv6_prefix::semantic_key(&pb),
        );
        assert_eq!(ka == kb, equal, "{ka} {kb}");
    }
    let p = Ipv4Prefix::parse("10.1.2.3/8").expect("valid");
    assert_eq!(
        (p.addr(), p.bits(), p.as_str()),
        (Ipv4Addr::new(10, 1, 2, 3), 8, "10.1.2.3/8")
    );
    let p = IpPrefix::parse("::ffff:1.2.3.4/120").expect("valid: 128 bits for a mapped address");
    assert_eq!(p.bits(), 120);
    let a = IpPrefix::parse("2001:db8::/32").expect("valid");
    let b = IpPrefix::parse("2001:DB8:0::/32").expect("valid");
    assert!(nettypes::ip_prefix::semantically_equal(&a, &b));
    assert_eq!(
        nettypes::ip_prefix::semantic_key(&a),
        nettypes::ip_prefix::semantic_key(&b)
    );
}

#[test]
fn mac_addresses_as_go_reads_them() {
    // hwtypes/mac_address_value_test.go:136-196, and net.ParseMAC
    // (src/net/mac.go: 6, 8 or 20 octets; ':' or '-' pairs, '.' quads).
    for text in [
        "00:00:5e:00:53:00",
        "00:00:5E:00:53:00",
        "00-00-5e-00-53-00",
        "0000.5e00.5300",
        "0000.5E00.5300",
        "00:00:00:00:fe:80:00:00:00:00:00:00:02:00:5e:10:00:00:00:01",
        "0000.0000.FE80.0000.0000.0000.0200.5E10.0000.0001",
        "02:00:5e:10:00:00:00:01",
    ] {
        let mac = MacAddress::parse(text).expect(text);
        assert_eq!(mac.as_str(), text);
    }
    for text in [
        "0:0:0:0:0:0:0",
        "00:00:5G:00:53:00",
        "00-00:5e-00-53-01",
        "00:00:5e:00:53",
        "00:00:5e:00:53:00:00",
        "0000.5e00.53",
        "00005e005300",
        "00:00:5e:00:53:00:",
    ] {
        let (summary, detail) = refusal(nettypes::mac_address::from_wire(text.to_owned()));
        assert_eq!(summary, "Invalid MAC Address String Value");
        assert_eq!(
            detail,
            format!(
                "A string value was provided that is not valid MAC string format.\n\n\
                 Given Value: {text}\nError: address {text}: invalid MAC address"
            )
        );
    }
    // mac_address_value_test.go:30-88 (bytes.Equal of the octets).
    let cases: &[(&str, &str, bool)] = &[
        ("00:00:5e:00:53:00", "00:00:5e:00:53:01", false),
        ("00:00:5e:00:53:00", "00:00:5E:00:53:01", false),
        ("00:00:5e:00:53:00", "00:00:5e:00:53:00", true),
        ("00:00:5e:00:53:00", "00:00:5E:00:53:00", true),
        ("00-00-5e-00-53-00", "00-00-5E-00-53-00", true),
        ("0000.5e00.5300", "0000.5E00.5300", true),
        ("0000.5e00.5300", "00:00:5e:00:53:00", true),
        ("0000.5e00.5300", "00-00-5e-00-53-00", true),
        ("00:00:5e:00:53:00", "00-00-5e-00-53-00", true),
        ("00:00:5e:00:53:00", "00:00:5e:00:53:00:00:00", false),
    ];
    for &(a, b, equal) in cases {
        let (ma, mb) = (
            MacAddress::parse(a).expect(a),
            MacAddress::parse(b).expect(b),
        );
        assert_eq!(
            nettypes::mac_address::semantically_equal(&ma, &mb),
            equal,
            "{a} {b}"
        );
        let (ka, kb) = (
            nettypes::mac_address::semantic_key(&ma),
            nettypes::mac_address::semantic_key(&mb),
        );
        assert_eq!(ka == kb, equal, "{ka} {kb}");
    }
    let mac = MacAddress::parse("0000.5E00.5300").expect("valid");
    assert_eq!(mac.octets(), &[0x00, 0x00, 0x5e, 0x00, 0x53, 0x00]);
    // Go's HardwareAddr.String().
    assert_eq!(
        nettypes::mac_address::semantic_key(&mac),
        "00:00:5e:00:53:00"
    );
}

// ------------------------------------------------------------ in a model

#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
struct Everything {
    #[tf(with = timetypes::rfc3339, semantic_equal)]
    at: Rfc3339,
    #[tf(optional, with = timetypes::go_duration, semantic_equal)]
    every: Option<GoDuration>,
    #[tf(with = jsontypes::normalized, semantic_equal)]
    policy: Normalized,
    #[tf(optional, with = jsontypes::exact)]
    raw: Option<Exact>,
    #[tf(with = nettypes::ipv4_address)]
    v4: Ipv4Address,
    #[tf(with = nettypes::ipv6_address, semantic_equal)]
    v6: Ipv6Address,
    #[tf(with = nettypes::ip_address, semantic_equal)]
    ip: IpAddress,
    #[tf(with = nettypes::ipv4_prefix)]
    net4: Ipv4Prefix,
    #[tf(with = nettypes::ipv6_prefix, semantic_equal)]
    net6: Ipv6Prefix,
    #[tf(with = nettypes::ip_prefix, semantic_equal)]
    net: IpPrefix,
    #[tf(with = nettypes::mac_address, semantic_equal)]
    mac: MacAddress,
}

fn good() -> Vec<(&'static str, &'static str)> {
    vec![
        ("at", "2023-07-25T23:43:16.50-00:00"),
        ("every", "+1.5h"),
        ("policy", "{ \"b\": 1, \"a\": [1.0] }"),
        ("raw", "[1,  2]"),
        ("v4", "192.0.2.1"),
        ("v6", "2001:DB8::1%eth0"),
        ("ip", "::ffff:192.0.2.1"),
        ("net4", "10.1.2.3/8"),
        ("net6", "2001:DB8::/32"),
        ("net", "192.0.2.0/24"),
        ("mac", "0000.5E00.5300"),
    ]
}

fn object(fields: &[(&str, &str)]) -> Value {
    Value::object(fields.iter().map(|&(k, v)| (k, Value::from(v))))
}

#[test]
fn a_model_keeps_the_text_and_refuses_at_the_attribute() {
    let ty = Everything::block().implied_type();
    for attr in Everything::block().attributes.iter() {
        assert_eq!(attr.ty.implied_type(), Type::String, "{}", attr.name);
    }
    // Text as written survives msgpack both ways, byte for byte.
    let value = object(&good());
    let bytes = msgpack::value_to_vec(&value, &ty).expect("bytes");
    let decoded = msgpack::from_slice::<Everything>(&bytes).expect("decode");
    assert_eq!(decoded.at.as_str(), "2023-07-25T23:43:16.50-00:00");
    assert_eq!(decoded.policy.as_str(), "{ \"b\": 1, \"a\": [1.0] }");
    assert_eq!(decoded.v6.zone(), Some("eth0"));
    assert_eq!(msgpack::to_vec(&decoded).expect("encode"), bytes);
    assert_eq!(Everything::from_value(value).expect("from_value"), decoded);

    // Each attribute refuses bad text at its own path, in Go's words.
    let bad: &[(&str, &str, &str)] = &[
        ("at", "yesterday", "Invalid RFC3339 String Value"),
        ("every", "1d", "Invalid Time Duration String Value"),
        ("policy", "{", "Invalid JSON String Value"),
        ("raw", "[1,]", "Invalid JSON String Value"),
        ("v4", "::1", "Invalid IPv4 Address String Value"),
        ("v6", "1.2.3.4", "Invalid IPv6 Address String Value"),
        ("ip", "localhost", "Invalid IP Address String Value"),
        ("net4", "10.0.0.0/33", "Invalid IPv4 CIDR String Value"),
        ("net6", "::/129", "Invalid IPv6 CIDR String Value"),
        ("net", "10.0.0.0", "Invalid IP CIDR String Value"),
        ("mac", "00:00:5e", "Invalid MAC Address String Value"),
    ];
    for &(name, text, summary) in bad {
        let fields: Vec<_> = good()
            .into_iter()
            .map(|(k, v)| (k, if k == name { text } else { v }))
            .collect();
        let bytes = msgpack::value_to_vec(&object(&fields), &ty).expect("bytes");
        let err = msgpack::from_slice::<Everything>(&bytes).expect_err(name);
        assert!(err.is_refusal(), "{name}");
        assert_eq!(err.path_string(), format!(".{name}"));
        assert_eq!(err.summary(), Some(summary), "{name}");
        assert!(
            err.message().contains(&format!("Given Value: {text}\n")),
            "{}",
            err.message()
        );
        let d = tfschema::diag::Diagnostic::from(err);
        assert_eq!(d.summary, summary);
    }
}

#[test]
fn a_model_records_semantic_equality_where_go_has_it() {
    let block = Everything::block();
    for attr in block.attributes.iter() {
        let has = attr.plan.semantic_equal.is_some();
        let go_has = !matches!(attr.name.as_str(), "raw" | "v4" | "net4");
        assert_eq!(has, go_has, "{}", attr.name);
    }
    // The recorded function compares through the module: equal spellings
    // are equal (Go's pairs above), other values are not.
    let policy = block
        .attributes
        .iter()
        .find(|a| a.name.as_str() == "policy")
        .and_then(|a| a.plan.semantic_equal)
        .expect("policy");
    assert!(policy.equal(
        &Value::from(r#"{"a":1,"b":2}"#),
        &Value::from(r#"{ "b":2, "a":1 }"#)
    ));
    assert!(!policy.equal(&Value::from("1"), &Value::from("1.0")));
    let at = block
        .attributes
        .iter()
        .find(|a| a.name.as_str() == "at")
        .and_then(|a| a.plan.semantic_equal)
        .expect("at");
    assert!(at.equal(
        &Value::from("2023-07-25T23:43:16Z"),
        &Value::from("2023-07-25T23:43:16+00:00")
    ));
    assert!(!at.equal(
        &Value::from("2023-07-25T23:43:16Z"),
        &Value::from("2023-07-25T20:43:16-03:00")
    ));
}

// ------------------------------------------------------------ no panics

proptest::proptest! {
    /// Any text: every parser answers, none panics, and a refusal names
    /// the text. Short strings over the characters the grammars care
    /// about, so that most inputs get deep into them.
    #[test]
    fn every_parser_answers_any_text(text in "[0-9a-fA-F.:%/+\\-Zz T,\"\\\\\\[\\]{}eu\u{e9}\u{b5}]{0,24}") {
        let _ = duration::parse(&text);
        let _ = Rfc3339::parse(text.clone());
        if let Ok(n) = Normalized::new(text.clone()) {
            let _ = n.normalize();
        }
        for result in [
            nettypes::ip_address::from_wire(text.clone()).map(|_| ()),
            nettypes::ipv6_address::from_wire(text.clone()).map(|_| ()),
            nettypes::ip_prefix::from_wire(text.clone()).map(|_| ()),
            nettypes::mac_address::from_wire(text.clone()).map(|_| ()),
        ] {
            if let Err(e) = result {
                let given = format!("Given Value: {text}\n");
                proptest::prop_assert!(e.detail().contains(&given));
            }
        }
    }

    /// Go's String() output parses back to the same duration.
    #[test]
    fn formatted_durations_parse_back(nanos in proptest::num::i64::ANY) {
        let d = SignedDuration::from_nanos(nanos);
        proptest::prop_assert_eq!(duration::parse(&d.to_string()), Ok(d));
    }
}
