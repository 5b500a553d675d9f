//! Sealed orders (16.14.1): the hand-over screen between sides, and the
//! order panel of the side at the keyboard — cards with their meaning,
//! targets, aims, shield stance and the strike odds.

use ratatui::Frame;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph, Wrap};

use super::{ROW_MARK, centred, fmt_ap, framed, note_line, scrolled, side_style};
use crate::rulesets::shakhan::display::app::App;
use crate::rulesets::shakhan::display::app::{Budget, activity_word, ap_with, budget};
use crate::rulesets::shakhan::engine::{DodgeStance, Event, MoveStance, Prompt, ShieldStance};
use crate::rulesets::shakhan::rules::Card;
use crate::seam::SideId;

/// Between sides: nothing of either side's orders shows.
pub fn handover(frame: &mut Frame, body: Rect, app: &App) {
    let b = app.battle();
    let Prompt::Orders { side } = b.prompt() else {
        return;
    };
    let name = b.sides()[side.0].name.as_str();
    // "Raiders' turn", "Blue's turn".
    let whose = crate::words::possessive(name);
    let style = side_style(&app.theme, b, side.0).add_modifier(Modifier::BOLD);
    let sealed: Vec<&str> = super::status::this_round(b)
        .iter()
        .filter_map(|e| match e {
            Event::OrdersSealed { side, .. } => Some(b.sides()[side.0].name.as_str()),
            _ => None,
        })
        .collect();
    let mut lines = vec![Line::from("")];
    if let Some((round, said)) = app.round_summary() {
        // The round just played, for the Referee to read out.
        lines.push(Line::from(Span::styled(
            format!("Round {round}, as it went"),
            Style::new().add_modifier(Modifier::BOLD),
        )));
        lines.extend(
            said.iter()
                .flat_map(|l| crate::tui::widgets::wrap(l, 62))
                .map(Line::from),
        );
        lines.push(Line::from("(l: the whole log)"));
        lines.push(Line::from(""));
    }
    let at = lines.len();
    lines.extend([
        Line::from(vec![
            Span::raw("Sealed orders: "),
            Span::styled(whose.clone(), style),
            Span::raw(" turn"),
        ]),
        Line::from(""),
        Line::from(vec![
            Span::raw("Hand the keyboard to "),
            Span::styled(whose.clone(), style),
            Span::raw(" player; everyone else looks away."),
        ]),
    ]);
    if !sealed.is_empty() {
        lines.push(Line::from(format!(
            "Already sealed, face down: {}.",
            sealed.join(", ")
        )));
    }
    lines.push(Line::from(""));
    if let Some(seats) = &app.seats {
        // Player seats: who has sealed, never what.
        let words: Vec<Span> = b
            .sides()
            .iter()
            .enumerate()
            .flat_map(|(i, s)| {
                let sep = if i == 0 { "Seats: " } else { " · " };
                [
                    Span::raw(sep),
                    Span::styled(s.name.as_str(), side_style(&app.theme, b, i)),
                    Span::raw(format!(" {}", super::seats::seat_word(app, SideId(i)))),
                ]
            })
            .collect();
        lines.push(Line::from(words));
        if seats.seated(side) {
            // Nobody hands the keyboard over: the player has their own seat.
            lines[at + 2] = Line::from(vec![
                Span::styled(whose.clone(), style),
                Span::raw(" player seals on their own device; the table waits."),
            ]);
            lines.push(Line::from(format!(
                "Enter: the laptop writes {whose} orders this round instead · K: links"
            )));
        } else {
            lines.push(Line::from(
                "Enter: write my orders · A: the AI writes them · K: links",
            ));
        }
        if let Some(n) = note_line(app) {
            lines.push(n);
        }
        hand_over_box(frame, body, lines, 4);
        return;
    }
    lines.push(Line::from("Enter: write my orders · A: the AI writes them"));
    if let Some(n) = note_line(app) {
        lines.push(n);
    }
    lines.push(
        Line::from(
            "Secret at one screen: turn the laptop or look away; * in the orders \
             hides the cards (■). Player seats, each on their own device: play --seats.",
        )
        .style(Style::new().add_modifier(Modifier::DIM)),
    );
    hand_over_box(frame, body, lines, 5);
}

/// The hand-over's centred box of `lines`, with `spare` rows for its frame
/// and the wrapping of its longest line.
fn hand_over_box(frame: &mut Frame, body: Rect, lines: Vec<Line>, spare: u16) {
    let area = centred(body, 66, lines.len() as u16 + spare);
    frame.render_widget(Clear, area);
    frame.render_widget(
        Paragraph::new(lines)
            .alignment(Alignment::Center)
            .wrap(Wrap { trim: true })
            .block(framed(" Hand-over ", true)),
        area,
    );
}

/// The order panel of the side at the keyboard: a row a figure, scrolled
/// to keep the selected figure's in sight, the strike odds and the note
/// always at the foot.
pub fn draw(frame: &mut Frame, area: Rect, app: &App) {
    let b = app.battle();
    let Some(d) = &app.orders else { return };
    let hide = app.hide_cards;
    let mut lines = Vec::new();
    let mut focus = 0..0;
    let mut warnings = Vec::new();
    for o in &d.orders {
        let f = b.figure(o.figure);
        let selected = app.map.selected == Some(o.figure);
        if selected {
            focus = lines.len()..lines.len() + 1;
        }
        let mut spans = vec![
            Span::raw(if selected { ROW_MARK } else { " " }),
            Span::styled(
                format!("{:<9}", f.name.chars().take(9).collect::<String>()),
                side_style(&app.theme, b, f.side),
            ),
            Span::raw(format!(" {}/{} ", o.cards.len(), b.tca(o.figure))),
        ];
        if o.cards.is_empty() {
            spans.push(Span::styled(
                "(G)",
                Style::new().add_modifier(Modifier::DIM),
            ));
        }
        let bu = budget(b, o);
        warnings.extend(bu.warnings.iter().cloned());
        if hide {
            spans.push(Span::raw(
                format!("{} ", crate::rulesets::shakhan::display::marks::HIDDEN_CARD)
                    .repeat(o.cards.len()),
            ));
            lines.push(Line::from(spans));
            continue;
        }
        for c in &o.cards {
            let mut text = format!("[{}", c.card);
            if let Some(t) = c.target {
                text.push('>');
                text.push_str(app.map.labels.get(t));
            } else if c.missile.is_none()
                && matches!(c.card, Card::A | Card::B | Card::C)
                && let Some(t) = b.nearest_enemy(o.figure)
            {
                // 16.9.2: the enemy the reveal will give it, said before sealing.
                text.push('>');
                text.push_str(app.map.labels.get(t));
                text.push_str(" (nearest)");
            }
            if let Some(a) = c.aim {
                text.push('@');
                text.push_str(a.key());
            }
            if let Some(bi) = c.brawl {
                text.push(' ');
                text.push_str(bi.form.name());
                if bi.is_lethal() {
                    text.push_str(" lethal");
                }
            }
            if let Some(m) = c.missile {
                let name = f
                    .factors
                    .missile_weapons
                    .get(m.weapon)
                    .map_or("?", |w| w.name.as_str());
                text.push_str(&format!(" shoot {name}"));
                if m.hold {
                    text.push_str(" hold");
                }
                if m.warn {
                    text.push_str(" warn");
                }
            }
            if let Some(a) = c.action {
                text.push_str(" + ");
                text.push_str(&activity_word(a));
            }
            if c.combine {
                text.push_str(" while moving");
            }
            if c.speaks {
                text.push_str(" talks");
            }
            text.push(']');
            spans.push(Span::styled(
                text,
                Style::new().add_modifier(Modifier::BOLD),
            ));
        }
        if o.shield != ShieldStance::Raise && f.character.shield.is_some() {
            spans.push(Span::raw(match o.shield {
                ShieldStance::Lower => " shield held low",
                _ => " shield: ask",
            }));
        }
        if o.dodge != DodgeStance::Never {
            spans.push(Span::raw(match o.dodge {
                DodgeStance::Always => " always dodges",
                _ => " dodge: ask",
            }));
        }
        match o.moves {
            MoveStance::WithCard => {}
            MoveStance::Stand => spans.push(Span::raw(" stands")),
            MoveStance::Ask => spans.push(Span::raw(" moves: asked")),
        }
        spans.push(budget_span(&bu));
        lines.push(Line::from(spans));
    }
    // 16.9.4: what each card would make the selected figure's round.
    let selected = app.map.selected.and_then(|id| d.of(id));
    let card_ap = |c: Card| match selected {
        Some(o) if !hide => format!(" {}", fmt_ap(ap_with(b, o, c))),
        _ => String::new(),
    };
    lines.push(
        Line::from(
            Card::ALL
                .iter()
                .map(|c| {
                    format!(
                        "{} {}{}",
                        c.letter().to_ascii_lowercase(),
                        short(*c),
                        card_ap(*c)
                    )
                })
                .collect::<Vec<_>>()
                .join(" "),
        )
        .style(Style::new().add_modifier(Modifier::DIM)),
    );
    if let Some(o) = app.map.selected.and_then(|id| d.of(id)) {
        // 16.9.7: how the figure's moves will be answered, said before sealing.
        let how = match o.moves {
            MoveStance::WithCard => "moves with its card",
            MoveStance::Stand => "stands all round",
            MoveStance::Ask => "is asked its moves each pulse",
        };
        lines.push(
            Line::from(format!("{} {how} (M)", b.figure(o.figure).name))
                .style(Style::new().add_modifier(Modifier::DIM)),
        );
    }
    if hide && !warnings.is_empty() {
        lines.push(Line::from(format!(
            "⚠ {} hidden with the cards (* shows them)",
            crate::words::counted(warnings.len(), "warning")
        )));
    } else {
        // Said before sealing; the engine still takes what it allows.
        let warn = Style::new().fg(ratatui::style::Color::Yellow);
        lines.extend(
            warnings
                .into_iter()
                .map(|w| Line::styled(format!("⚠ {w}"), warn)),
        );
    }
    if b.options().communication_limits {
        // 16.9.5: what the table may say while these orders are written.
        lines.push(
            Line::from("16.9.5: one sentence each; three (I) only for a figure playing G alone")
                .style(Style::new().add_modifier(Modifier::DIM)),
        );
    }
    let mut pinned = Vec::new();
    if let Some(o) = d.odds.as_ref().filter(|_| !hide) {
        pinned.push(Line::from(format!(
            "{} on {} (if {}): {} → strike {:.0}%, pierce {:.0}%, crit {:.0}%",
            o.card,
            app.map.labels.get(o.defender),
            o.defence_card,
            o.threshold
                .map_or("no strike".into(), |t| format!("need ≤{t}")),
            o.p_strike * 100.0,
            o.p_penetrate * 100.0,
            o.p_critical * 100.0
        )));
    }
    pinned.extend(note_line(app));
    let title = format!(" Orders: {} (sealed) ", b.sides()[d.side.0].name);
    scrolled(frame, area, framed(&title, true), lines, focus, pinned);
}

/// Shakhàn 16.9.4, 16.9.8: the round's AP these cards give, the pulse allowance as the fraction it comes from, what
/// the cards plan to spend and what is left.
fn budget_span(bu: &Budget) -> Span<'static> {
    let mut text = format!(
        " {} AP, {}/pulse ({}÷{})",
        fmt_ap(bu.ap),
        fmt_ap(bu.pulse_ap),
        fmt_ap(bu.full),
        bu.pulses,
    );
    if bu.planned > 0.0 {
        text.push_str(&format!(
            ", −{} = {} left",
            fmt_ap(bu.planned),
            fmt_ap(bu.left())
        ));
    }
    let style = if bu.left() < -1e-9 {
        Style::new().fg(ratatui::style::Color::Yellow)
    } else {
        Style::new().add_modifier(Modifier::DIM)
    };
    Span::styled(text, style)
}

/// A card's meaning in a word or two (16.9.1).
pub fn short(card: Card) -> &'static str {
    match card {
        Card::A => "berserk",
        Card::B => "aggressive",
        Card::C => "cautious",
        Card::D => "parry",
        Card::E => "retreat",
        Card::F => "rout",
        Card::G => "other",
    }
}
