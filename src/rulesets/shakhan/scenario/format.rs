//! The scenario file format (`scenarios/*.ron`); see docs/SCENARIOS.md.
//! Every struct refuses unknown fields so a misspelt key is an error, not a
//! silently ignored line.

use serde::{Deserialize, Serialize};

use crate::scenario::{MapSpec, SideColour};

use crate::hex::{Facing, Hex, ZoneShape};
use crate::rulesets::shakhan::rules::character::CfModifier;
use crate::rulesets::shakhan::rules::condition::MagicEdge;
use crate::rulesets::shakhan::rules::tables::armour::{
    ArmourMaterial, ArmourPiece, BodySize, NeckGuard, ShieldMaterial, ShieldSize,
};
use crate::rulesets::shakhan::rules::tables::character::Occupation;
use crate::rulesets::shakhan::rules::tables::morale::MilitaryGrade;
use crate::rulesets::shakhan::rules::tables::weapons::{MissileKind, SetWeapons, WeaponKind};
use crate::rulesets::shakhan::rules::{BodyForm, Quality};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    pub name: String,
    #[serde(default)]
    pub description: String,
    pub ruleset: Ruleset,
    /// Seed of the battle's dice; `hexmelee play --seed` overrides it.
    #[serde(default)]
    pub seed: u64,
    #[serde(default)]
    pub options: Options,
    pub map: MapSpec,
    pub sides: Vec<SideSpec>,
    pub figures: Vec<Figure>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Ruleset {
    Shakhan,
}

/// Choices the rules leave to the players and Referee (docs/RULINGS.md).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Options {
    /// 16.9.9 standard side Initiative, or the optional per-figure system of 16.9.10.
    pub initiative: InitiativeSystem,
    /// 16.15.1: a "double surprise" result gives two free Melee Rounds; the
    /// Referee may disallow it (it then counts as a plain surprise).
    pub double_surprise: bool,
    /// 16.9.9.1: free Melee Rounds from surprise results at all.
    pub free_rounds: bool,
    /// 16.15.1: a fresh Initiative check every Melee Round instead of alternating.
    pub initiative_every_round: bool,
    /// Shakhàn 16.10.4: a brawl: every figure announces brawling each round
    /// (the AI chooses forms; armed figures may swing a club in a haymaker).
    pub brawl: bool,
    /// 16.15.14: visibility in per cent for missile fire (100 clear; the night
    /// penalty counts below 50).
    pub visibility_percent: u32,
    /// 16.15.14 note ***: day (missiles use Day Vision) or night and the
    /// Underworld (Night Vision).
    pub daylight: bool,
    /// 16.15.14: wind speed in km/h (drift counts above 20).
    pub wind_kmh: f64,
    /// 16.11: the normal DMod of a Dodge check on Adjusted Agility (the
    /// Agility description is in Book A; docs/RULINGS.md).
    pub dodge_dmod: f64,
    /// 16.12: play Quick Melee Combat (the Referee may switch during a battle).
    pub quick_melee: bool,
    /// 16.13.8: the Referee's (normally used) checks against a Critical Hit
    /// from heat and cold.
    pub hazard_critical_checks: bool,
    /// 16.9.6: how the engine judges a side "winning" or "losing badly" for
    /// Morale Checks (the book leaves it to the Referee, who may always say).
    pub morale_standing: MoraleStanding,
    /// 16.13.4: who stanches the bleeding once the battle is over; the rest
    /// bleed on, round by round, until their wounds stop or kill them.
    pub tend_wounded: Tending,
    /// 16.9.4: the Referee lets figures combine a move with a non-combat
    /// action in one pulse (at the risk of a fall); normally not.
    pub combined_actions: bool,
    /// 16.9.5: the table limits what players say while choosing; a G card
    /// that `speaks` (three sentences) must then be the figure's only card.
    pub communication_limits: bool,
    /// 16.3: at most this many Tactic Cards a round for a figure fighting in
    /// close quarters (standing on a `Cramped` hex); the book gives no number.
    pub close_quarters_cards: u32,
    /// 16.3: at most this many Tactic Cards a round for a figure tangled up in
    /// a net; the book gives no number.
    pub entangled_cards: u32,
    /// 16.15.4: which weapons may be set against a charge (the book names
    /// none; docs/RULINGS.md): `Spears` or `SpearsAndHalberd`.
    pub set_weapons: SetWeapons,
    /// 16.13.4 read to the letter: under 1 Fatigue Point, Willpower × 2 is
    /// the chance to faint (the ruling: the chance to stay conscious).
    pub faint_on_willpower: bool,
    /// 16.4.1.4: whether a Strength or Dexterity shortfall halves the
    /// weapon's CF Modifier with the rest (`Halved`, the ruling) or the
    /// modifier comes whole after the halving (`AfterHalving`).
    pub cf_modifier: CfModifier,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            initiative: InitiativeSystem::Standard,
            double_surprise: true,
            free_rounds: true,
            initiative_every_round: false,
            brawl: false,
            visibility_percent: 100,
            daylight: true,
            wind_kmh: 0.0,
            dodge_dmod: 3.0,
            quick_melee: false,
            hazard_critical_checks: true,
            morale_standing: MoraleStanding::Headcount(2.0),
            tend_wounded: Tending::Friends,
            combined_actions: false,
            communication_limits: false,
            close_quarters_cards: 2,
            entangled_cards: 1,
            set_weapons: SetWeapons::Spears,
            faint_on_willpower: false,
            cf_modifier: CfModifier::Halved,
        }
    }
}

/// Shakhàn 16.9.6: how "own party is winning / losing the battle badly" is
/// judged between the Referee's own calls (docs/RULINGS.md, Issue 16).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub enum MoraleStanding {
    /// Figures still fighting (not out, not routed or broken by pain): a side
    /// with this many times the other's is winning, the other losing badly.
    Headcount(f64),
    /// The same with the BDR points left among the figures still fighting.
    Strength(f64),
    /// Only the Referee says (`:winning`, `:losing`); otherwise neither.
    Referee,
}

/// Shakhàn 16.13.4: whose bleeding is stanched when the battle ends
/// (docs/RULINGS.md, Issue 16).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Tending {
    /// Each side with a figure still able to act stanches its own wounded.
    Friends,
    /// As `Friends`, and the side left standing also binds its enemies.
    Everyone,
    /// Nobody: every wound bleeds its course.
    Nobody,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum InitiativeSystem {
    #[default]
    Standard,
    Optional,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideSpec {
    pub name: String,
    pub colour: SideColour,
    /// The figure who chooses Movement Priority for the side (16.14.3).
    #[serde(default)]
    pub leader: Option<String>,
    /// Grades of disciplined military training (16.15.1: +5 each).
    #[serde(default)]
    pub training_grades: u32,
    /// Party circumstances for the Initiative check (16.15.1), e.g.
    /// `[(modifier: PreparedAmbush)]`.
    #[serde(default)]
    pub initiative_modifiers: Vec<PartyModifier>,
    /// The side's circumstances for its figures' Morale Checks (16.9.6).
    #[serde(default)]
    pub morale: SideMorale,
}

/// Shakhàn 16.9.6: the morale modifiers that belong to a whole side; the
/// rest come from each figure and from how the battle goes.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct SideMorale {
    /// Army warriors' grade, if the players use grades.
    pub military_grade: Option<MilitaryGrade>,
    pub hated_foe: bool,
    /// Fighting the Brhà or the Mêm-Uhùryo.
    pub fighting_brha: bool,
    pub in_the_dark: bool,
    /// Which side, if either, is significantly better at magic.
    pub magic: MagicEdge,
    /// This side has a vision mode (infravision…) the other lacks.
    pub vision_mode: bool,
    pub arguing: bool,
    /// This side uses a light in the dark and the other does not.
    pub light_in_dark: bool,
}

/// One 16.15.1 Initiative modifier claimed by a side, with its value where the
/// table gives a range (fighting hidden: +10 to +50).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PartyModifier {
    pub modifier: crate::rulesets::shakhan::rules::tables::initiative::InitiativeModifierId,
    #[serde(default)]
    pub value: Option<i32>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Stats {
    pub agility: i32,
    pub strength: i32,
    pub dexterity: i32,
    pub constitution: i32,
    pub willpower: i32,
    /// Day Vision.
    pub vision: i32,
    #[serde(default)]
    pub night_vision: Option<i32>,
    #[serde(default = "average_requisite")]
    pub magic_resistance: i32,
}

fn average_requisite() -> i32 {
    11
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WeaponSpec {
    pub kind: WeaponKind,
    pub quality: Quality,
    /// Weapon Training Bonuses earned with it (a count).
    #[serde(default)]
    pub training: u32,
    #[serde(default)]
    pub magic: i32,
    /// An enchanted weapon's "Plus to hit" (16.4.1.3), added to the Success
    /// Threshold; negative for a cursed one. Not the Magic Bonus to CF.
    #[serde(default)]
    pub plus_to_hit: i32,
    /// What it weighs, for encumbrance (16.8.1): the book gives no weapon
    /// weights, so the scenario does.
    #[serde(default)]
    pub weight_kg: f64,
    /// A second weapon in the other hand: a doubled combination (16.4.1.7).
    #[serde(default)]
    pub paired_with: Option<PairedSpec>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PairedSpec {
    pub kind: WeaponKind,
    pub quality: Quality,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MissileSpec {
    pub kind: MissileKind,
    pub quality: Quality,
    /// Marksmanship Bonuses earned with it (a count).
    #[serde(default)]
    pub training: u32,
    #[serde(default)]
    pub magic: i32,
    /// Arrows or bolts carried.
    #[serde(default)]
    pub ammunition: u32,
    /// The launcher and its ammunition, for encumbrance (16.8.1).
    #[serde(default)]
    pub weight_kg: f64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ThrownSpec {
    pub kind: WeaponKind,
    pub quality: Quality,
    #[serde(default)]
    pub training: u32,
    #[serde(default)]
    pub magic: i32,
    /// How many are carried for throwing.
    #[serde(default = "one")]
    pub count: u32,
    /// What each one weighs, for encumbrance (16.8.1).
    #[serde(default)]
    pub weight_kg: f64,
}

fn one() -> u32 {
    1
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArmourSpec {
    pub piece: ArmourPiece,
    pub material: ArmourMaterial,
    pub quality: Quality,
    /// Size it was made for, when not the wearer's.
    #[serde(default)]
    pub fits: Option<BodySize>,
    /// Helmets: how much of the neck they guard.
    #[serde(default)]
    pub neck: Option<NeckGuard>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShieldSpec {
    pub material: ShieldMaterial,
    pub size: ShieldSize,
    pub quality: Quality,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OccupationSpec {
    pub occupation: Occupation,
    pub level: u32,
}

/// How a figure starts the battle.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct InitialState {
    pub prone: bool,
    /// Damage points already taken off the BDR.
    pub damage: i32,
    pub pain: f64,
    /// Fatigue Points already spent.
    pub fatigue: f64,
    /// Bleeding points lost per Melee Round, and for how many more rounds.
    pub bleeding: u32,
    pub bleeding_rounds: u32,
    /// Takes part in no morale checks' "first serious combat" bonus.
    pub first_serious_combat: bool,
    /// 16.5.2: its first missile weapon is loaded (or a thrown weapon in
    /// hand) when the battle begins.
    pub missile_loaded: bool,
    /// 16.3: tangled up in a net when the battle begins.
    pub entangled: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Figure {
    pub name: String,
    pub side: String,
    pub at: Hex,
    pub facing: Facing,
    #[serde(default = "bipedal")]
    pub body_form: BodyForm,
    #[serde(default = "average_size")]
    pub size: BodySize,
    pub occupation: Occupation,
    pub level: u32,
    /// Secondary and tertiary occupations.
    #[serde(default)]
    pub other_occupations: Vec<OccupationSpec>,
    #[serde(default)]
    pub martial_arts: u32,
    pub stats: Stats,
    pub height_m: f64,
    pub weight_kg: f64,
    #[serde(default)]
    pub carried_kg: f64,
    #[serde(default)]
    pub hide_apv: u32,
    #[serde(default)]
    pub weapons: Vec<WeaponSpec>,
    #[serde(default)]
    pub missile_weapons: Vec<MissileSpec>,
    #[serde(default)]
    pub thrown: Vec<ThrownSpec>,
    #[serde(default)]
    pub armour: Vec<ArmourSpec>,
    #[serde(default)]
    pub shield: Option<ShieldSpec>,
    #[serde(default)]
    pub fpr: Option<i32>,
    #[serde(default)]
    pub bdr: Option<i32>,
    #[serde(default)]
    pub state: InitialState,
    /// 16.11: the Referee designates this creature able to Trample/Crush
    /// whatever its weight and size against its opponents'.
    #[serde(default)]
    pub tramples: bool,
    /// 16.10.2: `AllRound` for a creature whose Strike Zone surrounds it (the
    /// book leaves which creatures to their descriptions); `Front` otherwise.
    #[serde(default)]
    pub strike_zone: ZoneShape,
    /// 16.10.3: `AllRound` for a creature that fires in any direction.
    #[serde(default)]
    pub missile_zone: ZoneShape,
}

fn bipedal() -> BodyForm {
    BodyForm::BipedalHumanoid
}

fn average_size() -> BodySize {
    BodySize::Average
}
