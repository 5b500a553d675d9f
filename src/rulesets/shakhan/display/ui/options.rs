//! The Referee's standing answers (`O`) and the `A` question: small boxes
//! over the body, saying what each choice does.

use ratatui::Frame;
use ratatui::layout::{Alignment, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Clear, Paragraph, Wrap};

use super::framed;
use crate::rulesets::shakhan::display::app::App;

/// The standing answers and the keys that change them.
pub fn overlay(frame: &mut Frame, body: Rect, app: &App) {
    let s = app.standing;
    let lines = vec![
        Line::from(""),
        Line::from("Answered without a key unless you choose to be asked:"),
        Line::from(""),
        Line::from(format!(
            "d  Divine Intervention (16.14.3.1): {}",
            s.divine_words()
        )),
        Line::from(format!(
            "p  Movement priority (16.14.3): {}",
            s.priority_words()
        )),
        Line::from(format!("m  Figures' moves (16.9.7): {}", s.moves_words())),
        Line::from(""),
        Line::from("A figure's own moves are changed with M while its orders are written."),
        Line::from(""),
        Line::from("Esc closes").alignment(Alignment::Center),
    ];
    boxed(frame, body, 78, Paragraph::new(lines), " Standing answers ");
}

/// `A` on a side a person plays: for this round or the rest of the battle?
pub fn ai_ask(frame: &mut Frame, body: Rect, app: &App) {
    let side = app.side_to_answer();
    let name = &app.battle().sides()[side.0].name;
    let lines = vec![
        Line::from(""),
        Line::from(format!("The AI plays {name}:")).alignment(Alignment::Center),
        Line::from(""),
        Line::from("r  this round only  ·  b  the rest of the battle  ·  Esc  no")
            .alignment(Alignment::Center),
    ];
    boxed(frame, body, 66, Paragraph::new(lines), " AI ");
}

/// `text` in a framed box of `width` over the middle of `body`, as tall as
/// its wrapped lines.
fn boxed(frame: &mut Frame, body: Rect, width: u16, text: Paragraph, title: &str) {
    let text = text.wrap(Wrap { trim: false });
    let (area, ..) = super::fit_box(body, width, &text, 0);
    frame.render_widget(Clear, area);
    frame.render_widget(text.block(framed(title, true)), area);
}
