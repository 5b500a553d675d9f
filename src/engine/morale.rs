//! When morale is tested in battle (16.9.6), and the situation a figure is in.

use super::event::Event;
use super::{Battle, FigureId};
use crate::rules::shakhan::condition::{MoraleCause, MoraleSituation, SideFortune};
use crate::rules::shakhan::tables::character::Occupation;
use crate::rules::shakhan::tables::initiative::InitiativeModifierId;

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

    /// 16.9.6: every modifier: levels and occupation and a first serious
    /// fight from the figure, an ambush from the other side's Initiative
    /// claims, the side's circumstances from the scenario, and how the fight
    /// goes (losing badly when the enemy stands at least two to one, winning
    /// when own side does; docs/RULINGS.md).
    fn morale_situation(&self, id: FigureId) -> MoraleSituation {
        let f = &self.figures[id.0];
        let occupations = &f.character.occupations;
        let primary = f.character.primary();
        let own = self.active(f.side).count();
        let theirs = self.active(1 - f.side).count();
        let ambushers = &self.sides[1 - f.side].initiative_modifiers;
        let side = &self.sides[f.side].morale;
        MoraleSituation {
            primary_level: primary.level,
            other_levels: occupations.iter().skip(1).map(|o| o.level).collect(),
            war_god_warrior: primary.occupation == Occupation::WarriorPriest,
            regular_warrior: matches!(primary.occupation, Occupation::Warrior | Occupation::Ranger),
            non_combatant: primary.occupation == Occupation::Commoner,
            first_serious_combat: f.first_serious_combat,
            fortune: if theirs >= 2 * own.max(1) {
                SideFortune::LosingBadly
            } else if own >= 2 * theirs.max(1) {
                SideFortune::Winning
            } else {
                SideFortune::Even
            },
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
}
