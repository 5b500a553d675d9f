//! HârnMaster's scripted orders (`sim --orders`, docs/ORDERS.md
//! "HârnMaster"): a list of entries, each one figure's action on its turn or
//! its defence against an attack, in a round; the AI answers the rest. A
//! figure's entries of one round are played in the file's order: its first
//! action entry on its turn, the next on a tactical advantage (l.88), its
//! first defence entry against the first attack on it, and so on. The
//! shell (errors, entries placed) is `crate::sim::orders`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Deserialize;

use super::ai;
use super::engine::{Action, Battle, Command, Defend, Prompt};
use super::rules::terms::{Aim, Aspect};
use super::scenario::{Checked, PAGE};
use crate::hex::Hex;
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

fn any() -> Aim {
    Aim::Any
}

/// What the figure does: an action on its turn (l.171–237) or a defence
/// declared against an attack (l.16). Weapons and targets by name.
#[derive(Debug, Clone, PartialEq, Deserialize)]
enum Order {
    Attack {
        target: String,
        weapon: String,
        aspect: Aspect,
        #[serde(default = "any")]
        aim: Aim,
    },
    Shoot {
        target: String,
        weapon: String,
        #[serde(default = "any")]
        aim: Aim,
    },
    Move {
        path: Vec<Hex>,
    },
    Rise,
    Rest,
    Block {
        weapon: String,
    },
    Counterstrike {
        weapon: String,
        aspect: Aspect,
        #[serde(default = "any")]
        aim: Aim,
    },
    Dodge,
    Ignore,
}

/// An entry as the battle takes it: the engine's own answer.
#[derive(Debug, Clone, PartialEq)]
enum Scripted {
    Act(Action),
    Defend(Defend),
}

/// Which prompt an entry answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    Act,
    Defend,
}

/// A checked orders file: by (round, figure, kind), the answers in the
/// file's order with where each entry opens.
#[derive(Debug, Clone)]
pub struct HmScript {
    file: PathBuf,
    entries: BTreeMap<(u32, FigureId, Kind), Vec<(Scripted, Place)>>,
}

impl HmScript {
    /// Read and check an orders file for `checked`'s figures.
    pub fn load(path: &Path, checked: &Checked) -> Result<HmScript, ScriptError> {
        let text = crate::scenario::read_text(path, "an orders file", PAGE)?;
        Self::parse(path, &text, checked)
    }

    /// Parse and check orders text; `file` only names it.
    pub fn parse(file: &Path, text: &str, checked: &Checked) -> Result<HmScript, ScriptError> {
        let fail = |problems| ScriptError {
            file: file.to_path_buf(),
            problems,
        };
        let list: Vec<(Entry, usize)> = entries(file, text, PAGE)?;
        let mut problems = Vec::new();
        let mut entries: BTreeMap<_, Vec<_>> = BTreeMap::new();
        let mut rounds = Rounds::new(checked.spec.figures.iter().map(|f| f.name.as_str()));
        for (e, at) in list {
            let mut problem = |field: &str, message: String, hint: String| {
                problems.push(Problem {
                    at: Some(Place::of(text, find_after(text, field, at))),
                    message,
                    hint: Some(hint),
                })
            };
            let f = match rounds.entry(&e.figure, e.round) {
                Ok(f) => FigureId(f),
                Err((field, message, hint)) => {
                    problem(field, message, hint);
                    continue;
                }
            };
            match scripted(checked, f, e.order) {
                Ok(answer) => {
                    let kind = match answer {
                        Scripted::Act(_) => Kind::Act,
                        Scripted::Defend(_) => Kind::Defend,
                    };
                    let place = Place::of(text, at);
                    (entries.entry((e.round, f, kind)).or_default()).push((answer, place));
                }
                Err((field, message, hint)) => problem(field, message, hint),
            }
        }
        if problems.is_empty() {
            Ok(HmScript {
                file: file.to_path_buf(),
                entries,
            })
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

fn figure(checked: &Checked, name: &str) -> Option<FigureId> {
    (checked.spec.figures.iter())
        .position(|f| name_key(&f.name) == name_key(name))
        .map(FigureId)
}

fn every_name(checked: &Checked) -> String {
    crate::words::quoted(checked.spec.figures.iter().map(|f| f.name.as_str()))
}

/// The entry's order as the engine's answer, its names resolved and what
/// the file alone can tell checked: the target an enemy, the weapon the
/// figure's and fit for the order, the aspect one the weapon has.
fn scripted(checked: &Checked, f: FigureId, order: Order) -> Result<Scripted, Wrong> {
    let me = &checked.spec.figures[f.0];
    let pack = &checked.spec.pack;
    let target = |name: &str| -> Result<FigureId, Wrong> {
        let t = figure(checked, name).ok_or_else(|| {
            (
                "target",
                format!("no figure is named {}", crate::words::quoted([name])),
                format!("name one of {}", every_name(checked)),
            )
        })?;
        if checked.spec.figures[t.0].side == me.side {
            return Err((
                "target",
                format!(
                    "{} is on {}'s own side",
                    checked.spec.figures[t.0].name, me.name
                ),
                "name an enemy".into(),
            ));
        }
        Ok(t)
    };
    let names = || {
        crate::words::quoted(
            me.weapons
                .iter()
                .map(|h| pack.weapons[h.weapon].name.as_str()),
        )
    };
    // The weapon named, and whether it is a missile weapon.
    let weapon = |name: &str, missile: bool| -> Result<usize, Wrong> {
        let w = (me.weapons.iter())
            .position(|h| {
                name_key(&pack.weapons[h.weapon].name).eq_ignore_ascii_case(&name_key(name))
            })
            .ok_or_else(|| {
                (
                    "weapon",
                    format!("{} carries no {}", me.name, crate::words::quoted([name])),
                    format!("give one of {}", names()),
                )
            })?;
        let row = &pack.weapons[me.weapons[w].weapon];
        match (missile, row.missile.is_some()) {
            (true, false) => Err((
                "weapon",
                format!("the {} is no missile weapon", row.name),
                "shoot with a bow or a sling, or Attack with this one".into(),
            )),
            (false, true) => Err((
                "weapon",
                format!(
                    "the {} is a missile weapon: it shoots, and does not strike or meet a blow in the melee",
                    row.name
                ),
                "use Shoot, or name a melee weapon".into(),
            )),
            _ => Ok(w),
        }
    };
    let aspect_of = |w: usize, aspect: Aspect| -> Result<Aspect, Wrong> {
        let row = &pack.weapons[me.weapons[w].weapon];
        match row.impact.of(aspect) {
            Some(_) => Ok(aspect),
            None => Err((
                "aspect",
                format!("the {} has no {} aspect", row.name, aspect.word()),
                format!(
                    "give one of {}",
                    (Aspect::ALL.iter())
                        .filter(|a| row.impact.of(**a).is_some())
                        .map(|a| format!("{a:?}"))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            )),
        }
    };
    Ok(match order {
        Order::Attack {
            target: t,
            weapon: w,
            aspect,
            aim,
        } => {
            let (target, weapon) = (target(&t)?, weapon(&w, false)?);
            Scripted::Act(Action::Attack {
                target,
                weapon,
                aspect: aspect_of(weapon, aspect)?,
                aim,
            })
        }
        Order::Shoot {
            target: t,
            weapon: w,
            aim,
        } => Scripted::Act(Action::Shoot {
            target: target(&t)?,
            weapon: weapon(&w, true)?,
            aim,
        }),
        Order::Move { path } => {
            if path.is_empty() {
                return Err((
                    "path",
                    "a move needs at least one hex".into(),
                    "list the hexes of the way, each next to the one before".into(),
                ));
            }
            Scripted::Act(Action::Move { path })
        }
        Order::Rise => Scripted::Act(Action::Rise),
        Order::Rest => Scripted::Act(Action::Rest),
        Order::Block { weapon: w } => Scripted::Defend(Defend::Block {
            weapon: weapon(&w, false)?,
        }),
        Order::Counterstrike {
            weapon: w,
            aspect,
            aim,
        } => {
            let weapon = weapon(&w, false)?;
            Scripted::Defend(Defend::Counterstrike {
                weapon,
                aspect: aspect_of(weapon, aspect)?,
                aim,
            })
        }
        Order::Dodge => Scripted::Defend(Defend::Dodge),
        Order::Ignore => Scripted::Defend(Defend::Ignore),
    })
}

/// A script being played.
pub struct Playing<'a> {
    script: &'a HmScript,
    /// Entries of each (round, figure, kind) played so far.
    used: BTreeMap<(u32, FigureId, Kind), usize>,
    /// The last scripted answer: its round, whose and where its entry opens.
    last: Option<(u32, String, Place)>,
}

impl Playing<'_> {
    /// The script's next answer to `prompt`, else the AI's.
    pub fn answer(&mut self, battle: &Battle, prompt: &Prompt) -> Command {
        self.last = None;
        let (figure, kind) = match *prompt {
            Prompt::Act { figure, .. } => (figure, Kind::Act),
            Prompt::Defend { defender, .. } => (defender, Kind::Defend),
            Prompt::Over => return ai::answer(battle, prompt),
        };
        let key = (battle.round(), figure, kind);
        let next = self.used.entry(key).or_default();
        let Some((scripted, at)) = (self.script.entries.get(&key)).and_then(|e| e.get(*next))
        else {
            return ai::answer(battle, prompt);
        };
        *next += 1;
        self.last = Some((key.0, battle.name(figure).to_string(), *at));
        match scripted.clone() {
            Scripted::Act(action) => Command::Act { figure, action },
            Scripted::Defend(defence) => Command::Defend { figure, defence },
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
