//! The book's Rust code is compiled by `cargo test`: the tutorial's as this
//! crate (tests/tutorial.rs), every other chapter's as doctests of the
//! `tfschema` crate, which includes the chapter's Markdown in
//! runtime/src/lib.rs (`mod book`). This test checks that no chapter with a
//! ```rust block is missing from that list, and that the list names no
//! chapter the book does not have.

use std::path::PathBuf;

/// The chapters SUMMARY.md links, relative to book/src.
fn chapters(summary: &str) -> Vec<String> {
    summary
        .lines()
        .filter_map(|line| {
            let start = line.find("](")? + 2;
            let end = start + line[start..].find(')')?;
            Some(line[start..end].to_owned())
        })
        .collect()
}

#[test]
fn every_chapter_with_rust_code_is_compiled() {
    let book = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let summary =
        std::fs::read_to_string(book.join("src/SUMMARY.md")).expect("book/src/SUMMARY.md");
    let lib =
        std::fs::read_to_string(book.join("../runtime/src/lib.rs")).expect("runtime/src/lib.rs");
    let chapters = chapters(&summary);
    assert!(chapters.len() > 10, "SUMMARY.md lists {chapters:?}");
    let mut missing = Vec::new();
    for chapter in &chapters {
        let text = std::fs::read_to_string(book.join("src").join(chapter))
            .unwrap_or_else(|e| panic!("book/src/{chapter}: {e}"));
        let included = lib.contains(&format!("include_str!(\"../../book/src/{chapter}\")"));
        let has_rust = text.lines().any(|l| l.trim_end() == "```rust");
        if has_rust && !included && chapter != "tutorial.md" {
            missing.push(chapter.clone());
        }
    }
    assert!(
        missing.is_empty(),
        "chapters with Rust code that runtime/src/lib.rs does not include as doctests: {missing:?}"
    );
    for included in lib.split("include_str!(\"../../book/src/").skip(1) {
        let chapter = &included[..included.find('"').expect("a closing quote")];
        assert!(
            chapters.iter().any(|c| c == chapter),
            "runtime/src/lib.rs includes book/src/{chapter}, which SUMMARY.md does not list"
        );
    }
}
