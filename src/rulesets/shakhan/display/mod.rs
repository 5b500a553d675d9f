//! Shakhàn's display: the App over a `Session<Battle>`, its sealed order
//! entry, panels, keymap and the map's stage.

pub mod app;
pub mod keys;
pub mod marks;
pub mod stage;
pub mod ui;

pub use app::App;

use ratatui::Frame;

use std::net::SocketAddr;
use std::path::PathBuf;

use crate::seats::{FromServer, Port, Token};
use crate::tui::input::{Effect, Input};
use crate::tui::terminal::{Begin, Screen};

impl Screen for App {
    fn begin(&mut self, autosave: Option<PathBuf>, how: Begin) {
        self.autosave = autosave;
        match how {
            Begin::Resume(file) => self.save_path = Some(file),
            Begin::Replay(file) => {
                self.save_path = Some(file);
                self.start_replay();
            }
            Begin::Fresh => self.offer_autosave(),
        }
    }
    fn seat_sides(&self) -> Result<Vec<String>, String> {
        Ok(self
            .battle()
            .sides()
            .iter()
            .map(|s| s.name.clone())
            .collect())
    }
    fn open_seats(&mut self, addr: SocketAddr, tokens: Vec<Token>) {
        App::open_seats(self, addr, tokens);
    }
    fn handle(&mut self, input: Input) -> Effect {
        App::handle(self, input)
    }
    fn draw(&self, frame: &mut Frame) {
        ui::draw(frame, self);
    }
    fn save_on_exit(&mut self) {
        App::save_on_exit(self);
    }
    fn exchange(&mut self, port: Option<&dyn Port>) {
        exchange(self, port);
    }
}

/// Carry what the App and the player seats' server have for each other.
fn exchange(app: &mut App, port: Option<&dyn Port>) {
    let Some(port) = port else { return };
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
