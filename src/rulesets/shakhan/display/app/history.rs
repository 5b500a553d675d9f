//! The session's keys (issue 8): undo, redo, the history list, replay
//! stepping, saving, exporting, autosaving and the resume offer. Every
//! change of the battle here is a replay of the session's own log.

use std::path::{Path, PathBuf};

use super::{App, LineInput, LineKind, Overlay};
use crate::rulesets::shakhan::display::keys::Action;
use crate::rulesets::shakhan::engine::{Battle, Phase};
use crate::rulesets::shakhan::session::{Moment, Session, render, where_in};
use crate::seam::View;
use crate::session::autosave::{self, LastSave};
use crate::session::export;
use crate::words::count;

/// Where a point stands by pulse: round, and the pulse (0 outside the
/// pulses), for stepping pulse by pulse.
fn pulse_of(at: &Moment) -> (u32, bool, u8) {
    let pulse = match at.phase {
        Phase::Attack { pulse, .. } | Phase::Action { pulse, .. } => pulse,
        _ => 0,
    };
    (at.round, at.free_round, pulse)
}

impl App {
    pub(super) fn session_action(&mut self, action: Action) {
        match action {
            Action::Undo => self.undo(),
            Action::Redo => self.redo(),
            Action::History => {
                self.history = self.session.cursor();
                self.overlays.push(Overlay::History);
            }
            Action::HistoryMove(by) => {
                let last = self.session.log().len() as i64;
                self.history = (self.history as i64 + i64::from(by)).clamp(0, last) as usize;
            }
            Action::HistoryGo => {
                self.overlays.retain(|o| *o != Overlay::History);
                self.go(self.history, "went to");
            }
            Action::Step(by) => {
                let to = self.session.cursor() as i64 + i64::from(by);
                if (0..=self.step_end() as i64).contains(&to) {
                    self.go(to as usize, "at");
                } else if by < 0 {
                    self.info("the start of the battle");
                } else {
                    self.at_end();
                }
            }
            Action::StepPulse(by) => {
                let to = self
                    .pulse_step(by > 0)
                    .min(self.step_end().max(self.session.cursor()));
                if by > 0 && to == self.session.cursor() {
                    self.at_end();
                } else {
                    self.go(to, "at");
                }
            }
            Action::ReplayEnd(end) => {
                let to = if end { self.step_end() } else { 0 };
                self.go(to, "at");
            }
            Action::PlayFromHere => {
                self.replay = false;
                let tail = self.session.log().len() - self.session.cursor();
                self.sync();
                self.info(if tail > 0 {
                    format!(
                        "playing from here: the next command drops the {} after it (u/U still step)",
                        count(tail, "command", "commands")
                    )
                } else {
                    "playing from here".to_string()
                });
            }
            Action::Save => {
                let text = self.default_save_path().display().to_string();
                self.line = Some(LineInput::new(LineKind::SaveAs, text));
                self.overlays.push(Overlay::Line);
            }
            Action::Export => self.export(),
            Action::Resume(resume) => self.answer_offer(resume),
            _ => {}
        }
    }

    /// Where stepping forward stops: the point the save was at, not the
    /// undone branch after it (redo or the history list reach that).
    fn step_end(&self) -> usize {
        self.session.saved()
    }

    /// Stepping forward has reached the end of what happened.
    fn at_end(&mut self) {
        let undone = self.session.log().len() - self.session.cursor();
        if undone > 0 {
            self.info(format!(
                "the end of the battle as saved: {} after it (U redoes one, h lists them)",
                count(undone, "undone command", "undone commands")
            ));
        } else {
            self.info("the end of the log");
        }
    }

    /// Replay the log to `index`, or say why not.
    fn go(&mut self, index: usize, verb: &str) {
        match self.session.goto(index) {
            Ok(()) => self.moved(verb),
            Err(e) => self.error(e.to_string()),
        }
    }

    /// After undo, redo or a jump: the drafts follow the battle, the pace
    /// stops (an auto pace would answer the AI's prompt again at once), the
    /// autosave keeps the new cursor.
    pub(super) fn moved(&mut self, verb: &str) {
        self.auto = false;
        self.log.pager.latest();
        self.orders = None;
        self.moves = None;
        self.sync();
        let at = self.session.cursor();
        let label = self
            .session
            .points()
            .get(at)
            .map_or(String::new(), |p| p.label.clone());
        self.info(format!("{verb} {at}/{}: {label}", self.session.log().len()));
        if !self.replay {
            self.autosave();
        }
    }

    /// The point a pulse forward (the first of the next pulse) or back (the
    /// first of this pulse, or of the one before when already there).
    fn pulse_step(&self, forward: bool) -> usize {
        self.session.step_by(forward, pulse_of)
    }

    /// The last autosave before the display ends without a quit (a signal),
    /// and what is on disk after it. None while an unfinished autosave is
    /// offered (until the referee answers, the one on disk is the battle,
    /// and the fresh one is nothing), nor in a replay.
    pub fn save_on_exit(&mut self) -> LastSave {
        if let Some(offered) = &self.offer {
            return self.autosave.offered(offered);
        }
        if self.replay {
            return LastSave::replay();
        }
        self.autosave.on_exit(&self.session)
    }

    /// Write the autosave, if autosaving; a failure is a note and a warning
    /// that stays in sight until a save succeeds, never a stop.
    pub(super) fn autosave(&mut self) {
        if let Err(e) = self.autosave.save(&self.session) {
            self.error(format!("autosave failed (play goes on): {e}"));
        }
    }

    /// The save key's first suggestion: the last file, else
    /// `<scenario>-save.ron` in the working directory.
    fn default_save_path(&self) -> PathBuf {
        self.save_path
            .clone()
            .unwrap_or_else(|| self.session.save_name())
    }

    /// Save to the path typed; on failure the line stays open with why.
    pub(super) fn save_to(&mut self, path: &Path) {
        match self.session.save(path) {
            Ok(()) => {
                let shown = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
                self.save_path = Some(path.to_path_buf());
                self.autosave
                    .saved_by_hand(shown.clone(), self.session.log().len());
                self.close_line();
                self.info(format!(
                    "saved to {} ({})",
                    shown.display(),
                    count(self.session.log().len(), "command", "commands")
                ));
            }
            Err(e) => {
                if let Some(l) = &mut self.line {
                    l.error = Some(e.to_string());
                }
            }
        }
    }

    /// The log, as Markdown and as text, beside the save (else the
    /// autosave, else the default save path), in the view shown.
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
        let view = self.shown_view();
        let written =
            match export::write_beside(&base, |format| render(&self.session, format, view)) {
                Ok(w) => w,
                Err(e) => return self.error(format!("export failed: {e}")),
            };
        let view = match view {
            View::Table => "table",
            View::Referee => "referee",
        };
        self.info(format!(
            "exported the {view} view to {} and {}",
            written[0].display(),
            written[1].display()
        ));
    }

    /// Replay mode from the start of the log: nothing can be entered until
    /// "play from here".
    pub fn start_replay(&mut self) {
        self.replay = true;
        self.go(0, "replay at");
    }

    /// Look for an unfinished autosave of this scenario in the autosave
    /// directory and offer it; one that cannot be read is a note.
    pub fn offer_autosave(&mut self) {
        let Some(dir) = self.autosave.dir() else {
            return;
        };
        match autosave::find_in::<Battle>(dir, self.session.origin(), self.session.source()) {
            Ok(Some(found)) if found.session.battle().outcome().is_none() => {
                self.offer(found.session)
            }
            Ok(_) => {}
            Err(e) => self.error(format!(
                "the autosave could not be read (a new battle): {e}"
            )),
        }
    }

    /// Offer an unfinished autosave: a modal asks to resume or start new.
    pub fn offer(&mut self, saved: Session) {
        self.offer = Some(Box::new(saved));
        self.overlays.push(Overlay::Resume);
    }

    /// The offered autosave, for the modal.
    pub fn offered(&self) -> Option<&Session> {
        self.offer.as_deref()
    }

    fn answer_offer(&mut self, resume: bool) {
        self.overlays.retain(|o| *o != Overlay::Resume);
        let Some(saved) = self.offer.take() else {
            return;
        };
        if resume {
            let at = where_in(saved.battle());
            self.session = *saved;
            self.autosave.took_offer(&self.session);
            // Written again at once: what stands on disk is this battle,
            // whatever happened to the file while the question was asked.
            if let Err(why) = self.autosave.save(&self.session) {
                self.error(format!("autosave failed (play goes on): {why}"));
            }
            self.orders = None;
            self.moves = None;
            self.ai = vec![false; self.battle().sides().len()];
            self.sync();
            self.fit_map();
            self.info(format!("resumed the autosave: {at}"));
        } else {
            let gone = self
                .autosave
                .dir()
                .map(|d| autosave::discard_in(d, self.session.origin(), self.session.source()));
            match gone {
                Some(Err(e)) => self.error(e.to_string()),
                _ => self.info("a new battle; the autosave was discarded"),
            }
        }
        // The battle is chosen: the seats open on it.
        self.publish();
    }
}
