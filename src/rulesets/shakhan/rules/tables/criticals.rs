//! Shakhàn 16.15.5–10: the six Critical Hit tables, and the rules printed
//! after them (concussion modifiers, how long Bleeding lasts, where it shows).
//!
//! A row gives the injury, its Pain and Bleeding dice and its effects as
//! typed [`Effect`]s, usually picked by a d100 sub-roll. 16.10: the referee
//! tells the players only a row's `symptom`, unless the injury is `obvious`.

mod effect;
#[cfg(test)]
mod tests;

pub use effect::{DefectKind, Delay, Digits, Effect, Eyes, Reduction, Requisite, TimeUnit};

use serde::Deserialize;

use super::{D100Range, RangeTable, TableError, invalid, parse};
use crate::dice::{Dice, DiceExpr, Percentile};
use crate::rulesets::shakhan::rules::BodyArea;

const FILE: &str = "criticals.ron";

/// Shakhàn 16.15.5–10: the six Critical Hit tables, one per body area.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CriticalTables {
    rules: CriticalRules,
    head: CriticalTable,
    neck: CriticalTable,
    upper_body: CriticalTable,
    lower_body: CriticalTable,
    arms: CriticalTable,
    legs: CriticalTable,
}

impl CriticalTables {
    /// The Critical Hit table for a body area (16.15.5 head … 16.15.10 legs).
    pub fn table(&self, area: BodyArea) -> &CriticalTable {
        match area {
            BodyArea::Head => &self.head,
            BodyArea::Neck => &self.neck,
            BodyArea::UpperBody => &self.upper_body,
            BodyArea::LowerBody => &self.lower_body,
            BodyArea::Arms => &self.arms,
            BodyArea::Legs => &self.legs,
        }
    }

    /// The rules printed after 16.15.10.
    pub fn rules(&self) -> &CriticalRules {
        &self.rules
    }
}

/// Shakhàn 16.15.10 notes: how concussion weapons modify the roll, how long
/// Bleeding lasts and where it shows.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CriticalRules {
    full_concussion_modifier: i8,
    partial_concussion_modifier: i8,
    bleeding_duration: DiceExpr,
    maybe_internal: RangeTable<BleedingSite>,
    death_without_lungs: Delay,
}

/// Shakhàn 16.15.10 notes: whether the weapon that made the Critical Hit is a
/// concussion weapon (club, mace: full; spiked mace, flail, morning star: partial).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub enum Concussion {
    None,
    Partial,
    Full,
}

impl CriticalRules {
    /// Shakhàn 16.15.10 notes: the modifier to the Critical Hit roll (−20 full
    /// concussion, −15 partial, 0 otherwise).
    pub fn roll_modifier(&self, weapon: Concussion) -> i8 {
        match weapon {
            Concussion::None => 0,
            Concussion::Partial => self.partial_concussion_modifier,
            Concussion::Full => self.full_concussion_modifier,
        }
    }

    /// The roll to look up on a Critical Hit table: the natural roll plus the
    /// weapon's modifier, kept within 01–00 (a result below 01 reads as 01).
    pub fn modified_roll(&self, natural: Percentile, weapon: Concussion) -> Percentile {
        clamp_roll(natural, self.roll_modifier(weapon))
    }

    /// Shakhàn 16.15.10 notes: Bleeding starts at once and lasts this many
    /// Melee Rounds (2D20).
    pub fn bleeding_duration(&self) -> &DiceExpr {
        &self.bleeding_duration
    }

    /// Shakhàn 16.15.10 notes: where a row's Bleeding shows. Rolls d100 only
    /// for [`Visibility::MaybeInternal`] (01–50 internal, 51–00 external).
    pub fn bleeding_site(&self, visibility: Visibility, dice: &mut Dice) -> BleedingSite {
        match visibility {
            Visibility::Internal => BleedingSite::Internal,
            Visibility::External => BleedingSite::External,
            Visibility::MaybeInternal => *self.maybe_internal.get(dice.d100()).1,
        }
    }

    /// Shakhàn 16.15.10 notes: where a [`Visibility::MaybeInternal`] wound
    /// bleeds on this d100 roll (01–50 internal, 51–00 external), for a
    /// caller that shows the roll.
    pub fn maybe_internal_site(&self, roll: Percentile) -> BleedingSite {
        *self.maybe_internal.get(roll).1
    }

    /// Shakhàn 16.15.7 Lung ruptured: death follows this long after a
    /// character has no usable lung left (1D6 Melee Rounds).
    pub fn death_without_lungs(&self) -> &Delay {
        &self.death_without_lungs
    }
}

/// A d100 roll plus a modifier, kept within 01–00.
fn clamp_roll(roll: Percentile, modifier: i8) -> Percentile {
    let value = (i16::from(roll.value()) + i16::from(modifier)).clamp(1, 100);
    Percentile::new(value as u8).expect("clamped to 1..=100")
}

/// Shakhàn 16.15.5–10: one Critical Hit table.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CriticalTable {
    #[serde(default)]
    limb: Option<LimbRule>,
    rows: RangeTable<CriticalRow>,
}

impl CriticalTable {
    /// The row a (modified) Critical Hit roll lands on.
    pub fn row(&self, roll: Percentile) -> (&D100Range, &CriticalRow) {
        self.rows.get(roll)
    }

    pub fn rows(&self) -> impl Iterator<Item = (&D100Range, &CriticalRow)> {
        self.rows.rows()
    }

    /// Shakhàn 16.15.9–10: what an unusable limb does (arms and legs tables only).
    pub fn limb_rule(&self) -> Option<&LimbRule> {
        self.limb.as_ref()
    }

    /// Roll what `injury` (a row of this table) does: its side roll if any,
    /// its effects sub-roll if any, following [`Effect::RollAsFor`] to the
    /// named row with the modifier. [`Effect::RollAgain`] and Roll Twice are
    /// left to the caller, who rolls on the main table again.
    pub fn resolve<'a>(&'a self, injury: &'a Injury, dice: &mut Dice) -> Resolved<'a> {
        let mut out = Resolved {
            effects: Vec::new(),
            rolls: Vec::new(),
            side_results: Vec::new(),
            internal_organ: false,
        };
        self.resolve_into(injury, 0, dice, &mut out);
        out
    }

    fn resolve_into<'a>(
        &'a self,
        injury: &'a Injury,
        modifier: i8,
        dice: &mut Dice,
        out: &mut Resolved<'a>,
    ) {
        out.internal_organ |= injury.internal_organ;
        if let Some(side) = &injury.side_roll {
            out.side_results.push(side.roll(dice));
        }
        let mut effects: Vec<&'a Effect> = injury.effects.always.iter().collect();
        if let Some(table) = &injury.effects.roll {
            let natural = dice.d100();
            let modified = clamp_roll(natural, modifier);
            let (range, rolled) = table.get(modified);
            out.rolls.push(EffectsRoll {
                injury: &injury.name,
                natural,
                modified,
                range: *range,
            });
            effects.extend(rolled);
        }
        for effect in effects {
            match effect {
                Effect::RollAsFor { injury, modifier } => {
                    let target = self
                        .injury(injury)
                        .expect("RollAsFor targets are checked at load");
                    self.resolve_into(target, *modifier, dice, out);
                }
                _ => out.effects.push(effect),
            }
        }
    }

    fn injuries(&self) -> impl Iterator<Item = (&D100Range, &Injury)> {
        self.rows.rows().filter_map(|(range, row)| match row {
            CriticalRow::Injury(injury) => Some((range, &**injury)),
            CriticalRow::RollTwice => None,
        })
    }

    fn injury(&self, name: &str) -> Option<&Injury> {
        self.injuries().map(|(_, i)| i).find(|i| i.name == name)
    }
}

/// What rolling a row's effects gave.
#[derive(Debug)]
pub struct Resolved<'a> {
    /// Every effect to apply or record, references already followed.
    pub effects: Vec<&'a Effect>,
    /// Each effects sub-roll made, for the log.
    pub rolls: Vec<EffectsRoll<'a>>,
    /// Which lung(s) or organ were hit, where the row says so.
    pub side_results: Vec<SideResult>,
    /// Shakhàn 16.13.5: an internal organ was damaged (this row, or a row it
    /// rolled as for): check for long-term damage after recovery.
    pub internal_organ: bool,
}

/// One effects sub-roll: natural, modified (by a "roll as for … add/subtract"),
/// and the range it landed in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EffectsRoll<'a> {
    pub injury: &'a str,
    pub natural: Percentile,
    pub modified: Percentile,
    pub range: D100Range,
}

/// Shakhàn 16.15.5–10: a row of a Critical Hit table.
#[derive(Debug, Deserialize)]
pub enum CriticalRow {
    Injury(Box<Injury>),
    /// 99–00 (Roll Twice): roll twice more on the same table; a Roll Twice
    /// obtained on those two rolls is ignored (gives no injury).
    RollTwice,
}

/// Shakhàn 16.15.5–10: an injury row.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Injury {
    /// The book's name, for the referee and the log.
    pub name: String,
    /// 16.10: what the players are told (our words, not the book's).
    pub symptom: String,
    /// 16.10: plain to see, so the name may be shown to the players.
    #[serde(default)]
    pub obvious: bool,
    pub pain: DiceExpr,
    /// `None` where the book says "na".
    pub bleeding: Option<Bleeding>,
    /// 16.13.5: damages a vital internal organ (long-term damage check).
    #[serde(default)]
    pub internal_organ: bool,
    /// A d100 roll for which lung(s) or organ, made apart from the effects roll.
    #[serde(default)]
    pub side_roll: Option<SideRoll>,
    pub effects: Effects,
}

/// Shakhàn 16.15.5–10 Bleeding column: points per round and where it shows.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Bleeding {
    pub dice: DiceExpr,
    pub visibility: Visibility,
}

/// Shakhàn 16.15.10 notes: the marks after the Bleeding dice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub enum Visibility {
    /// ♠: internal, seen only by careful observation.
    Internal,
    /// ♥ (▼ in the legend): 01–50 internal, 51–00 external.
    MaybeInternal,
    /// Unmarked: external.
    External,
}

/// Where a wound's blood goes, once [`Visibility`] is settled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub enum BleedingSite {
    Internal,
    External,
}

/// A row's effects: some always, plus those of a d100 sub-roll.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Effects {
    #[serde(default)]
    pub always: Vec<Effect>,
    #[serde(default)]
    pub roll: Option<RangeTable<Vec<Effect>>>,
}

/// A d100 roll naming what was hit (16.15.7 Lung ruptured, 16.15.8
/// Miscellaneous internal organ damaged).
#[derive(Debug, Deserialize)]
pub enum SideRoll {
    Lungs(RangeTable<Lungs>),
    Organ(RangeTable<Organ>),
}

impl SideRoll {
    fn roll(&self, dice: &mut Dice) -> SideResult {
        match self {
            SideRoll::Lungs(t) => SideResult::Lungs(*t.get(dice.d100()).1),
            SideRoll::Organ(t) => SideResult::Organ(*t.get(dice.d100()).1),
        }
    }
}

/// The outcome of a [`SideRoll`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SideResult {
    Lungs(Lungs),
    Organ(Organ),
}

/// Shakhàn 16.15.7 Lung ruptured: how many lungs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub enum Lungs {
    One,
    All,
}

/// Shakhàn 16.15.8 Miscellaneous internal organ damaged: which organ.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub enum Organ {
    GallBladder,
    Spleen,
    Kidneys,
    Liver,
    Pancreas,
    Appendix,
    Other,
}

/// Shakhàn 16.15.9–10: what unusable limbs of one kind (arms or legs) do.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LimbRule {
    /// Falls in proportion to the share of these limbs that are unusable.
    pub reduces: Requisite,
    /// 16.15.9: halved again when the unusable limb is the favoured one.
    pub favoured_halves_again: bool,
    /// 16.15.10: once half or more are unusable, a check each Melee Round at
    /// (Agility × this DMod) or fall prone.
    pub prone_check_dmod: Option<u8>,
}

impl LimbRule {
    /// The share of [`Self::reduces`] left with `unusable` of `limbs` limbs
    /// unusable (`favoured_unusable`: the favoured one among them).
    pub fn remaining_share(&self, limbs: u8, unusable: u8, favoured_unusable: bool) -> f64 {
        if limbs == 0 {
            return 1.0;
        }
        let share = f64::from(limbs - unusable.min(limbs)) / f64::from(limbs);
        if favoured_unusable && self.favoured_halves_again {
            share / 2.0
        } else {
            share
        }
    }

    /// The DMod of this Melee Round's check against falling prone, if one is due.
    pub fn prone_check(&self, limbs: u8, unusable: u8) -> Option<u8> {
        self.prone_check_dmod
            .filter(|_| limbs > 0 && u16::from(unusable) * 2 >= u16::from(limbs))
    }
}

pub(super) fn load() -> Result<CriticalTables, TableError> {
    from_text(include_str!("../../../../../assets/shakhan/criticals.ron"))
}

fn from_text(text: &str) -> Result<CriticalTables, TableError> {
    let tables: CriticalTables = parse(FILE, text)?;
    tables.validate()?;
    Ok(tables)
}

impl CriticalTables {
    fn validate(&self) -> Result<(), TableError> {
        let rules = &self.rules;
        for dice in [&rules.bleeding_duration, &rules.death_without_lungs.dice] {
            flat(dice, "the general rules")?;
        }
        for area in BodyArea::ALL {
            self.table(area).validate(area)?;
        }
        Ok(())
    }
}

impl CriticalTable {
    fn validate(&self, area: BodyArea) -> Result<(), TableError> {
        let limb_table = matches!(area, BodyArea::Arms | BodyArea::Legs);
        if limb_table != self.limb.is_some() {
            return Err(invalid(
                FILE,
                format!(
                    "{} table: a limb rule belongs on the arms and legs tables only",
                    area.name()
                ),
            ));
        }
        let mut names: Vec<&str> = Vec::new();
        for (range, injury) in self.injuries() {
            let at = format!("{} table, row {range} \"{}\"", area.name(), injury.name);
            if injury.name.is_empty() || injury.symptom.is_empty() {
                return Err(invalid(
                    FILE,
                    format!("{at}: name and symptom must be given"),
                ));
            }
            if names.contains(&injury.name.as_str()) {
                return Err(invalid(FILE, format!("{at}: the name is used twice")));
            }
            names.push(&injury.name);
            flat(&injury.pain, &at)?;
            if let Some(b) = &injury.bleeding {
                flat(&b.dice, &at)?;
            }
            for effect in injury.all_effects() {
                self.validate_effect(effect, limb_table, &at)?;
            }
        }
        Ok(())
    }

    fn validate_effect(
        &self,
        effect: &Effect,
        limb_table: bool,
        at: &str,
    ) -> Result<(), TableError> {
        for dice in effect.dice() {
            flat(dice, at)?;
        }
        if effect.percents().iter().any(|p| *p > 100) {
            return Err(invalid(FILE, format!("{at}: a percentage is over 100")));
        }
        match effect {
            Effect::LimbUnusable | Effect::Digits { .. } if !limb_table => Err(invalid(
                FILE,
                format!("{at}: limb effects belong on the arms and legs tables"),
            )),
            Effect::RollAsFor { injury, .. } => {
                let target = self.injury(injury).ok_or_else(|| {
                    invalid(
                        FILE,
                        format!("{at}: rolls as for \"{injury}\", which is not in this table"),
                    )
                })?;
                if target.effects.roll.is_none() {
                    return Err(invalid(
                        FILE,
                        format!("{at}: \"{injury}\" has no effects roll"),
                    ));
                }
                if target
                    .all_effects()
                    .any(|e| matches!(e, Effect::RollAsFor { .. }))
                {
                    return Err(invalid(
                        FILE,
                        format!("{at}: \"{injury}\" itself rolls as for another row"),
                    ));
                }
                Ok(())
            }
            _ => Ok(()),
        }
    }
}

impl Injury {
    /// Every effect the row can give, whatever the sub-roll.
    fn all_effects(&self) -> impl Iterator<Item = &Effect> {
        let rolled = self
            .effects
            .roll
            .iter()
            .flat_map(|t| t.rows().flat_map(|(_, e)| e));
        self.effects.always.iter().chain(rolled)
    }
}

/// Table dice must be plain `nDs+m` (no per-level scaling, no choice of die).
fn flat(dice: &DiceExpr, at: &str) -> Result<(), TableError> {
    match dice.flat() {
        Some(_) => Ok(()),
        None => Err(invalid(FILE, format!("{at}: `{dice}` must be plain dice"))),
    }
}
