//! The DragonQuest display's history keys (issue 18): the list of the
//! session's points, `hexmelee replay`'s stepping, export and the legend.
//! Every change of the battle here is a replay of the session's own log
//! (undo is replay to an earlier point), as in Shakhàn's display.

use super::{App, Overlay};
use crate::rulesets::dragonquest::display::keys::Story;
use crate::session::export;
use crate::words::count;

/// Where the referee is looking in the history list and the legend.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Browse {
    /// The point chosen in the history list.
    pub point: usize,
    /// Rows of the legend scrolled past.
    pub legend_row: usize,
    /// Rows of the help scrolled past (it is longer than a laptop's screen).
    pub help_row: usize,
}

impl App {
    /// Whether the display is stepping through a saved battle.
    pub fn replaying(&self) -> bool {
        self.overlays.contains(&Overlay::Replay)
    }

    /// Replay from the start of the log: nothing is answered until `p`.
    pub fn start_replay(&mut self) {
        if !self.replaying() {
            self.overlays.insert(0, Overlay::Replay);
        }
        self.go(0, "replay at");
    }

    pub(super) fn story(&mut self, key: Story) {
        match key {
            Story::History => {
                self.story.point = self.session.cursor();
                self.overlays.push(Overlay::History);
            }
            Story::HistoryMove(by) => {
                let last = self.session.log().len() as i64;
                self.story.point =
                    (self.story.point as i64 + i64::from(by)).clamp(0, last) as usize;
            }
            Story::HistoryGo => {
                self.overlays.retain(|o| *o != Overlay::History);
                self.go(self.story.point, "went to");
            }
            Story::Step(by) => {
                let to = self.session.cursor() as i64 + i64::from(by);
                if (0..=self.session.saved() as i64).contains(&to) {
                    self.go(to as usize, "at");
                } else if by < 0 {
                    self.info("the start of the battle");
                } else {
                    self.at_end();
                }
            }
            Story::StepPulse(forward) => {
                // DragonQuest's moment is the Pulse.
                let to = self
                    .session
                    .step_by(forward, |&pulse| pulse)
                    .min(self.session.saved().max(self.session.cursor()));
                if forward && to == self.session.cursor() {
                    self.at_end();
                } else {
                    self.go(to, "at");
                }
            }
            Story::ReplayEnd(end) => {
                let to = if end { self.session.saved() } else { 0 };
                self.go(to, "at");
            }
            Story::PlayHere => self.play_here(),
            Story::Export => self.export(),
            Story::Legend => {
                self.story.legend_row = 0;
                self.overlays.push(Overlay::Legend);
            }
            Story::LegendScroll(by) => {
                self.story.legend_row = self.story.legend_row.saturating_add_signed(by as isize);
            }
            Story::HelpScroll(by) => {
                self.story.help_row = self.story.help_row.saturating_add_signed(by as isize);
            }
        }
    }

    /// Stepping forward has reached the end of what was played.
    fn at_end(&mut self) {
        match self.session.log().len() - self.session.cursor() {
            0 => self.info("the end of the log"),
            undone => self.info(format!(
                "the end of the battle as saved: {} after it (h lists them)",
                count(undone, "undone command", "undone commands")
            )),
        }
    }

    /// Replay the log to `index` and say where the battle stands, or why not.
    fn go(&mut self, index: usize, verb: &str) {
        if let Err(e) = self.session.goto(index) {
            return self.error(e.to_string());
        }
        self.log.latest();
        self.sync(true);
        let at = self.session.cursor();
        let label = self
            .session
            .points()
            .get(at)
            .map_or(String::new(), |p| p.label.clone());
        self.info(format!("{verb} {at}/{}: {label}", self.session.log().len()));
        if !self.replaying() {
            self.autosave();
        }
    }

    /// `p` in a replay: play on from this point; the next answer drops
    /// the commands after it (a new branch), as undo's does.
    fn play_here(&mut self) {
        self.overlays.retain(|o| *o != Overlay::Replay);
        let tail = self.session.log().len() - self.session.cursor();
        self.sync(true);
        self.info(if tail > 0 {
            format!(
                "playing from here: the next answer drops the {} after it (u/U still step)",
                count(tail, "command", "commands")
            )
        } else {
            "playing from here".to_string()
        });
    }

    /// The log, as Markdown and as text, beside the save (else the
    /// autosave, else the default save path), up to the point shown.
    fn export(&mut self) {
        let base = export::base(
            &self.session,
            self.save_path.as_deref(),
            self.autosave.dir(),
        );
        let base = match base {
            Ok(p) => p,
            Err(e) => return self.error(e.to_string()),
        };
        let session = &self.session;
        match export::write_beside(&base, |f| {
            crate::rulesets::dragonquest::session::render(session, f)
        }) {
            Ok([md, txt]) => self.info(format!(
                "exported the Referee's record to {} and {}",
                md.display(),
                txt.display()
            )),
            Err(e) => self.error(format!("export failed: {e}")),
        }
    }
}
