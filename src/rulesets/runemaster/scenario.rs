//! Rune Master scenario files (docs/RUNEMASTER-SCENARIOS.md): the shared head
//! (name, seed, map, sides) with Rune Master's options and figure body,
//! checked with placed problems, and turned into the engine's [`Setup`]:
//! every figure's derived values (HP, Serious Wound Level, base SR) worked
//! out once from the house pack in force.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::rules::strike_rank::{base_sr, skill_sr};
use super::rules::tables::{HOUSE_FILE, HousePack, Shield, Weapon, tables};
use super::rules::terms::{Footing, Shape, Size};
use crate::hex::{Facing, Hex, HexMap, Pose};
use crate::scenario::locate::find_key;
use crate::scenario::placed::{Report, check_map, entry_spans};
use crate::scenario::{MapSpec, Problem, ScenarioError, SideColour, plain, text_problems};
use crate::seam::SideId;

/// The format's page, named in hints.
pub const PAGE: &str = "docs/RUNEMASTER-SCENARIOS.md";

/// A Rune Master scenario file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    pub name: String,
    #[serde(default)]
    pub description: String,
    pub ruleset: RuneMaster,
    #[serde(default)]
    pub seed: u64,
    #[serde(default)]
    pub options: Options,
    pub map: MapSpec,
    pub sides: Vec<Side>,
    pub figures: Vec<Figure>,
}

/// The one value of a Rune Master file's `ruleset`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum RuneMaster {
    RuneMaster,
}

/// The circumstances of the whole fight.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Options {
    /// A referee's house pack, replacing the shipped one (a path from the
    /// scenario's folder).
    pub house: Option<String>,
    /// Footing: the ground everyone fights on.
    pub footing: Footing,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Side {
    pub name: String,
    pub colour: SideColour,
}

/// A weapon or shield held, with the skill it is used at.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Held {
    /// Its name in the house pack.
    pub name: String,
    /// Skill, percent.
    pub skill: i32,
}

fn medium() -> Size {
    Size::Medium
}
fn brawl() -> i32 {
    25
}

/// One figure, as its character sheet gives it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Figure {
    pub name: String,
    pub side: String,
    pub at: Hex,
    pub facing: Facing,
    /// Characteristics.
    pub str: i32,
    pub con: i32,
    pub siz: i32,
    pub dex: i32,
    pub agi: i32,
    /// Move: feet a SR.
    pub mv: i32,
    #[serde(default)]
    pub shape: Shape,
    #[serde(default = "medium")]
    pub size: Size,
    /// Morale at the start of the fight (normally 0).
    #[serde(default)]
    pub morale: i32,
    /// The hand weapon in the weapon hand.
    pub weapon: Held,
    #[serde(default)]
    pub shield: Option<Held>,
    #[serde(default)]
    pub dodge: i32,
    /// Brawl skill, for bare hands once the weapon is gone.
    #[serde(default = "brawl")]
    pub brawl: i32,
    /// Its name in the house pack's armour.
    #[serde(default)]
    pub armour: Option<String>,
    /// HP and Serious Wound Level given outright (else the house pack's).
    #[serde(default)]
    pub hp: Option<u32>,
    #[serde(default)]
    pub swl: Option<u32>,
}

/// A figure's values as the battle begins, each derived once.
#[derive(Debug, Clone, PartialEq)]
pub struct Sheet {
    pub name: String,
    pub side: SideId,
    pub pose: Pose,
    pub str: i32,
    pub con: i32,
    pub siz: i32,
    pub dex: i32,
    pub agi: i32,
    pub mv: i32,
    pub shape: Shape,
    pub size: Size,
    pub morale: i32,
    pub weapon: Weapon,
    pub weapon_skill: i32,
    pub shield: Option<(Shield, i32)>,
    pub dodge: i32,
    pub brawl: i32,
    pub armour: Option<String>,
    pub ap: u32,
    pub hp: u32,
    /// Whether HP came from the house pack (not given outright).
    pub hp_house: bool,
    pub swl: u32,
    pub swl_house: bool,
    /// House: base SR from DEX.
    pub base_sr: i32,
    /// Skill SR of the weapon skill.
    pub skill_sr: i32,
}

/// Everything a battle is built from.
#[derive(Debug, Clone)]
pub struct Setup {
    pub name: String,
    pub sides: Vec<String>,
    pub map: Arc<HexMap>,
    pub house: Arc<HousePack>,
    /// Where the house pack came from: the shipped file, or the referee's.
    pub house_file: String,
    pub footing: Footing,
    pub figures: Vec<Sheet>,
}

/// A scenario that passed every check.
#[derive(Debug, Clone)]
pub struct Checked {
    pub scenario: Scenario,
    /// Shared by every battle on the scenario.
    pub setup: Arc<Setup>,
}

/// Characteristics a figure may have.
const CHARACTERISTIC: std::ops::RangeInclusive<i32> = 1..=99;
/// HP and SWL given outright: hexmelee's own limit, far past any creature.
const MOST_HP: u32 = 10_000;
/// Skills run 0 to several hundred; hexmelee's own limit.
const SKILL: std::ops::RangeInclusive<i32> = 0..=500;

/// Read and check a Rune Master scenario file.
pub fn load(path: &Path) -> Result<Checked, ScenarioError> {
    let text = crate::scenario::read_text(path, "a scenario", "docs/SCENARIOS.md")?;
    parse(path, &text)
}

/// Parse and check Rune Master scenario text; `file` names it in messages
/// and places a referee's house pack.
pub fn parse(file: &Path, text: &str) -> Result<Checked, ScenarioError> {
    let fail = |problems| ScenarioError {
        file: file.to_path_buf(),
        problems,
    };
    if let Some(problem) = crate::scenario::shell_problem(text) {
        return Err(fail(vec![problem]));
    }
    let scenario: Scenario =
        plain::from_str(text).map_err(|e| fail(vec![plain::problem(text, &e, PAGE)]))?;
    let mut problems = text_problems(text, &["name", "side"]);
    match check(scenario, text, file) {
        Ok(checked) if problems.is_empty() => Ok(checked),
        Ok(_) => Err(fail(problems)),
        Err(more) => {
            problems.extend(more);
            Err(fail(problems))
        }
    }
}

/// The house pack a scenario names (from its folder), or the shipped one.
fn house(scenario: &Scenario, file: &Path, r: &mut Report) -> Option<(Arc<HousePack>, String)> {
    let Some(name) = &scenario.options.house else {
        return Some((Arc::new(HousePack::shipped().clone()), HOUSE_FILE.into()));
    };
    let at = find_key(r.text, "house", 0, r.text.len());
    let path: PathBuf = file.parent().unwrap_or(Path::new("")).join(name);
    let text = match crate::scenario::read_text(&path, "a house pack", PAGE) {
        Ok(text) => text,
        Err(e) => {
            r.at(
                at,
                format!("the house pack {name:?}: {e}"),
                "name a house pack file beside the scenario, or leave `house` out for the shipped one",
            );
            return None;
        }
    };
    let shown = path.display().to_string();
    match HousePack::parse(&shown, &text) {
        Ok(pack) => Some((Arc::new(pack), shown)),
        Err(e) => {
            r.at(
                at,
                format!("the house pack does not read: {e}"),
                "the shipped assets/runemaster/house.ron shows every field",
            );
            None
        }
    }
}

fn check(scenario: Scenario, text: &str, file: &Path) -> Result<Checked, Vec<Problem>> {
    let mut r = Report::on(text, scenario.figures.len())?;
    let map = check_map(&scenario.map, &mut r);
    let pack = house(&scenario, file, &mut r);
    check_sides(&scenario, &mut r);
    if scenario.figures.is_empty() {
        r.at(
            find_key(text, "figures", 0, text.len()),
            "there are no figures".into(),
            "a battle needs at least one figure on each of two sides",
        );
    }
    let mut figures = Vec::new();
    let mut taken = BTreeSet::new();
    let mut named = BTreeSet::new();
    for (i, f) in scenario.figures.iter().enumerate() {
        r.figure = i;
        // Orders, saves and the log name figures: two alike would be one.
        if !f.name.trim().is_empty() && !named.insert(crate::text::name_key(&f.name)) {
            r.at(
                r.in_figure("name"),
                format!("two figures are named {:?}", f.name),
                "names must be unique: add a number or epithet",
            );
        }
        if let Some(sheet) = check_figure(&scenario, f, map.as_ref(), pack.as_ref(), &mut r) {
            if !taken.insert(f.at) {
                r.at(
                    r.in_figure("at"),
                    format!("{} stands where another figure already stands", f.name),
                    "give each figure a hex of its own",
                );
            }
            figures.push(sheet);
        }
    }
    let sides_fighting: BTreeSet<&str> = scenario.figures.iter().map(|f| f.side.as_str()).collect();
    if !scenario.figures.is_empty() && sides_fighting.len() < 2 {
        r.at(
            find_key(text, "figures", 0, text.len()),
            "every figure is on one side: nobody to fight".into(),
            "put figures on at least two sides",
        );
    }
    match (r.problems.is_empty(), map, pack) {
        (true, Some(map), Some((house, house_file))) => Ok(Checked {
            setup: Arc::new(Setup {
                name: scenario.name.clone(),
                sides: scenario.sides.iter().map(|s| s.name.clone()).collect(),
                map: Arc::new(map),
                house,
                house_file,
                footing: scenario.options.footing,
                figures,
            }),
            scenario,
        }),
        _ => Err(r.problems),
    }
}

fn check_sides(s: &Scenario, r: &mut Report) {
    let spans = entry_spans(r.text, "sides");
    let mut seen = BTreeSet::new();
    for (i, side) in s.sides.iter().enumerate() {
        if !seen.insert(crate::text::name_key(&side.name)) {
            let at = spans
                .get(i)
                .map(|&(start, end)| find_key(r.text, "name", start, end).unwrap_or(start));
            r.at(
                at,
                format!("two sides are named {:?}", side.name),
                "side names must be unique",
            );
        }
    }
}

fn check_figure(
    s: &Scenario,
    f: &Figure,
    map: Option<&HexMap>,
    pack: Option<&(Arc<HousePack>, String)>,
    r: &mut Report,
) -> Option<Sheet> {
    let before = r.problems.len();
    let side = s.sides.iter().position(|side| side.name == f.side);
    if side.is_none() {
        r.at(
            r.in_figure("side"),
            format!("{} is on side {:?}, which is not listed", f.name, f.side),
            &format!(
                "name one of the sides: {}",
                crate::words::quoted(s.sides.iter().map(|s| s.name.as_str()))
            ),
        );
    }
    for (key, value) in [
        ("str", f.str),
        ("con", f.con),
        ("siz", f.siz),
        ("dex", f.dex),
        ("agi", f.agi),
    ] {
        if !CHARACTERISTIC.contains(&value) {
            r.at(
                r.in_figure(key),
                format!("{}'s {} is {value}", f.name, key.to_uppercase()),
                "characteristics run 1 to 99",
            );
        }
    }
    if !(0..=100).contains(&f.mv) {
        r.at(
            r.in_figure("mv"),
            format!("{}'s Mv is {}", f.name, f.mv),
            "Mv is feet a Strike Rank, 0 to 100 (5 is a hex a SR)",
        );
    }
    for (key, value) in [
        ("weapon", f.weapon.skill),
        ("dodge", f.dodge),
        ("brawl", f.brawl),
    ]
    .into_iter()
    .chain(f.shield.as_ref().map(|s| ("shield", s.skill)))
    {
        if !SKILL.contains(&value) {
            r.at(
                r.in_figure(key),
                format!("{}'s {key} skill is {value}", f.name),
                "skills run 0 to 500",
            );
        }
    }
    if let Some(map) = map
        && !map.is_passable(f.at)
    {
        r.at(
            r.in_figure("at"),
            format!(
                "{} stands at ({}, {}), which is off the map or blocked",
                f.name, f.at.col, f.at.row
            ),
            "put the figure on an open hex",
        );
    }
    let (pack, _) = pack?;
    let weapon = pack.weapon(&f.weapon.name).cloned();
    if weapon.is_none() {
        r.at(
            r.in_figure("weapon"),
            format!("there is no weapon {:?} in the house pack", f.weapon.name),
            &format!(
                "name one of {}",
                crate::words::quoted(pack.weapons.iter().map(|w| w.name.as_str()))
            ),
        );
    }
    let shield = f.shield.as_ref().and_then(|held| {
        let found = pack.shield(&held.name).cloned();
        if found.is_none() {
            r.at(
                r.in_figure("shield"),
                format!("there is no shield {:?} in the house pack", held.name),
                &format!(
                    "name one of {}",
                    crate::words::quoted(pack.shields.iter().map(|s| s.name.as_str()))
                ),
            );
        }
        found.map(|s| (s, held.skill))
    });
    if let (Some(w), Some(_)) = (&weapon, &shield)
        && w.hands > 1
    {
        r.at(
            r.in_figure("shield"),
            format!("{} carries a shield with a two-handed {}", f.name, w.name),
            "leave the shield out, or give a one-handed weapon",
        );
    }
    let ap = match &f.armour {
        None => Some(0),
        Some(name) => {
            let found = pack.armour(name).map(|a| a.ap);
            if found.is_none() {
                r.at(
                    r.in_figure("armour"),
                    format!("there is no armour {name:?} in the house pack"),
                    &format!(
                        "name one of {}",
                        crate::words::quoted(pack.armour.iter().map(|a| a.name.as_str()))
                    ),
                );
            }
            found
        }
    };
    for (key, value) in [("hp", f.hp), ("swl", f.swl)] {
        if let Some(v) = value
            && !(1..=MOST_HP).contains(&v)
        {
            r.at(
                r.in_figure(key),
                format!("{}'s {} is {v}", f.name, key.to_uppercase()),
                &format!("give 1 to {MOST_HP}, or leave it out for the house value"),
            );
        }
    }
    if r.problems.len() > before {
        return None;
    }
    // House: HP = (CON + SIZ) / 2 and SWL = HP / 2, each rounded up.
    let hp = f.hp.unwrap_or(((f.con + f.siz) as u32).div_ceil(2));
    let swl = f.swl.unwrap_or(hp.div_ceil(2));
    Some(Sheet {
        name: f.name.clone(),
        side: SideId(side?),
        pose: Pose::new(f.at, f.facing),
        str: f.str,
        con: f.con,
        siz: f.siz,
        dex: f.dex,
        agi: f.agi,
        mv: f.mv,
        shape: f.shape,
        size: f.size,
        morale: f.morale,
        weapon: weapon?,
        weapon_skill: f.weapon.skill,
        shield,
        dodge: f.dodge,
        brawl: f.brawl,
        armour: f.armour.clone(),
        ap: ap?,
        hp,
        hp_house: f.hp.is_none(),
        swl,
        swl_house: f.swl.is_none(),
        base_sr: base_sr(pack, f.dex),
        skill_sr: skill_sr(&tables().strike_rank, f.weapon.skill),
    })
}
