//! What every ruleset's display draws the same way: boxes and frames,
//! counts of rows out of sight, the quit question, the too-small screen,
//! notes, and words wrapped to a width.

use ratatui::Frame;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Clear, Paragraph, Wrap};

use super::layout::{MIN_HEIGHT, MIN_WIDTH};

/// The too-small screen of any display; `quitting`: the quit question is open.
pub fn too_small_words(frame: &mut Frame, size: Rect, quitting: bool) {
    let mut lines = vec![
        Line::from("hexmelee: please enlarge the terminal"),
        Line::from(format!(
            "{}×{} now, {MIN_WIDTH}×{MIN_HEIGHT} needed",
            size.width, size.height
        )),
    ];
    lines.push(Line::from(if quitting { "Quit? y / n" } else { "q quits" }));
    let top = size.height.saturating_sub(lines.len() as u16) / 2;
    let area = Rect::new(size.x, size.y + top, size.width, size.height - top);
    frame.render_widget(
        Paragraph::new(lines)
            .alignment(Alignment::Center)
            .wrap(Wrap { trim: true }),
        area,
    );
}

/// The quit question of any display.
pub fn quit_confirm(frame: &mut Frame, body: Rect) {
    let area = centred(body, 36, 5);
    frame.render_widget(Clear, area);
    frame.render_widget(
        Paragraph::new(vec![
            Line::from(""),
            Line::from("Quit hexmelee?  y yes · n no").alignment(Alignment::Center),
        ])
        .block(framed(" Quit ", true)),
        area,
    );
}

/// Where a wrapped text goes as a box `width` wide in the middle of `body`,
/// as tall as its rows (up to the body): the box, the rows scrolled past
/// (`scroll` held to what there is) and the rows hidden below.
pub fn fit_box(body: Rect, width: u16, text: &Paragraph, scroll: usize) -> (Rect, usize, usize) {
    let width = width.min(body.width);
    // Rows once wrapped (ratatui's own count, so scrolling reaches the end).
    let total = text.line_count(width.saturating_sub(2));
    let height = u16::try_from(total + 2)
        .unwrap_or(u16::MAX)
        .min(body.height);
    let area = centred(body, width, height);
    let rows = usize::from(area.height.saturating_sub(2));
    let scroll = scroll.min(total.saturating_sub(rows));
    (area, scroll, total.saturating_sub(scroll + rows))
}

/// A `width`×`height` box in the middle of `area` (shrunk to fit).
pub fn centred(area: Rect, width: u16, height: u16) -> Rect {
    let (w, h) = (width.min(area.width), height.min(area.height));
    Rect::new(
        area.x + (area.width - w) / 2,
        area.y + (area.height - h) / 2,
        w,
        h,
    )
}

/// A bordered block; a thick border marks where the eye should be.
pub fn framed(title: &str, focus: bool) -> Block<'_> {
    let block = Block::bordered().title(title);
    if focus {
        block
            .border_type(BorderType::Thick)
            .title_style(Style::new().add_modifier(Modifier::BOLD))
    } else {
        block.border_type(BorderType::Rounded)
    }
}

/// The border's word for `n` rows (or figures) out of sight: `↑ 2 more` on
/// the top border, `↓ 2 more` on the bottom one.
pub fn more(up: bool, n: usize) -> String {
    format!(" {} {n} more ", if up { '↑' } else { '↓' })
}

/// `block` with the count of rows hidden above and below on its borders.
pub fn with_more(block: Block<'_>, above: usize, below: usize) -> Block<'_> {
    let mut block = block;
    if above > 0 {
        block = block.title_top(Line::from(more(true, above)).right_aligned());
    }
    if below > 0 {
        block = block.title_bottom(Line::from(more(false, below)).right_aligned());
    }
    block
}

/// The header's warning while the autosave fails (`trouble`: why), kept in
/// sight until a save succeeds: the battle is not on disk.
pub fn autosave_warning(trouble: Option<&str>) -> Option<Span<'static>> {
    trouble.map(|_| {
        Span::styled(
            " NOT AUTOSAVED: save by hand ",
            Style::new()
                .fg(ratatui::style::Color::Red)
                .add_modifier(Modifier::REVERSED | Modifier::BOLD),
        )
    })
}

/// A note as a line of any display: red and bold for a refusal.
pub fn note_words(n: &crate::tui::input::Note) -> Line<'_> {
    let style = if n.error {
        Style::new()
            .fg(ratatui::style::Color::Red)
            .add_modifier(Modifier::BOLD)
    } else {
        Style::new().add_modifier(Modifier::ITALIC)
    };
    Line::from(Span::styled(n.text.as_str(), style))
}

/// `line` cut to leave its row's last cell blank (`width` cells in all),
/// ending in `…` where it was cut, so nothing runs into a border.
pub fn clip(line: Line<'_>, width: usize) -> Line<'_> {
    let max = width.saturating_sub(1);
    if line.width() <= max {
        return line;
    }
    let mut room = max.saturating_sub(1);
    let mut spans = Vec::new();
    for span in line.spans {
        let text: String = span
            .content
            .chars()
            .scan(0, |used, c| {
                *used += Span::raw(c.to_string()).width();
                (*used <= room).then_some(c)
            })
            .collect();
        room -= Span::raw(text.as_str()).width();
        let cut = text.chars().count() < span.content.chars().count();
        spans.push(Span::styled(text, span.style));
        if cut {
            break;
        }
    }
    spans.push(Span::raw("…"));
    Line::from(spans).style(line.style)
}

/// Greedy word wrap; later lines are indented two spaces.
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(8);
    let mut out = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let len = line.chars().count();
        if len > 0 && len + 1 + word.chars().count() > width {
            out.push(std::mem::take(&mut line));
            line.push_str("  ");
        }
        if !line.is_empty() && !line.ends_with("  ") {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.trim().is_empty() {
        out.push(line);
    }
    out
}
