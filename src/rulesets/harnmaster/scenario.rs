//! HârnMaster scenario files (docs/HARNMASTER-SCENARIOS.md): the shared head
//! (name, seed, map, sides) with the table pack the scenario uses and
//! HârnMaster's figure body, checked with placed problems and turned into the
//! engine's [`Spec`].

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::engine::{FigureSpec, Held, Spec};
use super::rules::tables::{Pack, placeholder};
use crate::hex::{Facing, Hex};
use crate::scenario::locate::{find_key, list_items};
use crate::scenario::placed::{Report, check_map, entry_spans};
use crate::scenario::{MapSpec, Problem, ScenarioError, SideColour, plain, text_problems};
use crate::seam::SideId;

/// The format's page, named in hints.
pub const PAGE: &str = "docs/HARNMASTER-SCENARIOS.md";

/// The `pack` that names the embedded PLACEHOLDER pack.
pub const PLACEHOLDER: &str = "placeholder";

/// A HârnMaster scenario file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    pub name: String,
    #[serde(default)]
    pub description: String,
    pub ruleset: HarnMaster,
    #[serde(default)]
    pub seed: u64,
    /// The table pack: "placeholder", or a referee's pack file, its path
    /// from the scenario's folder (docs/HARNMASTER-PACKS.md).
    pub pack: String,
    #[serde(default)]
    pub options: Options,
    pub map: MapSpec,
    pub sides: Vec<Side>,
    pub figures: Vec<Figure>,
}

/// The one value of a HârnMaster file's `ruleset`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum HarnMaster {
    HarnMaster,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Options {
    /// Sheet l.5: the side that starts the battle.
    pub surprise: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Side {
    pub name: String,
    pub colour: SideColour,
}

/// A weapon carried, by its name in the pack, with the figure's mastery level.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Weapon {
    pub name: String,
    pub ml: u8,
    /// A missile weapon's missiles (l.54).
    #[serde(default)]
    pub ammo: Option<u32>,
    /// An enchanted weapon (l.161).
    #[serde(default)]
    pub enchanted: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Figure {
    pub name: String,
    pub side: String,
    pub at: Hex,
    pub facing: Facing,
    /// Strength, endurance, dexterity, agility, speed, will.
    pub str: u8,
    pub end: u8,
    pub dex: u8,
    pub agl: u8,
    pub spd: u8,
    pub wil: u8,
    /// Total weight (l.129).
    pub weight: u32,
    /// Mobility (l.179).
    pub mobility: u32,
    /// Mastery level in Dodge.
    pub dodge: u8,
    /// In hand first: a block or a counterstrike names one of these.
    pub weapons: Vec<Weapon>,
    #[serde(default)]
    pub armour: Vec<String>,
    /// The encumbrance class of the physical penalty, in points (l.169).
    #[serde(default)]
    pub encumbrance: u32,
    /// Fatigue points as the fight begins (l.139).
    #[serde(default)]
    pub fatigue: u32,
    /// The load carried, for the fatigue rate (l.165).
    #[serde(default)]
    pub load: u32,
    /// A special penalty (l.37), EML points.
    #[serde(default)]
    pub special_penalty: u32,
}

/// A scenario that passed every check, and the battle spec it makes.
#[derive(Debug, Clone)]
pub struct Checked {
    pub scenario: Scenario,
    pub spec: Arc<Spec>,
}

/// Attributes a figure may have (HârnMaster's run about 5–20).
const ATTRIBUTE: std::ops::RangeInclusive<u8> = 1..=30;
const MOST_ML: u8 = 150;

/// Read and check a HârnMaster scenario file.
pub fn load(path: &Path) -> Result<Checked, ScenarioError> {
    let text = crate::scenario::read_text(path, "a scenario", PAGE)?;
    parse(path, &text)
}

/// Parse and check scenario text; `file` names it, and a pack file is read
/// from its folder.
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
    let mut problems = text_problems(text, &["name", "side", "surprise"]);
    match check(scenario, file, text) {
        Ok(checked) if problems.is_empty() => Ok(checked),
        Ok(_) => Err(fail(problems)),
        Err(more) => {
            problems.extend(more);
            Err(fail(problems))
        }
    }
}

/// The pack a scenario names: the embedded placeholder, or a file beside it.
fn load_pack(scenario: &Scenario, file: &Path, r: &mut Report) -> Option<Arc<Pack>> {
    if scenario.pack == PLACEHOLDER {
        return Some(placeholder());
    }
    let at = pack_key(r.text);
    let path = file.parent().unwrap_or(Path::new("")).join(&scenario.pack);
    let text = match crate::scenario::read_text(&path, "a table pack", "docs/HARNMASTER-PACKS.md") {
        Ok(text) => text,
        Err(e) => {
            let why = e
                .problems
                .first()
                .map(|p| p.message.as_str())
                .unwrap_or_default();
            r.at(
                at,
                format!("the table pack {} cannot be read: {why}", path.display()),
                "give \"placeholder\" or the path of a pack file from the scenario's folder",
            );
            return None;
        }
    };
    match Pack::parse(&path.display().to_string(), &text) {
        Ok(pack) => Some(Arc::new(pack)),
        Err(e) => {
            r.at(
                at,
                format!("the table pack is refused: {e}"),
                "fix the pack (docs/HARNMASTER-PACKS.md)",
            );
            None
        }
    }
}

/// Where `pack: "…"` is written (a word "pack:" in a comment is passed over).
fn pack_key(text: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(k) = find_key(text, "pack", from, text.len()) {
        let value = text[k + "pack".len()..]
            .trim_start()
            .trim_start_matches(':')
            .trim_start();
        if value.starts_with('"') {
            return Some(k);
        }
        from = k + "pack".len();
    }
    None
}

/// The offset of the `index`-th entry of the list `key` inside the figure
/// being checked, else of `key`.
fn item(r: &Report, key: &str, index: usize) -> Option<usize> {
    let k = r.in_figure(key)?;
    let open = r.text[k..].find('[').map(|i| k + i);
    Some(
        open.and_then(|o| list_items(r.text, o).get(index).copied())
            .unwrap_or(k),
    )
}

fn check(scenario: Scenario, file: &Path, text: &str) -> Result<Checked, Vec<Problem>> {
    let mut r = Report::on(text, scenario.figures.len())?;
    let map = check_map(&scenario.map, &mut r);
    let pack = load_pack(&scenario, file, &mut r);
    let spans = entry_spans(text, "sides");
    let mut seen = BTreeSet::new();
    for (i, side) in scenario.sides.iter().enumerate() {
        if !seen.insert(crate::text::name_key(&side.name)) {
            let at = spans.get(i).map(|s| s.0);
            r.at(
                at,
                format!("two sides are named {:?}", side.name),
                "side names must be unique",
            );
        }
    }
    let surprise = scenario.options.surprise.as_ref().and_then(|name| {
        let found = scenario.sides.iter().position(|s| &s.name == name);
        if found.is_none() {
            r.at(
                find_key(text, "surprise", 0, text.len()),
                format!("{name:?} starts the battle, but there is no such side"),
                &format!(
                    "name one of the sides: {}",
                    crate::words::quoted(scenario.sides.iter().map(|s| s.name.as_str()))
                ),
            );
        }
        found.map(SideId)
    });
    let mut figures = Vec::new();
    let mut seen = BTreeSet::new();
    let mut occupied = BTreeMap::new();
    for (i, fig) in scenario.figures.iter().enumerate() {
        r.figure = i;
        let who = fig.name.as_str();
        if !seen.insert(crate::text::name_key(who)) {
            r.at(
                r.in_figure("name"),
                format!("two figures are named {who:?}"),
                "names must be unique",
            );
        }
        let side = scenario.sides.iter().position(|s| s.name == fig.side);
        if side.is_none() {
            r.at(
                r.in_figure("side"),
                format!("{who} is on side {:?}, which is not in `sides`", fig.side),
                &format!(
                    "use one of {}",
                    crate::words::quoted(scenario.sides.iter().map(|s| s.name.as_str()))
                ),
            );
        }
        if let Some(map) = &map {
            if !map.in_bounds(fig.at) || !map.is_passable(fig.at) {
                r.at(
                    r.in_figure("at"),
                    format!(
                        "{who} stands at {:?}, off the map or on a blocked hex",
                        (fig.at.col, fig.at.row)
                    ),
                    "columns run 0..width-1 and rows 0..height-1, from the top left",
                );
            }
        }
        if let Some(other) = occupied.insert(fig.at, who) {
            r.at(
                r.in_figure("at"),
                format!(
                    "{who} and {other} both stand at {:?}",
                    (fig.at.col, fig.at.row)
                ),
                "one figure a hex",
            );
        }
        for (key, v) in [
            ("str", fig.str),
            ("end", fig.end),
            ("dex", fig.dex),
            ("agl", fig.agl),
            ("spd", fig.spd),
            ("wil", fig.wil),
        ] {
            if !ATTRIBUTE.contains(&v) {
                r.at(
                    r.in_figure(key),
                    format!(
                        "{who}'s {} is {v}, outside {}..={}",
                        key.to_uppercase(),
                        ATTRIBUTE.start(),
                        ATTRIBUTE.end()
                    ),
                    "attributes are scores like 5–20",
                );
            }
        }
        if fig.dodge > MOST_ML {
            r.at(
                r.in_figure("dodge"),
                format!("{who}'s Dodge ML {} is more than {MOST_ML}", fig.dodge),
                "give a mastery level",
            );
        }
        if !(1..=1000).contains(&fig.weight) {
            r.at(
                r.in_figure("weight"),
                format!("{who} weighs {}", fig.weight),
                "give the total weight, 1..=1000",
            );
        }
        // Points beyond any fight's, refused so no sum of them can overflow.
        for (key, v, most, what) in [
            ("load", fig.load, 1000, "the load carried"),
            ("fatigue", fig.fatigue, 1000, "fatigue points"),
            ("encumbrance", fig.encumbrance, 100, "points of encumbrance"),
            (
                "special_penalty",
                fig.special_penalty,
                500,
                "a special penalty in EML points",
            ),
        ] {
            if v > most {
                r.at(
                    r.in_figure(key),
                    format!("{who}'s {key} {v} is more than {most}"),
                    &format!("give {what}, 0 to {most}"),
                );
            }
        }
        if fig.mobility > 500 {
            r.at(
                r.in_figure("mobility"),
                format!("{who}'s mobility {} is more than 500", fig.mobility),
                "give the mobility",
            );
        }
        let Some(pack) = &pack else { continue };
        let mut weapons = Vec::new();
        for (n, w) in fig.weapons.iter().enumerate() {
            match pack.weapons.iter().position(|row| row.name == w.name) {
                Some(row) => {
                    let missile = pack.weapons[row].missile.is_some();
                    if missile != w.ammo.is_some() {
                        r.at(
                            item(&r, "weapons", n),
                            if missile {
                                format!(
                                    "{who}'s {} is a missile weapon: how many missiles?",
                                    w.name
                                )
                            } else {
                                format!("{who}'s {} shoots nothing: it has no ammo", w.name)
                            },
                            "give `ammo: Some(n)` for a missile weapon, and only for one (l.54)",
                        );
                    }
                    weapons.push(Held {
                        weapon: row,
                        ml: w.ml,
                        ammo: w.ammo.unwrap_or(0).min(999),
                        enchanted: w.enchanted,
                    });
                }
                None => r.at(
                    item(&r, "weapons", n),
                    format!(
                        "{who} carries a \"{}\", which is not in the pack's weapon table",
                        w.name
                    ),
                    &format!(
                        "use one of {}",
                        crate::words::quoted(pack.weapons.iter().map(|w| w.name.as_str()))
                    ),
                ),
            }
            if w.ml > MOST_ML {
                r.at(
                    item(&r, "weapons", n),
                    format!("{who}'s ML with the {} is more than {MOST_ML}", w.name),
                    "give a mastery level",
                );
            }
        }
        let mut armour = Vec::new();
        for (n, a) in fig.armour.iter().enumerate() {
            match pack.armour.iter().position(|row| &row.name == a) {
                Some(row) => armour.push(row),
                None => r.at(
                    item(&r, "armour", n),
                    format!("{who} wears \"{a}\", which is not in the pack's armour table"),
                    &format!(
                        "use one of {}",
                        crate::words::quoted(pack.armour.iter().map(|a| a.name.as_str()))
                    ),
                ),
            }
        }
        figures.push(FigureSpec {
            name: fig.name.clone(),
            side: SideId(side.unwrap_or(0)),
            at: fig.at,
            facing: fig.facing,
            strength: fig.str,
            endurance: fig.end,
            dexterity: fig.dex,
            agility: fig.agl,
            speed: fig.spd,
            will: fig.wil,
            weight: fig.weight,
            mobility: fig.mobility,
            weapons,
            dodge: fig.dodge,
            armour,
            encumbrance: fig.encumbrance,
            fatigue: fig.fatigue,
            load: fig.load,
            special_penalty: fig.special_penalty,
        });
    }
    let with_figures: BTreeSet<&str> = scenario.figures.iter().map(|f| f.side.as_str()).collect();
    if with_figures.len() < 2 {
        r.at(
            find_key(text, "figures", 0, text.len()),
            "a battle needs figures on at least two sides".into(),
            "add figures for the other side",
        );
    }
    let (Some(map), Some(pack)) = (map, pack) else {
        return Err(r.problems);
    };
    if !r.problems.is_empty() {
        return Err(r.problems);
    }
    let spec = Spec {
        map: Arc::new(map),
        pack,
        sides: scenario.sides.iter().map(|s| s.name.clone()).collect(),
        surprise,
        figures,
    };
    Ok(Checked {
        scenario,
        spec: Arc::new(spec),
    })
}
