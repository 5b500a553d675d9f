//! Shakhàn 16.10.4: Brawling and Martial Arts Brawling — the forms a brawler
//! may declare, and every check they call for, as pure functions of values.
//!
//! The numbers here are the prose rules' multipliers and limits (there is no
//! table to transcribe); each carries its section. One brawling strike is
//! resolved by [`strike::resolve`], which reuses the melee steps (16.10,
//! 16.15.2–10) and adds the brawling ones. Rulings: `docs/RULINGS.md`
//! ("Brawling").

mod strike;
#[cfg(test)]
mod tests;

pub use strike::{
    BlockReport, BrawlBlow, BrawlHit, BrawlReport, BrawlStriker, BrawlTarget, ConfirmRoll, Defence,
    Ineffective, KnockoutRoll, resolve,
};

use serde::{Deserialize, Serialize};

use super::character::{Character, CombatFactor, Factors};
use super::tables::Tables;
use super::tables::character::TrainingKind;
use super::tables::weapons::{Concussion, MeleeWeapon};
use super::{BodyArea, Card};
use crate::dice::{DiceExpr, FlatDice};

/// Shakhàn 16.10.4.1–10: what a brawler does with one Tactic Card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum BrawlForm {
    /// 16.10.4.1: overbear and hold the opponent.
    Grapple,
    /// 16.10.4.2: the default brawling attack.
    Punch,
    /// 16.10.4.3: an aimed blow at the head to knock the victim out.
    Haymaker,
    /// 16.10.4.4.
    Kick,
    /// 16.10.4.5: the default brawling defence.
    Block,
    /// 16.10.4.6: the default Martial Arts attack.
    HandChop,
    /// 16.10.4.7.
    MartialKick,
    /// 16.10.4.8: two consecutive cards, a run-up and a leap over the target.
    FlyingDropKick,
    /// 16.10.4.9: the default Martial Arts defence.
    MartialBlock,
    /// 16.10.4.10: a defence that throws an oncoming attacker to the ground.
    Throw,
}

impl BrawlForm {
    pub const ALL: [BrawlForm; 10] = [
        BrawlForm::Grapple,
        BrawlForm::Punch,
        BrawlForm::Haymaker,
        BrawlForm::Kick,
        BrawlForm::Block,
        BrawlForm::HandChop,
        BrawlForm::MartialKick,
        BrawlForm::FlyingDropKick,
        BrawlForm::MartialBlock,
        BrawlForm::Throw,
    ];

    /// The words a log uses.
    pub fn name(self) -> &'static str {
        match self {
            BrawlForm::Grapple => "grapple",
            BrawlForm::Punch => "punch",
            BrawlForm::Haymaker => "haymaker",
            BrawlForm::Kick => "kick",
            BrawlForm::Block => "block",
            BrawlForm::HandChop => "martial-arts hand-chop",
            BrawlForm::MartialKick => "martial-arts kick",
            BrawlForm::FlyingDropKick => "flying drop-kick",
            BrawlForm::MartialBlock => "martial-arts block",
            BrawlForm::Throw => "martial-arts throw",
        }
    }

    /// Shakhàn 16.10.4.2, .5, .6, .9: the form assumed for a brawler's card
    /// unless it says otherwise: the punch and the block, or for a Martial
    /// Artist the hand-chop and the Martial Arts block; none under F or G.
    pub fn default_for(card: Card, martial_arts_level: u32) -> Option<BrawlForm> {
        let martial = martial_arts_level > 0;
        match card {
            Card::A | Card::B | Card::C if martial => Some(BrawlForm::HandChop),
            Card::A | Card::B | Card::C => Some(BrawlForm::Punch),
            Card::D | Card::E if martial => Some(BrawlForm::MartialBlock),
            Card::D | Card::E => Some(BrawlForm::Block),
            Card::F | Card::G => None,
        }
    }

    /// Shakhàn 16.10.4: attacks are made under B, A or C; the rest are defences.
    pub fn is_attack(self) -> bool {
        !matches!(
            self,
            BrawlForm::Block | BrawlForm::MartialBlock | BrawlForm::Throw
        )
    }

    /// Shakhàn 16.10.4: Martial Arts Brawling needs one or more levels of
    /// Martial Arts skill.
    pub fn is_martial(self) -> bool {
        matches!(
            self,
            BrawlForm::HandChop
                | BrawlForm::MartialKick
                | BrawlForm::FlyingDropKick
                | BrawlForm::MartialBlock
                | BrawlForm::Throw
        )
    }

    /// Shakhàn 16.10.4.6–7: forms that may be declared lethal (the drop-kick
    /// always is, 16.10.4.8).
    pub fn may_be_lethal(self) -> bool {
        matches!(
            self,
            BrawlForm::HandChop | BrawlForm::MartialKick | BrawlForm::FlyingDropKick
        )
    }

    /// Shakhàn 16.10.4, 16.10.4.5, .9, .10: the cards a form may be used with:
    /// attacks under B, A or C; the blocks and the throw under D or E.
    pub fn allowed_with(self, card: Card) -> bool {
        if self.is_attack() {
            matches!(card, Card::A | Card::B | Card::C)
        } else {
            matches!(card, Card::D | Card::E)
        }
    }

    /// Shakhàn 16.10.4.2–8: the highest APV the area struck may have, or the
    /// attack is ineffective: 20 for punch, haymaker and kick; 5, 10 and 15
    /// per Martial Arts level for hand-chop, kick and drop-kick.
    pub fn apv_limit(self, martial_arts_level: u32) -> Option<u32> {
        match self {
            BrawlForm::Punch | BrawlForm::Haymaker | BrawlForm::Kick => Some(20),
            BrawlForm::HandChop => Some(5 * martial_arts_level),
            BrawlForm::MartialKick => Some(10 * martial_arts_level),
            BrawlForm::FlyingDropKick => Some(15 * martial_arts_level),
            BrawlForm::Grapple | BrawlForm::Block | BrawlForm::MartialBlock | BrawlForm::Throw => {
                None
            }
        }
    }

    /// Shakhàn 16.10.4.4, .6–8: points added to the concussion damage: +1
    /// kick, +1 hand-chop, +2 martial kick, +1D4 drop-kick.
    pub fn damage_bonus(self) -> FlatDice {
        let text = match self {
            BrawlForm::Kick | BrawlForm::HandChop => "1",
            BrawlForm::MartialKick => "2",
            BrawlForm::FlyingDropKick => "1D4",
            _ => "0",
        };
        flat(text)
    }
}

/// Shakhàn 16.10.4: a brawler's declaration for one card: the form, and for
/// a Martial Arts hand-chop or kick whether it is "lethal" (16.10.4.6–7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BrawlIntent {
    pub form: BrawlForm,
    #[serde(default)]
    pub lethal: bool,
}

impl BrawlIntent {
    pub fn new(form: BrawlForm) -> Self {
        BrawlIntent {
            form,
            lethal: form == BrawlForm::FlyingDropKick,
        }
    }

    /// Shakhàn 16.10.4.8: the drop-kick is always lethal; otherwise as declared.
    pub fn is_lethal(self) -> bool {
        self.lethal || self.form == BrawlForm::FlyingDropKick
    }

    /// Why a figure with `martial_arts_level` may not declare this under
    /// `card`, if it may not (16.10.4, 16.10.4.5–10).
    pub fn refusal(self, card: Card, martial_arts_level: u32) -> Option<String> {
        let f = self.form;
        if f.is_martial() && martial_arts_level == 0 {
            return Some(format!("a {} needs Martial Arts skill (16.10.4)", f.name()));
        }
        if !f.allowed_with(card) {
            let cards = if f.is_attack() { "B, A or C" } else { "D or E" };
            return Some(format!(
                "a {} is made under {cards}, not {card} (16.10.4)",
                f.name()
            ));
        }
        if self.lethal && !f.may_be_lethal() {
            return Some(format!(
                "only a Martial Arts hand-chop or kick may be declared lethal, not a {} (16.10.4.6–7)",
                f.name()
            ));
        }
        None
    }
}

/// Shakhàn 16.10.4: brawlers "use only their basic Combat Factors": the
/// 16.4 base and Level Modifier, without weapon training, weapon modifiers or
/// magic. A martial artist fights with hands and feet, so its Occupational
/// Modifier is the natural-weapon one (16.4.1).
pub fn brawling_cf(c: &Character, f: &Factors, t: &Tables) -> CombatFactor {
    let primary = c.primary();
    let occ = t.character.occupation(primary.occupation);
    let om = occ.occupational_modifier_for(TrainingKind::Natural);
    let base = f64::from(2 * f.adjusted_agility + c.requisites.strength) / om + f.dexterity / om;
    CombatFactor((base + occ.level_modifier * f64::from(primary.level)).round() as i32)
}

/// Shakhàn 16.10.4, 16.10.4.3: the weapon a brawling form strikes with may be
/// this one: body weaponry always; for a haymaker also a full-concussion
/// weapon that does not normally penetrate armour — the wooden clubs and the
/// quarter staff (composition factor 30, docs/RULINGS.md), not a mace.
pub fn weapon_allowed(form: BrawlForm, weapon: &MeleeWeapon) -> bool {
    weapon.natural
        || (form == BrawlForm::Haymaker
            && weapon.concussion != Concussion::None
            && weapon.composition_factor() == Some(WOODEN))
}

/// The composition factor of wood (16.10.4.9's "30, roughly wood").
const WOODEN: u32 = 30;

/// Shakhàn 16.10.4.2, .4, .6, .7: the check (on d100, at or under) that
/// confirms a Critical Hit, or `None` when it is processed without one: punch
/// Strength × 3; kick Strength × 4 except on the legs or lower body;
/// non-lethal hand-chop × 4; non-lethal Martial Arts kick × 5 except on the
/// legs or lower body; the haymaker and the drop-kick apply it normally.
pub fn critical_confirmation(
    form: BrawlForm,
    lethal: bool,
    strength: i32,
    area: BodyArea,
) -> Option<i32> {
    let low = matches!(area, BodyArea::Legs | BodyArea::LowerBody);
    match form {
        BrawlForm::Punch => Some(strength * 3),
        BrawlForm::Kick if !low => Some(strength * 4),
        BrawlForm::HandChop if !lethal => Some(strength * 4),
        BrawlForm::MartialKick if !lethal && !low => Some(strength * 5),
        _ => None,
    }
}

/// What a grappler brings to 16.10.4.1's check.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Grappler {
    pub strength: i32,
    pub adjusted_agility: i32,
    pub weight_kg: f64,
    pub height_m: f64,
}

/// Shakhàn 16.10.4.1: the grapple chance and how its DMod was found.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GrappleChance {
    /// Σ(Strength + Adjusted Agility) of the attackers minus the defender's.
    pub difference: i32,
    /// 5, or 1 under attack; halved or doubled for weight or height.
    pub dmod: f64,
    pub under_attack: bool,
    pub size: SizeRatio,
    /// The chance in per cent (rounded to the nearest; may be 0 or below).
    pub threshold: i32,
}

/// Shakhàn 16.10.4.1 `*`: the size of victim and grapplers compared.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SizeRatio {
    Even,
    /// The victim weighs or stands more than twice the attackers: DMod halved.
    VictimTwice,
    /// The attackers weigh or stand more than twice the victim: DMod doubled.
    AttackerTwice,
}

/// Shakhàn 16.10.4.1: [(Strength + Adjusted Agility of the attackers) −
/// (Strength + Adjusted Agility of the defender)] × 5 DMod; the DMod drops
/// to 1 while the grapplers are being attacked, is halved when the victim's
/// weight or height is more than twice the attackers', doubled when theirs
/// is more than twice the victim's. Several grapplers count their weights
/// together and their tallest height (docs/RULINGS.md).
pub fn grapple_chance(
    attackers: &[Grappler],
    defender: Grappler,
    under_attack: bool,
) -> GrappleChance {
    let own: i32 = attackers
        .iter()
        .map(|a| a.strength + a.adjusted_agility)
        .sum();
    let difference = own - (defender.strength + defender.adjusted_agility);
    let weight: f64 = attackers.iter().map(|a| a.weight_kg).sum();
    let height = attackers.iter().map(|a| a.height_m).fold(0.0, f64::max);
    let size = if defender.weight_kg > 2.0 * weight || defender.height_m > 2.0 * height {
        SizeRatio::VictimTwice
    } else if weight > 2.0 * defender.weight_kg || height > 2.0 * defender.height_m {
        SizeRatio::AttackerTwice
    } else {
        SizeRatio::Even
    };
    let base = if under_attack { 1.0 } else { 5.0 };
    let dmod = match size {
        SizeRatio::Even => base,
        SizeRatio::VictimTwice => base / 2.0,
        SizeRatio::AttackerTwice => base * 2.0,
    };
    GrappleChance {
        difference,
        dmod,
        under_attack,
        size,
        // A halved DMod's fraction is kept against the whole d100.
        threshold: (f64::from(difference) * dmod).floor() as i32,
    }
}

/// Shakhàn 16.10.4.1: restraining costs the holder 1 Fatigue Point a round,
/// trying to break free costs the held 2, beyond the cards' own.
pub const HOLD_FATIGUE: f64 = 1.0;
pub const BREAK_FATIGUE: f64 = 2.0;

/// Shakhàn 16.10.4.3: the chance to knock the victim out: (attacker's
/// Strength − defender's Willpower) × 6.
pub fn knockout_chance(strength: i32, willpower: i32) -> i32 {
    (strength - willpower) * 6
}

/// Shakhàn 16.10.4.3: how long a knocked-out victim stays out cold (game minutes).
pub fn knockout_minutes() -> FlatDice {
    flat("1D10")
}

/// A fixed dice expression of this module's rules.
fn flat(text: &str) -> FlatDice {
    text.parse::<DiceExpr>()
        .ok()
        .and_then(|e| e.flat())
        .expect("the rules' dice expressions are plain and well formed")
}

/// Shakhàn 16.10.4.5, 16.10.4.9: which limbs a block is made with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum BlockLimb {
    /// Checked on Dexterity; the blow lands on the arms.
    Arms,
    /// Checked on Agility; the blow lands on the legs.
    Legs,
}

impl BlockLimb {
    pub fn area(self) -> BodyArea {
        match self {
            BlockLimb::Arms => BodyArea::Arms,
            BlockLimb::Legs => BodyArea::Legs,
        }
    }

    /// Shakhàn 16.10.4.5, .9: the choice waits until the defender sees the
    /// attack; it takes the limb with the better score (docs/RULINGS.md).
    pub fn best(dexterity: f64, agility: i32) -> BlockLimb {
        if f64::from(agility) > dexterity {
            BlockLimb::Legs
        } else {
            BlockLimb::Arms
        }
    }
}

/// Shakhàn 16.10.4.5: a block's check is Dexterity (arms) or Agility (legs)
/// × 5; 16.10.4.9: × 6 for a Martial Arts block. Dexterity is the effective
/// one (gauntlets halve it, 16.4), kept fractional against the whole d100.
pub fn block_check(martial: bool, limb: BlockLimb, dexterity: f64, agility: i32) -> i32 {
    let score = match limb {
        BlockLimb::Arms => dexterity,
        BlockLimb::Legs => f64::from(agility),
    };
    (score * if martial { 6.0 } else { 5.0 }).floor() as i32
}

/// Shakhàn 16.10.4.5: a block is ineffective against a weapon whose
/// composition factor is more than 20; 16.10.4.9: a Martial Artist blocks
/// 5 more for each level past five (eight levels: 35, so a club's 30).
/// Body weaponry has no composition factor and can always be blocked.
pub fn block_effective(martial: bool, martial_arts_level: u32, composition: Option<u32>) -> bool {
    let extra = if martial {
        5 * martial_arts_level.saturating_sub(5)
    } else {
        0
    };
    composition.is_none_or(|c| c <= 20 + extra)
}

/// Shakhàn 16.10.4.9: the chance a Martial Arts block also turns a Critical
/// Hit away: level × 3.
pub fn martial_block_critical_chance(martial_arts_level: u32) -> i32 {
    3 * martial_arts_level as i32
}

/// Shakhàn 16.10.4.10: a throw works only against an oncoming attacker,
/// one executing B, A or C.
pub fn throwable(attacker_card: Card) -> bool {
    matches!(attacker_card, Card::A | Card::B | Card::C)
}

/// Shakhàn 16.10.4.10: (thrower's Martial Arts level − thrown's) × 10.
pub fn throw_chance(thrower_level: u32, thrown_level: u32) -> i32 {
    (thrower_level as i32 - thrown_level as i32) * 10
}

/// Shakhàn 16.10.4.10: a thrown victim is unbalanced once and falls prone; a
/// failed throw unbalances the thrower once, who stays on its feet.
pub const THROW_UNBALANCED: u8 = 1;

/// Shakhàn 16.10.4.8: the run-up check, [Adjusted Agility + (Martial Arts
/// level × 10)] × 5.
pub fn run_up_check(adjusted_agility: i32, martial_arts_level: u32) -> i32 {
    (adjusted_agility + 10 * martial_arts_level as i32) * 5
}

/// Shakhàn 16.10.4.8: a failed run-up is a double "unbalanced" result.
pub const RUN_UP_FAILED_UNBALANCED: u8 = 2;

/// Shakhàn 16.10.4.8: the drop-kick is ineffective against a defender more
/// than twice the attacker's body weight.
pub fn drop_kick_weight_ok(attacker_kg: f64, defender_kg: f64) -> bool {
    defender_kg <= 2.0 * attacker_kg
}

/// Shakhàn 16.10.4.8: added to the Armour Protection check of a drop-kick.
pub const DROP_KICK_APT_BONUS: i32 = 5;
/// Shakhàn 16.10.4.8: one "unbalanced" penalty added to the APT result.
pub const DROP_KICK_EXTRA_UNBALANCED: u8 = 1;
/// Shakhàn 16.10.4.8: a drop-kick spread over two rounds is seen coming:
/// the defender's CF is doubled.
pub const SEEN_COMING_CF_MULTIPLIER: i32 = 2;
/// Shakhàn 16.10.4.8 "at least five steps": the run-up's Action Points, one
/// a step (docs/RULINGS.md).
pub const RUN_UP_AP: f64 = 5.0;
