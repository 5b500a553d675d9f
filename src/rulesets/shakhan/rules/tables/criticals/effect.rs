//! What a Critical Hit does beyond its Pain and Bleeding dice (16.15.5–10,
//! the Effects column), as data the melee engine applies or records.

use serde::{Deserialize, Serialize};

use crate::dice::DiceExpr;

/// Shakhàn 16.15.5–10: one consequence of a Critical Hit.
///
/// Percentages written as dice (e.g. `"1D20+20"` for "20 + 1D20%") are rolled
/// when the effect is applied. Effects marked *recorded* do not change a
/// melee; the engine keeps them on the character sheet.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub enum Effect {
    /// Falls unconscious at once, with no stated end: out of the fight.
    Unconscious,
    /// `chance_percent` chance of a coma lasting `days`; at its end a
    /// `death_at_end_percent` chance of death.
    Coma {
        chance_percent: u8,
        days: DiceExpr,
        death_at_end_percent: u8,
    },
    /// Dies at once (`None`) or after the delay.
    Death { after: Option<Delay> },
    /// 16.15.6 Neck severed: dies at once unless the creature has several
    /// heads or keeps its brain outside the head (the creature decides).
    Beheaded,
    /// Cannot act (no Tactic Cards) from now on.
    Incapacitated,
    /// Lowers each listed requisite by the same (once-rolled) amount.
    ReduceRequisite {
        requisites: Vec<Requisite>,
        by: Reduction,
    },
    /// 16.15.7 Lung ruptured: Combat Factor lowered by this per cent.
    ReduceCombatFactor { percent: u8 },
    /// 16.15.5 Jaw shattered: fluency in every language lowered by this per cent.
    ReduceLanguageFluency { percent: u8 },
    /// The Pain of this Critical Hit is multiplied.
    MultiplyPain(u8),
    /// The Pain of this Critical Hit is multiplied in any Melee Round the
    /// victim engages in strenuous activity (fighting, running).
    MultiplyPainWhenExerting(u8),
    /// The Bleeding points of this Critical Hit are multiplied.
    MultiplyBleeding(u8),
    /// The Pain of this Critical Hit is increased by this (rolled) per cent.
    IncreasePain { percent: DiceExpr },
    /// The Bleeding points of this Critical Hit are increased by this (rolled) per cent.
    IncreaseBleeding { percent: DiceExpr },
    /// 16.13.6: the chance of later infection rises by this per cent
    /// (applied to the disease's inverse DMod penalty). Recorded.
    InfectionChance { increase_percent: u8 },
    /// 16.15.9–10: the struck limb is unusable; the table's [`LimbRule`]
    /// says what that does to Dexterity or Agility.
    ///
    /// [`LimbRule`]: super::LimbRule
    LimbUnusable,
    /// 16.15.9–10: a rolled per cent of the fingers or toes of the struck limb
    /// broken or cut off; `reduces` falls by the same per cent.
    Digits {
        which: Digits,
        percent: DiceExpr,
        severed: bool,
        reduces: Requisite,
    },
    /// Complete paralysis of a rolled per cent of the limbs, fractions of a
    /// limb rounded up (16.15.6), more than 100% meaning all limbs.
    Paralysis { percent_of_limbs: DiceExpr },
    /// 16.15.7 Lung ruptured: the ruptured lung(s) become unusable at once
    /// (`None`) or with a chance each Melee Round that grows by this per cent
    /// every round. With no usable lung left, death follows after
    /// [`CriticalRules::death_without_lungs`](super::CriticalRules).
    LungUnusable {
        cumulative_percent_per_round: Option<u8>,
    },
    /// Once Bleeding has gone on for more than `after_bleeding_rounds`
    /// contiguous Melee Rounds, each further round a chance of drowning in
    /// one's own blood (death) that grows by `percent_per_round` each round.
    DrowningInBlood {
        percent_per_round: u8,
        after_bleeding_rounds: u8,
    },
    /// Each Melee Round a chance of death from lack of air that grows by this
    /// much each round, in tenths of a per cent: `exerting` in rounds the
    /// victim exerts him/herself, `resting` otherwise.
    Suffocation {
        exerting_per_mille: u16,
        resting_per_mille: u16,
    },
    /// Roll this many more times on the same Critical Hit table.
    RollAgain { times: DiceExpr },
    /// Roll the effects of the named row of the same table instead, adding
    /// `modifier` to that effects roll (kept within 01–00). Checked at load;
    /// [`CriticalTable::resolve`](super::CriticalTable::resolve) follows it.
    RollAsFor { injury: String, modifier: i8 },
    /// Permanent defects of a kind the character rules describe. Recorded.
    Defects { count: DiceExpr, kind: DefectKind },
    /// Cannot speak (no spoken languages, no spoken spells).
    Mute,
    /// One eye or both blinded.
    Blind { eyes: Eyes },
    /// 16.15.5 Jaw shattered: `count` teeth fall out within `within_days`. Recorded.
    LoseTeeth {
        count: DiceExpr,
        within_days: DiceExpr,
    },
    /// 16.15.7–8: a rolled per cent of the ribs broken. Recorded.
    RibsBroken { percent: DiceExpr },
    /// 16.15.8 Genital damage: rendered sterile. Recorded.
    Sterile,
    /// 16.15.8 Genital damage: genitals severed. Recorded.
    GenitalsSevered,
    /// These effects apply only to a male victim.
    IfMale { then: Vec<Effect> },
}

/// When a delayed death comes.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Delay {
    pub dice: DiceExpr,
    pub unit: TimeUnit,
}

/// Time as the critical tables count it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub enum TimeUnit {
    /// 5 seconds.
    MeleeRounds,
    /// 12 Melee Rounds.
    GameMinutes,
}

/// The scores a Critical Hit can lower. The senses are scores like the
/// others (16.3 calls Vision a requisite).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Requisite {
    Strength,
    Agility,
    Dexterity,
    PhysicalBeauty,
    Vision,
    Hearing,
    Smell,
}

/// How much a requisite falls.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub enum Reduction {
    /// By a (rolled) per cent of its score.
    Percent(DiceExpr),
    /// By a (rolled) number of points.
    Points(DiceExpr),
    /// Down to this score.
    To(u8),
}

/// Fingers (arms table) or toes (legs table).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub enum Digits {
    Fingers,
    Toes,
}

/// The kinds of permanent defect the tables hand out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub enum DefectKind {
    /// Organic mental defects.
    OrganicMental,
    /// Organic or psychological mental defects (the referee picks).
    OrganicOrPsychologicalMental,
    /// Organic nervous system defects.
    OrganicNervous,
    /// A glandular physical defect of the referee's choice.
    Glandular,
}

/// One eye or both.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub enum Eyes {
    /// Blind in one eye: Vision is halved (given as its own effect).
    One,
    /// Blind: combat scores fall as the referee judges for a blind fighter.
    Both,
}

impl Effect {
    /// Every dice expression in the effect, nested ones included.
    pub(super) fn dice(&self) -> Vec<&DiceExpr> {
        match self {
            Effect::Coma { days, .. } => vec![days],
            Effect::Death { after: Some(d) } => vec![&d.dice],
            Effect::ReduceRequisite { by, .. } => match by {
                Reduction::Percent(d) | Reduction::Points(d) => vec![d],
                Reduction::To(_) => vec![],
            },
            Effect::IncreasePain { percent }
            | Effect::IncreaseBleeding { percent }
            | Effect::Digits { percent, .. }
            | Effect::Paralysis {
                percent_of_limbs: percent,
            }
            | Effect::RibsBroken { percent } => vec![percent],
            Effect::RollAgain { times } => vec![times],
            Effect::Defects { count, .. } => vec![count],
            Effect::LoseTeeth { count, within_days } => vec![count, within_days],
            Effect::IfMale { then } => then.iter().flat_map(Effect::dice).collect(),
            _ => vec![],
        }
    }

    /// Every plain percentage in the effect (each must be 0..=100).
    pub(super) fn percents(&self) -> Vec<u8> {
        match self {
            Effect::Coma {
                chance_percent,
                death_at_end_percent,
                ..
            } => vec![*chance_percent, *death_at_end_percent],
            Effect::ReduceCombatFactor { percent } | Effect::ReduceLanguageFluency { percent } => {
                vec![*percent]
            }
            Effect::InfectionChance { increase_percent } => vec![*increase_percent],
            Effect::LungUnusable {
                cumulative_percent_per_round: Some(p),
            } => vec![*p],
            Effect::DrowningInBlood {
                percent_per_round, ..
            } => vec![*percent_per_round],
            Effect::IfMale { then } => then.iter().flat_map(Effect::percents).collect(),
            _ => vec![],
        }
    }
}
