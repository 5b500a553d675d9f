//! Drawing the DragonQuest display: `draw(frame, &App)` is pure. The map,
//! layout, frames and log wrapping are the shared display's; the roster,
//! the figure panel with its choices and the log's words are DragonQuest's.
//! The table view shows no Referee's number: no Endurance, Fatigue or
//! characteristic in the panels, and the log in `explain_as`'s table words.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph, Wrap};

use super::app::{App, areas};
use super::keys::{self, BATTLE, Binding};
use super::legend;
use super::overlay::Overlay;
use super::word::{self, Word};
use crate::rulesets::dragonquest::engine::{Battle, Figure, ItemState, Prompt, explain_as};
use crate::rulesets::dragonquest::rules::damage::Standing;
use crate::rulesets::dragonquest::rules::tables::tables;
use crate::seam::{SideId, View};
use crate::tui::map::MapWidget;
use crate::tui::widgets::{
    autosave_warning, centred, clip, fit_box, framed, note_words, quit_confirm, too_small_words,
    with_more, wrap,
};

/// Draw the whole display, no cell holding a character that would drive
/// the terminal (as the Shakhàn display does).
pub fn draw(frame: &mut Frame, app: &App) {
    draw_all(frame, app);
    for cell in &mut frame.buffer_mut().content {
        if cell.symbol().chars().any(crate::text::is_unsafe) {
            cell.set_symbol("?");
        }
    }
}

fn draw_all(frame: &mut Frame, app: &App) {
    let size = frame.area();
    let Some(a) = areas(size, app.battle().figures().len()) else {
        too_small_words(frame, size, app.overlay() == Some(&Overlay::Quit));
        return;
    };
    header(frame, a.header, app);
    frame.render_widget(Paragraph::new(asked(app)), a.timeline);
    frame.render_widget(
        MapWidget {
            battle: &app.table(),
            view: &app.map,
            theme: &app.theme,
        },
        a.map,
    );
    roster(frame, a.figures, app);
    panel(frame, a.panel, app);
    log(frame, a.log, app);
    hints(frame, a.hints, app);
    match app.overlay() {
        Some(Overlay::Help) => help(frame, a.body, app.story.help_row),
        Some(Overlay::Quit) => quit_confirm(frame, a.body),
        Some(Overlay::ViewConfirm) => ask(
            frame,
            a.body,
            " Referee view? ",
            &[
                "The referee view shows every die and number,",
                "each figure's Endurance, Fatigue and characteristics.",
                "Players look away.",
                "",
                "y show it · n stay in the table view",
            ],
        ),
        Some(Overlay::Resume) => ask(
            frame,
            a.body,
            " Resume? ",
            &[
                "An unfinished battle on this scenario was autosaved.",
                "",
                "y resume it · n start a new battle",
            ],
        ),
        Some(Overlay::SaveAs(path)) => {
            let area = centred(a.body, 64, 5);
            frame.render_widget(Clear, area);
            frame.render_widget(
                Paragraph::new(vec![
                    Line::from(format!("{path}▏")),
                    Line::from("Enter saves · Esc cancels"),
                ])
                .block(framed(" Save to ", true)),
                area,
            );
        }
        Some(Overlay::Word(w)) => word_menu(frame, a.panel, app, w),
        Some(Overlay::History) => legend::history(frame, a.body, app),
        Some(Overlay::Legend) => legend::overlay(frame, a.body, app),
        Some(Overlay::Replay) | None => {}
    }
}

/// The Referee's menu over the figure panel (the map stays in sight for
/// the cursor): the figure under the cursor, its rulings numbered, a spell's
/// effects so far, the points being typed.
fn word_menu(frame: &mut Frame, area: Rect, app: &App, w: &Word) {
    let b = app.battle();
    let mut lines = Vec::new();
    if let Some(caster) = w.caster {
        let effects: Vec<String> = w.effects.iter().map(|f| word::fiat_words(b, f)).collect();
        lines.push(Line::from(format!(
            "{}'s spell does: {}",
            b.figure(caster).name,
            if effects.is_empty() {
                "nothing the battle tracks".to_string()
            } else {
                effects.join("; ")
            }
        )));
        lines.push(Line::from("Enter casts it; or add an effect:"));
    }
    match (&w.typing, word::figure_at(b, app.map.cursor)) {
        (Some((figure, ruling, digits)), _) => {
            lines.push(Line::from(word::ruling_words(b, *figure, *ruling)));
            lines.push(Line::from(format!(
                "{}: points {digits}▏",
                b.figure(*figure).name
            )));
            lines.push(Line::from("Enter gives them · Esc back"));
        }
        (None, Some(figure)) => {
            lines.push(Line::from(format!("On {}:", b.figure(figure).name)));
            for (i, r) in word::rulings(b, figure).into_iter().enumerate() {
                lines.push(Line::from(format!(
                    "{} {}",
                    i + 1,
                    word::ruling_words(b, figure, r)
                )));
            }
        }
        (None, None) => lines.push(Line::from("Put the cursor on a figure (arrows, t).")),
    }
    let title = if w.caster.is_some() {
        " A spell "
    } else {
        " The Referee's word "
    };
    frame.render_widget(Clear, area);
    frame.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: true })
            .block(framed(title, true)),
        area,
    );
}

/// The shared layout, its figures box sized for one roster line a figure
/// (Shakhàn's gives three).
fn side_name(b: &Battle, side: SideId) -> &str {
    b.sides().get(side.0).map_or("?", |s| s.name.as_str())
}

fn side_style(app: &App, side: SideId) -> Style {
    app.colour(side).map_or(Style::new(), |c| app.theme.side(c))
}

fn header(frame: &mut Frame, area: Rect, app: &App) {
    if app.replaying() {
        return legend::replay_header(frame, area, app);
    }
    let b = app.battle();
    let view = match app.view {
        View::Table => "table view",
        View::Referee => "referee view",
    };
    let ai: Vec<&str> = (0..b.sides().len())
        .filter(|&s| app.ai[s])
        .map(|s| side_name(b, SideId(s)))
        .collect();
    let ai = if ai.is_empty() {
        String::new()
    } else {
        format!(" · AI plays {}", ai.join(", "))
    };
    let warning = autosave_warning(app.autosave.trouble());
    let line = Line::from_iter(warning.into_iter().chain([
        Span::styled(
            format!(" {} ", app.session().name()),
            Style::new().add_modifier(Modifier::BOLD),
        ),
        Span::raw(format!("· DragonQuest · Pulse {} · {view}{ai}", b.pulse())),
    ]));
    frame.render_widget(Paragraph::new(clip(line, area.width.into())), area);
}

/// Who the battle asks now, in plain words.
pub fn asked(app: &App) -> Line<'_> {
    let b = app.battle();
    let name = |f| b.figure(f).name.as_str();
    let text = match b.prompt() {
        Prompt::LeadChoice { figure } => {
            format!("{} leads the engagement: act now, or last?", name(figure))
        }
        Prompt::EngagedAction { figure } => {
            format!("{} (engaged) chooses an action", name(figure))
        }
        Prompt::SideChoice { side } => format!(
            "Initiative to {}: act first, or after the other side?",
            side_name(b, side)
        ),
        Prompt::SideAction { side, ready } => {
            let who = app.actor.map_or("", |a| name(a));
            format!(
                "{}: figures not engaged act in any order ({} ready) — now {who}",
                side_name(b, side),
                ready.len()
            )
        }
        Prompt::Finished { winner: Some(s) } => {
            format!("The battle is over: {} won", side_name(b, s))
        }
        Prompt::Finished { winner: None } => "The battle is over: nobody won".into(),
    };
    let ai = if app.ai_asked() {
        " (the AI's side)"
    } else {
        ""
    };
    Line::from(vec![
        Span::styled(" Asked: ", Style::new().add_modifier(Modifier::BOLD)),
        Span::raw(format!("{text}{ai}")),
    ])
}

/// A figure's state in a few words the table may hear: every one that
/// holds (a Stunned figure may be prone and entangled too).
fn state_words(f: &Figure) -> String {
    match f.standing {
        Standing::Dead => return "dead".into(),
        Standing::Unconscious => return "unconscious".into(),
        Standing::Conscious if f.routed => return "fled".into(),
        Standing::Conscious if f.restrained_by.is_some() => return "pinned".into(),
        Standing::Conscious => {}
    }
    let held = [
        (f.stunned, "stunned"),
        (f.prone, "prone"),
        (f.entangled > 0, "entangled"),
    ];
    let words: Vec<&str> = held.iter().filter(|(on, _)| *on).map(|(_, w)| *w).collect();
    match (words.is_empty(), f.acted) {
        (false, _) => words.join(", "),
        (true, true) => "acted".into(),
        (true, false) => "ready".into(),
    }
}

/// Every figure: its label, name and state; the Referee's numbers
/// (Endurance and Fatigue left) only in the referee view.
fn roster(frame: &mut Frame, area: Rect, app: &App) {
    let b = app.battle();
    let width = usize::from(area.width.saturating_sub(2));
    let lines: Vec<Line> = b
        .figures()
        .iter()
        .map(|f| {
            let mark = if app.actor == Some(f.id) { "▸" } else { " " };
            let mut spans = vec![
                Span::raw(mark),
                Span::styled(
                    format!("{} {}", app.map.labels.get(f.id), f.name),
                    side_style(app, f.side),
                ),
                Span::raw(format!(" {}", state_words(f))),
            ];
            if app.view == View::Referee {
                spans.push(Span::raw(format!(
                    " · En {}/{} Ft {}/{}",
                    f.endurance, f.endurance_max, f.fatigue, f.fatigue_max
                )));
            }
            clip(Line::from(spans), width)
        })
        .collect();
    frame.render_widget(
        // More figures than rows: scrolled to keep the one asked in sight,
        // the borders counting the rest.
        {
            let rows = usize::from(area.height.saturating_sub(2));
            let at = app.actor.map_or(0, |a| a.0);
            let skip = (at + 1).saturating_sub(rows);
            let below = lines.len().saturating_sub(skip + rows);
            Paragraph::new(lines)
                .scroll((u16::try_from(skip).unwrap_or(u16::MAX), 0))
                .block(with_more(framed(" Figures ", false), skip, below))
        },
        area,
    );
}

/// What a figure holds and wears, as anyone at the table can see it.
fn kit(f: &Figure) -> Vec<String> {
    let t = tables();
    let hands: Vec<&str> = f.hands.iter().map(|&i| f.weapon(i).name.as_str()).collect();
    let mut lines = vec![format!(
        "in hand: {}",
        if hands.is_empty() {
            "nothing".to_string()
        } else {
            hands.join(", ")
        }
    )];
    let others: Vec<&str> = f
        .weapons
        .iter()
        .enumerate()
        .filter(|(i, w)| !f.hands.contains(i) && w.state == ItemState::Carried)
        .map(|(i, _)| f.weapon(i).name.as_str())
        .collect();
    if !others.is_empty() {
        lines.push(format!("carried: {}", others.join(", ")));
    }
    let shield = f.shield_row().map(|s| {
        let ready = f.prepared_shield().is_some();
        format!("{} shield{}", s.name, if ready { "" } else { " (slung)" })
    });
    let armour = f.armour.map(|a| t.armour.armour[a].name.clone());
    let worn: Vec<String> = armour.into_iter().chain(shield).collect();
    if !worn.is_empty() {
        lines.push(worn.join(", "));
    }
    lines
}

/// The figure asked (or the cursor's), then the choices, then the note.
fn panel(frame: &mut Frame, area: Rect, app: &App) {
    let b = app.battle();
    let mut lines: Vec<Line> = Vec::new();
    // The Pulse just played, for the Referee to read out, until the next
    // one's first action; the first lines given up when room is short.
    if let Some((pulse, said)) = super::summary::lines(b, app.view) {
        lines.push(Line::from(Span::styled(
            format!("Pulse {pulse}, as it went"),
            Style::new().add_modifier(Modifier::BOLD),
        )));
        // `clip` keeps a column free at the right.
        let width = usize::from(area.width.saturating_sub(3));
        lines.extend(said.iter().flat_map(|l| wrap(l, width)).map(Line::from));
    }
    let summary = lines.len();
    let shown = app.actor.or_else(|| {
        b.figures()
            .iter()
            .find(|f| f.pose.hex == app.map.cursor)
            .map(|f| f.id)
    });
    if let Some(f) = shown.map(|id| b.figure(id)) {
        lines.push(Line::from(Span::styled(
            f.name.as_str(),
            side_style(app, f.side).add_modifier(Modifier::BOLD),
        )));
        lines.extend(kit(f).into_iter().map(Line::from));
        if app.view == View::Referee {
            lines.push(Line::from(format!(
                "En {}/{} · Ft {}/{}",
                f.endurance, f.endurance_max, f.fatigue, f.fatigue_max,
            )));
            lines.push(Line::from(format!(
                "AG {} · MD {} · IV {} · TMR {}",
                f.modified_ag(),
                f.modified_md(),
                f.initiative_value().0,
                f.tmr().0
            )));
        }
    }
    // The path the Referee is drawing, before it is confirmed.
    // Whole words, wrapped: a choice, a path or a reason is never cut
    // short (`clip` keeps a column free at the right).
    let width = usize::from(area.width.saturating_sub(3));
    if let Some(p) = app.pending() {
        lines.extend(p.lines.iter().flat_map(|l| wrap(l, width)).map(Line::from));
    }
    let top = lines.len();
    if app.ai_asked() {
        lines.push(Line::from("The AI plays this side: Enter lets it answer."));
    }
    let mut pick_rows = top..top;
    for (i, c) in app.choices.iter().enumerate() {
        let key = if i < 9 {
            format!("{} ", i + 1)
        } else {
            "  ".into()
        };
        let style = if i == app.pick {
            Style::new().add_modifier(Modifier::REVERSED)
        } else {
            Style::new()
        };
        let first = lines.len();
        for (n, row) in wrap(&c.words, width.saturating_sub(2))
            .into_iter()
            .enumerate()
        {
            let row = if n == 0 {
                row
            } else {
                row.trim_start().to_string()
            };
            lines.push(Line::from(vec![
                Span::raw(if n == 0 { key.clone() } else { "  ".into() }),
                Span::styled(row, style),
            ]));
        }
        if i == app.pick {
            pick_rows = first..lines.len();
        }
    }
    let inner_rows = usize::from(area.height.saturating_sub(2));
    let note = app.note.as_ref().map(note_words);
    // Keep the highlighted choice, and as many of the others as fit, in
    // sight: the summary and the figure's lines above give way first.
    let room = inner_rows.saturating_sub(usize::from(note.is_some()) * 2);
    // The summary shows whole or not at all.
    let (lines, top, pick_rows) = if lines.len() > room && summary > 0 {
        let shift = |r: usize| r - summary;
        let rows = shift(pick_rows.start)..shift(pick_rows.end);
        (lines[summary..].to_vec(), top - summary, rows)
    } else {
        (lines, top, pick_rows)
    };
    let skip = pick_rows.end.max(lines.len()).saturating_sub(room).min(top);
    let mut shown_lines: Vec<Line> = lines
        .into_iter()
        .skip(skip)
        .map(|l| clip(l, width + 1))
        .collect();
    shown_lines.truncate(room);
    let block = framed(" Action ", app.overlay().is_none());
    let inner = block.inner(area);
    frame.render_widget(block, area);
    frame.render_widget(Paragraph::new(shown_lines), inner);
    if let Some(note) = note {
        let rows = 2.min(inner.height);
        let foot = Rect::new(inner.x, inner.bottom() - rows, inner.width, rows);
        frame.render_widget(Clear, foot);
        frame.render_widget(Paragraph::new(note).wrap(Wrap { trim: true }), foot);
    }
}

/// The latest explained lines in the view shown, paged by `[` and `]`;
/// scrolled back, the title says where the page stands.
fn log(frame: &mut Frame, area: Rect, app: &App) {
    let b = app.battle();
    let (width, rows) = crate::tui::pager::inner(area);
    let (all, place) = if app.log.back() == 0 {
        // Only the latest lines are explained: a long battle draws fast.
        let mut newest_first: Vec<String> = Vec::new();
        for e in b.events().iter().rev() {
            if newest_first.len() >= rows {
                break;
            }
            if let Some(text) = explain_as(b, e, app.view) {
                newest_first.extend(wrap(&text, width).into_iter().rev());
            }
        }
        newest_first.reverse();
        (newest_first, None)
    } else {
        let all = super::log_text::log_lines(b, app.view, width);
        let place = app.log.place(all.len(), rows);
        (all, place)
    };
    let lines: Vec<Line> = all[app.log.window(all.len(), rows)]
        .iter()
        .map(|l| Line::from(l.as_str()))
        .collect();
    let view = match app.view {
        View::Table => "table view",
        View::Referee => "referee view",
    };
    let place = place.map_or(String::new(), |p| format!(" · {p}"));
    frame.render_widget(
        Paragraph::new(lines).block(framed(&format!(" Log ({view}){place} "), false)),
        area,
    );
}

/// The keys that apply, as many as fit; `?` lists the rest.
fn hints(frame: &mut Frame, area: Rect, app: &App) {
    let key = Style::new().add_modifier(Modifier::REVERSED);
    let mut spans = Vec::new();
    let mut used = 0;
    let width = usize::from(area.width);
    for b in keys::hinted(app.overlay(), app.drawing())
        .into_iter()
        .filter(|b| !b.label.is_empty())
    {
        let (k, word) = b.label.split_once(' ').unwrap_or((b.label, ""));
        let len = b.label.chars().count() + 2;
        if used + len + 8 > width {
            spans.push(Span::raw(" … "));
            spans.push(Span::styled("?", key));
            spans.push(Span::raw(" help"));
            break;
        }
        used += len;
        spans.push(Span::raw(" "));
        spans.push(Span::styled(k, key));
        spans.push(Span::raw(format!(" {word}")));
    }
    frame.render_widget(Paragraph::new(Line::from(spans)), area);
}

/// Every key of the battle, then the replay's and the history list's,
/// scrolled by the referee past `scroll` rows.
fn help(frame: &mut Frame, body: Rect, scroll: usize) {
    let rows = |keys: &[Binding]| -> Vec<Line> {
        keys.iter()
            .filter(|b| !b.help.is_empty())
            .map(|b| {
                let keys: Vec<String> = b
                    .keys
                    .iter()
                    .map(|&k| crate::tui::input::key_name(k))
                    .collect();
                Line::from(vec![
                    Span::styled(
                        format!("{:>12} ", keys.join(" ")),
                        Style::new().add_modifier(Modifier::BOLD),
                    ),
                    Span::raw(b.help),
                ])
            })
            .collect()
    };
    let mut lines = rows(BATTLE);
    lines.extend([
        Line::from(""),
        Line::from("1-9 highlight a choice; Enter plays it. Esc closes."),
    ]);
    for (heading, keys) in legend::help_sections() {
        lines.push(Line::from(""));
        lines.push(Line::styled(
            heading,
            Style::new().add_modifier(Modifier::BOLD),
        ));
        lines.extend(rows(keys));
    }
    let text = Paragraph::new(lines).wrap(Wrap { trim: false });
    let (area, scroll, below) = fit_box(body, 96, &text, scroll);
    frame.render_widget(Clear, area);
    let block = crate::tui::widgets::with_more(framed(" Keys (DragonQuest) ", true), scroll, below);
    frame.render_widget(
        text.scroll((u16::try_from(scroll).unwrap_or(u16::MAX), 0))
            .block(block),
        area,
    );
}

/// A question in a box: its lines, the answers last.
fn ask(frame: &mut Frame, body: Rect, title: &str, lines: &[&str]) {
    let text: Vec<Line> = lines.iter().map(|&l| Line::from(l).centered()).collect();
    let area = centred(body, 64, u16::try_from(text.len() + 2).unwrap_or(u16::MAX));
    frame.render_widget(Clear, area);
    frame.render_widget(
        Paragraph::new(text)
            .wrap(Wrap { trim: true })
            .block(framed(title, true)),
        area,
    );
}
