//! Finding where in the file a problem lives, for semantic checks that run
//! after serde has forgotten positions (as byte offsets; `text::Place` turns
//! them into line:col).

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

/// One token of RON text, as far as finding places needs: brackets, commas,
/// colons, quoted literals and words (identifiers, numbers).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Tok {
    Open(u8),
    Close,
    Comma,
    Colon,
    /// A string (`"…"` or raw `r#"…"#`) or character literal, ending here.
    Literal {
        end: usize,
        string: bool,
    },
    Word {
        end: usize,
    },
    Other,
}

/// The tokens of `text` from `from` with their byte offsets; whitespace and
/// comments skipped, unclosed literals and comments run to the end.
fn tokens(text: &str, from: usize) -> impl Iterator<Item = (usize, Tok)> + '_ {
    let b = text.as_bytes();
    let mut i = from;
    std::iter::from_fn(move || {
        loop {
            while i < b.len() && b[i].is_ascii_whitespace() {
                i += 1;
            }
            if b.get(i) == Some(&b'/') && b.get(i + 1) == Some(&b'/') {
                i = text[i..].find('\n').map_or(b.len(), |n| i + n);
            } else if b.get(i) == Some(&b'/') && b.get(i + 1) == Some(&b'*') {
                i = block_comment_end(text, i);
            } else {
                break;
            }
        }
        let start = i;
        let c = *b.get(i)?;
        let raw_hashes = (c == b'r')
            .then(|| b[i + 1..].iter().take_while(|&&h| h == b'#').count())
            .filter(|&n| b.get(i + 1 + n) == Some(&b'"'));
        let tok = if let Some(n) = raw_hashes {
            let close = format!("\"{}", "#".repeat(n));
            let body = i + 2 + n;
            let end = text[body..]
                .find(&close)
                .map_or(b.len(), |e| body + e + close.len());
            Tok::Literal { end, string: true }
        } else if c == b'"' || c == b'\'' {
            let mut j = i + 1;
            while j < b.len() && b[j] != c {
                j += if b[j] == b'\\' { 2 } else { 1 };
            }
            Tok::Literal {
                end: (j + 1).min(b.len()),
                string: c == b'"',
            }
        } else if c.is_ascii_alphanumeric() || c == b'_' || c == b'-' || c == b'+' || c >= 0x80 {
            let word = |x: &u8| x.is_ascii_alphanumeric() || b"_.+-".contains(x) || *x >= 0x80;
            let len = b[i..].iter().take_while(|x| word(x)).count();
            Tok::Word { end: i + len }
        } else {
            match c {
                b'(' | b'[' | b'{' => Tok::Open(c),
                b')' | b']' | b'}' => Tok::Close,
                b',' => Tok::Comma,
                b':' => Tok::Colon,
                _ => Tok::Other,
            }
        };
        i = match tok {
            Tok::Literal { end, .. } | Tok::Word { end } => end,
            _ => i + 1,
        };
        Some((start, tok))
    })
}

/// A quoted literal in RON text and the field it is the value of.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Literal<'a> {
    /// Byte offsets of its opening quote (or `r`) and just past its closing one.
    pub start: usize,
    pub end: usize,
    /// `"…"` rather than `'…'`.
    pub string: bool,
    /// The field it is given for (`name` in `name: "x"` and in
    /// `leader: Some("x")`), or none inside a list or map.
    pub key: Option<&'a str>,
}

/// Every quoted literal in `text`, in order.
pub fn literals(text: &str) -> Vec<Literal<'_>> {
    let mut found = Vec::new();
    // The last tokens before each literal: `key : Some (`.
    let mut recent: Vec<(usize, Tok)> = Vec::new();
    for (at, tok) in tokens(text, 0) {
        if let Tok::Literal { end, string } = tok {
            let mut back = recent.iter().rev();
            // `Some(` between the key and the literal is passed over.
            let mut ahead = back.clone();
            if let (Some((_, Tok::Open(b'('))), Some((w, Tok::Word { end: we }))) =
                (ahead.next(), ahead.next())
                && &text[*w..*we] == "Some"
            {
                back = ahead;
            }
            let key = match (back.next(), back.next()) {
                (Some((_, Tok::Colon)), Some((w, Tok::Word { end }))) => Some(&text[*w..*end]),
                _ => None,
            };
            found.push(Literal {
                start: at,
                end,
                string,
                key,
            });
        }
        recent.push((at, tok));
        if recent.len() > 4 {
            recent.remove(0);
        }
    }
    found
}

/// Byte offsets where each entry of the list (or group) opening at `open`
/// starts; empty when no bracket opens there.
pub fn list_items(text: &str, open: usize) -> Vec<usize> {
    let mut items = Vec::new();
    let mut depth = 0usize;
    let mut expect_item = false;
    for (at, tok) in tokens(text, open) {
        if depth == 0 && !matches!(tok, Tok::Open(_)) {
            break;
        }
        if depth == 1 && expect_item && tok != Tok::Close {
            items.push(at);
        }
        expect_item = false;
        match tok {
            Tok::Open(_) => {
                depth += 1;
                expect_item = depth == 1;
            }
            Tok::Close => {
                depth -= 1;
                if depth == 0 {
                    break;
                }
            }
            Tok::Comma => expect_item = depth == 1,
            _ => {}
        }
    }
    items
}

/// Byte offset just past the block comment opening at `open` (its `/*`):
/// RON lets block comments nest, so `/* /* */ */` is one comment. An
/// unclosed comment runs to the end.
pub fn block_comment_end(text: &str, open: usize) -> usize {
    let b = text.as_bytes();
    let mut depth = 0usize;
    let mut i = open;
    while i + 1 < b.len() {
        match (b[i], b[i + 1]) {
            (b'/', b'*') => {
                depth += 1;
                i += 2;
            }
            (b'*', b'/') => {
                depth -= 1;
                i += 2;
                if depth == 0 {
                    return i;
                }
            }
            _ => i += 1,
        }
    }
    b.len()
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
            // The loop's step takes it past the comment's last byte.
            b'/' if b.get(i + 1) == Some(&b'*') => i = block_comment_end(text, i) - 1,
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
        // RON's block comments nest: a quote inside one opens no string.
        assert_eq!(too_deep("/* /* */ \" */ [[[[", 3), Some(17));
        assert_eq!(too_deep("[[([])]]", 3), Some(3));
        // Brackets in strings, raw strings, characters and comments do not count.
        let quiet = "( \"[[[\\\"[\" r#\"(\"((\"# '(' '\\'' // ((((\n /* [[[ */ )";
        assert_eq!(too_deep(quiet, 1), None);
        assert_eq!(too_deep(&format!("{quiet}(("), 1), Some(quiet.len() + 1));
    }

    #[test]
    fn finds_keys_with_their_positions() {
        let text = "(\n  figures: [\n    (name: \"Arlos\", at: (1, 2)),\n    (name: \"Bailor\", at: (3, 4)),\n  ],\n)";
        let bailor = text.find("(name: \"Bailor").unwrap();
        let at = find_key(text, "at", bailor, text.len()).unwrap();
        assert_eq!(crate::text::Place::of(text, at).to_string(), "4:22");
        assert!(find_key(text, "colath", 0, text.len()).is_none());
        // `format` must not match inside `information:`
        assert!(find_key("information: 1", "format", 0, 14).is_none());
    }

    #[test]
    fn literals_know_their_keys_and_lists_their_items() {
        let text = "( // \"no\"\n name: \"A\\\"b\", leader: Some(r#\"L\"#),\n rows: [\"..\", \"#.\"], legend: {'x': Open},\n)";
        let found: Vec<(&str, Option<&str>)> = literals(text)
            .iter()
            .map(|l| (&text[l.start..l.end], l.key))
            .collect();
        assert_eq!(
            found,
            [
                ("\"A\\\"b\"", Some("name")),
                ("r#\"L\"#", Some("leader")),
                ("\"..\"", None),
                ("\"#.\"", None),
                ("'x'", None),
            ]
        );
        let rows = text.find('[').unwrap();
        let items: Vec<&str> = list_items(text, rows)
            .iter()
            .map(|&i| &text[i..i + 4])
            .collect();
        assert_eq!(items, ["\"..\"", "\"#.\""]);
        assert_eq!(list_items("[ ]", 0), Vec::<usize>::new());
        assert_eq!(list_items("[(a: 1), B(2),]", 0), [1, 9]);
    }
}
