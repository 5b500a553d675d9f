//! Every refused file under `tests/` through the real binary (issue 25):
//! broken scenarios (`check`), broken saves (`check-save`, `export`) and
//! broken orders (`sim --orders`) are each refused with exit 2, every line
//! placed at file:line:col, in hexmelee's own words, with no character that
//! would drive the terminal, and nothing on stdout. New files dropped into
//! those directories are walked too.

use crate::refusal;

use std::path::Path;
use std::process::{Command, Output};

use refusal::assert_refusal;

fn hexmelee(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hexmelee"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap()
}

/// The refused files in `dir` (every `.ron` but the unbroken base).
fn refused_in(dir: &str) -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<String> = std::fs::read_dir(root.join(dir))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".ron") && n != "ok-base.ron")
        .map(|n| format!("{dir}/{n}"))
        .collect();
    files.sort();
    files
}

fn assert_refused(args: &[&str], file: &str) {
    let out = hexmelee(args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
    assert!(out.stdout.is_empty(), "{args:?}: nothing on stdout");
    assert!(
        !out.stderr
            .iter()
            .any(|b| b.is_ascii_control() && *b != b'\n'),
        "{args:?}: a raw control byte on stderr"
    );
    assert_refusal(&stderr, file);
}

#[test]
fn every_broken_scenario_is_refused_in_place_and_in_plain_words() {
    let files = refused_in("tests/broken");
    assert!(files.len() >= 29, "{files:?}");
    for file in &files {
        assert_refused(&["check", file], file);
        assert_refused(&["sim", file], file);
    }
}

#[test]
fn every_broken_save_is_refused_in_place_and_in_plain_words() {
    let files = refused_in("tests/broken_saves");
    assert!(files.len() >= 23, "{files:?}");
    for file in &files {
        assert_refused(&["check-save", file], file);
        assert_refused(&["export", file], file);
    }
}

#[test]
fn every_broken_orders_file_is_refused_in_place_and_in_plain_words() {
    let mut files = refused_in("tests/broken_orders");
    files.extend([
        "tests/orders/unknown-figure.ron".to_string(),
        "tests/orders/broken-syntax.ron".to_string(),
        // Refused in play, not by the file's checks (issue 44).
        "tests/orders/refused-combine.ron".to_string(),
    ]);
    assert!(files.len() >= 7, "{files:?}");
    for file in &files {
        assert_refused(&["sim", "scenarios/duel.ron", "--orders", file], file);
    }
    for file in [
        "tests/orders/dq-refused.ron",
        "tests/orders/dq-refused-special.ron",
        "tests/orders/dq-refused-referee.ron",
    ] {
        assert_refused(&["sim", "scenarios/dq-duel.ron", "--orders", file], file);
    }
    for file in [
        "tests/orders/hm-broken-entries.ron",
        "tests/orders/hm-refused.ron",
    ] {
        assert_refused(&["sim", "scenarios/hm-duel.ron", "--orders", file], file);
    }
    for file in [
        "tests/orders/rm-broken-entries.ron",
        "tests/orders/rm-refused.ron",
    ] {
        assert_refused(&["sim", "scenarios/rm-duel.ron", "--orders", file], file);
    }
    // Every broken file, read as HârnMaster and Rune Master orders too.
    for file in &refused_in("tests/broken_orders") {
        assert_refused(&["sim", "scenarios/hm-duel.ron", "--orders", file], file);
        assert_refused(&["sim", "scenarios/rm-duel.ron", "--orders", file], file);
    }
}

/// The only refusals without a line and column: there is no text to place
/// them in. Each still names the file and says what to do.
#[test]
fn refusals_with_no_text_to_place_name_the_file() {
    for (args, file, words) in [
        (
            &["check", "no/such/file.ron"][..],
            "no/such/file.ron",
            "cannot read the file: there is no such file",
        ),
        (
            &["check", "tests/broken"][..],
            "tests/broken",
            "cannot read the file: it is a directory",
        ),
        (
            &["check-save", "no/such/save.ron"][..],
            "no/such/save.ron",
            "cannot read the file",
        ),
    ] {
        let out = hexmelee(args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        assert!(
            stderr.starts_with(&format!("{file}: {words}")),
            "{args:?}: {stderr}"
        );
    }
}

/// A name that would clear the screen (`ESC [ 2 J`) is refused at its quotes
/// with the character named, and the refusal shows it as `\u{1b}`.
#[test]
fn an_escape_in_a_name_is_named_and_never_printed() {
    let out = hexmelee(&["check", "tests/broken/raw-escape-name.ron"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.starts_with(
            "tests/broken/raw-escape-name.ron:11:19: name \"An\\u{1b}]0;pwned\\u{7}a\" holds U+001B (escape) as its character 3\n"
        ),
        "{stderr}"
    );
    assert!(!out.stderr.contains(&0x1b));
}

/// An orders file's figure name holding ESC is refused once, at its quote,
/// not again as a figure that does not exist.
#[test]
fn a_refused_name_in_orders_is_refused_once() {
    let out = hexmelee(&[
        "sim",
        "scenarios/duel.ron",
        "--orders",
        "tests/broken_orders/escape-figure.ron",
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.starts_with("tests/broken_orders/escape-figure.ron:5:24: figure \"Ber\\u{1b}[2Jrin\" holds U+001B (escape)"),
        "{stderr}"
    );
    assert!(!stderr.contains("there is no figure named"), "{stderr}");
}

/// No byte a terminal would act on: C0 controls but the line feed, DEL, C1
/// controls and the bidirectional characters.
fn assert_inert(bytes: &[u8], what: &str) {
    let text = String::from_utf8_lossy(bytes);
    if let Some(c) = text
        .chars()
        .find(|&c| c != '\n' && hexmelee::text::is_unsafe(c))
    {
        panic!("{what}: {c:?} printed raw");
    }
}

/// Text a file carries that loading does not refuse (a Referee's note) is
/// printed escaped by every printer: `check-save`, `export` in text and
/// Markdown, for the table and the Referee.
#[test]
fn a_note_with_escapes_is_printed_escaped() {
    let save = "tests/hostile/note-with-escapes.ron";
    for args in [
        &["check-save", save][..],
        &["export", save][..],
        &["export", "--referee", save][..],
        &["export", "--format", "markdown", "--referee", save][..],
    ] {
        let out = hexmelee(args);
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        assert_inert(&out.stdout, &format!("{args:?} stdout"));
        assert_inert(&out.stderr, &format!("{args:?} stderr"));
    }
    let out = hexmelee(&["export", "--referee", save]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("prays\\u{1b}[2J\\u{1b}]0;owned\\u{7} \\u{202e}loud"),
        "{text}"
    );
}

/// A file's own name is printed too: one named with an escape sequence is
/// shown escaped by `check` and `sim`.
#[test]
fn a_file_named_with_escapes_is_printed_escaped() {
    let dir = tempfile::tempdir().unwrap();
    let evil = dir.path().join("evil\u{1b}[2J\u{202e}.ron");
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    std::fs::copy(root.join("tests/broken/off-map.ron"), &evil).unwrap();
    let evil = evil.to_str().unwrap();
    for args in [&["check", evil][..], &["sim", evil][..]] {
        let out = hexmelee(args);
        assert_eq!(out.status.code(), Some(2));
        assert_inert(&out.stderr, "stderr");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.contains("evil\\u{1b}[2J\\u{202e}.ron:18:39: "),
            "{stderr}"
        );
    }
}
