//! Every figure at a glance: its cards for the round (face down until
//! revealed), Action Points and pulse allowance as bars, and its condition —
//! exact in the referee view, as the table sees it otherwise (16.10).

use crate::rulesets::shakhan::display::marks::{AWAITED, HIDDEN_CARD, SEALED};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use super::status::this_round;
use super::{bar, fmt_ap, framed, side_style};
use crate::rulesets::shakhan::display::app::{App, budget};
use crate::rulesets::shakhan::engine::{Battle, Event, Figure, FigureOrders, Phase};
use crate::rulesets::shakhan::rules::condition::{Morale, Status};
use crate::seam::{FigureId, View};

/// The figures that fit, around the selected one; the borders count the
/// figures above and below.
pub fn draw(frame: &mut Frame, area: Rect, app: &App) {
    let b = app.battle();
    let width = usize::from(area.width.saturating_sub(2));
    let blocks: Vec<Vec<Line>> = b
        .figures()
        .iter()
        .map(|f| figure_lines(app, f, width))
        .collect();
    let inner = area.height.saturating_sub(2) as usize;
    let per = blocks.first().map_or(1, Vec::len);
    let fit = (inner / per).max(1);
    let sel = app.map.selected.map_or(0, |s| s.0);
    // The selected figure in the upper middle: the next ones of its side
    // (those Tab goes to) show below it.
    let skip = sel
        .saturating_sub((fit - 1) / 2)
        .min(blocks.len().saturating_sub(fit));
    let below = blocks.len().saturating_sub(skip + fit);
    let lines: Vec<Line> = blocks
        .into_iter()
        .skip(skip)
        .take(fit)
        .flatten()
        .map(|l| super::clip(l, width))
        .collect();
    let block = super::with_more(framed(" Figures ", false), skip, below);
    frame.render_widget(Paragraph::new(lines).block(block), area);
}

fn figure_lines<'a>(app: &'a App, f: &'a Figure, width: usize) -> Vec<Line<'a>> {
    let b = app.battle();
    let theme = &app.theme;
    let mut name = side_style(theme, b, f.side);
    if app.map.selected == Some(f.id) {
        name = name.add_modifier(Modifier::REVERSED);
    }
    let label = app.map.labels.get(f.id);
    let mut first = vec![
        Span::styled(format!("{label:<w$}", w = label.chars().count() + 1), name),
        Span::styled(format!("{:<9} ", truncate(&f.name, 9)), name),
    ];
    first.extend(cards(app, f));
    first.push(Span::raw(" "));
    first.push(Span::styled(
        status_words(f),
        Style::new().add_modifier(Modifier::BOLD),
    ));
    let Some(total) = award(b, f.id) else {
        let waiting = Line::from(Span::styled(
            draft_ap(app, f.id).unwrap_or_else(|| "   AP when orders are revealed".into()),
            Style::new().add_modifier(Modifier::DIM),
        ));
        return vec![
            Line::from(first),
            waiting,
            Line::from(condition(app.shown_view(), f)),
        ];
    };
    vec![
        Line::from(first),
        Line::from(ap_line(f, total, width)),
        Line::from(condition(app.shown_view(), f)),
    ]
}

/// AP and pulse allowance left, as bars as wide as `width` leaves room
/// for: the numbers always show, the bars shrink first.
fn ap_line(f: &Figure, total: f64, width: usize) -> String {
    let r = &f.round;
    let ap = format!("{}/{}", fmt_ap(r.ap_left), fmt_ap(total));
    let pulse = format!("{}/{}", fmt_ap(r.pulse_left), fmt_ap(r.pulse_ap));
    [(6, 4), (4, 3), (3, 2), (2, 1)]
        .into_iter()
        .map(|(a, p)| {
            format!(
                "   AP {} {ap}  pulse {} {pulse}",
                bar(r.ap_left, total, a),
                bar(r.pulse_left, r.pulse_ap, p)
            )
        })
        .find(|l| l.chars().count() <= width)
        .unwrap_or_else(|| format!("   AP {ap} pulse {pulse}"))
}

fn truncate(s: &str, n: usize) -> String {
    s.chars().take(n).collect()
}

/// The figure's cards: played (current one lit, lost ones struck out),
/// sealed (face down in the table view), or awaited.
fn cards<'a>(app: &'a App, f: &Figure) -> Vec<Span<'a>> {
    let b = app.battle();
    let labels = &app.map.labels;
    let revealed = !matches!(b.phase(), Phase::Communication | Phase::RoundStart);
    if revealed && !f.round.cards.is_empty() {
        let current = b.current_card(f.id);
        return f
            .round
            .cards
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let mut text = c.card().to_string();
                if let Some(t) = c.order.target {
                    text.push('>');
                    text.push_str(labels.get(t));
                }
                let mut style = Style::new();
                if Some(i) == current {
                    style = style.add_modifier(Modifier::REVERSED);
                }
                if c.lost {
                    style = style.add_modifier(Modifier::CROSSED_OUT | Modifier::DIM);
                }
                Span::styled(format!("{text} "), style)
            })
            .collect();
    }
    if revealed || f.condition.is_out() {
        return vec![];
    }
    // The side at the keyboard sees its own draft; nobody else's shows.
    if let Some(o) = drafted(app, f.id) {
        if o.cards.is_empty() {
            return vec![Span::styled(
                "(G) ",
                Style::new().add_modifier(Modifier::DIM),
            )];
        }
        return o
            .cards
            .iter()
            .map(|c| {
                if app.hide_cards {
                    Span::raw(format!("{HIDDEN_CARD} "))
                } else {
                    Span::styled(
                        format!("{} ", c.card),
                        Style::new().add_modifier(Modifier::BOLD),
                    )
                }
            })
            .collect();
    }
    let sealed = this_round(b).iter().find_map(|e| match e {
        Event::OrdersSealed { side, orders } if side.0 == f.side => Some(orders),
        _ => None,
    });
    match sealed {
        None => vec![Span::styled(
            AWAITED,
            Style::new().add_modifier(Modifier::DIM),
        )],
        Some(orders) => match orders.iter().find(|o| o.figure == f.id) {
            None if app.shown_view() == View::Referee => vec![Span::raw("(G) ")],
            Some(o) if app.shown_view() == View::Referee => o
                .cards
                .iter()
                .map(|c| Span::raw(format!("{} ", c.card)))
                .collect(),
            // Sealed: nothing of what was chosen, not even how many or
            // which figures play G.
            _ => vec![Span::raw(format!("{SEALED} "))],
        },
    }
}

/// The draft orders of a figure of the side entering its orders.
fn drafted(app: &App, id: FigureId) -> Option<&FigureOrders> {
    let side = app.entering_side()?;
    app.orders
        .as_ref()
        .filter(|d| d.side == side)
        .and_then(|d| d.of(id))
}

/// Shakhàn 16.9.4, 16.9.8: the AP the draft's cards would give, for the
/// side entering its orders only.
fn draft_ap(app: &App, id: FigureId) -> Option<String> {
    let o = drafted(app, id)?;
    if app.hide_cards {
        return Some("   AP hidden with the cards (* shows them)".into());
    }
    let bu = budget(app.battle(), o);
    Some(format!(
        "   AP {} if sealed, {}/pulse, {} left",
        fmt_ap(bu.ap),
        fmt_ap(bu.pulse_ap),
        fmt_ap(bu.left())
    ))
}

/// The figure's Action Points for this round, once orders are revealed.
pub fn award(b: &Battle, id: FigureId) -> Option<f64> {
    this_round(b).iter().rev().find_map(|e| match e {
        Event::OrdersRevealed { awards, .. } => {
            awards.iter().find(|a| a.figure == id).map(|a| a.ap)
        }
        _ => None,
    })
}

/// Status, prone and morale in words, as the table sees them.
pub fn status_words(f: &Figure) -> String {
    let c = &f.condition;
    let mut words = vec![match c.status() {
        Status::Dead => "dead",
        Status::Coma => "coma",
        Status::Unconscious => "unconscious",
        Status::Fled => "fled",
        Status::Surrendered => "surrendered",
        Status::Removed => "removed",
        Status::Incapacitated => "incapacitated",
        Status::Fleeing => "fleeing",
        Status::Shaken => "shaken",
        Status::Fighting => "",
    }];
    if c.is_prone() {
        words.push("prone");
    }
    if c.cards_to_lose() > 0 {
        words.push("unbalanced");
    }
    words.retain(|w| !w.is_empty());
    words.join(" ")
}

/// BDR, Fatigue, Pain and Bleeding: numbers for the referee; for the table
/// only what shows (docs/RULINGS.md, "The tactical display").
fn condition(view: View, f: &Figure) -> Vec<Span<'static>> {
    let c = &f.condition;
    let r = c.reserves();
    match view {
        View::Referee => vec![Span::raw(format!(
            "   BDR {}/{} FP {}/{} Pain {}/{} Bl {} {}",
            c.bdr_left(),
            r.bdr,
            fmt_ap(c.fatigue_left()),
            r.fpr,
            fmt_ap(c.pain()),
            r.pain_reserve,
            c.bleeding_per_round(),
            morale_word(c.morale())
        ))],
        View::Table => {
            let hurt = if c.damage() <= 0 {
                "unhurt"
            } else if c.bdr_left() * 2 > r.bdr {
                "wounded"
            } else {
                "badly wounded"
            };
            let tired = if c.is_exhausted() {
                "exhausted"
            } else if c.fatigue_left() * 2.0 < f64::from(r.fpr) {
                "tired"
            } else {
                "fresh"
            };
            let bleeding = match bleeding_words(c.visible_bleeding_per_round()) {
                "" => String::new(),
                w => format!(", {w}"),
            };
            vec![Span::raw(format!("   {hurt}, {tired}{bleeding}"))]
        }
    }
}

/// Shakhàn 16.10, 16.13.4: what the table sees of a figure's bleeding — a
/// symptom, never the Fatigue Points a round (docs/RULINGS.md).
pub fn bleeding_words(per_round: u32) -> &'static str {
    match per_round {
        0 => "",
        1..=3 => "bleeding",
        4..=8 => "bleeding freely",
        _ => "blood gushing",
    }
}

fn morale_word(m: Morale) -> &'static str {
    match m {
        Morale::Steady => "steady",
        Morale::Determined { .. } => "determined",
        Morale::Fanatic => "fanatic",
        Morale::Shaken => "shaken",
        Morale::Routed(_) => "routed",
        Morale::Broken => "broken",
    }
}
