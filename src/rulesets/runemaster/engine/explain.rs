//! Events in plain words, as the referee or the table may read them. A line
//! reads only its event and the scenario: never the battle's later state.
//! The table sees sealed intents only once revealed, and no chances or dice.

use std::fmt::Write;

use super::command::{Defence, Intent};
use super::event::{Event, Roll, Strike};
use crate::rulesets::runemaster::rules::tables::Fumble;
use crate::rulesets::runemaster::scenario::Setup;
use crate::seam::View;
use crate::words::signed;

fn intent_words(setup: &Setup, intent: Intent) -> String {
    let name = |i: usize| setup.figures[i].name.as_str();
    match intent {
        Intent::Attack(t) => format!("attack {}", name(t.0)),
        Intent::Close(t) => format!("close on {}", name(t.0)),
        Intent::Hold => "hold".into(),
    }
}

fn defence_words(d: Defence) -> &'static str {
    match d {
        Defence::Parry => "parry",
        Defence::Block => "block",
        Defence::Dodge => "dodge",
        Defence::None => "no defence",
    }
}

fn face(roll: u8) -> String {
    if roll == 100 {
        "00".into()
    } else {
        format!("{roll:02}")
    }
}

/// Fumble Table results in a few words.
fn fumble_words(f: Fumble) -> &'static str {
    match f {
        Fumble::Slip => "slip, off balance and no dodge this round",
        Fumble::Trip => "trip, off balance",
        Fumble::FallDrop => "falls down, may drop what is held",
        Fumble::FallHard => "falls down hard, drops what is held",
        Fumble::GripSlips => "grip slips, an action to regain it",
        Fumble::WideOpen => "wide open, +25% to be hit this round",
        Fumble::DropWeapon => "drops the weapon",
        Fumble::FlingWeapon => "flings the weapon away",
        Fumble::Strain => "strains a limb",
        Fumble::Sprain => "sprains a limb",
        Fumble::TornMuscle => "tears a muscle",
        Fumble::DislocatedJoint => "dislocates a joint",
        Fumble::FumbleBadly => "fumbles badly, two more rolls",
        Fumble::HitSelfHalf => "hits self, half damage",
        Fumble::HitSelf => "hits self",
        Fumble::HitSelfDouble => "hits self, double damage",
    }
}

/// A roll for the referee: chance and its parts, the roll, the level.
fn roll_words(r: &Roll) -> String {
    let mut s = format!("{}", r.skill);
    for p in &r.parts {
        let _ = write!(s, " {} {}", signed(p.value), p.why);
    }
    for n in &r.notes {
        let _ = write!(s, "; {n}");
    }
    format!(
        "{}% (= {s}), rolled {}: {}",
        r.chance,
        face(r.roll),
        r.level
    )
}

fn strike_words(setup: &Setup, s: &Strike, view: View) -> String {
    let name = |i: usize| setup.figures[i].name.as_str();
    let referee = view == View::Referee;
    let mut out = format!(
        "SR {}: {} {}attacks {} with {}",
        s.sr,
        name(s.attacker),
        if s.lunge { "lunges and " } else { "" },
        name(s.target),
        s.weapon
    );
    if referee {
        let _ = write!(out, " — {}", roll_words(&s.attack));
    } else {
        let _ = write!(out, ": {}", s.attack.level);
    }
    match &s.defended {
        Ok(d) if referee => {
            let _ = write!(
                out,
                "; {} {} {}",
                name(s.target),
                defence_words(s.defence),
                roll_words(d)
            );
        }
        Ok(d) => {
            let _ = write!(
                out,
                "; {}'s {}: {}",
                name(s.target),
                defence_words(s.defence),
                d.level
            );
        }
        Err(why) if s.defence != Defence::None => {
            let _ = write!(
                out,
                "; {} cannot {}: {why}",
                name(s.target),
                defence_words(s.defence)
            );
        }
        Err(_) => {}
    }
    if s.level != s.attack.level {
        let _ = write!(out, "; the attack falls to {}", s.level);
    }
    if s.on_shield {
        let _ = write!(out, "; the blow lands on the shield (Attack, Shield)");
    }
    if let Some(d) = &s.damage {
        if referee {
            let rolls: Vec<String> = d.rolls.iter().map(|r| r.to_string()).collect();
            let _ = write!(out, "; damage {} = {}", rolls.join("+"), d.rolled);
            if d.deflected {
                let _ = write!(out, " (halved: deflected or on the shield)");
            }
            if d.parried > 0 {
                let _ = write!(out, ", parry stops {}", d.parried);
            }
            if let Some((stopped, through)) = d.blocked {
                let _ = write!(out, ", shield stops {stopped} ({through} through)");
            }
            if let Some(d6) = d.shield_arm {
                let _ = write!(out, ", shield arm d6 {d6}");
            }
            if d.armour > 0 {
                let _ = write!(out, ", armour stops {}", d.armour);
            }
            if d.doubled {
                let _ = write!(out, ", doubled (tear special)");
            }
            if let Some(face) = d.location_roll {
                let _ = write!(out, ", location d20 {face}");
            }
            if let Some(cap) = d.capped {
                let _ = write!(out, ", capped at {cap} (Excess Damage)");
            }
        }
        let _ = write!(out, "; {} takes {}", name(s.target), d.taken);
        if d.stun > 0 {
            let _ = write!(out, " and {} stun", d.stun);
        }
    }
    for h in &s.harms {
        if let Some(loc) = h.wound {
            let _ = write!(
                out,
                "; a serious wound to {}'s {}",
                name(h.figure),
                loc.name()
            );
        }
    }
    if let Some((feet, roll)) = &s.knockback {
        let _ = write!(out, "; knocked back {feet} ft");
        if referee {
            let _ = write!(out, " (stays up on {}: {})", roll.chance, roll_words(roll));
        }
    }
    for (roll, f) in &s.fumbles {
        if referee {
            let _ = write!(out, "; fumble table {}: {}", face(*roll), fumble_words(*f));
        } else {
            let _ = write!(out, "; fumble: {}", fumble_words(*f));
        }
    }
    for h in &s.harms {
        let mut what = Vec::new();
        if h.falls {
            what.push("falls");
        }
        if h.drops_weapon {
            what.push("loses the weapon");
        }
        if h.off_balance && !h.falls {
            what.push("is off balance");
        }
        if h.wide_open {
            what.push("is wide open");
        }
        if h.regrip {
            what.push("must regain the grip");
        }
        if !what.is_empty() {
            let _ = write!(out, "; {} {}", name(h.figure), what.join(", "));
        }
        // Damage beside the blow's own: a fumble's, a fall's.
        let blow = if h.figure == s.target {
            s.damage.as_ref().map_or(0, |d| d.taken)
        } else {
            0
        };
        if h.damage > blow {
            let _ = write!(out, "; {} takes {} more", name(h.figure), h.damage - blow);
        }
    }
    out
}

/// One event as `view` may read it; `None` for what that view does not see.
pub fn line(setup: &Setup, event: &Event, view: View) -> Option<String> {
    let name = |i: usize| setup.figures[i].name.as_str();
    let referee = view == View::Referee;
    Some(match event {
        Event::RoundBegan { round } => format!("— Round {round} —"),
        Event::Sealed { figure, intent } if referee => {
            format!("{} seals: {}", name(*figure), intent_words(setup, *intent))
        }
        Event::Sealed { figure, .. } => format!("{} seals an intent", name(*figure)),
        Event::Revealed { intents } => {
            let all: Vec<String> = intents
                .iter()
                .map(|(i, x)| format!("{} will {}", name(*i), intent_words(setup, *x)))
                .collect();
            format!("Intents revealed: {}", all.join("; "))
        }
        Event::Declared {
            figure,
            attacker,
            defence,
        } => format!(
            "{} declares {} against {}",
            name(*figure),
            defence_words(*defence),
            name(*attacker)
        ),
        Event::Shifted {
            figure,
            face,
            adjust,
        } => {
            if referee {
                format!("{} SR Shift d10 {face}: {}", name(*figure), signed(*adjust))
            } else {
                return None;
            }
        }
        Event::Timed {
            figure,
            target,
            base,
            skill,
            reach,
            against,
            shift,
            lunge,
            lands,
        } => {
            let mut s = format!("{} strikes {} at SR {lands}", name(*figure), name(*target));
            if referee {
                let _ = write!(
                    s,
                    " (base {base} house, skill {}, reach {}, target's reach {}, shift {}{})",
                    signed(*skill),
                    signed(*reach),
                    signed(*against),
                    signed(*shift),
                    if *lunge { ", lunge one SR later" } else { "" }
                );
            }
            if *lands < 1 {
                let _ = write!(s, ": too slow, it does not happen this round");
            }
            s
        }
        Event::Moved { figure, sr, to, .. } => format!(
            "SR {sr}: {} moves to ({}, {}) facing {}",
            name(*figure),
            to.hex.col,
            to.hex.row,
            to.facing.name()
        ),
        Event::NoAttack {
            figure, sr, why, ..
        } => {
            format!("SR {sr}: {} does not attack: {why}", name(*figure))
        }
        Event::Struck(s) => strike_words(setup, s, view),
        Event::Kept {
            figure,
            blood,
            stun_recovered,
            ..
        } => {
            let mut parts = Vec::new();
            if *blood > 0 {
                parts.push(format!("bleeds {blood}"));
            }
            if *stun_recovered > 0 {
                parts.push(format!("recovers {stun_recovered} stun"));
            }
            if parts.is_empty() {
                return None;
            }
            format!("Book Keeping: {} {}", name(*figure), parts.join(", "))
        }
        Event::Ended { winner } => match winner {
            Some(side) => format!("The battle is over: {} win", setup.sides[side.0]),
            None => "The battle is over: nobody is left standing".into(),
        },
    })
}
