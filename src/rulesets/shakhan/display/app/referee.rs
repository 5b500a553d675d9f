//! The one-line inputs: the Referee's command line (`:wound Aulos upper 6
//! pain 3 bleed 1`), which makes every kind of override, and the path a
//! save goes to. Parse errors show under the line and keep its text.

use std::path::PathBuf;

use super::{App, Overlay};
use crate::hex::{Facing, Hex, Pose};
use crate::rulesets::shakhan::display::keys::Action;
use crate::rulesets::shakhan::engine::{Battle, Command, Override, RequisiteName, ReserveName};
use crate::rulesets::shakhan::rules::BodyArea;
use crate::rulesets::shakhan::rules::condition::{Morale, SideFortune};
use crate::rulesets::shakhan::rules::hazard::Hazard;
use crate::rulesets::shakhan::rules::tables::hazards::AcidExposure;
use crate::rulesets::shakhan::scenario::{self, Checked};
use crate::seam::{FigureId, SideId, View};

/// What a line is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineKind {
    Command,
    SaveAs,
}

/// A line being typed, and why the last try failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineInput {
    pub kind: LineKind,
    pub text: String,
    pub error: Option<String>,
}

impl LineInput {
    pub fn new(kind: LineKind, text: String) -> Self {
        LineInput {
            kind,
            text,
            error: None,
        }
    }
}

/// A command line understood.
#[derive(Debug, Clone, PartialEq)]
pub enum Parsed {
    Override(Override),
    /// `Session::reroll` with this reason.
    Reroll(String),
    /// A Referee command beyond the overrides: Quick Melee, a hazard.
    Command(Command),
}

const KINDS: [&str; 15] = [
    "wound",
    "heal",
    "set",
    "reserve",
    "place",
    "add",
    "remove",
    "morale",
    "net",
    "initiative",
    "winning",
    "losing",
    "reroll",
    "quick",
    "hazard",
];
const AREAS: [(&str, BodyArea); 6] = [
    ("head", BodyArea::Head),
    ("neck", BodyArea::Neck),
    ("upper", BodyArea::UpperBody),
    ("lower", BodyArea::LowerBody),
    ("arms", BodyArea::Arms),
    ("legs", BodyArea::Legs),
];
const REQUISITES: [(&str, RequisiteName); 8] = [
    ("STR", RequisiteName::Strength),
    ("AGIL", RequisiteName::Agility),
    ("DEX", RequisiteName::Dexterity),
    ("CON", RequisiteName::Constitution),
    ("WILL", RequisiteName::Willpower),
    ("VIS", RequisiteName::Vision),
    ("NV", RequisiteName::NightVision),
    ("MR", RequisiteName::MagicResistance),
];
const RESERVES: [(&str, ReserveName); 3] = [
    ("BDR", ReserveName::Bdr),
    ("FPR", ReserveName::Fpr),
    ("PAIN", ReserveName::PainReserve),
];
const MORALES: [(&str, Morale); 5] = [
    ("steady", Morale::Steady),
    ("determined", Morale::Determined { exempt_next: true }),
    ("fanatic", Morale::Fanatic),
    ("shaken", Morale::Shaken),
    ("broken", Morale::Broken),
];
const FACINGS: [(&str, Facing); 6] = [
    ("N", Facing::N),
    ("NE", Facing::NE),
    ("SE", Facing::SE),
    ("S", Facing::S),
    ("SW", Facing::SW),
    ("NW", Facing::NW),
];
/// Shakhàn 16.13.7–13: the hazards by the word `:hazard` takes, with what follows.
const HAZARDS: [(&str, &str); 8] = [
    ("poison", "INTENSITY [sleep]"),
    ("temperature", "LEVEL"),
    ("fall", "SECONDS"),
    ("impact", "KMH"),
    ("acid", "INTENSITY splash|immersion"),
    ("suffocation", "ROUND [exerting]"),
    ("drain", "LEVELS"),
    ("radiation", "MINUTES"),
];
const EXPOSURES: [(&str, AcidExposure); 2] = [
    ("splash", AcidExposure::Splash),
    ("immersion", AcidExposure::Immersion),
];
const HEAL_WORDS: [&str; 6] = ["all", "damage", "pain", "fatigue", "bleeding", "wake"];
const WOUND_WORDS: [&str; 3] = ["pain", "bleed", "for"];

/// 16.9.6: the sides a `:winning` / `:losing` call is for, and the call.
type Call = (Option<SideId>, Option<SideFortune>);

/// Usage of each kind, for errors.
fn usage(kind: &str) -> &'static str {
    match kind {
        "wound" => "wound FIGURE AREA DAMAGE [pain P] [bleed B [for ROUNDS]]",
        "heal" => "heal FIGURE all | [damage N] [pain P] [fatigue F] [bleeding] [wake]",
        "set" => "set FIGURE STR|AGIL|DEX|CON|WILL|VIS|NV|MR VALUE",
        "reserve" => "reserve FIGURE BDR|FPR|PAIN VALUE",
        "place" => "place FIGURE [N|NE|SE|S|SW|NW]  (to the map cursor)",
        "add" => "add copy FIGURE  (at the map cursor) | add <RON figure entry>",
        "remove" => "remove FIGURE",
        "morale" => "morale FIGURE steady|determined|fanatic|shaken|broken",
        "initiative" => "initiative SIDE",
        "winning" | "losing" => {
            "winning|losing SIDE | winning none (neither side) | winning auto (the scenario judges, 16.9.6)"
        }
        "net" => "net FIGURE on|off  (tangled in a net: TCA limited, 16.3)",
        "quick" => "quick on|off  (Quick Melee from the next round, 16.12)",
        "hazard" => {
            "hazard FIGURE poison N [sleep] | temperature N | fall SECONDS | impact KMH | \
             acid N splash|immersion | suffocation ROUND [exerting] | drain LEVELS | radiation MINUTES"
        }
        _ => "reroll REASON…",
    }
}

/// One of `choices` named by `word` (case-insensitive; a unique prefix
/// will do), else an error listing them.
fn pick<T: Copy>(what: &str, word: &str, choices: &[(&str, T)]) -> Result<T, String> {
    let w = word.to_lowercase();
    if let Some((_, v)) = choices.iter().find(|(n, _)| n.to_lowercase() == w) {
        return Ok(*v);
    }
    let starts: Vec<&(&str, T)> = choices
        .iter()
        .filter(|(n, _)| n.to_lowercase().starts_with(&w))
        .collect();
    match starts.as_slice() {
        [(_, v)] if !w.is_empty() => Ok(*v),
        _ => {
            let names: Vec<&str> = choices.iter().map(|(n, _)| *n).collect();
            Err(format!("no {what} {word:?}; one of: {}", names.join(", ")))
        }
    }
}

/// As [`pick`], for a name that may run to several words ("Berrin 2", as
/// `add copy` names a copy): the longest run of the next words that is a
/// name exactly, else the next word as [`pick`] takes it. The words it
/// takes are used up.
fn pick_name<T: Copy>(
    what: &str,
    words: &mut std::str::SplitWhitespace<'_>,
    choices: &[(&str, T)],
) -> Result<T, String> {
    let words_of = |name: &str| name.split_whitespace().count();
    let longest = choices.iter().map(|(n, _)| words_of(n)).max().unwrap_or(1);
    for k in (2..=longest).rev() {
        let run: Vec<&str> = words.clone().take(k).collect();
        let run = run.join(" ").to_lowercase();
        let same = |name: &str| {
            words_of(name) == k
                && name
                    .split_whitespace()
                    .collect::<Vec<_>>()
                    .join(" ")
                    .to_lowercase()
                    == run
        };
        if let Some((_, v)) = choices.iter().find(|(n, _)| same(n)) {
            words.nth(k - 1);
            return Ok(*v);
        }
    }
    pick(what, words.next().unwrap_or(""), choices)
}

fn number<T: std::str::FromStr>(what: &str, word: Option<&str>) -> Result<T, String> {
    let word = word.ok_or_else(|| format!("{what} is missing"))?;
    word.parse()
        .map_err(|_| format!("{what} must be a number, not {word:?}"))
}

/// Parse a command line against the battle as it stands; `cursor` is where
/// `place` and `add copy` put a figure.
pub fn parse(
    battle: &Battle,
    checked: &Checked,
    cursor: Hex,
    line: &str,
) -> Result<Parsed, String> {
    let line = line.trim().trim_start_matches(':').trim();
    let (kind_word, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
    if kind_word.is_empty() {
        return Err(format!("type an override: {}", KINDS.join(", ")));
    }
    let kinds: Vec<(&str, &str)> = KINDS.iter().map(|k| (*k, *k)).collect();
    let kind = pick("override", kind_word, &kinds)?;
    let with_usage = |e: String| format!("{e}\n  usage: {}", usage(kind));
    parse_kind(battle, checked, cursor, kind, rest.trim()).map_err(with_usage)
}

fn parse_kind(
    battle: &Battle,
    checked: &Checked,
    cursor: Hex,
    kind: &str,
    rest: &str,
) -> Result<Parsed, String> {
    if kind == "reroll" {
        return Ok(Parsed::Reroll(rest.to_string()));
    }
    if kind == "add" && !rest.to_lowercase().starts_with("copy") {
        if let Some(p) = crate::scenario::nesting(rest) {
            let col = p.at.map_or(1, |at| at.col);
            return Err(format!(
                "the figure entry, at its character {col}: {}",
                p.message
            ));
        }
        let figure: scenario::Figure = crate::scenario::plain::from_str(rest).map_err(|e| {
            let p = crate::scenario::plain::problem(rest, &e, "docs/SCENARIOS.md");
            let col = p.at.map_or(1, |at| at.col);
            format!("the figure entry, at its character {col}: {}", p.message)
        })?;
        return Ok(Parsed::Override(Override::AddFigure {
            figure: Box::new(figure),
        }));
    }
    let mut words = rest.split_whitespace();
    if kind == "quick" {
        let on = pick(
            "switch",
            words.next().unwrap_or(""),
            &[("on", true), ("off", false)],
        )?;
        if let Some(extra) = words.next() {
            return Err(format!("{extra:?} is one word too many"));
        }
        return Ok(Parsed::Command(Command::QuickMelee { on }));
    }
    if kind == "initiative" {
        let sides: Vec<(&str, SideId)> = battle
            .sides()
            .iter()
            .enumerate()
            .map(|(i, s)| (s.name.as_str(), SideId(i)))
            .collect();
        let side = pick_name("side", &mut words, &sides)?;
        return Ok(Parsed::Override(Override::SetInitiative { side }));
    }
    if kind == "winning" || kind == "losing" {
        let fortune = if kind == "winning" {
            SideFortune::Winning
        } else {
            SideFortune::LosingBadly
        };
        let mut choices: Vec<(&str, Call)> = battle
            .sides()
            .iter()
            .enumerate()
            .map(|(i, s)| (s.name.as_str(), (Some(SideId(i)), Some(fortune))))
            .collect();
        choices.push(("none", (None, Some(SideFortune::Even))));
        choices.push(("auto", (None, None)));
        let (side, fortune) = pick_name("side", &mut words, &choices)?;
        if let Some(extra) = words.next() {
            return Err(format!("{extra:?} is one word too many"));
        }
        return Ok(Parsed::Override(Override::SetFortune { side, fortune }));
    }
    if kind == "add" {
        words.next(); // "copy"
    }
    let figures: Vec<(&str, FigureId)> = battle
        .figures()
        .iter()
        .map(|f| (f.name.as_str(), f.id))
        .collect();
    let figure = pick_name("figure", &mut words, &figures)?;
    if kind == "hazard" {
        let hazard = hazard(&mut words)?;
        if let Some(extra) = words.next() {
            return Err(format!("{extra:?} is one word too many"));
        }
        return Ok(Parsed::Command(Command::Hazard { figure, hazard }));
    }
    let o = match kind {
        "wound" => {
            let area = pick("body area", words.next().unwrap_or(""), &AREAS)?;
            let damage = number("the damage", words.next())?;
            let (mut pain, mut bleeding, mut bleeding_rounds) = (0.0, 0, 0);
            while let Some(w) = words.next() {
                match w.to_lowercase().as_str() {
                    "pain" => pain = number("pain", words.next())?,
                    "bleed" | "bleeding" => {
                        bleeding = number("bleeding", words.next())?;
                        // Bleeding goes on until tended unless a length is given.
                        bleeding_rounds = bleeding_rounds.max(100);
                    }
                    "for" => bleeding_rounds = number("the bleeding's rounds", words.next())?,
                    other => {
                        return Err(format!(
                            "{other:?}: after the damage come {}",
                            WOUND_WORDS.join(", ")
                        ));
                    }
                }
            }
            Override::Wound {
                figure,
                area,
                damage,
                pain,
                bleeding,
                bleeding_rounds,
            }
        }
        "heal" => {
            let c = &battle.figure(figure).condition;
            let (mut damage, mut pain, mut fatigue, mut stop_bleeding, mut wake) =
                (0, 0.0, 0.0, false, false);
            let mut any = false;
            while let Some(w) = words.next() {
                any = true;
                match w.to_lowercase().as_str() {
                    "all" => {
                        (damage, pain, fatigue) = (c.damage(), c.pain(), c.fatigue_lost());
                        (stop_bleeding, wake) = (true, true);
                    }
                    "damage" => damage = number("damage", words.next())?,
                    "pain" => pain = number("pain", words.next())?,
                    "fatigue" => fatigue = number("fatigue", words.next())?,
                    "bleeding" => stop_bleeding = true,
                    "wake" => wake = true,
                    other => {
                        return Err(format!("{other:?}: one of {}", HEAL_WORDS.join(", ")));
                    }
                }
            }
            if !any {
                return Err("say what to heal".into());
            }
            Override::Heal {
                figure,
                damage,
                pain,
                fatigue,
                stop_bleeding,
                wake,
            }
        }
        "set" => Override::SetRequisite {
            figure,
            requisite: pick("requisite", words.next().unwrap_or(""), &REQUISITES)?,
            value: number("the value", words.next())?,
        },
        "reserve" => Override::SetReserve {
            figure,
            reserve: pick("reserve", words.next().unwrap_or(""), &RESERVES)?,
            value: number("the value", words.next())?,
        },
        "place" => {
            let facing = match words.next() {
                Some(w) => pick("facing", w, &FACINGS)?,
                None => battle.figure(figure).pose.facing,
            };
            Override::Place {
                figure,
                to: Pose::new(cursor, facing),
            }
        }
        "add" => {
            let name = &battle.figure(figure).name;
            let Some(spec) = checked.scenario.figures.iter().find(|f| &f.name == name) else {
                return Err(format!(
                    "{name} was not in the scenario: add a RON figure entry instead"
                ));
            };
            let mut copy = spec.clone();
            copy.name = (2..)
                .map(|n| format!("{name} {n}"))
                .find(|n| battle.figures().iter().all(|f| &f.name != n))
                .unwrap_or_default();
            copy.at = cursor;
            Override::AddFigure {
                figure: Box::new(copy),
            }
        }
        "remove" => Override::RemoveFigure { figure },
        "net" => Override::Entangle {
            figure,
            entangled: pick(
                "net",
                words.next().unwrap_or(""),
                &[("on", true), ("off", false)],
            )?,
        },
        _ => Override::SetMorale {
            figure,
            morale: pick("morale", words.next().unwrap_or(""), &MORALES)?,
        },
    };
    if let Some(extra) = words.next() {
        return Err(format!("{extra:?} is one word too many"));
    }
    Ok(Parsed::Override(o))
}

/// Shakhàn 16.13.7–13: the hazard named by the words after the figure.
fn hazard<'a>(words: &mut impl Iterator<Item = &'a str>) -> Result<Hazard, String> {
    let kinds: Vec<(&str, &str)> = HAZARDS.iter().map(|(k, _)| (*k, *k)).collect();
    let kind = pick("hazard", words.next().unwrap_or(""), &kinds)?;
    let flag = |word: &str, next: Option<&str>| match next {
        None => Ok(false),
        Some(w) if w.eq_ignore_ascii_case(word) => Ok(true),
        Some(w) => Err(format!("{w:?}: only {word:?} may follow")),
    };
    Ok(match kind {
        "poison" => Hazard::Poison {
            intensity: number("the intensity", words.next())?,
            resist_dmod: None,
            sleeping: flag("sleep", words.next())?,
        },
        "temperature" => Hazard::Temperature {
            level: number("the level", words.next())?,
            save_dmod: None,
        },
        "fall" => Hazard::Fall {
            seconds: number("the seconds", words.next())?,
        },
        "impact" => Hazard::Impact {
            kmh: number("the speed (km/h)", words.next())?,
        },
        "acid" => Hazard::Acid {
            intensity: number("the intensity", words.next())?,
            exposure: pick("exposure", words.next().unwrap_or(""), &EXPOSURES)?,
        },
        "suffocation" => Hazard::Suffocation {
            round: number("the round without air", words.next())?,
            exerting: flag("exerting", words.next())?,
        },
        "drain" => Hazard::LifeDrain {
            levels: number("the levels", words.next())?,
        },
        _ => Hazard::Radiation {
            minutes: number("the minutes", words.next())?,
            shielding: Vec::new(),
        },
    })
}

/// The words that may come at word `index` of a line whose earlier words
/// are `before`.
fn choices(battle: &Battle, before: &[&str], index: usize) -> Vec<String> {
    let own = |list: &[&str]| list.iter().map(|s| s.to_string()).collect();
    let names = || battle.figures().iter().map(|f| f.name.clone()).collect();
    let first = before.first().map(|w| w.to_lowercase());
    let names_of = |table: &[&str]| own(table);
    match (first.as_deref(), index) {
        (_, 0) => own(&KINDS),
        (Some("initiative"), 1) => battle.sides().iter().map(|s| s.name.clone()).collect(),
        (Some("winning" | "losing"), 1) => {
            let mut sides: Vec<String> = battle.sides().iter().map(|s| s.name.clone()).collect();
            sides.extend(["none".to_string(), "auto".to_string()]);
            sides
        }
        (Some("winning" | "losing"), _) => Vec::new(),
        (Some("reroll"), _) => Vec::new(),
        (Some("quick"), 1) => own(&["on", "off"]),
        (Some("quick"), _) => Vec::new(),
        (Some("hazard"), 2) => names_of(&HAZARDS.map(|h| h.0)),
        (Some("hazard"), 4) => match before.get(2).map(|w| w.to_lowercase()).as_deref() {
            Some("acid") => names_of(&EXPOSURES.map(|e| e.0)),
            Some("poison") => own(&["sleep"]),
            Some("suffocation") => own(&["exerting"]),
            _ => Vec::new(),
        },
        (Some("add"), 1) => own(&["copy"]),
        (Some("add"), 2) => names(),
        (Some(_), 1) => names(),
        (Some("wound"), 2) => names_of(&AREAS.map(|a| a.0)),
        (Some("wound"), _) => own(&WOUND_WORDS),
        (Some("heal"), _) => own(&HEAL_WORDS),
        (Some("set"), 2) => names_of(&REQUISITES.map(|a| a.0)),
        (Some("reserve"), 2) => names_of(&RESERVES.map(|a| a.0)),
        (Some("morale"), 2) => names_of(&MORALES.map(|a| a.0)),
        (Some("net"), 2) => names_of(&["on", "off"]),
        (Some("place"), 2) => names_of(&FACINGS.map(|a| a.0)),
        _ => Vec::new(),
    }
}

/// Tab: complete the last word of `text` as far as the choices agree; the
/// choices when they differ.
pub fn complete(battle: &Battle, text: &str) -> (String, Vec<String>) {
    let body = text.trim_start_matches(':');
    let words: Vec<&str> = body.split_whitespace().collect();
    // The word being completed is what follows the last whitespace of any
    // kind (a no-break space too), so `head` below is cut on a char boundary.
    let word = body.rsplit(char::is_whitespace).next().unwrap_or("");
    let before = &words[..words.len() - usize::from(!word.is_empty())];
    let all = choices(battle, before, before.len());
    let lower = word.to_lowercase();
    let fits: Vec<String> = all
        .into_iter()
        .filter(|c| c.to_lowercase().starts_with(&lower))
        .collect();
    let head = &text[..text.len() - word.len()];
    match fits.as_slice() {
        [] => (text.to_string(), Vec::new()),
        [one] => (format!("{head}{one} "), Vec::new()),
        many => {
            let mut common = many[0].clone();
            for c in &many[1..] {
                while !c.to_lowercase().starts_with(&common.to_lowercase()) {
                    common.pop();
                }
            }
            let grown = if common.len() > word.len() {
                format!("{head}{common}")
            } else {
                text.to_string()
            };
            (grown, many.to_vec())
        }
    }
}

impl App {
    pub(super) fn line_action(&mut self, action: Action) {
        match action {
            Action::CommandLine => {
                if self.shown_view() != View::Referee {
                    return self
                        .error("overrides are the Referee's: v for the referee view, then :");
                }
                self.line = Some(LineInput::new(LineKind::Command, String::new()));
                self.overlays.push(Overlay::Line);
            }
            Action::LineDelete => {
                if let Some(l) = &mut self.line {
                    l.text.pop();
                }
            }
            Action::LineComplete => {
                let Some(l) = &self.line else { return };
                if l.kind != LineKind::Command {
                    return;
                }
                let (text, options) = complete(self.session.battle(), &l.text);
                if let Some(l) = &mut self.line {
                    l.text = text;
                    l.error = (options.len() > 1).then(|| options.join("  "));
                }
            }
            Action::LineEnter => self.run_line(),
            _ => {}
        }
    }

    pub(super) fn type_char(&mut self, c: char) {
        if let Some(l) = &mut self.line {
            l.text.push(c);
        }
    }

    pub(super) fn close_line(&mut self) {
        self.line = None;
        self.overlays.retain(|o| *o != Overlay::Line);
    }

    fn run_line(&mut self) {
        let Some(line) = self.line.clone() else {
            return;
        };
        if line.kind == LineKind::SaveAs {
            let path = PathBuf::from(line.text.trim());
            if line.text.trim().is_empty() {
                return self.line_error("type the path to save to".into());
            }
            return self.save_to(&path);
        }
        let parsed = parse(
            self.session.battle(),
            self.session.checked(),
            self.map.cursor,
            &line.text,
        );
        let outcome = match parsed {
            Err(e) => Err(e),
            Ok(Parsed::Reroll(reason)) => self.reroll(&reason),
            Ok(Parsed::Command(c)) => {
                if self.submit(c) {
                    Ok(())
                } else {
                    Err(self.note.take().map_or(String::new(), |n| n.text))
                }
            }
            Ok(Parsed::Override(o)) => {
                if self.submit(Command::Referee(o)) {
                    Ok(())
                } else {
                    Err(self.note.take().map_or(String::new(), |n| n.text))
                }
            }
        };
        match outcome {
            Ok(()) => {
                self.close_line();
                if self.note.is_none() {
                    self.info(format!("override made: {}", line.text.trim()));
                }
            }
            Err(e) => self.line_error(e),
        }
    }

    fn reroll(&mut self, reason: &str) -> Result<(), String> {
        if self.replay {
            return Err("replay: p plays from here first".into());
        }
        self.session.reroll(reason).map_err(|e| e.to_string())?;
        self.sync();
        self.autosave();
        Ok(())
    }

    fn line_error(&mut self, e: String) {
        if let Some(l) = &mut self.line {
            l.error = Some(e);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::shakhan::engine::Battle;

    fn duel() -> (Battle, Checked) {
        let checked = scenario::default_scenario().unwrap();
        (Battle::new(&checked, 1).unwrap(), checked)
    }

    fn ok(line: &str) -> Parsed {
        let (b, c) = duel();
        parse(&b, &c, Hex::new(4, 5), line).unwrap_or_else(|e| panic!("{line}: {e}"))
    }

    fn err(line: &str) -> String {
        let (b, c) = duel();
        parse(&b, &c, Hex::new(4, 5), line).unwrap_err()
    }

    fn o(line: &str) -> Override {
        match ok(line) {
            Parsed::Override(o) => o,
            p => panic!("{p:?}"),
        }
    }

    #[test]
    fn each_of_the_ten_kinds_parses() {
        let au = FigureId(0);
        assert_eq!(
            o(":wound Aulos upper 6 pain 3 bleed 1 for 4"),
            Override::Wound {
                figure: au,
                area: BodyArea::UpperBody,
                damage: 6,
                pain: 3.0,
                bleeding: 1,
                bleeding_rounds: 4
            }
        );
        assert!(
            matches!(o("heal aulos all"), Override::Heal { figure, stop_bleeding: true, wake: true, .. } if figure == au)
        );
        assert_eq!(
            o("set AULOS str 12"),
            Override::SetRequisite {
                figure: au,
                requisite: RequisiteName::Strength,
                value: 12
            }
        );
        assert_eq!(
            o("reserve Aulos BDR 20"),
            Override::SetReserve {
                figure: au,
                reserve: ReserveName::Bdr,
                value: 20
            }
        );
        assert_eq!(
            o("place Aulos NE"),
            Override::Place {
                figure: au,
                to: Pose::new(Hex::new(4, 5), Facing::NE)
            }
        );
        let Override::AddFigure { figure } = o("add copy Berrin") else {
            panic!()
        };
        assert_eq!(
            (figure.name.as_str(), figure.at),
            ("Berrin 2", Hex::new(4, 5))
        );
        assert_eq!(
            o("remove berrin"),
            Override::RemoveFigure {
                figure: FigureId(1)
            }
        );
        assert_eq!(
            o("morale Aulos broken"),
            Override::SetMorale {
                figure: au,
                morale: Morale::Broken
            }
        );
        assert_eq!(
            o("initiative blue"),
            Override::SetInitiative { side: SideId(1) }
        );
        assert_eq!(
            ok("reroll the die fell off the table"),
            Parsed::Reroll("the die fell off the table".into())
        );
    }

    /// A name of several words, as `add copy` gives a copy ("Berrin 2"), is
    /// taken whole; the longest that fits, so a shorter name it starts with
    /// is still reached by itself.
    #[test]
    fn names_of_several_words_are_taken_whole() {
        let names = [("Berrin", 1), ("Berrin 2", 2), ("the monsters", 3)];
        let mut words = "berrin 2 upper 6".split_whitespace();
        assert_eq!(pick_name("figure", &mut words, &names), Ok(2));
        assert_eq!(words.collect::<Vec<_>>(), ["upper", "6"]);
        let mut words = "Berrin upper 6".split_whitespace();
        assert_eq!(pick_name("figure", &mut words, &names), Ok(1));
        assert_eq!(words.next(), Some("upper"));
        let mut words = "The  Monsters".split_whitespace();
        assert_eq!(pick_name("side", &mut words, &names), Ok(3));
        assert_eq!(words.next(), None);
        // One word still completes a name it alone begins.
        let mut words = "the".split_whitespace();
        assert_eq!(pick_name("side", &mut words, &names), Ok(3));
    }

    #[test]
    fn s16_3_a_net_is_cast_and_taken_off_by_the_referee() {
        assert_eq!(
            o("net aulos on"),
            Override::Entangle {
                figure: FigureId(0),
                entangled: true
            }
        );
        assert_eq!(
            o(":net Berrin off"),
            Override::Entangle {
                figure: FigureId(1),
                entangled: false
            }
        );
        assert!(err("net aulos").contains("net"), "{}", err("net aulos"));
    }

    #[test]
    fn s16_12_and_s16_13_quick_melee_and_hazards_parse() {
        assert_eq!(
            ok("quick on"),
            Parsed::Command(Command::QuickMelee { on: true })
        );
        assert_eq!(
            ok(":qu off"),
            Parsed::Command(Command::QuickMelee { on: false })
        );
        let hz = |line: &str| match ok(line) {
            Parsed::Command(Command::Hazard { figure, hazard }) => {
                assert_eq!(figure, FigureId(0));
                hazard
            }
            p => panic!("{p:?}"),
        };
        assert_eq!(hz("hazard Aulos impact 30"), Hazard::Impact { kmh: 30 });
        assert_eq!(hz("hazard Aulos fall 2"), Hazard::Fall { seconds: 2 });
        assert_eq!(
            hz("hazard Aulos poison 6 sleep"),
            Hazard::Poison {
                intensity: 6,
                resist_dmod: None,
                sleeping: true
            }
        );
        assert_eq!(
            hz("hazard Aulos acid 3 imm"),
            Hazard::Acid {
                intensity: 3,
                exposure: AcidExposure::Immersion
            }
        );
        assert_eq!(
            hz("hazard Aulos suffocation 2 exerting"),
            Hazard::Suffocation {
                round: 2,
                exerting: true
            }
        );
        assert_eq!(hz("hazard Aulos drain 1"), Hazard::LifeDrain { levels: 1 });
        assert!(err("quick maybe").contains("one of: on, off"));
        assert!(err("hazard Aulos lava 3").contains("one of: poison"));
        assert!(err("hazard Aulos fall").contains("the seconds is missing"));
        assert!(err("hazard Aulos acid 3 bath").contains("one of: splash, immersion"));
        assert!(err("hazard Aulos poison 3 now").contains("only \"sleep\""));
        assert!(err("hazard Aulos impact 3 4").contains("one word too many"));
        let (b, _) = duel();
        assert_eq!(complete(&b, "hazard Aulos a").0, "hazard Aulos acid ");
        assert_eq!(
            complete(&b, "hazard Aulos acid 3 s").0,
            "hazard Aulos acid 3 splash "
        );
        assert_eq!(complete(&b, "quick ").1, vec!["on", "off"]);
    }

    #[test]
    fn s16_9_6_the_referee_says_who_is_winning() {
        let fortune = |side, fortune| Override::SetFortune { side, fortune };
        assert_eq!(
            o(":winning Blue"),
            fortune(Some(SideId(1)), Some(SideFortune::Winning))
        );
        assert_eq!(
            o("losing red"),
            fortune(Some(SideId(0)), Some(SideFortune::LosingBadly))
        );
        assert_eq!(o("winning none"), fortune(None, Some(SideFortune::Even)));
        assert_eq!(o("winning auto"), fortune(None, None));
        assert!(err("winning Green").contains("one of: Red, Blue, none, auto"));
        assert!(err("losing Red now").contains("one word too many"));
        let (b, _) = duel();
        assert_eq!(complete(&b, "win").0, "winning ");
        assert_eq!(
            complete(&b, "winning ").1,
            vec!["Red", "Blue", "none", "auto"]
        );
        assert_eq!(complete(&b, "losing a").0, "losing auto ");
    }

    #[test]
    fn mistakes_say_what_would_do() {
        assert!(err("wund Aulos").contains("one of: wound, heal"));
        assert!(err("wound Aulos elbow 3").contains("one of: head, neck, upper"));
        assert!(err("wound Aulos head lots").contains("must be a number"));
        assert!(err("set Aulos LUCK 3").contains("one of: STR"));
        assert!(err("initiative Green").contains("one of: Red, Blue"));
        assert!(err("remove Aulos now").contains("one word too many"));
        assert!(err("add (name: \"X\"").contains("the figure entry"));
        // Issue 25: in our words, placed within the entry.
        assert!(err("add (name: \"X\", sde: \"Red\")").starts_with(
            "the figure entry, at its character 13: there is no field `sde` in Figure"
        ));
        // The same nesting limit as a file's, at the 65th bracket.
        let bomb = format!("add (name: \"X\", at: {}", "[".repeat(100));
        assert!(
            err(&bomb).starts_with(
                "the figure entry, at its character 80: brackets and parentheses nest deeper than 64"
            ),
            "{}",
            err(&bomb)
        );
        assert!(err("heal Aulos").contains("say what to heal"));
    }

    #[test]
    fn completion_grows_the_word_or_lists_the_choices() {
        let (b, _) = duel();
        assert_eq!(complete(&b, "mo").0, "morale ");
        assert_eq!(complete(&b, "morale a").0, "morale Aulos ");
        assert_eq!(complete(&b, "morale Aulos b").0, "morale Aulos broken ");
        assert_eq!(complete(&b, "initiative ").1, vec!["Red", "Blue"]);
        assert_eq!(complete(&b, "reroll why").0, "reroll why");
    }
}
