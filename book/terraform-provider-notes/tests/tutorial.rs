//! book/src/tutorial.md shows this crate's code: a ```rust block whose first
//! line is a `// <path>` comment is that file of the crate (several blocks
//! of one path are its parts, in order). This test checks that the blocks
//! are the files exactly, and that the tutorial shows every file, so the
//! code a reader copies is the code `cargo test` compiled and tested here.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The tutorial's files: path -> the blocks' text, joined.
fn shown_files(tutorial: &str) -> BTreeMap<String, String> {
    let mut files: BTreeMap<String, String> = BTreeMap::new();
    let mut lines = tutorial.lines();
    while let Some(line) = lines.next() {
        if line.trim_end() != "```rust" {
            continue;
        }
        let block: Vec<&str> = lines.by_ref().take_while(|l| *l != "```").collect();
        let Some(path) = block.first().and_then(|l| l.strip_prefix("// ")) else {
            continue;
        };
        if !path.ends_with(".rs") {
            continue;
        }
        let text = files.entry(path.to_owned()).or_default();
        if !text.is_empty() {
            text.push('\n');
        }
        for l in &block[1..] {
            text.push_str(l);
            text.push('\n');
        }
    }
    files
}

/// The crate's Rust files, relative to its root, but for this test and
/// tests/book.rs (which checks the other chapters).
fn crate_files(root: &Path) -> Vec<String> {
    let mut files = Vec::new();
    for dir in ["src", "tests"] {
        let entries = std::fs::read_dir(root.join(dir)).expect("the crate's directories");
        for entry in entries {
            let name = entry.expect("a directory entry").file_name();
            let name = name.to_str().expect("UTF-8 file names");
            if name.ends_with(".rs") && name != "tutorial.rs" && name != "book.rs" {
                files.push(format!("{dir}/{name}"));
            }
        }
    }
    files.sort();
    files
}

#[test]
fn the_tutorial_shows_this_crate() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let tutorial =
        std::fs::read_to_string(root.join("../src/tutorial.md")).expect("book/src/tutorial.md");
    let shown = shown_files(&tutorial);
    assert_eq!(
        shown.keys().cloned().collect::<Vec<_>>(),
        crate_files(&root),
        "the tutorial's files and the crate's differ"
    );
    for (path, text) in &shown {
        let file = std::fs::read_to_string(root.join(path)).expect("a file of the crate");
        assert!(
            *text == file,
            "book/src/tutorial.md shows {path} otherwise than book/terraform-provider-notes/{path} has it; \
             edit both alike (the first line that differs: {:?})",
            text.lines()
                .zip(file.lines())
                .find(|(a, b)| a != b)
                .map(|(a, _)| a)
        );
    }
}
