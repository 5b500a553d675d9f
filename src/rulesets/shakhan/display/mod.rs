//! Shakhàn's display: the App over a `Session<Battle>`, its sealed order
//! entry, panels, keymap and the map's stage.

pub mod app;
pub mod keys;
pub mod log_text;
pub mod marks;
pub mod stage;
pub mod summary;
pub mod ui;

pub use app::App;

use ratatui::Frame;

use std::path::PathBuf;

use super::engine::Battle;
use super::seats::FromServer;
use crate::seats::{Bound, Port, Token};
use crate::session::autosave::{Keeper, LastSave};
use crate::tui::input::{Effect, Input};
use crate::tui::terminal::{Begin, Screen};

/// The App on the terminal, with the player seats' server if the battle is
/// served.
pub struct Display {
    app: App,
    seats: Option<Box<dyn Port<Battle>>>,
}

impl Display {
    pub fn new(app: App) -> Display {
        Display { app, seats: None }
    }
}

impl Screen for Display {
    fn begin(&mut self, autosave: Result<PathBuf, String>, how: Begin) {
        let app = &mut self.app;
        app.autosave = Keeper::in_folder(autosave);
        match how {
            Begin::Resume(file) => {
                app.autosave
                    .resumed(file.clone(), app.session().log().len());
                app.save_path = Some(file);
            }
            Begin::Replay(file) => {
                app.save_path = Some(file);
                app.start_replay();
            }
            Begin::Fresh => app.offer_autosave(),
        }
    }
    fn seat_sides(&self) -> Result<Vec<String>, String> {
        Ok(self
            .app
            .battle()
            .sides()
            .iter()
            .map(|s| s.name.clone())
            .collect())
    }
    fn open_seats(&mut self, bound: Bound, tokens: Vec<Token>) -> std::io::Result<()> {
        let addr = bound.addr;
        self.seats = Some(crate::seats::serve(bound)?);
        self.app.open_seats(addr, tokens);
        Ok(())
    }
    fn handle(&mut self, input: Input) -> Effect {
        self.app.handle(input)
    }
    fn draw(&self, frame: &mut Frame) {
        ui::draw(frame, &self.app);
    }
    fn save_on_exit(&mut self) -> LastSave {
        self.app.save_on_exit()
    }
    fn exchange(&mut self) {
        if let Some(port) = &self.seats {
            exchange(&mut self.app, port.as_ref());
        }
    }
}

/// Carry what the App and the player seats' server have for each other.
fn exchange(app: &mut App, port: &dyn Port<Battle>) {
    while let Some(message) = port.try_recv() {
        match message {
            FromServer::Sealed(sealed) => app.seat_sealed(sealed),
            FromServer::Answered(answered) => app.seat_answered(answered),
        }
    }
    for message in app.take_outbox() {
        if !port.send(message) {
            app.error(
                "the player seats' server has stopped; the laptop writes every side's orders",
            );
            break;
        }
    }
}
