//! Drawing the map into a buffer, hex by hex over the visible window.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};

use super::geometry::{Edge, Geometry};
use super::scene::{Piece, Scene, State};
use super::{MapView, Zoom};
use crate::hex::{Facing, Hex, HexMap, Terrain};
use crate::tui::theme::Theme;

pub(super) fn render(
    scene: &Scene<'_>,
    view: &MapView,
    theme: &Theme,
    area: Rect,
    buf: &mut Buffer,
) {
    let area = area.intersection(buf.area);
    for y in area.top()..area.bottom() {
        for x in area.left()..area.right() {
            if let Some(cell) = buf.cell_mut((x, y)) {
                cell.reset();
            }
        }
    }
    let g = view.zoom.geometry();
    let map = scene.map;
    let window = Window::visible(g, map, view.scroll, area);
    if window.is_empty() {
        return;
    }
    let marks = Marks::new(scene, view, window);
    let mut canvas = Canvas {
        buf,
        area,
        scroll: view.scroll,
    };
    let painter = Painter {
        g,
        zoom: view.zoom,
        theme,
        scene,
        view,
    };
    for hex in window.hexes() {
        if let Some(t) = map.terrain(hex) {
            painter.hex(&mut canvas, hex, t, &marks.at(hex));
        }
    }
    painter.path_label(&mut canvas);
    if map.in_bounds(view.cursor) {
        painter.cursor(&mut canvas, view.cursor);
    }
}

/// The on-map hexes whose boxes may show in the area.
#[derive(Debug, Clone, Copy)]
struct Window {
    cols: (i32, i32),
    rows: (i32, i32),
}

impl Window {
    fn visible(g: Geometry, map: &HexMap, scroll: (i32, i32), area: Rect) -> Window {
        let (cs, rs) = (g.col_stride(), g.row_stride());
        let (x0, y0) = scroll;
        let (x1, y1) = (
            x0.saturating_add(i32::from(area.width)),
            y0.saturating_add(i32::from(area.height)),
        );
        let clip = |v: i32, len: u16| v.clamp(0, i32::from(len));
        Window {
            cols: (
                clip(x0.saturating_sub(g.box_width()).div_euclid(cs), map.width()),
                clip(x1.div_euclid(cs) + 1, map.width()),
            ),
            rows: (
                clip(y0.saturating_sub(rs + g.h).div_euclid(rs), map.height()),
                clip(y1.div_euclid(rs) + 1, map.height()),
            ),
        }
    }

    fn is_empty(self) -> bool {
        self.cols.0 >= self.cols.1 || self.rows.0 >= self.rows.1
    }

    fn width(self) -> usize {
        (self.cols.1 - self.cols.0) as usize
    }

    fn index(self, hex: Hex) -> Option<usize> {
        let inside = (self.cols.0..self.cols.1).contains(&hex.col)
            && (self.rows.0..self.rows.1).contains(&hex.row);
        inside.then(|| {
            (hex.row - self.rows.0) as usize * self.width() + (hex.col - self.cols.0) as usize
        })
    }

    fn len(self) -> usize {
        self.width() * (self.rows.1 - self.rows.0) as usize
    }

    /// Row by row. Order does not matter: hexes share only outline cells,
    /// drawn alike by both (geometry tests), and a top edge below row 0 is
    /// left to the hex above, whose bottom edge it is.
    fn hexes(self) -> impl Iterator<Item = Hex> {
        (self.rows.0..self.rows.1)
            .flat_map(move |r| (self.cols.0..self.cols.1).map(move |c| Hex::new(c, r)))
    }
}

/// What is marked on one hex.
#[derive(Debug, Clone, Copy, Default)]
struct Mark {
    strike_zone: bool,
    missile_zone: bool,
    on_path: bool,
    reach: bool,
    /// Hostile figures that can strike the hex (only with the overlay on).
    threats: u8,
    /// The figure drawn here, by its place in the scene.
    figure: Option<usize>,
}

/// Marks of every hex in the window.
struct Marks {
    window: Window,
    marks: Vec<Mark>,
}

impl Marks {
    fn new(scene: &Scene<'_>, view: &MapView, window: Window) -> Marks {
        let mut marks = Marks {
            window,
            marks: vec![Mark::default(); window.len()],
        };
        for &h in &scene.strike_zone {
            marks.edit(h, |m| m.strike_zone = true);
        }
        for &h in &scene.missile_zone {
            marks.edit(h, |m| m.missile_zone = true);
        }
        for &h in &scene.threats {
            marks.edit(h, |m| m.threats = m.threats.saturating_add(1));
        }
        for &h in &view.reach {
            marks.edit(h, |m| m.reach = true);
        }
        for &h in &view.path {
            marks.edit(h, |m| m.on_path = true);
        }
        // The living are drawn over the dead they stand on.
        for (i, p) in scene.pieces.iter().enumerate().filter(|(_, p)| !p.gone) {
            for &hex in &p.hexes {
                marks.edit(hex, |m| {
                    let over = m
                        .figure
                        .is_none_or(|o| scene.pieces[o].state == State::Dead && p.occupies);
                    if over {
                        m.figure = Some(i);
                    }
                });
            }
        }
        marks
    }

    fn edit(&mut self, hex: Hex, f: impl FnOnce(&mut Mark)) {
        if let Some(i) = self.window.index(hex) {
            f(&mut self.marks[i]);
        }
    }

    fn at(&self, hex: Hex) -> Mark {
        self.window
            .index(hex)
            .map_or_else(Mark::default, |i| self.marks[i])
    }
}

/// The buffer seen through the view's scroll, clipped to the area.
struct Canvas<'b> {
    buf: &'b mut Buffer,
    area: Rect,
    scroll: (i32, i32),
}

impl Canvas<'_> {
    fn cell(&mut self, x: i32, y: i32) -> Option<&mut ratatui::buffer::Cell> {
        let sx = u16::try_from(x.checked_sub(self.scroll.0)?).ok()?;
        let sy = u16::try_from(y.checked_sub(self.scroll.1)?).ok()?;
        if sx >= self.area.width || sy >= self.area.height {
            return None;
        }
        self.buf.cell_mut((self.area.x + sx, self.area.y + sy))
    }

    /// Sets the character and exactly `style` (nothing left of the cell's
    /// earlier style).
    fn put(&mut self, x: i32, y: i32, ch: char, style: Style) {
        if let Some(cell) = self.cell(x, y) {
            cell.set_char(ch).set_style(Style::reset().patch(style));
        }
    }

    /// Lays `style` over the cell's if it shows `ch`.
    fn recolour(&mut self, x: i32, y: i32, ch: char, style: Style) {
        if let Some(cell) = self.cell(x, y)
            && cell.symbol().chars().eq([ch])
        {
            cell.set_style(style);
        }
    }

    fn text(&mut self, x: i32, y: i32, text: &str, style: Style) {
        for (i, ch) in (0..).zip(text.chars()) {
            self.put(x.saturating_add(i), y, ch, style);
        }
    }
}

struct Painter<'a> {
    g: Geometry,
    zoom: Zoom,
    theme: &'a Theme,
    scene: &'a Scene<'a>,
    view: &'a MapView,
}

impl Painter<'_> {
    fn hex(&self, c: &mut Canvas<'_>, hex: Hex, terrain: Terrain, mark: &Mark) {
        let Geometry { h, .. } = self.g;
        let th = self.theme;
        let (ox, oy) = self.g.origin(hex);
        let fill = self.fill(mark);
        let glyph = th.terrain_glyph(terrain);
        let tstyle = fill.patch(th.terrain(terrain));
        for y in 1..=2 * h {
            let (a, b) = self.g.inside(y);
            for x in a..b {
                let ch = match glyph {
                    Some(g) if terrain == Terrain::Blocked => g,
                    Some(g) if self.sparse(x - a, y) => g,
                    _ => ' ',
                };
                c.put(ox + x, oy + y, ch, tstyle);
            }
        }
        for (x, y, edge) in self.g.outline() {
            let ch = edge_char(edge, y <= h);
            match edge {
                // The top edge is the bottom of the hex above, drawn with it.
                Edge::Top if hex.row > 0 => {}
                Edge::Bottom if terrain == Terrain::Blocked => {}
                Edge::Bottom => c.put(ox + x, oy + y, ch, fill.patch(th.grid)),
                _ => c.put(ox + x, oy + y, ch, th.grid),
            }
        }
        let (cx, my) = (self.g.box_width() / 2, self.mark_line());
        if mark.missile_zone {
            // Compact has room for one dot; larger hexes flank the count.
            let dots = match self.zoom {
                Zoom::Compact => [cx, cx],
                Zoom::Normal | Zoom::Large => [cx - h, cx + h],
            };
            for x in dots {
                c.put(
                    ox + x,
                    oy + my,
                    th.glyphs.missile_zone,
                    fill.patch(th.missile_zone),
                );
            }
        }
        if mark.threats > 0 {
            let n = char::from_digit(u32::from(mark.threats), 10).unwrap_or('+');
            c.put(ox + cx, oy + my, n, fill.patch(th.threat));
        }
        if mark.on_path && mark.figure.is_none() {
            c.put(ox + cx, oy + h, th.glyphs.path, fill.patch(th.path));
        } else if mark.reach && mark.figure.is_none() {
            c.put(ox + cx, oy + h, th.glyphs.reach, fill.patch(th.path));
        }
        if let Some(i) = mark.figure
            && let Some(p) = self.scene.pieces.get(i)
        {
            // A body's other hexes (DragonQuest 29) carry its label only:
            // the facing mark and state are the head's.
            self.figure(c, (ox, oy), i, p, fill, p.hex() == hex);
        }
    }

    /// Whether an inside cell carries the terrain glyph: all of Compact's
    /// top line; every other cell of the upper lines at larger zooms.
    fn sparse(&self, dx: i32, y: i32) -> bool {
        match self.zoom {
            Zoom::Compact => y == 1,
            Zoom::Normal | Zoom::Large => y < 2 * self.g.h && (dx + y) % 2 == 1,
        }
    }

    /// The line of zone dots and threat counts.
    fn mark_line(&self) -> i32 {
        match self.zoom {
            Zoom::Compact | Zoom::Normal => self.g.h + 1,
            Zoom::Large => self.g.h + 2,
        }
    }

    fn figure(
        &self,
        c: &mut Canvas<'_>,
        (ox, oy): (i32, i32),
        i: usize,
        f: &Piece<'_>,
        fill: Style,
        head: bool,
    ) {
        let th = self.theme;
        let h = self.g.h;
        let cx = self.g.box_width() / 2;
        let side = f.colour.map_or(Style::new(), |s| th.side(s));
        let engaged = f.engaged;
        let northward = matches!(f.facing, Facing::NW | Facing::N | Facing::NE);
        // The facing mark sits against the faced hexside.
        let ay = if northward { 1 } else { 2 * h };
        let (a, b) = self.g.inside(ay);
        let ax = match f.facing {
            Facing::NW | Facing::SW => a,
            Facing::N | Facing::S => cx,
            Facing::NE | Facing::SE => b - 1,
        };
        let (status, look) = match f.state {
            State::Dead => (Some(th.glyphs.dead), th.dead),
            State::Unconscious => (Some(th.glyphs.unconscious), th.unconscious),
            State::Yielded => (Some(th.glyphs.surrendered), th.unconscious),
            State::Prone => (Some(th.glyphs.prone), Style::new()),
            State::Stunned => (Some(th.glyphs.stunned), th.unconscious),
            State::Active if engaged => (Some(th.glyphs.engaged), th.engaged),
            State::Active => (None, Style::new()),
        };
        let look = if engaged {
            look.patch(th.engaged)
        } else {
            look
        };
        let mut label = fill.patch(side).patch(look);
        if self.view.selected.map(|s| s.0) == Some(i) {
            label = label.patch(th.selected);
        }
        if !f.out && head {
            c.put(
                ox + ax,
                oy + ay,
                th.glyphs.facing(f.facing),
                fill.patch(side).add_modifier(Modifier::BOLD),
            );
        }
        let (ly, lx) = match self.zoom {
            Zoom::Compact => (if northward { 2 * h } else { 1 }, self.g.inside(1).0),
            Zoom::Normal | Zoom::Large => (h, cx - 1),
        };
        // Clear the label's line of terrain glyphs and zone dots around it.
        let text = self.view.labels.at(i);
        let len = i32::try_from(text.chars().count()).unwrap_or(0);
        let (a, b) = self.g.inside(ly);
        let base = if ly == 2 * h { '_' } else { ' ' };
        for x in (lx - 1).max(a)..(lx + len + 2).min(b) {
            c.put(ox + x, oy + ly, base, fill.patch(th.grid));
        }
        c.text(ox + lx, oy + ly, text, label);
        if let Some(s) = status.filter(|_| head) {
            // Right after the label, inside the hex.
            let sx = (lx + len).min(b - 1);
            c.put(ox + sx, oy + ly, s, fill.patch(side).patch(look));
        }
        if self.zoom == Zoom::Large {
            let (a, b) = self.g.inside(h + 1);
            let room = usize::try_from(b - a - 2).unwrap_or(0);
            let name: String = f.name.chars().take(room).collect();
            let len = i32::try_from(name.chars().count()).unwrap_or(0);
            c.text(ox + cx - len / 2, oy + h + 1, &name, fill.patch(side));
        }
    }

    /// The app's label for the path, beside its last hex: to the right, or
    /// to the left where the area ends first.
    fn path_label(&self, c: &mut Canvas<'_>) {
        let Some(&last) = self.view.path.last() else {
            return;
        };
        if self.view.path_label.is_empty() {
            return;
        }
        let (ox, oy) = self.g.origin(last);
        let text = format!(" {} ", self.view.path_label);
        let len = i32::try_from(text.chars().count()).unwrap_or(i32::MAX);
        let right = ox.saturating_add(self.g.box_width());
        let area_end = c.scroll.0.saturating_add(i32::from(c.area.width));
        let x = if right.saturating_add(len) <= area_end {
            right
        } else {
            ox.saturating_sub(len)
        };
        let style = self.theme.path.patch(self.theme.selected);
        c.text(x, oy.saturating_add(self.g.h), &text, style);
    }

    /// The cursor: the hex's outline redrawn in the cursor style, its sides
    /// as brackets.
    fn cursor(&self, c: &mut Canvas<'_>, hex: Hex) {
        let (ox, oy) = self.g.origin(hex);
        let cursor = self.theme.cursor;
        for (x, y, edge) in self.g.outline() {
            match edge {
                Edge::Left => c.put(ox + x, oy + y, '[', cursor),
                Edge::Right => c.put(ox + x, oy + y, ']', cursor),
                // Top and bottom edge lines may hold a label: recolour only
                // the edge itself.
                Edge::Top | Edge::Bottom => c.recolour(ox + x, oy + y, '_', cursor),
            }
        }
    }

    /// The background of a hex's inside.
    fn fill(&self, mark: &Mark) -> Style {
        if mark.strike_zone {
            self.theme.strike_zone
        } else {
            Style::new()
        }
    }
}

fn edge_char(edge: Edge, upper: bool) -> char {
    match (edge, upper) {
        (Edge::Top | Edge::Bottom, _) => '_',
        (Edge::Left, true) | (Edge::Right, false) => '/',
        (Edge::Left, false) | (Edge::Right, true) => '\\',
    }
}
