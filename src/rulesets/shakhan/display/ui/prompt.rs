//! The question the battle is waiting on, where the eye is: movement (with
//! the path preview's cost and the engine's verdict), priority, divine
//! intervention, shields, defending in mid-action, an AI side's turn, the end.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};

use super::{ROW_MARK, figure_span, fmt_ap, framed, note_line, note_words, scrolled};
use crate::hex::Step;
use crate::rulesets::shakhan::display::app::App;
use crate::rulesets::shakhan::display::keys::Mode;
use crate::rulesets::shakhan::engine::{Command, Prompt};

pub fn draw(frame: &mut Frame, area: Rect, app: &App) {
    let b = app.battle();
    let prompt = b.prompt();
    let side_name = |s: crate::seam::SideId| b.sides()[s.0].name.clone();
    let mut lines: Vec<Line> = Vec::new();
    // Movement: the path preview and its verdict stay at the foot, the
    // figures' rows scroll to the selected one's.
    let mut pinned: Vec<Line> = Vec::new();
    let mut focus = None;
    let title = match &prompt {
        Prompt::Finished { winner } => {
            lines.push(Line::from(match winner {
                // Side names take no verb that agrees: "Raiders won".
                Some(w) => format!(
                    "{} won after {}.",
                    side_name(*w),
                    crate::words::count(b.round() as usize, "round", "rounds")
                ),
                None => "Nobody is left standing.".into(),
            }));
            lines.push(Line::from("l reads the log; q quits."));
            " Battle over ".to_string()
        }
        _ if app.base_mode() == Mode::AiTurn => {
            let side = app.owner(&prompt).map_or("?".into(), side_name);
            lines.push(Line::from(format!("{side} is played by the AI.")));
            lines.push(Line::from(if app.auto {
                "Pace auto: it answers by itself (P: step)."
            } else {
                "Space: let it answer · P: auto pace · A: play it yourself"
            }));
            format!(" {side} (AI) to answer ")
        }
        _ if app.base_mode() == Mode::SeatWait => {
            // Only who is asked: what they choose is theirs until it is played.
            let side = app.owner(&prompt).map_or("?".into(), side_name);
            lines.push(Line::from(format!(
                "waiting for {side}… (their seat answers on its device)"
            )));
            lines.push(Line::from("Enter: answer it here instead · K: the seats"));
            format!(" {} seat to answer ", crate::words::possessive(&side))
        }
        Prompt::MovementPriority { side } => {
            lines.push(Line::from(format!(
                "Initiative to {}: move first (f) or second (s)?",
                side_name(*side)
            )));
            " Movement priority (16.14.3) ".into()
        }
        Prompt::DivineIntervention => {
            lines.push(Line::from("Does anyone call on the gods this round?"));
            lines.push(Line::from("n: no · d: record a call"));
            " Divine intervention (16.14.3.1) ".into()
        }
        Prompt::RaiseShield { defender, attacker } => {
            lines.push(Line::from(vec![
                figure_span(app, *attacker),
                Span::raw(" strikes at "),
                figure_span(app, *defender),
                Span::raw("."),
            ]));
            lines.push(Line::from("Raise the shield? y / n"));
            " Shield (16.15.4) ".into()
        }
        Prompt::DodgeBlow { defender, attacker } => {
            lines.push(Line::from(vec![
                figure_span(app, *attacker),
                Span::raw(" strikes at "),
                figure_span(app, *defender),
                Span::raw("."),
            ]));
            lines.push(Line::from(
                "Dodge if it strikes (1 AP, Adjusted Agility check)? y / n",
            ));
            " Dodge a blow (16.9.4) ".into()
        }
        Prompt::MidAction { defender, attacker } => {
            lines.push(Line::from(vec![
                figure_span(app, *attacker),
                Span::raw(" attacks "),
                figure_span(app, *defender),
                Span::raw(", who is busy with an action."),
            ]));
            lines.push(Line::from(
                "d: defend (the action is spoiled) · i: ignore and carry on",
            ));
            " Defend in mid-action? (16.9.4.1) ".into()
        }
        Prompt::Movement { side, pulse } => {
            focus = movement_lines(app, &mut lines, &mut pinned);
            format!(" Movement: {}, pulse {pulse} ", side_name(*side))
        }
        Prompt::FigureMovement { figure, pulse } => {
            focus = movement_lines(app, &mut lines, &mut pinned);
            format!(
                " Movement: {} alone, pulse {pulse} (16.9.10) ",
                b.figure(*figure).name
            )
        }
        Prompt::Dodge { defender, attacker } => {
            lines.push(Line::from(vec![
                figure_span(app, *attacker),
                Span::raw(" tramples "),
                figure_span(app, *defender),
                Span::raw("."),
            ]));
            lines.push(Line::from(
                "k: Dodge at half DMod, keep the cards · f: full DMod, lose the next card",
            ));
            " Dodge the trample (16.11) ".into()
        }
        Prompt::Pairings => {
            if let Command::Pairings { pairs } = crate::rulesets::shakhan::ai::answer(b, &prompt) {
                for p in &pairs {
                    lines.push(Line::from(vec![
                        figure_span(app, p.attacker),
                        Span::raw(" attacks "),
                        figure_span(app, p.defender),
                    ]));
                }
            }
            lines.push(Line::from("Space: accept these pairings"));
            " Quick Melee pairings (16.12) ".into()
        }
        Prompt::Orders { .. } => " Orders ".into(),
    };
    // A refusal stays pinned in sight; a word of what happened (such as the
    // standing answers given) follows the question, never pushing its
    // choices below the panel's foot.
    let focus = focus.map_or(0..lines.len(), |i| i..i + 1);
    // At the hand-over the popup says the note; behind it, beside its
    // right border, it would show in fragments.
    match &app.note {
        _ if matches!(prompt, Prompt::Orders { .. }) => {}
        Some(n) if !n.error => lines.push(note_words(n)),
        _ => pinned.extend(note_line(app)),
    }
    scrolled(frame, area, framed(&title, true), lines, focus, pinned);
}

/// The side's figures, a row each, into `lines`; the path preview and its
/// verdict into `pinned`. The selected figure's row, if any.
fn movement_lines<'a>(
    app: &'a App,
    lines: &mut Vec<Line<'a>>,
    pinned: &mut Vec<Line<'a>>,
) -> Option<usize> {
    let b = app.battle();
    let d = app.moves.as_ref()?;
    let mut focus = None;
    for f in b
        .figures()
        .iter()
        .filter(|f| f.side == d.side().0 && f.condition.can_act())
    {
        let selected = app.map.selected == Some(f.id);
        if selected {
            focus = Some(lines.len());
        }
        let entered = match d.of(f.id) {
            Some(m) => {
                let walked = m
                    .steps
                    .iter()
                    .filter(|s| !matches!(s, Step::Pivot { .. }))
                    .count();
                format!(
                    "move: {}, {}",
                    crate::words::count(walked, "hex", "hexes"),
                    crate::words::count(m.steps.len(), "step", "steps")
                )
            }
            None => "stands".into(),
        };
        lines.push(Line::from(vec![
            Span::raw(if selected { ROW_MARK } else { " " }),
            figure_span(app, f.id),
            Span::raw(format!(
                " pulse {} of {} AP · {entered}",
                fmt_ap(f.round.pulse_left),
                fmt_ap(f.round.ap_left)
            )),
        ]));
    }
    if let Some(p) = &d.preview {
        let to = p.end;
        let prone = b.figure(p.figure).condition.is_prone();
        // No path at all (a held or unreachable hex): the verdict says why.
        if !p.hexes.is_empty() {
            let mut text = format!(
                "path to ({}, {}) facing {}: {} AP",
                to.hex.col,
                to.hex.row,
                to.facing,
                fmt_ap(p.cost)
            );
            if p.steps.is_empty() {
                text = "standing up where it lies".into();
            } else if prone {
                text.push_str(" + standing up");
            }
            pinned.push(Line::from(text));
        }
        pinned.push(match &p.verdict {
            Ok(()) => Line::from(Span::styled(
                "allowed: Enter takes it",
                Style::new().fg(Color::Green),
            )),
            Err(why) => Line::from(Span::styled(
                format!("refused: {why}"),
                Style::new().fg(Color::Red).add_modifier(Modifier::BOLD),
            )),
        });
    } else {
        pinned.push(Line::from(
            "move the cursor to choose a path; [ ] for facing",
        ));
    }
    focus
}
