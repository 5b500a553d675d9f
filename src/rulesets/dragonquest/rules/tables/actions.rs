//! DragonQuest 19.1 Time for Miscellaneous Actions, 22.1–22.3 the Agility
//! restrictions and 22.7 the Action Summary Table.

use serde::{Deserialize, Deserializer};

/// DragonQuest 20–21: the actions a figure may choose in a Pulse.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize)]
pub enum Action {
    /// 21.1: move up to the full TMR.
    Move,
    /// 20.1: an engaged figure's Melee attack.
    MeleeAttack,
    /// 21.2: move up to ½ TMR and Melee attack with a non-Pole weapon.
    Charge,
    /// 21.3: move up to the full TMR and Melee attack with a Pole weapon.
    PoleCharge,
    /// 20.6: an engaged figure closes into the defender's hex and Grapples.
    CloseAndGrapple,
    /// 21.4: move up to ½ TMR, close and Grapple.
    ChargeAndClose,
    /// 20.7: attack in Close Combat.
    Grapple,
    /// 20.2, 21.5.
    Evade,
    /// 20.3, 20.7.
    Withdraw,
    /// 21.6: up to two hexes straight back.
    Retreat,
    /// 21.7: fire a Missile or Thrown Weapon.
    Fire,
    /// 20.4, 21.8: any non-attacking action.
    Pass,
    /// 20.5, 22.7: prepare or loose a spell.
    Spell,
}

/// The action as the text names it.
impl std::fmt::Display for Action {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str(match self {
            Action::Move => "a Move",
            Action::MeleeAttack => "a Melee Attack",
            Action::Charge => "a Charge",
            Action::PoleCharge => "a Pole Charge",
            Action::CloseAndGrapple => "Close and Grapple",
            Action::ChargeAndClose => "Charge and Close",
            Action::Grapple => "a Grapple",
            Action::Evade => "an Evade",
            Action::Withdraw => "a Withdraw",
            Action::Retreat => "a Retreat",
            Action::Fire => "Fire",
            Action::Pass => "a Pass",
            Action::Spell => "a Spell",
        })
    }
}

/// DragonQuest 22.7: the movement a non-engaged action allows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub enum Movement {
    FullTmr,
    /// Half the TMR, rounded down (21.2–21.5).
    HalfTmr,
    Hexes(u8),
}

/// DragonQuest 22.1.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Slow {
    pub agility_at_most: u8,
    pub hexes: i8,
    pub actions: Vec<Action>,
}

/// DragonQuest 22.2.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Quick {
    pub agility_from: u8,
    pub agility_to: u8,
    pub hexes: i8,
    pub actions: Vec<Action>,
}

/// DragonQuest 22.3.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Nimble {
    pub agility_from: u8,
    /// Extra hexes, in 22.2's actions, for a figure that does not combine two actions.
    pub hexes: i8,
    pub combinable: Vec<Action>,
}

/// DragonQuest 19.1: how long a task takes.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub enum Duration {
    Pulses(u16),
    /// The book defers to another rule (outside the combat text).
    Rule(String),
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    engaged: Vec<Action>,
    close_combat: Vec<Action>,
    non_engaged: Vec<(Action, Movement)>,
    slow: Slow,
    quick: Quick,
    nimble: Nimble,
    misc_time: Vec<(String, Duration)>,
}

/// The action tables, checked at load: no action listed twice in a list, the
/// Agility bands in order and apart.
#[derive(Debug)]
pub struct ActionTables {
    pub engaged: Vec<Action>,
    pub close_combat: Vec<Action>,
    pub non_engaged: Vec<(Action, Movement)>,
    pub slow: Slow,
    pub quick: Quick,
    pub nimble: Nimble,
    pub misc_time: Vec<(String, Duration)>,
}

impl ActionTables {
    /// DragonQuest 22.7: the movement a non-engaged action allows; `None` if
    /// a non-engaged figure may not choose it.
    pub fn non_engaged_movement(&self, action: Action) -> Option<Movement> {
        self.non_engaged
            .iter()
            .find(|(a, _)| *a == action)
            .map(|(_, m)| *m)
    }
}

fn once(what: &str, actions: impl IntoIterator<Item = Action>) -> Result<(), String> {
    let mut seen = Vec::new();
    for a in actions {
        if seen.contains(&a) {
            return Err(format!("{what}: {a:?} is listed twice"));
        }
        seen.push(a);
    }
    Ok(())
}

impl<'de> Deserialize<'de> for ActionTables {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let r = Raw::deserialize(d)?;
        let check = || -> Result<(), String> {
            once("engaged", r.engaged.iter().copied())?;
            once("close_combat", r.close_combat.iter().copied())?;
            once("non_engaged", r.non_engaged.iter().map(|(a, _)| *a))?;
            once("slow", r.slow.actions.iter().copied())?;
            once("quick", r.quick.actions.iter().copied())?;
            once("nimble", r.nimble.combinable.iter().copied())?;
            let (s, q, n) = (&r.slow, &r.quick, &r.nimble);
            if !(s.agility_at_most < q.agility_from
                && q.agility_from <= q.agility_to
                && q.agility_to < n.agility_from)
            {
                return Err("Agility bands must be slow < quick (from..=to) < nimble".into());
            }
            let mut tasks: Vec<&str> = Vec::new();
            for (task, _) in &r.misc_time {
                if tasks.contains(&task.as_str()) {
                    return Err(format!("misc_time: \"{task}\" is listed twice"));
                }
                tasks.push(task);
            }
            Ok(())
        };
        check().map_err(serde::de::Error::custom)?;
        Ok(ActionTables {
            engaged: r.engaged,
            close_combat: r.close_combat,
            non_engaged: r.non_engaged,
            slow: r.slow,
            quick: r.quick,
            nimble: r.nimble,
            misc_time: r.misc_time,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::dragonquest::rules::tables::tables;
    use Action::*;

    #[test]
    fn action_summary_22_7_lists_every_action() {
        let t = &tables().actions;
        assert_eq!(
            t.engaged,
            [MeleeAttack, Evade, Withdraw, Pass, Spell, CloseAndGrapple]
        );
        assert_eq!(t.close_combat, [Grapple, Withdraw, Pass]);
        assert_eq!(t.non_engaged_movement(Move), Some(Movement::FullTmr));
        assert_eq!(t.non_engaged_movement(Charge), Some(Movement::HalfTmr));
        assert_eq!(t.non_engaged_movement(PoleCharge), Some(Movement::FullTmr));
        assert_eq!(t.non_engaged_movement(Retreat), Some(Movement::Hexes(2)));
        assert_eq!(t.non_engaged_movement(Pass), Some(Movement::Hexes(2)));
        assert_eq!(t.non_engaged_movement(Grapple), None);
        assert_eq!(t.non_engaged.len(), 9);
    }

    /// 19.1: 20 tasks; the printed seconds are five per pulse on every row
    /// (checked at transcription), so only pulses are kept.
    #[test]
    fn time_for_miscellaneous_actions_19_1() {
        let t = &tables().actions.misc_time;
        assert_eq!(t.len(), 20);
        let pulses: u16 = t
            .iter()
            .filter_map(|(_, d)| match d {
                Duration::Pulses(p) => Some(*p),
                Duration::Rule(_) => None,
            })
            .sum();
        assert_eq!(
            pulses,
            4 + 3 + 1 + 18 + 3 + 2 + 5 + 7 + 4 + 6 + 2 + 4 + 5 + 6 + 8 + 3 + 1 + 1
        );
        let rules: Vec<&Duration> = t
            .iter()
            .map(|(_, d)| d)
            .filter(|d| matches!(d, Duration::Rule(_)))
            .collect();
        assert_eq!(
            rules,
            [
                &Duration::Rule("104.3".into()),
                &Duration::Rule("104.2".into())
            ]
        );
    }

    #[test]
    fn agility_bands_22_1_to_22_3() {
        let t = &tables().actions;
        assert_eq!((t.slow.agility_at_most, t.slow.hexes), (8, -1));
        assert_eq!(
            (t.quick.agility_from, t.quick.agility_to, t.quick.hexes),
            (22, 25, 1)
        );
        assert_eq!((t.nimble.agility_from, t.nimble.hexes), (26, 2));
        assert_eq!(t.nimble.combinable.len(), 11);
        assert!(!t.slow.actions.contains(&Withdraw) && t.quick.actions.contains(&Withdraw));
    }
}
