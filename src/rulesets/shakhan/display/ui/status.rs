//! The header: scenario, round, pulse and phase, who has Initiative and who
//! moves first, the view and the pace.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use super::side_style;
use crate::rulesets::shakhan::display::app::App;
use crate::rulesets::shakhan::engine::{Battle, Event, Phase};
use crate::seam::{SideId, View};

pub fn header(frame: &mut Frame, area: Rect, app: &App) {
    let b = app.battle();
    let sep = || Span::raw(" │ ");
    let mut spans = Vec::new();
    spans.extend(crate::tui::widgets::autosave_warning(
        app.autosave.trouble(),
    ));
    if area.width >= 100 {
        spans.push(Span::styled(
            "hexmelee",
            Style::new().add_modifier(Modifier::BOLD),
        ));
        spans.push(sep());
    }
    spans.extend([
        Span::raw(round_text(b)),
        Span::raw(" · "),
        Span::styled(phase_text(b), Style::new().add_modifier(Modifier::BOLD)),
    ]);
    if let Some(s) = b.initiative() {
        spans.push(sep());
        spans.push(Span::raw("Init. "));
        spans.push(Span::styled(
            b.sides()[s.0].name.as_str(),
            side_style(&app.theme, b, s.0),
        ));
        if let Some(first) = first_mover(b) {
            spans.push(Span::raw(", first "));
            spans.push(Span::styled(
                b.sides()[first.0].name.as_str(),
                side_style(&app.theme, b, first.0),
            ));
        }
    }
    spans.push(sep());
    let view = match app.shown_view() {
        View::Table => Span::styled(" TABLE ", Style::new().add_modifier(Modifier::REVERSED)),
        View::Referee => Span::styled(
            " REFEREE ",
            Style::new()
                .add_modifier(Modifier::REVERSED | Modifier::BOLD)
                .fg(ratatui::style::Color::Yellow),
        ),
    };
    spans.push(view);
    spans.push(Span::raw(if app.auto { " auto" } else { " step" }));
    let ai: Vec<&str> = b
        .sides()
        .iter()
        .zip(&app.ai)
        .filter(|(_, ai)| **ai)
        .map(|(s, _)| s.name.as_str())
        .collect();
    if !ai.is_empty() {
        spans.push(Span::raw(format!(" · AI: {}", ai.join(", "))));
    }
    frame.render_widget(Paragraph::new(Line::from(spans)), area);
}

fn round_text(b: &Battle) -> String {
    if b.is_free_round() {
        format!("Free round before round {}", b.round() + 1)
    } else if b.round() == 0 {
        "Before round 1".into()
    } else {
        format!("Round {}", b.round())
    }
}

/// The phase in words.
pub fn phase_text(b: &Battle) -> String {
    let side = |s: SideId| b.sides()[s.0].name.clone();
    match b.phase() {
        Phase::RoundStart => "round start".into(),
        Phase::Communication => "sealed orders".into(),
        Phase::MovementPriority => "movement priority".into(),
        Phase::DivineIntervention => "divine intervention".into(),
        Phase::MissileArrival => "missiles arrive".into(),
        Phase::Spell => "spells".into(),
        Phase::MissileWeapon => "missile fire".into(),
        Phase::SpecialManeuver => "special manoeuvres".into(),
        Phase::Attack { pulse, .. } => format!("pulse {pulse} · attack"),
        Phase::Action { pulse, side: s } => format!("pulse {pulse} · {} moves", side(s)),
        Phase::FigureAction { pulse, rank } => format!("pulse {pulse} · priority {rank} moves"),
        Phase::Pairing => "quick melee pairings".into(),
        Phase::QuickMelee => "quick melee attacks".into(),
        Phase::RecordKeeping => "record keeping".into(),
        Phase::Finished => "battle over".into(),
    }
}

/// The events of the current round (since its `RoundBegan`).
pub fn this_round(b: &Battle) -> &[Event] {
    let events = b.events();
    let start = events
        .iter()
        .rposition(|e| matches!(e, Event::RoundBegan { .. }))
        .unwrap_or(0);
    &events[start..]
}

/// The side that moves first this round, once Movement Priority is chosen.
pub fn first_mover(b: &Battle) -> Option<SideId> {
    this_round(b).iter().rev().find_map(|e| match e {
        Event::MovementPriorityChosen { side, move_first } => Some(if *move_first {
            *side
        } else {
            SideId(1 - side.0)
        }),
        _ => None,
    })
}
