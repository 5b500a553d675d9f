//! Shakhàn 16.13.4 after the last round: who stanches whose bleeding, and the
//! Melee Rounds in which untended wounds bleed on (and delayed deaths come)
//! until none is left.

use super::event::Event;
use super::state::Battle;
use crate::rulesets::shakhan::rules::condition::{Life, UpkeepInput, Withdrawal};
use crate::rulesets::shakhan::rules::tables::criticals::Requisite;
use crate::rulesets::shakhan::scenario::Tending;
use crate::seam::FigureId;

/// A game hour of Melee Rounds: far beyond any bleed (at most 100 rounds) or
/// delayed death of section 16, so only a guard.
const MAX_ROUNDS_AFTER: u32 = 720;

impl Battle {
    /// Shakhàn 16.13.4: when the battle is over the wounded of a side with a
    /// figure still able to act are stanched (the scenario's `tend_wounded`
    /// says whose), and so is any figure awake to bind its own; every other bleeding figure goes on losing Fatigue round
    /// by round, checking to stay conscious and, unconscious and drained, to
    /// live each game minute, unattended; delayed deaths (16.15.5–10) count
    /// down for everyone. It stops when nothing is left to bleed or count.
    pub(super) fn after_battle(&mut self) {
        let standing = [0, 1].map(|s| self.active(s).next().is_some());
        let tends = match self.options.tend_wounded {
            Tending::Friends => standing,
            Tending::Everyone => [standing[0] || standing[1]; 2],
            Tending::Nobody => [false; 2],
        };
        let self_help = self.options.tend_wounded != Tending::Nobody;
        for id in (0..self.figures.len()).map(FigureId) {
            let f = &self.figures[id.0];
            let c = &f.condition;
            // The wounded may stanch their own wounds (16.13.4): a figure
            // awake and able binds its own, a surrendered one too.
            let awake = c.life() == Life::Active && !c.is_incapacitated();
            if (tends[f.side] || (self_help && awake)) && self.lingers(id) && !c.bleeds().is_empty()
            {
                self.push(Event::WoundsTended { figure: id });
            }
        }
        for round in 1..=MAX_ROUNDS_AFTER {
            let due: Vec<FigureId> = (0..self.figures.len())
                .map(FigureId)
                .filter(|&id| {
                    let c = &self.figures[id.0].condition;
                    self.lingers(id) && (!c.bleeds().is_empty() || c.dying_in().is_some())
                })
                .collect();
            if due.is_empty() {
                return;
            }
            self.push(Event::AfterBattleRound { round });
            for id in due {
                let f = &self.figures[id.0];
                let input = UpkeepInput {
                    agility: f
                        .condition
                        .effective_requisite(f.character.requisites.agility, Requisite::Agility),
                    attended: false,
                    fighting: false,
                    faint_on_willpower: self.options.faint_on_willpower,
                };
                let report = f.condition.upkeep(&input, &mut self.dice);
                if !report.is_empty() {
                    self.push(Event::Upkeep {
                        figure: id,
                        report: Box::new(report),
                    });
                }
            }
        }
    }

    /// Alive and still on the scene: the fled and the removed are beyond
    /// the Referee's book-keeping.
    fn lingers(&self, id: FigureId) -> bool {
        let c = &self.figures[id.0].condition;
        !c.is_dead() && !matches!(c.withdrawn(), Some(Withdrawal::Fled | Withdrawal::Removed))
    }
}
