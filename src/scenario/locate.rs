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

/// Byte offset of the first bracket or parenthesis that opens deeper than
/// `limit`, skipping strings (raw ones too), characters and comments. RON's
/// own limit counts its recursion, not what a person sees; this counts what
/// the file shows.
pub fn too_deep(text: &str, limit: usize) -> Option<usize> {
    let b = text.as_bytes();
    // Bytes, not chars: `from` may fall inside a character of a broken file.
    let skip_to = |from: usize, end: &str| {
        let end = end.as_bytes();
        b.get(from..)
            .and_then(|rest| rest.windows(end.len()).position(|w| w == end))
            .map_or(b.len(), |n| from + n)
    };
    let mut depth = 0usize;
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'/' if b.get(i + 1) == Some(&b'/') => i = skip_to(i, "\n"),
            b'/' if b.get(i + 1) == Some(&b'*') => i = skip_to(i + 2, "*/") + 1,
            b'r' if matches!(b.get(i + 1), Some(b'"' | b'#'))
                && !b[..i]
                    .last()
                    .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_') =>
            {
                let hashes = b[i + 1..].iter().take_while(|c| **c == b'#').count();
                let open = i + 1 + hashes;
                if b.get(open) == Some(&b'"') {
                    let close = format!("\"{}", "#".repeat(hashes));
                    i = skip_to(open + 1, &close) + close.len() - 1;
                }
            }
            b'"' => {
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
            }
            b'\'' => {
                // A character: 'x', '\'' or '\u{..}'.
                let escaped = b.get(i + 1) == Some(&b'\\');
                i = skip_to(i + 2 + usize::from(escaped), "'");
            }
            b'[' | b'(' | b'{' => {
                depth += 1;
                if depth > limit {
                    return Some(i);
                }
            }
            b']' | b')' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
        i += 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn depth_counts_what_the_file_shows() {
        assert_eq!(too_deep("[[()]]", 3), None);
        assert_eq!(too_deep("[[([])]]", 3), Some(3));
        // Brackets in strings, raw strings, characters and comments do not count.
        let quiet = "( \"[[[\\\"[\" r#\"(\"((\"# '(' '\\'' // ((((\n /* [[[ */ )";
        assert_eq!(too_deep(quiet, 1), None);
        assert_eq!(too_deep(&format!("{quiet}(("), 1), Some(quiet.len() + 1));
    }

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
