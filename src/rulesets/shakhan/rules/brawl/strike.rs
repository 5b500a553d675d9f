//! Shakhàn 16.10.4: one brawling strike attempt, resolved with the dice given.
//!
//! The to-hit step is the melee one (16.10 steps 1–3: the brawler's basic CF,
//! an aimed strike's share, the MCRT and the Defending Modifier); what a
//! landed blow does is brawling's: a grapple check, or concussion damage that
//! need not penetrate armour, with the form's APV limit, damage bonus,
//! Critical Hit confirmation and knockout, against a block if one is made.

use std::fmt;
use std::sync::Arc;

use super::{
    BlockLimb, BrawlForm, BrawlIntent, DROP_KICK_APT_BONUS, DROP_KICK_EXTRA_UNBALANCED,
    GrappleChance, SEEN_COMING_CF_MULTIPLIER, block_effective, critical_confirmation,
    drop_kick_weight_ok, knockout_chance, knockout_minutes, martial_block_critical_chance,
};
use crate::dice::{Dice, Percentile, Rolled};
use crate::rulesets::shakhan::rules::character::CombatFactor;
use crate::rulesets::shakhan::rules::melee::critical::{self, CriticalReport};
use crate::rulesets::shakhan::rules::melee::display::{critical_text, location_text, wound_text};
use crate::rulesets::shakhan::rules::melee::{
    LocationReport, MidAction, Modifier, Spoil, StrikeOptions, Striker, StrikingCf, Target,
    Threshold, locate, spoil_when, striking_cf, threshold,
};
use crate::rulesets::shakhan::rules::tables::Tables;
use crate::rulesets::shakhan::rules::tables::protection::PenetrationRoll;
use crate::rulesets::shakhan::rules::tables::weapons::{MeleeWeapon, WeaponGrade};
use crate::rulesets::shakhan::rules::wound::{Consequence, CriticalWound, InjuryNote, Wound};
use crate::rulesets::shakhan::rules::{BodyArea, Card, Quality};

/// The brawler: the melee striker (its `cf` the brawling CF, its weapon
/// hands and feet or a haymaker's club) and what it declared.
#[derive(Debug, Clone, PartialEq)]
pub struct BrawlStriker {
    pub striker: Striker,
    pub intent: BrawlIntent,
    pub weight_kg: f64,
    /// 16.10.4.1: for a grapple, the chance the engine worked out from every
    /// grappler on this defender.
    pub grapple: Option<GrappleChance>,
}

/// The one struck at: the melee target (its `cf` as it defends) and what
/// brawling reads besides.
#[derive(Debug, Clone, PartialEq)]
pub struct BrawlTarget {
    pub target: Target,
    pub willpower: i32,
    pub weight_kg: f64,
    /// A block made against this blow with the matching card.
    pub defence: Option<Defence>,
    /// 16.10.4.8: a drop-kick spread over two rounds is seen coming.
    pub seen_coming: bool,
}

/// Shakhàn 16.10.4.5, 16.10.4.9: a block with the card that matched the blow.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Defence {
    pub martial: bool,
    pub limb: BlockLimb,
    /// Dexterity or Agility × 5 (× 6 martial).
    pub check: i32,
    pub martial_arts_level: u32,
}

/// One brawling strike attempt, everything rolled.
#[derive(Debug, Clone, PartialEq)]
pub struct BrawlReport {
    pub striker: Arc<str>,
    pub target: Arc<str>,
    pub card: Card,
    pub defence_card: Card,
    pub intent: BrawlIntent,
    pub cf: StrikingCf,
    /// The defender's CF as it counts (doubled when the drop-kick is seen coming).
    pub target_cf: CombatFactor,
    pub seen_coming: bool,
    pub differential: i32,
    pub threshold: Threshold,
    pub roll: Percentile,
    pub natural_rule: bool,
    /// `None` on a miss.
    pub blow: Option<BrawlBlow>,
    pub spoil: Option<Spoil>,
}

/// What a landed brawling strike did.
#[derive(Debug, Clone, PartialEq)]
pub enum BrawlBlow {
    /// Shakhàn 16.10.4.1: the strike lets the grapple check be made.
    Grapple {
        chance: GrappleChance,
        roll: Percentile,
        held: bool,
    },
    /// The form cannot work on this defender at all.
    Ineffective(Ineffective),
    Landed {
        block: Option<BlockReport>,
        location: LocationReport,
        /// Added to every Armour Protection check: hands and feet's A,
        /// Strength, a drop-kick's +5.
        modifiers: Vec<Modifier>,
        hits: Vec<BrawlHit>,
    },
}

/// Why a brawling blow did nothing.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Ineffective {
    /// 16.10.4.8: the defender weighs more than twice the drop-kicker.
    TooHeavy { attacker_kg: f64, defender_kg: f64 },
}

/// Shakhàn 16.10.4.5, .9: the block check.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BlockReport {
    pub defence: Defence,
    /// False when the attacking weapon is too hard to block (no roll then).
    pub effective: bool,
    pub roll: Option<Percentile>,
    pub passed: bool,
}

/// A critical-hit confirmation (16.10.4.2, .4, .6, .7) or a Martial Arts
/// block's turning of one (16.10.4.9).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ConfirmRoll {
    pub threshold: i32,
    pub roll: Percentile,
    pub passed: bool,
}

impl ConfirmRoll {
    fn roll(threshold: i32, dice: &mut Dice) -> ConfirmRoll {
        let roll = dice.d100();
        ConfirmRoll {
            threshold,
            roll,
            passed: i32::from(roll.value()) <= threshold,
        }
    }
}

/// Shakhàn 16.10.4.3: the knockout roll and how long the victim is out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KnockoutRoll {
    pub chance: i32,
    pub roll: Percentile,
    pub minutes: Option<Rolled>,
}

/// The blow on one body area.
#[derive(Debug, Clone, PartialEq)]
pub struct BrawlHit {
    pub area: BodyArea,
    pub apv: u32,
    pub limit: Option<u32>,
    /// `None` when the APV is over the form's limit: the blow is ineffective.
    pub penetration: Option<PenetrationRoll>,
    /// The weapon's dice, whose concussion share is done.
    pub rolled: Option<Rolled>,
    pub bonus: Option<Rolled>,
    pub confirm: Option<ConfirmRoll>,
    pub turned: Option<ConfirmRoll>,
    pub critical: Option<CriticalReport>,
    pub knockout: Option<KnockoutRoll>,
    pub wound: Option<Wound>,
}

impl BrawlReport {
    pub fn struck(&self) -> bool {
        self.blow.is_some()
    }

    pub fn wounds(&self) -> impl Iterator<Item = &Wound> {
        let hits = match &self.blow {
            Some(BrawlBlow::Landed { hits, .. }) => hits.as_slice(),
            _ => &[],
        };
        hits.iter().filter_map(|h| h.wound.as_ref())
    }

    /// Shakhàn 16.10.4.1: whether the grapple took hold.
    pub fn held(&self) -> bool {
        matches!(self.blow, Some(BrawlBlow::Grapple { held: true, .. }))
    }

    pub fn action_spoiled(&self) -> bool {
        self.spoil.as_ref().is_some_and(Spoil::spoiled)
    }

    /// Shakhàn 16.10: what the players may be told: the symptoms of Critical
    /// Hits, and a knockout (plain to see).
    pub fn symptoms(&self) -> Vec<String> {
        let Some(BrawlBlow::Landed { hits, .. }) = &self.blow else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for h in hits {
            if let Some(c) = &h.critical {
                for i in &c.injuries {
                    out.push(if i.obvious {
                        format!("{}: {} ({})", h.area.name(), i.name, i.symptom)
                    } else {
                        format!("{}: {}", h.area.name(), i.symptom)
                    });
                }
            }
            if h.knockout.as_ref().is_some_and(|k| k.minutes.is_some()) {
                out.push(format!("{} is knocked out cold", self.target));
            }
        }
        out
    }
}

/// Shakhàn 16.10.4: resolve one brawling strike of `s` on `d`.
///
/// Steps: the Combat Differential from the brawling CF (a haymaker is aimed
/// at the head, 16.10.4.3; a drop-kick seen coming doubles the defender's
/// CF, 16.10.4.8) and the melee Success Threshold; on a strike either the
/// grapple check (16.10.4.1) or: the drop-kick's weight limit, a block check
/// (16.10.4.5, .9: the blow lands on the blocking limb, its losses halved),
/// the location, and per area the APV limit (16.10.4.2–8), the Armour
/// Protection check for imbalance and Critical Hits (with the drop-kick's +5
/// and extra imbalance), the weapon's concussion share plus the form's bonus,
/// the critical's confirmation (16.10.4.2, .4, .6, .7) or turning (16.10.4.9),
/// and a haymaker's knockout (16.10.4.3). The shield, weapon and armour
/// checks of weapon melee play no part (docs/RULINGS.md).
pub fn resolve(
    s: &BrawlStriker,
    d: &BrawlTarget,
    opts: &StrikeOptions,
    t: &Tables,
    dice: &mut Dice,
) -> BrawlReport {
    let form = s.intent.form;
    let mut opts = opts.clone();
    if form == BrawlForm::Haymaker {
        opts.aim = Some(BodyArea::Head);
    }
    let mut target = d.target.clone();
    if d.seen_coming {
        target.cf = CombatFactor(target.cf.0.saturating_mul(SEEN_COMING_CF_MULTIPLIER));
    }
    let striker = &s.striker;
    let cf = striking_cf(striker, &opts, t);
    let defence_card = if target.mid_action.is_some() {
        Card::G
    } else {
        target.card
    };
    let differential = cf.used.saturating_sub(target.cf.0);
    // Brawling attacks are made under B, A or C (checked with the orders),
    // and each of those has a row on the MCRT.
    let base = t.mcrt.to_hit(differential, striker.card).unwrap_or(0);
    let threshold = threshold(base, differential, defence_card, &target, striker, &opts, t);
    let roll = dice.d100();
    let struck = t.mcrt.strikes(threshold.total, roll);
    let natural_rule = struck != (i32::from(roll.value()) <= threshold.total);
    let ctx = Ctx {
        s,
        d,
        target: &target,
        t,
    };
    let blow = struck.then(|| ctx.blow(opts.aim, dice));
    let spoil = match target.mid_action {
        None => None,
        Some(MidAction::Defend) => Some(Spoil::Defended),
        Some(MidAction::Ignore) => blow.as_ref().map(|b| spoil(b, t, dice)),
    };
    BrawlReport {
        striker: striker.name.clone(),
        target: target.name.clone(),
        card: striker.card,
        defence_card,
        intent: s.intent,
        cf,
        target_cf: target.cf,
        seen_coming: d.seen_coming,
        differential,
        threshold,
        roll,
        natural_rule,
        blow,
        spoil,
    }
}

/// Shakhàn 16.9.4.1, as in weapon melee: unbalanced spoils outright, else a
/// d100 within 2D12+75.
fn spoil(blow: &BrawlBlow, t: &Tables, dice: &mut Dice) -> Spoil {
    let unbalanced = match blow {
        BrawlBlow::Landed { hits, .. } => hits
            .iter()
            .filter_map(|h| h.wound.as_ref())
            .any(|w| w.unbalanced > 0),
        // A hold stops any action; a blow that did nothing spoils nothing more
        // than a strike does.
        BrawlBlow::Grapple { held, .. } => *held,
        BrawlBlow::Ineffective(_) => false,
    };
    spoil_when(unbalanced, t, dice)
}

struct Ctx<'a> {
    s: &'a BrawlStriker,
    d: &'a BrawlTarget,
    /// The melee target as it counts for this blow.
    target: &'a Target,
    t: &'a Tables,
}

impl Ctx<'_> {
    fn blow(&self, aim: Option<BodyArea>, dice: &mut Dice) -> BrawlBlow {
        let form = self.s.intent.form;
        if form == BrawlForm::Grapple {
            let chance = self.s.grapple.unwrap_or(super::GrappleChance {
                difference: 0,
                dmod: 0.0,
                under_attack: false,
                size: super::SizeRatio::Even,
                threshold: 0,
            });
            let roll = dice.d100();
            return BrawlBlow::Grapple {
                chance,
                roll,
                held: i32::from(roll.value()) <= chance.threshold,
            };
        }
        if form == BrawlForm::FlyingDropKick
            && !drop_kick_weight_ok(self.s.weight_kg, self.d.weight_kg)
        {
            return BrawlBlow::Ineffective(Ineffective::TooHeavy {
                attacker_kg: self.s.weight_kg,
                defender_kg: self.d.weight_kg,
            });
        }
        let weapon = self.t.weapons.melee(self.s.striker.weapon);
        let block = self.d.defence.map(|defence| {
            let effective = block_effective(
                defence.martial,
                defence.martial_arts_level,
                weapon.composition_factor(),
            );
            let roll = effective.then(|| dice.d100());
            BlockReport {
                defence,
                effective,
                roll,
                passed: roll.is_some_and(|r| i32::from(r.value()) <= defence.check),
            }
        });
        let blocked = block.filter(|b| b.passed);
        let location = match blocked {
            Some(b) => LocationReport {
                aimed: None,
                table: None,
                areas: vec![b.defence.limb.area()],
            },
            None => locate(self.target, aim, self.s.striker.dexterity, self.t, dice),
        };
        let grade = grade(weapon, self.s.striker.quality);
        let mut modifiers = vec![
            Modifier::new(
                format!("{} ({})", weapon.name, grade.armour_mod),
                grade.armour_mod.at_level(self.s.striker.level),
            ),
            Modifier::new(
                format!("Strength {}", self.s.striker.strength),
                self.t.protection.strength_modifier(self.s.striker.strength),
            ),
        ];
        if form == BrawlForm::FlyingDropKick {
            modifiers.push(Modifier::new("flying drop-kick", DROP_KICK_APT_BONUS));
        }
        let modifier = modifiers
            .iter()
            .fold(0i32, |sum, m| sum.saturating_add(m.value));
        let hits = location
            .areas
            .iter()
            .map(|&area| self.hit_area(area, weapon, grade, modifier, blocked, dice))
            .collect();
        BrawlBlow::Landed {
            block,
            location,
            modifiers,
            hits,
        }
    }

    fn hit_area(
        &self,
        area: BodyArea,
        weapon: &MeleeWeapon,
        grade: &WeaponGrade,
        modifier: i32,
        blocked: Option<BlockReport>,
        dice: &mut Dice,
    ) -> BrawlHit {
        let intent = self.s.intent;
        let form = intent.form;
        let striker = &self.s.striker;
        let apv = self.target.apv[area as usize];
        let limit = form.apv_limit(striker.martial_arts_level);
        let mut hit = BrawlHit {
            area,
            apv,
            limit,
            penetration: None,
            rolled: None,
            bonus: None,
            confirm: None,
            turned: None,
            critical: None,
            knockout: None,
            wound: None,
        };
        if limit.is_some_and(|l| apv > l) {
            return hit;
        }
        let penetration = self.t.protection.resolve(apv, dice.d100(), modifier);
        let result = penetration.result;
        hit.penetration = Some(penetration);
        // Only concussion damage: the weapon's share of its dice whether or
        // not the armour is penetrated, plus the form's bonus.
        let rolled = grade
            .damage
            .resolve(striker.level, striker.die_choice)
            .roll(dice);
        let full = (f64::from(rolled.total.max(0)) * striker.damage_factor).floor();
        let share = (full * weapon.concussion.fraction()).floor() as i32;
        let bonus_dice = form.damage_bonus();
        let bonus = (bonus_dice.count > 0).then(|| bonus_dice.roll(dice));
        let bonus_points = bonus.as_ref().map_or_else(|| bonus_dice.min(), |b| b.total);
        let mut damage = share.saturating_add(bonus_points).max(0);
        hit.rolled = Some(rolled);
        hit.bonus = bonus;
        let mut critical = None;
        if result.critical {
            hit.confirm = critical_confirmation(form, intent.is_lethal(), striker.strength, area)
                .map(|th| ConfirmRoll::roll(th, dice));
            let confirmed = hit.confirm.is_none_or(|c| c.passed);
            hit.turned = blocked.filter(|b| b.defence.martial && confirmed).map(|b| {
                ConfirmRoll::roll(
                    martial_block_critical_chance(b.defence.martial_arts_level),
                    dice,
                )
            });
            if confirmed && !hit.turned.is_some_and(|c| c.passed) {
                critical = Some(critical::resolve(
                    area,
                    weapon.critical,
                    self.target,
                    self.t,
                    dice,
                ));
            }
        }
        if form == BrawlForm::Haymaker && area == BodyArea::Head {
            let chance = knockout_chance(striker.strength, self.d.willpower);
            let roll = dice.d100();
            let minutes =
                (i32::from(roll.value()) <= chance).then(|| knockout_minutes().roll(dice));
            hit.knockout = Some(KnockoutRoll {
                chance,
                roll,
                minutes,
            });
        }
        let mut pain = f64::from(damage) * self.t.morale.pain.pain_per_damage
            + critical.as_ref().map_or(0.0, |c| c.pain);
        if blocked.is_some() {
            damage /= 2;
            pain /= 2.0;
        }
        let mut unbalanced = result.unbalanced;
        if form == BrawlForm::FlyingDropKick {
            unbalanced = unbalanced.saturating_add(DROP_KICK_EXTRA_UNBALANCED);
        }
        let mut crit_wound = critical.as_ref().map(CriticalReport::wound);
        if let Some(m) = hit.knockout.as_ref().and_then(|k| k.minutes.as_ref()) {
            let w = crit_wound.get_or_insert_with(|| CriticalWound {
                injuries: Vec::new(),
                consequences: Vec::new(),
                internal_organ: false,
            });
            w.injuries.push(InjuryNote {
                name: "knocked out".into(),
                symptom: "out cold".into(),
                obvious: true,
            });
            w.consequences.push(Consequence::Unconscious {
                minutes: Some(m.total.max(1) as u32),
            });
        }
        hit.wound = (damage > 0 || unbalanced > 0 || crit_wound.is_some()).then(|| Wound {
            area,
            damage,
            pain,
            unbalanced,
            bleeding: critical.as_ref().and_then(|c| c.bleed),
            critical: crit_wound,
        });
        hit.critical = critical;
        hit
    }
}

/// D and A for the quality, falling back to Usual where the book says "na"
/// (hands and feet are given only as Usual), as weapon melee does.
fn grade(weapon: &MeleeWeapon, quality: Quality) -> &WeaponGrade {
    weapon
        .grade(quality)
        .or_else(|| weapon.grade(Quality::Usual))
        .or_else(|| Quality::ALL.iter().find_map(|q| weapon.grade(*q)))
        .expect("every weapon has at least one quality class (checked at load)")
}

impl fmt::Display for BrawlReport {
    /// One line, e.g. `Tam (B, punch) on Ishen (D): brawling CF 20 − 29: CD
    /// -9 → 25, +0 for Ishen's card D = 25; rolled 17 — strike; …`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = Vec::new();
        let mut head = String::new();
        if let Some(percent) = self.cf.aimed_percent {
            head.push_str(&format!(
                "aimed, brawling CF {} at {percent}% = {}",
                self.cf.cf, self.cf.used
            ));
        } else {
            head.push_str(&format!("brawling CF {}", self.cf.used));
        }
        head.push_str(&format!(" against {}", self.target_cf));
        if self.seen_coming {
            head.push_str(" (doubled: seen coming)");
        }
        head.push_str(&format!(
            ": CD {:+} → {}",
            self.differential, self.threshold.base
        ));
        for m in &self.threshold.modifiers {
            head.push_str(&format!(", {:+} for {}", m.value, m.source));
        }
        head.push_str(&format!(" = {}", self.threshold.total));
        parts.push(head);
        let verdict = match (self.blow.is_some(), self.natural_rule) {
            (true, false) => "strike".to_string(),
            (false, false) => "miss".to_string(),
            (true, true) => format!("strike (a natural {} always strikes)", self.roll),
            (false, true) => format!("miss (a natural {} always misses)", self.roll),
        };
        parts.push(format!("rolled {} — {verdict}", self.roll));
        // After the roll: the table view (16.10) shows only the first two
        // parts, and few onlookers can tell a lethal blow (16.10.4.6).
        if self.intent.lethal && self.intent.form != BrawlForm::FlyingDropKick {
            parts.push("declared lethal: a Critical Hit needs no confirmation".into());
        }
        if let Some(blow) = &self.blow {
            self.blow_parts(blow, &mut parts);
        }
        if let Some(spoil) = &self.spoil {
            parts.push(match spoil {
                Spoil::Defended => {
                    format!("{} defended, ruining the action under way", self.target)
                }
                Spoil::Unbalanced => format!("{}'s action spoiled", self.target),
                Spoil::Rolled {
                    chance,
                    roll,
                    spoiled,
                } => format!(
                    "{}'s action {} (chance {chance}, rolled {roll})",
                    self.target,
                    if *spoiled { "spoiled" } else { "goes on" }
                ),
            });
        }
        write!(
            f,
            "{} ({}, {}) on {} ({}): {}",
            self.striker,
            self.card,
            self.intent.form.name(),
            self.target,
            self.defence_card,
            parts.join("; ")
        )
    }
}

impl BrawlReport {
    fn blow_parts(&self, blow: &BrawlBlow, parts: &mut Vec<String>) {
        match blow {
            BrawlBlow::Grapple { chance, roll, held } => {
                let size = match chance.size {
                    super::SizeRatio::Even => "",
                    super::SizeRatio::VictimTwice => ", halved: the victim is twice the size",
                    super::SizeRatio::AttackerTwice => ", doubled: twice the victim's size",
                };
                let attacked = if chance.under_attack {
                    " (1: under attack)"
                } else {
                    ""
                };
                parts.push(format!(
                    "grapple check: (Strength + Adjusted Agility) {:+} × DMod {}{attacked}{size} = {}; rolled {roll} — {}",
                    chance.difference,
                    chance.dmod,
                    chance.threshold,
                    if *held {
                        format!("{} is held", self.target)
                    } else {
                        format!("{} slips the hold", self.target)
                    }
                ));
            }
            BrawlBlow::Ineffective(Ineffective::TooHeavy {
                attacker_kg,
                defender_kg,
            }) => parts.push(format!(
                "ineffective: {} ({defender_kg} kg) weighs more than twice {} ({attacker_kg} kg)",
                self.target, self.striker
            )),
            BrawlBlow::Landed {
                block,
                location,
                modifiers,
                hits,
            } => {
                if let Some(b) = block {
                    parts.push(self.block_text(b));
                }
                parts.extend(location_text(location));
                let mods: Vec<String> = modifiers
                    .iter()
                    .map(|m| format!("{:+} {}", m.value, m.source))
                    .collect();
                for h in hits {
                    parts.push(self.hit_text(h, &mods));
                    if let Some(c) = &h.critical {
                        parts.push(critical_text(c));
                    }
                    if let Some(w) = &h.wound {
                        if w.critical.is_some() || block.is_some_and(|b| b.passed) {
                            parts.push(wound_text(w));
                        }
                        if w.unbalanced > 0 {
                            parts.push(format!(
                                "{} unbalanced: loses the next {}",
                                self.target,
                                if w.unbalanced == 1 {
                                    "card".to_string()
                                } else {
                                    format!("{} cards", w.unbalanced)
                                }
                            ));
                        }
                    }
                }
            }
        }
    }

    fn block_text(&self, b: &BlockReport) -> String {
        let kind = if b.defence.martial {
            "martial-arts block"
        } else {
            "block"
        };
        let limb = match b.defence.limb {
            BlockLimb::Arms => "arms",
            BlockLimb::Legs => "legs",
        };
        match b.roll {
            None => format!(
                "{}'s {kind} is ineffective against this weapon",
                self.target
            ),
            Some(roll) => format!(
                "{}'s {kind} with the {limb}: {roll} {} {} — {}",
                self.target,
                if b.passed { "within" } else { "over" },
                b.defence.check,
                if b.passed {
                    format!("lands on the {limb}, losses halved")
                } else {
                    "fails".to_string()
                }
            ),
        }
    }

    fn hit_text(&self, h: &BrawlHit, mods: &[String]) -> String {
        let mut s = format!("{}, APV {}", h.area.name(), h.apv);
        if let Some(l) = h.limit {
            s.push_str(&format!(" (limit {l})"));
        }
        let Some(p) = &h.penetration else {
            s.push_str(" — over the limit: ineffective");
            return s;
        };
        s.push_str(&format!(": armour check [{}] {p}", mods.join(", ")));
        if let Some(r) = &h.rolled {
            s.push_str(&format!(": concussion, half of {r}"));
        }
        if let Some(b) = &h.bonus {
            s.push_str(&format!(" + {b} {}", self.intent.form.name()));
        } else {
            let flat = self.intent.form.damage_bonus().min();
            if flat != 0 {
                s.push_str(&format!(" {flat:+} {}", self.intent.form.name()));
            }
        }
        let points = h.wound.as_ref().map_or(0, |w| w.damage);
        s.push_str(&format!(" = {points} damage"));
        if let Some(c) = &h.confirm {
            s.push_str(&format!(
                "; critical confirmation {} {} {} — {}",
                c.roll,
                if c.passed { "within" } else { "over" },
                c.threshold,
                if c.passed { "confirmed" } else { "no critical" }
            ));
        }
        if let Some(c) = &h.turned {
            s.push_str(&format!(
                "; the block turns the critical on {} within {}: {}",
                c.roll,
                c.threshold,
                if c.passed { "turned" } else { "not turned" }
            ));
        }
        if let Some(k) = &h.knockout {
            s.push_str(&format!(
                "; knockout chance {}: rolled {}",
                k.chance, k.roll
            ));
            match &k.minutes {
                Some(m) => s.push_str(&format!(" — out cold for {m} minutes")),
                None => s.push_str(" — stays up"),
            }
        }
        s
    }
}
