//! Shakhàn 16.11 Trample/Crush in the Attack Phase (docs/RULINGS.md): a
//! creature big enough tramples each eligible enemy in its path — in its
//! front hexes — once a round, besides its ordinary strikes. The defender
//! chooses how to Dodge (`Prompt::Dodge`); a failed Dodge costs 1D(limbs)
//! crushing strikes.

use super::event::{Event, TrampleEvent, TrampleStrike};
use super::state::{Battle, Figure};
use crate::hex::{Facing, Hex, Pose};
use crate::rulesets::shakhan::rules::condition::{Limbs, MoraleCause, wound_calls_for_morale};
use crate::rulesets::shakhan::rules::melee::{self, Equipment, Modifier, StrikeOptions, Striker};
use crate::rulesets::shakhan::rules::tables::actions::StrikeRight;
use crate::rulesets::shakhan::rules::tables::weapons::WeaponKind;
use crate::rulesets::shakhan::rules::trample::{
    ArmourSave, Bulk, DodgeChoice, Eligibility, armour_modifier, dodge, eligibility, may_trample,
    strike_die, weight_multiple,
};
use crate::rulesets::shakhan::rules::{BodyArea, Card, Quality};
use crate::seam::FigureId;

/// The trample weapon: the crushing, concussion-eligible "Explosion or
/// Impact" row at Magnitude 1 (docs/RULINGS.md).
const CRUSH: WeaponKind = WeaponKind::ExplosionImpact;

fn bulk(f: &Figure) -> Bulk {
    Bulk {
        weight_kg: f.character.weight_kg,
        height_m: f.character.height_m,
    }
}

/// Shakhàn 16.11: whether any figure could ever Trample/Crush an enemy.
/// Weight, size and designation never change during a battle, and most
/// battles have no such creature: the engine asks this once, not before
/// every strike.
pub(super) fn anyone_tramples(figures: &[Figure]) -> bool {
    figures.iter().any(|a| {
        figures
            .iter()
            .any(|e| e.side != a.side && eligibility(bulk(a), bulk(e), a.tramples).is_some())
    })
}

impl Battle {
    fn bulk(&self, id: FigureId) -> Bulk {
        bulk(&self.figures[id.0])
    }

    /// Shakhàn 16.11: the next trample due in this Attack Phase: an attacker
    /// (in strike order) standing, able and under a card that strikes, with
    /// an enemy in its front hexes it may trample and has not this round.
    pub(super) fn next_trample(&self) -> Option<(FigureId, FigureId)> {
        if self.tramplers && self.phase == super::event::Phase::QuickMelee {
            return self.next_quick_trample();
        }
        if !self.tramplers || !matches!(self.phase, super::event::Phase::Attack { .. }) {
            return None;
        }
        // Asked before every strike, and most figures can trample nobody:
        // the cheap tests come first.
        self.strike_order().find_map(|a| {
            let f = &self.figures[a.0];
            if !f.condition.can_act() || f.condition.is_prone() {
                return None;
            }
            let victim = self
                .figures
                .iter()
                .filter(|e| e.side != f.side && !e.condition.is_out() && e.occupies())
                .filter(|e| {
                    let (ab, db) = (self.bulk(a), self.bulk(e.id));
                    eligibility(ab, db, f.tramples).is_some()
                        && may_trample(
                            weight_multiple(ab, db),
                            f.round.moved_ap,
                            f.round.ap_awarded,
                        )
                })
                .filter(|e| !f.round.trampled.contains(&e.id))
                .find(|e| {
                    self.map
                        .in_strike_zone(f.pose, 1, f.character.strike_zone, e.pose.hex)
                })?;
            let k = self.current_card(a)?;
            let strikes = self.tables.actions.card(f.round.cards[k].card()).strike;
            (strikes == StrikeRight::May).then_some((a, victim.id))
        })
    }

    /// Shakhàn 16.11 in Quick Melee (16.12): a creature tramples its partner
    /// before its strikes; the half of its Action Points spent on abstract
    /// movement meets the half-AP condition.
    fn next_quick_trample(&self) -> Option<(FigureId, FigureId)> {
        self.quick_order().into_iter().find_map(|p| {
            let f = &self.figures[p.attacker.0];
            let d = &self.figures[p.defender.0];
            let k = self.current_card(p.attacker)?;
            let strikes = self.tables.actions.card(f.round.cards[k].card()).strike;
            let able = f.condition.can_act() && !f.condition.is_prone() && !d.condition.is_out();
            let eligible = eligibility(self.bulk(f.id), self.bulk(d.id), f.tramples).is_some();
            (able && strikes == StrikeRight::May && eligible && !f.round.trampled.contains(&d.id))
                .then_some((p.attacker, p.defender))
        })
    }

    /// Shakhàn 16.11: the defender dodges as it chose; on a failure the
    /// creature's 1D(limbs) crushing strikes land one by one.
    pub(super) fn resolve_trample(
        &mut self,
        attacker: FigureId,
        defender: FigureId,
        choice: DodgeChoice,
    ) {
        let (ab, db) = (self.bulk(attacker), self.bulk(defender));
        let designated = self.figures[attacker.0].tramples;
        let why = eligibility(ab, db, designated).unwrap_or(Eligibility::Designated);
        let multiple = weight_multiple(ab, db);
        let d = &self.figures[defender.0];
        let dodge = dodge(
            d.factors.adjusted_agility,
            self.options.dodge_dmod,
            choice,
            d.character.martial_arts_level,
            &mut self.dice,
        );
        let (displaced_to, strikes) = if dodge.passed() {
            (self.displacement(defender), None)
        } else {
            let a = &self.figures[attacker.0];
            let limbs = Limbs::of(a.character.body_form);
            let die = strike_die(u32::from(limbs.arms) + u32::from(limbs.legs));
            (None, Some((die, self.dice.roll(die))))
        };
        let was_out = self.figures[defender.0].condition.is_out();
        self.push(Event::Trample(Box::new(TrampleEvent {
            attacker,
            defender,
            why,
            multiple,
            dodge,
            displaced_to,
            strikes,
        })));
        let mut wounded = false;
        for _ in 0..strikes.map_or(0, |(_, n)| n) {
            if self.figures[defender.0].condition.is_dead() {
                break;
            }
            let strike = self.crushing_strike(attacker, defender, multiple);
            wounded |= strike.wounds.iter().any(wound_calls_for_morale);
            self.push(Event::TrampleStrike(Box::new(strike)));
        }
        if wounded {
            self.morale_check(defender, MoraleCause::Wounded);
        }
        if !was_out && self.figures[defender.0].condition.is_out() {
            let side = self.figures[defender.0].side;
            let comrades: Vec<FigureId> = self.active(side).map(|f| f.id).collect();
            for c in comrades {
                self.morale_check(c, MoraleCause::ComradeFell);
            }
        }
    }

    /// 16.11: one metre (a hex) in a random direction: 1D6 picks the hexside,
    /// and a blocked, occupied or off-map hex passes on clockwise.
    fn displacement(&mut self, id: FigureId) -> Option<Hex> {
        let from = self.figures[id.0].pose.hex;
        let first = self.dice.roll(6) as i32 - 1;
        (0..6)
            .map(|i| from.neighbor(Facing::N.rotate(first + i)))
            .find(|h| self.map.is_passable(*h) && self.holder(*h, None).is_none())
    }

    /// Shakhàn 16.11: a crushing strike that needs no to-hit roll, on a
    /// random area, its penetration roll +10 per weight multiple beyond the
    /// first, then the armour's Saving Throw.
    fn crushing_strike(
        &mut self,
        attacker: FigureId,
        defender: FigureId,
        multiple: u32,
    ) -> TrampleStrike {
        let a = &self.figures[attacker.0];
        let d = &self.figures[defender.0];
        let striker = Striker {
            name: a.character.name.clone(),
            cf: a.factors.basic_cf,
            card: self
                .current_card(attacker)
                .map_or(Card::A, |k| a.round.cards[k].card()),
            weapon: CRUSH,
            quality: Quality::Usual,
            level: 1,
            die_choice: 1,
            strength: a.character.requisites.strength,
            dexterity: a.factors.dexterity,
            martial_arts_level: 0,
            to_hit_bonus: 0,
            damage_factor: 1.0,
        };
        let mut target = super::strike::target(
            &d.character,
            &d.factors,
            &d.gear,
            Card::G,
            false,
            self.tables,
        );
        target.prone_or_helpless = d.condition.is_prone();
        let mut opts = StrikeOptions::new(self.tables);
        opts.penetration.push(Modifier::new(
            format!("trample at {multiple}× the weight"),
            armour_modifier(multiple),
        ));
        let report =
            melee::resolve_landed_blow(&striker, &target, &opts, self.tables, &mut self.dice);
        let areas: Vec<BodyArea> = report
            .blow()
            .map(|b| b.hits.iter().map(|h| h.area).collect())
            .unwrap_or_default();
        let mut armour_saves = Vec::new();
        for area in areas {
            if let Some(material) = target.armour[area as usize]
                && !armour_saves.iter().any(|(a, _)| *a == area)
            {
                let save = ArmourSave::roll(material.composition_factor(), &mut self.dice);
                armour_saves.push((area, save));
            }
        }
        TrampleStrike {
            attacker,
            defender,
            wounds: report.wounds().cloned().collect(),
            equipment: report
                .equipment_damage()
                .filter(|(item, _)| *item != Equipment::Weapon)
                .collect(),
            armour_saves,
            report,
        }
    }

    /// Apply a trample's Dodge: the card it cost, the displacement, and the
    /// attacker's note that this enemy has been trampled this round.
    pub(super) fn apply_trample(&mut self, t: &TrampleEvent) {
        self.figures[t.attacker.0].round.trampled.push(t.defender);
        let d = &mut self.figures[t.defender.0];
        if t.dodge.loses_card
            && let Some(c) = d.round.cards.iter_mut().find(|c| !c.lost && c.strikes == 0)
        {
            c.lost = true;
        }
        if let Some(h) = t.displaced_to {
            let to = Pose::new(h, d.pose.facing);
            self.place(t.defender, to);
        }
    }

    /// Apply one crushing strike: its wounds, damage to the defender's gear,
    /// and armour ruined by a failed Saving Throw.
    pub(super) fn apply_trample_strike(&mut self, s: &TrampleStrike) {
        for w in &s.wounds {
            self.wound_figure(s.defender, w);
        }
        let gear = &mut self.figures[s.defender.0].gear;
        for (item, damage) in &s.equipment {
            match item {
                Equipment::Armour(area) => gear.armour[*area as usize] *= damage.remaining(),
                Equipment::Shield => gear.shield *= damage.remaining(),
                Equipment::Weapon => {}
            }
        }
        for (area, save) in &s.armour_saves {
            if save.ruined() {
                gear.armour[*area as usize] = 0.0;
            }
        }
    }
}
