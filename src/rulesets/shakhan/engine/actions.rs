//! Non-combat actions under G that take Action Points over pulses or rounds
//! (16.9.4, 16.9.8) and are spoiled by attacks (16.9.4.1).

use super::command::FigureMove;
use super::event::Event;
use super::state::Battle;
use crate::rulesets::shakhan::rules::Card;
use crate::rulesets::shakhan::rules::character::gauntleted_dexterity;
use crate::rulesets::shakhan::rules::condition::Check;
use crate::seam::{FigureId, SideId};

impl Battle {
    /// At the reveal: a figure playing G with an action begins it (unless it
    /// already has it under way); one no longer playing G drops it.
    pub(super) fn begin_actions(&mut self) {
        for id in (0..self.figures.len()).map(FigureId) {
            let f = &self.figures[id.0];
            let wanted = f
                .round
                .cards
                .iter()
                .find(|c| c.card() == Card::G && c.order.action.is_some())
                .and_then(|c| c.order.action)
                .or_else(|| self.load_continues(id));
            match (f.action, wanted) {
                (Some(a), Some(w)) if a.activity == w => {}
                (under_way, Some(activity)) => {
                    if under_way.is_some() {
                        self.push(Event::ActionAbandoned { figure: id });
                    }
                    let needed = self.tables.actions.cost(activity);
                    self.push(Event::ActionBegun {
                        figure: id,
                        activity,
                        needed,
                    });
                }
                (Some(_), None) if !f.condition.is_out() => {
                    self.push(Event::ActionAbandoned { figure: id })
                }
                _ => {}
            }
        }
    }

    /// 16.9.8 and the ban on combining actions (16.9.4): in its side's Action
    /// Phase, a figure with an action under way that did not move spends its
    /// pulse allowance on it; the action is done once its cost is paid.
    pub(super) fn work_on_actions(&mut self, side: SideId, moves: &[FigureMove]) {
        for id in (0..self.figures.len()).map(FigureId) {
            if self.figures[id.0].side == side.0 && !moves.iter().any(|m| m.figure == id) {
                self.work_on_action(id);
            }
        }
    }

    /// Shakhàn 16.9.4, last paragraph of Action Points: checked moves, made
    /// with any combined action. A figure whose G card `combine`s its action
    /// under way and that moves makes the (Agility + Dexterity) × 2.5 Saving
    /// Throw first: passed, it moves and then works on its action with the
    /// pulse AP left; failed, it falls prone where it stands and loses all
    /// the pulse AP it meant for both (the move is not made).
    pub(super) fn move_and_combine(&mut self, moves: &[FigureMove]) {
        let mut made = Vec::with_capacity(moves.len());
        let mut combined = Vec::new();
        for m in moves {
            if m.steps.is_empty() || !self.combines(m.figure) {
                made.push(m.clone());
                continue;
            }
            let f = &self.figures[m.figure.0];
            let r = f.condition.effective_requisites(&f.character.requisites);
            // 16.4: gauntlets halve the Dexterity here as everywhere.
            let dexterity = gauntleted_dexterity(&f.character, r.dexterity);
            let score =
                (f64::from(r.agility) + dexterity) * self.tables.actions.combined_actions_dmod;
            // A whole d100 at or under 57.5 is one at or under 57 (docs/RULINGS.md,
            // fractions kept where the book compares).
            let check = Check::roll(score.floor() as i32, &mut self.dice);
            let lost_ap = f.round.pulse_left.min(f.round.ap_left);
            self.push(Event::CombinedActions {
                figure: m.figure,
                check,
                lost_ap,
            });
            if check.passed() {
                made.push(m.clone());
                combined.push(m.figure);
            }
        }
        self.execute_moves(&made);
        for id in combined {
            self.work_on_action(id);
        }
    }

    /// The figure has an action under way and its G card combines it with
    /// movement (16.9.4).
    fn combines(&self, id: FigureId) -> bool {
        let f = &self.figures[id.0];
        f.action.is_some()
            && f.round
                .cards
                .iter()
                .any(|c| c.card() == Card::G && c.order.combine)
    }

    /// [`Self::work_on_actions`] for one figure that did not move.
    pub(super) fn work_on_action(&mut self, id: FigureId) {
        let f = &self.figures[id.0];
        let Some(action) = f.action else { return };
        if !f.condition.can_act() {
            return;
        }
        let ap = f
            .round
            .pulse_left
            .min(f.round.ap_left)
            .min(action.needed - action.spent);
        if ap > 0.0 {
            self.push(Event::ActionWorked {
                figure: id,
                ap,
                so_far: action.spent + ap,
            });
        }
        if action.spent + ap >= action.needed - 1e-9 {
            self.push(Event::ActionDone {
                figure: id,
                activity: action.activity,
            });
        }
    }
}
