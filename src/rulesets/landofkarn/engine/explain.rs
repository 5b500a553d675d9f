//! Land of Karn's events in plain words, each naming its rule: the
//! referee's view (every number) and the table's (the same rolls, without
//! the hit and stamina points left, which are the referee's). A line reads
//! only its event and the battle's fixed spec.

use std::fmt::Write;

use super::command::{Act, Plan};
use super::event::{Blow, Defence, Event, Guard, Modifier, PlanStep};
use super::state::{Battle, Standing};
use crate::rulesets::landofkarn::rules::roll::D20;
use crate::seam::{FigureId, View};

/// `event` in words for `view`; `None` for an event that says nothing.
pub fn explain_as(battle: &Battle, event: &Event, view: View) -> Option<String> {
    let name = |f: &FigureId| battle.figure(*f).name().to_string();
    Some(match event {
        Event::MeleeBegins { melee, pair } => format!(
            "Melee {melee}: {} (step 1, initiative)",
            pair.iter().map(name).collect::<Vec<_>>().join(" and ")
        ),
        Event::Chooses { figure, forfeit } => {
            if !forfeit {
                return None;
            }
            format!(
                "  {} forfeits the initiative (negative infinity)",
                name(figure)
            )
        }
        Event::InitiativeRolled { rolls, reroll } => {
            let said: Vec<String> = rolls
                .iter()
                .map(|(f, roll, total)| match roll {
                    Some(r) => format!("{} {}{}", name(f), r.said(), total_if(r, *total)),
                    None => format!("{} forfeits", name(f)),
                })
                .collect();
            let head = if *reroll {
                "  Still tied, they roll again"
            } else {
                "  Initiative d20"
            };
            format!("{head}: {}", said.join("; "))
        }
        Event::Leads { winner, by_alt, .. } => match winner {
            Some(w) if *by_alt => format!(
                "  Tied: {} has the higher ALT and wins the initiative",
                name(w)
            ),
            Some(w) => format!("  {} wins the initiative", name(w)),
            None => "  All forfeit: they stand and stare; nothing happens this melee".into(),
        },
        Event::Planned { figure, step, plan } => {
            let what = match step {
                PlanStep::Attack => "step 2, attacks",
                PlanStep::Defend => "step 3, defences",
            };
            format!("  {} ({what}): {}", name(figure), plan_words(plan))
        }
        Event::Covered {
            figure,
            covers,
            saved,
        } => {
            if covers.is_empty() {
                format!(
                    "  {} (step 4): no defence against the counterattacks",
                    name(figure)
                )
            } else {
                let said: Vec<String> = covers
                    .iter()
                    .zip(saved)
                    .map(|(c, saved)| {
                        format!(
                            "action {}{} against counter {}",
                            c.slot.action + 1,
                            if *saved {
                                " (saved)"
                            } else {
                                " (attack cancelled)"
                            },
                            c.against + 1
                        )
                    })
                    .collect();
                format!("  {} (step 4, defences): {}", name(figure), said.join("; "))
            }
        }
        Event::Feint {
            figure,
            strike,
            parried,
        } => format!(
            "  {}'s strike {} was a fake, cancelled for a defence{}",
            name(figure),
            strike + 1,
            if *parried {
                "; the parry against it is spent"
            } else {
                ""
            }
        ),
        Event::Struck(blow) => blow_words(battle, blow, view),
        Event::Fumbled(f) => {
            let mut s = format!(
                "  Fumble (Fumble chart, {:?} column): d100 {} — {}; {} SP to {}",
                f.column,
                f.roll,
                f.fumble.word(),
                rolled(&f.sp),
                name(&f.figure)
            );
            if let Some(wild) = &f.wild {
                let _ = write!(
                    s,
                    "\n  Hit Other: d{} {} picks {} among {}\n{}",
                    wild.among.len(),
                    wild.chosen_roll,
                    name(&wild.blow.target),
                    wild.among.iter().map(name).collect::<Vec<_>>().join(", "),
                    blow_words(battle, &wild.blow, view)
                );
            }
            s
        }
        Event::PicksUp { figure, action } => format!(
            "  {} spends action {} picking up the dropped weapon (Dropped Weapon)",
            name(figure),
            action + 1
        ),
        Event::Lost {
            figure,
            action,
            part,
            why,
        } => format!(
            "  {}'s action {} part {} is lost: {why}",
            name(figure),
            action + 1,
            part + 1
        ),
        Event::MeleeEnds { melee, wounds } => {
            let mut s = format!("  End of melee {melee} (step 6, damage taken)");
            if wounds.is_empty() {
                s.push_str(": no one is hurt");
            }
            for w in wounds {
                let mut took = Vec::new();
                if w.hp != 0 {
                    took.push(format!("{} HP", w.hp));
                }
                if w.sp != 0 {
                    took.push(format!("{} SP", w.sp));
                }
                if took.is_empty() {
                    took.push("no damage".into());
                }
                let _ = write!(s, "\n    {} takes {}", name(&w.figure), took.join(" and "));
                if view == View::Referee {
                    let _ = write!(s, " (left: {} HP, {} SP)", w.hp_left, w.sp_left);
                }
                if w.combat != 0 {
                    let _ = write!(s, "; {:+} to combat rolls from now on", w.combat);
                }
                match w.standing {
                    Standing::Up => {}
                    Standing::Unconscious => s.push_str("; falls unconscious"),
                    Standing::Dead => s.push_str("; dies"),
                }
            }
            s
        }
        Event::Ends { winner } => match winner {
            Some(side) => format!("{} win (step 7: one side stands)", battle.side_name(*side)),
            None => "No one is left standing (step 7)".into(),
        },
    })
}

fn total_if(r: &D20, total: crate::rulesets::landofkarn::rules::roll::Total) -> String {
    if r.face == 1 || r.face == 20 {
        format!(" ({total})")
    } else {
        String::new()
    }
}

fn rolled(r: &crate::dice::Rolled) -> String {
    if r.faces.is_empty() {
        return r.total.to_string();
    }
    let faces: Vec<String> = r.faces.iter().map(u32::to_string).collect();
    let m = r.dice.modifier;
    let plus = if m == 0 {
        String::new()
    } else {
        format!(" {} {}", if m < 0 { '-' } else { '+' }, m.abs())
    };
    format!(
        "{}D{} [{}]{plus} = {}",
        r.dice.count,
        r.dice.sides,
        faces.join(", "),
        r.total
    )
}

/// A plan in words: "1: strike; 2: half strike, half save".
pub fn plan_words(plan: &Plan) -> String {
    if plan.0.is_empty() {
        return "nothing".into();
    }
    plan.0
        .iter()
        .enumerate()
        .map(|(i, a)| {
            let parts: Vec<String> = a
                .0
                .iter()
                .map(|p| {
                    let act = match p.act {
                        Act::Strike { called: None } => "strike".to_string(),
                        Act::Strike { called: Some(c) } => format!("called shot ({c:?})"),
                        Act::Save => "save for defence".into(),
                        Act::Parry { against } => format!("parry strike {}", against + 1),
                        Act::Dodge => "dodge everything".into(),
                        Act::Counter { called: None } => "counterattack".into(),
                        Act::Counter { called: Some(c) } => format!("counter called shot ({c:?})"),
                        Act::Idle => "nothing".into(),
                    };
                    if a.0.len() == 1 {
                        act
                    } else {
                        format!("{} {act}", p.share.word())
                    }
                })
                .collect();
            format!("{}: {}", i + 1, parts.join(", "))
        })
        .collect::<Vec<_>>()
        .join("; ")
}

fn mods(m: &[Modifier]) -> String {
    if m.is_empty() {
        return String::new();
    }
    let said: Vec<String> = m
        .iter()
        .map(|m| format!("{} {:+}", m.what, m.value))
        .collect();
    format!(" [{}]", said.join(", "))
}

fn defence_words(d: &Defence, strike: crate::rulesets::landofkarn::rules::roll::Total) -> String {
    let how = match d.how {
        Guard::Parry => "parries",
        Guard::Dodge => "dodges",
        Guard::Saved => "defends with a saved action",
        Guard::Altered => "defends with a cancelled attack",
    };
    let roll = match &d.roll {
        Some(r) => format!("{}{}{}", r.said(), total_if(r, d.total), mods(&d.modifiers)),
        None => format!("the dodge already rolled, {}", d.total),
    };
    let result = match (d.held, d.total == strike) {
        (true, true) => "held (a tie goes to the defender)",
        (true, false) => "held",
        (false, _) => "not enough",
    };
    format!("{how}: {roll} — {result}")
}

fn blow_words(battle: &Battle, b: &Blow, view: View) -> String {
    let name = |f: &FigureId| battle.figure(*f).name().to_string();
    let what = if b.counter {
        "counterattacks"
    } else {
        "strikes at"
    };
    let mut s = format!(
        "  {} {what} {} ({}, {} action): {}{}{} — {}",
        name(&b.attacker),
        name(&b.target),
        b.weapon,
        b.roll.share.word(),
        b.roll.said(),
        total_if(&b.roll, b.total),
        mods(&b.modifiers),
        b.level.word()
    );
    if let Some(d) = &b.defence {
        let _ = write!(s, "; {} {}", name(&b.target), defence_words(d, b.total));
    }
    let Some(d) = &b.damage else {
        return s;
    };
    let t = &d.through;
    let _ = write!(s, "\n    damage {}", rolled(&d.rolled));
    if t.armour_struck {
        let _ = write!(
            s,
            "; under the armour's COV, it stops {} and takes {}",
            t.rolled - t.past_armour,
            t.to_armour
        );
    } else if battle.figure(b.target).spec.armour.is_some() {
        s.push_str("; over the armour's COV, it misses the armour");
    }
    if t.past_armour != t.to_figure {
        let _ = write!(s, "; natural armour stops {}", t.past_armour - t.to_figure);
    }
    let _ = write!(s, "; {} through", t.to_figure);
    if let Some(r) = d.pierce_roll {
        let _ = write!(s, "; pierce critical chance: d100 {r}, no critical");
    }
    if let Some(c) = &d.critical {
        if let Some(r) = c.pierce_roll {
            let _ = write!(s, "; pierce critical chance: d100 {r}, a critical");
        }
        let _ = write!(
            s,
            "\n    critical (Critical chart): d100 {} — {}: {} HP, {} SP",
            c.roll,
            c.severity.word(),
            c.hp,
            rolled(&c.sp)
        );
    }
    let _ = write!(s, "; {} HP, {} SP when the melee ends", d.hp, d.sp);
    if view == View::Referee && b.roll.face == 20 {
        s.push_str("; a natural 20 earns a Combat Skill Point");
    }
    s
}
