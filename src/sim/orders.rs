//! The orders files' shell (`sim --orders`, docs/ORDERS.md): what every
//! ruleset's scripted orders share — their errors, shaped and printed as a
//! scenario's, and how a file's top-level entries are found and placed.
//! Each ruleset reads its own entries (`src/rulesets/<r>/script.rs`).

use crate::limits;
use crate::scenario::block_comment_end;

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
