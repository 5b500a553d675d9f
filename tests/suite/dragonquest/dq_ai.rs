//! The DragonQuest AI: every answer legal, the same battle the same answer,
//! and the choices a player would make in plain cases.

use super::dq_common;
use crate::shipped;

use dq_common::*;
use hexmelee::hex::{Facing, Step};
use hexmelee::rulesets::dragonquest::ai::answer;
use hexmelee::rulesets::dragonquest::engine::{
    Action, Battle, Command, Fiat, Prompt, SpecialAttack, Task,
};
use hexmelee::seam::{Engine, FigureId};
use hexmelee::sim::batch::{self, BatchSpec};
use hexmelee::sim::play;
use shipped::{DRAGONQUEST, dq_checked};

/// Every shipped scenario over many seeds: the AI's answers are never
/// refused, and almost every battle is decided within 100 Pulses.
#[test]
fn the_ai_plays_every_shipped_scenario_to_its_end() {
    for name in DRAGONQUEST {
        let c = dq_checked(name);
        let mut decided = 0;
        for seed in 0..25 {
            let mut b = Battle::new(&c.spec, seed).unwrap();
            play(&mut b, 100, answer).unwrap_or_else(|e| panic!("{name} seed {seed}: {e}"));
            if let Some(winner) = b.outcome() {
                decided += 1;
                if let Some(w) = winner {
                    assert!(b.figures().iter().all(|f| f.side == w || !f.is_up()));
                }
            }
        }
        assert!(decided >= 24, "{name}: only {decided} of 25 decided");
    }
}

/// The same seed gives the same battle, and replaying its commands through
/// the seam rebuilds it.
#[test]
fn the_ai_is_deterministic_and_its_battles_replay() {
    let c = dq_checked("dq-ambush.ron");
    let run = || {
        let mut b = Battle::new(&c.spec, 9).unwrap();
        play(&mut b, 100, answer).unwrap();
        b
    };
    let (a, b) = (run(), run());
    assert_eq!(a.events(), b.events());
    let again = <Battle as Engine>::replay(&c.spec, 9, a.commands()).unwrap();
    assert_eq!(again.events(), a.events());
    assert_eq!(again.figures(), a.figures());
}

/// A batch's outcomes do not depend on the threads that played it.
#[test]
fn a_dragonquest_batch_is_the_same_on_one_thread_and_two() {
    let c = dq_checked("dq-duel.ron");
    let spec = BatchSpec {
        battles: 60,
        seed: 4,
        max_rounds: 100,
    };
    let on = |threads: usize| {
        batch::run_report_of::<Battle>(
            &c.spec,
            "duel",
            spec,
            Some(threads),
            hexmelee::rulesets::dragonquest::batch::ANSWERER,
            false,
        )
        .unwrap()
        .summary
    };
    let one = on(1);
    assert_eq!(one, on(2));
    let wins: u32 = one.wins.iter().map(|w| w.wins.count).sum();
    assert_eq!(wins + one.draws.count, 60);
    assert!(one.wins.iter().all(|w| w.wins.count > 0), "{one:?}");
}

/// The figure whose turn it is now, and the AI's action for it.
fn chosen(b: &Battle) -> (FigureId, Action) {
    let prompt = b.prompt();
    match answer(b, &prompt) {
        Command::Act { figure, action } => (figure, action),
        other => panic!("{other:?} at {prompt:?}"),
    }
}

/// Answer with the AI until `figure` is asked for its action.
fn until_turn_of(b: &mut Battle, figure: usize) {
    for _ in 0..200 {
        let prompt = b.prompt();
        let mine = match &prompt {
            Prompt::EngagedAction { figure: f } => f.0 == figure,
            Prompt::SideAction { ready, .. } => ready[0].0 == figure,
            _ => false,
        };
        if mine {
            return;
        }
        let c = answer(b, &prompt);
        b.submit(c).unwrap();
    }
    panic!("figure {figure} never had a turn");
}

/// 21.7: a loaded bow fires at the foe in sight; 27.2 note G: an empty
/// one is loaded.
#[test]
fn an_archer_fires_when_loaded_and_loads_when_not_21_7() {
    let mut archer = fighter("Archer", 0, (2, 5), Facing::SE, "Short Bow");
    archer.weapons[0].loaded = true;
    let foe = fighter("Foe", 1, (9, 8), Facing::NW, "Broadsword");
    let mut b = Battle::new(&spec(vec![archer.clone(), foe.clone()]), 3).unwrap();
    until_turn_of(&mut b, 0);
    assert_eq!(
        chosen(&b),
        (
            FigureId(0),
            Action::Fire {
                path: vec![],
                target: FigureId(1)
            }
        )
    );
    archer.weapons[0].loaded = false;
    let mut b = Battle::new(&spec(vec![archer, foe]), 3).unwrap();
    until_turn_of(&mut b, 0);
    assert_eq!(
        chosen(&b).1,
        Action::Pass {
            path: vec![],
            task: Task::Load
        }
    );
}

/// 21.7: a figure throws the javelin in its hand at a foe in range when it
/// carries a weapon as good to fight with after; with none, it keeps the
/// javelin and closes.
#[test]
fn a_thrower_with_a_weapon_to_spare_throws_21_7() {
    let mut thrower = fighter("Thrower", 0, (2, 5), Facing::SE, "Javelin");
    thrower.weapons.push(weapon("Broadsword", Some(2)));
    let foe = fighter("Foe", 1, (9, 8), Facing::NW, "Broadsword");
    let mut b = Battle::new(&spec(vec![thrower.clone(), foe.clone()]), 3).unwrap();
    until_turn_of(&mut b, 0);
    assert_eq!(
        chosen(&b),
        (
            FigureId(0),
            Action::Fire {
                path: vec![],
                target: FigureId(1)
            }
        )
    );
    thrower.weapons.pop();
    let mut b = Battle::new(&spec(vec![thrower, foe]), 3).unwrap();
    until_turn_of(&mut b, 0);
    assert!(!matches!(chosen(&b).1, Action::Fire { .. }));
}

/// 23.4: a broadsword (class B) at Rank 4 with two foes in its Melee Zone
/// sweeps both; at Rank 3 it may not, and strikes one.
#[test]
fn a_rank_4_class_b_weapon_sweeps_the_foes_in_its_zone_23_4() {
    let mut sweeper = fighter("Sweeper", 0, (5, 5), Facing::S, "Broadsword");
    sweeper.weapons[0].rank = Some(hexmelee::rulesets::dragonquest::rules::Rank(4));
    let front = sweeper.pose.front_hexes();
    let foe = |name: &str, at: hexmelee::hex::Hex| {
        let facing = at.facing_toward(sweeper.pose.hex).unwrap();
        fighter(name, 1, (at.col, at.row), facing, "Mace")
    };
    let (a, b) = (foe("A", front[0]), foe("B", front[1]));
    let mut bt = Battle::new(&spec(vec![sweeper.clone(), a.clone(), b.clone()]), 3).unwrap();
    until_turn_of(&mut bt, 0);
    let (_, action) = chosen(&bt);
    assert!(
        matches!(
            action,
            Action::Melee {
                multiple: hexmelee::rulesets::dragonquest::engine::Multiple::Sweep { ref others },
                ..
            } if others.len() == 1
        ),
        "{action:?}"
    );
    sweeper.weapons[0].rank = Some(hexmelee::rulesets::dragonquest::rules::Rank(3));
    let mut bt = Battle::new(&spec(vec![sweeper, a, b]), 3).unwrap();
    until_turn_of(&mut bt, 0);
    assert!(
        matches!(
            chosen(&bt).1,
            Action::Melee {
                multiple: hexmelee::rulesets::dragonquest::engine::Multiple::Single,
                ..
            }
        ),
        "{:?}",
        chosen(&bt).1
    );
}

/// 20.4: an archer with a foe beside it puts the bow away (to draw a
/// weapon next).
#[test]
fn an_archer_with_a_foe_beside_it_puts_the_bow_away_20_4() {
    let mut archer = fighter("Archer", 0, (4, 4), Facing::SE, "Short Bow");
    archer.weapons[0].loaded = true;
    archer.weapons.push(weapon("Dagger", Some(1)));
    let foe = fighter("Foe", 1, (5, 4), Facing::NW, "Broadsword");
    let mut b = Battle::new(&spec(vec![archer, foe]), 5).unwrap();
    until_turn_of(&mut b, 0);
    assert_eq!(
        chosen(&b).1,
        Action::Pass {
            path: vec![],
            task: Task::PutAway { item: Some(0) }
        }
    );
}

/// 20.1: a foe in the Melee Zone is struck; 21.1: a distant one is
/// approached, no further than the TMR allows.
#[test]
fn a_fighter_strikes_a_foe_in_reach_and_closes_on_one_away_20_1_21_1() {
    let a = fighter("A", 0, (4, 4), Facing::SE, "Broadsword");
    let near = fighter("Near", 1, (5, 4), Facing::NW, "Broadsword");
    let mut b = Battle::new(&spec(vec![a.clone(), near]), 2).unwrap();
    until_turn_of(&mut b, 0);
    assert!(matches!(
        chosen(&b).1,
        Action::Melee { ref path, target: FigureId(1), .. } if path.is_empty()
    ));
    let far = fighter("Far", 1, (14, 9), Facing::NW, "Broadsword");
    let mut b = Battle::new(&spec(vec![a.clone(), far]), 2).unwrap();
    until_turn_of(&mut b, 0);
    let before = b
        .figure(FigureId(0))
        .pose
        .hex
        .distance(b.figure(FigureId(1)).pose.hex);
    let Action::Move { path } = chosen(&b).1 else {
        panic!("no move toward a foe out of reach");
    };
    let hexes = path.iter().filter(|s| s.moves()).count();
    assert!((1..=5).contains(&hexes), "{path:?}");
    let c = answer(&b, &b.prompt());
    b.submit(c).unwrap();
    let after = b
        .figure(FigureId(0))
        .pose
        .hex
        .distance(b.figure(FigureId(1)).pose.hex);
    assert_eq!(
        after + hexes as u32,
        before,
        "every hex it moved brought it closer"
    );
    // Face to face but turned away: it turns and strikes.
    let mut turned = a;
    turned.pose.facing = Facing::N;
    let near = fighter("Near", 1, (5, 4), Facing::NW, "Broadsword");
    let mut b = Battle::new(&spec(vec![turned, near]), 2).unwrap();
    // Stunned, the foe spends its turn recovering (26), and cannot end the
    // fight before the turned figure's turn comes.
    b.submit(Command::Referee(Fiat::Stun {
        figure: FigureId(1),
    }))
    .unwrap();
    until_turn_of(&mut b, 0);
    assert!(matches!(
        chosen(&b).1,
        Action::Melee { ref path, target: FigureId(1), .. }
            if path == &vec![Step::Pivot { to: Facing::SE }]
    ));
}

/// 20.3: badly hurt, with a friend still fighting, a figure withdraws.
#[test]
fn a_badly_hurt_figure_withdraws_while_a_friend_fights_20_3() {
    let mut hurt = fighter("Hurt", 0, (4, 4), Facing::SE, "Broadsword");
    hurt.endurance = 18;
    let friend = fighter("Friend", 0, (1, 1), Facing::SE, "Broadsword");
    let foe = fighter("Foe", 1, (5, 4), Facing::NW, "Broadsword");
    let mut b = Battle::new(&spec(vec![hurt, friend, foe]), 2).unwrap();
    b.submit(Command::Referee(
        hexmelee::rulesets::dragonquest::engine::Fiat::Damage {
            figure: FigureId(0),
            points: 13,
            endurance: true,
            armour: false,
        },
    ))
    .unwrap();
    until_turn_of(&mut b, 0);
    assert!(matches!(chosen(&b).1, Action::Withdraw { .. }));
}

/// 20.6–20.7: in Close Combat (weapons not rated for it dropped on
/// entering) a figure Grapples the foe in its hex, bare-handed if need be.
#[test]
fn in_close_combat_a_figure_grapples_the_foe_in_its_hex_20_7() {
    let mut tried = 0;
    for seed in 0..40 {
        let a = fighter("A", 0, (4, 4), Facing::SE, "Dagger");
        let halberd = fighter("B", 1, (5, 4), Facing::NW, "Halberd");
        let mut b = Battle::new(&spec(vec![a, halberd]), seed).unwrap();
        until_turn_of(&mut b, 0);
        let close = Action::Close {
            path: vec![],
            target: FigureId(1),
        };
        let closed = b
            .submit(Command::Act {
                figure: FigureId(0),
                action: close,
            })
            .is_ok();
        let together = b.figure(FigureId(0)).pose.hex == b.figure(FigureId(1)).pose.hex;
        if !closed || !together || !b.figure(FigureId(1)).can_act() {
            continue;
        }
        until_turn_of(&mut b, 1);
        tried += 1;
        assert_eq!(
            chosen(&b),
            (
                FigureId(1),
                Action::Grapple {
                    target: FigureId(0)
                }
            ),
            "seed {seed}"
        );
    }
    assert!(tried > 0, "no seed brought the two into one hex");
}

/// 23.5: a spear Trips a standing foe a friend also fights (the fall helps
/// both); alone against it, the spearman strikes.
#[test]
fn a_spear_trips_a_foe_a_friend_also_fights_23_5() {
    let spear = fighter("Spear", 0, (4, 4), Facing::SE, "Spear");
    let friend = fighter("Friend", 0, (5, 5), Facing::N, "Broadsword");
    let foe = fighter("Foe", 1, (5, 4), Facing::NW, "Broadsword");
    let mut b = Battle::new(&spec(vec![spear.clone(), friend, foe.clone()]), 2).unwrap();
    until_turn_of(&mut b, 0);
    assert_eq!(
        chosen(&b).1,
        Action::Special {
            path: vec![],
            target: FigureId(1 + 1),
            attack: SpecialAttack::Trip,
        }
    );
    let mut b = Battle::new(&spec(vec![spear, foe]), 2).unwrap();
    until_turn_of(&mut b, 0);
    assert!(
        matches!(chosen(&b).1, Action::Melee { .. }),
        "{:?}",
        chosen(&b).1
    );
}

/// 23.5: a net in hand Entangles a standing foe in the Melee Zone.
#[test]
fn a_net_entangles_the_foe_before_it_23_5() {
    let net = fighter("Net", 0, (4, 4), Facing::SE, "Net");
    let foe = fighter("Foe", 1, (5, 4), Facing::NW, "Broadsword");
    let mut b = Battle::new(&spec(vec![net, foe]), 2).unwrap();
    until_turn_of(&mut b, 0);
    assert_eq!(
        chosen(&b).1,
        Action::Special {
            path: vec![],
            target: FigureId(1),
            attack: SpecialAttack::Entangle,
        }
    );
}

/// 23.5: a figure with a practised shield and a poor weapon ends its
/// Charge in a Shield Rush (its +20 for the Charge); with a weapon better
/// than the rush it strikes with the weapon.
#[test]
fn a_charge_ends_in_a_shield_rush_when_the_rush_is_surer_23_5() {
    let mut rusher = fighter("Rusher", 0, (3, 4), Facing::SE, "Dagger");
    rusher.weapons[0].rank = None;
    rusher.shield = shield("Kite", 4);
    // An archer with his bow to load keeps his place while the rusher
    // comes (27.2 note G).
    let foe = fighter("Foe", 1, (5, 4), Facing::NW, "Short Bow");
    let mut b = Battle::new(&spec(vec![rusher.clone(), foe.clone()]), 2).unwrap();
    until_turn_of(&mut b, 0);
    assert!(
        matches!(
            chosen(&b).1,
            Action::Special { ref path, target: FigureId(1), attack: SpecialAttack::ShieldRush }
                if !path.is_empty()
        ),
        "{:?}",
        chosen(&b).1
    );
    // A spear charges at +20 as a shield does (24.8): at Rank 6 it beats a
    // rush with an unpractised shield.
    let mut spearman = rusher;
    spearman.weapons = vec![weapon("Spear", Some(6))];
    spearman.shield = shield("Kite", 0);
    let mut b = Battle::new(&spec(vec![spearman, foe]), 2).unwrap();
    until_turn_of(&mut b, 0);
    assert!(
        !matches!(chosen(&b).1, Action::Special { .. }),
        "{:?}",
        chosen(&b).1
    );
}

/// 29: a monster of several hexes takes a way over a foe of one hex (who
/// falls and is trampled) rather than round him.
#[test]
fn a_monster_overruns_a_foe_in_its_way_29() {
    let mut drake = fighter("Drake", 1, (6, 8), Facing::N, "Broadsword");
    drake.size = 3;
    drake.weapons.clear();
    drake.prepared.clear();
    drake.armour = None;
    drake.ps = 30;
    drake.tmr = hexmelee::rulesets::dragonquest::rules::Tmr(4);
    drake.endurance = 40;
    let knight = fighter("Knight", 0, (6, 5), Facing::S, "Broadsword");
    let mut b = Battle::new(&spec(vec![knight, drake]), 2).unwrap();
    // Stunned, the knight stays where he is (26).
    b.submit(Command::Referee(Fiat::Stun {
        figure: FigureId(0),
    }))
    .unwrap();
    until_turn_of(&mut b, 1);
    let (figure, action) = chosen(&b);
    let before = b.events().len();
    b.submit(Command::Act { figure, action }).unwrap();
    assert!(
        b.events()[before..].iter().any(|e| matches!(
            e,
            hexmelee::rulesets::dragonquest::engine::Event::Overrun {
                figure: FigureId(0),
                ..
            }
        )),
        "{:?}",
        &b.events()[before..]
    );
}
