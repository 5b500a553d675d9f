//! What every refusal of a file must be (issue 25): each line placed at
//! `file:line:col`, in hexmelee's words (no library's), with no character a
//! terminal would act on. Shared by `tests/suite/frame/refusals.rs` and the fuzz tests.

/// Wording of the RON parser, serde and std that must never reach a user.
const LIBRARY_WORDS: &[&str] = &[
    "ron::",
    "os error",
    "Expected ",
    "Unexpected ",
    "Invalid digit",
    "Integer is out of bounds",
    "recursion limit",
    "Non-whitespace trailing",
    "invalid type",
    "invalid value",
    "unknown variant",
    "missing field",
    "valid UTF-8",
    "Unclosed",
    "serde",
    // Rust's range notation (issue 44): people write "1 to 99".
    "..=",
];

/// Assert that `text` (a loader's error, or a command's whole stderr) is a
/// proper refusal of `file`: every line but hints and the problem count
/// starts `file:line:col: ` (a scenario inside a save is `file
/// (scenario_text):line:col: `), no library wording, no control character.
pub fn assert_refusal(text: &str, file: &str) {
    assert!(!text.trim().is_empty(), "{file}: an empty refusal");
    for bad in LIBRARY_WORDS {
        assert!(
            !text.contains(bad),
            "{file}: library wording {bad:?} in:\n{text}"
        );
    }
    if let Some(c) = text
        .chars()
        .find(|&c| c != '\n' && hexmelee::text::is_unsafe(c))
    {
        panic!("{file}: {c:?} printed in:\n{text:?}");
    }
    for line in text.lines() {
        let counted = line.ends_with(" found")
            && line
                .split(' ')
                .next()
                .is_some_and(|n| n.parse::<u32>().is_ok());
        if line.starts_with("  hint: ") || counted {
            continue;
        }
        let rest = line
            .strip_prefix(file)
            .map(|r| r.strip_prefix(" (scenario_text)").unwrap_or(r))
            .and_then(|r| r.strip_prefix(':'))
            .unwrap_or_else(|| panic!("{file}: a line without the file's name: {line}\n{text}"));
        let mut parts = rest.splitn(3, ':');
        let placed = parts
            .next()
            .is_some_and(|l| l.parse::<u32>().is_ok_and(|l| l >= 1))
            && parts
                .next()
                .is_some_and(|c| c.parse::<u32>().is_ok_and(|c| c >= 1))
            && parts.next().is_some_and(|m| m.starts_with(' '));
        assert!(placed, "{file}: a line without line:col: {line}\n{text}");
    }
}
