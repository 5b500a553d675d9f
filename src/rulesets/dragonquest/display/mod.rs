//! The DragonQuest display (issue 18): the shared map, layout and terminal
//! loop over a `Session<dragonquest::Battle>`, with DragonQuest's own
//! roster, figure panel and order entry. The engine asks (its `Prompt`),
//! the display offers the actions the battle's dry check accepts (the AI's
//! first) and answers with a `Command` through the session.

pub mod app;
pub mod choices;
pub mod keys;
pub mod legend;
pub mod log_text;
pub mod overlay;
pub mod route;
pub mod scene;
pub mod strikes;
pub mod summary;
pub mod ui;
pub mod word;

pub use app::App;
pub use scene::Table;

use std::path::PathBuf;

use crate::session::autosave::{Keeper, LastSave};
use crate::tui::terminal::{Begin, Screen};

impl Screen for App {
    fn begin(&mut self, autosave: Result<PathBuf, String>, how: Begin) {
        self.autosave = Keeper::in_folder(autosave);
        match how {
            Begin::Resume(file) => {
                let commands = self.session().log().len();
                self.autosave.resumed(file.clone(), commands);
                self.save_path = Some(file);
            }
            Begin::Replay(file) => {
                self.save_path = Some(file);
                self.start_replay();
            }
            Begin::Fresh => self.offer_autosave(),
        }
    }
    /// docs/RULINGS.md, "No player seats for DragonQuest".
    fn seat_sides(&self) -> Result<Vec<String>, String> {
        Err("--seats is for Shakhàn battles, whose cards are chosen in secret; a DragonQuest Pulse has nothing sealed (each figure acts in its turn, in the open), so it is played at the laptop".into())
    }
    fn handle(&mut self, input: crate::tui::input::Input) -> crate::tui::input::Effect {
        App::handle(self, input)
    }
    fn draw(&self, frame: &mut ratatui::Frame) {
        ui::draw(frame, self);
    }
    fn save_on_exit(&mut self) -> LastSave {
        App::save_on_exit(self)
    }
}
