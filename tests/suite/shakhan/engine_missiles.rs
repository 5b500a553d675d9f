//! Missile combat in the engine (16.5.2, 16.12.1, 16.14.3.2, 16.14.3.4,
//! 16.9.9.1), driven through the public seam with scripted or seeded dice.
//! Test names carry the section of the rule they prove.

use std::path::Path;

use hexmelee::dice::Dice;
use hexmelee::rulesets::shakhan::engine::{
    Battle, BusyStance, CardOrder, Command, Event, FigureOrders, FlightEvent, MissileIntent,
    Prompt, ShieldStance,
};
use hexmelee::rulesets::shakhan::rules::Card;
use hexmelee::rulesets::shakhan::rules::tables::actions::Activity;
use hexmelee::rulesets::shakhan::scenario::Checked;
use hexmelee::seam::{FigureId, SideId};
use hexmelee::sim;

const STATS: &str = "stats: (agility: 12, strength: 12, dexterity: 11, constitution: 12, willpower: 12, vision: 11)";
const BOW: &str = "missile_weapons: [(kind: ShortBow, quality: Good, training: 2, ammunition: 10)]";

fn parse(text: &str) -> Checked {
    hexmelee::rulesets::shakhan::scenario::parse(Path::new("test.ron"), text)
        .unwrap_or_else(|e| panic!("{e}"))
}

/// Figures on an open map `w` x `h`; each entry is (side, col, row, facing,
/// extra fields).
fn field(w: u32, h: u32, figures: &[(&str, i32, i32, &str, &str)]) -> Checked {
    let list: Vec<String> = figures
        .iter()
        .enumerate()
        .map(|(i, (side, col, row, facing, extra))| {
            format!(
                r#"(name: "F{i}", side: "{side}", at: ({col}, {row}), facing: {facing},
                   occupation: Warrior, level: 2, height_m: 1.75, weight_kg: 72.0, {STATS},
                   weapons: [(kind: ShortSword, quality: Good, training: 1)], {extra})"#
            )
        })
        .collect();
    parse(&format!(
        r#"Scenario(name: "t", ruleset: Shakhan, options: (free_rounds: false),
            map: (width: {w}, height: {h}),
            sides: [(name: "A", colour: Red), (name: "B", colour: Blue)],
            figures: [{}])"#,
        list.join(",\n")
    ))
}

fn shoot(figure: usize, card: Card, target: Option<usize>, warn: bool) -> FigureOrders {
    FigureOrders {
        figure: FigureId(figure),
        cards: vec![CardOrder {
            missile: Some(MissileIntent {
                weapon: 0,
                hold: false,
                warn,
            }),
            ..CardOrder::new(card, target.map(FigureId))
        }],
        shield: ShieldStance::Raise,
        when_busy: BusyStance::Ask,
        dodge: Default::default(),
        moves: Default::default(),
    }
}

fn orders(side: usize, list: Vec<FigureOrders>) -> Command {
    Command::Orders {
        side: SideId(side),
        orders: list,
    }
}

fn settle(b: &mut Battle) {
    b.submit(Command::MovementPriority { move_first: true })
        .unwrap();
    b.submit(Command::DivineIntervention { note: None })
        .unwrap();
}

fn stand_until_orders(b: &mut Battle) {
    loop {
        match b.prompt() {
            Prompt::Movement { .. } => b.submit(Command::Move { moves: vec![] }).unwrap(),
            Prompt::MidAction { .. } => b.submit(Command::MidAction { defend: false }).unwrap(),
            Prompt::RaiseShield { .. } => b.submit(Command::RaiseShield { raise: true }).unwrap(),
            _ => return,
        };
    }
}

fn flights(b: &Battle) -> Vec<&FlightEvent> {
    b.events()
        .iter()
        .filter_map(|e| match e {
            Event::MissileFlew(f) => Some(f.as_ref()),
            _ => None,
        })
        .collect()
}

/// Scripted dice: the opening Initiative (side A), then `faces`, then a long
/// tail of middling rolls for whatever follows (morale, upkeep).
fn dice(faces: &[u32]) -> Dice {
    let mut all = vec![95, 30];
    all.extend_from_slice(faces);
    all.extend(std::iter::repeat_n(50, 200));
    Dice::scripted(all)
}

#[test]
fn s16_14_3_4_a_loaded_bow_is_aimed_and_loosed_then_loading_begins_under_g() {
    let c = field(
        6,
        10,
        &[
            (
                "A",
                2,
                0,
                "S",
                &format!("{BOW}, state: (missile_loaded: true)"),
            ),
            ("B", 2, 5, "N", ""),
        ],
    );
    // Strike roll 10; location 30 upper body; penetration 20 (+4 velocity:
    // 5 m of a 50 m bow, 20 m below half) = 24: p on skin; 1D3 = 2.
    let mut b = Battle::with_dice(&c, dice(&[10, 30, 20, 2])).unwrap();
    b.submit(orders(0, vec![shoot(0, Card::G, Some(1), false)]))
        .unwrap();
    b.submit(orders(1, vec![])).unwrap();
    settle(&mut b);
    let f = flights(&b);
    assert_eq!(f.len(), 1);
    assert_eq!(f[0].struck, Some(FigureId(1)), "{}", f[0].explanation);
    assert_eq!(f[0].wounds[0].damage, 2);
    assert!(
        f[0].explanation.contains("penetration 20 +4"),
        "{}",
        f[0].explanation
    );
    assert!(
        f[0].explanation.contains("+2 for range"),
        "{}",
        f[0].explanation
    );
    let archer = b.figure(FigureId(0));
    assert_eq!(archer.missile.loaded, None);
    assert_eq!(archer.missile.shots, vec![9]);
    // G award: MA x 1; aim 2 + fire 1 = 3 AP spent.
    assert_eq!(archer.round.ap_left, archer.factors.ap(Card::G).0 - 3.0);
    assert_eq!(
        archer.action.map(|a| (a.activity, a.needed)),
        Some((Activity::LoadMissile, 6.0))
    );
    assert_eq!(b.figure(FigureId(1)).condition.damage(), 2);
    // Both views explain it; the table sees no numbers.
    let flew = b
        .events()
        .iter()
        .find(|e| matches!(e, Event::MissileFlew(_)))
        .unwrap();
    let referee = b.describe(flew, hexmelee::seam::View::Referee).unwrap();
    let table = b.describe(flew, hexmelee::seam::View::Table).unwrap();
    assert!(referee.contains("rolled 10"), "{referee}");
    assert!(
        table.contains("struck") && !table.contains("rolled"),
        "{table}"
    );
}

#[test]
fn s16_5_2_loading_takes_the_reload_ap_over_pulses_and_carries_into_the_next_round() {
    let c = field(6, 12, &[("A", 2, 0, "S", BOW), ("B", 2, 10, "N", "")]);
    let mut b = Battle::with_dice(&c, dice(&[])).unwrap();
    for _round in 0..3 {
        if b.figure(FigureId(0)).missile.loaded.is_some() {
            break;
        }
        b.submit(orders(0, vec![shoot(0, Card::G, Some(1), false)]))
            .unwrap();
        b.submit(orders(1, vec![])).unwrap();
        settle(&mut b);
        stand_until_orders(&mut b);
    }
    let loads: Vec<f64> = b
        .events()
        .iter()
        .filter_map(|e| match e {
            Event::LoadBegun { needed, .. } => Some(*needed),
            _ => None,
        })
        .collect();
    // One load begun (6 AP for a bow), worked over pulses until done.
    assert_eq!(loads, vec![6.0]);
    assert!(b.events().iter().any(|e| matches!(
        e,
        Event::ActionDone {
            activity: Activity::LoadMissile,
            ..
        }
    )));
    assert_eq!(b.figure(FigureId(0)).missile.loaded, Some(0));
}

#[test]
fn s16_5_2_a_figure_struck_while_loading_loses_the_ap_spent_loading() {
    // F0 loads with its back to F1, who stands behind it and strikes.
    let c = field(6, 8, &[("A", 2, 3, "N", BOW), ("B", 2, 4, "N", "")]);
    // F1's strike: roll 5; location 30; penetration 30 (p); 2D6 = 3 + 4.
    // Mid-action spoil (16.9.4.1): 2D12 = 1 + 1 → 77, d100 99: not spoiled
    // by that roll; 16.5.2 takes the load all the same.
    let mut b = Battle::with_dice(&c, dice(&[5, 30, 30, 3, 4, 1, 1, 99])).unwrap();
    b.submit(orders(0, vec![shoot(0, Card::G, Some(1), false)]))
        .unwrap();
    b.submit(Command::Orders {
        side: SideId(1),
        orders: vec![FigureOrders {
            figure: FigureId(1),
            cards: vec![CardOrder::new(Card::C, Some(FigureId(0)))],
            shield: ShieldStance::Raise,
            when_busy: BusyStance::Ask,
            dodge: Default::default(),
            moves: Default::default(),
        }],
    })
    .unwrap();
    settle(&mut b);
    assert!(
        b.events()
            .iter()
            .any(|e| matches!(e, Event::LoadBegun { .. }))
    );
    stand_until_orders(&mut b);
    let struck = b.events().iter().any(
        |e| matches!(e, Event::Strike(s) if s.struck && s.wounds.iter().any(|w| w.damage > 0)),
    );
    assert!(struck);
    assert!(
        b.events()
            .iter()
            .any(|e| matches!(e, Event::ActionSpoiled { figure } if *figure == FigureId(0)))
    );
}

#[test]
fn s16_12_1_a_friend_in_the_line_of_fire_is_checked_at_half_when_warned() {
    let c = field(
        6,
        10,
        &[
            (
                "A",
                2,
                0,
                "S",
                &format!("{BOW}, state: (missile_loaded: true)"),
            ),
            ("A", 2, 3, "S", ""),
            ("B", 2, 6, "N", ""),
        ],
    );
    // The friend: roll 99 (a miss); the target: 99 (a miss); flies on 1D6 =
    // 1, sign 1: 49 m, off the map.
    let mut b = Battle::with_dice(&c, dice(&[99, 99, 1, 1])).unwrap();
    b.submit(orders(0, vec![shoot(0, Card::G, Some(2), true)]))
        .unwrap();
    b.submit(orders(1, vec![])).unwrap();
    settle(&mut b);
    let f = flights(&b);
    assert_eq!(f[0].checked, vec![FigureId(1), FigureId(2)]);
    assert!(
        f[0].explanation.contains("F1 in the way"),
        "{}",
        f[0].explanation
    );
    assert!(
        f[0].explanation.contains("halved (warned)"),
        "{}",
        f[0].explanation
    );
    assert!(f[0].explanation.contains("MSF -"), "{}", f[0].explanation);
    assert_eq!(f[0].struck, None);
    assert!(f[0].landed_m.is_some());
    // The warning cost a shout: 4 AP in all.
    let archer = b.figure(FigureId(0));
    assert_eq!(archer.round.ap_left, archer.factors.ap(Card::G).0 - 4.0);
}

#[test]
fn s16_12_1_the_second_rank_shoots_past_the_friend_in_front() {
    let c = field(
        6,
        10,
        &[
            (
                "A",
                2,
                0,
                "S",
                &format!("{BOW}, state: (missile_loaded: true)"),
            ),
            ("A", 2, 1, "S", ""),
            ("B", 2, 5, "N", ""),
        ],
    );
    let mut b = Battle::with_dice(&c, dice(&[99, 1, 1])).unwrap();
    b.submit(orders(0, vec![shoot(0, Card::G, Some(2), false)]))
        .unwrap();
    b.submit(orders(1, vec![])).unwrap();
    settle(&mut b);
    let f = flights(&b);
    assert_eq!(f[0].checked, vec![FigureId(2)]);
    assert!(
        f[0].explanation.contains("second rank"),
        "{}",
        f[0].explanation
    );
}

#[test]
fn s16_12_1_a_missile_that_misses_flies_on_and_may_strike_one_behind() {
    let c = field(
        6,
        12,
        &[
            (
                "A",
                2,
                0,
                "S",
                &format!("{BOW}, state: (missile_loaded: true)"),
            ),
            ("B", 2, 3, "N", ""),
            ("B", 2, 7, "N", ""),
        ],
    );
    // Target: 00, always a miss; 1D6 = 3, sign 5: 53 m; the one behind: 01,
    // within its 33; location 30, penetration 20, 1D3 = 1.
    let mut b = Battle::with_dice(&c, dice(&[100, 3, 5, 1, 30, 20, 1])).unwrap();
    b.submit(orders(0, vec![shoot(0, Card::G, Some(1), false)]))
        .unwrap();
    b.submit(orders(1, vec![])).unwrap();
    settle(&mut b);
    let f = flights(&b);
    assert_eq!(
        f[0].checked,
        vec![FigureId(1), FigureId(2)],
        "{}",
        f[0].explanation
    );
    assert_eq!(f[0].struck, Some(FigureId(2)), "{}", f[0].explanation);
    assert!(
        f[0].explanation.contains("lands 53 m"),
        "{}",
        f[0].explanation
    );
    assert!(
        f[0].explanation.contains("F2 in the way"),
        "{}",
        f[0].explanation
    );
}

#[test]
fn s16_14_3_2_a_flight_longer_than_a_second_arrives_next_round() {
    // A javelin (2 m x Strength 12 = 24 m) thrown 22 m at 20 m/s: 1.1 s.
    let javelin = "thrown: [(kind: Javelin, quality: Usual, training: 1, count: 2)], state: (missile_loaded: true)";
    let c = field(5, 26, &[("A", 2, 0, "S", javelin), ("B", 2, 22, "N", "")]);
    // On arrival: 99, a miss; it comes down at 24 - 2 = 22 m (1D6 = 2, sign 2).
    let mut b = Battle::with_dice(&c, dice(&[99, 2, 2])).unwrap();
    b.submit(orders(0, vec![shoot(0, Card::G, Some(1), false)]))
        .unwrap();
    b.submit(orders(1, vec![])).unwrap();
    settle(&mut b);
    assert!(
        b.events()
            .iter()
            .any(|e| matches!(e, Event::MissileLoosed { delayed: true, .. }))
    );
    assert!(flights(&b).is_empty());
    assert_eq!(b.missiles_in_flight().len(), 1);
    stand_until_orders(&mut b);
    b.submit(orders(0, vec![])).unwrap();
    b.submit(orders(1, vec![])).unwrap();
    settle(&mut b);
    let f = flights(&b);
    assert_eq!(f.len(), 1);
    assert!(f[0].arrived);
    assert!(
        f[0].explanation.contains("arrives at F1"),
        "{}",
        f[0].explanation
    );
    assert!(b.missiles_in_flight().is_empty());
}

#[test]
fn s16_9_9_1_in_a_free_round_only_a_weapon_pointed_at_its_target_fires() {
    let loaded = format!("{BOW}, state: (missile_loaded: true)");
    let text = |facing: &str| {
        let mut c = field(8, 10, &[("A", 2, 0, facing, &loaded), ("B", 2, 5, "N", "")]);
        c.scenario.options.free_rounds = true;
        c
    };
    for (facing, fires) in [("S", true), ("SE", false)] {
        // Initiative 95 against 05: a surprise, one free round for side A.
        let mut all = vec![95, 5, 50, 30, 20, 2];
        all.extend(std::iter::repeat_n(50, 100));
        let mut b = Battle::with_dice(&text(facing), Dice::scripted(all)).unwrap();
        assert!(b.is_free_round());
        b.submit(orders(0, vec![shoot(0, Card::G, Some(1), false)]))
            .unwrap();
        settle(&mut b);
        let loosed = b
            .events()
            .iter()
            .any(|e| matches!(e, Event::MissileLoosed { .. }));
        assert_eq!(loosed, fires, "facing {facing}");
    }
}

#[test]
fn s16_15_14_a_missile_under_a_card_other_than_g_takes_the_penalty_and_does_not_reload() {
    let c = field(
        6,
        10,
        &[
            (
                "A",
                2,
                0,
                "S",
                &format!("{BOW}, state: (missile_loaded: true)"),
            ),
            ("B", 2, 5, "N", ""),
        ],
    );
    let mut b = Battle::with_dice(&c, dice(&[99, 1, 1])).unwrap();
    b.submit(orders(0, vec![shoot(0, Card::C, Some(1), false)]))
        .unwrap();
    b.submit(orders(1, vec![])).unwrap();
    settle(&mut b);
    let f = flights(&b);
    assert!(
        f[0].explanation.contains("-10 for card C"),
        "{}",
        f[0].explanation
    );
    assert!(
        !b.events()
            .iter()
            .any(|e| matches!(e, Event::LoadBegun { .. }))
    );
}

#[test]
fn s16_12_1_orders_naming_a_missing_missile_weapon_are_refused() {
    let c = field(6, 10, &[("A", 2, 0, "S", ""), ("B", 2, 5, "N", "")]);
    let mut b = Battle::with_dice(&c, dice(&[])).unwrap();
    let before = b.events().len();
    let err = b
        .submit(orders(0, vec![shoot(0, Card::G, Some(1), false)]))
        .unwrap_err();
    assert!(err.0.contains("no missile weapon"), "{err}");
    assert_eq!(b.events().len(), before);
}

#[test]
fn ambush_the_ai_shoots_and_every_battle_ends() {
    let c = hexmelee::rulesets::shakhan::scenario::load(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/ambush.ron"),
    )
    .unwrap();
    let (mut loosed, mut flew, mut loads) = (0, 0, 0);
    for seed in 0..6 {
        let mut b = Battle::new(&c, seed).unwrap();
        sim::play(&mut b, 60, hexmelee::rulesets::shakhan::ai::answer).unwrap();
        assert!(b.outcome().is_some(), "seed {seed} did not finish");
        for e in b.events() {
            match e {
                Event::MissileLoosed { .. } => loosed += 1,
                Event::MissileFlew(_) => flew += 1,
                Event::LoadBegun { .. } => loads += 1,
                _ => {}
            }
            // Every missile event is explained in both views.
            if matches!(
                e,
                Event::MissileFlew(_) | Event::MissileLoosed { .. } | Event::LoadBegun { .. }
            ) {
                assert!(b.describe(e, hexmelee::seam::View::Table).is_some());
                assert!(b.describe(e, hexmelee::seam::View::Referee).is_some());
            }
        }
    }
    assert!(
        loosed >= 6 && flew >= 6 && loads >= 3,
        "{loosed} {flew} {loads}"
    );
}

#[test]
fn s16_9_9_1_a_quick_weapon_may_be_readied_in_a_free_round_on_an_agility_check() {
    // A thrown dagger: ready 3 + throw 1 = 4 AP, under 5. Adjusted Agility
    // 12 × 3 = 36: a roll of 10 readies it; 00 then misses, and it comes
    // down short (1D6 = 1, sign 1).
    let dagger = "thrown: [(kind: Dagger, quality: Good, training: 1, count: 2)]";
    let mut c = field(8, 10, &[("A", 2, 0, "S", dagger), ("B", 2, 5, "N", "")]);
    c.scenario.options.free_rounds = true;
    let mut all = vec![95, 5, 10, 100, 1, 1];
    all.extend(std::iter::repeat_n(50, 100));
    let mut b = Battle::with_dice(&c, Dice::scripted(all)).unwrap();
    b.submit(orders(0, vec![shoot(0, Card::G, Some(1), false)]))
        .unwrap();
    settle(&mut b);
    let quick = b
        .events()
        .iter()
        .find(|e| matches!(e, Event::QuickShot { .. }))
        .expect("a quick-shot check");
    assert!(matches!(
        quick,
        Event::QuickShot {
            threshold: 36,
            passed: true,
            ..
        }
    ));
    assert_eq!(flights(&b).len(), 1);
    // A bow is too slow to load (6 + 1 AP): no check, no shot.
    let mut c = field(8, 10, &[("A", 2, 0, "S", BOW), ("B", 2, 5, "N", "")]);
    c.scenario.options.free_rounds = true;
    let mut all = vec![95, 5];
    all.extend(std::iter::repeat_n(50, 100));
    let mut b = Battle::with_dice(&c, Dice::scripted(all)).unwrap();
    b.submit(orders(0, vec![shoot(0, Card::G, Some(1), false)]))
        .unwrap();
    settle(&mut b);
    assert!(
        !b.events()
            .iter()
            .any(|e| matches!(e, Event::QuickShot { .. } | Event::MissileLoosed { .. }))
    );
}

#[test]
fn cli_scripted_orders_fire_a_missile_with_a_warning() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_hexmelee"))
        .arg("sim")
        .arg(root.join("scenarios/ambush.ron"))
        .arg("--orders")
        .arg(root.join("tests/orders/ambush-volley.ron"))
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        text.contains("Ulla aims and looses the Short Bow at")
            && text.contains("shouting a warning"),
        "{text}"
    );
}

/// Shakhàn 16.15.4: a struck figure whose shield stays down is told why, in a
/// player's words: struck from behind, or held low by its orders.
#[test]
fn s16_15_4_a_missile_line_says_why_the_shield_was_not_raised() {
    const SHIELD: &str = "shield: Some((material: Leather, size: Small, quality: Good))";
    for (facing, stance, why) in [
        ("S", ShieldStance::Raise, "the shield is on the far side"),
        ("N", ShieldStance::Lower, "held low by orders"),
    ] {
        let c = field(
            6,
            10,
            &[
                (
                    "A",
                    2,
                    0,
                    "S",
                    &format!("{BOW}, state: (missile_loaded: true)"),
                ),
                ("B", 2, 5, facing, SHIELD),
            ],
        );
        let mut b = Battle::with_dice(&c, dice(&[10, 30, 20, 2])).unwrap();
        b.submit(orders(0, vec![shoot(0, Card::G, Some(1), false)]))
            .unwrap();
        let stand = FigureOrders {
            figure: FigureId(1),
            cards: vec![CardOrder::new(Card::D, None)],
            shield: stance,
            when_busy: BusyStance::Ask,
            dodge: Default::default(),
            moves: Default::default(),
        };
        b.submit(orders(1, vec![stand])).unwrap();
        settle(&mut b);
        let f = flights(&b);
        assert_eq!(f[0].struck, Some(FigureId(1)), "{}", f[0].explanation);
        let said = "F1's shield is not raised: ";
        for text in [&f[0].explanation, &f[0].table_view] {
            assert!(text.contains(said) && text.contains(why), "{text}");
        }
    }
}
