//! The test runner of the CLI tests whose binary is also a provider
//! (`harness = false`): the same binary, launched by `tfschema` with an
//! environment variable set, serves a provider instead of running tests.
//! Prints libtest's lines, so CI reads the result as it reads `cargo test`'s.

use std::process::ExitCode;
use std::time::Instant;

/// Runs each named test whose name contains one of the command line's
/// non-flag arguments (all of them when there is none), catching panics.
pub fn run(tests: &[(&str, fn())]) -> ExitCode {
    let filter: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let start = Instant::now();
    let (mut passed, mut failed, mut filtered) = (0, 0, 0);
    for &(name, test) in tests {
        if !filter.is_empty() && !filter.iter().any(|f| name.contains(f.as_str())) {
            filtered += 1;
            continue;
        }
        let ok = std::panic::catch_unwind(test).is_ok();
        println!("test {name} ... {}", if ok { "ok" } else { "FAILED" });
        if ok {
            passed += 1;
        } else {
            failed += 1;
        }
    }
    println!(
        "\ntest result: {}. {passed} passed; {failed} failed; 0 ignored; 0 measured; {filtered} filtered out; finished in {:.2}s\n",
        if failed == 0 { "ok" } else { "FAILED" },
        start.elapsed().as_secs_f64()
    );
    if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
