//! Scenario files: reading, and checking what they mean. The only module that
//! does file IO for battles; everything it hands on is already valid.

mod head;
pub mod locate;
pub mod placed;
pub mod plain;

pub use head::{MapSpec, SideColour};
pub use locate::{block_comment_end, list_items};

use std::fmt;
use std::io::Read;
use std::path::{Path, PathBuf};

use thiserror::Error;

use crate::limits;
use crate::text::{self, Place};

/// One thing wrong with a scenario, where it is and how to fix it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// Where in the file, when known.
    pub at: Option<Place>,
    pub message: String,
    pub hint: Option<String>,
}

/// Every problem found in one scenario file.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub struct ScenarioError {
    pub file: PathBuf,
    pub problems: Vec<Problem>,
}

impl fmt::Display for ScenarioError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.problems.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            // A problem is a line and its hint another, whatever a file's
            // words quoted in them hold (issue 44).
            let file = self.file.display().to_string();
            let (file, message) = (text::one_line(&file), text::one_line(&p.message));
            match p.at {
                Some(at) => write!(f, "{file}:{at}: {message}")?,
                None => write!(f, "{file}: {message}")?,
            }
            if let Some(hint) = &p.hint {
                write!(f, "\n  hint: {}", text::one_line(hint))?;
            }
        }
        Ok(())
    }
}

/// Read a battle's text file (a scenario, an orders script): a file that is
/// missing is one problem; one that is not UTF-8 is placed at its first bad
/// byte, with a hint naming the format's page.
pub fn read_text(path: &Path, what: &str, format_page: &str) -> Result<String, ScenarioError> {
    // At most one byte past the limit is read: a larger file, or an endless
    // one such as a device, is refused before it fills memory.
    let limit = limits::SCENARIO_BYTES;
    let fail = |at, message, hint: String| ScenarioError {
        file: path.to_path_buf(),
        problems: vec![Problem {
            at,
            message,
            hint: Some(hint),
        }],
    };
    if let Some(what_it_is) = not_a_file(path) {
        return Err(fail(
            None,
            format!("cannot read the file: {what_it_is}"),
            format!("give the path of {what}, a text file"),
        ));
    }
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(limit + 1).read_to_end(&mut bytes))
        .map_err(|e| {
            fail(
                None,
                format!("cannot read the file: {}", io_words(&e)),
                "check the path".into(),
            )
        })?;
    if bytes.len() as u64 > limit {
        return Err(fail(
            None,
            format!("the file is larger than {limit} bytes, the most {what} may be"),
            format!("split it up or cut it down; the limits are in {format_page}"),
        ));
    }
    match crate::text::decode(&bytes) {
        Ok(text) => Ok(text.to_string()),
        Err(bad) => Err(fail(
            Some(bad.at),
            bad.to_string(),
            format!("{what} is UTF-8 text in RON: save it as UTF-8 (see {format_page})"),
        )),
    }
}

/// An operating system's refusal to read or write a file, in plain words
/// (never its "(os error N)" wording).
pub fn io_words(e: &std::io::Error) -> String {
    use std::io::ErrorKind as K;
    match e.kind() {
        K::NotFound => "there is no such file".into(),
        K::PermissionDenied => "permission denied".into(),
        K::IsADirectory => "it is a directory".into(),
        K::NotADirectory => "a folder on its path is a file".into(),
        K::AlreadyExists => "a file of that name is in the way".into(),
        K::StorageFull | K::QuotaExceeded => "the disk is full".into(),
        K::ReadOnlyFilesystem => "the disk is read-only".into(),
        K::InvalidData => "it is not text".into(),
        kind => format!("the system refused ({kind})"),
    }
}

/// What stands at `path`, in words, when it is there and not a regular file
/// (after symbolic links): a directory, a named pipe (which would block a
/// read until something writes to it), a device or a socket. `None` for a
/// regular file, and for nothing at all (opening it then says why).
pub fn not_a_file(path: &Path) -> Option<&'static str> {
    use std::os::unix::fs::FileTypeExt;
    let kind = std::fs::metadata(path).ok()?.file_type();
    Some(if kind.is_file() {
        return None;
    } else if kind.is_dir() {
        "it is a directory"
    } else if kind.is_fifo() {
        "it is a named pipe, not a file"
    } else if kind.is_char_device() || kind.is_block_device() {
        "it is a device, not a file"
    } else if kind.is_socket() {
        "it is a socket, not a file"
    } else {
        "it is not a regular file"
    })
}

/// What every scenario is refused for before it is read: its size, and
/// brackets nested too deep.
pub fn shell_problem(text: &str) -> Option<Problem> {
    if text.len() as u64 > limits::SCENARIO_BYTES {
        return Some(Problem {
            at: None,
            message: format!(
                "the scenario is larger than {} bytes, the most a scenario may be",
                limits::SCENARIO_BYTES
            ),
            hint: Some("split it up or cut it down; the limits are in docs/SCENARIOS.md".into()),
        });
    }
    nesting(text)
}

/// Only the head of a scenario file: its `ruleset`, every other field
/// passed over. Any file that reads as one is a scenario, of whichever
/// ruleset.
#[derive(serde::Deserialize)]
#[serde(rename = "Scenario")]
pub struct Head {
    ruleset: Word,
}

/// A ruleset's name as a scenario gives it: a bare word (`Shakhan`), read
/// whatever it is; the registry (`crate::rulesets`) says whose it is.
struct Word(String);

impl<'de> serde::Deserialize<'de> for Word {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visit;
        impl serde::de::Visitor<'_> for Visit {
            type Value = Word;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("the name of a ruleset")
            }
            fn visit_str<E: serde::de::Error>(self, name: &str) -> Result<Word, E> {
                Ok(Word(name.to_string()))
            }
        }
        d.deserialize_identifier(Visit)
    }
}

/// The ruleset a scenario's text names, as a word. A file that does not
/// read as RON is judged by the word after its first `ruleset:`, so a file
/// with a slip later on is refused in its own ruleset's words; a file
/// naming none is the default ruleset's to refuse.
pub fn ruleset_of(text: &str) -> Option<String> {
    if shell_problem(text).is_some() {
        return None;
    }
    if let Ok(head) = plain::from_str::<Head>(text) {
        return Some(head.ruleset.0);
    }
    let key = locate::find_key(text, "ruleset", 0, text.len())?;
    let value = text[key + "ruleset".len()..]
        .trim_start()
        .strip_prefix(':')?
        .trim_start();
    let word = value
        .split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .next()?;
    (!word.is_empty()).then(|| word.to_string())
}

/// The problem with `text` given where a scenario belongs when it is an
/// orders file (docs/ORDERS.md): a list of orders, not a `Scenario(…)`.
pub fn orders_instead(file: &Path, text: &str) -> Option<ScenarioError> {
    let at = first_token(text)?;
    (text[at..].starts_with('[')).then(|| ScenarioError {
        file: file.to_path_buf(),
        problems: vec![Problem {
            at: Some(Place::of(text, at)),
            message: "this is an orders file (a list of orders for a battle), not a scenario"
                .into(),
            hint: Some(format!(
                "play it over its scenario: `hexmelee sim SCENARIO --orders {}` (docs/ORDERS.md)",
                file.display()
            )),
        }],
    })
}

/// Where the first token of RON text opens, past blanks, comments and
/// `#![…]` attributes.
fn first_token(text: &str) -> Option<usize> {
    let mut at = 0;
    loop {
        let rest = &text[at..];
        let blank = rest.len() - rest.trim_start().len();
        at += blank;
        let rest = &text[at..];
        if rest.starts_with("//") || rest.starts_with("#!") {
            at += rest.find('\n').map_or(rest.len(), |n| n + 1);
        } else if rest.starts_with("/*") {
            at = locate::block_comment_end(text, at);
        } else {
            return (at < text.len()).then_some(at);
        }
    }
}

/// Problems with the quoted text of a file that parsed: a name (the value
/// of a field in `name_keys`) must pass [`text::name_fault`]; no other text
/// may hold a character a terminal would act on (a `description` may hold
/// line feeds and tabs). Each is placed at the literal's opening quote.
pub fn text_problems(text: &str, name_keys: &[&str]) -> Vec<Problem> {
    let mut problems = Vec::new();
    for lit in locate::literals(text) {
        let source = &text[lit.start..lit.end];
        let value = if lit.string {
            plain::from_str::<String>(source).ok()
        } else {
            plain::from_str::<char>(source).ok().map(String::from)
        };
        let Some(value) = value else { continue };
        // A long value is shown by its start, enough to find it.
        let start: String = value.chars().take(24).collect();
        let more = if start.len() < value.len() { "…" } else { "" };
        let shown = format!("\"{}{more}\"", text::printable(&start));
        let key = lit.key.unwrap_or("text");
        let fault = match lit.key {
            Some(k) if name_keys.contains(&k) => text::name_fault(&value).map(|f| {
                let hint = f.hint().to_string();
                (format!("{key} {shown} {f}"), hint)
            }),
            _ => {
                let allowed = |c: char| key == "description" && (c == '\n' || c == '\t');
                value
                    .chars()
                    .enumerate()
                    .find(|&(_, c)| text::is_unsafe(c) && !allowed(c))
                    .map(|(nth, c)| {
                        (
                            format!(
                                "{key} {shown} holds {} as its character {}",
                                text::describe(c),
                                nth + 1
                            ),
                            "text is printed on terminals: remove the control character".into(),
                        )
                    })
            }
        };
        if let Some((message, hint)) = fault {
            problems.push(Problem {
                at: Some(Place::of(text, lit.start)),
                message,
                hint: Some(hint),
            });
        }
    }
    problems
}

/// The bracket that opens deeper than [`limits::NESTING`], if any: no
/// hexmelee file needs as many, and following them costs stack.
pub fn nesting(text: &str) -> Option<Problem> {
    locate::too_deep(text, limits::NESTING).map(|at| {
        // The same words as RON's own limit, which stands behind this one.
        let (message, hint) = plain::words(&ron::Error::ExceededRecursionLimit, "");
        Problem {
            at: Some(Place::of(text, at)),
            message,
            hint,
        }
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn an_orders_file_is_named_for_what_it_is() {
        let path = std::path::Path::new("o.orders.ron");
        let text = "// orders\n#![enable(implicit_some)]\n/* a list */ [\n  (pulse: 1),\n]";
        let e = super::orders_instead(path, text).expect("an orders file");
        assert_eq!(e.problems[0].at.map(|p| p.line), Some(3));
        assert!(super::orders_instead(path, "Scenario(name: \"x\")").is_none());
        assert!(super::orders_instead(path, "// only a comment").is_none());
    }

    #[test]
    fn the_head_reads_any_ruleset_word() {
        let text = "Scenario(name: \"x\", ruleset: Anything, map: (width: 3), figures: [(a: 1)])";
        assert!(super::plain::from_str::<super::Head>(text).is_ok());
        assert_eq!(super::ruleset_of(text).as_deref(), Some("Anything"));
    }
}
