//! Standing answers: what the display answers without a key, so a round at
//! the table costs the keys of its decisions and no more. The Referee sets
//! Divine Intervention and movement priority once per battle (`O`); each
//! figure's orders say how it moves (16.9.7). Every answer goes through
//! [`App::submit`] like a typed one, so the log, undo and replays see no
//! difference; undo steps back over them to the last question a person
//! answered.

use crate::rulesets::shakhan::ai;
use crate::rulesets::shakhan::engine::{Battle, Command, MoveStance, Prompt};
use crate::seam::{FigureId, SideId};
use crate::words::counted;

use super::{App, OrdersDraft, Overlay};

/// Whether the Referee is asked for Divine Intervention each round (16.14.3.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum DivineDefault {
    /// Nobody calls on the gods unless the Referee opens the question (`:`).
    #[default]
    None,
    Ask,
}

/// Who decides movement priority (16.14.3) when nobody is asked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum PriorityDefault {
    /// What the AI would choose for the side with Initiative.
    #[default]
    AsAi,
    /// The side with Initiative moves first.
    First,
    /// The side with Initiative moves second, to see where the enemy goes.
    Second,
    /// The side with Initiative is asked every round.
    Ask,
}

/// The Referee's standing answers for this battle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Standing {
    pub divine: DivineDefault,
    pub priority: PriorityDefault,
    /// How a figure moves when its player says nothing (`M` per figure).
    pub moves: MoveStance,
}

impl Default for Standing {
    fn default() -> Self {
        Standing {
            divine: DivineDefault::default(),
            priority: PriorityDefault::default(),
            moves: MoveStance::WithCard,
        }
    }
}

impl Standing {
    /// Every question asked, as before standing answers: each prompt waits
    /// for its key.
    pub fn asking() -> Standing {
        Standing {
            divine: DivineDefault::Ask,
            priority: PriorityDefault::Ask,
            moves: MoveStance::Ask,
        }
    }

    pub fn moves_words(self) -> &'static str {
        match self.moves {
            MoveStance::WithCard => "with their card (toward the target; back under E, F)",
            MoveStance::Stand => "they stand",
            MoveStance::Ask => "asked each pulse",
        }
    }

    pub fn divine_words(self) -> &'static str {
        match self.divine {
            DivineDefault::None => "none (O, d: asked, to record a call)",
            DivineDefault::Ask => "asked every round",
        }
    }

    pub fn priority_words(self) -> &'static str {
        match self.priority {
            PriorityDefault::AsAi => "the AI's choice for the side with Initiative",
            PriorityDefault::First => "the side with Initiative moves first",
            PriorityDefault::Second => "the side with Initiative moves second",
            PriorityDefault::Ask => "asked every round",
        }
    }
}

/// How many answers one chain may give: a round has a few dozen prompts; a
/// bound keeps a bug from hanging the table.
const CHAIN_LIMIT: usize = 500;

impl App {
    /// Whether the AI answers `side`'s prompts now: for the battle, or for
    /// this round after `A` … `r`.
    pub fn played_by_ai(&self, side: SideId) -> bool {
        self.ai.get(side.0).copied().unwrap_or(false)
            || self.ai_round.get(side.0).copied().flatten() == Some(self.battle().round())
    }

    /// The answer the display gives to the current prompt without a key.
    pub(super) fn standing_answer(&self) -> Option<Command> {
        let b = self.battle();
        let prompt = b.prompt();
        if self.owner(&prompt).is_some_and(|s| self.played_by_ai(s)) {
            return None;
        }
        match prompt {
            Prompt::DivineIntervention if self.standing.divine == DivineDefault::None => {
                Some(Command::DivineIntervention { note: None })
            }
            Prompt::MovementPriority { .. } => {
                let move_first = match self.standing.priority {
                    PriorityDefault::Ask => return None,
                    PriorityDefault::First => true,
                    PriorityDefault::Second => false,
                    PriorityDefault::AsAi => match ai::answer(b, &prompt) {
                        Command::MovementPriority { move_first } => move_first,
                        _ => return None,
                    },
                };
                Some(Command::MovementPriority { move_first })
            }
            Prompt::Movement { side, .. } => {
                let movers = movers(b, side);
                let all_planned = movers.iter().all(|&id| stance(b, id) != MoveStance::Ask);
                all_planned.then(|| Command::Move {
                    moves: planned(b, side, &movers),
                })
            }
            Prompt::FigureMovement { figure, .. } => {
                let side = SideId(b.figure(figure).side);
                (stance(b, figure) != MoveStance::Ask).then(|| Command::Move {
                    moves: planned(b, side, &[figure]),
                })
            }
            _ => None,
        }
    }

    /// Give every standing answer in a row, up to the next question a person
    /// (or an AI side) answers. Says in the note what was answered.
    pub(super) fn answer_standing(&mut self) {
        let mut given = Vec::new();
        for _ in 0..CHAIN_LIMIT {
            let Some(command) = self.standing_answer() else {
                break;
            };
            let word = match &command {
                Command::DivineIntervention { .. } => "Divine Intervention (none)",
                Command::MovementPriority { .. } => "movement priority",
                _ => "moves planned with the orders",
            };
            if let Err(e) = self.session.submit(command) {
                // A planned move the engine refuses: the side is asked.
                self.error(format!("{word}: {e}; enter it by hand"));
                return;
            }
            if !given.contains(&word) {
                given.push(word);
            }
        }
        if !given.is_empty() {
            self.info(format!(
                "answered without a key: {} (O changes the standing answers; M a figure's moves)",
                given.join(", ")
            ));
        }
    }

    /// `u`: the last entry of the draft being written, else the battle back to
    /// the last question a person answered (standing answers are undone with
    /// the answer that led to them). Sealed orders undone come back as the
    /// draft, to be edited rather than written again.
    pub(super) fn undo(&mut self) {
        let draft_undone = match self.mode() {
            super::Mode::Orders => self.orders.as_mut().is_some_and(|d| d.undo()),
            super::Mode::Movement => self.moves.as_mut().is_some_and(|d| d.undo()),
            _ => false,
        };
        if draft_undone {
            self.refresh();
            self.info("undone: the last entry (u again goes on)");
            return;
        }
        // A side writing its orders must not get back another side's sealed
        // ones: they come back as a draft only to the hand-over.
        let writing = self.entering_side();
        if !self.session.undo() {
            self.info("nothing to undo: this is the start of the battle");
            return;
        }
        let mut steps = 1;
        while self.standing_answer().is_some() && self.session.undo() {
            steps += 1;
        }
        let undone = self.session.log().get(self.session.cursor()).cloned();
        self.moved(&format!("undone ({})", counted(steps, "step")));
        if let Some(Command::Orders { side, orders }) = undone
            && writing.is_none_or(|w| w == side)
            && let Some(d) = self.orders.as_mut().filter(|d| d.side == side)
        {
            d.restore(&orders);
        }
    }

    /// `U`: redo the step undone, and the standing answers after it.
    pub(super) fn redo(&mut self) {
        if !self.session.redo() {
            self.info("nothing to redo");
            return;
        }
        let mut steps = 1;
        while self.standing_answer().is_some() && self.session.redo() {
            steps += 1;
        }
        self.moved(&format!("redone ({})", counted(steps, "step")));
    }

    /// Set the standing answers; orders not yet touched take the new moves.
    pub fn set_standing(&mut self, standing: Standing) {
        self.standing = standing;
        if let Some(d) = &mut self.orders
            && d.untouched()
        {
            *d = OrdersDraft::new(self.session.battle(), d.side, standing.moves);
            self.fill_pinned();
        }
    }

    pub(super) fn cycle_moves_default(&mut self) {
        let mut s = self.standing;
        s.moves = next_moves(s.moves);
        self.set_standing(s);
        let words = s.moves_words();
        self.info(format!(
            "figures' moves when their orders say nothing: {words}"
        ));
    }

    pub(super) fn open_options(&mut self) {
        self.overlays.push(Overlay::Options);
    }

    pub(super) fn cycle_divine(&mut self) {
        self.standing.divine = match self.standing.divine {
            DivineDefault::None => DivineDefault::Ask,
            DivineDefault::Ask => DivineDefault::None,
        };
        let words = self.standing.divine_words();
        self.info(format!("Divine Intervention: {words}"));
    }

    pub(super) fn cycle_priority(&mut self) {
        self.standing.priority = match self.standing.priority {
            PriorityDefault::AsAi => PriorityDefault::First,
            PriorityDefault::First => PriorityDefault::Second,
            PriorityDefault::Second => PriorityDefault::Ask,
            PriorityDefault::Ask => PriorityDefault::AsAi,
        };
        let words = self.standing.priority_words();
        self.info(format!("movement priority: {words}"));
    }

    /// After the options close: a prompt the new answers cover is answered.
    pub(super) fn options_closed(&mut self) {
        if !self.replay {
            self.answer_standing();
            self.sync();
            self.autosave();
        }
    }

    /// `A`: a human side asks "this round or the rest"; an AI side goes back
    /// to a person at once.
    pub(super) fn toggle_ai(&mut self) {
        let side = self.side_to_answer();
        let name = self.battle().sides()[side.0].name.clone();
        if self.played_by_ai(side) {
            self.ai[side.0] = false;
            self.ai_round[side.0] = None;
            self.info(format!("{name}: a person plays again"));
        } else {
            self.overlays.push(Overlay::AiAsk);
        }
    }

    pub(super) fn ai_for(&mut self, rest: bool) {
        self.overlays.retain(|o| *o != Overlay::AiAsk);
        let side = self.side_to_answer();
        let name = self.battle().sides()[side.0].name.clone();
        // The AI plays at the auto pace, a step a tick, so the table watches
        // it without pressing a key per answer (P steps by key again).
        self.auto = true;
        if rest {
            self.ai[side.0] = true;
            self.info(format!(
                "{name}: the AI plays for the rest of the battle (A gives it back; P steps by key)"
            ));
        } else {
            self.ai_round[side.0] = Some(self.battle().round());
            self.info(format!("{name}: the AI plays this round (P steps by key)"));
        }
    }
}

/// The side's figures that may move in this pulse.
fn movers(b: &Battle, side: SideId) -> Vec<FigureId> {
    b.figures()
        .iter()
        .filter(|f| f.side == side.0 && super::can_move(f))
        .map(|f| f.id)
        .collect()
}

fn stance(b: &Battle, id: FigureId) -> MoveStance {
    b.figure(id).round.moves
}

/// The moves of `figures` that move with their card; the rest stand.
pub(super) fn planned(
    b: &Battle,
    side: SideId,
    figures: &[FigureId],
) -> Vec<crate::rulesets::shakhan::engine::FigureMove> {
    let with_card: Vec<FigureId> = figures
        .iter()
        .copied()
        .filter(|&id| stance(b, id) == MoveStance::WithCard)
        .collect();
    if with_card.is_empty() {
        return Vec::new();
    }
    ai::planned_moves(b, side, &with_card)
}

/// The stances `M` cycles, in order.
pub(super) fn next_moves(m: MoveStance) -> MoveStance {
    match m {
        MoveStance::WithCard => MoveStance::Stand,
        MoveStance::Stand => MoveStance::Ask,
        MoveStance::Ask => MoveStance::WithCard,
    }
}
