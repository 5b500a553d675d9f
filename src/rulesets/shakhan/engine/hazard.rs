//! Shakhàn 16.13.5–16.13.13 in a battle: the Referee applies a hazard to a
//! figure at any prompt (`Command::Hazard`), and what is left for after the
//! battle is listed per figure.

use super::event::{Event, HazardEvent};
use super::state::Battle;
use crate::rulesets::shakhan::rules::Card;
use crate::rulesets::shakhan::rules::condition::{MoraleCause, wound_calls_for_morale};
use crate::rulesets::shakhan::rules::hazard::{
    AftermathCheck, Hazard, Victim, aftermath_checks, resolve,
};
use crate::seam::{FigureId, Rejection};

impl Battle {
    /// Shakhàn 16.13.5–16.13.13: roll the hazard on the figure as it is now
    /// and apply the wound; a wound that hurts calls for a Morale Check.
    pub(super) fn apply_hazard(
        &mut self,
        figure: FigureId,
        hazard: &Hazard,
    ) -> Result<(), Rejection> {
        let Some(f) = self.figures.get(figure.0) else {
            return Err(Rejection(format!("there is no figure {figure}")));
        };
        if f.condition.is_dead() {
            return Err(Rejection(format!("{} is already dead", f.name)));
        }
        hazard.check().map_err(Rejection)?;
        let r = f.condition.effective_requisites(&f.character.requisites);
        let target = super::strike::target(
            &f.character,
            &f.factors,
            &f.gear,
            Card::G,
            false,
            self.tables,
        );
        let victim = Victim {
            target: &target,
            agility: r.agility,
            adjusted_agility: f.factors.adjusted_agility,
            constitution: r.constitution,
            willpower: r.willpower,
            bdr: f.factors.bdr,
            dodge_dmod: self.options.dodge_dmod,
            critical_checks: self.options.hazard_critical_checks,
        };
        let outcome = resolve(hazard, &victim, self.tables, &mut self.dice);
        let calls = wound_calls_for_morale(&outcome.wound);
        self.push(Event::Hazard(Box::new(HazardEvent {
            figure,
            hazard: hazard.clone(),
            outcome,
        })));
        if calls {
            self.morale_check(figure, MoraleCause::Wounded);
        }
        Ok(())
    }

    /// Shakhàn 16.13.4–16.13.6: the checks and notes a figure carries out of
    /// the battle.
    pub fn aftermath(&self, id: FigureId) -> Vec<AftermathCheck> {
        let bled_out = self.events.iter().any(|e| {
            matches!(e, Event::Upkeep { figure, report }
                if *figure == id && report.bleeding_out.is_some())
        });
        let notes: Vec<String> = self
            .events
            .iter()
            .filter_map(|e| match e {
                Event::Hazard(h) if h.figure == id => Some(h.outcome.aftermath.clone()),
                _ => None,
            })
            .flatten()
            .collect();
        aftermath_checks(&self.figures[id.0].condition, bled_out, &notes)
    }
}
