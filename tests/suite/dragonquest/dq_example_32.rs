//! DragonQuest 32, the Example of Combat, played through the engine pulse by
//! pulse with scripted dice, every step checked against the text.
//!
//! What the example leaves out is set here: positions, characteristics and
//! the faces of the dice, chosen so each roll gives the book's result. What
//! this slice does not model is the Referee's word: the hobgoblin's horse
//! (30) becomes a charge on foot and his fall a [`Fiat::Prone`]; spells are
//! [`Action::Spell`] with their effect as the Referee gives it (25.4). Where
//! the example and the rules disagree the rules win (docs/RULINGS.md):
//! Eaglewing parries with his Rank 5, and the goblin's crossbow stays a
//! crossbow.

use super::dq_common;

use dq_common::*;
use hexmelee::dice::Dice;
use hexmelee::hex::{Facing, Hex, Pose, Step};
use hexmelee::rulesets::dragonquest::engine::{
    Action, ActionKind, Battle, BattleSpec, Command, Event, Fiat, Multiple, Posture, Prompt, Task,
    explain,
};
use hexmelee::rulesets::dragonquest::rules::damage::Standing;
use hexmelee::rulesets::dragonquest::rules::strike::Modifier;
use hexmelee::rulesets::dragonquest::rules::strike::{Hit, Parry};
use hexmelee::rulesets::dragonquest::rules::tables::modifiers::{Melee, Ranged};
use hexmelee::rulesets::dragonquest::rules::{DamagePoints, InitiativeValue, Rank, Tmr};
use hexmelee::seam::{FigureId, SideId};

const EAGLEWING: FigureId = FigureId(0);
const ARIELLA: FigureId = FigureId(1);
const DELION: FigureId = FigureId(2);
const HOBGOBLIN: FigureId = FigureId(3);
const ORC: FigureId = FigureId(4);
const GOBLIN: FigureId = FigureId(5);
const PARTY: SideId = SideId(0);
const MONSTERS: SideId = SideId(1);

fn at(c: i32, r: i32, f: Facing) -> Pose {
    Pose::new(Hex::new(c, r), f)
}

fn example() -> BattleSpec {
    // Eaglewing, elven Ranger and the party's Leader: tulwar Rank 5, a
    // main-gauche at his belt.
    let mut eaglewing = fighter("Eaglewing", 0, (10, 6), Facing::N, "Tulwar");
    eaglewing.weapons = vec![weapon("Tulwar", Some(5)), weapon("Main-Gauche", Some(1))];
    (eaglewing.ag, eaglewing.md, eaglewing.pc) = (16, 16, 10);
    eaglewing.tmr = Tmr(6);
    // Ariella, human Celestial Mage, and Delion, elven Illusionist, tired
    // from the march (18.2).
    let mut ariella = fighter("Ariella", 0, (8, 10), Facing::N, "Dagger");
    ariella.prepared = vec![];
    ariella.armour = None;
    // MD 18 for Delion and 15 for the orc: enough for Rank with their
    // weapons (27.2), as the shipped scenario file must have it.
    let mut delion = fighter("Delion", 0, (12, 8), Facing::N, "Rapier");
    (delion.ag, delion.md, delion.pc, delion.wp) = (16, 18, 11, 12);
    (delion.endurance, delion.fatigue, delion.fatigue_lost) = (12, 14, 6);
    delion.shield = shield("Buckler", 1);
    // The hobgoblin leads the ambush (Perception 13); the orc has a spear
    // to throw and a scimitar; the goblin a loaded crossbow.
    let mut hobgoblin = fighter("Hobgoblin", 1, (10, 0), Facing::S, "Scimitar");
    (hobgoblin.ag, hobgoblin.md, hobgoblin.pc) = (13, 15, 13);
    hobgoblin.weapons[0].rank = Some(Rank(3));
    hobgoblin.armour = None;
    hobgoblin.endurance = 17;
    hobgoblin.tmr = Tmr(6);
    let mut orc = fighter("Orc", 1, (5, 8), Facing::SE, "Spear");
    orc.weapons.push(weapon("Scimitar", Some(2)));
    (orc.ag, orc.md, orc.pc, orc.endurance) = (14, 15, 11, 14);
    orc.armour = None;
    orc.tmr = Tmr(8);
    orc.pose.facing = orc.pose.hex.facing_toward(ariella.pose.hex).unwrap();
    let mut goblin = fighter("Goblin", 1, (12, 12), Facing::N, "Crossbow");
    goblin.weapons[0].loaded = true;
    (goblin.ps, goblin.md, goblin.pc) = (18, 14, 8);
    (goblin.endurance, goblin.fatigue) = (12, 14);
    let mut spec = spec(vec![eaglewing, ariella, delion, hobgoblin, orc, goblin]);
    spec.map = std::sync::Arc::new(hexmelee::hex::HexMap::open(20, 16).unwrap());
    spec.sides[0].name = "the party".into();
    spec.sides[1].name = "the monsters".into();
    spec.sides[0].leader = Some(0);
    spec.sides[1].leader = Some(3);
    spec
}

fn act(battle: &mut Battle, figure: FigureId, action: Action) -> Vec<Event> {
    match battle.submit(Command::Act { figure, action }) {
        Ok(events) => events.to_vec(),
        Err(e) => panic!("{} refused: {e}", battle.figure(figure).name),
    }
}

/// The shortest path (a first pivot, forward steps, a last pivot) for
/// `who` to a pose meeting `goal` within `limit` hexes, around figures.
fn path_to(b: &Battle, who: FigureId, limit: usize, goal: impl Fn(Pose) -> bool) -> Vec<Step> {
    let start = b.figure(who).pose;
    let taken = |h: Hex| b.figures().iter().any(|f| f.id != who && f.pose.hex == h);
    let side = b.figure(who).side;
    // 21.1: entering a hostile Melee Zone ends the move.
    let zone = |h: Hex| {
        b.figures()
            .iter()
            .any(|f| f.side != side && f.zone_holds(h))
    };
    let mut best: Option<Vec<Step>> = None;
    for first in Facing::ALL {
        let mut frontier = vec![(Pose::new(start.hex, first), Vec::<Step>::new())];
        for _ in 0..=limit {
            let mut next = Vec::new();
            for (pose, steps) in &frontier {
                for last in Facing::ALL {
                    if goal(Pose::new(pose.hex, last)) {
                        let mut path = Vec::new();
                        if first != start.facing {
                            path.push(Step::Pivot { to: first });
                        }
                        path.extend(steps.iter().copied());
                        if last != pose.facing {
                            path.push(Step::Pivot { to: last });
                        }
                        if best.as_ref().is_none_or(|b| path.len() < b.len()) {
                            best = Some(path);
                        }
                    }
                }
                if pose.hex != start.hex && zone(pose.hex) {
                    continue;
                }
                for s in Step::FORWARD {
                    let p = pose.after(s);
                    if !taken(p.hex) && b.map().is_passable(p.hex) {
                        let mut st = steps.clone();
                        st.push(s);
                        next.push((p, st));
                    }
                }
            }
            frontier = next;
        }
    }
    best.unwrap_or_else(|| panic!("no path for {}", b.figure(who).name))
}

fn fwd(n: usize) -> Vec<Step> {
    vec![Step::Forward; n]
}

fn has(events: &[Event], f: impl Fn(&Event) -> bool) -> bool {
    events.iter().any(f)
}

fn strike_of(
    events: &[Event],
    attacker: FigureId,
) -> hexmelee::rulesets::dragonquest::engine::StrikeEvent {
    events
        .iter()
        .find_map(|e| match e {
            Event::Strike(s) if s.attacker == attacker => Some((**s).clone()),
            _ => None,
        })
        .expect("a strike")
}

/// The faces the example rolls, in order (what the text leaves out chosen
/// to give its results).
#[rustfmt::skip]
const DICE: [u32; 30] = [
    // First Pulse. 19.2: Eaglewing rolls 2 (+ PC 10 = 12), the hobgoblin 5 (+ 13 = 18).
    2, 5,
    // The orc's spear at Ariella: 96, a miss.
    96,
    // The goblin's crossbow at Delion: 40 hits; D10 6 + 3 = 9, 4 absorbed.
    40, 6,
    // Delion is Stunned: 80 is over MD 18 × 3, the rapier falls.
    80,
    // Delion tries to recover: 70 is over WP 12 × 2 + Fatigue 3.
    70,
    // Second Pulse. Eaglewing 3 (13), the hobgoblin 4 (17).
    3, 4,
    // The hobgoblin's charge: 54, 37 over his Modified Strike Chance of 17.
    54,
    // Eaglewing parries: 8 + Rank 5 − Rank 3 = 10, a Riposte.
    8,
    // The Riposte: 8 hits for Endurance; D10 8 + 4 = 12.
    8, 8,
    // Eaglewing strikes the prone, Stunned hobgoblin: 03, Grievous; D10 1 + 4 kills.
    3, 1,
    // Starfire Stuns the goblin: 90 is over MD 14 × 3, the crossbow falls.
    90,
    // Delion recovers: 10, under 27.
    10,
    // Third Pulse. Eaglewing 9 (19), the orc rolls for the monsters: 1 (12).
    9, 1,
    // The orc charges Delion: 95, a miss.
    95,
    // The goblin recovers: 05, under WP 12 × 2 + Fatigue 1.
    5,
    // Fourth Pulse. Eaglewing 6 (16), the goblin 2 (10).
    6, 2,
    // The orc strikes Delion: 30 hits; D10 5 + 3 = 8, 4 absorbed, 3 left to take.
    30, 5,
    // Eaglewing from the orc's rear: 50 hits; D10 5 + 4 = 9 Stuns the orc,
    // who keeps his scimitar (20, under MD 15 × 3).
    50, 5, 20,
    // Fifth Pulse begins: Delion rolls for the party 7, the goblin 3.
    7, 3,
];

#[test]
fn example_of_combat_32() {
    play_the_example(Battle::with_dice(&example(), Dice::scripted(DICE)).unwrap());
}

/// The shipped `scenarios/dq-example-32.ron` is this example: the same
/// figures, and its `dice` the same faces, so a battle of it at any seed
/// plays the book while the book's actions are chosen (in the display too).
#[test]
fn the_shipped_example_32_plays_the_book() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/dq-example-32.ron");
    let text = std::fs::read_to_string(&path).unwrap();
    let shipped = hexmelee::rulesets::dragonquest::scenario::parse(&path, &text).unwrap();
    let mut book = example();
    book.dice = DICE.to_vec();
    assert_eq!(shipped.spec.figures, book.figures);
    assert_eq!(shipped.spec.sides, book.sides);
    assert_eq!(shipped.spec.dice, book.dice);
    for seed in [shipped.scenario.seed, 7] {
        play_the_example(Battle::new(&shipped.spec, seed).unwrap());
    }
}

fn play_the_example(mut battle: Battle) {
    // First Pulse: the hobgoblin wins the Initiative and the monsters act first.
    assert!(battle.events().contains(&Event::InitiativeWon {
        side: Some(MONSTERS)
    }));
    assert_eq!(battle.prompt(), Prompt::SideChoice { side: MONSTERS });
    battle.submit(Command::ActNow { now: true }).unwrap();
    // The hobgoblin charges Eaglewing but ends short of him.
    let e = act(
        &mut battle,
        HOBGOBLIN,
        Action::ChargeWithoutStrike { path: fwd(3) },
    );
    assert!(e.contains(&Event::Moved {
        figure: HOBGOBLIN,
        to: at(10, 3, Facing::S),
        hexes: 3
    }));
    // The orc throws his spear at Ariella and misses; it lands by her.
    let e = act(
        &mut battle,
        ORC,
        Action::Fire {
            path: vec![],
            target: ARIELLA,
        },
    );
    assert_eq!(strike_of(&e, ORC).hit, None);
    assert!(has(&e, |e| matches!(e, Event::Thrown { figure: ORC, .. })));
    // The goblin's crossbow hits Delion from a rear hex (+20): 9 points,
    // 4 absorbed by his leather, and he is Stunned and drops his rapier.
    let e = act(
        &mut battle,
        GOBLIN,
        Action::Fire {
            path: vec![],
            target: DELION,
        },
    );
    let shot = strike_of(&e, GOBLIN);
    assert_eq!(shot.hit, Some(Hit::Fatigue));
    assert!(
        shot.modifiers
            .contains(&(Modifier::Ranged(Ranged::ThroughRearHex), 20))
    );
    assert!(e.contains(&Event::Damaged {
        figure: DELION,
        d10: Some(6),
        points: DamagePoints(9),
        absorbed: DamagePoints(4),
        fatigue: DamagePoints(5),
        endurance: DamagePoints(0),
        cause: None,
    }));
    assert!(e.contains(&Event::Stunned { figure: DELION }));
    assert!(has(&e, |e| matches!(
        e,
        Event::Dropped { figure: DELION, .. }
    )));
    // Now the party: Eaglewing Evades to meet the charge, Ariella begins a
    // spell, and Delion, Stunned, acts last and fails to recover.
    assert_eq!(
        battle.prompt(),
        Prompt::SideAction {
            side: PARTY,
            ready: vec![EAGLEWING, ARIELLA]
        }
    );
    act(&mut battle, EAGLEWING, Action::Evade { path: vec![] });
    let e = act(&mut battle, ARIELLA, Action::Spell { effects: vec![] });
    assert!(has(&e, |e| matches!(
        e,
        Event::StunRecovery {
            figure: DELION,
            recovered: false,
            ..
        }
    )));

    // Second Pulse: the hobgoblin wins again and charges Eaglewing.
    assert!(e.contains(&Event::PulseBegan {
        pulse: 2,
        free_for: None
    }));
    assert_eq!(battle.prompt(), Prompt::SideChoice { side: MONSTERS });
    battle.submit(Command::ActNow { now: true }).unwrap();
    let e = act(
        &mut battle,
        HOBGOBLIN,
        Action::Melee {
            path: fwd(2),
            target: EAGLEWING,
            multiple: Multiple::Single,
            after_strike: Vec::new(),
        },
    );
    let charge = strike_of(&e, HOBGOBLIN);
    // 77 − Defense 15 − 20 (Rank 5 Evading) − 10 (Evading) − 15 (charging).
    assert_eq!(charge.modified.0, 17);
    assert_eq!(charge.roll.value() as i32 - charge.modified.0, 37);
    assert!(charge.parry_possible);
    assert!(e.contains(&Event::Parried {
        defender: EAGLEWING,
        attacker: HOBGOBLIN,
        d10: 8,
        result: Parry::Riposte,
        defender_rank: 5,
        attacker_rank: 3,
    }));
    // Disarmed, and the Riposte does 12 to Endurance: the hobgoblin is Stunned.
    assert!(has(&e, |e| matches!(
        e,
        Event::Dropped {
            figure: HOBGOBLIN,
            ..
        }
    )));
    let riposte = strike_of(&e, EAGLEWING);
    assert!(riposte.riposte);
    assert_eq!(riposte.hit, Some(Hit::Endurance));
    assert!(has(&e, |e| matches!(
        e,
        Event::Damaged {
            figure: HOBGOBLIN,
            endurance: DamagePoints(12),
            ..
        }
    )));
    assert!(e.contains(&Event::Stunned { figure: HOBGOBLIN }));
    // He falls from his horse at Eaglewing's feet (the Referee's word).
    battle
        .submit(Command::Referee(Fiat::Prone {
            figure: HOBGOBLIN,
            prone: true,
        }))
        .unwrap();
    // The orc prepares his scimitar and moves towards Delion.
    let delion_hex = battle.figure(DELION).pose.hex;
    let d0 = battle.figure(ORC).pose.hex.distance(delion_hex);
    let party: Vec<Hex> = [EAGLEWING, ARIELLA, DELION]
        .map(|f| battle.figure(f).pose.hex)
        .to_vec();
    let apart = move |h: Hex| party.iter().all(|p| p.distance(h) > 1);
    let path = path_to(&battle, ORC, 2, |p| {
        p.hex.distance(delion_hex) + 2 <= d0 && apart(p.hex)
    });
    let e = act(
        &mut battle,
        ORC,
        Action::Pass {
            path,
            task: Task::Prepare { item: 1 },
        },
    );
    assert!(e.contains(&Event::Prepared {
        figure: ORC,
        item: hexmelee::rulesets::dragonquest::engine::Item::Weapon(1)
    }));
    // The goblin begins to reload: the first of a crossbow's two Passes.
    let e = act(
        &mut battle,
        GOBLIN,
        Action::Pass {
            path: vec![],
            task: Task::Load,
        },
    );
    assert!(e.contains(&Event::Loading {
        figure: GOBLIN,
        item: 0,
        loaded: false
    }));
    // Eaglewing strikes the prone hobgoblin (the Riposte was no action):
    // +15 Stunned, +20 prone, no Defense; a Grievous strike kills him.
    let e = act(
        &mut battle,
        EAGLEWING,
        Action::Melee {
            path: vec![],
            target: HOBGOBLIN,
            multiple: Multiple::Single,
            after_strike: Vec::new(),
        },
    );
    let blow = strike_of(&e, EAGLEWING);
    assert_eq!(blow.defense.0, 0);
    assert_eq!(
        blow.modifiers,
        [
            (Modifier::Melee(Melee::TargetStunned), 15),
            (Modifier::Melee(Melee::TargetKneelingOrProne), 20)
        ]
    );
    assert_eq!(blow.hit, Some(Hit::Grievous));
    assert!(e.contains(&Event::Fell {
        figure: HOBGOBLIN,
        standing: Standing::Dead
    }));
    // Ariella's Starfire: 13 points to the goblin, who is Stunned and drops his bow.
    let e = act(
        &mut battle,
        ARIELLA,
        Action::Spell {
            effects: vec![Fiat::Damage {
                figure: GOBLIN,
                points: 13,
                endurance: false,
                armour: false,
            }],
        },
    );
    assert!(e.contains(&Event::Stunned { figure: GOBLIN }));
    assert!(has(&e, |e| matches!(
        e,
        Event::Dropped { figure: GOBLIN, .. }
    )));
    // Delion tries again, and recovers.
    assert!(has(&e, |e| matches!(
        e,
        Event::StunRecovery {
            figure: DELION,
            recovered: true,
            ..
        }
    )));

    // Third Pulse: Eaglewing wins, against the orc (the hobgoblin is dead);
    // no one is engaged, and the party acts first.
    assert!(has(&e, |e| matches!(
        e,
        Event::InitiativeRolled {
            side: MONSTERS,
            roller: ORC,
            leader: false,
            ..
        }
    )));
    assert!(e.contains(&Event::InitiativeWon { side: Some(PARTY) }));
    assert!(e.contains(&Event::TurnsSet {
        engagements: vec![],
        sides: vec![PARTY, MONSTERS]
    }));
    battle.submit(Command::ActNow { now: true }).unwrap();
    // Eaglewing prepares his main-gauche and moves slightly towards the orc.
    let orc_hex = battle.figure(ORC).pose.hex;
    let e0 = battle.figure(EAGLEWING).pose.hex.distance(orc_hex);
    let path = path_to(&battle, EAGLEWING, 1, |p| p.hex.distance(orc_hex) < e0);
    act(
        &mut battle,
        EAGLEWING,
        Action::Pass {
            path,
            task: Task::Prepare { item: 1 },
        },
    );
    assert_eq!(battle.figure(EAGLEWING).hands, [0, 1]);
    act(&mut battle, ARIELLA, Action::Spell { effects: vec![] });
    // Delion picks up his rapier and turns to receive the orc.
    let to = delion_hex.facing_toward(orc_hex).unwrap();
    let e = act(
        &mut battle,
        DELION,
        Action::Pass {
            path: vec![Step::Pivot { to }],
            task: Task::PickUp { item: 0 },
        },
    );
    assert!(e.contains(&Event::PickedUp {
        figure: DELION,
        item: hexmelee::rulesets::dragonquest::engine::Item::Weapon(0)
    }));
    // The orc moves up to Delion and attacks him, missing.
    let delion = battle.figure(DELION).pose;
    let path = path_to(&battle, ORC, 4, |p| {
        p.front_hexes().contains(&delion.hex) && delion.front_hexes().contains(&p.hex)
    });
    let e = act(
        &mut battle,
        ORC,
        Action::Melee {
            path,
            target: DELION,
            multiple: Multiple::Single,
            after_strike: Vec::new(),
        },
    );
    assert_eq!(strike_of(&e, ORC).hit, None);
    // The goblin recovers from being Stunned.
    assert!(has(&e, |e| matches!(
        e,
        Event::StunRecovery {
            figure: GOBLIN,
            recovered: true,
            ..
        }
    )));

    // Fourth Pulse: Initiative between Eaglewing and the goblin (the orc is
    // engaged); the orc (27) and Delion (25) act first, the orc leading.
    assert!(has(&e, |e| matches!(
        e,
        Event::InitiativeRolled {
            side: MONSTERS,
            roller: GOBLIN,
            ..
        }
    )));
    assert!(e.contains(&Event::InitiativeWon { side: Some(PARTY) }));
    let turns = e
        .iter()
        .find_map(|e| match e {
            Event::TurnsSet { engagements, .. } => Some(engagements.clone()),
            _ => None,
        })
        .unwrap();
    let order: Vec<(FigureId, InitiativeValue)> =
        turns[0].iter().map(|g| (g.figure, g.value)).collect();
    assert_eq!(
        order,
        [(ORC, InitiativeValue(27)), (DELION, InitiativeValue(25))]
    );
    assert_eq!(battle.prompt(), Prompt::LeadChoice { figure: ORC });
    battle.submit(Command::ActNow { now: true }).unwrap();
    // The orc's blow takes the last of Delion's Fatigue.
    act(
        &mut battle,
        ORC,
        Action::Melee {
            path: vec![],
            target: DELION,
            multiple: Multiple::Single,
            after_strike: Vec::new(),
        },
    );
    assert_eq!(battle.figure(DELION).fatigue, 0);
    assert!(!battle.figure(DELION).stunned);
    // Delion Withdraws defensively behind his buckler.
    let e = act(
        &mut battle,
        DELION,
        Action::Withdraw {
            path: vec![Step::Backward],
            posture: Posture::Defensive,
        },
    );
    assert!(e.contains(&Event::ActionChosen {
        figure: DELION,
        action: ActionKind::Withdraw { defensive: true },
        moving: true
    }));
    // Eaglewing has the party act first, Ariella before him: her spell
    // backfires, her Fatigue goes to 0 and she is Stunned.
    assert_eq!(battle.prompt(), Prompt::SideChoice { side: PARTY });
    battle.submit(Command::ActNow { now: true }).unwrap();
    let fatigue = battle.figure(ARIELLA).fatigue;
    let e = act(
        &mut battle,
        ARIELLA,
        Action::Spell {
            effects: vec![Fiat::Damage {
                figure: ARIELLA,
                points: fatigue,
                endurance: false,
                armour: false,
            }],
        },
    );
    assert!(e.contains(&Event::Stunned { figure: ARIELLA }));
    assert_eq!(battle.figure(ARIELLA).fatigue, 0);
    // Eaglewing moves up to the orc and attacks from behind: +30 rear, −15
    // charging with a non-Pole weapon; the orc is Stunned.
    let orc = battle.figure(ORC).pose;
    let path = path_to(&battle, EAGLEWING, 3, |p| {
        p.front_hexes().contains(&orc.hex)
            && orc.half_toward(p.hex) == Some(hexmelee::hex::Half::Rear)
    });
    let e = act(
        &mut battle,
        EAGLEWING,
        Action::Melee {
            path,
            target: ORC,
            multiple: Multiple::Single,
            after_strike: Vec::new(),
        },
    );
    let blow = strike_of(&e, EAGLEWING);
    assert_eq!(
        blow.modifiers,
        [
            (Modifier::Melee(Melee::ThroughRearHex), 30),
            (Modifier::Melee(Melee::ChargingWithNonPole), -15)
        ]
    );
    assert_eq!(blow.hit, Some(Hit::Fatigue));
    assert!(e.contains(&Event::Stunned { figure: ORC }));
    // Delion cannot act again; the goblin runs away.
    assert_eq!(
        battle.prompt(),
        Prompt::SideAction {
            side: MONSTERS,
            ready: vec![GOBLIN]
        }
    );
    let e = act(
        &mut battle,
        GOBLIN,
        Action::Move {
            path: vec![Step::Pivot { to: Facing::S }, Step::Forward, Step::Forward],
        },
    );
    assert!(e.contains(&Event::PulseBegan {
        pulse: 5,
        free_for: None
    }));

    // Every event explains itself in one line citing its section.
    let lines: Vec<String> = battle
        .events()
        .iter()
        .map(|e| explain(&battle, e))
        .collect();
    for l in &lines {
        assert!(l.contains('[') && !l.contains('\n'), "{l}");
    }
    for expected in [
        "Eaglewing rolls Initiative for the party: 2 + PC 10 = 12 [19.2]",
        "Goblin fires at Delion with the Crossbow: Strike Chance 82 − Defense 15 + 20 (through a rear hex) = 87 — rolled 40, hit: damage to Fatigue [24.2, 25.1]",
        "Delion takes 9 (D10 6): 4 absorbed, 5 Fatigue, 0 Endurance [25]",
        "Eaglewing parries, D10 8 + Rank 5 − Rank 3 = 10: the attacker is Disarmed, and a Riposte [24.4]",
        "Order: engaged: Orc (27) then Delion (25); then the party, then the monsters [19.3, 19.4, 21]",
        "The monsters have the Initiative [19.2]",
        "Delion turns to face south-west [21.1]",
    ] {
        assert!(
            lines.iter().any(|l| l == expected),
            "no line {expected:?} in {lines:#?}"
        );
    }
}
