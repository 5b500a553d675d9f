//! The phases of a Melee Round (16.14.3) in a row, the current one lit,
//! those passed dimmed.

use crate::rulesets::shakhan::display::marks::{
    ATTACK, MOVE, OPENING, RECORD, now_style, past_style,
};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use super::status::first_mover;
use crate::rulesets::shakhan::display::app::App;
use crate::rulesets::shakhan::engine::{Battle, Phase};

/// The position of the current phase: an opening step, a pulse's slot
/// (0 attack, 1 first side moves, 2 attack, 3 second side moves), or the
/// record keeping at the end.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Slot {
    Opening(usize),
    Pulse(u8, u8),
    End,
}

fn slot(b: &Battle) -> Slot {
    match b.phase() {
        Phase::RoundStart | Phase::Communication => Slot::Opening(0),
        Phase::MovementPriority => Slot::Opening(2),
        Phase::DivineIntervention => Slot::Opening(3),
        Phase::MissileArrival => Slot::Opening(4),
        Phase::Spell => Slot::Opening(5),
        Phase::MissileWeapon => Slot::Opening(6),
        Phase::SpecialManeuver => Slot::Opening(7),
        Phase::Attack { pulse, second } => Slot::Pulse(pulse, if second { 2 } else { 0 }),
        Phase::Action { pulse, side } => {
            let first = first_mover(b).or(b.initiative()) == Some(side);
            Slot::Pulse(pulse, if first { 1 } else { 3 })
        }
        // 16.9.10: every figure's own Action Phase falls in the first slot.
        Phase::FigureAction { pulse, .. } => Slot::Pulse(pulse, 1),
        // 16.12: a quick round has no pulses; its pairings and attacks come
        // after the opening phases.
        Phase::Pairing | Phase::QuickMelee => Slot::Pulse(1, 0),
        Phase::RecordKeeping | Phase::Finished => Slot::End,
    }
}

pub fn draw(frame: &mut Frame, area: Rect, app: &App) {
    let b = app.battle();
    let now = slot(b);
    let style = |s: Slot| {
        if s == now {
            now_style()
        } else if s < now {
            past_style()
        } else {
            Style::new()
        }
    };
    let mut spans = Vec::new();
    for (i, (name, _)) in OPENING.iter().enumerate() {
        spans.push(Span::styled(*name, style(Slot::Opening(i))));
        spans.push(Span::raw(" "));
    }
    let pulses = if b.is_free_round() { 2 } else { 5 };
    for p in 1..=pulses {
        spans.push(Span::raw(format!("│{p} ")));
        for (k, glyph) in [ATTACK, MOVE, ATTACK, MOVE].into_iter().enumerate() {
            spans.push(Span::styled(glyph, style(Slot::Pulse(p, k as u8))));
        }
        spans.push(Span::raw(" "));
    }
    spans.push(Span::raw("│"));
    spans.push(Span::styled(RECORD, style(Slot::End)));
    frame.render_widget(Paragraph::new(Line::from(spans)), area);
}
