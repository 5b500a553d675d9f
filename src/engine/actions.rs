//! Non-combat actions under G that take Action Points over pulses or rounds
//! (16.9.4, 16.9.8) and are spoiled by attacks (16.9.4.1).

use super::command::FigureMove;
use super::event::Event;
use super::{Battle, FigureId, SideId};
use crate::rules::shakhan::Card;

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
            self.push(Event::ActionWorked { figure: id, ap });
        }
        if action.spent + ap >= action.needed - 1e-9 {
            self.push(Event::ActionDone {
                figure: id,
                activity: action.activity,
            });
        }
    }
}
