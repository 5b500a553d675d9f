//! DragonQuest scenario files (docs/DRAGONQUEST-SCENARIOS.md): the shared
//! head (name, seed, map, sides) with DragonQuest's own options and figure
//! body, checked with the same placed problems as Shakhàn's, and turned into
//! the engine's [`BattleSpec`].

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::spec::{BattleSpec, FigureSpec, Mount as MountSpec, ShieldSpec, SideSpec, WeaponSpec};
use crate::hex::{Corner, Facing, Hex, MOST_BODY_HEXES, Pose};
use crate::rulesets::dragonquest::rules::tables::modifiers::Lighting;
use crate::rulesets::dragonquest::rules::tables::tables;
use crate::rulesets::dragonquest::rules::tables::weapons::{Group, Hands, MaxRank};
use crate::rulesets::dragonquest::rules::{Rank, Tmr};
use crate::scenario::locate::{find_key, list_items};
use crate::scenario::placed::{Report, check_map, entry_spans};
use crate::scenario::{MapSpec, Problem, ScenarioError, SideColour, plain, text_problems};
use crate::seam::SideId;

/// The format's page, named in hints.
pub const PAGE: &str = "docs/DRAGONQUEST-SCENARIOS.md";

/// A DragonQuest scenario file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    pub name: String,
    #[serde(default)]
    pub description: String,
    pub ruleset: DragonQuest,
    /// Seed of the battle's dice; `--seed` overrides it.
    #[serde(default)]
    pub seed: u64,
    #[serde(default)]
    pub options: Options,
    pub map: MapSpec,
    pub sides: Vec<Side>,
    pub figures: Vec<Figure>,
}

/// The one value of a DragonQuest file's `ruleset`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum DragonQuest {
    DragonQuest,
}

/// The circumstances of the whole fight.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Options {
    /// 18.1: the side that surprised the other and has a free Pulse.
    pub surprise: Option<String>,
    /// 24.8: the light the fight is in (`None`: daylight).
    pub lighting: Option<Lighting>,
    /// 25.5 (optional rule): damage for Physical Strength over a weapon's minimum.
    pub strength_damage: bool,
    /// The Alusia campaign's loading (21.7, 22.3, note G): Rank 3 or more
    /// with the missile weapon, or modified AG 26 or more, loads in one
    /// action fewer.
    pub alusia_loading: bool,
    /// The faces a worked example rolled, in order (D10s 1–10, D100s
    /// 1–100, 00 written 100): the battle rolls them before its seeded
    /// dice, so the example plays as the book tells it while the same
    /// actions are chosen.
    pub dice: Vec<u32>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Side {
    pub name: String,
    pub colour: SideColour,
    /// 19.2: the figure who rolls the side's Initiative when free to.
    #[serde(default)]
    pub leader: Option<String>,
    /// The Leader's Military Scientist Rank, added to his Initiative roll.
    #[serde(default)]
    pub military_scientist: Option<u8>,
}

/// A weapon a figure carries.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Weapon {
    /// Its name in the 27.2 Weapon Tables.
    pub name: String,
    /// `None`: unranked.
    #[serde(default)]
    pub rank: Option<u8>,
    /// Prepared (in hand) when the fight begins.
    #[serde(default)]
    pub in_hand: bool,
    /// A (1–2) weapon wielded in both hands (27.2: +1 damage).
    #[serde(default)]
    pub two_handed: bool,
    /// A Missile Weapon loaded before the fight (27.2 note G).
    #[serde(default)]
    pub loaded: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Shield {
    /// Its name in the 24.5 Shield Table.
    pub name: String,
    #[serde(default)]
    pub rank: Option<u8>,
    /// On the arm (true) or slung on the back (24.5).
    pub prepared: bool,
}

/// Which way a figure faces: a hexside (N … NW) for a figure of one hex, a
/// vertex (NNE, E, SSE, SSW, W, NNW) for a monster of several (29).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Heading {
    N,
    NE,
    SE,
    S,
    SW,
    NW,
    NNE,
    E,
    SSE,
    SSW,
    W,
    NNW,
}

impl Heading {
    /// The hexside faced, or the vertex.
    fn side(self) -> Result<Facing, Corner> {
        Ok(match self {
            Heading::N => Facing::N,
            Heading::NE => Facing::NE,
            Heading::SE => Facing::SE,
            Heading::S => Facing::S,
            Heading::SW => Facing::SW,
            Heading::NW => Facing::NW,
            Heading::NNE => return Err(Corner::NNE),
            Heading::E => return Err(Corner::E),
            Heading::SSE => return Err(Corner::SSE),
            Heading::SSW => return Err(Corner::SSW),
            Heading::W => return Err(Corner::W),
            Heading::NNW => return Err(Corner::NNW),
        })
    }

    /// The engine's facing: the hexside, or the one left of the vertex.
    fn facing(self) -> Facing {
        self.side().unwrap_or_else(Corner::left)
    }
}

/// DragonQuest 30: the beast a figure rides.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Mount {
    /// What it is, in the log ("warhorse").
    pub name: String,
    /// Its Tactical Movement Rate: the figure's while mounted.
    pub tmr: u8,
}

fn one() -> u8 {
    1
}

/// One figure, as its Character Record gives it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Figure {
    pub name: String,
    pub side: String,
    pub at: Hex,
    pub facing: Heading,
    /// 29: the hexes it fills, 1 to 4; `at` is its head's.
    #[serde(default = "one")]
    pub size: u8,
    /// 30: the mount it rides into the fight.
    #[serde(default)]
    pub mount: Option<Mount>,
    /// Physical Strength, Manual Dexterity, Agility, Perception, Willpower,
    /// Endurance and Fatigue.
    pub ps: u8,
    pub md: u8,
    pub ag: u8,
    pub pc: u8,
    pub wp: u8,
    pub en: u8,
    pub ft: u8,
    /// 21.1: Tactical Movement Rate (rule 5.6's chart is not in the text).
    pub tmr: u8,
    /// 18.2: Fatigue already lost.
    #[serde(default)]
    pub fatigue_lost: u8,
    /// Agility lost to weight carried (rule 156.9 is not in the text).
    #[serde(default)]
    pub carried_ag_loss: u8,
    /// Its name in the 25.1 Armor Table.
    #[serde(default)]
    pub armour: Option<String>,
    #[serde(default)]
    pub shield: Option<Shield>,
    #[serde(default)]
    pub weapons: Vec<Weapon>,
    /// 28: Rank in Unarmed Combat.
    #[serde(default)]
    pub unarmed_rank: Option<u8>,
    /// A monster, not a person (26's note: a monster that began with
    /// Endurance 5 or less never falls unconscious).
    #[serde(default)]
    pub monster: bool,
}

/// A DragonQuest scenario that passed every check, and the battle spec it
/// makes (figures and sides in the file's order).
#[derive(Debug, Clone)]
pub struct Checked {
    pub scenario: Scenario,
    pub spec: BattleSpec,
    /// The figures as the battle begins with them: the engine's own check
    /// of `spec`, which passed.
    pub figures: Vec<crate::rulesets::dragonquest::engine::Figure>,
}

/// Characteristics a figure may have: people run about 5–25, monsters far beyond.
const CHARACTERISTIC: std::ops::RangeInclusive<u8> = 1..=99;
/// The highest Rank a scenario may give where no table caps it.
const MOST_RANK: u8 = 20;

/// Read and check a DragonQuest scenario file.
pub fn load(path: &Path) -> Result<Checked, ScenarioError> {
    let text = crate::scenario::read_text(path, "a scenario", "docs/SCENARIOS.md")?;
    parse(path, &text)
}

/// Parse and check DragonQuest scenario text; `file` only names it in messages.
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
    let mut problems = text_problems(text, &["name", "side", "leader", "surprise"]);
    match check(scenario, text) {
        Ok(checked) if problems.is_empty() => Ok(checked),
        Ok(_) => Err(fail(problems)),
        Err(more) => {
            problems.extend(more);
            Err(fail(problems))
        }
    }
}

/// The offset of the `index`-th entry of the list `key` inside the figure
/// being checked, else of `key`, else of the figure.
fn item(r: &Report, key: &str, index: usize) -> Option<usize> {
    let &(start, end) = r.figures.get(r.figure)?;
    let Some(k) = find_key(r.text, key, start, end) else {
        return Some(start);
    };
    let open = r.text[k..end].find('[').map(|i| k + i);
    Some(
        open.and_then(|o| list_items(r.text, o).get(index).copied())
            .unwrap_or(k),
    )
}

/// The table's names that begin as `typed` does (its first letter), in
/// order; all of them if none does.
fn alike<'a>(typed: &str, known: impl Iterator<Item = &'a str>) -> Vec<&'a str> {
    let mut all: Vec<&str> = known.collect();
    all.sort_unstable();
    let first = typed
        .trim()
        .chars()
        .next()
        .map(|c| c.to_lowercase().to_string());
    let like: Vec<&str> = all
        .iter()
        .copied()
        .filter(|n| {
            first
                .as_deref()
                .is_some_and(|f| n.to_lowercase().starts_with(f))
        })
        .collect();
    if like.is_empty() { all } else { like }
}

fn check(scenario: Scenario, text: &str) -> Result<Checked, Vec<Problem>> {
    let mut r = Report::on(text, scenario.figures.len())?;
    let map = check_map(&scenario.map, &mut r);
    let sides = check_sides(&scenario, &mut r);
    let surprise = scenario.options.surprise.as_ref().and_then(|name| {
        let found = scenario.sides.iter().position(|s| &s.name == name);
        if found.is_none() {
            r.at(
                find_key(text, "surprise", 0, text.len()),
                format!("{name:?} surprises, but there is no such side"),
                &format!(
                    "name one of the sides: {}",
                    crate::words::quoted(scenario.sides.iter().map(|s| s.name.as_str()))
                ),
            );
        }
        found.map(SideId)
    });
    if let Some(k) = scenario
        .options
        .dice
        .iter()
        .position(|f| !(1..=100).contains(f))
    {
        let key = find_key(text, "dice", 0, text.len());
        let open = key.and_then(|k| text[k..].find('[').map(|i| k + i));
        r.at(
            open.and_then(|o| list_items(text, o).get(k).copied())
                .or(key),
            format!(
                "die face {} is no face of a D10 or D100",
                scenario.options.dice[k]
            ),
            "write each face as rolled: 1 to 10 for a D10, 1 to 100 for a D100 (00 is 100)",
        );
    }
    let mut figures = Vec::with_capacity(scenario.figures.len());
    let mut seen = BTreeSet::new();
    let mut occupied = BTreeMap::new();
    for (i, fig) in scenario.figures.iter().enumerate() {
        r.figure = i;
        // Names that differ only by characters that show nothing are the same.
        if !fig.name.trim().is_empty() && !seen.insert(crate::text::name_key(&fig.name)) {
            r.at(
                r.in_figure("name"),
                format!("two figures are named {:?}", fig.name),
                "names must be unique: add a number or epithet",
            );
        }
        let side = scenario.sides.iter().position(|s| s.name == fig.side);
        if side.is_none() {
            r.at(
                r.in_figure("side"),
                format!(
                    "{} is on side {:?}, which is not in `sides`",
                    fig.name, fig.side
                ),
                &format!(
                    "use one of {}",
                    crate::words::quoted(scenario.sides.iter().map(|s| s.name.as_str()))
                ),
            );
        }
        let pose = Pose::new(fig.at, fig.facing.facing());
        if let Some(map) = &map {
            let (c, row) = (fig.at.col, fig.at.row);
            let tail = pose.body(fig.size).skip(1).find(|&h| !map.is_passable(h));
            if let Some(h) = tail.filter(|_| map.is_passable(fig.at)) {
                r.at(
                    r.in_figure("at"),
                    format!(
                        "{}'s body reaches {:?}, off the map or blocked",
                        fig.name,
                        (h.col, h.row)
                    ),
                    "move the monster or turn it: its body lies behind its head (docs/RULINGS.md, 29)",
                );
            }
            if !map.in_bounds(fig.at) {
                r.at(
                    r.in_figure("at"),
                    format!(
                        "{} stands at {:?}, off the {}x{} map",
                        fig.name,
                        (c, row),
                        map.width(),
                        map.height()
                    ),
                    "columns run 0..width-1 and rows 0..height-1, from the top left",
                );
            } else if !map.is_passable(fig.at) {
                r.at(
                    r.in_figure("at"),
                    format!("{} stands on a blocked hex {:?}", fig.name, (c, row)),
                    "move the figure or repaint that hex",
                );
            }
        }
        for h in pose.body(fig.size) {
            if let Some(other) = occupied.insert(h, fig.name.as_str()) {
                r.at(
                    r.in_figure("at"),
                    format!(
                        "{} and {other} both stand at {:?}",
                        fig.name,
                        (h.col, h.row)
                    ),
                    "one figure per hex when the fight begins (Close Combat comes later, 20.6)",
                );
            }
        }
        if let Some(spec) = check_figure(fig, side.unwrap_or(0), &mut r) {
            figures.push(spec);
        }
    }
    let with_figures: BTreeSet<&str> = scenario.figures.iter().map(|f| f.side.as_str()).collect();
    if with_figures.len() < 2 {
        r.at(
            find_key(text, "figures", 0, text.len()),
            "a battle needs figures on at least two sides".into(),
            "add figures for the other side",
        );
    }
    let Some(map) = map.filter(|_| r.problems.is_empty()) else {
        return Err(r.problems);
    };
    let spec = BattleSpec {
        map: Arc::new(map),
        sides,
        figures,
        surprise,
        lighting: scenario.options.lighting,
        strength_damage: scenario.options.strength_damage,
        alusia_loading: scenario.options.alusia_loading,
        dice: scenario.options.dice.clone(),
    };
    // Every rule the engine checks was checked above with its place; this
    // is the engine's own word, should the two ever disagree.
    match spec.check() {
        Ok(figures) => Ok(Checked {
            scenario,
            spec,
            figures,
        }),
        Err(e) => {
            r.at(
                find_key(text, "figures", 0, text.len()),
                e.to_string(),
                &format!("see {PAGE}"),
            );
            Err(r.problems)
        }
    }
}

fn check_sides(s: &Scenario, r: &mut Report) -> Vec<SideSpec> {
    let spans = entry_spans(r.text, "sides");
    let mut seen = BTreeSet::new();
    let mut sides = Vec::with_capacity(s.sides.len());
    for (i, side) in s.sides.iter().enumerate() {
        let at = |key| {
            spans
                .get(i)
                .map(|&(start, end)| find_key(r.text, key, start, end).unwrap_or(start))
        };
        if !side.name.trim().is_empty() && !seen.insert(crate::text::name_key(&side.name)) {
            r.at(
                at("name"),
                format!("two sides are named {:?}", side.name),
                "side names must be unique",
            );
        }
        let leader = side.leader.as_ref().and_then(|leader| {
            let found = s
                .figures
                .iter()
                .position(|f| &f.name == leader && f.side == side.name);
            if found.is_none() {
                r.at(
                    at("leader"),
                    format!(
                        "side {:?} is led by {leader:?}, who is not one of its figures",
                        side.name
                    ),
                    "name a figure of this side as leader, or leave it out",
                );
            }
            found
        });
        if let Some(rank) = side.military_scientist {
            if side.leader.is_none() {
                r.at(
                    at("military_scientist"),
                    format!(
                        "side {:?} has a Military Scientist Rank but no leader to have it",
                        side.name
                    ),
                    "name the leader, or leave `military_scientist` out (19.2)",
                );
            } else if rank > MOST_RANK {
                r.at(
                    at("military_scientist"),
                    format!("a Military Scientist Rank of {rank} is more than {MOST_RANK}"),
                    "Ranks run 0 to 10 for most skills; hexmelee's own limit is 20 (house)",
                );
            }
        }
        sides.push(SideSpec {
            name: side.name.clone(),
            leader,
            military_scientist: side.military_scientist.map(Rank),
        });
    }
    sides
}

/// One figure's numbers and gear against the tables; its spec when sound.
fn check_figure(fig: &Figure, side: usize, r: &mut Report) -> Option<FigureSpec> {
    let before = r.problems.len();
    let t = tables();
    let who = fig.name.as_str();
    for (key, v) in [
        ("ps", fig.ps),
        ("md", fig.md),
        ("ag", fig.ag),
        ("pc", fig.pc),
        ("wp", fig.wp),
        ("en", fig.en),
        ("ft", fig.ft),
    ] {
        if !CHARACTERISTIC.contains(&v) {
            r.at(
                r.in_figure(key),
                format!(
                    "{who}'s {} is {v}, outside {} to {}",
                    key.to_uppercase(),
                    CHARACTERISTIC.start(),
                    CHARACTERISTIC.end()
                ),
                "characteristics are scores like 5–25 for people, more for monsters",
            );
        }
    }
    if !(1..=30).contains(&fig.tmr) {
        r.at(
            r.in_figure("tmr"),
            format!("{who}'s TMR is {}, outside 1 to 30", fig.tmr),
            "TMR comes from modified Agility (rule 5.6, not in the text); 1 to 30 is hexmelee's own limit (house)",
        );
    }
    if fig.fatigue_lost > fig.ft {
        r.at(
            r.in_figure("fatigue_lost"),
            format!("{who} has lost {} Fatigue of {}", fig.fatigue_lost, fig.ft),
            "give at most the figure's Fatigue (18.2)",
        );
    }
    if fig.carried_ag_loss > 99 {
        r.at(
            r.in_figure("carried_ag_loss"),
            format!(
                "{who}'s carried_ag_loss {} is more than 99",
                fig.carried_ag_loss
            ),
            "give the Agility lost to the weight carried",
        );
    }
    let armour = fig.armour.as_ref().and_then(|name| {
        let row = t.armour.armour(name);
        if row.is_none() {
            r.at(
                r.in_figure("armour"),
                format!("{who} wears \"{name}\", which is not in the 25.1 Armor Table"),
                &format!(
                    "use one of {}",
                    crate::words::quoted(t.armour.armour.iter().map(|a| a.name.as_str()))
                ),
            );
        }
        row.map(|a| a.name.clone())
    });
    let shield = fig.shield.as_ref().and_then(|s| {
        let row = t.armour.shield(&s.name);
        if row.is_none() {
            r.at(
                r.in_figure("shield"),
                format!(
                    "{who} carries a \"{}\" shield, which is not in the 24.5 Shield Table",
                    s.name
                ),
                &format!(
                    "use one of {}",
                    crate::words::quoted(t.armour.shields.iter().map(|s| s.name.as_str()))
                ),
            );
        }
        if s.rank.is_some_and(|k| k > MOST_RANK) {
            r.at(
                r.in_figure("shield"),
                format!("{who}'s Rank with the shield is more than {MOST_RANK}"),
                "Ranks run 0 to 10 for most skills; hexmelee's own limit is 20 (house)",
            );
        }
        row.map(|row| ShieldSpec {
            name: row.name.clone(),
            rank: s.rank.map(Rank),
            prepared: s.prepared,
        })
    });
    let mut weapons = Vec::with_capacity(fig.weapons.len());
    // Counted wide: a file may list any number of weapons in hand.
    let mut hands = usize::from(shield.as_ref().is_some_and(|s| s.prepared));
    for (n, w) in fig.weapons.iter().enumerate() {
        let at = item(r, "weapons", n);
        let Some(row) = t.weapons.named(&w.name) else {
            let known = t.weapons.iter().map(|(_, w)| w.name.as_str());
            r.at(
                at,
                format!(
                    "{who} carries a \"{}\", which is not in the 27.2 Weapon Tables",
                    w.name
                ),
                &format!(
                    "use a name from the table, e.g. {} ({PAGE} lists them all)",
                    crate::words::quoted(alike(&w.name, known).into_iter())
                ),
            );
            continue;
        };
        let name = &row.name;
        if row.dm.value().is_none() {
            r.at(
                at,
                format!("the {name}'s damage depends on what it holds or is coated with"),
                "hexmelee does not model that yet: choose another weapon (27.2 notes K, G)",
            );
        }
        if let Some(rank) = w.rank {
            let most = match row.max_rank {
                MaxRank::Rank(m) => Some(m),
                MaxRank::Variable => Some(MOST_RANK),
                MaxRank::NoRank => None,
            };
            match most {
                None => r.at(
                    at,
                    format!("{who} has a Rank with the {name}, which allows none"),
                    "leave out its `rank` (27.2)",
                ),
                Some(m) if rank > m && row.max_rank == MaxRank::Variable => r.at(
                    at,
                    format!(
                        "{who} has Rank {rank} with the {name}, whose Maximum Rank varies; \
                         hexmelee's own limit is {m} (house)"
                    ),
                    "give a Rank of at most 20",
                ),
                Some(m) if rank > m => r.at(
                    at,
                    format!("{who} has Rank {rank} with the {name}; its highest is {m}"),
                    "give a Rank within the weapon's Maximum Rank (27.2)",
                ),
                Some(_) => {}
            }
            if fig.ps < row.ps || fig.md < row.md {
                r.at(
                    at,
                    format!(
                        "{who} (PS {}, MD {}) has Rank with the {name}, which needs PS {} and MD {}",
                        fig.ps, fig.md, row.ps, row.md
                    ),
                    "no figure may have Rank with a weapon it has not the PS and MD to wield (27.2): leave out `rank`",
                );
            }
        }
        if w.two_handed && row.hands == Hands::One {
            r.at(
                at,
                format!("the {name} is one-handed; it cannot be wielded two-handed"),
                "only weapons printed (1–2) may be (27.2): leave out `two_handed`",
            );
        }
        if w.loaded && row.group != Group::Missile {
            r.at(
                at,
                format!("the {name} is not a Missile Weapon; only those are loaded"),
                "leave out `loaded` (27.2 note G)",
            );
        }
        if w.in_hand {
            hands = hands.saturating_add(if w.two_handed || row.hands == Hands::Two {
                2
            } else {
                1
            });
        }
        weapons.push(WeaponSpec {
            name: name.clone(),
            rank: w.rank.map(Rank),
            two_handed: w.two_handed,
            loaded: w.loaded,
        });
    }
    if hands > 2 {
        r.at(
            r.in_figure("weapons"),
            format!("{who} holds more in hand than two hands can"),
            "two one-handed weapons, or one two-handed; a prepared shield takes a hand (27)",
        );
    }
    if fig.unarmed_rank.is_some_and(|k| k > MOST_RANK) {
        r.at(
            r.in_figure("unarmed_rank"),
            format!("{who}'s Unarmed Combat Rank is more than {MOST_RANK}"),
            "Ranks run 0 to 10 for most skills; hexmelee's own limit is 20 (house)",
        );
    }
    if !(1..=MOST_BODY_HEXES).contains(&fig.size) {
        r.at(
            r.in_figure("size"),
            format!("{who} fills {} hexes", fig.size),
            &format!(
                "a figure fills 1 to {MOST_BODY_HEXES} hexes (29; larger shapes are not drawn yet)"
            ),
        );
    }
    match (fig.size > 1, fig.facing.side()) {
        (true, Ok(_)) => r.at(
            r.in_figure("facing"),
            format!(
                "{who} fills {} hexes, so its head faces a vertex, not a hexside",
                fig.size
            ),
            "give NNE, E, SSE, SSW, W or NNW (29)",
        ),
        (false, Err(_)) => r.at(
            r.in_figure("facing"),
            format!("{who} fills one hex, so it faces a hexside, not a vertex"),
            "give N, NE, SE, S, SW or NW; vertices are for monsters of several hexes (29)",
        ),
        _ => {}
    }
    if let Some(m) = &fig.mount {
        if !(1..=30).contains(&m.tmr) {
            r.at(
                r.in_figure("mount"),
                format!("{who}'s {} has a TMR of {}", m.name, m.tmr),
                "a TMR runs 1 to 30 (21.1)",
            );
        }
    }
    if r.problems.len() > before {
        return None;
    }
    Some(FigureSpec {
        name: fig.name.clone(),
        side: SideId(side),
        size: fig.size,
        mount: fig.mount.as_ref().map(|m| MountSpec {
            name: m.name.clone(),
            tmr: Tmr(m.tmr),
        }),
        pose: Pose::new(fig.at, fig.facing.facing()),
        ps: fig.ps,
        md: fig.md,
        ag: fig.ag,
        pc: fig.pc,
        wp: fig.wp,
        endurance: fig.en,
        fatigue: fig.ft,
        fatigue_lost: fig.fatigue_lost,
        tmr: Tmr(fig.tmr),
        carried_ag_loss: fig.carried_ag_loss,
        armour,
        shield,
        prepared: fig
            .weapons
            .iter()
            .enumerate()
            .filter(|(_, w)| w.in_hand)
            .map(|(i, _)| i)
            .collect(),
        weapons,
        unarmed_rank: fig.unarmed_rank.map(Rank),
        monster: fig.monster,
    })
}
