//! The display's shell: the terminal loop, the map widget and its scene,
//! and the themes. The only layer that imports ratatui and crossterm
//! (crossterm through `ratatui::crossterm`); each ruleset's own screens live
//! in its folder (`src/rulesets/<r>/display/`).

pub mod history;
pub mod input;
pub mod layout;
pub mod legend;
pub mod map;
pub mod pager;
pub mod terminal;
pub mod theme;
pub mod widgets;
