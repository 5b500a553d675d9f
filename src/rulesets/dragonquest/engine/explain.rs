//! Events in plain words, one line each, citing the section that decided it.
//! A line reads only its event and the battle's names (which never change).

use super::command::Item;
use super::command::SpecialAttack;
use super::event::{ActionKind, DamageCause, Event, Impairment, Impairs, StrikeEvent};
use super::state::Battle;
use crate::hex::Corner;
use crate::rulesets::dragonquest::rules::damage::Standing;
use crate::rulesets::dragonquest::rules::special::knocks_out;
use crate::rulesets::dragonquest::rules::strike::{AttackType, Hit, Mishap, Modifier, Parry};
use crate::rulesets::dragonquest::rules::tables::grievous::{Lasting, Pool, Trait};
use crate::rulesets::dragonquest::rules::tables::modifiers::{
    Close, Lighting, Melee, Misc, Ranged,
};
use crate::rulesets::dragonquest::rules::tables::tables;
use crate::seam::{FigureId, SideId, View};

/// One plain line for `event`, with its section in brackets: the
/// Referee's, every roll and number.
pub fn explain(battle: &Battle, event: &Event) -> String {
    capital(words(battle, event))
}

/// The line `view` may read, if any. The table sees what happens, as the
/// players at it would see it: who acts, who hits and misses, who is hurt,
/// Stunned, down, disarmed or injured; not the Referee's numbers, which are
/// the rolls, the Strike Chances and Defenses behind them, damage points and
/// the Fatigue, Endurance, Protection and characteristics they change
/// (docs/RULINGS.md, "The DragonQuest table view"). A roll with nothing to
/// see (an Initiative roll, a Grievous Injury roll that found none) is no line.
pub fn explain_as(battle: &Battle, event: &Event, view: View) -> Option<String> {
    match view {
        View::Referee => Some(explain(battle, event)),
        View::Table => table_words(battle, event).map(capital),
    }
}

fn capital(line: String) -> String {
    let mut chars = line.chars();
    chars
        .next()
        .map_or(line.clone(), |c| c.to_uppercase().chain(chars).collect())
}

/// The table's line for the events that carry the Referee's numbers; the
/// rest read the same in both views.
fn table_words(battle: &Battle, event: &Event) -> Option<String> {
    let name = |f: &FigureId| battle.figure(*f).name.as_str();
    let either = |yes: bool, a: &str, b: &str| if yes { a.to_string() } else { b.to_string() };
    Some(match event {
        Event::InitiativeRolled { .. } | Event::Grievous { injury: None, .. } => return None,
        Event::TurnsSet { engagements, sides } => {
            let mut parts: Vec<String> = engagements
                .iter()
                .map(|e| {
                    let order: Vec<String> = e
                        .iter()
                        .map(|g| {
                            let last = if g.last { " (last)" } else { "" };
                            format!("{}{last}", name(&g.figure))
                        })
                        .collect();
                    format!("engaged: {}", order.join(" then "))
                })
                .collect();
            if !sides.is_empty() {
                let s: Vec<&str> = sides
                    .iter()
                    .map(|s| battle.sides()[s.0].name.as_str())
                    .collect();
                let then = if parts.is_empty() { "" } else { "then " };
                parts.push(format!("{then}{}", s.join(", then ")));
            }
            format!("Order: {} [19.3, 19.4, 21]", parts.join("; "))
        }
        Event::Strike(s) => table_strike_line(battle, s),
        Event::Parried {
            defender, result, ..
        } => format!(
            "{} parries: {} [24.4]",
            name(defender),
            match result {
                Parry::Parried => "Parried, and off balance (a Pass next Pulse)",
                Parry::Disarm => "the attacker is Disarmed",
                Parry::Riposte => "the attacker is Disarmed, and a Riposte",
            }
        ),
        Event::Damaged {
            figure,
            fatigue,
            endurance,
            cause,
            ..
        } => {
            let who = name(figure);
            match (fatigue.0, endurance.0) {
                _ if *cause == Some(DamageCause::Bleeding) => format!("{who} bleeds [25.7]"),
                (0, 0) => format!(
                    "{} armour takes the blow [25.1]",
                    crate::words::possessive(who)
                ),
                (_, 0) => format!("{who} is battered and tires [25.1]"),
                _ => format!("{who} is wounded [25.2]"),
            }
        }
        Event::Grievous {
            figure,
            injury: Some(injury),
            struck,
            ..
        } => format!(
            "{} suffers a Grievous Injury: {injury}{} [25.7]",
            name(figure),
            struck.as_ref().map_or(String::new(), |s| format!(", {s}"))
        ),
        Event::ArmourDented { figure, .. } => {
            format!("{}'s armour is damaged [25.3]", name(figure))
        }
        Event::Bleeding { figure, .. } => format!("{} is bleeding [25.7]", name(figure)),
        Event::StunRecovery {
            figure, recovered, ..
        } => format!(
            "{} {} [26]",
            name(figure),
            either(*recovered, "recovers from Stun", "is still Stunned")
        ),
        Event::MishapCheck {
            figure,
            averted,
            breaks,
            ..
        } => format!(
            "{} {} [24.3]",
            name(figure),
            mishap_words(*breaks, *averted)
        ),
        Event::Lodged { figure, .. } => format!("The weapon lodges in {} [27.4]", name(figure)),
        Event::DrawnOut { figure, .. } => {
            format!("{} draws out a lodged weapon [27.4]", name(figure))
        }
        Event::ObscuredCheck { figure, passed, .. } => format!(
            "{} strikes into an obscured hex: {} [22.5]",
            name(figure),
            either(*passed, "may strike", "cannot")
        ),
        Event::Repulse {
            defender, repulsed, ..
        } => format!(
            "{} tries to Repulse: {} [20.6]",
            name(defender),
            either(*repulsed, "repulsed", "the closer comes in")
        ),
        Event::BreakContact { figure, broke, .. } => format!(
            "{} tries to break contact: {} [20.7]",
            name(figure),
            either(*broke, "breaks free", "held")
        ),
        Event::Impaired { figure, changes } => {
            let what: Vec<&str> = changes.iter().map(|c| impairs_word(c.what)).collect();
            format!(
                "{} injury changes {} [25.7]",
                crate::words::possessive(name(figure)),
                what.join(", ")
            )
        }
        Event::Footing { figure, kept, .. } => format!(
            "{} {} [23.5]",
            name(figure),
            either(*kept, "keeps footing", "falls")
        ),
        Event::KnockedOut { figure, .. } => format!("{} is knocked out [23.5]", name(figure)),
        Event::InfectionCheck { figure, .. } => format!(
            "The Referee checks {}'s wounds for infection [31]",
            name(figure)
        ),
        _ => words(battle, event),
    })
}

fn words(battle: &Battle, event: &Event) -> String {
    let name = |f: &FigureId| battle.figure(*f).name.as_str();
    let side = |s: &SideId| battle.sides()[s.0].name.as_str();
    let item = |f: &FigureId, i: &Item| match i {
        Item::Weapon(w) => battle.figure(*f).weapon(*w).name.clone(),
        Item::Shield => battle
            .figure(*f)
            .shield_row()
            .map_or_else(|| "shield".into(), |s| format!("{} shield", s.name)),
    };
    match event {
        Event::PulseBegan {
            pulse,
            free_for: Some(s),
        } => format!(
            "Pulse {pulse}: a free Pulse for {}, who surprised their foes [18.1]",
            side(s)
        ),
        Event::PulseBegan { pulse, .. } => format!("Pulse {pulse} begins [19]"),
        Event::InitiativeRolled {
            side: s,
            roller,
            d10,
            total,
            leader,
        } => {
            let pc = battle.figure(*roller).pc;
            let rest = total - i32::from(*d10) - i32::from(pc);
            let mil = if *leader && rest > 0 {
                format!(" + Military Scientist {rest}")
            } else {
                String::new()
            };
            format!(
                "{} rolls Initiative for {}: {d10} + PC {pc}{mil} = {total} [19.2]",
                name(roller),
                side(s)
            )
        }
        Event::InitiativeWon { side: Some(s) } => {
            format!("{} have the Initiative [19.2]", side(s))
        }
        Event::InitiativeWon { side: None } => {
            "No side rolls for Initiative: no one free to roll [19.2]".into()
        }
        Event::TurnsSet { engagements, sides } => {
            let mut parts: Vec<String> = engagements
                .iter()
                .map(|e| {
                    let order: Vec<String> = e
                        .iter()
                        .map(|g| {
                            let last = if g.last { ", last" } else { "" };
                            format!("{} ({}{last})", name(&g.figure), g.value.0)
                        })
                        .collect();
                    format!("engaged: {}", order.join(" then "))
                })
                .collect();
            if !sides.is_empty() {
                let s: Vec<&str> = sides.iter().map(side).collect();
                let then = if parts.is_empty() { "" } else { "then " };
                parts.push(format!("{then}{}", s.join(", then ")));
            }
            format!("Order: {} [19.3, 19.4, 21]", parts.join("; "))
        }
        Event::LeadChosen { figure, now } => format!(
            "{}, first in the engagement's order, acts {} [19.3]",
            name(figure),
            if *now { "first" } else { "last" }
        ),
        Event::SideChosen { side: s, now } => format!(
            "{} act {} [19.2]",
            side(s),
            if *now { "first" } else { "last" }
        ),
        Event::ActionChosen { figure, action, .. } => {
            let (what, section) = action_words(*action);
            format!("{}: {what} [{section}]", name(figure))
        }
        Event::Moved {
            figure,
            to,
            hexes: 0,
        } if battle.figure(*figure).size > 1 => format!(
            "{} swings about its head to face the {} vertex [29]",
            name(figure),
            Corner::clockwise_of(to.facing).name()
        ),
        Event::Moved {
            figure,
            to,
            hexes: 0,
        } => format!("{} turns to face {} [21.1]", name(figure), to.facing.name()),
        Event::Moved { figure, to, hexes } if battle.figure(*figure).size > 1 => format!(
            "{} moves its head {hexes} hex{} to ({}, {}), facing the {} vertex [29]",
            name(figure),
            if *hexes == 1 { "" } else { "es" },
            to.hex.col,
            to.hex.row,
            Corner::clockwise_of(to.facing).name()
        ),
        Event::Moved { figure, to, hexes } => format!(
            "{} moves {hexes} hex{} to ({}, {}) facing {} [21.1]",
            name(figure),
            if *hexes == 1 { "" } else { "es" },
            to.hex.col,
            to.hex.row,
            to.facing.name()
        ),
        Event::TurnLost { figure } => format!("{} cannot act [22.4, 26]", name(figure)),
        Event::SideDone { side: s } => format!("{} have all acted [21]", side(s)),
        Event::Strike(s) => strike_line(battle, s),
        Event::Parried {
            defender,
            d10,
            result,
            defender_rank,
            attacker_rank,
            ..
        } => format!(
            "{} parries, D10 {d10} + Rank {defender_rank} − Rank {attacker_rank} = {}: {} [24.4]",
            name(defender),
            i32::from(*d10) + i32::from(*defender_rank) - i32::from(*attacker_rank),
            match result {
                Parry::Parried => "Parried, and off balance (a Pass next Pulse)",
                Parry::Disarm => "the attacker is Disarmed",
                Parry::Riposte => "the attacker is Disarmed, and a Riposte",
            }
        ),
        Event::Damaged {
            figure,
            d10,
            points,
            absorbed,
            fatigue,
            endurance,
            cause,
        } => {
            let roll = match (d10, cause) {
                (Some(d), _) => format!("D10 {d}"),
                (None, Some(DamageCause::Bleeding)) => "bleeding, 25.7".into(),
                (None, Some(DamageCause::Disarm)) => "Disarmed, 23.5".into(),
                (None, None) => "given".into(),
            };
            format!(
                "{} takes {} ({roll}): {} absorbed, {} Fatigue, {} Endurance [25]",
                name(figure),
                points.0,
                absorbed.0,
                fatigue.0,
                endurance.0
            )
        }
        Event::Grievous {
            figure,
            roll,
            injury: Some(injury),
            d10,
            struck,
            endurance,
            ..
        } => format!(
            "Grievous Injury roll {roll}: {} suffers a Grievous Injury: {injury}{}, {} more Endurance [25.3, 25.7]",
            name(figure),
            match (d10, struck) {
                (Some(d), Some(s)) => format!(" (D10 {d}: {s})"),
                (Some(d), None) => format!(" (D10 {d})"),
                _ => String::new(),
            },
            endurance.0
        ),
        Event::Grievous { roll, .. } => {
            format!("Grievous Injury roll {roll}: outside the weapon's class, none [25.3]")
        }
        Event::Bleeding { figure, bleeding } => format!(
            "{} bleeds a point a Pulse from {} [25.7]",
            name(figure),
            match bleeding.from {
                Pool::Endurance => "Endurance",
                Pool::Fatigue => "Fatigue",
            }
        ),
        Event::ArmourDented { figure, protection } => format!(
            "{}'s armour is damaged: Protection {protection} [25.3]",
            name(figure)
        ),
        Event::Stunned { figure } => format!("{} is Stunned [26]", name(figure)),
        Event::StunRecovery {
            figure,
            roll,
            needed,
            recovered,
        } => format!(
            "{} tries to recover: {roll} against {needed}, {} [26]",
            name(figure),
            if *recovered {
                "recovers"
            } else {
                "still Stunned"
            }
        ),
        Event::Fell { figure, standing } => format!(
            "{} {} [26]",
            name(figure),
            match standing {
                Standing::Dead => "is dead",
                Standing::Unconscious => "falls unconscious",
                Standing::Conscious => "comes to",
            }
        ),
        Event::MishapCheck {
            figure,
            roll,
            needed,
            averted,
            breaks,
        } => format!(
            "{} rolls {roll} against MD × 3 = {needed}: {} [24.3]",
            name(figure),
            mishap_words(*breaks, *averted)
        ),
        Event::Dropped {
            figure, item: i, ..
        } => {
            format!("{} drops the {} [24.3]", name(figure), item(figure, i))
        }
        Event::Broken { figure, item: i } => {
            format!("{}'s {} breaks [24.3]", name(figure), item(figure, i))
        }
        Event::Prepared { figure, item: i } => {
            format!("{} prepares the {} [20.4]", name(figure), item(figure, i))
        }
        Event::PutAway { figure, item: i } => {
            format!("{} puts away the {} [20.4]", name(figure), item(figure, i))
        }
        Event::PickedUp { figure, item: i } => {
            format!("{} picks up the {} [20.4]", name(figure), item(figure, i))
        }
        Event::Loading {
            figure,
            item: i,
            loaded,
        } => format!(
            "{} {} the {} [27.2 G]",
            name(figure),
            if *loaded { "has loaded" } else { "is loading" },
            item(figure, &Item::Weapon(*i))
        ),
        Event::Unloaded { figure, item: i } => format!(
            "{}'s {} is spent [27.2 G]",
            name(figure),
            item(figure, &Item::Weapon(*i))
        ),
        Event::Thrown {
            figure,
            item: i,
            at,
        } => format!(
            "{}'s {} lands at ({}, {}) [23.1]",
            name(figure),
            item(figure, &Item::Weapon(*i)),
            at.col,
            at.row
        ),
        Event::Prone { figure, prone } => format!(
            "{} {} [20.4]",
            name(figure),
            if *prone { "is down" } else { "rises" }
        ),
        Event::Unhorsed { figure, mount } => {
            format!(
                "{} falls from the {mount}, which leaves the fight [30]",
                name(figure)
            )
        }
        Event::Overrun { monster, figure } => format!(
            "{} moves into {}'s hex: {} is knocked down [29]",
            name(monster),
            name(figure),
            name(figure)
        ),
        Event::Momentum { figure, on: true } => format!(
            "{}'s mount is carried on: next turn it runs straight ahead, its full TMR [30]",
            name(figure)
        ),
        Event::Momentum { figure, on: false } => format!(
            "{}'s mount has run on and is in hand again [30]",
            name(figure)
        ),
        Event::MustPass { figure, must } => format!(
            "{} {} [24.4]",
            name(figure),
            if *must {
                "must Pass next Pulse"
            } else {
                "has Passed and is balanced again"
            }
        ),
        Event::Lodged {
            figure, agility, ..
        } => format!(
            "The weapon lodges in {}: Agility −{agility} until drawn out [27.4]",
            name(figure)
        ),
        Event::DrawnOut { figure, agility } => format!(
            "{} draws out a lodged weapon: Agility +{agility} again [27.4]",
            name(figure)
        ),
        Event::ObscuredCheck {
            figure,
            roll,
            needed,
            passed,
        } => format!(
            "{} strikes into an obscured hex: {roll} against PC × 4 = {needed}, {} [22.5]",
            name(figure),
            if *passed { "may strike" } else { "cannot" }
        ),
        Event::Repulse {
            defender,
            d10,
            repulsed,
            ..
        } => format!(
            "{} tries to Repulse: D10 {d10}, {} [20.6]",
            name(defender),
            if *repulsed {
                "repulsed"
            } else {
                "the closer comes in"
            }
        ),
        Event::BreakContact {
            figure,
            d10,
            total,
            broke,
        } => format!(
            "{} tries to break contact: D10 {d10}, total {total}, {} [20.7]",
            name(figure),
            if *broke { "breaks free" } else { "held" }
        ),
        Event::Impaired { figure, changes } => {
            let each: Vec<String> = changes.iter().map(impairment_words).collect();
            format!(
                "{} injury: {} [25.7]",
                crate::words::possessive(name(figure)),
                each.join("; ")
            )
        }
        Event::Combining { figure } => format!(
            "{} combines two actions this Pulse (modified AG 26 or more) [22.3]",
            name(figure)
        ),
        Event::Footing {
            figure,
            roll,
            needed,
            kept,
        } => format!(
            "{} tries to keep footing: {roll} against AG × 3 = {needed}, {} [23.5]",
            name(figure),
            if *kept { "stays up" } else { "falls" }
        ),
        Event::Entangled { figure, passes: 0 } => {
            format!("{} is free of the entanglement [23.5]", name(figure))
        }
        Event::Entangled { figure, passes: 1 } => format!(
            "{} works at the entanglement: one more Pass frees him [23.5]",
            name(figure)
        ),
        Event::Entangled { figure, .. } => format!(
            "{} is entangled: two Pass actions in a row to get free, then he may rise [23.5]",
            name(figure)
        ),
        Event::KnockedOut {
            figure,
            d10,
            minutes,
        } => format!(
            "{} is knocked out for {minutes} minutes (D10 {d10} + 5; keep it from the players) [23.5]",
            name(figure)
        ),
        Event::Restrained {
            figure,
            by: Some(by),
        } => format!(
            "{} is pinned by {}: incapacitated until the hold is broken [23.5]",
            name(figure),
            name(by)
        ),
        Event::Restrained { figure, by: None } => {
            format!("{} is free of the hold [23.5]", name(figure))
        }
        Event::InfectionCheck {
            figure,
            endurance_lost,
            injuries,
            chance,
            roll,
            infected,
            endurance,
        } => {
            let mut sum = "10".to_string();
            if *endurance_lost > 0 {
                sum.push_str(&format!(" + 20 + {endurance_lost} (Endurance lost)"));
            }
            if *injuries > 0 {
                sum.push_str(&format!(" + {injuries} (Grievous Injuries)"));
            }
            let outcome = if *infected {
                format!(
                    "infected: each morning D100 at or under Endurance {endurance} cures, \
                     otherwise D10 − 5 Endurance that day"
                )
            } else {
                "not infected".to_string()
            };
            format!(
                "{} checks for infection: {sum} = {chance} % — rolled {roll}, {outcome} [31]",
                name(figure)
            )
        }
        Event::Routed { side: s } => format!(
            "{} break and leave the fight (the Referee's word) [16]",
            side(s)
        ),
        Event::BattleEnded { winner: Some(s) } => {
            format!("The fight is over: {} hold the field [16]", side(s))
        }
        Event::BattleEnded { winner: None } => "The fight is over: no one stands [16]".into(),
    }
}

/// 24.3: a 99's check (the weapon holds or breaks) or a drop check.
fn mishap_words(breaks: bool, averted: bool) -> &'static str {
    match (breaks, averted) {
        (true, true) => "the weapon holds",
        (true, false) => "the weapon breaks",
        (false, true) => "keeps hold",
        (false, false) => "loses hold",
    }
}

/// 25.7: the trait an injury changes, in the sheet's words.
pub fn impairs_word(what: Impairs) -> &'static str {
    match what {
        Impairs::Trait(Trait::Pb) => "PB",
        Impairs::Trait(Trait::Pc) => "PC",
        Impairs::Trait(Trait::Md) => "MD",
        Impairs::Trait(Trait::Ag) => "AG",
        Impairs::Trait(Trait::Tmr) => "TMR",
        Impairs::MissileAndThrownBc => "Missile and Thrown Base Chance",
    }
}

/// 25.7: how long a change lasts, in words ("for good", "for 3 days").
pub fn lasting_words(lasting: Lasting) -> String {
    match lasting {
        Lasting::Permanent => "for good".to_string(),
        Lasting::UntilHealed => "until healed".to_string(),
        Lasting::UntilHealer(r) => format!("until a Healer of Rank {r} or more treats it"),
        Lasting::Days(d) => format!("for {}", crate::words::count(usize::from(d), "day", "days")),
        Lasting::D10Pulses => "for D10 Pulses".to_string(),
        Lasting::D10Months => "for D10 months".to_string(),
    }
}

/// 25.7: one change and how long it lasts ("PC −4 for good").
fn impairment_words(c: &Impairment) -> String {
    let sign = if c.by < 0 { "−" } else { "+" };
    format!(
        "{} {sign}{} {}",
        impairs_word(c.what),
        c.by.unsigned_abs(),
        lasting_words(c.lasting)
    )
}

fn action_words(action: ActionKind) -> (&'static str, &'static str) {
    match action {
        ActionKind::Move => ("moves", "21.1"),
        ActionKind::Melee => ("Melee attack", "20.1"),
        ActionKind::Charge => ("Charge", "21.2-21.3"),
        ActionKind::Evade => ("Evade", "20.2, 21.5"),
        ActionKind::Withdraw { defensive: true } => ("Defensive Withdrawal", "20.3"),
        ActionKind::Withdraw { defensive: false } => ("Withdraw", "20.3, 20.7"),
        ActionKind::Retreat => ("Retreat", "21.6"),
        ActionKind::Pass => ("Pass", "20.4, 21.8"),
        ActionKind::Fire => ("Fire", "21.7"),
        ActionKind::Close => ("Close and Grapple", "20.6, 21.4"),
        ActionKind::Grapple => ("Grapple", "20.7"),
        ActionKind::Spell => ("a spell", "20.5"),
        ActionKind::Recover => ("tries to recover from Stun", "26"),
    }
}

fn strike_weapon(battle: &Battle, s: &StrikeEvent) -> String {
    if s.trample {
        let size = battle.figure(s.attacker).size;
        return format!("weight of its {size} hexes (D10 + {size}, Class C) [29]");
    }
    s.weapon.map_or_else(
        || "bare hands".into(),
        |i| battle.figure(s.attacker).weapon(i).name.clone(),
    )
}

fn strike_who(battle: &Battle, s: &StrikeEvent) -> String {
    let att = &battle.figure(s.attacker).name;
    let target = &battle.figure(s.target).name;
    if s.trample {
        return format!("{att} tries to trample {target}");
    }
    match (s.attack, s.riposte, s.in_the_way) {
        (_, true, _) => format!("{att} ripostes at {target}"),
        (AttackType::Ranged, _, true) => format!("{att}'s shot meets {target} in the way"),
        (AttackType::Ranged, ..) => format!("{att} fires at {target}"),
        (AttackType::Melee, ..) => format!("{att} strikes at {target}"),
        (AttackType::Close, ..) => format!("{att} grapples {target}"),
    }
}

/// The table's Strike line: who at whom with what, and what came of it.
fn table_strike_line(battle: &Battle, s: &StrikeEvent) -> String {
    if let Some(special) = s.special {
        let (what, _) = special_words(special);
        let result = match (s.hit, s.mishap) {
            (Some(_), _) => "it works [23.5]",
            (None, Some(Mishap::MayBreak)) => "a miss, and the weapon may break [24.3]",
            (None, Some(Mishap::MayDrop)) => "a miss, and the weapon may drop [24.3]",
            (None, None) => "a miss [23.5]",
        };
        return format!(
            "{} tries a {what} on {}: {result}",
            battle.figure(s.attacker).name,
            battle.figure(s.target).name
        );
    }
    let result = match (s.hit, s.mishap) {
        (Some(_), _) => "a hit [24.2]",
        (None, Some(Mishap::MayBreak)) => "a miss, and the weapon may break [24.3]",
        (None, Some(Mishap::MayDrop)) => "a miss, and the weapon may drop [24.3]",
        (None, None) => "a miss [24.2]",
    };
    // 29: the trample's dice are the Referee's; the table sees its weight.
    if s.trample {
        return format!("{} [29]: {result}", strike_who(battle, s));
    }
    format!(
        "{} with the {}: {result}",
        strike_who(battle, s),
        strike_weapon(battle, s)
    )
}

fn strike_line(battle: &Battle, s: &StrikeEvent) -> String {
    if let Some(special) = s.special {
        return special_line(battle, s, special);
    }
    let mut sum = format!(
        "Strike Chance {} − Defense {}",
        s.strike_chance.0, s.defense.0
    );
    for (m, n) in &s.modifiers {
        let sign = if *n < 0 { '−' } else { '+' };
        sum.push_str(&format!(" {sign} {} ({})", n.abs(), modifier_words(*m)));
    }
    let result = match (s.hit, s.mishap) {
        (Some(Hit::Fatigue), _) => "hit: damage to Fatigue [24.2, 25.1]",
        (Some(Hit::Endurance), _) => "hit: damage to Endurance [24.2, 25.2]",
        (Some(Hit::Grievous), _) => "hit: Endurance, and a Grievous Injury may follow [25.3]",
        (None, Some(Mishap::MayBreak)) => "a miss, and the weapon may break [24.3]",
        (None, Some(Mishap::MayDrop)) => "a miss, and the weapon may drop [24.3]",
        (None, None) if s.parry_possible => "a miss by 30 or more [24.2, 24.4]",
        (None, None) => "a miss [24.2]",
    };
    format!(
        "{} with the {}: {sum} = {} — rolled {}, {result}",
        strike_who(battle, s),
        strike_weapon(battle, s),
        s.modified.0,
        s.roll
    )
}

/// 23.5: a special attack's Strike Check and what its success means.
fn special_line(battle: &Battle, s: &StrikeEvent, special: SpecialAttack) -> String {
    let att = battle.figure(s.attacker);
    let target = &battle.figure(s.target).name;
    let with = match (special, s.weapon) {
        (SpecialAttack::ShieldRush, _) => att
            .shield_row()
            .map_or_else(|| "shield".into(), |r| format!("the {} shield", r.name)),
        (SpecialAttack::Restrain, _) => "PS and AG".into(),
        (_, Some(i)) => format!("the {}", att.weapon(i).name),
        (_, None) => "bare hands".into(),
    };
    let (what, success) = special_words(special);
    let mut sum = format!(
        "Strike Chance {} − Defense {}",
        s.strike_chance.0, s.defense.0
    );
    for (m, n) in &s.modifiers {
        let sign = if *n < 0 { '−' } else { '+' };
        sum.push_str(&format!(" {sign} {} ({})", n.abs(), modifier_words(*m)));
    }
    let knocked = knocks_out(&tables().special_damage, s.modified, s.roll.value());
    let result = match (special, s.hit, s.mishap) {
        (SpecialAttack::Knockout, Some(_), _) if !knocked => {
            "a hit, but not within 15 % of the chance: no effect [23.5, 25.6]".to_string()
        }
        (_, Some(_), _) => format!("success: {success} [23.5]"),
        (_, None, Some(Mishap::MayBreak)) => "a miss, and the weapon may break [24.3]".into(),
        (_, None, Some(Mishap::MayDrop)) => "a miss, and the weapon may drop [24.3]".into(),
        (_, None, None) => "a miss [23.5, 24.2]".into(),
    };
    format!(
        "{} tries a {what} on {target} with {with}: {sum} = {} — rolled {}, {result}",
        att.name, s.modified.0, s.roll
    )
}

/// A 23.5 special attack's name and what success does.
fn special_words(special: SpecialAttack) -> (&'static str, &'static str) {
    match special {
        SpecialAttack::Trip => ("Trip", "D10 damage, and the target may fall"),
        SpecialAttack::Entangle => (
            "Entangle",
            "D10 − 4 damage, entangled, and the target may fall",
        ),
        SpecialAttack::ShieldRush => ("Shield Rush", "D10 − 2 damage, and the target may fall"),
        SpecialAttack::Restrain => ("Restrain", "pinned, no damage"),
        SpecialAttack::Knockout => ("Knockout", "knocked out, no damage"),
        SpecialAttack::Disarm { .. } => ("Disarm", "an item dropped and 1 Endurance lost"),
    }
}

/// A 24.8 modifier in a few plain words.
pub fn modifier_words(m: Modifier) -> &'static str {
    match m {
        Modifier::Close(c) => match c {
            Close::PerPointStrongerThanTarget => "stronger than the target",
            Close::TargetOutOfFatigue => "target out of Fatigue",
            Close::TargetStunned => "target Stunned",
            Close::PerPointTargetStronger => "target stronger",
            Close::AttackerOutOfFatigue => "attacker out of Fatigue",
        },
        Modifier::Melee(x) => match x {
            Melee::TargetOutOfFatigue => "target out of Fatigue",
            Melee::ThroughFlankHex => "through a flank hex",
            Melee::TargetStunned => "target Stunned",
            Melee::TargetKneelingOrProne => "target kneeling or prone",
            Melee::ChargingWithPoleOrShield => "charging with a Pole weapon or shield",
            Melee::ThroughRearHex => "through a rear hex",
            Melee::PerTargetRankWhileEvading => "the Evading target's Rank",
            Melee::TargetEvading => "target Evading",
            Melee::AttackerOutOfFatigue => "attacker out of Fatigue",
            Melee::ChargingWithNonPole => "charging with a non-Pole weapon",
            Melee::AttackingWhileWithdrawing => "striking while Withdrawing",
        },
        Modifier::Ranged(r) => match r {
            Ranged::ThroughFlankHex => "through a flank hex",
            Ranged::TargetStunned => "target Stunned",
            Ranged::AttackerKneeling => "attacker kneeling",
            Ranged::ThroughRearHex => "through a rear hex",
            Ranged::PerHexThrown => "hexes thrown",
            Ranged::PerFiveHexesMissileBeyondFive => "range beyond five hexes",
            Ranged::TargetMoving => "target moving",
            Ranged::TargetKneelingOrProne => "target kneeling or prone",
            Ranged::TargetEvading => "target Evading",
            Ranged::TargetSheltered => "target sheltered",
        },
        Modifier::Lighting(l) => match l {
            Lighting::StarryNightOrShadowyInterior => "starry night or shadow",
            Lighting::CloudyNight => "cloudy night",
            Lighting::CaveOrUnlitInterior => "cave or unlit interior",
            Lighting::PitchBlackness => "pitch blackness",
            Lighting::TargetInvisible => "target invisible",
        },
        Modifier::Misc(m) => match m {
            Misc::SecondaryHand => "secondary hand",
            Misc::MultipleStrikePrimaryHand => "Multiple Strike, primary hand",
            Misc::MultipleStrikeSecondaryHand => "Multiple Strike, secondary hand",
            Misc::MultipleStrikeAmbidextrous => "Multiple Strike, ambidextrous",
            Misc::MultipleStrikeClassBTwoHanded => "Multiple Strike, class B weapon",
        },
        Modifier::Disarm => "Disarm",
    }
}
