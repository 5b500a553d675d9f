//! Land of Karn scenario files (docs/LANDOFKARN-SCENARIOS.md): the shared
//! head (name, seed, map, sides) with Land of Karn's options and figure
//! body, checked with placed problems, and turned into a [`BattleSpec`].

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::rules::tables::{HOUSE_FILE, Pack, tables};
use super::rules::terms::{Bonus, Points};
use super::spec::{BattleSpec, FISTS, FigureSpec, GmNumbers, SideSpec};
use crate::hex::{Facing, Hex, Pose};
use crate::scenario::locate::find_key;
use crate::scenario::placed::{Report, check_map, entry_spans};
use crate::scenario::{MapSpec, Problem, ScenarioError, SideColour, plain, text_problems};
use crate::seam::SideId;

/// The format's page, named in hints.
pub const PAGE: &str = "docs/LANDOFKARN-SCENARIOS.md";

/// A Land of Karn scenario file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    pub name: String,
    #[serde(default)]
    pub description: String,
    pub ruleset: LandOfKarn,
    #[serde(default)]
    pub seed: u64,
    #[serde(default)]
    pub options: Options,
    pub map: MapSpec,
    pub sides: Vec<Side>,
    pub figures: Vec<Figure>,
}

/// The one value of a Land of Karn file's `ruleset`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum LandOfKarn {
    LandOfKarn,
}

fn twenty_five() -> u8 {
    25
}

/// The GM's numbers and the data pack.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Options {
    /// A referee's own data pack (weapons, armour), a file beside the
    /// scenario; the house pack when none.
    pub pack: Option<String>,
    /// "Pierce (P)": percent chance of a critical when pierce damage gets
    /// through armour (the book: "usually" 25).
    #[serde(default = "twenty_five")]
    pub pierce_critical: u8,
    /// Faces a worked example rolled (d20s 1–20, d100s 1–100), before the
    /// seeded dice.
    pub dice: Vec<u32>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            pack: None,
            pierce_critical: twenty_five(),
            dice: Vec::new(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Side {
    pub name: String,
    pub colour: SideColour,
}

/// One figure. The basic rules derive these numbers from characteristics
/// and skills they do not give, so a scenario gives them outright.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Figure {
    pub name: String,
    pub side: String,
    pub at: Hex,
    pub facing: Facing,
    pub actions: u8,
    pub initiative: i32,
    pub alt: i32,
    pub hp: i32,
    pub sp: i32,
    pub strike: i32,
    pub parry: i32,
    pub dodge: i32,
    #[serde(default)]
    pub counterstrike: bool,
    #[serde(default)]
    pub natural_armour: i32,
    #[serde(default)]
    pub armour: Option<String>,
    /// The first is in hand.
    #[serde(default)]
    pub weapons: Vec<String>,
}

/// A Land of Karn scenario that passed every check, and its battle spec.
#[derive(Debug, Clone)]
pub struct Checked {
    pub scenario: Scenario,
    pub spec: BattleSpec,
}

/// Read and check a scenario file.
pub fn load(path: &Path) -> Result<Checked, ScenarioError> {
    let text = crate::scenario::read_text(path, "a scenario", PAGE)?;
    parse(path, &text)
}

/// Parse and check scenario text; `file` names it and places a referee's pack.
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
    match check(file, scenario, text) {
        Ok(checked) if problems.is_empty() => Ok(checked),
        Ok(_) => Err(fail(problems)),
        Err(more) => {
            problems.extend(more);
            Err(fail(problems))
        }
    }
}

/// The referee's pack named by `options.pack`, read beside the scenario,
/// or the house pack.
fn pack(file: &Path, options: &Options, r: &mut Report) -> Option<(Arc<Pack>, String)> {
    let Some(name) = &options.pack else {
        return Some((Arc::new(tables().house.clone()), HOUSE_FILE.to_string()));
    };
    let at = find_key(r.text, "pack", 0, r.text.len());
    let path = file.parent().unwrap_or(Path::new("")).join(name);
    let text = match crate::scenario::read_text(&path, "a data pack", PAGE) {
        Ok(t) => t,
        Err(e) => {
            let why = e
                .problems
                .first()
                .map_or(String::new(), |p| p.message.clone());
            r.at(
                at,
                format!("the data pack {name:?} cannot be read: {why}"),
                "name a file beside the scenario, written like assets/landofkarn/house.ron",
            );
            return None;
        }
    };
    match Pack::parse(&text) {
        Ok(p) if p.weapon(FISTS).is_none() => {
            r.at(
                at,
                format!("the data pack {name:?} has no weapon named \"{FISTS}\""),
                "every pack gives bare hands' damage as a weapon named Fists",
            );
            None
        }
        Ok(p) => Some((Arc::new(p), path.display().to_string())),
        Err(e) => {
            r.at(
                at,
                format!(
                    "the data pack {name:?} is not valid at {}:{}: {}",
                    e.span.start.line, e.span.start.col, e.code
                ),
                "write it like assets/landofkarn/house.ron",
            );
            None
        }
    }
}

fn check(file: &Path, scenario: Scenario, text: &str) -> Result<Checked, Vec<Problem>> {
    let mut r = Report::on(text, scenario.figures.len())?;
    let map = check_map(&scenario.map, &mut r);
    let pack = pack(file, &scenario.options, &mut r);
    if scenario.options.pierce_critical > 100 {
        r.at(
            find_key(text, "pierce_critical", 0, text.len()),
            format!(
                "a {}% chance is more than 100%",
                scenario.options.pierce_critical
            ),
            "give a percentage, 0 to 100 (the book's usual chance is 25)",
        );
    }
    if let Some(face) = scenario
        .options
        .dice
        .iter()
        .find(|f| !(1..=100).contains(*f))
    {
        r.at(
            find_key(text, "dice", 0, text.len()),
            format!("die face {face} is no face of a d20 or d100"),
            "write each face as rolled: 1 to 20 for a d20, 1 to 100 for a d100 (00 is 100)",
        );
    }
    let spans = entry_spans(text, "sides");
    let mut seen = BTreeSet::new();
    for (i, side) in scenario.sides.iter().enumerate() {
        if !side.name.trim().is_empty() && !seen.insert(crate::text::name_key(&side.name)) {
            r.at(
                spans.get(i).map(|s| s.0),
                format!("two sides are named {:?}", side.name),
                "side names must be unique",
            );
        }
    }
    let mut figures = Vec::with_capacity(scenario.figures.len());
    let mut seen = BTreeSet::new();
    let mut occupied = BTreeMap::new();
    for (i, fig) in scenario.figures.iter().enumerate() {
        r.figure = i;
        let who = fig.name.as_str();
        if !who.trim().is_empty() && !seen.insert(crate::text::name_key(who)) {
            r.at(
                r.in_figure("name"),
                format!("two figures are named {who:?}"),
                "names must be unique: add a number or epithet",
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
            if !map.in_bounds(fig.at) {
                r.at(
                    r.in_figure("at"),
                    format!(
                        "{who} stands at {:?}, off the {}x{} map",
                        (fig.at.col, fig.at.row),
                        map.width(),
                        map.height()
                    ),
                    "columns run 0..width-1 and rows 0..height-1, from the top left",
                );
            } else if !map.is_passable(fig.at) {
                r.at(
                    r.in_figure("at"),
                    format!(
                        "{who} stands on a blocked hex {:?}",
                        (fig.at.col, fig.at.row)
                    ),
                    "move the figure or repaint that hex",
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
                "one figure per hex",
            );
        }
        if !(1..=4).contains(&fig.actions) {
            r.at(
                r.in_figure("actions"),
                format!("{who} has {} full actions", fig.actions),
                "give 1 (untrained) to 3 (highly trained); 4 at most, as the text allows rarely more than 3",
            );
        }
        for (key, v) in [("hp", fig.hp), ("sp", fig.sp)] {
            if !(1..=999).contains(&v) {
                r.at(
                    r.in_figure(key),
                    format!("{who}'s {} is {v}", key.to_uppercase()),
                    "give 1 to 999",
                );
            }
        }
        for (key, v) in [
            ("initiative", fig.initiative),
            ("strike", fig.strike),
            ("parry", fig.parry),
            ("dodge", fig.dodge),
            ("natural_armour", fig.natural_armour),
            ("alt", fig.alt),
        ] {
            if !(-30..=99).contains(&v) {
                r.at(
                    r.in_figure(key),
                    format!("{who}'s {key} is {v}"),
                    "give -30 to 99",
                );
            }
        }
        let armour = fig.armour.as_ref().and_then(|name| {
            let (pack, _) = pack.as_ref()?;
            let found = pack.armour(name).cloned();
            if found.is_none() {
                r.at(
                    r.in_figure("armour"),
                    format!("{who} wears \"{name}\", which the data pack does not list"),
                    &format!(
                        "use one of {}",
                        crate::words::quoted(pack.armour.iter().map(|a| a.name.as_str()))
                    ),
                );
            }
            found
        });
        let mut weapons = Vec::new();
        for name in &fig.weapons {
            let Some((pack, _)) = pack.as_ref() else {
                break;
            };
            match pack.weapon(name) {
                Some(w) => weapons.push(w.clone()),
                None => r.at(
                    r.in_figure("weapons"),
                    format!("{who} carries a \"{name}\", which the data pack does not list"),
                    &format!(
                        "use one of {}",
                        crate::words::quoted(pack.weapons.iter().map(|w| w.name.as_str()))
                    ),
                ),
            }
        }
        figures.push(FigureSpec {
            name: fig.name.clone(),
            side: SideId(side.unwrap_or(0)),
            pose: Pose::new(fig.at, fig.facing),
            actions: fig.actions,
            initiative: Bonus(fig.initiative),
            alt: fig.alt,
            hp: Points(fig.hp),
            sp: Points(fig.sp),
            strike: Bonus(fig.strike),
            parry: Bonus(fig.parry),
            dodge: Bonus(fig.dodge),
            counterstrike: fig.counterstrike,
            natural_armour: fig.natural_armour,
            armour,
            weapons,
        });
    }
    check_pairing(&scenario, &mut r);
    let (Some(map), Some((pack, pack_file))) = (map, pack) else {
        return Err(r.problems);
    };
    if !r.problems.is_empty() {
        return Err(r.problems);
    }
    let spec = BattleSpec {
        map: Arc::new(map),
        sides: scenario
            .sides
            .iter()
            .map(|s| SideSpec {
                name: s.name.clone(),
            })
            .collect(),
        figures,
        pack,
        pack_file,
        gm: GmNumbers {
            pierce_critical: scenario.options.pierce_critical,
        },
        dice: scenario.options.dice.clone(),
    };
    Ok(Checked { scenario, spec })
}

/// What this slice plays: one pairing of two figures, side by side. The
/// text pairs figures by the GM's and players' choice ("Combat Pairings");
/// choosing pairings and moving into reach come later (docs/RULINGS.md).
fn check_pairing(s: &Scenario, r: &mut Report) {
    let key = find_key(r.text, "figures", 0, r.text.len());
    let sides: BTreeSet<&str> = s.figures.iter().map(|f| f.side.as_str()).collect();
    if sides.len() < 2 {
        r.at(
            key,
            "a battle needs figures on at least two sides".into(),
            "add figures for the other side",
        );
    } else if s.figures.len() != 2 {
        r.at(
            key,
            format!(
                "the scenario has {} figures; Land of Karn plays only one pairing of two so far",
                s.figures.len()
            ),
            "several pairings, and pairings of more than two, are not built yet: give two figures",
        );
    } else if s.figures[0].at.distance(s.figures[1].at) != 1 {
        r.at(
            key,
            format!(
                "{} and {} do not stand side by side",
                s.figures[0].name, s.figures[1].name
            ),
            "moving into reach is not built yet: place the pair in neighbouring hexes (docs/RULINGS.md)",
        );
    }
}
