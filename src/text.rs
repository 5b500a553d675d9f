//! Text from files as hexmelee reads and prints it: where a byte sits
//! (`Place`, line:col and offset, the one span every refusal carries), bytes
//! that are not UTF-8, the characters no name may hold, and the escaping that
//! keeps anything read from a file from driving the terminal it is printed
//! on. Depends on nothing, so every layer refuses and prints the same way.

use std::borrow::Cow;
use std::fmt;

use crate::limits;

/// Where in a file something is: 1-based line and column (columns count
/// characters) and the 0-based byte offset.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Place {
    pub line: usize,
    pub col: usize,
    pub byte: usize,
}

impl Place {
    /// The place of byte `at` in `text` (clamped to its end, and back to the
    /// start of the character it falls in).
    pub fn of(text: &str, at: usize) -> Place {
        let mut at = at.min(text.len());
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        let before = &text[..at];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |nl| nl + 1);
        Place {
            line,
            col: before[line_start..].chars().count() + 1,
            byte: at,
        }
    }

    /// The place a parser gave as line and column (characters), with its
    /// byte offset worked out from `text`.
    pub fn at_line_col(text: &str, line: usize, col: usize) -> Place {
        let line_start = if line <= 1 {
            0
        } else {
            text.match_indices('\n')
                .nth(line - 2)
                .map_or(text.len(), |(i, _)| i + 1)
        };
        let rest = &text[line_start..];
        let in_line = rest
            .char_indices()
            .nth(col.saturating_sub(1))
            .map_or(rest.len(), |(i, _)| i);
        Place {
            line: line.max(1),
            col: col.max(1),
            byte: line_start + in_line,
        }
    }
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.col)
    }
}

/// Bytes that are not UTF-8 text: where the first bad byte is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NotUtf8 {
    pub at: Place,
    pub byte: u8,
}

impl fmt::Display for NotUtf8 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "byte 0x{:02X} at byte offset {} is not UTF-8 text",
            self.byte, self.at.byte
        )
    }
}

/// The file's bytes as text, or the place of the first byte that is not
/// UTF-8 (its line and column counted over the good text before it).
pub fn decode(bytes: &[u8]) -> Result<&str, NotUtf8> {
    std::str::from_utf8(bytes)
        // The byte-order mark some editors write first is not part of the
        // text (and RON would refuse it at 1:1).
        .map(|text| text.strip_prefix('\u{feff}').unwrap_or(text))
        .map_err(|e| {
            let good = e.valid_up_to();
            // The prefix is valid by construction.
            let before = std::str::from_utf8(&bytes[..good]).unwrap_or_default();
            NotUtf8 {
                at: Place::of(before, good),
                byte: bytes[good],
            }
        })
}

/// The first NUL byte, the mark of binary data in what should be text.
pub fn first_nul(text: &str) -> Option<Place> {
    text.find('\0').map(|at| Place::of(text, at))
}

/// A character that must not reach a terminal from a file: C0 and C1
/// controls, DEL (so ESC), and the bidirectional overrides, isolates and
/// marks that reorder what a line shows.
pub fn is_unsafe(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{200E}' | '\u{200F}' | '\u{061C}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}'
                | '\u{2028}' | '\u{2029}'
        )
}

/// A character that shows nothing where it stands: the zero-width spaces,
/// joiners and marks, the byte order mark, the soft hyphen and the Hangul
/// fillers. Two names that differ only by these look the same, and a name
/// of only these looks empty (issue 44).
pub fn is_invisible(c: char) -> bool {
    matches!(
        c,
        '\u{00AD}'
            | '\u{034F}'
            | '\u{115F}'
            | '\u{1160}'
            | '\u{17B4}'
            | '\u{17B5}'
            | '\u{180B}'..='\u{180F}'
            | '\u{200B}'..='\u{200D}'
            | '\u{2060}'..='\u{2064}'
            | '\u{206A}'..='\u{206F}'
            | '\u{2800}'
            | '\u{3164}'
            | '\u{FE00}'..='\u{FE0F}'
            | '\u{FEFF}'
            | '\u{FFA0}'
            | '\u{FFF9}'..='\u{FFFB}'
            | '\u{1BCA0}'..='\u{1BCA3}'
            | '\u{E0000}'..='\u{E007F}'
            | '\u{E0100}'..='\u{E01EF}'
    )
}

/// A name as a reader sees it: without the characters that show nothing,
/// so names are told apart as people tell them apart.
pub fn name_key(name: &str) -> String {
    name.chars().filter(|&c| !is_invisible(c)).collect()
}

/// Text from a file kept on one line of a message: line breaks shown as
/// `\n`, `\r` and `\u{2028}`, so a name cannot start a line of its own (a
/// forged `file:1:1:` refusal) nor spill the file into a hint.
pub fn one_line(text: &str) -> Cow<'_, str> {
    let breaks = |c: char| matches!(c, '\n' | '\r' | '\u{85}' | '\u{2028}' | '\u{2029}');
    if !text.contains(breaks) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 4);
    for c in text.chars() {
        match c {
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            c if breaks(c) => out.push_str(&format!("\\u{{{:x}}}", c as u32)),
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// `U+001B (escape)`: a character named so a reader can find it.
pub fn describe(c: char) -> String {
    let what = match c {
        '\0' => "NUL",
        '\t' => "tab",
        '\n' => "line feed",
        '\r' => "carriage return",
        '\u{1b}' => "escape",
        '\u{7f}' => "delete",
        '\u{200E}'..='\u{200F}' | '\u{061C}' => "a direction mark",
        '\u{202A}'..='\u{202E}' => "a bidirectional override",
        '\u{2066}'..='\u{2069}' => "a bidirectional isolate",
        '\u{2028}' => "line separator",
        '\u{2029}' => "paragraph separator",
        c if (c as u32) < 0x20 => "a control character",
        _ => "a C1 control character",
    };
    format!("U+{:04X} ({what})", c as u32)
}

/// What is wrong with a name (of a scenario, side, figure…), if anything.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NameFault {
    Empty,
    TooLong(usize),
    Holds { c: char, nth: usize },
}

impl fmt::Display for NameFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NameFault::Empty => {
                f.write_str("is empty (or only spaces and characters that show nothing)")
            }
            NameFault::TooLong(n) => write!(
                f,
                "is {n} characters long; at most {} fit",
                limits::NAME_CHARS
            ),
            NameFault::Holds { c, nth } => {
                write!(f, "holds {} as its character {nth}", describe(*c))
            }
        }
    }
}

impl NameFault {
    /// How to put it right.
    pub fn hint(&self) -> &'static str {
        match self {
            NameFault::Empty => "give a name with letters in it",
            NameFault::TooLong(_) => "shorten the name; put the rest in the scenario's description",
            NameFault::Holds { .. } => {
                "names are printed on terminals: use letters, digits, spaces and punctuation only"
            }
        }
    }
}

/// Names must say something, fit a panel and hold nothing a terminal would
/// act on.
pub fn name_fault(name: &str) -> Option<NameFault> {
    if let Some((nth, c)) = name.chars().enumerate().find(|(_, c)| is_unsafe(*c)) {
        return Some(NameFault::Holds { c, nth: nth + 1 });
    }
    if name.chars().all(|c| c.is_whitespace() || is_invisible(c)) {
        return Some(NameFault::Empty);
    }
    let n = name.chars().count();
    (n > limits::NAME_CHARS).then_some(NameFault::TooLong(n))
}

/// Text made safe for a terminal: every unsafe character but the line feed
/// shown as a visible `\u{1b}`. Every printer of text that may
/// hold a file's words goes through this, so even a save written before the
/// load checks existed cannot recolour or rewrite the screen.
pub fn printable(text: &str) -> Cow<'_, str> {
    escape_with(text, |c| format!("\\u{{{:x}}}", c as u32))
}

/// The same for JSON text: unsafe characters become `\uXXXX` escapes, which
/// JSON reads back as the same character.
pub fn printable_json(json: &str) -> Cow<'_, str> {
    escape_with(json, |c| {
        let mut units = [0u16; 2];
        c.encode_utf16(&mut units)
            .iter()
            .map(|u| format!("\\u{u:04x}"))
            .collect()
    })
}

fn escape_with(text: &str, escape: impl Fn(char) -> String) -> Cow<'_, str> {
    let keep = |c: char| c == '\n' || !is_unsafe(c);
    if text.chars().all(keep) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if keep(c) {
            out.push(c);
        } else {
            out.push_str(&escape(c));
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_count_lines_and_characters_and_keep_the_byte() {
        let text = "ab\nçd\ne";
        assert_eq!(
            Place::of(text, 6),
            Place {
                line: 2,
                col: 3,
                byte: 6
            }
        );
        assert_eq!(Place::at_line_col(text, 2, 3), Place::of(text, 6));
        assert_eq!(Place::of(text, 0).to_string(), "1:1");
        // Inside a character: its start.
        assert_eq!(Place::of(text, 4).byte, 3);
    }

    #[test]
    fn the_first_bad_byte_is_placed() {
        let bytes = b"(\n  name: \"A\xffB\",\n)";
        let e = decode(bytes).unwrap_err();
        assert_eq!((e.at.line, e.at.col, e.at.byte, e.byte), (2, 11, 12, 0xff));
        assert!(decode(b"fine").is_ok());
    }

    #[test]
    fn names_refuse_blanks_controls_bidi_and_length() {
        assert_eq!(name_fault("\t"), Some(NameFault::Holds { c: '\t', nth: 1 }));
        assert_eq!(name_fault("  "), Some(NameFault::Empty));
        assert_eq!(
            name_fault("Ar\u{1b}[31m"),
            Some(NameFault::Holds {
                c: '\u{1b}',
                nth: 3
            })
        );
        for c in [
            '\u{202E}', '\u{2066}', '\u{200F}', '\u{061C}', '\u{85}', '\u{7f}',
        ] {
            assert!(name_fault(&format!("a{c}")).is_some(), "{c:?}");
        }
        assert_eq!(
            name_fault(&"x".repeat(limits::NAME_CHARS + 1)),
            Some(NameFault::TooLong(limits::NAME_CHARS + 1))
        );
        assert_eq!(name_fault("Brannoc the Tall, 2nd"), None);
        assert!(describe('\u{1b}').starts_with("U+001B"));
    }

    #[test]
    fn printable_text_holds_no_control_but_line_feeds() {
        let shown = printable("a\u{1b}[2Jb\u{202E}c\nd\u{9b}");
        assert_eq!(shown, "a\\u{1b}[2Jb\\u{202e}c\nd\\u{9b}");
        assert!(matches!(printable("plain ç"), Cow::Borrowed(_)));
        let json = printable_json("\"a\u{202E}\"");
        let back: String = serde_json::from_str(&json).unwrap();
        assert_eq!(back, "a\u{202E}");
        assert!(!json.contains('\u{202E}'));
    }

    #[test]
    fn one_line_shows_every_line_break() {
        assert_eq!(one_line("plain"), "plain");
        assert_eq!(
            one_line("a\nevil.ron:1:1: b\rc\u{2028}d"),
            "a\\nevil.ron:1:1: b\\rc\\u{2028}d"
        );
    }

    #[test]
    fn invisible_characters_make_no_name_and_no_difference() {
        assert!(matches!(name_fault("\u{3164}"), Some(NameFault::Empty)));
        assert!(matches!(
            name_fault(" \u{200B}\u{FEFF} "),
            Some(NameFault::Empty)
        ));
        assert_eq!(name_key("Aulos\u{200B}"), name_key("Aulos"));
        assert!(matches!(
            name_fault("B\u{2028}o"),
            Some(NameFault::Holds {
                c: '\u{2028}',
                nth: 2
            })
        ));
        assert_eq!(name_fault("Aulos"), None);
    }
}
