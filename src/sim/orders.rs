//! The orders files' shell (`sim --orders`, docs/ORDERS.md): what every
//! ruleset's scripted orders share — their errors, shaped and printed as a
//! scenario's, and how a file's top-level entries are found and placed.
//! Each ruleset reads its own entries (`src/rulesets/<r>/script.rs`).

use crate::limits;
use crate::scenario::block_comment_end;
use crate::text::Place;

/// Every problem found in one orders file: the same shape as a scenario's,
/// printed the same way (file:line:col, message, hint).
pub type ScriptError = crate::scenario::ScenarioError;

/// The problem, and how to fix it, when `name` is given orders for more
/// `turns` ("rounds", "Pulses") than an orders file scripts for one figure.
pub fn too_many_orders(name: &str, turns: &str) -> (String, Option<String>) {
    let most = limits::ORDERS_PER_FIGURE;
    (
        format!("{name} is given orders for more than {most} {turns}"),
        Some(format!(
            "an orders file scripts at most {most} {turns} for one figure; leave the rest to the AI"
        )),
    )
}

/// An orders file's entries, each with the byte where it opens, once the
/// text passes the shell's checks (a file's own kind of text, RON syntax,
/// the entries' shape); otherwise the problem, placed.
pub fn entries<T: serde::de::DeserializeOwned>(
    file: &std::path::Path,
    text: &str,
    page: &str,
) -> Result<Vec<(T, usize)>, ScriptError> {
    let fail = |problem| ScriptError {
        file: file.to_path_buf(),
        problems: vec![problem],
    };
    if let Some(problem) = crate::scenario::shell_problem(text) {
        return Err(fail(problem));
    }
    let list: Vec<T> = crate::scenario::plain::from_str(text)
        .map_err(|e| fail(crate::scenario::plain::problem(text, &e, page)))?;
    let starts = entry_starts(text);
    Ok(list
        .into_iter()
        .enumerate()
        .map(|(i, e)| (e, starts.get(i).copied().unwrap_or(0)))
        .collect())
}

/// What an orders entry's problem is: the field it is about, what, and how
/// to fix it.
pub type Wrong = (&'static str, String, String);

/// The figures an orders file names, and the rounds each is scripted for:
/// the checks every entry of a round-by-round file passes first.
pub struct Rounds<'a> {
    names: Vec<&'a str>,
    seen: std::collections::BTreeMap<usize, std::collections::BTreeSet<u32>>,
}

impl<'a> Rounds<'a> {
    pub fn new(names: impl IntoIterator<Item = &'a str>) -> Rounds<'a> {
        Rounds {
            names: names.into_iter().collect(),
            seen: Default::default(),
        }
    }

    /// The figure named `name`, told apart as scenarios tell names apart.
    pub fn figure(&self, name: &str) -> Result<usize, Wrong> {
        let key = crate::text::name_key(name);
        (self
            .names
            .iter()
            .position(|n| crate::text::name_key(n) == key))
        .ok_or_else(|| {
            (
                "figure",
                format!("no figure is named {}", crate::words::quoted([name])),
                format!(
                    "name one of {}",
                    crate::words::quoted(self.names.iter().copied())
                ),
            )
        })
    }

    /// The entry's figure, once its round is one (rounds count from 1) and
    /// the figure is scripted for no more than the file's limit of rounds.
    pub fn entry(&mut self, name: &str, round: u32) -> Result<usize, Wrong> {
        let f = self.figure(name)?;
        if round == 0 {
            return Err((
                "round",
                "rounds count from 1".into(),
                "give the round the order is for".into(),
            ));
        }
        let played = self.seen.entry(f).or_default();
        played.insert(round);
        if played.len() > limits::ORDERS_PER_FIGURE {
            let (message, hint) = too_many_orders(name, "rounds");
            return Err(("figure", message, hint.unwrap_or_default()));
        }
        Ok(f)
    }
}

/// An entry refused when its turn came, placed like the file's own
/// refusals: the orders file, the entry's line and column, the clock
/// ("round 2"), what was refused ("Brand's scripted order") and the
/// engine's reason, with a hint.
pub fn refused_in_play(
    file: &std::path::Path,
    at: Place,
    clock: &str,
    what: &str,
    why: &str,
) -> String {
    format!(
        "{}:{}:{}: {clock}: {what} was refused in play: {why}\n  hint: it passes the file's checks but not the battle as it stands then; change the entry, or leave it to the AI",
        crate::text::one_line(&file.display().to_string()),
        at.line,
        at.col,
    )
}

/// Byte offsets where each entry of the top-level list opens, skipping
/// strings, comments and `#![...]` attributes.
pub fn entry_starts(text: &str) -> Vec<usize> {
    let b = text.as_bytes();
    let mut starts = Vec::new();
    let mut depth = 0usize;
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'/' if b.get(i + 1) == Some(&b'/') => {
                i = text[i..].find('\n').map_or(b.len(), |n| i + n);
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                i = block_comment_end(text, i) - 1;
            }
            b'#' if depth == 0 => {
                i = text[i..].find('\n').map_or(b.len(), |n| i + n);
            }
            b'"' => {
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
            }
            open @ (b'[' | b'(' | b'{') => {
                if depth == 1 && open == b'(' {
                    starts.push(i);
                }
                depth += 1;
            }
            b']' | b')' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
        i += 1;
    }
    starts
}

/// Byte offset of `what` at or after `from` (or `from` when absent).
pub fn find_after(text: &str, what: &str, from: usize) -> usize {
    text.get(from..)
        .and_then(|rest| rest.find(what))
        .map_or(from, |i| from + i)
}
