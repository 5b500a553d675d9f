//! Colours and glyphs of the display, in the 16 ANSI colours plus modifiers
//! so they follow the terminal's own palette; one theme for dark terminals
//! and one for light ones.

use ratatui::style::{Color, Modifier, Style};
use ratatui::text::Span;

use crate::hex::{Facing, Terrain};
use crate::scenario::SideColour;

/// Styles for everything the map draws.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Theme {
    /// Label colour of each side, by the scenario's `SideColour`
    /// (`SideColour` order: Red, Blue, Green, Yellow, Magenta, Cyan, White).
    pub sides: [Style; 7],
    /// Hex outlines.
    pub grid: Style,
    pub open: Style,
    pub poor: Style,
    pub blocked: Style,
    pub obscured: Style,
    pub cover: Style,
    /// The selected figure's Strike Zone (16.10.2): a background.
    pub strike_zone: Style,
    /// The selected figure's Missile Zone (16.10.3): dots, no background.
    pub missile_zone: Style,
    /// Threat overlay: hexes some hostile figure can strike, and the count.
    pub threat: Style,
    pub cursor: Style,
    /// Laid over the selected figure's label.
    pub selected: Style,
    pub path: Style,
    /// Laid over an engaged figure's label, and its mark.
    pub engaged: Style,
    /// Laid over a dead figure's label.
    pub dead: Style,
    /// Laid over an unconscious (or comatose, incapacitated) figure's label.
    pub unconscious: Style,
    pub glyphs: Glyphs,
}

/// The characters the map draws with (a legend lists them).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Glyphs {
    /// Facing marks for N, NE, SE, S, SW, NW.
    pub facing: [char; 6],
    pub engaged: char,
    pub dead: char,
    pub unconscious: char,
    pub prone: char,
    pub surrendered: char,
    /// DragonQuest 22.4: Stunned.
    pub stunned: char,
    pub poor: char,
    pub blocked: char,
    pub obscured: char,
    pub missile_zone: char,
    pub path: char,
    /// A hex the selected figure could reach this pulse (order entry).
    pub reach: char,
}

impl Default for Glyphs {
    fn default() -> Glyphs {
        Glyphs {
            facing: ['↑', '↗', '↘', '↓', '↙', '↖'],
            engaged: '⚔',
            dead: '✝',
            unconscious: 'z',
            prone: '⊥',
            surrendered: '⚐',
            stunned: '*',
            poor: '~',
            blocked: '█',
            obscured: '░',
            missile_zone: '·',
            path: '•',
            reach: '∘',
        }
    }
}

impl Glyphs {
    pub fn facing(&self, f: Facing) -> char {
        self.facing[Facing::ALL.iter().position(|&g| g == f).unwrap_or(0)]
    }
}

fn fg(c: Color) -> Style {
    Style::new().fg(c)
}

impl Theme {
    /// For terminals with a dark background: bright label colours.
    pub fn dark() -> Theme {
        use Color::*;
        Theme {
            sides: [
                fg(LightRed),
                fg(LightBlue),
                fg(LightGreen),
                fg(LightYellow),
                fg(LightMagenta),
                fg(LightCyan),
                fg(White),
            ],
            grid: fg(DarkGray),
            open: Style::new(),
            poor: fg(Yellow),
            blocked: fg(Gray),
            obscured: fg(Green),
            cover: fg(Cyan),
            strike_zone: Style::new().bg(DarkGray),
            missile_zone: fg(Gray),
            threat: fg(LightRed).add_modifier(Modifier::BOLD),
            cursor: fg(LightYellow).add_modifier(Modifier::BOLD),
            selected: Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD),
            path: fg(LightCyan).add_modifier(Modifier::BOLD),
            engaged: Style::new().add_modifier(Modifier::BOLD | Modifier::UNDERLINED),
            dead: Style::new().add_modifier(Modifier::DIM | Modifier::CROSSED_OUT),
            unconscious: Style::new().add_modifier(Modifier::DIM),
            glyphs: Glyphs::default(),
        }
    }

    /// For terminals with a light background: the darker ANSI colours.
    pub fn light() -> Theme {
        use Color::*;
        Theme {
            sides: [
                fg(Red),
                fg(Blue),
                fg(Green),
                fg(Yellow),
                fg(Magenta),
                fg(Cyan),
                fg(Black),
            ],
            grid: fg(DarkGray),
            open: Style::new(),
            poor: fg(Yellow),
            blocked: fg(Black),
            obscured: fg(Green),
            cover: fg(Blue),
            strike_zone: Style::new().bg(Gray),
            missile_zone: fg(DarkGray),
            threat: fg(Red).add_modifier(Modifier::BOLD),
            cursor: fg(Magenta).add_modifier(Modifier::BOLD),
            selected: Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD),
            path: fg(Blue).add_modifier(Modifier::BOLD),
            engaged: Style::new().add_modifier(Modifier::BOLD | Modifier::UNDERLINED),
            dead: Style::new().add_modifier(Modifier::DIM | Modifier::CROSSED_OUT),
            unconscious: Style::new().add_modifier(Modifier::DIM),
            glyphs: Glyphs::default(),
        }
    }

    /// The label style of a side's colour.
    pub fn side(&self, colour: SideColour) -> Style {
        let i = match colour {
            SideColour::Red => 0,
            SideColour::Blue => 1,
            SideColour::Green => 2,
            SideColour::Yellow => 3,
            SideColour::Magenta => 4,
            SideColour::Cyan => 5,
            SideColour::White => 6,
        };
        self.sides[i]
    }

    /// Style of a terrain's glyph.
    pub fn terrain(&self, t: Terrain) -> Style {
        match t {
            Terrain::Open => self.open,
            Terrain::Poor => self.poor,
            Terrain::Blocked => self.blocked,
            Terrain::Obscured => self.obscured,
            Terrain::Cover(_) => self.cover,
            Terrain::Cramped => self.poor,
        }
    }

    /// The glyph a terrain fills a hex with (`None`: left blank). Cover shows
    /// its tenths, as the scenario legend paints it.
    pub fn terrain_glyph(&self, t: Terrain) -> Option<char> {
        match t {
            Terrain::Open => None,
            Terrain::Poor => Some(self.glyphs.poor),
            Terrain::Blocked => Some(self.glyphs.blocked),
            Terrain::Obscured => Some(self.glyphs.obscured),
            Terrain::Cover(0) => None,
            Terrain::Cover(p) => char::from_digit(u32::from(p.div_ceil(10).min(9)), 10),
            Terrain::Cramped => Some(CRAMPED),
        }
    }
}

/// The mark of a close-quarters hex, as the scenario legend paints it.
const CRAMPED: char = '=';

/// What the map's marks mean, for the app's legend: each sample as the map
/// draws it, and its meaning.
pub fn legend(theme: &Theme) -> Vec<(Span<'static>, &'static str)> {
    let g = &theme.glyphs;
    let s = |c: char, style: Style| Span::styled(c.to_string(), style);
    vec![
        (
            Span::raw(g.facing.iter().collect::<String>()),
            "facing N NE SE S SW NW",
        ),
        (s(g.engaged, theme.engaged), "engaged"),
        (s(g.prone, Style::new()), "prone"),
        (s(g.unconscious, theme.unconscious), "unconscious"),
        (s(g.dead, theme.dead), "dead"),
        (s(g.surrendered, Style::new()), "surrendered"),
        (s(g.blocked, theme.blocked), "blocked (wall)"),
        (s(g.poor, theme.poor), "poor footing"),
        (s(g.obscured, theme.obscured), "obscured (blocks sight)"),
        (Span::styled("1-9", theme.cover), "cover, in tenths"),
        (s(CRAMPED, theme.poor), "close quarters (16.3)"),
        (Span::styled("  ", theme.strike_zone), "Strike Zone"),
        (s(g.missile_zone, theme.missile_zone), "Missile Zone"),
        (
            Span::styled("2", theme.threat),
            "enemies who can strike here",
        ),
        (s(g.path, theme.path), "move path"),
        (s(g.reach, theme.path), "reachable this pulse (orders)"),
        (Span::styled("[ ]", theme.cursor), "cursor"),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_glyph_is_one_cell_wide() {
        let g = Glyphs::default();
        let theme = Theme::dark();
        let cover = (1..=10).filter_map(|t| theme.terrain_glyph(Terrain::Cover(t * 10)));
        let all = g.facing.into_iter().chain([
            g.engaged,
            g.dead,
            g.unconscious,
            g.prone,
            g.surrendered,
            g.stunned,
            g.poor,
            g.blocked,
            g.obscured,
            g.missile_zone,
            g.path,
            g.reach,
        ]);
        for c in all.chain(cover) {
            assert_eq!(Span::raw(c.to_string()).width(), 1, "{c:?}");
        }
    }

    #[test]
    fn cover_shows_its_tenths_rounded_up() {
        let t = Theme::light();
        assert_eq!(t.terrain_glyph(Terrain::Cover(50)), Some('5'));
        assert_eq!(t.terrain_glyph(Terrain::Cover(15)), Some('2'));
        assert_eq!(t.terrain_glyph(Terrain::Cover(100)), Some('9'));
        assert_eq!(t.terrain_glyph(Terrain::Open), None);
        assert_eq!(t.terrain_glyph(Terrain::Cover(0)), None);
    }

    #[test]
    fn sides_have_distinct_colours_in_both_themes() {
        for theme in [Theme::dark(), Theme::light()] {
            for (i, a) in theme.sides.iter().enumerate() {
                assert!(!theme.sides[..i].contains(a));
            }
        }
    }
}
