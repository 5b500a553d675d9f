//! Problems placed in a scenario's text: the report every ruleset's checks
//! write into (each with line:col and a hint), and the checks of the parts
//! every scenario shares (its map).

use super::locate::{find_key, list_items};
use super::{MapSpec, Problem};
use crate::hex::{HexMap, Legend, MapError};
use crate::limits;
use crate::text::Place;

pub struct Report<'a> {
    pub text: &'a str,
    pub problems: Vec<Problem>,
    /// Byte spans of the entries of `figures: [...]`, by index, and the
    /// figure being checked.
    pub figures: Vec<(usize, usize)>,
    pub figure: usize,
}

impl<'a> Report<'a> {
    /// A report on scenario `text` of `figures` figures, or the one problem
    /// that there are more than a battle takes (checking each of thousands
    /// would only bury it).
    pub fn on(text: &'a str, figures: usize) -> Result<Report<'a>, Vec<Problem>> {
        let mut r = Report {
            text,
            problems: Vec::new(),
            figures: entry_spans(text, "figures"),
            figure: 0,
        };
        if figures > limits::FIGURES {
            r.at(
                find_key(text, "figures", 0, text.len()),
                format!(
                    "the scenario has {figures} figures; at most {} may fight in one battle",
                    limits::FIGURES
                ),
                "split the battle up, or leave out figures that cannot reach the fight",
            );
            return Err(r.problems);
        }
        Ok(r)
    }
}

/// Byte spans of the entries of the list given for `key` (each to the next
/// entry's start), found by position so any name, however escaped, is found.
pub fn entry_spans(text: &str, key: &str) -> Vec<(usize, usize)> {
    let Some(open) =
        find_key(text, key, 0, text.len()).and_then(|k| text[k..].find('[').map(|i| k + i))
    else {
        return Vec::new();
    };
    let starts = list_items(text, open);
    let ends = starts.iter().skip(1).copied().chain([text.len()]);
    starts.iter().copied().zip(ends).collect()
}

impl Report<'_> {
    pub fn at(&mut self, offset: Option<usize>, message: String, hint: &str) {
        self.problems.push(Problem {
            at: offset.map(|o| Place::of(self.text, o)),
            message,
            hint: (!hint.is_empty()).then(|| hint.to_string()),
        });
    }

    /// Offset of `key:` inside the entry of the figure being checked (or
    /// the entry itself).
    pub fn in_figure(&self, key: &str) -> Option<usize> {
        let &(start, end) = self.figures.get(self.figure)?;
        Some(find_key(self.text, key, start, end).unwrap_or(start))
    }
}

pub fn check_map(spec: &MapSpec, r: &mut Report) -> Option<HexMap> {
    let key = find_key(r.text, "map", 0, r.text.len());
    let built = if spec.rows.is_empty() {
        HexMap::open(spec.width, spec.height)
    } else {
        HexMap::from_rows(&spec.rows, &Legend::with_overrides(&spec.legend))
    };
    let map = match built {
        Ok(map) => map.with_scale(spec.scale),
        Err(e) => {
            let at = map_error_offset(r.text, &e).or(key);
            r.at(at, format!("map: {e}"), "");
            return None;
        }
    };
    if (map.width(), map.height()) != (spec.width, spec.height) {
        r.at(
            find_key(r.text, "rows", 0, r.text.len()).or(key),
            format!(
                "map: the rows paint {}x{} hexes but width and height say {}x{}",
                map.width(),
                map.height(),
                spec.width,
                spec.height
            ),
            "make width the length of each row and height the number of rows",
        );
        return None;
    }
    Some(map)
}

/// Where in the file a painted-map error points: the character itself, found
/// as the `row`-th string literal after `rows:` (rows hold no escaped quotes).
fn map_error_offset(text: &str, e: &MapError) -> Option<usize> {
    let (row, col) = match e {
        MapError::Ragged { row, col, .. }
        | MapError::UnknownChar { row, col, .. }
        | MapError::InvalidCover { row, col, .. } => (*row, *col),
        _ => return None,
    };
    let mut at = find_key(text, "rows", 0, text.len())?;
    for _ in 1..row {
        at += text[at..].find('"')? + 1;
        at += text[at..].find('"')? + 1;
    }
    let opening = at + text[at..].find('"')? + 1;
    let in_row = text[opening..]
        .char_indices()
        .nth(col.saturating_sub(1))
        .map_or(0, |(i, _)| i);
    Some(opening + in_row)
}
