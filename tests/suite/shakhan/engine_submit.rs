//! `Battle::submit` works on the battle itself: a refused command, at any
//! point of a battle, whether it answers the wrong question or answers the
//! right one badly, must leave the events, the commands, the figures and the
//! dice as they were.

use std::path::Path;

use hexmelee::hex::Step;
use hexmelee::rulesets::shakhan::engine::{
    Battle, CardOrder, Command, FigureMove, FigureOrders, Override, Prompt,
};
use hexmelee::rulesets::shakhan::rules::Card;
use hexmelee::seam::SideId;

#[test]
fn refused_commands_mid_battle_change_nothing() {
    // The skirmish with weapons, the tavern brawl with holds and drop-kicks.
    for name in ["skirmish.ron", "tavern-brawl.ron"] {
        refusals_change_nothing(name);
    }
}

fn refusals_change_nothing(name: &str) {
    let checked = hexmelee::rulesets::shakhan::scenario::load(
        &Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("scenarios")
            .join(name),
    )
    .unwrap();
    let mut battle = Battle::new(&checked, 3).unwrap();
    let mut refusals = 0;
    while !matches!(battle.prompt(), Prompt::Finished { .. }) && battle.round() <= 30 {
        let prompt = battle.prompt();
        // An answer to some other question is refused whatever is asked now.
        let wrong = match prompt {
            Prompt::MovementPriority { .. } => Command::RaiseShield { raise: true },
            _ => Command::MovementPriority { move_first: true },
        };
        // ...and so is a bad answer to the right question.
        let bad = match prompt {
            Prompt::Orders { side } => Some(Command::Orders {
                side,
                orders: vec![FigureOrders {
                    figure: enemy_of(&battle, side),
                    cards: vec![CardOrder::new(Card::C, None)],
                    shield: Default::default(),
                    when_busy: Default::default(),
                    dodge: Default::default(),
                    moves: Default::default(),
                }],
            }),
            Prompt::Movement { side, .. } => Some(Command::Move {
                moves: vec![FigureMove {
                    figure: enemy_of(&battle, side),
                    steps: vec![Step::Forward],
                }],
            }),
            _ => None,
        };
        // ...and so is a Referee override that makes no sense.
        let fiat = Command::Referee(Override::SetInitiative { side: SideId(7) });
        let before = battle.clone();
        for refused in [wrong, fiat].into_iter().chain(bad) {
            assert!(battle.submit(refused).is_err(), "{prompt:?}");
            refusals += 1;
            assert_eq!(battle.events(), before.events());
            assert_eq!(battle.commands(), before.commands());
            assert_eq!(battle.figures(), before.figures());
            assert_eq!(
                (battle.round(), battle.phase()),
                (before.round(), before.phase())
            );
            assert_eq!(battle.prompt(), prompt);
        }
        // The dice did not move either: the next answer gives the same events
        // on the battle and on the copy taken before the refusals.
        let mut twin = before;
        let answer = hexmelee::rulesets::shakhan::ai::answer(&battle, &prompt);
        twin.submit(answer.clone()).unwrap();
        battle.submit(answer).unwrap();
        assert_eq!(twin.events(), battle.events());
    }
    assert!(refusals > 20);
    // The refusals left no trace: a replay of the accepted commands alone
    // rebuilds the same battle.
    let again = Battle::replay(&checked, 3, battle.commands()).unwrap();
    assert_eq!(again.events(), battle.events());
    assert_eq!(again.figures(), battle.figures());
}

/// A figure of the other side: orders or moves for it are refused.
fn enemy_of(battle: &Battle, side: SideId) -> hexmelee::seam::FigureId {
    battle
        .figures()
        .iter()
        .find(|f| f.side != side.0)
        .unwrap()
        .id
}

/// Shakhàn 16.9.7–16.9.8 (issue 19): checking a side's moves one at a time
/// gives check_moves' answer for the list, and a refused move leaves the
/// list as it was, so a front end can build the list move by move.
#[test]
fn s16_9_7_moves_checked_one_at_a_time_as_a_list() {
    let path = Path::new("scenarios/skirmish.ron");
    let checked =
        hexmelee::rulesets::shakhan::scenario::parse(path, &std::fs::read_to_string(path).unwrap())
            .unwrap();
    let mut compared = 0;
    for seed in 0..4 {
        let mut battle = Battle::new(&checked, seed).unwrap();
        while battle.outcome().is_none() && battle.round() <= 6 {
            let prompt = battle.prompt();
            let answer = hexmelee::rulesets::shakhan::ai::answer(&battle, &prompt);
            if let (Prompt::Movement { side, .. }, Command::Move { moves }) = (&prompt, &answer) {
                let mut check = battle.move_check(*side);
                for (k, m) in moves.iter().enumerate() {
                    // Every move twice: the second is refused and changes nothing.
                    check.add(m).unwrap();
                    assert!(check.add(m).is_err());
                    assert!(battle.check_moves(*side, &moves[..=k]).is_ok());
                    compared += 1;
                }
            }
            battle.submit(answer).unwrap();
        }
    }
    assert!(compared > 20, "{compared}");
}
