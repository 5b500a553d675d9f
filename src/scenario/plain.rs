//! The RON parser's refusals in hexmelee's own words: what is wrong, where,
//! and what to do, with the limit where one applies. No library's wording
//! reaches a user (`tests/refusals.rs` holds a deny list).

use serde::de::DeserializeOwned;

use super::Problem;
use crate::limits;
use crate::text::Place;

/// How every hexmelee file is read. [`super::nesting`] has already refused
/// what is deeper than [`limits::NESTING`]; RON counts several steps of
/// recursion for one bracket, so its own limit only stands behind that, for
/// the stack.
pub fn options() -> ron::Options {
    ron::Options::default().with_recursion_limit(4 * limits::NESTING)
}

/// Read `text` as RON with [`options`].
pub fn from_str<T: DeserializeOwned>(text: &str) -> Result<T, ron::error::SpannedError> {
    options().from_str(text)
}

/// A parse error as a placed problem; `page` is the format's documentation.
pub fn problem(text: &str, e: &ron::error::SpannedError, page: &str) -> Problem {
    let at = Place::at_line_col(text, e.span.start.line, e.span.start.col);
    let (message, hint) = words(&e.code, literal(text, at.byte));
    Problem {
        at: Some(at),
        message,
        hint: Some(hint.unwrap_or_else(|| format!("see {page} for the format"))),
    }
}

/// The number or word the parser stopped at (with its sign), for messages
/// about it.
fn literal(text: &str, at: usize) -> &str {
    let at = if text[..at].ends_with(['-', '+']) {
        at - 1
    } else {
        at
    };
    let rest = &text[at..];
    let end = rest
        .find(|c: char| !(c.is_alphanumeric() || "_.+-".contains(c)))
        .unwrap_or(rest.len());
    // At most 40 characters, cut at a character's boundary.
    let end = rest[..end].char_indices().nth(40).map_or(end, |(i, _)| i);
    &rest[..end]
}

/// The message and, where it helps more than the format's page, a hint.
pub fn words(code: &ron::Error, literal: &str) -> (String, Option<String>) {
    use ron::Error as E;
    let plain = |m: &str| (m.to_string(), None);
    let with = |m: String, h: &str| (m, Some(h.to_string()));
    match code {
        E::Eof => with(
            "the file ends before every bracket is closed".into(),
            "the file may have been cut off: check that each `(`, `[` and `{` has its closing partner",
        ),
        E::ExceededRecursionLimit => with(
            format!(
                "brackets and parentheses nest deeper than {}",
                limits::NESTING
            ),
            "no hexmelee file nests that deep: this file is damaged or was not written for hexmelee",
        ),
        E::ExpectedArray => plain("a list `[ … ]` should open here"),
        E::ExpectedArrayEnd => {
            plain("a list is not closed here: a `]`, or a comma between entries, is missing")
        }
        E::ExpectedAttribute | E::ExpectedAttributeEnd | E::NoSuchExtension(_) => {
            plain("this `#![enable(…)]` line is not one hexmelee reads")
        }
        E::ExpectedBoolean => plain("`true` or `false` belongs here"),
        E::ExpectedComma => plain("a comma is missing between two entries"),
        E::ExpectedChar => plain("one character in single quotes, like 'x', belongs here"),
        E::ExpectedByteLiteral | E::ExpectedByteString => {
            plain("byte strings have no place in a hexmelee file")
        }
        E::ExpectedFloat => plain("a number, like 1.5, belongs here"),
        E::FloatUnderscore | E::UnderscoreAtBeginning => {
            plain("a number here holds an `_` where none may be")
        }
        E::ExpectedInteger => plain("a whole number belongs here"),
        E::ExpectedOption => plain("`Some(…)` or `None` belongs here"),
        E::ExpectedOptionEnd | E::ExpectedStructLikeEnd => {
            plain("a `)` is missing here (or a comma between two fields)")
        }
        E::ExpectedMap => plain("a map `{ … }` should open here"),
        E::ExpectedMapColon => plain("a `:` is missing between a key and its value"),
        E::ExpectedMapEnd => {
            plain("a map is not closed here: a `}`, or a comma between entries, is missing")
        }
        E::ExpectedDifferentStructName { expected, found } => plain(&format!(
            "this is a `{found}(…)` where a `{expected}(…)` belongs"
        )),
        E::ExpectedStructLike | E::ExpectedNamedStructLike(_) => {
            plain("a `(` opening a group of fields belongs here")
        }
        E::ExpectedStructName(name) => plain(&format!("the name `{name}` belongs before this `(`")),
        E::ExpectedUnit => plain("`()` belongs here"),
        E::ExpectedString => plain("text in double quotes belongs here"),
        E::ExpectedStringEnd => plain("the text in quotes is not closed"),
        E::ExpectedIdentifier | E::ExpectedRawValue => plain("a field or a choice belongs here"),
        E::InvalidIdentifier(_) | E::SuggestRawIdentifier(_) => {
            plain("this is not a field or choice hexmelee knows")
        }
        E::InvalidEscape(_) => with(
            "a backslash in this text starts no escape hexmelee reads".into(),
            "write \\\\ for a backslash, \\\" for a quote, \\n for a new line",
        ),
        E::IntegerOutOfBounds => with(
            format!("{literal} is out of range for this field"),
            "whole numbers are at most 2^64−1 (and 0 or more where a count is meant); each field's range is in the format's page",
        ),
        E::InvalidIntegerDigit { .. } => with(
            format!("{literal} is not a whole number"),
            "this field takes digits only (no decimal point or exponent), a number between 0 and 2^64−1 or the field's own range",
        ),
        E::Utf8Error(_) => plain("the text is not UTF-8"),
        E::UnclosedBlockComment => plain("a `/*` comment is never closed"),
        E::UnexpectedChar(c) => plain(&format!(
            "{} does not belong here",
            if crate::text::is_unsafe(*c) || c.is_whitespace() {
                crate::text::describe(*c)
            } else {
                format!("`{c}`")
            }
        )),
        E::TrailingCharacters => with(
            "there is more after the end of the file's value".into(),
            "the whole file is one value: remove what follows its last closing bracket",
        ),
        E::InvalidValueForType { expected, found } => plain(&format!(
            "this is {}, where {} belongs",
            found_words(found),
            expected_words(expected)
        )),
        E::ExpectedDifferentLength { expected, found } => plain(&format!(
            "{found} {} where {} belong",
            if *found == 1 { "entry" } else { "entries" },
            expected_words(expected)
        )),
        E::NoSuchEnumVariant {
            expected,
            found,
            outer,
        } => with(
            match outer {
                Some(o) => format!("`{found}` is not one of the {o} choices"),
                None => format!("`{found}` is not one of the choices here"),
            },
            &choices(expected),
        ),
        E::NoSuchStructField {
            expected,
            found,
            outer,
        } => with(
            match outer {
                Some(o) => format!("there is no field `{found}` in {o}"),
                None => format!("there is no field `{found}` here"),
            },
            &format!("the fields here are {}", expected.join(", ")),
        ),
        E::MissingStructField { field, .. } => with(
            format!("`{field}` is missing"),
            &format!("add `{field}: …` to this group of fields"),
        ),
        E::DuplicateStructField { field, .. } => {
            with(format!("`{field}` is given twice"), "keep one of them")
        }
        E::ExpectedRangeSyntax => plain("a range `a..b` belongs here"),
        // Our own types' refusals (hexes, dice, tables) are already in our words.
        E::Message(m) => plain(m),
        _ => plain("the file does not read as RON here"),
    }
}

fn choices(expected: &[&str]) -> String {
    if expected.is_empty() {
        "there are no choices here".into()
    } else {
        format!("choose one of {}", expected.join(", "))
    }
}

/// serde's name for what a field holds, in words.
fn expected_words(expected: &str) -> String {
    let whole = |lo: String, hi: String| format!("a whole number from {lo} to {hi}");
    match expected {
        "u8" => whole("0".into(), u8::MAX.to_string()),
        "u16" => whole("0".into(), u16::MAX.to_string()),
        "u32" => whole("0".into(), u32::MAX.to_string()),
        "u64" | "usize" => whole("0".into(), "2^64−1".into()),
        "i8" => whole(i8::MIN.to_string(), i8::MAX.to_string()),
        "i16" => whole(i16::MIN.to_string(), i16::MAX.to_string()),
        "i32" => whole(i32::MIN.to_string(), i32::MAX.to_string()),
        "i64" | "isize" => whole("−2^63".into(), "2^63−1".into()),
        "f32" | "f64" => "a number".into(),
        "a boolean" => "`true` or `false`".into(),
        "a string" | "a borrowed string" => "text in double quotes".into(),
        "a character" => "one character in single quotes".into(),
        "a sequence" => "a list `[ … ]`".into(),
        "option" => "`Some(…)` or `None`".into(),
        "unit" => "`()`".into(),
        e => match e.split_once(' ') {
            Some(("struct", name)) | Some(("tuple struct", name)) => format!("a `{name}(…)`"),
            Some(("enum", name)) => format!("one of the {name} choices"),
            _ => e.to_string(),
        },
    }
}

/// serde's description of what was found, in words.
fn found_words(found: &str) -> String {
    let (kind, value) = found.split_once(' ').unwrap_or((found, ""));
    let value = value.trim_matches('`');
    match kind {
        "integer" | "floating" => format!("the number {}", value.trim_start_matches("point `")),
        "string" => format!("the text {value}"),
        "boolean" => format!("`{value}`"),
        "char" => format!("the character {value}"),
        "sequence" => "a list".into(),
        "map" => "a map".into(),
        "unit" => "`()`".into(),
        "Option" => "an option".into(),
        _ => "something else".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Enough of a scenario's head to be refused in its words.
    #[derive(Debug, serde::Deserialize)]
    #[allow(dead_code)]
    struct Scenario {
        name: String,
        seed: u64,
    }

    #[test]
    fn a_long_run_of_accented_letters_is_cut_at_a_character() {
        // A byte cut at 40 would fall inside an `é` and panic.
        let text = format!("Scenario(name: \"x\", seed: 1x{})", "é".repeat(40));
        let p = message(&text);
        assert!(p.at.is_some());
        assert_eq!(literal(&text, 26).chars().count(), 40);
    }

    fn message(text: &str) -> Problem {
        let e = from_str::<Scenario>(text).unwrap_err();
        problem(text, &e, "docs/SCENARIOS.md")
    }

    #[test]
    fn a_nesting_bomb_names_the_limit_not_a_cut() {
        let bomb = format!("(name: {}", "[".repeat(10_000));
        let e = from_str::<serde::de::IgnoredAny>(&bomb).unwrap_err();
        let p = problem(&bomb, &e, "docs/SAVES.md");
        assert!(p.message.contains("deeper than 64"), "{p:?}");
        assert!(!p.message.contains("cut"));
    }
}
