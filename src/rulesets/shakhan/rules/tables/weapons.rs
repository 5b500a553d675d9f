//! Shakhàn 16.15.13: Weapon Characteristic Tables, with the concussion,
//! critical-modifier, thrown-weapon and reload rulings that go with them
//! (16.4.1.4–7, 16.5.1–2, 16.15.4, 16.15.14).

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::armour::{EveryKey, Total, check_quality_roll};
use super::criticals::Concussion as CriticalConcussion;
use super::{RangeTable, TableError, invalid, parse};
use crate::dice::{DiceExpr, Scaling};
use crate::rulesets::shakhan::rules::Quality;

const FILE: &str = "weapons.ron";

/// Shakhàn 16.15.13.1–5: the melee weapons and attack types.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum WeaponKind {
    Dagger,
    Rapier,
    ParryingSword,
    ShortSword,
    LongSword,
    TwoHandedSword,
    HandAxe,
    BattleAxe,
    HeavyBattleAxe,
    TwoHandedBattleAxe,
    /// "Halberd / Pole-Axe".
    Halberd,
    Javelin,
    HandSpear,
    /// "Pike / Lance".
    Pike,
    PoleArm,
    /// Anything not made as a weapon, e.g. an unlit torch.
    JuryRiggedClub,
    Club,
    HeavyClub,
    Mace,
    HeavyMace,
    WarHammer,
    HeavyWarHammer,
    QuarterStaff,
    MilitaryFlail,
    MorningStar,
    ClawsFangs,
    HandsFeet,
    ExplosionImpact,
    MagicAttack,
}

impl WeaponKind {
    pub const ALL: [WeaponKind; 29] = [
        WeaponKind::Dagger,
        WeaponKind::Rapier,
        WeaponKind::ParryingSword,
        WeaponKind::ShortSword,
        WeaponKind::LongSword,
        WeaponKind::TwoHandedSword,
        WeaponKind::HandAxe,
        WeaponKind::BattleAxe,
        WeaponKind::HeavyBattleAxe,
        WeaponKind::TwoHandedBattleAxe,
        WeaponKind::Halberd,
        WeaponKind::Javelin,
        WeaponKind::HandSpear,
        WeaponKind::Pike,
        WeaponKind::PoleArm,
        WeaponKind::JuryRiggedClub,
        WeaponKind::Club,
        WeaponKind::HeavyClub,
        WeaponKind::Mace,
        WeaponKind::HeavyMace,
        WeaponKind::WarHammer,
        WeaponKind::HeavyWarHammer,
        WeaponKind::QuarterStaff,
        WeaponKind::MilitaryFlail,
        WeaponKind::MorningStar,
        WeaponKind::ClawsFangs,
        WeaponKind::HandsFeet,
        WeaponKind::ExplosionImpact,
        WeaponKind::MagicAttack,
    ];
}

/// Shakhàn 16.15.13.6: the missile launchers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum MissileKind {
    ShortBow,
    CompositeBow,
    LongBow,
    LightCrossbow,
    MediumCrossbow,
    HeavyCrossbow,
}

impl MissileKind {
    pub const ALL: [MissileKind; 6] = [
        MissileKind::ShortBow,
        MissileKind::CompositeBow,
        MissileKind::LongBow,
        MissileKind::LightCrossbow,
        MissileKind::MediumCrossbow,
        MissileKind::HeavyCrossbow,
    ];
}

impl EveryKey for WeaponKind {
    const ALL: &'static [Self] = &WeaponKind::ALL;

    fn index(self) -> usize {
        self as usize
    }
}

impl EveryKey for MissileKind {
    const ALL: &'static [Self] = &MissileKind::ALL;

    fn index(self) -> usize {
        self as usize
    }
}

/// Shakhàn 16.5.2: the reload classes (Action Point costs live in the actions
/// tables, keyed by this enum).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum ReloadClass {
    ThrownStone,
    /// "Dagger, etc."
    Dagger,
    LargeWeapon,
    MagicProjectile,
    StandardBow,
    Sling,
    Crossbow,
    ComplexWeapon,
}

impl ReloadClass {
    pub const ALL: [ReloadClass; 8] = [
        ReloadClass::ThrownStone,
        ReloadClass::Dagger,
        ReloadClass::LargeWeapon,
        ReloadClass::MagicProjectile,
        ReloadClass::StandardBow,
        ReloadClass::Sling,
        ReloadClass::Crossbow,
        ReloadClass::ComplexWeapon,
    ];
}

/// Shakhàn 16.15.4 "impaled on set weapon": the book names no weapon, so
/// which may be set against a charge is ruled (docs/RULINGS.md, issue 16 and
/// issue 40): the Spears / Bladed Jabbing Weapons of 16.15.13.3, or a
/// referee's wider reading that adds the halberd / pole-axe of the axe table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum SetWeapons {
    /// The spear table only (the ruling).
    #[default]
    Spears,
    /// The spear table and the halberd / pole-axe.
    SpearsAndHalberd,
}

impl SetWeapons {
    /// Whether a weapon of `kind`, listed in `family`, may be set.
    pub fn includes(self, kind: WeaponKind, family: WeaponFamily) -> bool {
        family == WeaponFamily::Spear
            || (self == SetWeapons::SpearsAndHalberd && kind == WeaponKind::Halberd)
    }
}

/// Which of the 16.15.13 tables a weapon is listed in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum WeaponFamily {
    /// 16.15.13.1 Standard Swords / Edged Slashing Weapons.
    Sword,
    /// 16.15.13.2 Standard Axes.
    Axe,
    /// 16.15.13.3 Spears / Bladed Jabbing Weapons.
    Spear,
    /// 16.15.13.4 Full-Concussion Weapons.
    Concussion,
    /// 16.15.13.5 Miscellaneous Weapons.
    Misc,
}

impl WeaponFamily {
    /// Shakhàn 16.15.4 'w': the composition factor of the blade or contact
    /// surface unless a weapon states its own: metal, the middle of the book's
    /// 60–80 for a metal sword. The miscellaneous table mixes wood, metal and
    /// body weaponry, so it has no default.
    pub fn default_composition_factor(self) -> Option<u32> {
        match self {
            WeaponFamily::Sword
            | WeaponFamily::Axe
            | WeaponFamily::Spear
            | WeaponFamily::Concussion => Some(70),
            WeaponFamily::Misc => None,
        }
    }
}

/// Shakhàn 16.15.13.4–5: damage a concussion-eligible weapon does on a strike
/// even when the armour is not penetrated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Concussion {
    /// Not concussion-eligible: an unpenetrated strike does no damage.
    None,
    /// Half the damage rolled.
    Half,
    /// Three quarters of the damage rolled (war hammers, explosion/impact).
    ThreeQuarters,
}

impl Concussion {
    /// The fraction of the rolled damage an unpenetrated strike does.
    pub fn fraction(self) -> f64 {
        match self {
            Concussion::None => 0.0,
            Concussion::Half => 0.5,
            Concussion::ThreeQuarters => 0.75,
        }
    }
}

/// Shakhàn 16.15.14: how far a melee weapon flies when thrown, and how long
/// readying the next one takes (16.5.2). Thrown weapons have no MSF modifier:
/// the Missile Factor uses 0.
#[derive(Debug, Clone, Copy, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Thrown {
    pub reload: ReloadClass,
    /// Normal maximum range per point of the thrower's Strength: 1 m bladed,
    /// 2 m pointed, 3 m non-bladed.
    pub range_per_strength_m: f64,
}

impl Thrown {
    /// Shakhàn 16.15.14: normal maximum range for a thrower of this Strength.
    pub fn max_range_m(&self, strength: u32) -> f64 {
        self.range_per_strength_m * f64::from(strength)
    }
}

/// Shakhàn 16.15.13 "A": the modifier to the Armour Penetration roll, which
/// for creatures and spells scales per Level or Magnitude (`+1 pl`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(try_from = "String")]
pub struct ArmourMod {
    pub value: i32,
    pub scaling: Scaling,
}

impl ArmourMod {
    /// The modifier for a user of this Level (or spell of this Magnitude):
    /// a Level III monster's `+1 pl` is +3. Flat modifiers ignore `level`.
    pub fn at_level(self, level: u32) -> i32 {
        match self.scaling {
            Scaling::Flat => self.value,
            Scaling::PerLevel | Scaling::PerMagnitude => self.value * level.max(1) as i32,
        }
    }
}

impl FromStr for ArmourMod {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let t = text.trim();
        let (body, scaling) = if let Some(b) = t.strip_suffix("pl") {
            (b, Scaling::PerLevel)
        } else if let Some(b) = t.strip_suffix("pm") {
            (b, Scaling::PerMagnitude)
        } else {
            (t, Scaling::Flat)
        };
        let value = body.trim().parse::<i32>().map_err(|_| {
            format!("`{text}` is not an armour modifier (write it like -5, +2, 0 or +1 pl)")
        })?;
        Ok(ArmourMod { value, scaling })
    }
}

impl TryFrom<String> for ArmourMod {
    type Error = String;

    fn try_from(text: String) -> Result<Self, Self::Error> {
        text.parse()
    }
}

impl fmt::Display for ArmourMod {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.value == 0 {
            f.write_str("0")?;
        } else {
            write!(f, "{:+}", self.value)?;
        }
        match self.scaling {
            Scaling::Flat => Ok(()),
            Scaling::PerLevel => f.write_str(" pl"),
            Scaling::PerMagnitude => f.write_str(" pm"),
        }
    }
}

/// One quality class of a weapon: damage (D) and armour penetration (A).
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WeaponGrade {
    pub damage: DiceExpr,
    pub armour_mod: ArmourMod,
}

/// Shakhàn 16.15.13.1–5: one melee weapon or attack type.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MeleeWeapon {
    /// Shared: every blow's report names the weapon.
    pub name: Arc<str>,
    pub family: WeaponFamily,
    /// Sr (16.4.1.5); `None` where the book says "na".
    pub strength_req: Option<u32>,
    /// Dr (16.4.1.6); `None` where the book says "na".
    pub dexterity_req: Option<u32>,
    /// CFm (16.4.1.4); `None` = "na" (natural attacks, explosions, spells).
    pub cf_mod: Option<i32>,
    pub concussion: Concussion,
    /// Shakhàn 16.15.4 'c': which concussion class modifies its Critical Hit
    /// rolls ("full" clubs and maces −20, "partial" spiked or flailing −15);
    /// the numbers live with the Critical Hit rules.
    pub critical: CriticalConcussion,
    /// Body weaponry (16.4.1.2): trained as Natural Weapons, without the
    /// artificial-weapon limit on Weapon Training Bonuses.
    pub natural: bool,
    /// Whether, and how, it can be thrown.
    #[serde(default)]
    pub thrown: Option<Thrown>,
    /// Overrides the family's default (see [`MeleeWeapon::composition_factor`]).
    #[serde(default)]
    composition_factor: Option<u32>,
    grades: Total<Quality, Option<WeaponGrade>>,
}

impl MeleeWeapon {
    /// D and A for a quality class; `None` where the book says "na" (natural
    /// attacks and the like are given only for Usual).
    pub fn grade(&self, q: Quality) -> Option<&WeaponGrade> {
        self.grades.get(q).as_ref()
    }

    /// Shakhàn 16.15.4 'w': the composition factor of the contact surface;
    /// `None` where there is no artificial surface to damage (body weaponry,
    /// explosions, spells), so a 'w' result has no effect.
    pub fn composition_factor(&self) -> Option<u32> {
        self.composition_factor
            .or(self.family.default_composition_factor())
    }
}

/// Shakhàn 16.15.13.6: one missile launcher.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MissileWeapon {
    pub name: String,
    pub strength_req: u32,
    pub dexterity_req: u32,
    /// MsFm (16.5.1): added to the Missile Factor; "+" is a bonus.
    pub msf_mod: i32,
    /// 16.5.2: bows as "Standard Bow", crossbows as "Crossbow".
    pub reload: ReloadClass,
    /// 16.15.14 Normal Maximum Range.
    pub max_range_m: f64,
    grades: Total<Quality, WeaponGrade>,
}

impl MissileWeapon {
    /// D and A for a quality class (every class is given).
    pub fn grade(&self, q: Quality) -> &WeaponGrade {
        self.grades.get(q)
    }
}

/// Shakhàn 16.15.13: every weapon table.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WeaponTables {
    quality_roll: RangeTable<Quality>,
    melee: Total<WeaponKind, MeleeWeapon>,
    missile: Total<MissileKind, MissileWeapon>,
}

impl WeaponTables {
    pub fn melee(&self, kind: WeaponKind) -> &MeleeWeapon {
        self.melee.get(kind)
    }

    pub fn missile(&self, kind: MissileKind) -> &MissileWeapon {
        self.missile.get(kind)
    }

    /// The Quality Dice Roll printed on the weapon tables (the same ranges as
    /// the armour charts').
    pub fn quality_roll(&self) -> &RangeTable<Quality> {
        &self.quality_roll
    }
}

pub(super) fn load() -> Result<WeaponTables, TableError> {
    let tables: WeaponTables = parse(
        FILE,
        include_str!("../../../../../assets/shakhan/weapons.ron"),
    )?;
    check(&tables).map_err(|what| invalid(FILE, what))?;
    Ok(tables)
}

fn check(t: &WeaponTables) -> Result<(), String> {
    check_quality_roll(&t.quality_roll).map_err(|e| format!("quality_roll: {e}"))?;
    for (kind, w) in t.melee.iter() {
        check_melee(w).map_err(|e| format!("melee {kind:?}: {e}"))?;
    }
    for (kind, w) in t.missile.iter() {
        let flat = Quality::ALL.iter().all(|q| is_flat(w.grade(*q)));
        if !flat {
            return Err(format!(
                "missile {kind:?}: a launcher's D and A cannot scale"
            ));
        }
        if w.max_range_m <= 0.0 {
            return Err(format!("missile {kind:?}: max_range_m must be positive"));
        }
    }
    Ok(())
}

fn check_melee(w: &MeleeWeapon) -> Result<(), String> {
    let given: Vec<&WeaponGrade> = Quality::ALL.iter().filter_map(|q| w.grade(*q)).collect();
    if given.is_empty() {
        return Err("no quality class is given".into());
    }
    if w.natural && (w.cf_mod.is_some() || w.strength_req.is_some()) {
        return Err("body weaponry has no CFm nor Sr (na)".into());
    }
    // Artificial weapons (those with a CFm) have every class and flat dice.
    if w.cf_mod.is_some()
        && (given.len() != Quality::ALL.len() || !given.iter().all(|g| is_flat(g)))
    {
        return Err("a weapon with a CFm needs all six classes, without pl/pm".into());
    }
    if (w.concussion == Concussion::None) != (w.critical == CriticalConcussion::None) {
        return Err(format!(
            "critical {:?} does not fit concussion {:?} (None without, Full or Partial with)",
            w.critical, w.concussion
        ));
    }
    if w.thrown.is_some_and(|t| t.range_per_strength_m <= 0.0) {
        return Err("thrown range_per_strength_m must be positive".into());
    }
    Ok(())
}

fn is_flat(g: &WeaponGrade) -> bool {
    g.damage.flat().is_some() && g.armour_mod.scaling == Scaling::Flat
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::FlatDice;
    use crate::rulesets::shakhan::rules::tables::tables;
    use Quality::*;
    use WeaponKind::*;

    fn weapons() -> WeaponTables {
        load().unwrap_or_else(|e| panic!("{e}"))
    }

    fn dice(count: u32, sides: u32, modifier: i32) -> FlatDice {
        FlatDice {
            count,
            sides,
            modifier,
        }
    }

    /// (damage, A) of a melee cell, as plain dice and a flat modifier.
    fn cell(t: &WeaponTables, kind: WeaponKind, q: Quality) -> (FlatDice, i32) {
        let g = t.melee(kind).grade(q).expect("cell given");
        (
            g.damage.flat().expect("flat dice"),
            g.armour_mod.at_level(1),
        )
    }

    fn missile_cell(t: &WeaponTables, kind: MissileKind, q: Quality) -> (FlatDice, i32) {
        let g = t.missile(kind).grade(q);
        (
            g.damage.flat().expect("flat dice"),
            g.armour_mod.at_level(1),
        )
    }

    fn usage(w: &MeleeWeapon) -> (Option<u32>, Option<u32>, Option<i32>) {
        (w.strength_req, w.dexterity_req, w.cf_mod)
    }

    #[test]
    fn weapons_16_14_4_level_v_example_usual_shortsword_and_shortbow() {
        let t = weapons();
        // "2D6 per strike … -5": the table's Usual short sword is 2D6-1 at −5.
        assert_eq!(cell(&t, ShortSword, Usual), (dice(2, 6, -1), -5));
        assert_eq!(t.melee(ShortSword).cf_mod, Some(0));
        // "Shortbow 1D3 … -5", Weapon MSF Modifier (2).
        let bow = t.missile(MissileKind::ShortBow);
        assert_eq!(
            missile_cell(&t, MissileKind::ShortBow, Usual),
            (dice(1, 3, 0), -5)
        );
        assert_eq!(bow.msf_mod, 2);
    }

    #[test]
    fn weapons_16_4_petron_good_short_sword_cf_mod_0_and_bows() {
        let t = weapons();
        assert!(t.melee(ShortSword).grade(Good).is_some());
        assert_eq!(t.melee(ShortSword).cf_mod, Some(0));
        // 16.5 example: composite bow MsFm 0; longbow needs Strength 14.
        assert_eq!(t.missile(MissileKind::CompositeBow).msf_mod, 0);
        assert_eq!(t.missile(MissileKind::LongBow).strength_req, 14);
        // 16.4.1.4: a two-handed sword has a CF Modifier of −3.
        assert_eq!(t.melee(TwoHandedSword).cf_mod, Some(-3));
    }

    #[test]
    fn swords_16_15_13_1_corners_and_middle() {
        let t = weapons();
        assert_eq!(usage(t.melee(Dagger)), (Some(4), Some(5), Some(0)));
        assert_eq!(
            usage(t.melee(TwoHandedSword)),
            (Some(15), Some(7), Some(-3))
        );
        assert_eq!(usage(t.melee(ParryingSword)), (Some(8), Some(8), Some(-2)));
        assert_eq!(cell(&t, Dagger, Poor), (dice(1, 6, -2), -10));
        assert_eq!(cell(&t, TwoHandedSword, Poor), (dice(3, 6, -2), -10));
        assert_eq!(cell(&t, Dagger, Exceptional), (dice(1, 6, 2), 1));
        assert_eq!(cell(&t, TwoHandedSword, Exceptional), (dice(3, 6, 2), 5));
        assert_eq!(cell(&t, LongSword, Good), (dice(2, 6, 1), 1));
        assert_eq!(cell(&t, Rapier, VeryGood), (dice(1, 6, 1), 0));
    }

    #[test]
    fn axes_16_15_13_2_corners_and_middle() {
        let t = weapons();
        assert_eq!(usage(t.melee(HandAxe)), (Some(5), Some(4), Some(0)));
        assert_eq!(usage(t.melee(Halberd)), (Some(16), Some(6), Some(-4)));
        assert_eq!(cell(&t, HandAxe, Poor), (dice(1, 6, -2), -10));
        assert_eq!(cell(&t, Halberd, Poor), (dice(3, 6, -2), -10));
        assert_eq!(cell(&t, HandAxe, Exceptional), (dice(1, 6, 2), 1));
        assert_eq!(cell(&t, Halberd, Exceptional), (dice(3, 6, 4), 8));
        assert_eq!(cell(&t, HeavyBattleAxe, VeryGood), (dice(2, 6, 1), 2));
    }

    #[test]
    fn spears_16_15_13_3_corners_and_middle() {
        let t = weapons();
        assert_eq!(usage(t.melee(Javelin)), (Some(5), Some(5), Some(1)));
        assert_eq!(usage(t.melee(PoleArm)), (Some(13), Some(8), Some(-3)));
        assert_eq!(cell(&t, Javelin, Poor), (dice(1, 6, -2), -5));
        assert_eq!(cell(&t, PoleArm, Poor), (dice(2, 6, -1), -5));
        assert_eq!(cell(&t, Javelin, Exceptional), (dice(1, 6, 1), 2));
        assert_eq!(cell(&t, PoleArm, Exceptional), (dice(2, 6, 3), 4));
        assert_eq!(cell(&t, HandSpear, Usual), (dice(1, 6, -1), -3));
    }

    #[test]
    fn concussion_weapons_16_15_13_4_corners_and_middle() {
        let t = weapons();
        assert_eq!(usage(t.melee(JuryRiggedClub)), (Some(8), Some(5), Some(1)));
        assert_eq!(
            usage(t.melee(HeavyWarHammer)),
            (Some(15), Some(7), Some(-2))
        );
        assert_eq!(cell(&t, JuryRiggedClub, Poor), (dice(1, 4, -2), -20));
        assert_eq!(cell(&t, HeavyWarHammer, Poor), (dice(2, 4, 0), -15));
        assert_eq!(cell(&t, JuryRiggedClub, Exceptional), (dice(1, 4, 1), -5));
        assert_eq!(cell(&t, HeavyWarHammer, Exceptional), (dice(2, 4, 2), 0));
        assert_eq!(cell(&t, Mace, Good), (dice(1, 4, 1), -5));
        assert_eq!(cell(&t, HeavyMace, Excellent), (dice(2, 4, 2), 0));
    }

    #[test]
    fn misc_weapons_16_15_13_5_corners_and_na() {
        let t = weapons();
        assert_eq!(usage(t.melee(QuarterStaff)), (Some(5), Some(5), Some(3)));
        assert_eq!(
            usage(t.melee(MilitaryFlail)),
            (Some(10), Some(12), Some(-2))
        );
        assert_eq!(usage(t.melee(MagicAttack)), (None, None, None));
        assert_eq!(cell(&t, QuarterStaff, Poor), (dice(1, 3, -1), -20));
        assert_eq!(cell(&t, MorningStar, Exceptional), (dice(1, 4, 4), 0));
        assert_eq!(cell(&t, MorningStar, Good), (dice(1, 4, 2), -3));
        for kind in [ClawsFangs, HandsFeet, ExplosionImpact, MagicAttack] {
            let w = t.melee(kind);
            for q in Quality::ALL {
                assert_eq!(w.grade(q).is_some(), q == Usual, "{kind:?} {q:?}");
            }
        }
        // "pl"/"pm": a Level III monster's claws do 3 dice at +3; D3/D4/D6 by kind.
        let claws = t.melee(ClawsFangs).grade(Usual).unwrap();
        assert_eq!(claws.damage.resolve(3, 1), dice(3, 4, 0));
        assert_eq!(claws.armour_mod.at_level(3), 3);
        assert_eq!(claws.armour_mod.to_string(), "+1 pl");
        let hands = t.melee(HandsFeet).grade(Usual).unwrap();
        assert_eq!(hands.damage.resolve(2, 0), dice(2, 2, 0));
        assert_eq!(hands.armour_mod.at_level(5), 0);
        let blast = t.melee(ExplosionImpact).grade(Usual).unwrap();
        assert_eq!(blast.damage.scaling, Scaling::PerMagnitude);
        assert_eq!(blast.armour_mod.at_level(2), 4);
        assert_eq!(
            t.melee(MagicAttack)
                .grade(Usual)
                .unwrap()
                .armour_mod
                .to_string(),
            "+1 pm"
        );
    }

    #[test]
    fn missile_weapons_16_15_13_6_corners_ranges_and_reload() {
        use MissileKind as M;
        let t = weapons();
        let sdm = |k| {
            let w: &MissileWeapon = t.missile(k);
            (w.strength_req, w.dexterity_req, w.msf_mod)
        };
        assert_eq!(sdm(M::ShortBow), (7, 8, 2));
        assert_eq!(sdm(M::HeavyCrossbow), (13, 9, -1));
        assert_eq!(missile_cell(&t, M::ShortBow, Poor), (dice(1, 3, -1), -10));
        assert_eq!(
            missile_cell(&t, M::HeavyCrossbow, Poor),
            (dice(1, 4, -1), -8)
        );
        assert_eq!(
            missile_cell(&t, M::ShortBow, Exceptional),
            (dice(1, 3, 2), 3)
        );
        assert_eq!(
            missile_cell(&t, M::HeavyCrossbow, Exceptional),
            (dice(1, 4, 2), 7)
        );
        assert_eq!(missile_cell(&t, M::LongBow, Good), (dice(1, 4, 0), 5));
        assert_eq!(
            missile_cell(&t, M::MediumCrossbow, Excellent),
            (dice(1, 4, 0), 5)
        );
        let ranges: Vec<f64> = M::ALL.iter().map(|k| t.missile(*k).max_range_m).collect();
        assert_eq!(ranges, [50.0, 75.0, 100.0, 25.0, 35.0, 45.0]);
        for k in [M::ShortBow, M::CompositeBow, M::LongBow] {
            assert_eq!(t.missile(k).reload, ReloadClass::StandardBow);
        }
        for k in [M::LightCrossbow, M::MediumCrossbow, M::HeavyCrossbow] {
            assert_eq!(t.missile(k).reload, ReloadClass::Crossbow);
        }
    }

    #[test]
    fn concussion_and_critical_rulings_16_15_4_and_16_15_13() {
        let t = weapons();
        let c = |k| {
            let w: &MeleeWeapon = t.melee(k);
            (w.concussion, w.critical)
        };
        for k in [
            JuryRiggedClub,
            Club,
            HeavyClub,
            Mace,
            HeavyMace,
            QuarterStaff,
            HandsFeet,
        ] {
            assert_eq!(c(k), (Concussion::Half, CriticalConcussion::Full), "{k:?}");
        }
        for k in [WarHammer, HeavyWarHammer, ExplosionImpact] {
            assert_eq!(
                c(k),
                (Concussion::ThreeQuarters, CriticalConcussion::Full),
                "{k:?}"
            );
        }
        for k in [MilitaryFlail, MorningStar, TwoHandedSword] {
            assert_eq!(
                c(k),
                (Concussion::Half, CriticalConcussion::Partial),
                "{k:?}"
            );
        }
        for k in [
            ShortSword,
            LongSword,
            Halberd,
            Pike,
            ClawsFangs,
            MagicAttack,
        ] {
            assert_eq!(c(k), (Concussion::None, CriticalConcussion::None), "{k:?}");
        }
        assert_eq!(Concussion::ThreeQuarters.fraction(), 0.75);
        let natural: Vec<WeaponKind> = WeaponKind::ALL
            .into_iter()
            .filter(|k| t.melee(*k).natural)
            .collect();
        assert_eq!(natural, [ClawsFangs, HandsFeet]);
    }

    #[test]
    fn thrown_weapons_16_15_14_ranges_and_16_5_2_reload() {
        let t = weapons();
        let thrown: Vec<(WeaponKind, ReloadClass, f64)> = WeaponKind::ALL
            .into_iter()
            .filter_map(|k| {
                t.melee(k)
                    .thrown
                    .map(|th| (k, th.reload, th.max_range_m(11)))
            })
            .collect();
        assert_eq!(
            thrown,
            [
                (Dagger, ReloadClass::Dagger, 11.0),
                (Javelin, ReloadClass::LargeWeapon, 22.0),
                (HandSpear, ReloadClass::LargeWeapon, 22.0),
                (JuryRiggedClub, ReloadClass::LargeWeapon, 33.0),
                (Club, ReloadClass::LargeWeapon, 33.0),
            ]
        );
    }

    #[test]
    fn composition_factors_16_15_4() {
        let t = weapons();
        assert_eq!(t.melee(LongSword).composition_factor(), Some(70));
        assert_eq!(t.melee(Mace).composition_factor(), Some(70));
        assert_eq!(t.melee(Club).composition_factor(), Some(30));
        assert_eq!(t.melee(QuarterStaff).composition_factor(), Some(30));
        assert_eq!(t.melee(MorningStar).composition_factor(), Some(70));
        for k in [ClawsFangs, HandsFeet, ExplosionImpact, MagicAttack] {
            assert_eq!(t.melee(k).composition_factor(), None, "{k:?}");
        }
    }

    #[test]
    fn weapons_quality_roll_is_the_armour_charts_one() {
        let printed: Vec<_> = weapons()
            .quality_roll()
            .rows()
            .map(|(r, q)| (*r, *q))
            .collect();
        let armour: Vec<_> = tables()
            .armour
            .quality_roll()
            .rows()
            .map(|(r, q)| (*r, *q))
            .collect();
        assert_eq!(printed, armour);
    }

    #[test]
    fn armour_mod_reads_as_written() {
        for text in ["-10", "+3", "0", "+1 pl", "+2 pm"] {
            assert_eq!(text.parse::<ArmourMod>().unwrap().to_string(), text);
        }
        assert!("+x".parse::<ArmourMod>().is_err());
    }

    const TEXT: &str = include_str!("../../../../../assets/shakhan/weapons.ron");

    fn refused(text: &str) -> String {
        match ron::from_str::<WeaponTables>(text) {
            Ok(t) => check(&t).expect_err("a broken copy was accepted"),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn broken_copies_are_refused_with_a_message() {
        let gap = TEXT.replacen("((96, 98), Excellent)", "((97, 98), Excellent)", 1);
        assert!(
            refused(&gap).contains("leave 96 uncovered"),
            "{}",
            refused(&gap)
        );
        let no_staff = TEXT.replacen("QuarterStaff: (", "Quarter: (", 1);
        assert!(
            refused(&no_staff).contains("Quarter"),
            "{}",
            refused(&no_staff)
        );
        let missing = TEXT.replacen("MorningStar: (", "QuarterStaff: (", 1);
        assert!(
            refused(&missing).contains("no entry for MorningStar"),
            "{}",
            refused(&missing)
        );
        let bad_mod = TEXT.replacen("armour_mod: \"-10\"", "armour_mod: \"-1O\"", 1);
        assert!(
            refused(&bad_mod).contains("not an armour modifier"),
            "{}",
            refused(&bad_mod)
        );
        let bad_crit = TEXT.replacen("critical: Partial", "critical: None", 1);
        assert!(
            refused(&bad_crit).contains("TwoHandedSword: critical None does not fit"),
            "{}",
            refused(&bad_crit)
        );
        let na_cell = TEXT.replacen(
            "Usual:       (damage: \"1D6-2\", armour_mod: \"-5\")",
            "Usual: None",
            1,
        );
        assert!(
            refused(&na_cell).contains("Dagger: a weapon with a CFm"),
            "{}",
            refused(&na_cell)
        );
    }
}
