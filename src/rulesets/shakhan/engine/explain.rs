//! Events in plain words for the log, with figure and side names.

use super::event::{Event, Phase};
use super::state::Battle;
use crate::hex::Step;
use crate::rulesets::shakhan::rules::trample::DodgeChoice;
use crate::seam::{FigureId, SideId, View};
use crate::words::{count, counted, possessive};

/// One line of the log as written: a round's heading, a pulse's header
/// (written with the first line under it), a run of pulses where nothing
/// happened (written when the run ends), or an event's line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// The event the line is written at (a header: its pulse's start).
    pub event: usize,
    pub kind: EntryKind,
    pub text: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EntryKind {
    Round,
    Pulse,
    Quiet,
    Line,
}

/// The log being written: the pulse begun with no line under it yet, and
/// the run of quiet pulses before it.
#[derive(Default)]
struct Quiet {
    pending: Option<(u8, usize)>,
    run: Option<(u8, u8, usize)>,
}

impl Quiet {
    /// The pending pulse turned out quiet: it joins the run.
    fn settle(&mut self) {
        if let Some((pulse, at)) = self.pending.take() {
            self.run = Some(match self.run {
                Some((first, _, at)) => (first, pulse, at),
                None => (pulse, pulse, at),
            });
        }
    }

    /// Write the run of quiet pulses, now that it has ended.
    fn flush(&mut self, out: &mut Vec<Entry>) {
        if let Some((first, last, event)) = self.run.take() {
            let text = if first == last {
                format!("Pulse {first}: nothing happens")
            } else {
                format!("Pulses {first}–{last}: nothing happens")
            };
            out.push(Entry {
                event,
                kind: EntryKind::Quiet,
                text,
            });
        }
    }
}

impl Battle {
    /// The whole log in `view`. Lines are only ever added as the battle
    /// goes on, never changed: a pulse's header waits for its first line,
    /// and quiet pulses are written as one line once the run ends (a pulse
    /// with a line, a new round or the battle's end).
    pub fn log(&self, view: View) -> Vec<Entry> {
        self.log_range(view, 0..self.events.len())
    }

    /// The log of `events[range]`, where `range.start` is 0 or a round's
    /// beginning (nothing waits to be written there); a range that stops
    /// before the end stops at a round's beginning, which writes what
    /// waited. Lets the display write only the last rounds.
    pub fn log_range(&self, view: View, range: std::ops::Range<usize>) -> Vec<Entry> {
        let mut out = Vec::new();
        let mut quiet = Quiet::default();
        let end = range.end;
        for i in range {
            let event = &self.events[i];
            let closes = matches!(event, Event::RoundBegan { .. } | Event::BattleEnded { .. });
            if closes {
                quiet.settle();
                quiet.flush(&mut out);
            }
            if let Event::PhaseBegan {
                phase:
                    Phase::Attack {
                        pulse,
                        second: false,
                    },
            } = event
            {
                quiet.settle();
                quiet.pending = Some((*pulse, i));
                continue;
            }
            let Some(text) = self.describe(event, view) else {
                continue;
            };
            let kind = if matches!(event, Event::RoundBegan { .. }) {
                EntryKind::Round
            } else {
                quiet.flush(&mut out);
                if let Some((pulse, at)) = quiet.pending.take() {
                    out.push(Entry {
                        event: at,
                        kind: EntryKind::Pulse,
                        text: format!("Pulse {pulse}"),
                    });
                }
                EntryKind::Line
            };
            out.push(Entry {
                event: i,
                kind,
                text,
            });
        }
        if end < self.events.len() {
            quiet.settle();
            quiet.flush(&mut out);
        }
        out
    }

    fn name(&self, id: FigureId) -> &str {
        &self.figures[id.0].name
    }

    fn side_name(&self, id: SideId) -> &str {
        &self.sides[id.0].name
    }

    /// One event as a log line (`None` for bookkeeping events not worth a line).
    pub fn describe(&self, event: &Event, view: View) -> Option<String> {
        Some(match event {
            Event::RoundBegan { round, free: true } => {
                format!("— Free Melee Round (before round {}) —", round + 1)
            }
            Event::RoundBegan { round, .. } => format!("— Melee Round {round} —"),
            Event::PhaseBegan { phase } => match phase {
                Phase::QuickMelee => "Quick melee: attacks in descending Adjusted Agility".into(),
                _ => return None,
            },
            Event::Upkeep { figure, report } => format!("{}: {report}", self.name(*figure)),
            Event::InitiativeRolled {
                rolls,
                modifiers,
                modified,
                result,
                winner,
                free_rounds,
            } => {
                let side = |i: usize| {
                    let mods: Vec<String> = modifiers[i]
                        .iter()
                        .map(|(why, v)| format!("{v:+} {why}"))
                        .collect();
                    let mods = if mods.is_empty() {
                        String::new()
                    } else {
                        format!(" {}", mods.join(", "))
                    };
                    format!(
                        "{} rolled {:02}{mods} → {:02}",
                        self.side_name(SideId(i)),
                        rolls[i] % 100,
                        modified[i] % 100
                    )
                };
                let outcome = match winner {
                    Some(w) if *free_rounds > 0 => format!(
                        "Initiative to {}, with {}",
                        self.side_name(*w),
                        counted(usize::from(*free_rounds), "free round")
                    ),
                    Some(w) => format!("Initiative to {}", self.side_name(*w)),
                    None => "roll again".into(),
                };
                format!("Initiative: {}; {}: {result} — {outcome}", side(0), side(1))
            }
            Event::InitiativeAlternates { side } => {
                format!("Initiative passes to {}", self.side_name(*side))
            }
            Event::FreshInitiativeCalled => "The Referee calls a fresh Initiative check".into(),
            Event::Hazard(h) => {
                let w = &h.outcome.wound;
                match view {
                    View::Referee => format!(
                        "{} suffers {}: {}",
                        self.name(h.figure),
                        hazard_name(&h.hazard),
                        h.outcome.lines.join("; ")
                    ),
                    View::Table => {
                        let symptoms: Vec<&str> = w
                            .critical
                            .iter()
                            .flat_map(|c| c.injuries.iter().map(|i| i.symptom.as_str()))
                            .collect();
                        format!(
                            "{} suffers {}{}",
                            self.name(h.figure),
                            hazard_name(&h.hazard),
                            if symptoms.is_empty() {
                                String::new()
                            } else {
                                format!(": {}", symptoms.join("; "))
                            }
                        )
                    }
                }
            }
            Event::PairingsMade { pairs } if pairs.is_empty() => {
                "The Referee sets nobody against anybody this round".into()
            }
            Event::PairingsMade { pairs } => {
                let pairs: Vec<String> = pairs
                    .iter()
                    .map(|p| format!("{} on {}", self.name(p.attacker), self.name(p.defender)))
                    .collect();
                format!("Quick melee pairings: {}", pairs.join(", "))
            }
            Event::QuickMeleeSwitched { on } => format!(
                "The Referee switches to {} from the next round",
                if *on {
                    "Quick Melee Combat"
                } else {
                    "regular Melee Combat"
                }
            ),
            Event::Trample(t) => {
                let how = match t.dodge.choice {
                    DodgeChoice::HalfKeepCards => "at half DMod, keeping its cards",
                    DodgeChoice::FullLoseCard if t.dodge.loses_card => {
                        "at full DMod, losing its next card"
                    }
                    DodgeChoice::FullLoseCard => {
                        "at full DMod (a master of Martial Arts keeps its cards)"
                    }
                };
                let outcome = match (t.displaced_to, t.strikes) {
                    (Some(h), _) => format!(" and is thrown aside to ({}, {})", h.col, h.row),
                    (None, Some((die, n))) => format!(
                        " and is crushed: 1D{die} = {}",
                        counted(n as usize, "strike")
                    ),
                    (None, None) => String::new(),
                };
                format!(
                    "{} tramples {} ({}× its weight): {} dodges {how}, {}{outcome}",
                    self.name(t.attacker),
                    self.name(t.defender),
                    t.multiple,
                    self.name(t.defender),
                    t.dodge.check
                )
            }
            // The strike's own line tells of any Dodge tried (16.9.4), as it
            // tells of a shield raised.
            Event::DodgeChosen { .. } => return None,
            Event::TrampleStrike(s) => match view {
                View::Referee => s.explanation(),
                View::Table => {
                    let damage: i32 = s.wounds.iter().map(|w| w.damage).sum();
                    let mut line = format!(
                        "{} is crushed by {}",
                        self.name(s.defender),
                        self.name(s.attacker)
                    );
                    if damage == 0 && s.wounds.is_empty() {
                        line.push_str(" but unhurt");
                    }
                    let seen = s.table_view();
                    if !seen.is_empty() {
                        line.push_str(&format!(": {seen}"));
                    }
                    line
                }
            },
            Event::PriorityDetermined { order, tie_rolls } => {
                let names: Vec<&str> = order.iter().map(|id| self.name(*id)).collect();
                let ties: Vec<String> = tie_rolls
                    .iter()
                    .map(|(id, r)| format!("{} {:02}", self.name(*id), r % 100))
                    .collect();
                let ties = if ties.is_empty() {
                    String::new()
                } else {
                    format!(" (ties rolled: {})", ties.join(", "))
                };
                format!(
                    "Initiative Priority, first to last: {}{ties}",
                    names.join(", ")
                )
            }
            Event::OrdersSealed { side, orders } => match view {
                // Nothing of what was chosen: not even how many figures
                // have cards (the others play G).
                View::Table => format!("Sealed orders from {}", self.side_name(*side)),
                View::Referee => format!(
                    "{} orders: {}",
                    self.side_name(*side),
                    self.orders_line(orders)
                ),
            },
            Event::OrdersRevealed { orders, awards } => {
                let ap: Vec<String> = awards
                    .iter()
                    .map(|a| {
                        format!(
                            "{} {} AP ({:.1}/pulse)",
                            self.name(a.figure),
                            fmt_ap(a.ap),
                            a.pulse_ap
                        )
                    })
                    .collect();
                format!(
                    "Orders revealed: {}. {}",
                    self.orders_line(orders),
                    ap.join(", ")
                )
            }
            Event::CardsLost { figure, cards } => {
                let cards: Vec<String> = cards.iter().map(|c| c.to_string()).collect();
                format!(
                    "{} is still off balance and loses {}",
                    self.name(*figure),
                    cards.join(", ")
                )
            }
            Event::MovementPriorityChosen { side, move_first } => format!(
                "{} will move {}",
                self.side_name(*side),
                if *move_first { "first" } else { "second" }
            ),
            Event::DivineIntervention { note: Some(n) } => format!("Divine Intervention: {n}"),
            Event::DivineIntervention { note: None } => return None,
            Event::Strike(s) => {
                let prefix = if s.reaction {
                    "Reaction attack — "
                } else {
                    ""
                };
                let explanation = s.explanation();
                match view {
                    View::Referee => format!("{prefix}{explanation}"),
                    View::Table => {
                        let seen = s.table_view();
                        if seen.is_empty() {
                            format!("{prefix}{}", first_sentence(&explanation))
                        } else {
                            format!("{prefix}{} {seen}", first_sentence(&explanation))
                        }
                    }
                }
            }
            Event::Moved {
                figure,
                steps,
                ap,
                to,
            } => {
                let walked = steps
                    .iter()
                    .filter(|s| !matches!(s, Step::Pivot { .. }))
                    .count();
                let name = self.name(*figure);
                let face = to.facing.name();
                let ap = fmt_ap(*ap);
                let at = format!("({}, {})", to.hex.col, to.hex.row);
                match (walked, view) {
                    (0, View::Table) => format!("{name} turns to face {face} ({ap} AP)"),
                    (0, View::Referee) => format!("{name} turns to face {face} at {at} ({ap} AP)"),
                    (n, _) => format!(
                        "{name} moves {} to {at}, facing {face} ({ap} AP)",
                        count(n, "hex", "hexes")
                    ),
                }
            }
            Event::MoveStopped { figure } => format!("{} is stopped", self.name(*figure)),
            Event::ActionBegun {
                figure,
                activity,
                needed,
            } => format!(
                "{} begins {} ({} AP)",
                self.name(*figure),
                activity.doing(),
                fmt_ap(*needed)
            ),
            Event::ActionWorked { figure, ap, so_far } => format!(
                "{} works on it: {} AP (so far {})",
                self.name(*figure),
                fmt_ap(*ap),
                fmt_ap(*so_far)
            ),
            Event::ActionDone { figure, activity } => {
                format!("{} finishes {}", self.name(*figure), activity.doing())
            }
            Event::ActionSpoiled { figure } => format!(
                "{} action is spoiled and must be begun again",
                possessive(self.name(*figure))
            ),
            Event::ActionAbandoned { figure } => {
                format!("{} gives up its action", self.name(*figure))
            }
            Event::FatigueSpent { figure, points } => {
                format!("{} spends {} Fatigue", self.name(*figure), fmt_ap(*points))
            }
            Event::MoraleChecked { figure, report } => format!("{}: {report}", self.name(*figure)),
            Event::Overridden { change, discarded } => {
                self.describe_override(change, discarded, view)
            }
            Event::Brawl(e) => return self.describe_brawl(e, view),
            Event::LoadBegun { .. }
            | Event::QuickShot { .. }
            | Event::MissileLoosed { .. }
            | Event::MissileFlew(_) => {
                return self.describe_missile(event, view);
            }
            Event::CombinedActions {
                figure,
                check,
                lost_ap,
            } => {
                let name = self.name(*figure);
                let verdict = if check.passed() {
                    "moves and works on its action together".to_string()
                } else {
                    format!("stumbles and falls prone, losing {} AP", fmt_ap(*lost_ap))
                };
                format!(
                    "{name} combines a move with its action (16.9.4): (Agility + Dexterity) × 2.5, {check}: {verdict}"
                )
            }
            Event::WoundsTended { figure } => {
                format!(
                    "{} bleeding is stanched (16.13.4)",
                    possessive(self.name(*figure))
                )
            }
            Event::AfterBattleRound { round } => {
                format!(
                    "— {} after the battle, untended (16.13.4) —",
                    counted(*round as usize, "round")
                )
            }
            Event::BattleEnded {
                winner: Some(w),
                rounds,
            } => format!(
                "{} won after {}",
                self.side_name(*w),
                counted(*rounds as usize, "round")
            ),
            Event::BattleEnded {
                winner: None,
                rounds,
            } => format!(
                "Nobody is left standing after {}",
                counted(*rounds as usize, "round")
            ),
        })
    }

    fn orders_line(&self, orders: &[super::command::FigureOrders]) -> String {
        orders
            .iter()
            .map(|o| {
                let cards: Vec<String> = o
                    .cards
                    .iter()
                    .map(|c| match c.target {
                        Some(t) => format!("{} on {}", c.card, self.name(t)),
                        None => c.card.to_string(),
                    })
                    .collect();
                format!("{} {}", self.name(o.figure), cards.join(", "))
            })
            .collect::<Vec<_>>()
            .join("; ")
    }
}

/// What the players see of a hazard (16.10: not its dice or intensity).
fn hazard_name(h: &crate::rulesets::shakhan::rules::hazard::Hazard) -> &'static str {
    use crate::rulesets::shakhan::rules::hazard::Hazard as H;
    match h {
        H::Poison { .. } => "a poison",
        H::Temperature { .. } => "burning heat or cold",
        H::Fall { .. } => "a fall",
        H::Impact { .. } => "a heavy impact",
        H::Acid { .. } => "acid",
        H::Suffocation { .. } => "lack of air",
        H::LifeDrain { .. } => "a draining of life energy",
        H::Radiation { .. } => "an unseen sickness",
    }
}

/// The threshold and the roll, without the wound details a table may not see.
fn first_sentence(explanation: &str) -> String {
    explanation.split(';').take(2).collect::<Vec<_>>().join(";")
}

fn fmt_ap(v: f64) -> String {
    if v.fract() == 0.0 {
        format!("{v:.0}")
    } else {
        format!("{v:.1}")
    }
}
