//! Scripted orders for DragonQuest (`hexmelee sim --orders FILE`,
//! docs/ORDERS.md, "DragonQuest"): the figures a script names take its
//! actions in the Pulses it gives, a side or figure with the choice acts
//! first or last as it says, and the Referee's word comes where it is
//! placed; the AI plays everything else.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use serde::{Deserialize, Deserializer};

use super::ai;
use crate::hex::Step;
use crate::limits;
use crate::rulesets::dragonquest::engine::{
    Action, Battle, Command, Fiat, Figure, Item, Multiple, Posture, Prompt, SpecialAttack, Task,
};
use crate::rulesets::dragonquest::scenario::Checked;
use crate::scenario::{Problem, plain};
use crate::seam::{FigureId, SideId};
use crate::sim::orders::{ScriptError, entry_starts, find_after, too_many_orders};
use crate::text::Place;

/// One entry of an orders file: a figure's action in one Pulse (`figure`,
/// `action`), who acts first when a side or figure has the choice (`side`
/// or `figure`, `acts`), or the Referee's word (`referee`, given at the
/// Pulse's first question, or `before` / `after` a figure acts).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Entry {
    pulse: u32,
    #[serde(default, deserialize_with = "given")]
    figure: Option<String>,
    #[serde(default, deserialize_with = "given")]
    side: Option<String>,
    #[serde(default, deserialize_with = "given")]
    action: Option<EntryAction>,
    #[serde(default, deserialize_with = "given")]
    acts: Option<Acts>,
    #[serde(default, deserialize_with = "given")]
    referee: Option<EntryFiat>,
    #[serde(default, deserialize_with = "given")]
    before: Option<String>,
    #[serde(default, deserialize_with = "given")]
    after: Option<String>,
}

/// An optional field written plainly (`figure: "Aldric"`, not `Some(...)`).
fn given<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Option<T>, D::Error> {
    T::deserialize(d).map(Some)
}

/// DragonQuest 20–23: the actions, with figures and weapons by name.
#[derive(Debug, Deserialize)]
enum EntryAction {
    Move {
        path: Vec<Step>,
    },
    Melee {
        target: String,
        #[serde(default)]
        path: Vec<Step>,
        #[serde(default)]
        multiple: EntryMultiple,
        /// 20.1: the steps after the strike (outside the defender's Melee Zone).
        #[serde(default)]
        after_strike: Vec<Step>,
    },
    ChargeWithoutStrike {
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
    Special {
        target: String,
        attack: EntryAttack,
        #[serde(default)]
        path: Vec<Step>,
    },
    Combine {
        first: Box<EntryAction>,
        then: Box<EntryAction>,
    },
    Spell {
        #[serde(default)]
        effects: Vec<EntryFiat>,
    },
}

/// 23.4, targets by name.
#[derive(Debug, Default, Deserialize)]
enum EntryMultiple {
    #[default]
    Single,
    SecondWeapon(String),
    Sweep(Vec<String>),
}

/// 23.5, the item to Disarm by the target's name for it.
#[derive(Debug, Deserialize)]
enum EntryAttack {
    Trip,
    Entangle,
    Restrain,
    Knockout,
    ShieldRush,
    /// Make the target drop this weapon of his.
    Disarm(String),
    /// Make the target drop his shield.
    DisarmShield,
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

/// 19.2–19.3: the choice of acting now or after the others.
#[derive(Debug, Clone, Copy, Deserialize)]
enum Acts {
    First,
    Last,
}

/// The Referee's word (a [`Fiat`]), figures and sides by name.
#[derive(Debug, Deserialize)]
enum EntryFiat {
    Damage {
        figure: String,
        points: u32,
        #[serde(default)]
        endurance: bool,
        #[serde(default)]
        armour: bool,
    },
    Down {
        figure: String,
    },
    Rise {
        figure: String,
    },
    Stun {
        figure: String,
    },
    Rout {
        side: String,
    },
    RunsOn {
        figure: String,
    },
}

/// One scripted action (`then`: 22.3's second, when the first combines),
/// and the line of the file it came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scripted {
    pub action: Action,
    pub then: Option<Action>,
    pub at: Place,
}

/// Who has the choice of acting first (19.2–19.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Chooser {
    Figure(FigureId),
    Side(SideId),
}

/// When in its Pulse the Referee's word is given.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum When {
    /// At the Pulse's first question.
    Start,
    /// At the question whose answer would be this figure's action.
    Before(FigureId),
    /// At the first question after this figure's action.
    After(FigureId),
}

/// The Referee's word, placed in a Pulse.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Word {
    pulse: u32,
    when: When,
    fiat: Fiat,
    at: Place,
}

/// Checked DragonQuest orders, by Pulse.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct DqScript {
    orders: BTreeMap<(u32, FigureId), Scripted>,
    choices: BTreeMap<(u32, Chooser), (bool, Place)>,
    words: Vec<Word>,
    /// The file, for a refusal in play placed like its own refusals.
    file: std::path::PathBuf,
}

impl DqScript {
    /// Read and check an orders file against the scenario it is for.
    pub fn load(path: &Path, checked: &Checked) -> Result<DqScript, ScriptError> {
        let text = crate::scenario::read_text(path, "an orders file", "docs/ORDERS.md")?;
        DqScript::parse(path, &text, checked)
    }

    /// Parse and check orders text; `file` only names it in messages. Every
    /// figure, side, target and weapon must be named as in the scenario,
    /// targets must be enemies, and a figure acts once a Pulse.
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
        let mut problems =
            crate::scenario::text_problems(text, &["figure", "target", "side", "before", "after"]);
        let mut script = DqScript {
            file: file.to_path_buf(),
            ..DqScript::default()
        };
        let mut entries_of = BTreeMap::new();
        for (i, entry) in entries.iter().enumerate() {
            let from = starts.get(i).copied().unwrap_or(0);
            let mut check = Check {
                text,
                from,
                checked,
                problems: &mut problems,
            };
            let at = Place::of(text, from);
            if entry.pulse == 0 {
                check.problem(
                    "pulse",
                    "Pulses are numbered from 1, as the log numbers them".into(),
                    None,
                );
            }
            match (&entry.action, entry.acts, &entry.referee) {
                (Some(action), None, None) => {
                    check.only(entry, &["side", "before", "after"], "a figure's action");
                    let Some(me) = check.named_figure(entry) else {
                        continue;
                    };
                    let given = entries_of.entry(me.id).or_insert(0usize);
                    *given += 1;
                    if *given == limits::ORDERS_PER_FIGURE + 1 {
                        let (what, hint) = too_many_orders(&me.name, "Pulses");
                        check.problem("figure", what, hint);
                    }
                    // Names in the action are looked for from its start.
                    check.from = own_field(text, from, "action");
                    let Some(scripted) = check.scripted(me, action, at) else {
                        continue;
                    };
                    if script
                        .orders
                        .insert((entry.pulse, me.id), scripted)
                        .is_some()
                    {
                        check.problem(
                            "figure",
                            format!("{} is given two actions for Pulse {}", me.name, entry.pulse),
                            Some("a figure takes one action a Pulse (19.5); keep one".into()),
                        );
                    }
                }
                (None, Some(acts), None) => {
                    check.only(entry, &["before", "after"], "a choice of acting first");
                    let chooser = match (&entry.figure, &entry.side) {
                        (Some(name), None) => check.figure(name).map(|f| Chooser::Figure(f.id)),
                        (None, Some(name)) => check.side(name).map(Chooser::Side),
                        _ => {
                            check.field_problem(
                                "acts",
                                "a choice of acting first or last is a side's or a figure's".into(),
                                Some(
                                    "give `side: \"Name\"` (19.2, the side that won the \
                                     Initiative) or `figure: \"Name\"` (19.3, an engaged \
                                     figure leading its engagement), not both"
                                        .into(),
                                ),
                            );
                            None
                        }
                    };
                    let Some(chooser) = chooser else { continue };
                    let now = matches!(acts, Acts::First);
                    if script
                        .choices
                        .insert((entry.pulse, chooser), (now, at))
                        .is_some()
                    {
                        check.field_problem(
                            "acts",
                            format!("two choices of acting first for Pulse {}", entry.pulse),
                            Some("a side or figure chooses once a Pulse; keep one".into()),
                        );
                    }
                }
                (None, None, Some(word)) => {
                    check.only(entry, &["figure", "side"], "the Referee's word");
                    let when = match (&entry.before, &entry.after) {
                        (None, None) => Some(When::Start),
                        (Some(name), None) => check.figure(name).map(|f| When::Before(f.id)),
                        (None, Some(name)) => check.figure(name).map(|f| When::After(f.id)),
                        (Some(_), Some(_)) => {
                            check.field_problem(
                                "before",
                                "the Referee's word is given before one figure acts or after \
                                 one, not both"
                                    .into(),
                                Some("keep `before` or `after`".into()),
                            );
                            None
                        }
                    };
                    check.from = own_field(text, from, "referee");
                    let fiat = check.fiat(word);
                    if let (Some(when), Some(fiat)) = (when, fiat) {
                        script.words.push(Word {
                            pulse: entry.pulse,
                            when,
                            fiat,
                            at,
                        });
                    }
                }
                _ => check.problem(
                    "pulse",
                    "an entry gives one of `action`, `acts` or `referee`".into(),
                    Some(
                        "`figure: \"Name\", action: ...` for a figure's action, \
                         `side: \"Name\", acts: First` for a choice of acting first or last, \
                         `referee: ...` for the Referee's word (docs/ORDERS.md)"
                            .into(),
                    ),
                ),
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

    /// Answers to a battle's questions from this script, the AI's where it
    /// says nothing.
    pub fn playing(&self) -> Playing<'_> {
        Playing {
            script: self,
            given: vec![false; self.words.len()],
            acting: None,
            acted: BTreeSet::new(),
            last: None,
        }
    }
}

/// A script answering one battle, question by question. It remembers which
/// of the Referee's words it has given and which figures have acted, so it
/// answers one battle from its start.
#[derive(Debug)]
pub struct Playing<'a> {
    script: &'a DqScript,
    given: Vec<bool>,
    /// The figure whose action was the last answer, and its Pulse: it has
    /// acted once a next question comes (a refusal ends the play).
    acting: Option<(u32, FigureId)>,
    acted: BTreeSet<(u32, FigureId)>,
    /// The last answer's entry, for a refusal: the Pulse, what it was and
    /// where the entry is.
    last: Option<(u32, String, Place)>,
}

impl Playing<'_> {
    /// The answer to `prompt`: the Referee's word due now, else the
    /// script's action or choice, else the AI's. At a side's turn the
    /// figures the script names for this Pulse act first, in the file's
    /// order; which of the others acts next is the AI's choice (21).
    pub fn answer(&mut self, battle: &Battle, prompt: &Prompt) -> Command {
        let pulse = battle.pulse();
        if let Some(done) = self.acting.take() {
            self.acted.insert(done);
        }
        let command = self.action_or_choice(battle, prompt);
        let next = match &command {
            Command::Act { figure, .. } => Some(*figure),
            _ => None,
        };
        let script = self.script;
        let due = script.words.iter().enumerate().find(|(i, w)| {
            !self.given[*i]
                && match w.when {
                    When::Start => pulse >= w.pulse,
                    When::Before(f) => pulse == w.pulse && next == Some(f),
                    When::After(f) => {
                        self.acted.contains(&(w.pulse, f))
                            || (pulse == w.pulse && battle.figure(f).acted)
                    }
                }
        });
        if let Some((i, w)) = due {
            self.given[i] = true;
            self.acting = None;
            self.last = Some((pulse, "the Referee's word".into(), w.at));
            return Command::Referee(w.fiat.clone());
        }
        // 22.3: the first of two combined actions is not yet the turn.
        if let Command::Act { figure, action } = &command
            && !matches!(action, Action::Combine { .. })
        {
            self.acting = Some((pulse, *figure));
        }
        command
    }

    /// The script's action or choice for this question, else the AI's;
    /// `last` names the entry it came from.
    fn action_or_choice(&mut self, battle: &Battle, prompt: &Prompt) -> Command {
        let pulse = battle.pulse();
        let script = self.script;
        self.last = None;
        let figure = match prompt {
            Prompt::LeadChoice { figure } => {
                return self.choice(battle, pulse, Chooser::Figure(*figure), prompt);
            }
            Prompt::SideChoice { side } => {
                return self.choice(battle, pulse, Chooser::Side(*side), prompt);
            }
            Prompt::EngagedAction { figure } => Some(*figure),
            Prompt::SideAction { ready, .. } => ready
                .iter()
                .filter_map(|f| script.get(pulse, *f).map(|s| (s.at.byte, *f)))
                .min()
                .map(|(_, f)| f),
            Prompt::Finished { .. } => None,
        };
        let scripted = figure.and_then(|f| {
            let s = script.get(pulse, f)?;
            let action = if battle.figure(f).second_action {
                s.then.clone()?
            } else {
                s.action.clone()
            };
            Some((f, action, s.at))
        });
        match scripted {
            Some((figure, action, at)) => {
                let name = &battle.figure(figure).name;
                self.last = Some((pulse, format!("{name}'s scripted action"), at));
                Command::Act { figure, action }
            }
            None => ai::answer(battle, prompt),
        }
    }

    fn choice(&mut self, battle: &Battle, pulse: u32, who: Chooser, prompt: &Prompt) -> Command {
        match self.script.choices.get(&(pulse, who)) {
            Some(&(now, at)) => {
                let name = match who {
                    Chooser::Figure(f) => battle.figure(f).name.clone(),
                    Chooser::Side(s) => battle.sides()[s.0].name.clone(),
                };
                self.last = Some((pulse, format!("{name}'s choice of acting first"), at));
                Command::ActNow { now }
            }
            None => ai::answer(battle, prompt),
        }
    }

    /// A refusal in play, placed at the entry that was refused, as the
    /// file's own refusals are: its Pulse, what it was and the engine's
    /// reason.
    pub fn refused(&self, refused: &crate::sim::Refused) -> String {
        match &self.last {
            Some((pulse, what, at)) => format!(
                "{}:{at}: Pulse {pulse}: {what} was refused in play: {}\n  hint: it passes the file's checks but not the battle as it stands then; {}",
                crate::text::one_line(&self.script.file.display().to_string()),
                refused.why,
                if what.starts_with("the Referee's word") {
                    "change the entry or leave it out"
                } else {
                    "change the entry, or leave it to the AI"
                }
            ),
            None => refused.to_string(),
        }
    }
}

/// Where the entry opening at `from` gives `field` itself: the field's
/// name at the entry's own depth, past strings and comments (the entry's
/// start when it is not found).
fn own_field(text: &str, from: usize, field: &str) -> usize {
    let b = text.as_bytes();
    let mut depth = 0usize;
    let mut i = from;
    while i < b.len() {
        match b[i] {
            b'/' if b.get(i + 1) == Some(&b'/') => {
                i = text[i..].find('\n').map_or(b.len(), |n| i + n);
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                i = crate::scenario::block_comment_end(text, i) - 1;
            }
            b'"' => {
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
            }
            b'[' | b'(' | b'{' => depth += 1,
            b']' | b')' | b'}' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    break;
                }
            }
            // Bytes, not slices of `text`: `i` may be inside a character.
            _ if depth == 1
                && b[i..].starts_with(field.as_bytes())
                && !(i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_'))
                && b[i + field.len()..]
                    .iter()
                    .find(|c| !c.is_ascii_whitespace())
                    == Some(&b':') =>
            {
                return i;
            }
            _ => {}
        }
        i += 1;
    }
    from
}

/// Checks of one entry, each problem placed at the text it is about.
struct Check<'a> {
    text: &'a str,
    from: usize,
    checked: &'a Checked,
    problems: &'a mut Vec<Problem>,
}

impl<'a> Check<'a> {
    fn problem(&mut self, what: &str, message: String, hint: Option<String>) {
        let at = Some(Place::of(self.text, find_after(self.text, what, self.from)));
        self.problems.push(Problem { at, message, hint });
    }

    /// A problem placed at one of the entry's own fields (not a field of
    /// the same name inside its action or the Referee's word).
    fn field_problem(&mut self, field: &str, message: String, hint: Option<String>) {
        let at = Some(Place::of(self.text, own_field(self.text, self.from, field)));
        self.problems.push(Problem { at, message, hint });
    }

    /// Refuse the fields of `entry` named in `not`, which `kind` has no use for.
    fn only(&mut self, entry: &Entry, not: &[&str], kind: &str) {
        let present = [
            ("figure", entry.figure.is_some()),
            ("side", entry.side.is_some()),
            ("before", entry.before.is_some()),
            ("after", entry.after.is_some()),
        ];
        for (field, _) in present.iter().filter(|(f, p)| *p && not.contains(f)) {
            self.field_problem(
                field,
                format!("`{field}` has no place in {kind}"),
                Some(format!(
                    "leave `{field}` out of this entry (docs/ORDERS.md)"
                )),
            );
        }
    }

    fn known(&self) -> String {
        let names: Vec<&str> = self
            .checked
            .figures
            .iter()
            .map(|f| f.name.as_str())
            .collect();
        format!("the figures are {}", names.join(", "))
    }

    /// The entry's `figure`, which an action needs.
    fn named_figure(&mut self, entry: &Entry) -> Option<&'a Figure> {
        match &entry.figure {
            Some(name) => self.figure(name),
            None => {
                self.field_problem(
                    "action",
                    "an action needs the figure that takes it".into(),
                    Some("add `figure: \"Name\"` to the entry".into()),
                );
                None
            }
        }
    }

    fn figure(&mut self, name: &str) -> Option<&'a Figure> {
        let found = self.checked.figures.iter().find(|f| f.name == name);
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

    fn side(&mut self, name: &str) -> Option<SideId> {
        let sides = &self.checked.spec.sides;
        let found = sides.iter().position(|s| s.name == name).map(SideId);
        if found.is_none() && crate::text::name_fault(name).is_none() {
            let names: Vec<&str> = sides.iter().map(|s| s.name.as_str()).collect();
            self.problem(
                &format!("\"{name}\""),
                format!("there is no side named \"{name}\""),
                Some(format!("the sides are {}", names.join(", "))),
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

    fn weapon(&mut self, of: &Figure, name: &str) -> Option<usize> {
        let found = (0..of.weapons.len()).find(|&i| of.weapon(i).name == name);
        if found.is_none() {
            let names: Vec<String> = (0..of.weapons.len())
                .map(|i| of.weapon(i).name.clone())
                .collect();
            self.problem(
                &format!("\"{name}\""),
                format!("{} has no weapon named \"{name}\"", of.name),
                Some(if names.is_empty() {
                    format!("{} carries no weapons", of.name)
                } else {
                    format!("{}'s weapons are {}", of.name, names.join(", "))
                }),
            );
        }
        found
    }

    fn scripted(&mut self, me: &Figure, a: &EntryAction, at: Place) -> Option<Scripted> {
        if let EntryAction::Combine { first, then } = a {
            if [first, then]
                .iter()
                .any(|a| matches!(***a, EntryAction::Combine { .. }))
            {
                self.problem(
                    "Combine",
                    "22.3 combines two actions, no more".into(),
                    Some("give `Combine(first: ..., then: ...)` two single actions".into()),
                );
                return None;
            }
            let first = self.action(me, first);
            let then = self.action(me, then);
            return Some(Scripted {
                action: Action::Combine {
                    first: Box::new(first?),
                },
                then: Some(then?),
                at,
            });
        }
        Some(Scripted {
            action: self.action(me, a)?,
            then: None,
            at,
        })
    }

    fn action(&mut self, me: &Figure, a: &EntryAction) -> Option<Action> {
        Some(match a {
            EntryAction::Move { path } => Action::Move { path: path.clone() },
            EntryAction::Melee {
                target,
                path,
                multiple,
                after_strike,
            } => Action::Melee {
                path: path.clone(),
                target: self.enemy(me, target)?,
                multiple: match multiple {
                    EntryMultiple::Single => Multiple::Single,
                    EntryMultiple::SecondWeapon(t) => Multiple::SecondWeapon {
                        target: self.enemy(me, t)?,
                    },
                    EntryMultiple::Sweep(others) => {
                        let found: Vec<Option<FigureId>> =
                            others.iter().map(|t| self.enemy(me, t)).collect();
                        Multiple::Sweep {
                            others: found.into_iter().collect::<Option<_>>()?,
                        }
                    }
                },
                after_strike: after_strike.clone(),
            },
            EntryAction::ChargeWithoutStrike { path } => {
                Action::ChargeWithoutStrike { path: path.clone() }
            }
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
            EntryAction::Special {
                target,
                attack,
                path,
            } => {
                let t = self.enemy(me, target)?;
                let attack = match attack {
                    EntryAttack::Trip => SpecialAttack::Trip,
                    EntryAttack::Entangle => SpecialAttack::Entangle,
                    EntryAttack::Restrain => SpecialAttack::Restrain,
                    EntryAttack::Knockout => SpecialAttack::Knockout,
                    EntryAttack::ShieldRush => SpecialAttack::ShieldRush,
                    EntryAttack::Disarm(w) => {
                        let of = &self.checked.figures[t.0];
                        SpecialAttack::Disarm {
                            item: Item::Weapon(self.weapon(of, w)?),
                        }
                    }
                    EntryAttack::DisarmShield => SpecialAttack::Disarm { item: Item::Shield },
                };
                Action::Special {
                    path: path.clone(),
                    target: t,
                    attack,
                }
            }
            EntryAction::Combine { .. } => {
                self.problem(
                    "Combine",
                    "22.3 combines two actions, no more".into(),
                    Some("give `Combine(first: ..., then: ...)` two single actions".into()),
                );
                return None;
            }
            EntryAction::Spell { effects } => {
                let found: Vec<Option<Fiat>> = effects.iter().map(|e| self.fiat(e)).collect();
                Action::Spell {
                    effects: found.into_iter().collect::<Option<_>>()?,
                }
            }
        })
    }

    fn fiat(&mut self, word: &EntryFiat) -> Option<Fiat> {
        Some(match word {
            EntryFiat::Damage {
                figure,
                points,
                endurance,
                armour,
            } => Fiat::Damage {
                figure: self.figure(figure)?.id,
                points: *points,
                endurance: *endurance,
                armour: *armour,
            },
            EntryFiat::Down { figure } => Fiat::Prone {
                figure: self.figure(figure)?.id,
                prone: true,
            },
            EntryFiat::Rise { figure } => Fiat::Prone {
                figure: self.figure(figure)?.id,
                prone: false,
            },
            EntryFiat::Stun { figure } => Fiat::Stun {
                figure: self.figure(figure)?.id,
            },
            EntryFiat::Rout { side } => Fiat::Rout {
                side: self.side(side)?,
            },
            EntryFiat::RunsOn { figure } => Fiat::RunsOn {
                figure: self.figure(figure)?.id,
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::dragonquest::scenario::load;

    fn duel() -> Checked {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/dq-duel.ron");
        load(&path).unwrap()
    }

    /// 20.1: an orders file gives the steps after the strike.
    #[test]
    fn a_script_gives_the_steps_after_a_strike_20_1() {
        let text = r#"[
            (pulse: 1, figure: "Aldric", action: Melee(target: "Brenna", after_strike: [Pivot(to: N), Forward])),
        ]"#;
        let s = DqScript::parse(Path::new("o.ron"), text, &duel()).unwrap();
        assert_eq!(
            s.get(1, FigureId(0)).unwrap().action,
            Action::Melee {
                path: Vec::new(),
                target: FigureId(1),
                multiple: Multiple::Single,
                after_strike: vec![
                    Step::Pivot {
                        to: crate::hex::Facing::N
                    },
                    Step::Forward
                ],
            }
        );
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
                multiple: Multiple::Single,
                after_strike: Vec::new(),
            }
        );
        assert_eq!(s.get(3, FigureId(0)).unwrap().at.line, 4);
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

    /// Every action the engine takes, each choice and the Referee's word.
    #[test]
    fn a_script_says_every_action_choice_and_word() {
        let text = r#"[
            (pulse: 1, side: "Brenna's", acts: Last),
            (pulse: 1, figure: "Aldric", action: ChargeWithoutStrike(path: [Forward])),
            (pulse: 2, figure: "Aldric", acts: First),
            (pulse: 2, figure: "Aldric", action: Melee(target: "Brenna", multiple: SecondWeapon("Brenna"))),
            (pulse: 2, figure: "Brenna", action: Special(target: "Aldric", attack: Disarm("Dagger"))),
            (pulse: 3, figure: "Aldric", action: Special(target: "Brenna", attack: DisarmShield, path: [Forward])),
            (pulse: 3, figure: "Brenna", action: Combine(first: Melee(target: "Aldric"), then: Evade())),
            (pulse: 4, figure: "Aldric", action: Spell(effects: [Damage(figure: "Brenna", points: 13), Stun(figure: "Brenna")])),
            (pulse: 4, figure: "Brenna", action: Melee(target: "Aldric", multiple: Sweep(["Aldric"]))),
            (pulse: 4, referee: Down(figure: "Aldric"), after: "Brenna"),
            (pulse: 5, referee: Rout(side: "Aldric's")),
            (pulse: 5, referee: Damage(figure: "Aldric", points: 2, endurance: true, armour: true), before: "Aldric"),
        ]"#;
        let s = DqScript::parse(Path::new("o.ron"), text, &duel()).unwrap();
        let (aldric, brenna) = (FigureId(0), FigureId(1));
        let line = |(now, at): (bool, Place)| (now, at.line);
        assert_eq!(line(s.choices[&(1, Chooser::Side(SideId(1)))]), (false, 2));
        assert_eq!(line(s.choices[&(2, Chooser::Figure(aldric))]), (true, 4));
        assert_eq!(
            s.get(2, aldric).unwrap().action,
            Action::Melee {
                path: vec![],
                target: brenna,
                multiple: Multiple::SecondWeapon { target: brenna },
                after_strike: Vec::new(),
            }
        );
        assert_eq!(
            s.get(2, brenna).unwrap().action,
            Action::Special {
                path: vec![],
                target: aldric,
                attack: SpecialAttack::Disarm {
                    item: Item::Weapon(1)
                }
            }
        );
        let combined = s.get(3, brenna).unwrap();
        assert!(matches!(combined.action, Action::Combine { .. }));
        assert_eq!(combined.then, Some(Action::Evade { path: vec![] }));
        assert_eq!(
            s.get(4, aldric).unwrap().action,
            Action::Spell {
                effects: vec![
                    Fiat::Damage {
                        figure: brenna,
                        points: 13,
                        endurance: false,
                        armour: false
                    },
                    Fiat::Stun { figure: brenna }
                ]
            }
        );
        let words: Vec<(u32, When, usize)> = s
            .words
            .iter()
            .map(|w| (w.pulse, w.when, w.at.line))
            .collect();
        assert_eq!(
            words,
            [
                (4, When::After(brenna), 11),
                (5, When::Start, 12),
                (5, When::Before(aldric), 13)
            ]
        );
        assert_eq!(s.words[1].fiat, Fiat::Rout { side: SideId(0) });
    }

    /// The new entries' mistakes, each placed with a hint.
    #[test]
    fn choices_words_and_special_attacks_are_checked() {
        let text = [
            "[",
            "  (pulse: 1, side: \"Nobody's\", acts: First),",
            "  (pulse: 1, figure: \"Aldric\", side: \"Aldric's\", acts: First),",
            "  (pulse: 1, referee: Stun(figure: \"Brenna\"), figure: \"Aldric\"),",
            "  (pulse: 2, referee: Stun(figure: \"Brenna\"), before: \"Aldric\", after: \"Brenna\"),",
            "  (pulse: 2),",
            "  (pulse: 2, action: Evade()),",
            "  (pulse: 3, figure: \"Aldric\", action: Special(target: \"Brenna\", attack: Disarm(\"Axe\"))),",
            "  (pulse: 4, figure: \"Aldric\", action: Combine(first: Evade(), then: Combine(first: Evade(), then: Evade()))),",
            "  (pulse: 5, figure: \"Aldric\", action: Melee(target: \"Brenna\", multiple: Sweep([\"Aldric\"]))),",
            "  (pulse: 5, figure: \"Brenna\", action: Spell(effects: [Rout(side: \"Them\")])),",
            "]",
        ]
        .join("\n");
        let e = DqScript::parse(Path::new("o.ron"), &text, &duel()).unwrap_err();
        let shown = e.to_string();
        for want in [
            "o.ron:2:20: there is no side named \"Nobody's\"",
            "the sides are Aldric's, Brenna's",
            "o.ron:3:50: a choice of acting first or last is a side's or a figure's",
            "o.ron:4:47: `figure` has no place in the Referee's word",
            "o.ron:5:47: the Referee's word is given before one figure acts or after one, not both",
            "o.ron:6:4: an entry gives one of `action`, `acts` or `referee`",
            "o.ron:7:14: an action needs the figure that takes it",
            "o.ron:8:81: Brenna has no weapon named \"Axe\"",
            "Brenna's weapons are Sabre",
            "o.ron:9:40: 22.3 combines two actions, no more",
            "o.ron:10:81: Aldric is on Aldric's own side",
            "o.ron:11:67: there is no side named \"Them\"",
        ] {
            assert!(shown.contains(want), "{want:?} in {shown}");
        }
    }

    /// An entry's own field is found past strings and comments of any
    /// characters, its column counted in characters.
    #[test]
    fn a_field_out_of_place_is_found_past_any_characters() {
        let text = "[(pulse: 1, referee: Stun(figure: \"Brenna\") /* side: é */, \
                    before: \"Ælfric\", side: \"Brenna's\")]";
        let e = DqScript::parse(Path::new("o.ron"), text, &duel()).unwrap_err();
        let shown = e.to_string();
        assert!(
            shown.contains("o.ron:1:78: `side` has no place in the Referee's word"),
            "{shown}"
        );
    }

    #[test]
    fn a_syntax_error_has_its_line_and_column() {
        let text = "[\n  (pulse: 1, figure: \"Aldric\", action: Dance()),\n]";
        let e = DqScript::parse(Path::new("o.ron"), text, &duel()).unwrap_err();
        assert!(e.to_string().starts_with("o.ron:2:"), "{e}");
    }
}
