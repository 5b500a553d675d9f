//! Scripted orders (`hexmelee sim --orders FILE`, docs/ORDERS.md): the
//! figures a script names play its cards in the rounds it gives; the AI
//! plays everything else.

use std::collections::BTreeMap;
use std::path::Path;

use serde::Deserialize;

use super::ai;
use crate::limits;
use crate::rulesets::shakhan::engine::{
    Battle, BusyStance, CardOrder, Command, DodgeStance, FigureOrders, Prompt, ShieldStance,
};
use crate::rulesets::shakhan::rules::brawl::BrawlIntent;
use crate::rulesets::shakhan::rules::tables::actions::Activity;
use crate::rulesets::shakhan::rules::{BodyArea, Card};
use crate::rulesets::shakhan::scenario::Checked;
use crate::scenario::{Problem, plain};
use crate::seam::FigureId;
use crate::sim::orders::{ScriptError, entry_starts, find_after, too_many_orders};
use crate::text::Place;

/// One entry of an orders file: a figure's cards for one Melee Round.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Entry {
    round: u32,
    figure: String,
    cards: Vec<EntryCard>,
    #[serde(default = "raise")]
    shield: ShieldStance,
    #[serde(default = "defend")]
    when_busy: BusyStance,
    #[serde(default = "ask")]
    dodge: DodgeStance,
}

/// The AI's stances, unless an entry says otherwise.
fn raise() -> ShieldStance {
    ShieldStance::Raise
}

fn defend() -> BusyStance {
    BusyStance::Defend
}

fn ask() -> DodgeStance {
    DodgeStance::Ask
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct EntryCard {
    card: Card,
    #[serde(default)]
    target: Option<String>,
    #[serde(default)]
    aim: Option<BodyArea>,
    #[serde(default)]
    action: Option<Activity>,
    /// Shakhàn 16.10.4: a brawling form, e.g. `Some((form: Punch))`.
    #[serde(default)]
    brawl: Option<BrawlIntent>,
    /// A missile weapon to fire and, under G, load (16.12.1, 16.5.2).
    #[serde(default)]
    missile: Option<crate::rulesets::shakhan::engine::MissileIntent>,
    /// 16.9.4: move and work on the `action` in the same pulses (where the
    /// scenario allows combined actions).
    #[serde(default)]
    combine: bool,
    /// 16.9.5: three sentences of instructions, so G is the only card.
    #[serde(default)]
    speaks: bool,
}

/// Checked scripted orders, by normal Melee Round and figure.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Script {
    orders: BTreeMap<(u32, FigureId), FigureOrders>,
    /// The file, and where each entry names its figure: a refusal in play
    /// is placed there, like the file's own refusals.
    file: std::path::PathBuf,
    places: BTreeMap<(u32, FigureId), Place>,
}

impl Script {
    /// Read and check an orders file against the scenario it is for.
    pub fn load(path: &Path, checked: &Checked) -> Result<Script, ScriptError> {
        let text = crate::scenario::read_text(path, "an orders file", "docs/ORDERS.md")?;
        Script::parse(path, &text, checked)
    }

    /// Parse and check orders text; `file` only names it in messages. Every
    /// figure and target must be named as in the scenario, targets must be
    /// enemies, and a figure gets 1 to TCA cards (16.3) once per round.
    pub fn parse(file: &Path, text: &str, checked: &Checked) -> Result<Script, ScriptError> {
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
        let figures = &checked.scenario.figures;
        let known = || {
            let names: Vec<&str> = figures.iter().map(|f| f.name.as_str()).collect();
            format!("the figures are {}", names.join(", "))
        };
        let mut problems = crate::scenario::text_problems(text, &["figure", "target"]);
        let mut script = Script {
            file: file.to_path_buf(),
            ..Script::default()
        };
        let mut entries_of = BTreeMap::new();
        for (i, entry) in entries.iter().enumerate() {
            let from = starts.get(i).copied().unwrap_or(0);
            let at = |what: &str| Some(Place::of(text, find_after(text, what, from)));
            let mut problem = |at, message: String, hint: Option<String>| {
                problems.push(Problem { at, message, hint })
            };
            let Some(id) = figures.iter().position(|f| f.name == entry.figure) else {
                // A name `text_problems` refused is not looked for again.
                if crate::text::name_fault(&entry.figure).is_some() {
                    continue;
                }
                problem(
                    at(&format!("\"{}\"", entry.figure)),
                    format!("there is no figure named \"{}\"", entry.figure),
                    Some(known()),
                );
                continue;
            };
            let me = &figures[id];
            let given = entries_of.entry(id).or_insert(0usize);
            *given += 1;
            if *given == limits::ORDERS_PER_FIGURE + 1 {
                let (what, hint) = too_many_orders(&me.name, "rounds");
                problem(at("figure"), what, hint);
            }
            if entry.round == 0 {
                problem(at("round"), "Melee Rounds are numbered from 1".into(), None);
            }
            let tca = checked.factors[id].tca as usize;
            if entry.cards.is_empty() || entry.cards.len() > tca {
                problem(
                    at("cards"),
                    format!(
                        "{} may play 1 to {tca} {} a round (TCA, 16.3), not {}",
                        me.name,
                        crate::words::noun(tca, "card", "cards"),
                        entry.cards.len()
                    ),
                    None,
                );
            }
            let mut cards = Vec::new();
            for c in &entry.cards {
                let target = match &c.target {
                    None => None,
                    Some(name) => match figures.iter().position(|f| &f.name == name) {
                        None => {
                            problem(
                                at(&format!("\"{name}\"")),
                                format!("there is no figure named \"{name}\""),
                                Some(known()),
                            );
                            None
                        }
                        Some(t) if figures[t].side == me.side => {
                            problem(
                                at(&format!("\"{name}\"")),
                                format!("{name} is on {}'s own side", me.name),
                                Some("a card's target is an enemy".into()),
                            );
                            None
                        }
                        Some(t) => Some(FigureId(t)),
                    },
                };
                if c.action.is_some() && c.card != Card::G {
                    problem(
                        at("action"),
                        format!(
                            "a non-combat action needs the G card (16.9.1), not {}",
                            c.card
                        ),
                        None,
                    );
                }
                cards.push(CardOrder {
                    target,
                    aim: c.aim,
                    action: c.action,
                    brawl: c.brawl,
                    missile: c.missile,
                    combine: c.combine,
                    speaks: c.speaks,
                    ..CardOrder::new(c.card, None)
                });
            }
            let order = FigureOrders {
                figure: FigureId(id),
                cards,
                shield: entry.shield,
                when_busy: entry.when_busy,
                dodge: entry.dodge,
                moves: Default::default(),
            };
            if let Some(place) = at("figure") {
                script.places.insert((entry.round, FigureId(id)), place);
            }
            if script
                .orders
                .insert((entry.round, FigureId(id)), order)
                .is_some()
            {
                problem(
                    at("figure"),
                    format!(
                        "{} is given orders twice for round {}",
                        me.name, entry.round
                    ),
                    None,
                );
            }
        }
        if problems.is_empty() {
            Ok(script)
        } else {
            Err(fail(problems))
        }
    }

    /// A refusal in play, placed at the entry it came from as the file's own
    /// refusals are: the orders of the side asked this round, the entry of
    /// the figure the engine names (else the side's first). `battle` still
    /// asks the refused question. Not the script's: the engine's words.
    pub fn refused(&self, battle: &Battle, refused: &crate::sim::Refused) -> String {
        let round = battle.round();
        let Prompt::Orders { side } = battle.prompt() else {
            return refused.to_string();
        };
        let entries: Vec<_> = (self.places)
            .range((round, FigureId(0))..(round + 1, FigureId(0)))
            .map(|(&(_, f), at)| (battle.figure(f), at))
            .filter(|(f, _)| f.side == side.0)
            .collect();
        // The scripted figure the engine names (the longest name named as a
        // whole word, so "Al" is not taken for "Aldric").
        let named = (entries.iter())
            .filter(|(f, _)| names_word(&refused.why, &f.name))
            .max_by_key(|(f, _)| f.name.len());
        let file = crate::text::one_line(&self.file.display().to_string()).into_owned();
        match (named, entries.first()) {
            (Some((figure, at)), _) => format!(
                "{file}:{at}: round {round}: {} orders were refused in play: {}\n  hint: they pass the file's checks but not the battle as it stands then; change them, or leave {} to the AI that round",
                crate::words::possessive(&figure.name),
                refused.why,
                figure.name
            ),
            (None, Some((_, at))) => format!(
                "{file}:{at}: round {round}: {} orders (this file's and the AI's) were refused in play: {}\n  hint: the engine names no figure this file gives orders to; check the round's other entries against the battle as it stands then",
                crate::words::possessive(&battle.sides()[side.0].name),
                refused.why
            ),
            (None, None) => refused.to_string(),
        }
    }

    /// The AI's answer, with the scripted orders of this normal Melee Round
    /// in place of the AI's for the figures they name. Figures out of the
    /// fight by then are passed over; free rounds (16.9.9.1) are the AI's.
    pub fn answer(&self, battle: &Battle, prompt: &Prompt) -> Command {
        let mut command = ai::answer(battle, prompt);
        if let (Prompt::Orders { side }, Command::Orders { orders, .. }) = (prompt, &mut command)
            && !battle.is_free_round()
        {
            let round = battle.round();
            let scripted = self
                .orders
                .range((round, FigureId(0))..(round + 1, FigureId(0)))
                .map(|(_, o)| o)
                .filter(|o| {
                    let f = battle.figure(o.figure);
                    f.side == side.0 && !f.condition.is_out()
                });
            for o in scripted {
                orders.retain(|mine| mine.figure != o.figure);
                orders.push(o.clone());
            }
            orders.sort_by_key(|o| o.figure);
        }
        command
    }
}

/// Whether `text` names `name` as a whole word (not inside a longer name).
fn names_word(text: &str, name: &str) -> bool {
    let apart = |c: Option<char>| c.is_none_or(|c| !c.is_alphanumeric());
    text.match_indices(name).any(|(i, _)| {
        apart(text[..i].chars().next_back()) && apart(text[i + name.len()..].chars().next())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn duel() -> Checked {
        crate::rulesets::shakhan::scenario::default_scenario().unwrap()
    }

    #[test]
    fn entries_are_found_past_comments_strings_and_attributes() {
        let text = "#![enable(implicit_some)]\n// a (comment)\n[\n  (round: 1, figure: \"a (b)\", cards: []),\n  /* ( */ (round: 2),\n]";
        let starts = entry_starts(text);
        assert_eq!(starts.len(), 2);
        assert_eq!(Place::of(text, starts[0]).to_string(), "4:3");
        assert_eq!(Place::of(text, starts[1]).to_string(), "5:11");
    }

    #[test]
    fn a_script_names_figures_and_enemies_within_tca() {
        let text = r#"[
            (round: 1, figure: "Aulos", cards: [(card: D, target: Some("Berrin"))]),
            (round: 2, figure: "Berrin", cards: [(card: A)], shield: Lower),
        ]"#;
        let script = Script::parse(Path::new("o.ron"), text, &duel()).unwrap();
        assert_eq!(script.orders.len(), 2);
        let berrin = &script.orders[&(2, FigureId(1))];
        assert_eq!(berrin.cards[0].card, Card::A);
        assert_eq!(berrin.shield, ShieldStance::Lower);
        assert_eq!(berrin.when_busy, BusyStance::Defend);
    }

    #[test]
    fn unknown_names_friends_and_too_many_cards_are_located() {
        let text = "[\n  (round: 1, figure: \"Aulos\", cards: [(card: C, target: Some(\"Nobody\"))]),\n  (round: 1, figure: \"Zed\", cards: [(card: C)]),\n  (round: 2, figure: \"Aulos\", cards: [(card: C), (card: C)]),\n]";
        let e = Script::parse(Path::new("o.ron"), text, &duel()).unwrap_err();
        let shown = e.to_string();
        assert!(
            shown.contains("o.ron:2:62: there is no figure named \"Nobody\""),
            "{shown}"
        );
        assert!(
            shown.contains("o.ron:3:22: there is no figure named \"Zed\""),
            "{shown}"
        );
        assert!(
            shown.contains("o.ron:4:31: Aulos may play 1 to 1 card a round"),
            "{shown}"
        );
    }

    #[test]
    fn a_syntax_error_has_its_line_and_column() {
        let text = "[\n  (round: 1, figure: \"Aulos\", cards: [(card: X)]),\n]";
        let e = Script::parse(Path::new("o.ron"), text, &duel()).unwrap_err();
        assert_eq!(e.problems[0].at.map(|a| a.line), Some(2));
        assert!(e.to_string().starts_with("o.ron:2:"), "{e}");
    }
}
