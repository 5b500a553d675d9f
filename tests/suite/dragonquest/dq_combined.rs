//! DragonQuest 22.3: a figure of modified AG 26 or more combines two
//! actions in one Pulse, as the engine plays it, with scripted dice.

use super::dq_common;

use dq_common::*;
use hexmelee::dice::Dice;
use hexmelee::hex::{Facing, Step};
use hexmelee::rulesets::dragonquest::engine::{
    Action, ActionKind, Battle, Command, Event, Multiple, Prompt, Task,
};
use hexmelee::seam::FigureId;

const A: FigureId = FigureId(0);
const B: FigureId = FigureId(1);

fn melee(target: FigureId) -> Action {
    Action::Melee {
        path: vec![],
        target,
        multiple: Multiple::Single,
        after_strike: Vec::new(),
    }
}

fn combine(first: Action) -> Action {
    Action::Combine {
        first: Box::new(first),
    }
}

/// A (AG `ag`, less leather's 1) and B face to face; A to act.
fn engaged(ag: u8, dice: Vec<u32>) -> Battle {
    let mut a = fighter("A", 0, (5, 5), Facing::S, "Broadsword");
    a.ag = ag;
    let b = fighter("B", 1, (5, 6), Facing::N, "Broadsword");
    let mut bt = Battle::with_dice(&spec(vec![a, b]), Dice::scripted(dice)).unwrap();
    if let Prompt::LeadChoice { figure } = bt.prompt() {
        bt.submit(Command::ActNow { now: figure == A }).unwrap();
    }
    assert_eq!(bt.prompt(), Prompt::EngagedAction { figure: A });
    bt
}

fn submit(bt: &mut Battle, action: Action) -> Result<Vec<Event>, String> {
    bt.submit(Command::Act { figure: A, action })
        .map(|e| e.to_vec())
        .map_err(|e| e.0)
}

/// Modified AG 27: a Melee attack, then (asked again) an Evade.
#[test]
fn dq_22_3_melee_attack_then_evade_in_one_pulse() {
    let mut bt = engaged(28, vec![90]);
    let e = submit(&mut bt, combine(melee(B))).unwrap();
    assert_eq!(e[0], Event::Combining { figure: A });
    assert!(e.iter().any(|e| matches!(e, Event::Strike(_))));
    assert_eq!(bt.prompt(), Prompt::EngagedAction { figure: A });
    let e = submit(
        &mut bt,
        Action::Evade {
            path: vec![Step::Pivot { to: Facing::SW }],
        },
    )
    .unwrap();
    assert!(e.contains(&Event::ActionChosen {
        figure: A,
        action: ActionKind::Evade,
        moving: false
    }));
    assert_eq!(bt.prompt(), Prompt::EngagedAction { figure: B });
}

/// Modified AG 25 may not combine; a second action must be one 22.3
/// names, and two is the most.
#[test]
fn dq_22_3_who_may_combine_and_what() {
    let mut bt = engaged(26, vec![]);
    let before = bt.events().len();
    let why = submit(&mut bt, combine(melee(B))).unwrap_err();
    assert!(why.contains("AG of 26"), "{why}");
    assert_eq!(bt.events().len(), before);

    let mut bt = engaged(28, vec![]);
    let why = submit(&mut bt, combine(Action::Spell { effects: vec![] })).unwrap_err();
    assert!(why.contains("22.3"), "{why}");
    submit(
        &mut bt,
        combine(Action::Pass {
            path: vec![],
            task: Task::Nothing,
        }),
    )
    .unwrap();
    let why = submit(&mut bt, combine(melee(B))).unwrap_err();
    assert!(why.contains("no more"), "{why}");
    let why = submit(&mut bt, Action::Move { path: vec![] }).unwrap_err();
    assert!(why.contains("22.3"), "{why}");
    submit(
        &mut bt,
        Action::Pass {
            path: vec![],
            task: Task::Nothing,
        },
    )
    .unwrap();
    assert_eq!(bt.prompt(), Prompt::EngagedAction { figure: B });
}

/// Not engaged: the side's other figures wait while the nimble one takes
/// its second action; combining, it gains no extra hexes (22.2–22.3).
#[test]
fn dq_22_3_the_second_action_comes_straight_after_the_first() {
    let mut a = fighter("A", 0, (2, 2), Facing::SE, "Broadsword");
    a.ag = 28;
    let friend = fighter("F", 0, (2, 4), Facing::SE, "Broadsword");
    let b = fighter("B", 1, (12, 9), Facing::NW, "Broadsword");
    let mut bt = Battle::with_dice(&spec(vec![a, friend, b]), Dice::scripted([9, 1])).unwrap();
    bt.submit(Command::ActNow { now: true }).unwrap();
    let walk = |n| Action::Pass {
        path: vec![Step::Forward; n],
        task: Task::Nothing,
    };
    // A Pass moves TMR 5 ÷ 2 = 2 hexes, + 2 for AG 26+ when not combining.
    assert!(bt.check_act(A, &walk(4)).is_ok());
    assert!(bt.check_act(A, &combine(walk(3))).is_err());
    submit(&mut bt, combine(walk(2))).unwrap();
    assert_eq!(
        bt.prompt(),
        Prompt::SideAction {
            side: hexmelee::seam::SideId(0),
            ready: vec![A]
        }
    );
    submit(&mut bt, walk(2)).unwrap();
    assert!(matches!(bt.prompt(), Prompt::SideAction { ready, .. } if ready == vec![FigureId(1)]));
}

/// Issue 44: a path of more than 255 hexes (the AI tries them on a map of
/// the stated limits) is refused as too long, never counted past a byte.
#[test]
fn dq_21_1_a_path_longer_than_any_limit_is_refused() {
    let a = fighter("A", 0, (2, 300), Facing::N, "Broadsword");
    let b = fighter("B", 1, (20, 300), Facing::NW, "Broadsword");
    let mut s = spec(vec![a, b]);
    s.map = std::sync::Arc::new(hexmelee::hex::HexMap::open(30, 600).unwrap());
    let mut bt = Battle::with_dice(&s, Dice::scripted([9, 1])).unwrap();
    bt.submit(Command::ActNow { now: true }).unwrap();
    let long = Action::Pass {
        path: vec![Step::Forward; 290],
        task: Task::Nothing,
    };
    let why = bt.check_act(A, &long).unwrap_err().0;
    assert!(why.contains("may move"), "{why}");
}
