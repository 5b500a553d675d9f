//! Finding where in the file a problem lives, for semantic checks that run
//! after serde has forgotten positions.

/// 1-based (line, column) of byte offset `at` in `text`.
pub fn line_col(text: &str, at: usize) -> (usize, usize) {
    let before = &text[..at.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let col = before
        .rfind('\n')
        .map_or(before.len(), |nl| before.len() - nl - 1)
        + 1;
    (line, col)
}

/// Byte offset of `key:` at or after `from` and before `until`, where `key`
/// stands alone (not the tail of a longer name).
pub fn find_key(text: &str, key: &str, from: usize, until: usize) -> Option<usize> {
    let region = text.get(from..until.min(text.len()))?;
    let mut start = 0;
    while let Some(i) = region[start..].find(key) {
        let at = start + i;
        let before_ok = region[..at]
            .chars()
            .next_back()
            .is_none_or(|c| !(c.is_alphanumeric() || c == '_'));
        let after = region[at + key.len()..].trim_start();
        if before_ok && after.starts_with(':') {
            return Some(from + at);
        }
        start = at + key.len();
    }
    None
}

/// Byte offset of the `name: "<name>"` that opens a figure or side, searching
/// from `from`.
pub fn find_named(text: &str, name: &str, from: usize) -> Option<usize> {
    let quoted = format!("\"{name}\"");
    let mut start = from;
    while let Some(key) = find_key(text, "name", start, text.len()) {
        let value = text[key + 4..].trim_start().strip_prefix(':')?.trim_start();
        if value.starts_with(&quoted) {
            return Some(key);
        }
        start = key + 4;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_keys_and_names_with_their_positions() {
        let text = "(\n  figures: [\n    (name: \"Arlos\", at: (1, 2)),\n    (name: \"Bailor\", at: (3, 4)),\n  ],\n)";
        let bailor = find_named(text, "Bailor", 0).unwrap();
        assert_eq!(line_col(text, bailor), (4, 6));
        let at = find_key(text, "at", bailor, text.len()).unwrap();
        assert_eq!(line_col(text, at), (4, 22));
        assert!(find_named(text, "Colath", 0).is_none());
        // `format` must not match inside `information:`
        assert!(find_key("information: 1", "format", 0, 14).is_none());
    }
}
