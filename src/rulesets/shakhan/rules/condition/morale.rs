//! Shakhàn 16.9.6 Morale Checks: when one is due, the threshold with every
//! modifier and its source, the d100 roll and what the outcome obliges.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::{Condition, Morale, Rout, outcome_words};
use crate::dice::{Dice, DiceExpr, Percentile, Rolled};
use crate::rulesets::shakhan::rules::tables::morale::{
    MilitaryGrade, MoraleModifierId, MoraleOutcome,
};
use crate::rulesets::shakhan::rules::tables::tables;
use crate::rulesets::shakhan::rules::wound::Wound;

/// Why a Morale Check is called for (16.9.6: usually a wound or a lost
/// exchange in the melee, sometimes magic).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MoraleCause {
    /// The figure took a blow that drew blood ([`wound_calls_for_morale`]).
    Wounded,
    /// A figure of its own side was killed, knocked out, or fled or
    /// surrendered: the side lost an exchange.
    ComradeFell,
    /// Something outside the melee (a spell, a Demon appearing): no melee
    /// exemption covers it.
    Other,
}

impl MoraleCause {
    /// Caused by the current melee, so a Determined or Fanatic result excuses it.
    fn in_melee(self) -> bool {
        self != MoraleCause::Other
    }
}

/// 16.9.6: the Referee's call on how the battle goes for the figure's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum SideFortune {
    LosingBadly,
    #[default]
    Even,
    Winning,
}

/// 16.9.6: how the battle was judged to be going for the figure's side, so
/// that the log can say why it counts as winning or losing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum StandingBasis {
    /// The Referee's call, or no call at all.
    #[default]
    Referee,
    /// Figures still fighting, own side against the enemy's.
    Headcount { own: u32, theirs: u32 },
    /// BDR points left among the figures still fighting, own against theirs.
    Strength { own: i32, theirs: i32 },
}

/// 16.9.6: which side, if either, is significantly better at magic.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum MagicEdge {
    Ours,
    #[default]
    Even,
    Theirs,
}

/// 16.9.6: the situation of a figure making a Morale Check in combat. Its
/// losses of BDR and Fatigue come from its [`Condition`].
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct MoraleSituation {
    /// Primary occupation Level, or a creature's Level.
    pub primary_level: u32,
    /// Secondary and tertiary occupation Levels.
    pub other_levels: Vec<u32>,
    /// The row for the kind of fighter the figure is (a war-god warrior, a
    /// regular or mercenary warrior, a non-combatant), if any.
    pub occupation: Option<MoraleModifierId>,
    /// Army warriors only, and only if the players use grades.
    pub military_grade: Option<MilitaryGrade>,
    pub hated_foe: bool,
    pub first_serious_combat: bool,
    /// Fighting the Brhà or the Mêm-Uhùryo.
    pub fighting_brha: bool,
    pub fortune: SideFortune,
    /// Why the side counts as winning, losing badly or neither.
    pub fortune_basis: StandingBasis,
    /// Ambushed or attacked suddenly without warning.
    pub ambushed: bool,
    /// In the dark, or otherwise unable to perceive the enemy.
    pub in_the_dark: bool,
    pub magic: MagicEdge,
    /// Own side has a vision mode (infravision…) the other lacks.
    pub own_vision_mode: bool,
    /// Own side arguing or divided.
    pub arguing: bool,
    /// Own side uses a light in the dark; the other does not.
    pub own_light_in_dark: bool,
}

/// Where a morale modifier comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MoraleSource {
    /// Experience Levels (−1 per primary, −0.5 per other, fraction dropped).
    Levels,
    Grade(MilitaryGrade),
    Listed(MoraleModifierId),
    /// The side winning or losing badly, and why it counts so.
    Standing {
        fortune: SideFortune,
        basis: StandingBasis,
    },
    /// +5 per full 10 % of BDR and 30 % of Fatigue lost.
    Losses,
}

/// One modifier, in the book's sign: "−" steadies (it raises the threshold).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoraleModifier {
    pub source: MoraleSource,
    pub value: i32,
}

/// A Morale Check actually rolled.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoraleRoll {
    pub willpower: i32,
    /// Willpower × 5.
    pub base: i32,
    /// Every modifier that is not 0.
    pub modifiers: Vec<MoraleModifier>,
    /// The base less the modifiers.
    pub threshold: i32,
    pub roll: Percentile,
    pub outcome: MoraleOutcome,
    /// Game minutes of flight, for Partly Demoralized and worse.
    pub flee_minutes: Option<Rolled>,
    /// Per-cent chance of coming back later, for Shaken and worse.
    pub return_chance: Option<u8>,
}

/// How a due Morale Check went.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum MoraleResult {
    /// A Determined figure's one exemption answers this check (no roll).
    Exempted,
    Rolled(MoraleRoll),
}

/// 16.9.6: one Morale Check, ready to apply.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoraleReport {
    pub cause: MoraleCause,
    pub result: MoraleResult,
}

/// 16.9.6: a blow calls for a Morale Check when it draws blood: Damage
/// points, or a critical hit.
pub fn wound_calls_for_morale(wound: &Wound) -> bool {
    wound.damage > 0 || wound.critical.is_some()
}

impl Condition {
    /// Shakhàn 16.9.6: whether a check for `cause` is due. Not for a figure out
    /// of the fight, nor one already running (routed, or broken by pain), nor a
    /// Fanatic for a cause in this melee. A Determined figure's check is due,
    /// and its exemption answers it.
    pub fn morale_check_due(&self, cause: MoraleCause) -> bool {
        if self.is_out() {
            return false;
        }
        match self.morale {
            Morale::Routed(_) | Morale::Broken => false,
            Morale::Fanatic => !cause.in_melee(),
            _ => true,
        }
    }

    /// Shakhàn 16.9.6: the modifiers for `situation` with this condition's
    /// losses, in the order the book lists them, zeros left out.
    pub fn morale_modifiers(&self, situation: &MoraleSituation) -> Vec<MoraleModifier> {
        use MoraleModifierId as Id;
        let t = &tables().morale;
        let s = situation;
        let r = &self.reserves;
        let listed = |on: bool, id: Id| on.then(|| (MoraleSource::Listed(id), t.modifier(id)));
        let levels = t.level_modifier(s.primary_level, &s.other_levels);
        let grade = s
            .military_grade
            .map(|g| (MoraleSource::Grade(g), t.military_grade(g)));
        let losses = t.losses_modifier(
            f64::from(self.damage.max(0)),
            f64::from(r.bdr),
            self.fatigue_lost,
            f64::from(r.fpr),
        );
        let occupation = s
            .occupation
            .map(|id| (MoraleSource::Listed(id), t.modifier(id)));
        let standing = match s.fortune {
            SideFortune::LosingBadly => Some(Id::OwnSideLosingBadly),
            SideFortune::Even => None,
            SideFortune::Winning => Some(Id::OwnSideWinning),
        }
        .map(|id| {
            let source = MoraleSource::Standing {
                fortune: s.fortune,
                basis: s.fortune_basis,
            };
            (source, t.modifier(id))
        });
        [
            Some((MoraleSource::Levels, levels)),
            occupation,
            grade,
            listed(s.hated_foe, Id::HatedFoe),
            listed(s.first_serious_combat, Id::FirstSeriousCombat),
            Some((MoraleSource::Losses, losses)),
            listed(s.fighting_brha, Id::FightingBrhaOrMemUhuryo),
            standing,
            listed(s.ambushed, Id::Ambushed),
            listed(s.in_the_dark, Id::FightingInDark),
            listed(s.magic == MagicEdge::Ours, Id::OwnBetterMagic),
            listed(s.magic == MagicEdge::Theirs, Id::OtherBetterMagic),
            listed(s.own_vision_mode, Id::OwnVisionMode),
            listed(s.arguing, Id::OwnSideArguing),
            listed(s.own_light_in_dark, Id::OwnLightInDark),
        ]
        .into_iter()
        .flatten()
        .filter(|(_, value)| *value != 0)
        .map(|(source, value)| MoraleModifier { source, value })
        .collect()
    }

    /// Shakhàn 16.9.6: make the Morale Check `cause` calls for, if it is due
    /// ([`Self::morale_check_due`]): threshold Willpower × 5 less the
    /// modifiers, d100, the outcome, and the dice of any flight. Pure: apply
    /// the report with [`Self::apply_morale`].
    pub fn morale_check(
        &self,
        situation: &MoraleSituation,
        cause: MoraleCause,
        dice: &mut Dice,
    ) -> Option<MoraleReport> {
        if !self.morale_check_due(cause) {
            return None;
        }
        if cause.in_melee() && self.morale == (Morale::Determined { exempt_next: true }) {
            return Some(MoraleReport {
                cause,
                result: MoraleResult::Exempted,
            });
        }
        let t = &tables().morale;
        let willpower = self.reserves.willpower;
        let modifiers = self.morale_modifiers(situation);
        let total: i32 = modifiers.iter().map(|m| m.value).sum();
        let threshold = t.final_threshold(willpower, total);
        let roll = dice.d100();
        let outcome = t.outcome(threshold, i32::from(roll.value()));
        let consequence = t.consequences(outcome);
        let flee_minutes = consequence
            .flee_minutes
            .as_ref()
            .and_then(DiceExpr::flat)
            .map(|d| d.roll(dice));
        Some(MoraleReport {
            cause,
            result: MoraleResult::Rolled(MoraleRoll {
                willpower,
                base: t.base_threshold(willpower),
                modifiers,
                threshold,
                roll,
                outcome,
                flee_minutes,
                return_chance: consequence.return_chance,
            }),
        })
    }

    /// Apply a [`MoraleReport`]: the outcome replaces the figure's morale;
    /// an exemption is spent. No dice.
    pub fn apply_morale(&mut self, report: &MoraleReport) {
        self.morale = match &report.result {
            MoraleResult::Exempted => Morale::Determined { exempt_next: false },
            MoraleResult::Rolled(roll) => match roll.outcome {
                MoraleOutcome::FanaticallyDetermined => Morale::Fanatic,
                MoraleOutcome::Determined => Morale::Determined { exempt_next: true },
                MoraleOutcome::Steady => Morale::Steady,
                MoraleOutcome::Shaken => Morale::Shaken,
                outcome => Morale::Routed(Rout {
                    outcome,
                    minutes: roll
                        .flee_minutes
                        .as_ref()
                        .map_or(0, |m| u32::try_from(m.total).unwrap_or(0)),
                    return_chance: roll.return_chance.unwrap_or(0),
                }),
            },
        };
    }
}

impl fmt::Display for StandingBasis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StandingBasis::Referee => f.write_str("the Referee's call"),
            StandingBasis::Headcount { own, theirs } => {
                write!(f, "{own} still fighting against {theirs}")
            }
            StandingBasis::Strength { own, theirs } => {
                write!(f, "{own} BDR still fighting against {theirs}")
            }
        }
    }
}

impl fmt::Display for MoraleSource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use MoraleModifierId as Id;
        let words = match self {
            MoraleSource::Standing { fortune, basis } => {
                let how = match fortune {
                    SideFortune::LosingBadly => "side losing badly",
                    SideFortune::Even => "side holding even",
                    SideFortune::Winning => "side winning",
                };
                return write!(f, "{how} ({basis})");
            }
            MoraleSource::Levels => "experience",
            MoraleSource::Losses => "wounds and fatigue",
            MoraleSource::Grade(g) => match g {
                MilitaryGrade::HighElite => "high-elite grade",
                MilitaryGrade::Elite => "elite grade",
                MilitaryGrade::Prime => "prime grade",
                MilitaryGrade::Superior => "superior grade",
                MilitaryGrade::Standard => "standard grade",
                MilitaryGrade::Militia => "militia grade",
            },
            MoraleSource::Listed(id) => match id {
                Id::WarGodWarrior => "warrior of a war god",
                Id::RegularWarrior => "regular warrior",
                Id::NonCombatant => "no fighter",
                Id::HatedFoe => "hated foe",
                Id::FirstSeriousCombat => "first real fight",
                Id::FightingBrhaOrMemUhuryo => "facing Brhà or Mêm-Uhùryo",
                Id::OwnSideLosingBadly => "side losing badly",
                Id::OwnSideWinning => "side winning",
                Id::Ambushed => "ambushed",
                Id::FightingInDark => "fighting blind",
                Id::OwnBetterMagic => "better magic",
                Id::OtherBetterMagic => "enemy's better magic",
                Id::OwnVisionMode => "better sight",
                Id::OwnSideArguing => "side divided",
                Id::OwnLightInDark => "own light in the dark",
            },
        };
        f.write_str(words)
    }
}

impl fmt::Display for MoraleCause {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            MoraleCause::Wounded => "wounded",
            MoraleCause::ComradeFell => "a comrade fell",
            MoraleCause::Other => "shock",
        })
    }
}

impl fmt::Display for MoraleReport {
    /// E.g. `morale check (wounded): Willpower 11 × 5 = 55, regular warrior
    /// +5, wounds and fatigue -10 → 50; rolled 42: steady`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "morale check ({}): ", self.cause)?;
        let r = match &self.result {
            MoraleResult::Exempted => {
                return f.write_str("excused by earlier determination");
            }
            MoraleResult::Rolled(r) => r,
        };
        write!(f, "Willpower {} × 5 = {}", r.willpower, r.base)?;
        for m in &r.modifiers {
            // Shown as their effect on the threshold: the book's "−5" helps.
            write!(f, ", {} {:+}", m.source, -m.value)?;
        }
        write!(
            f,
            " → {}; rolled {}: {}",
            r.threshold,
            r.roll,
            outcome_words(r.outcome)
        )?;
        if let Some(minutes) = &r.flee_minutes {
            write!(f, ", runs for {minutes} game minutes")?;
        }
        if let Some(chance) = r.return_chance {
            write!(f, " ({chance} % chance to come back)")?;
        }
        Ok(())
    }
}
