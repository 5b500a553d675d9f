//! Events in plain words, each with the line of the cheat sheet it follows.
//! The referee's view shows every number; the table's only what the players
//! see happen. A line reads only its event and the battle's fixed spec.

use crate::rulesets::harnmaster::rules::tables::pack::Effect;
use crate::rulesets::harnmaster::rules::terms::Party;
use crate::seam::View;

use super::command::Defend;
use super::event::{Check, Event, Gain, Loss};
use super::state::{Battle, Status};

fn effect_words(e: &Effect) -> String {
    let who = |p: &Party| match p {
        Party::Attacker => "attacker",
        Party::Defender => "defender",
    };
    match e {
        Effect::Strike(p, n) => format!("{} strikes ({n}d6)", who(p)),
        Effect::Block => "block".into(),
        Effect::Miss => "miss".into(),
        Effect::Advantage(p) => format!("{} gains a tactical advantage", who(p)),
        Effect::Fumble(p, n) => format!("{} fumble roll ({n}d6)", who(p)),
        Effect::Stumble(p, n) => format!("{} stumble roll ({n}d6)", who(p)),
    }
}

fn check_words(c: Check) -> (&'static str, &'static str) {
    match c {
        Check::Kill => ("instant-kill roll", "l.125"),
        Check::Amputation => ("amputation roll", "l.129"),
        Check::Shock => ("shock roll", "l.143"),
        Check::Fumble { .. } => ("fumble roll", "l.153"),
        Check::Stumble => ("stumble roll", "l.157"),
        Check::WeaponDamage { .. } => ("weapon damage check", "l.161"),
        Check::Revival => ("roll to regain consciousness", "l.145"),
        Check::InShock => ("roll for shock", "l.149"),
        Check::Rise => ("roll to rise", "l.203"),
    }
}

/// `event` in words for `view`, or `None` when that view does not show it.
pub fn explain(b: &Battle, event: &Event, view: View) -> Option<String> {
    let referee = view == View::Referee;
    let name = |f: &crate::seam::FigureId| b.name(*f).to_string();
    let weapon = |f: &crate::seam::FigureId, w: usize| b.weapon_row(*f, w).name.clone();
    let pack = b.pack();
    Some(match event {
        Event::RoundBegan {
            round,
            order,
            surprise,
        } => {
            let list: Vec<String> = order
                .iter()
                .map(|(f, i)| {
                    if referee {
                        format!("{} ({i})", name(f))
                    } else {
                        name(f)
                    }
                })
                .collect();
            let mut s = format!("Round {round}: order {} [l.3]", list.join(", "));
            if let Some(side) = surprise {
                s.push_str(&format!(
                    "\n{} start the battle: only they act this round [l.5]",
                    b.spec().sides[side.0]
                ));
            }
            s
        }
        Event::TurnOf { figure, .. } => format!("{}'s turn [l.171]", name(figure)),
        Event::Moved {
            figure,
            path,
            engage,
            ..
        } => {
            let last = path.last().map(|h| (h.col, h.row)).unwrap_or_default();
            let how = if *engage { "engages: moves" } else { "moves" };
            let line = if *engage { "l.195" } else { "l.177" };
            format!(
                "{} {how} {} hexes to {last:?} [{line}]",
                name(figure),
                path.len()
            )
        }
        Event::Rested { figure } => format!("{} rests [l.173]", name(figure)),
        Event::Declared {
            attacker,
            target,
            weapon: w,
            aspect,
            aim,
        } => format!(
            "{} attacks {} with the {}: {}, {} [l.11, l.12]",
            name(attacker),
            name(target),
            weapon(attacker, *w),
            aspect.word(),
            aim.words()
        ),
        Event::Shot {
            shooter,
            target,
            weapon: w,
            aim,
            range,
            ..
        } => format!(
            "{} shoots the {} at {} from {range} hexes, {} [l.52–54]",
            name(shooter),
            weapon(shooter, *w),
            name(target),
            aim.words()
        ),
        Event::Stray { roll, victim } => match (victim, referee) {
            (Some(v), true) => format!(
                "The missile flies on (d100 {roll}): it strikes {} [l.86]",
                name(v)
            ),
            (Some(v), false) => format!("The missile flies on and strikes {} [l.86]", name(v)),
            (None, true)
                if roll.value()
                    <= crate::rulesets::harnmaster::rules::tables::sheet().stray_chance =>
            {
                format!(
                    "The missile flies on (d100 {roll}), but no one stands beside the target [l.86]"
                )
            }
            (None, true) => format!("The missile flies wide (d100 {roll}) [l.86]"),
            (None, false) => return None,
        },
        Event::Defends { defender, defence } => {
            let how = match defence {
                Defend::Block { weapon: w } => format!("blocks with the {}", weapon(defender, *w)),
                Defend::Counterstrike {
                    weapon: w,
                    aspect,
                    aim,
                } => format!(
                    "counterstrikes with the {}: {}, {}",
                    weapon(defender, *w),
                    aspect.word(),
                    aim.words()
                ),
                Defend::Dodge => "dodges".into(),
                Defend::Ignore => "ignores the attack".into(),
            };
            format!("{} {how} [l.16]", name(defender))
        }
        Event::SkillRoll {
            figure,
            worked,
            roll,
            level,
        } => {
            if referee {
                format!(
                    "{}: {}; rolled {roll}: {} [l.20–22]",
                    name(figure),
                    worked.words(),
                    level.words()
                )
            } else {
                format!("{}: {} [l.22]", name(figure), level.words())
            }
        }
        Event::Result {
            missile,
            defence,
            attacker,
            defender,
            effects,
        } => {
            let words: Vec<String> = effects.iter().map(effect_words).collect();
            let cell = match defender {
                Some(d) => format!("{attacker} against {d}"),
                None => format!("{attacker}"),
            };
            format!(
                "{}{} table, {cell}: {} [{}; {}]",
                if *missile { "missile " } else { "" },
                defence.word(),
                words.join(", "),
                if *missile { "l.64" } else { "l.23" },
                pack_word(b)
            )
        }
        Event::Struck {
            striker,
            victim,
            delivery: d,
            ..
        } => {
            let location = &pack.locations[d.location].name;
            if referee {
                let dice: Vec<String> = d.impact_dice.iter().map(u32::to_string).collect();
                format!(
                    "{} strikes {}'s {location} (d100 {}): impact {}d6 ({}) + {} {} = {}, armour {} → effective {} [l.27–30, l.113–117]",
                    name(striker),
                    name(victim),
                    d.location_roll,
                    d.impact_dice.len(),
                    dice.join("+"),
                    d.weapon_impact,
                    d.aspect.letter(),
                    d.impact(),
                    d.protection,
                    d.effective()
                )
            } else if d.effective() == 0 {
                format!(
                    "{} strikes {}'s {location}: the armour holds [l.115]",
                    name(striker),
                    name(victim)
                )
            } else {
                format!(
                    "{} strikes {}'s {location} [l.27]",
                    name(striker),
                    name(victim)
                )
            }
        }
        Event::Checked {
            figure,
            check,
            roll,
            failed,
        } => {
            let (what, line) = check_words(*check);
            let result = match (check, failed) {
                (Check::Kill, true) => "killed",
                (Check::Kill, false) => "survives",
                (Check::Amputation, true) => "severed",
                (Check::Amputation, false) => "not severed",
                (Check::Shock, true) => "unconscious",
                (Check::Shock, false) => "stays conscious",
                (Check::Fumble { .. }, true) => "drops it",
                (Check::Fumble { .. }, false) => "keeps hold",
                (Check::Stumble, true) => "falls",
                (Check::Stumble, false) => "keeps footing",
                (Check::WeaponDamage { .. }, true) => "destroyed",
                (Check::WeaponDamage { .. }, false) => "holds",
                (Check::Revival, true) => "stays out",
                (Check::Revival, false) => "comes to",
                (Check::InShock, true) => "in shock",
                (Check::InShock, false) => "steady",
                (Check::Rise, true) => "stays down",
                (Check::Rise, false) => "stands",
            };
            let object = match check {
                Check::Fumble { weapon: w } | Check::WeaponDamage { weapon: w } => {
                    format!(" for the {}", weapon(figure, *w))
                }
                _ => String::new(),
            };
            if referee {
                format!(
                    "{}'s {what}{object}: {}: {result} [{line}]",
                    name(figure),
                    roll.words()
                )
            } else {
                format!("{}'s {what}{object}: {result} [{line}]", name(figure))
            }
        }
        Event::Became { figure, status } => match status {
            Status::Fighting => format!("{} is back in the fight [l.145]", name(figure)),
            Status::InShock => format!(
                "{} is in shock: can only rest, walk or crawl [l.149]",
                name(figure)
            ),
            Status::Unconscious => format!("{} falls unconscious", name(figure)),
            Status::Dead => format!("{} dies", name(figure)),
        },
        Event::Prone { figure, prone } => {
            if *prone {
                format!("{} falls prone", name(figure))
            } else {
                format!("{} stands up [l.201]", name(figure))
            }
        }
        Event::Lost {
            figure,
            weapon: w,
            loss,
        } => match loss {
            Loss::Dropped => format!("{} drops the {}", name(figure), weapon(figure, *w)),
            Loss::Broken => format!(
                "{}'s {} is destroyed [l.161]",
                name(figure),
                weapon(figure, *w)
            ),
        },
        Event::Bleeding { figure, more } => {
            if referee {
                format!(
                    "{} bleeds: {more} more blood loss point(s) a turn [l.131]",
                    name(figure)
                )
            } else {
                format!("{} bleeds [l.131]", name(figure))
            }
        }
        Event::BloodLoss {
            figure,
            points,
            total,
        } => {
            if !referee {
                return None;
            }
            format!(
                "{} loses {points} blood: {total} of endurance {} [l.133]",
                name(figure),
                b.of(*figure).endurance
            )
        }
        Event::Fatigue {
            figure,
            points,
            total,
        } => {
            let who = name(figure);
            match (referee, *points > 0) {
                (false, true) => format!("{who} tires after a minute of fighting [l.165]"),
                (false, false) => {
                    format!("{who} gets some breath back after a minute of rest [l.175]")
                }
                (true, true) => format!(
                    "{who} tires after a minute of fighting: +{} (load {} / endurance {}, at least {}), {total} in all [l.165]",
                    crate::words::count(
                        points.unsigned_abs() as usize,
                        "fatigue point",
                        "fatigue points"
                    ),
                    b.of(*figure).load,
                    b.of(*figure).endurance,
                    crate::rulesets::harnmaster::rules::tables::sheet().least_fatigue_rate
                ),
                (true, false) => format!(
                    "{who} rests a minute: −{} (endurance / {}), {total} in all [l.175]",
                    crate::words::count(
                        points.unsigned_abs() as usize,
                        "fatigue point",
                        "fatigue points"
                    ),
                    crate::rulesets::harnmaster::rules::tables::sheet().rest_divisor
                ),
            }
        }
        Event::LimbUnusable { figure, location } => format!(
            "{}'s {} is unusable [l.135]",
            name(figure),
            pack.locations[*location].name
        ),
        Event::KnockedBack { figure, to } => match to {
            Some(h) => format!(
                "{} is knocked back to {:?} [l.137]",
                name(figure),
                (h.col, h.row)
            ),
            None => format!(
                "{} is knocked back but has nowhere to go [l.137]",
                name(figure)
            ),
        },
        Event::Advantage { figure, why, taken } => {
            let why = match why {
                Gain::Table => "from the table".to_string(),
                Gain::Engage => "engaging, with the higher mobility".to_string(),
                Gain::OpponentFailed(c) => format!("the opponent's {}", check_words(*c).0),
            };
            if *taken {
                format!(
                    "{} gains a tactical advantage ({why}): another action [l.88]",
                    name(figure)
                )
            } else {
                format!(
                    "{} would gain a second tactical advantage ({why}): the turn ends [l.88]",
                    name(figure)
                )
            }
        }
        Event::Ended { winner } => match winner {
            Some(s) => format!("{} win: no one else can fight", b.spec().sides[s.0]),
            None => "No one is left able to fight".into(),
        },
    })
}

/// What the combat table came from, in every line that reads one.
fn pack_word(b: &Battle) -> &'static str {
    if b.pack().is_placeholder() {
        "PLACEHOLDER pack"
    } else {
        "referee's pack"
    }
}
