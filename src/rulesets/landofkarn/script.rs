//! Land of Karn's scripted orders (`sim --orders`, docs/LANDOFKARN-SCENARIOS.md
//! "Scripted orders"): a list of entries, each one figure's answer at one
//! step of one melee; the AI answers the rest. The shell (errors, entries
//! placed) is `crate::sim::orders`.

use std::collections::BTreeMap;
use std::path::Path;

use serde::Deserialize;

use super::ai;
use super::engine::{Battle, Command, Cover, Plan, Prompt};
use super::scenario::Checked;
use crate::limits;
use crate::scenario::Problem;
use crate::seam::FigureId;
use crate::sim::orders::{ScriptError, entries, too_many_orders};
use crate::text::Place;

/// One entry of an orders file.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
struct Entry {
    melee: u32,
    figure: String,
    answer: Scripted,
}

/// What the figure answers at one step of the quick chart.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub enum Scripted {
    /// Step 1: `true` forfeits.
    Forfeit(bool),
    /// Step 2.
    Attack(Plan),
    /// Step 3.
    Defend(Plan),
    /// Step 4.
    Answer(Vec<Cover>),
}

impl Scripted {
    fn step(&self) -> u8 {
        match self {
            Scripted::Forfeit(_) => 1,
            Scripted::Attack(_) => 2,
            Scripted::Defend(_) => 3,
            Scripted::Answer(_) => 4,
        }
    }
}

/// A checked orders file: by (melee, figure, step), the answer and where
/// its entry opens.
#[derive(Debug, Clone)]
pub struct LokScript {
    file: std::path::PathBuf,
    entries: BTreeMap<(u32, FigureId, u8), (Scripted, Place)>,
}

impl LokScript {
    /// Read and check an orders file for `checked`'s figures.
    pub fn load(path: &Path, checked: &Checked) -> Result<LokScript, ScriptError> {
        let text = crate::scenario::read_text(path, "an orders file", super::scenario::PAGE)?;
        Self::parse(path, &text, checked)
    }

    /// Parse and check orders text; `file` only names it.
    pub fn parse(file: &Path, text: &str, checked: &Checked) -> Result<LokScript, ScriptError> {
        let fail = |problems| ScriptError {
            file: file.to_path_buf(),
            problems,
        };
        let list: Vec<(Entry, usize)> = entries(file, text, super::scenario::PAGE)?;
        let mut problems = Vec::new();
        let mut entries = BTreeMap::new();
        let mut per_figure: BTreeMap<FigureId, u32> = BTreeMap::new();
        for (e, at) in list {
            let place = Place::of(text, at);
            let mut problem = |message: String, hint: &str| {
                problems.push(Problem {
                    at: Some(place),
                    message,
                    hint: Some(hint.to_string()),
                })
            };
            let Some(f) = checked.spec.figures.iter().position(|f| f.name == e.figure) else {
                let all: Vec<&str> = checked
                    .spec
                    .figures
                    .iter()
                    .map(|f| f.name.as_str())
                    .collect();
                problem(
                    format!("no figure is named \"{}\"", e.figure),
                    &format!("name one of {}", all.join(", ")),
                );
                continue;
            };
            if e.melee == 0 {
                problem(
                    "melees count from 1".into(),
                    "give the melee the answer is for",
                );
                continue;
            }
            let count = per_figure.entry(FigureId(f)).or_default();
            *count += 1;
            if *count > limits::ORDERS_PER_FIGURE as u32 {
                let (message, hint) = too_many_orders(&e.figure, "answers");
                problem(message, hint.as_deref().unwrap_or(""));
                continue;
            }
            let key = (e.melee, FigureId(f), e.answer.step());
            if entries.insert(key, (e.answer, place)).is_some() {
                problem(
                    format!(
                        "{} is given two answers for the same step of melee {}",
                        e.figure, e.melee
                    ),
                    "one answer per figure, step and melee",
                );
            }
        }
        if problems.is_empty() {
            Ok(LokScript {
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
            last: None,
        }
    }
}

/// A script being played.
pub struct Playing<'a> {
    script: &'a LokScript,
    /// The last scripted answer: its melee, whose and where its entry opens.
    last: Option<(u32, String, Place)>,
}

impl Playing<'_> {
    /// The script's answer to `prompt`, else the AI's.
    pub fn answer(&mut self, battle: &Battle, prompt: &Prompt) -> Command {
        self.last = None;
        let melee = battle.melee();
        let (figure, step) = match *prompt {
            Prompt::Initiative { figure } => (figure, 1),
            Prompt::Attack { figure, .. } => (figure, 2),
            Prompt::Defend { figure, .. } => (figure, 3),
            Prompt::Answer { figure, .. } => (figure, 4),
            Prompt::Over => return ai::answer(battle, prompt),
        };
        let Some((scripted, at)) = self.script.entries.get(&(melee, figure, step)) else {
            return ai::answer(battle, prompt);
        };
        self.last = Some((melee, battle.figure(figure).name().to_string(), *at));
        match scripted.clone() {
            Scripted::Forfeit(forfeit) => Command::Initiative { figure, forfeit },
            Scripted::Attack(plan) => Command::Attack { figure, plan },
            Scripted::Defend(plan) => Command::Defend { figure, plan },
            Scripted::Answer(covers) => Command::Answer { figure, covers },
        }
    }

    /// A refusal in play, placed at the entry that was refused as the
    /// file's own refusals are: its melee, whose answer and the engine's
    /// reason.
    pub fn refused(&self, refused: &crate::sim::Refused) -> String {
        match &self.last {
            Some((melee, who, at)) => crate::sim::orders::refused_in_play(
                &self.script.file,
                *at,
                &format!("melee {melee}"),
                &format!("{who}'s scripted answer"),
                &refused.why,
            ),
            None => refused.to_string(),
        }
    }
}
