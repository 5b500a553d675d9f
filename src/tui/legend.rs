//! A legend's rows, drawn the same way for every ruleset: a sample and
//! what it means.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph, Wrap};

use super::widgets::{fit_box, framed, with_more};

/// One row: a sample as the display draws it and its meaning; a row with
/// no meaning is a section's heading.
pub type Entry = (Span<'static>, &'static str);

/// A legend's rows (any ruleset's) over the body, scrolled by `scroll`.
pub fn draw(frame: &mut Frame, body: Rect, entries: Vec<Entry>, scroll: usize) {
    let lines: Vec<Line> = entries
        .into_iter()
        .map(|(sample, meaning)| {
            if meaning.is_empty() {
                return Line::from(sample);
            }
            let pad = 18usize.saturating_sub(sample.width());
            Line::from(vec![
                Span::raw("  "),
                sample,
                Span::raw(" ".repeat(pad)),
                Span::raw(meaning),
            ])
        })
        .collect();
    let width = body.width.saturating_sub(4).min(100);
    let paragraph = Paragraph::new(lines).wrap(Wrap { trim: false });
    let (area, scroll, below) = fit_box(body, width, &paragraph, scroll);
    frame.render_widget(Clear, area);
    let block = with_more(framed(" Legend — Esc closes ", true), scroll, below);
    frame.render_widget(
        paragraph
            .scroll((u16::try_from(scroll).unwrap_or(u16::MAX), 0))
            .block(block),
        area,
    );
}
