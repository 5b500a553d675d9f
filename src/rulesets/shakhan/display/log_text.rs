//! The log's text: every event explained in plain words (`Battle::describe`)
//! in a view, filtered by figure and wrapped. Pure, so the display's state
//! (`app.rs`, to page it) and its drawing (`ui/log.rs`) both read it without
//! importing each other.

use crate::rulesets::shakhan::engine::{Battle, Entry, EntryKind, Event};
use crate::seam::{FigureId, View};
use crate::tui::widgets::wrap;

/// The figures an event is about (for the filter).
pub fn involves(event: &Event, id: FigureId) -> bool {
    match event {
        Event::Upkeep { figure, .. }
        | Event::CardsLost { figure, .. }
        | Event::Moved { figure, .. }
        | Event::MoveStopped { figure }
        | Event::ActionBegun { figure, .. }
        | Event::ActionWorked { figure, .. }
        | Event::ActionDone { figure, .. }
        | Event::ActionSpoiled { figure }
        | Event::ActionAbandoned { figure }
        | Event::FatigueSpent { figure, .. }
        | Event::WoundsTended { figure }
        | Event::CombinedActions { figure, .. }
        | Event::MoraleChecked { figure, .. } => *figure == id,
        Event::Strike(s) => s.attacker == id || s.defender == id,
        Event::OrdersSealed { orders, .. } => orders.iter().any(|o| o.figure == id),
        Event::OrdersRevealed { orders, .. } => orders.iter().any(|o| o.figure == id),
        // Round markers keep their place in a filtered log.
        Event::RoundBegan { .. } | Event::AfterBattleRound { .. } => true,
        _ => false,
    }
}

/// The log's lines in `view`, filtered, each wrapped to `width`.
pub fn lines(b: &Battle, view: View, filter: Option<FigureId>, width: usize) -> Vec<String> {
    b.log(view)
        .into_iter()
        .filter(|e| shown(b, e, filter))
        .flat_map(|e| wrap(&e.text, width))
        .collect()
}

/// Whether a log entry passes the figure filter: round headings always,
/// pulse headers and quiet runs only unfiltered.
fn shown(b: &Battle, entry: &Entry, filter: Option<FigureId>) -> bool {
    match (entry.kind, filter) {
        (_, None) | (EntryKind::Round, _) => true,
        (EntryKind::Pulse | EntryKind::Quiet, Some(_)) => false,
        (EntryKind::Line, Some(id)) => involves(&b.events()[entry.event], id),
    }
}

/// The latest `want` wrapped lines (or all there are), oldest first. Only
/// the last rounds needed are described, so a long battle draws as fast as
/// a short one.
pub fn tail(
    b: &Battle,
    view: View,
    filter: Option<FigureId>,
    width: usize,
    want: usize,
) -> Vec<String> {
    let events = b.events();
    let mut newest_first: Vec<String> = Vec::new();
    let mut end = events.len();
    while end > 0 && newest_first.len() < want {
        // The round this chunk of the log is in: its lines stand alone.
        let start = events[..end]
            .iter()
            .rposition(|e| matches!(e, Event::RoundBegan { .. }))
            .unwrap_or(0);
        for entry in b.log_range(view, start..end).iter().rev() {
            if shown(b, entry, filter) {
                newest_first.extend(wrap(&entry.text, width).into_iter().rev());
            }
        }
        end = start;
    }
    newest_first.reverse();
    newest_first
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tail_is_the_end_of_the_whole_log() {
        let checked = crate::rulesets::shakhan::scenario::default_scenario().unwrap();
        let mut b = Battle::new(&checked, 5).unwrap();
        crate::sim::play(&mut b, 3, crate::rulesets::shakhan::ai::answer).unwrap();
        for filter in [None, Some(FigureId(1))] {
            let all = lines(&b, View::Referee, filter, 60);
            for want in [1, 7, 40, usize::MAX / 2] {
                let tail = tail(&b, View::Referee, filter, 60, want);
                assert!(tail.len() >= want.min(all.len()));
                assert!(all.ends_with(&tail), "want {want}");
            }
        }
    }

    #[test]
    fn wrap_keeps_every_word_within_width() {
        let text =
            "Aulos (C) on Berrin (C): CD +0 → 20, +0 for Berrin's card C = 20; rolled 97 — miss";
        let lines = wrap(text, 30);
        assert!(lines.iter().all(|l| l.chars().count() <= 30), "{lines:?}");
        let words: Vec<&str> = lines.iter().flat_map(|l| l.split_whitespace()).collect();
        assert_eq!(words, text.split_whitespace().collect::<Vec<_>>());
    }
}
