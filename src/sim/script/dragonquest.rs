//! Scripted orders for DragonQuest (`hexmelee sim --orders FILE`,
//! docs/ORDERS.md, "DragonQuest"): the figures a script names take its
//! actions in the Pulses it gives; the AI plays everything else.

use std::collections::BTreeMap;
use std::path::Path;

use serde::Deserialize;

use super::{ScriptError, entry_starts, find_after};
use crate::engine::FigureId;
use crate::engine::dragonquest::{
    Action, Battle, Command, Figure, Multiple, Posture, Prompt, Task,
};
use crate::hex::Step;
use crate::limits;
use crate::scenario::dragonquest::Checked;
use crate::scenario::{Problem, plain};
use crate::sim::ai;
use crate::text::Place;

/// One entry of an orders file: a figure's action in one Pulse.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Entry {
    pulse: u32,
    figure: String,
    action: EntryAction,
}

/// DragonQuest 20–21: the actions, with figures and weapons by name.
#[derive(Debug, Deserialize)]
enum EntryAction {
    Move {
        path: Vec<Step>,
    },
    Melee {
        target: String,
        #[serde(default)]
        path: Vec<Step>,
    },
    Evade {
        #[serde(default)]
        path: Vec<Step>,
    },
    Withdraw {
        #[serde(default)]
        path: Vec<Step>,
        #[serde(default)]
        posture: EntryPosture,
    },
    Retreat {
        path: Vec<Step>,
    },
    Pass {
        #[serde(default)]
        path: Vec<Step>,
        #[serde(default)]
        task: EntryTask,
    },
    Fire {
        target: String,
        #[serde(default)]
        path: Vec<Step>,
    },
    Close {
        target: String,
        #[serde(default)]
        path: Vec<Step>,
    },
    Grapple {
        target: String,
    },
}

/// 20.3.
#[derive(Debug, Default, Deserialize)]
enum EntryPosture {
    #[default]
    Plain,
    Defensive,
    /// Strike this figure first.
    Offensive(String),
}

/// 20.4: a Pass's task, weapons by name.
#[derive(Debug, Default, Deserialize)]
enum EntryTask {
    #[default]
    Nothing,
    Prepare(String),
    PrepareShield,
    /// Put this weapon away (`None`: sling the shield).
    PutAway(Option<String>),
    PickUp(String),
    Load,
    Down,
    Rise,
    DrawOut,
}

/// One scripted action, and the line of the file it came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scripted {
    pub action: Action,
    pub line: usize,
}

/// Checked DragonQuest orders, by Pulse and figure.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct DqScript {
    orders: BTreeMap<(u32, FigureId), Scripted>,
}

impl DqScript {
    /// Read and check an orders file against the scenario it is for.
    pub fn load(path: &Path, checked: &Checked) -> Result<DqScript, ScriptError> {
        let text = crate::scenario::read_text(path, "an orders file", "docs/ORDERS.md")?;
        DqScript::parse(path, &text, checked)
    }

    /// Parse and check orders text; `file` only names it in messages. Every
    /// figure, target and weapon must be named as in the scenario, targets
    /// must be enemies, and a figure acts once a Pulse.
    pub fn parse(file: &Path, text: &str, checked: &Checked) -> Result<DqScript, ScriptError> {
        let fail = |problems| ScriptError {
            file: file.to_path_buf(),
            problems,
        };
        if let Some(problem) = crate::scenario::nesting(text) {
            return Err(fail(vec![problem]));
        }
        let entries: Vec<Entry> = plain::from_str(text)
            .map_err(|e| fail(vec![plain::problem(text, &e, "docs/ORDERS.md")]))?;
        let starts = entry_starts(text);
        let figures = &checked.figures;
        let mut problems = crate::scenario::text_problems(text, &["figure", "target"]);
        let mut script = DqScript::default();
        let mut entries_of = BTreeMap::new();
        for (i, entry) in entries.iter().enumerate() {
            let from = starts.get(i).copied().unwrap_or(0);
            let mut check = Check {
                text,
                from,
                figures,
                problems: &mut problems,
            };
            let Some(me) = check.figure(&entry.figure) else {
                continue;
            };
            let given = entries_of.entry(me.id).or_insert(0usize);
            *given += 1;
            if *given == limits::ORDERS_PER_FIGURE + 1 {
                check.problem(
                    "figure",
                    format!(
                        "{} is given orders for more than {} Pulses",
                        me.name,
                        limits::ORDERS_PER_FIGURE
                    ),
                    Some(format!(
                        "an orders file scripts at most {} Pulses for one figure; \
                         leave the rest to the AI",
                        limits::ORDERS_PER_FIGURE
                    )),
                );
            }
            if entry.pulse == 0 {
                check.problem(
                    "pulse",
                    "Pulses are numbered from 1, as the log numbers them".into(),
                    None,
                );
            }
            let Some(action) = check.action(me, &entry.action) else {
                continue;
            };
            let line = Place::of(text, from).line;
            if script
                .orders
                .insert((entry.pulse, me.id), Scripted { action, line })
                .is_some()
            {
                check.problem(
                    "figure",
                    format!("{} is given two actions for Pulse {}", me.name, entry.pulse),
                    Some("a figure takes one action a Pulse (19.5); keep one".into()),
                );
            }
        }
        if problems.is_empty() {
            Ok(script)
        } else {
            Err(fail(problems))
        }
    }

    /// The scripted action of `figure` in `pulse`, if any.
    pub fn get(&self, pulse: u32, figure: FigureId) -> Option<&Scripted> {
        self.orders.get(&(pulse, figure))
    }

    /// The AI's answer, with the scripted action in place of the AI's for a
    /// figure the script names in this Pulse (as the log numbers Pulses, a
    /// free Pulse of surprise included). Which of a side's ready figures acts
    /// next stays the AI's choice (21).
    pub fn answer(&self, battle: &Battle, prompt: &Prompt) -> Command {
        let command = ai::dragonquest::answer(battle, prompt);
        match command {
            Command::Act { figure, .. } => match self.get(battle.pulse(), figure) {
                Some(s) => Command::Act {
                    figure,
                    action: s.action.clone(),
                },
                None => command,
            },
            other => other,
        }
    }
}

/// Checks of one entry, each problem placed at the text it is about.
struct Check<'a> {
    text: &'a str,
    from: usize,
    figures: &'a [Figure],
    problems: &'a mut Vec<Problem>,
}

impl<'a> Check<'a> {
    fn problem(&mut self, what: &str, message: String, hint: Option<String>) {
        let at = Some(Place::of(self.text, find_after(self.text, what, self.from)));
        self.problems.push(Problem { at, message, hint });
    }

    fn known(&self) -> String {
        let names: Vec<&str> = self.figures.iter().map(|f| f.name.as_str()).collect();
        format!("the figures are {}", names.join(", "))
    }

    fn figure(&mut self, name: &str) -> Option<&'a Figure> {
        let found = self.figures.iter().find(|f| f.name == name);
        // A name `text_problems` refused is not looked for again.
        if found.is_none() && crate::text::name_fault(name).is_none() {
            let hint = self.known();
            self.problem(
                &format!("\"{name}\""),
                format!("there is no figure named \"{name}\""),
                Some(hint),
            );
        }
        found
    }

    fn enemy(&mut self, me: &Figure, name: &str) -> Option<FigureId> {
        let t = self.figure(name)?;
        if t.side == me.side {
            self.problem(
                &format!("\"{name}\""),
                format!("{name} is on {}'s own side", me.name),
                Some("an attack's target is an enemy".into()),
            );
            return None;
        }
        Some(t.id)
    }

    fn weapon(&mut self, me: &Figure, name: &str) -> Option<usize> {
        let found = (0..me.weapons.len()).find(|&i| me.weapon(i).name == name);
        if found.is_none() {
            let names: Vec<String> = (0..me.weapons.len())
                .map(|i| me.weapon(i).name.clone())
                .collect();
            self.problem(
                &format!("\"{name}\""),
                format!("{} has no weapon named \"{name}\"", me.name),
                Some(if names.is_empty() {
                    format!("{} carries no weapons", me.name)
                } else {
                    format!("{}'s weapons are {}", me.name, names.join(", "))
                }),
            );
        }
        found
    }

    fn action(&mut self, me: &Figure, a: &EntryAction) -> Option<Action> {
        Some(match a {
            EntryAction::Move { path } => Action::Move { path: path.clone() },
            EntryAction::Melee { target, path } => Action::Melee {
                path: path.clone(),
                target: self.enemy(me, target)?,
                multiple: Multiple::Single,
            },
            EntryAction::Evade { path } => Action::Evade { path: path.clone() },
            EntryAction::Withdraw { path, posture } => Action::Withdraw {
                path: path.clone(),
                posture: match posture {
                    EntryPosture::Plain => Posture::Plain,
                    EntryPosture::Defensive => Posture::Defensive,
                    EntryPosture::Offensive(t) => Posture::Offensive {
                        target: self.enemy(me, t)?,
                    },
                },
            },
            EntryAction::Retreat { path } => Action::Retreat { path: path.clone() },
            EntryAction::Pass { path, task } => Action::Pass {
                path: path.clone(),
                task: match task {
                    EntryTask::Nothing => Task::Nothing,
                    EntryTask::Prepare(w) => Task::Prepare {
                        item: self.weapon(me, w)?,
                    },
                    EntryTask::PrepareShield => Task::PrepareShield,
                    EntryTask::PutAway(None) => Task::PutAway { item: None },
                    EntryTask::PutAway(Some(w)) => Task::PutAway {
                        item: Some(self.weapon(me, w)?),
                    },
                    EntryTask::PickUp(w) => Task::PickUp {
                        item: self.weapon(me, w)?,
                    },
                    EntryTask::Load => Task::Load,
                    EntryTask::Down => Task::Prone { down: true },
                    EntryTask::Rise => Task::Prone { down: false },
                    EntryTask::DrawOut => Task::DrawOut,
                },
            },
            EntryAction::Fire { target, path } => Action::Fire {
                path: path.clone(),
                target: self.enemy(me, target)?,
            },
            EntryAction::Close { target, path } => Action::Close {
                path: path.clone(),
                target: self.enemy(me, target)?,
            },
            EntryAction::Grapple { target } => Action::Grapple {
                target: self.enemy(me, target)?,
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::{Loaded, load_any};

    fn duel() -> Checked {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/dq-duel.ron");
        match load_any(&path).unwrap() {
            Loaded::DragonQuest(c) => c,
            Loaded::Shakhan(_) => unreachable!("dq-duel is DragonQuest"),
        }
    }

    #[test]
    fn a_script_names_figures_enemies_and_weapons() {
        let text = r#"[
            (pulse: 1, figure: "Brenna", action: Evade()),
            (pulse: 2, figure: "Aldric", action: Melee(target: "Brenna", path: [Forward])),
            (pulse: 3, figure: "Aldric", action: Pass(task: Prepare("Dagger"))),
            (pulse: 4, figure: "Brenna", action: Withdraw(posture: Offensive("Aldric"))),
        ]"#;
        let s = DqScript::parse(Path::new("o.ron"), text, &duel()).unwrap();
        assert_eq!(s.orders.len(), 4);
        assert_eq!(
            s.get(2, FigureId(0)).unwrap().action,
            Action::Melee {
                path: vec![Step::Forward],
                target: FigureId(1),
                multiple: Multiple::Single
            }
        );
        assert_eq!(s.get(3, FigureId(0)).unwrap().line, 4);
        assert_eq!(
            s.get(3, FigureId(0)).unwrap().action,
            Action::Pass {
                path: vec![],
                task: Task::Prepare { item: 1 }
            }
        );
    }

    #[test]
    fn unknown_names_friends_and_doubles_are_located() {
        let text = "[\n  (pulse: 1, figure: \"Aldric\", action: Melee(target: \"Nobody\")),\n  (pulse: 1, figure: \"Zed\", action: Evade()),\n  (pulse: 2, figure: \"Aldric\", action: Pass(task: Prepare(\"Halberd\"))),\n  (pulse: 0, figure: \"Brenna\", action: Evade()),\n  (pulse: 0, figure: \"Brenna\", action: Evade()),\n]";
        let e = DqScript::parse(Path::new("o.ron"), text, &duel()).unwrap_err();
        let shown = e.to_string();
        for want in [
            "o.ron:2:54: there is no figure named \"Nobody\"",
            "o.ron:3:22: there is no figure named \"Zed\"",
            "Aldric has no weapon named \"Halberd\"",
            "Aldric's weapons are Broadsword, Dagger",
            "o.ron:5:4: Pulses are numbered from 1",
            "Brenna is given two actions for Pulse 0",
        ] {
            assert!(shown.contains(want), "{want:?} in {shown}");
        }
    }

    #[test]
    fn a_syntax_error_has_its_line_and_column() {
        let text = "[\n  (pulse: 1, figure: \"Aldric\", action: Dance()),\n]";
        let e = DqScript::parse(Path::new("o.ron"), text, &duel()).unwrap_err();
        assert!(e.to_string().starts_with("o.ron:2:"), "{e}");
    }
}
