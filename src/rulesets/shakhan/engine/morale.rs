//! When morale is tested in battle (16.9.6), and the situation a figure is in.

use super::event::Event;
use super::state::{Battle, Figure};
use crate::rulesets::shakhan::rules::condition::{
    Morale, MoraleCause, MoraleSituation, SideFortune, StandingBasis,
};
use crate::rulesets::shakhan::rules::tables::initiative::InitiativeModifierId;
use crate::rulesets::shakhan::scenario::MoraleStanding;
use crate::seam::FigureId;

impl Battle {
    /// Make a Morale Check for `id` if one is due for `cause`.
    pub(super) fn morale_check(&mut self, id: FigureId, cause: MoraleCause) {
        let situation = self.morale_situation(id);
        let f = &self.figures[id.0];
        if let Some(report) = f.condition.morale_check(&situation, cause, &mut self.dice) {
            self.push(Event::MoraleChecked {
                figure: id,
                report: Box::new(report),
            });
        }
    }

    /// 16.9.6: every modifier: levels and the occupation's row and a first
    /// serious fight from the figure, an ambush from the other side's
    /// Initiative claims, the side's circumstances from the scenario, and how
    /// the fight goes ([`Self::standing`]).
    fn morale_situation(&self, id: FigureId) -> MoraleSituation {
        let f = &self.figures[id.0];
        let occupations = &f.character.occupations;
        let primary = f.character.primary();
        let ambushers = &self.sides[1 - f.side].initiative_modifiers;
        let side = &self.sides[f.side].morale;
        let (fortune, fortune_basis) = self.standing(f.side);
        MoraleSituation {
            primary_level: primary.level,
            other_levels: occupations.iter().skip(1).map(|o| o.level).collect(),
            occupation: self.tables.morale.occupation_row(primary.occupation),
            first_serious_combat: f.first_serious_combat,
            fortune,
            fortune_basis,
            ambushed: ambushers.iter().any(|m| {
                matches!(
                    m.modifier,
                    InitiativeModifierId::PreparedAmbush | InitiativeModifierId::AttackedSuddenly
                )
            }),
            military_grade: side.military_grade,
            hated_foe: side.hated_foe,
            fighting_brha: side.fighting_brha,
            in_the_dark: side.in_the_dark,
            magic: side.magic,
            own_vision_mode: side.vision_mode,
            arguing: side.arguing,
            own_light_in_dark: side.light_in_dark,
        }
    }

    /// Shakhàn 16.9.6: whether `side` is winning, losing badly or neither,
    /// and why: the Referee's call if there is one, else the scenario's
    /// `morale_standing` over the figures still fighting.
    fn standing(&self, side: usize) -> (SideFortune, StandingBasis) {
        if let Some(call) = self.fortune_calls[side] {
            return (call, StandingBasis::Referee);
        }
        let of_side = |s: usize| {
            self.figures
                .iter()
                .filter(move |f| f.side == s && fighting(f))
        };
        let (ratio, own, theirs, basis) = match self.options.morale_standing {
            MoraleStanding::Referee => return (SideFortune::Even, StandingBasis::Referee),
            MoraleStanding::Headcount(ratio) => {
                let own = of_side(side).count() as u32;
                let theirs = of_side(1 - side).count() as u32;
                let basis = StandingBasis::Headcount { own, theirs };
                (ratio, f64::from(own), f64::from(theirs), basis)
            }
            MoraleStanding::Strength(ratio) => {
                let bdr = |s| {
                    of_side(s)
                        .map(|f| f.condition.bdr_left().max(0))
                        .sum::<i32>()
                };
                let (own, theirs) = (bdr(side), bdr(1 - side));
                let basis = StandingBasis::Strength { own, theirs };
                (ratio, f64::from(own), f64::from(theirs), basis)
            }
        };
        // With nobody left against it a side is winning; with nobody left
        // of its own, losing badly.
        let fortune = if theirs >= ratio * own && theirs > 0.0 {
            SideFortune::LosingBadly
        } else if own >= ratio * theirs && own > 0.0 {
            SideFortune::Winning
        } else {
            SideFortune::Even
        };
        (fortune, basis)
    }
}

/// In the fight and not running from it (16.9.6 routs, 16.13.3 broken will).
fn fighting(f: &Figure) -> bool {
    !f.condition.is_out() && !matches!(f.condition.morale(), Morale::Routed(_) | Morale::Broken)
}
