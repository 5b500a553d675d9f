//! DragonQuest 31: the Infection Check at the end of a fight, for every
//! figure wounded in it and still alive. The days after (a morning's cure
//! roll, D10 − 5 Endurance a day uncured) happen after the battle; the
//! check's line tells the Referee what to roll.

use super::event::Event;
use super::state::Battle;
use crate::rulesets::dragonquest::rules::damage::infection_chance;

impl Battle {
    /// DragonQuest 31: one D100 for each wounded, living figure, at or under
    /// the chance of infection. No natural weapons (bites, claws, talons)
    /// strike in this slice, so their +20 never applies.
    pub(super) fn infection_checks(&mut self) {
        for id in 0..self.figures.len() {
            let f = &self.figures[id];
            if !f.wounded || f.endurance == 0 {
                continue;
            }
            let endurance_lost = u32::from(f.endurance_max).saturating_sub(f.endurance);
            let chance = infection_chance(endurance_lost, false, &f.infection_risks);
            let injuries = f.infection_risks.iter().map(|&n| u32::from(n)).sum();
            let (figure, endurance) = (f.id, f.endurance_max);
            let roll = self.dice.d100();
            self.push(Event::InfectionCheck {
                figure,
                endurance_lost,
                injuries,
                chance,
                roll,
                infected: u32::from(roll.value()) <= chance,
                endurance,
            });
        }
    }
}
