//! Shakhàn 16.9.10 Optional Initiative System in the round: per-figure
//! priority decides the order of strikes and of Action Phases
//! (docs/RULINGS.md).

use super::command::FigureMove;
use super::event::{Event, Phase};
use super::flow::pulses;
use super::state::Battle;
use crate::rulesets::shakhan::rules::priority::{Contender, priority};
use crate::rulesets::shakhan::scenario::InitiativeSystem;
use crate::seam::{FigureId, Rejection, SideId};

impl Battle {
    /// Whether the scenario plays the Optional Initiative System.
    pub(super) fn per_figure_initiative(&self) -> bool {
        self.options.initiative == InitiativeSystem::Optional
    }

    /// Shakhàn 16.9.10: priority by Adjusted Agility, ties by MA, then dice.
    /// Both stay fixed through a battle, so it is decided once.
    pub(super) fn determine_priority(&mut self) {
        let contenders: Vec<Contender<FigureId>> = self
            .figures
            .iter()
            .map(|f| Contender {
                key: f.id,
                adjusted_agility: f.factors.adjusted_agility,
                ma: f.factors.ma.0,
            })
            .collect();
        let p = priority(&contenders, &mut self.dice);
        self.push(Event::PriorityDetermined {
            order: p.order,
            tie_rolls: p.tie_rolls,
        });
    }

    /// Who strikes first in an Attack Phase: by priority under 16.9.10;
    /// otherwise the side with Initiative, then the other, each in scenario
    /// order (16.14.3.6).
    pub(super) fn strike_order(&self) -> impl Iterator<Item = FigureId> + '_ {
        let by_priority = self.per_figure_initiative();
        let first = self.initiative.map_or(0, |s| s.0);
        // Asked before every strike: walked in place, never collected.
        let side = move |on_first: bool| {
            self.figures
                .iter()
                .filter(move |f| !by_priority && (f.side == first) == on_first)
                .map(|f| f.id)
        };
        let priority = if by_priority { &self.priority[..] } else { &[] };
        priority
            .iter()
            .copied()
            .chain(side(true))
            .chain(side(false))
    }

    /// The figure whose Action Phase is `rank`-th in a pulse: lowest priority first.
    pub(super) fn ranked(&self, rank: u8) -> FigureId {
        let n = self.priority.len();
        self.priority[n - 1 - usize::from(rank).min(n - 1)]
    }

    /// Whether a figure could do anything in its own Action Phase.
    pub(super) fn figure_may_move(&self, id: FigureId) -> bool {
        let f = &self.figures[id.0];
        f.condition.can_act() && !f.round.moved_this_pulse && f.round.pulse_left >= 1.0
    }

    /// The phase after an Attack Phase: the first Action Phase (a side's, or
    /// under 16.9.10 the lowest-priority figure's), or the next pulse.
    pub(super) fn after_attack(&self, pulse: u8, second: bool) -> Phase {
        if !self.per_figure_initiative() {
            return Phase::Action {
                pulse,
                side: self.mover(second),
            };
        }
        if !second {
            Phase::FigureAction { pulse, rank: 0 }
        } else if pulse < pulses(self.free_round) {
            Phase::Attack {
                pulse: pulse + 1,
                second: false,
            }
        } else {
            Phase::RecordKeeping
        }
    }

    /// 16.9.10: one figure's Action Phase: only its own move.
    pub(super) fn figure_move(
        &mut self,
        figure: FigureId,
        pulse: u8,
        moves: &[FigureMove],
    ) -> Result<(), Rejection> {
        if let Some(m) = moves.iter().find(|m| m.figure != figure) {
            return Err(Rejection(format!(
                "only {} moves in this Action Phase (16.9.10), not figure {}",
                self.figures[figure.0].name, m.figure
            )));
        }
        let side = SideId(self.figures[figure.0].side);
        self.check_moves(side, moves)?;
        self.move_and_combine(moves);
        let rank = match self.phase {
            Phase::FigureAction { rank, .. } => rank,
            _ => 0,
        };
        self.end_figure_action(pulse, rank, !moves.is_empty());
        Ok(())
    }

    /// Close a figure's Action Phase: a figure that did not move works on its
    /// action (16.9.8); then the next figure up, or the pulse's second Attack Phase.
    pub(super) fn end_figure_action(&mut self, pulse: u8, rank: u8, moved: bool) {
        if !moved {
            self.work_on_action(self.ranked(rank));
        }
        let phase = if usize::from(rank) + 1 < self.priority.len() {
            Phase::FigureAction {
                pulse,
                rank: rank + 1,
            }
        } else {
            Phase::Attack {
                pulse,
                second: true,
            }
        };
        self.push(Event::PhaseBegan { phase });
    }
}
