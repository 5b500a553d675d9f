//! The terminal display. The only layer that imports ratatui and crossterm
//! (crossterm through `ratatui::crossterm`).

pub mod map;
pub mod theme;

pub mod app;
pub mod dragonquest;
pub mod keys;
pub mod terminal;
pub mod ui;
