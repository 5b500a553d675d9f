//! A log panel's place: lines back from the latest, kept within what there
//! is to show, so that a page moves by the panel's own rows (pages meet
//! exactly, none lost) and ↓ answers at once after `Home`.

use std::ops::Range;

/// The columns and rows of text inside a bordered panel `area`.
pub fn inner(area: ratatui::layout::Rect) -> (usize, usize) {
    (
        usize::from(area.width.saturating_sub(2)),
        usize::from(area.height.saturating_sub(2)),
    )
}

/// How far a panel of `rows` rows over `total` lines is scrolled back from
/// the latest line; 0 follows the latest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Pager {
    back: usize,
}

/// A move of the pager.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Move {
    /// Lines: negative goes back (older), positive towards the latest.
    Lines(isize),
    /// Pages of the panel's rows, the same signs.
    Pages(isize),
    /// The first line.
    Top,
    /// The latest line.
    Latest,
}

impl Pager {
    /// Lines back from the latest (0: at the latest).
    pub fn back(self) -> usize {
        self.back
    }

    /// Follow the latest line again.
    pub fn latest(&mut self) {
        self.back = 0;
    }

    /// The furthest back a panel of `rows` can be over `total` lines.
    fn most(total: usize, rows: usize) -> usize {
        total.saturating_sub(rows)
    }

    /// Move within `total` lines shown `rows` at a time.
    pub fn apply(&mut self, m: Move, total: usize, rows: usize) {
        let most = Pager::most(total, rows);
        let here = self.back.min(most);
        let by = |n: isize| {
            if n < 0 {
                here.saturating_add(n.unsigned_abs())
            } else {
                here.saturating_sub(n.unsigned_abs())
            }
        };
        self.back = match m {
            Move::Lines(n) => by(n),
            Move::Pages(n) => by(n.saturating_mul(isize::try_from(rows.max(1)).unwrap_or(1))),
            Move::Top => most,
            Move::Latest => 0,
        }
        .min(most);
    }

    /// The lines shown, as indices into the whole `total`, oldest first.
    pub fn window(self, total: usize, rows: usize) -> Range<usize> {
        let end = total - self.back.min(Pager::most(total, rows));
        end.saturating_sub(rows)..end
    }

    /// "lines 11–19 of 120" when not every line fits, else nothing: where
    /// the page stands, for the panel's title.
    pub fn place(self, total: usize, rows: usize) -> Option<String> {
        let w = self.window(total, rows);
        (total > rows).then(|| format!("lines {}–{} of {total}", w.start + 1, w.end))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Paging from the top by pages shows every line exactly once, at any
    /// panel height, and the last page ends at the latest line.
    #[test]
    fn pages_meet_exactly_at_every_size() {
        for total in [0, 1, 9, 10, 11, 57, 100] {
            for rows in 1..=12 {
                let mut p = Pager::default();
                p.apply(Move::Top, total, rows);
                let mut seen = vec![0u32; total];
                let mut last = p.window(total, rows);
                for n in &mut seen[last.clone()] {
                    *n += 1;
                }
                loop {
                    p.apply(Move::Pages(1), total, rows);
                    let w = p.window(total, rows);
                    if w == last {
                        break;
                    }
                    assert_eq!(
                        w.start.max(last.end),
                        last.end,
                        "no line skipped ({total}, {rows})"
                    );
                    for n in &mut seen[w.start.max(last.end)..w.end] {
                        *n += 1;
                    }
                    last = w;
                }
                assert!(seen.iter().all(|&n| n == 1), "{total} {rows}: {seen:?}");
                assert_eq!(p.back(), 0, "the last page is the latest");
            }
        }
    }

    #[test]
    fn down_answers_at_once_after_top() {
        let mut p = Pager::default();
        p.apply(Move::Top, 50, 9);
        assert_eq!(p.window(50, 9), 0..9);
        p.apply(Move::Lines(1), 50, 9);
        assert_eq!(p.window(50, 9), 1..10);
        p.apply(Move::Pages(1), 50, 9);
        assert_eq!(p.window(50, 9), 10..19);
        p.apply(Move::Pages(-1), 50, 9);
        assert_eq!(p.window(50, 9), 1..10);
        assert_eq!(p.place(50, 9).as_deref(), Some("lines 2–10 of 50"));
        assert_eq!(p.place(5, 9), None);
    }
}
