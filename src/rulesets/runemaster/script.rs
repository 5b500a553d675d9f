//! Rune Master's scripted orders (`sim --orders`, docs/ORDERS.md "Rune
//! Master"): a list of entries, each one figure's sealed intent for a round
//! or a defence it declares in that round; the AI answers the rest. A
//! figure's defences of one round are played in the file's order, against
//! the attacks on it as they come. The shell (errors, entries placed) is
//! `crate::sim::orders`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Deserialize;

use super::ai;
use super::engine::{Battle, Command, Defence, Intent, Prompt};
use super::scenario::{Checked, PAGE};
use crate::scenario::Problem;
use crate::seam::FigureId;
use crate::sim::orders::{Rounds, ScriptError, Wrong, entries, find_after};
use crate::text::{Place, name_key};

/// One entry of an orders file.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
struct Entry {
    round: u32,
    figure: String,
    order: Order,
}

/// A sealed intent (Rounds, Intent) or a declared defence (Combat
/// Resolution, Defense); targets by name.
#[derive(Debug, Clone, PartialEq, Deserialize)]
enum Order {
    Attack(String),
    Close(String),
    Hold,
    Parry,
    Block,
    Dodge,
    NoDefence,
}

/// An entry as the battle takes it.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Scripted {
    Intent(Intent),
    Defence(Defence),
}

/// A checked orders file: each round and figure's intent, and its defences
/// in the file's order, with where each entry opens.
#[derive(Debug, Clone)]
pub struct RmScript {
    file: PathBuf,
    intents: BTreeMap<(u32, usize), (Intent, Place)>,
    defences: BTreeMap<(u32, usize), Vec<(Defence, Place)>>,
}

impl RmScript {
    /// Read and check an orders file for `checked`'s figures.
    pub fn load(path: &Path, checked: &Checked) -> Result<RmScript, ScriptError> {
        let text = crate::scenario::read_text(path, "an orders file", PAGE)?;
        Self::parse(path, &text, checked)
    }

    /// Parse and check orders text; `file` only names it.
    pub fn parse(file: &Path, text: &str, checked: &Checked) -> Result<RmScript, ScriptError> {
        let fail = |problems| ScriptError {
            file: file.to_path_buf(),
            problems,
        };
        let list: Vec<(Entry, usize)> = entries(file, text, PAGE)?;
        let mut problems = Vec::new();
        let mut script = RmScript {
            file: file.to_path_buf(),
            intents: BTreeMap::new(),
            defences: BTreeMap::new(),
        };
        let mut rounds = Rounds::new(checked.setup.figures.iter().map(|f| f.name.as_str()));
        for (e, at) in list {
            let mut problem = |field: &str, message: String, hint: String| {
                problems.push(Problem {
                    at: Some(Place::of(text, find_after(text, field, at))),
                    message,
                    hint: Some(hint),
                })
            };
            let f = match rounds.entry(&e.figure, e.round) {
                Ok(f) => f,
                Err((field, message, hint)) => {
                    problem(field, message, hint);
                    continue;
                }
            };
            let place = Place::of(text, at);
            match scripted(checked, f, e.order) {
                Ok(Scripted::Intent(intent)) => {
                    if script
                        .intents
                        .insert((e.round, f), (intent, place))
                        .is_some()
                    {
                        problem(
                            "figure",
                            format!("{} is given two intents for round {}", e.figure, e.round),
                            "one intent a figure and round (Rounds, Intent)".into(),
                        );
                    }
                }
                Ok(Scripted::Defence(defence)) => {
                    (script.defences.entry((e.round, f)).or_default()).push((defence, place));
                }
                Err((field, message, hint)) => problem(field, message, hint),
            }
        }
        if problems.is_empty() {
            Ok(script)
        } else {
            Err(fail(problems))
        }
    }

    /// An answerer that plays the script, the AI for the rest, and can say
    /// which entry a refusal came from.
    pub fn playing(&self) -> Playing<'_> {
        Playing {
            script: self,
            used: BTreeMap::new(),
            last: None,
        }
    }
}

fn figure(checked: &Checked, name: &str) -> Option<usize> {
    (checked.setup.figures.iter()).position(|f| name_key(&f.name) == name_key(name))
}

fn every_name(checked: &Checked) -> String {
    crate::words::quoted(checked.setup.figures.iter().map(|f| f.name.as_str()))
}

/// The entry's order as the engine's answer, checked as far as the file
/// alone can tell: the target an enemy, a shield to block with, a weapon
/// that parries.
fn scripted(checked: &Checked, f: usize, order: Order) -> Result<Scripted, Wrong> {
    let me = &checked.setup.figures[f];
    let target = |name: &str| -> Result<FigureId, Wrong> {
        let t = figure(checked, name).ok_or_else(|| {
            (
                "order",
                format!("no figure is named {}", crate::words::quoted([name])),
                format!("name one of {}", every_name(checked)),
            )
        })?;
        if checked.setup.figures[t].side == me.side {
            return Err((
                "order",
                format!(
                    "{} is on {}'s own side",
                    checked.setup.figures[t].name, me.name
                ),
                "name an enemy".into(),
            ));
        }
        Ok(FigureId(t))
    };
    Ok(match order {
        Order::Attack(t) => Scripted::Intent(Intent::Attack(target(&t)?)),
        Order::Close(t) => Scripted::Intent(Intent::Close(target(&t)?)),
        Order::Hold => Scripted::Intent(Intent::Hold),
        Order::Block if me.shield.is_none() => {
            return Err((
                "order",
                format!("{} has no shield to block with", me.name),
                "Parry, Dodge or NoDefence".into(),
            ));
        }
        Order::Parry if me.weapon.parry == 0 => {
            return Err((
                "order",
                format!("{} cannot parry with {}", me.name, me.weapon.name),
                "Block, Dodge or NoDefence".into(),
            ));
        }
        Order::Block => Scripted::Defence(Defence::Block),
        Order::Parry => Scripted::Defence(Defence::Parry),
        Order::Dodge => Scripted::Defence(Defence::Dodge),
        Order::NoDefence => Scripted::Defence(Defence::None),
    })
}

/// A script being played.
pub struct Playing<'a> {
    script: &'a RmScript,
    /// Defence entries of each (round, figure) played so far.
    used: BTreeMap<(u32, usize), usize>,
    /// The last scripted answer: its round, whose and where its entry opens.
    last: Option<(u32, String, Place)>,
}

impl Playing<'_> {
    /// The script's answer to `prompt`, else the AI's.
    pub fn answer(&mut self, battle: &Battle, prompt: &Prompt) -> Command {
        self.last = None;
        let round = battle.round();
        let scripted = match *prompt {
            Prompt::Intent { figure } => {
                (self.script.intents.get(&(round, figure.0))).map(|(intent, at)| {
                    (
                        Command::Intent {
                            figure,
                            intent: *intent,
                        },
                        *at,
                        figure,
                    )
                })
            }
            Prompt::Defence { figure, attacker } => {
                let next = self.used.entry((round, figure.0)).or_default();
                let entry =
                    (self.script.defences.get(&(round, figure.0))).and_then(|d| d.get(*next));
                entry.map(|(defence, at)| {
                    *next += 1;
                    let command = Command::Defend {
                        figure,
                        attacker,
                        defence: *defence,
                    };
                    (command, *at, figure)
                })
            }
            Prompt::Over => None,
        };
        match scripted {
            Some((command, at, figure)) => {
                self.last = Some((round, battle.sheet(figure.0).name.clone(), at));
                command
            }
            None => ai::answer(battle, prompt),
        }
    }

    /// A refusal in play, placed at the entry that was refused as the
    /// file's own refusals are: its round, whose order and the engine's
    /// reason.
    pub fn refused(&self, refused: &crate::sim::Refused) -> String {
        match &self.last {
            Some((round, who, at)) => crate::sim::orders::refused_in_play(
                &self.script.file,
                *at,
                &format!("round {round}"),
                &format!("{who}'s scripted order"),
                &refused.why,
            ),
            None => refused.to_string(),
        }
    }
}
