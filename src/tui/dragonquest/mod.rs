//! The DragonQuest display (issue 18): the shared map, layout and terminal
//! loop over a `Session<dragonquest::Battle>`, with DragonQuest's own
//! roster, figure panel and order entry. The engine asks (its `Prompt`),
//! the display offers the actions the battle's dry check accepts (the AI's
//! first) and answers with a `Command` through the session.

pub mod app;
pub mod choices;
pub mod keys;
pub mod legend;
pub mod route;
pub mod scene;
pub mod strikes;
pub mod ui;
pub mod word;

pub use app::App;
pub use scene::Table;

impl crate::tui::terminal::Screen for App {
    fn handle(&mut self, input: crate::tui::app::Input) -> crate::tui::app::Effect {
        App::handle(self, input)
    }
    fn draw(&self, frame: &mut ratatui::Frame) {
        ui::draw(frame, self);
    }
    fn save_on_exit(&mut self) {
        App::save_on_exit(self);
    }
}
