//! DragonQuest scripted orders (docs/ORDERS.md, "DragonQuest") through the
//! library: section 32's shipped orders play the book's example, and a
//! session played from orders saves a battle that loads to the same log.

use std::path::Path;

use hexmelee::rulesets::dragonquest::engine::{ActionKind, Battle, Event, Item, SpecialAttack};
use hexmelee::rulesets::dragonquest::rules::DamagePoints;
use hexmelee::rulesets::dragonquest::script::DqScript;
use hexmelee::seam::{FigureId, SideId};
use hexmelee::session::Session;
use hexmelee::session::file;
use hexmelee::sim::play;

fn shipped(name: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(name)
}

fn example() -> (hexmelee::rulesets::dragonquest::scenario::Checked, DqScript) {
    let checked =
        hexmelee::rulesets::dragonquest::scenario::load(&shipped("scenarios/dq-example-32.ron"))
            .unwrap();
    let script = DqScript::load(&shipped("scenarios/dq-example-32.orders.ron"), &checked).unwrap();
    (checked, script)
}

/// DragonQuest 32: the shipped orders play the example to its end, the
/// Referee's words (the hobgoblin's fall, the spells, the surrender) given
/// where the file places them.
#[test]
fn dq_32_the_shipped_orders_play_the_example() {
    let (checked, script) = example();
    let mut battle = Battle::new(&checked.spec, checked.scenario.seed).unwrap();
    let mut playing = script.playing();
    play(&mut battle, 100, |b, p| playing.answer(b, p)).unwrap();
    let events = battle.events();
    let at = |e: &Event| events.iter().position(|x| x == e).unwrap();
    // The hobgoblin falls after his charge and the Riposte, before the orc acts.
    let hobgoblin = FigureId(3);
    let fall = at(&Event::Prone {
        figure: hobgoblin,
        prone: true,
    });
    let stunned = at(&Event::Stunned { figure: hobgoblin });
    assert!(stunned < fall);
    assert!(events[fall..].iter().any(|e| matches!(
        e,
        Event::ActionChosen {
            figure: FigureId(4),
            ..
        }
    )));
    // Fifth Pulse: the orc surrenders, and the party hold the field.
    assert!(events.contains(&Event::Routed { side: SideId(1) }));
    assert_eq!(battle.outcome(), Some(Some(SideId(0))));
    assert_eq!(battle.pulse(), 5);
}

/// `sim --orders --save`: the session played from the script saves a
/// battle that loads to the very events the script plays.
#[test]
fn a_battle_saved_from_orders_loads_to_the_script_s_log() {
    let (checked, script) = example();
    let mut battle = Battle::new(&checked.spec, checked.scenario.seed).unwrap();
    let mut playing = script.playing();
    play(&mut battle, 100, |b, p| playing.answer(b, p)).unwrap();

    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("example.ron");
    let mut session =
        Session::<Battle>::open_file(&shipped("scenarios/dq-example-32.ron"), None).unwrap();
    let mut playing = script.playing();
    session.play_out(100, |b, p| playing.answer(b, p)).unwrap();
    session.save(&out).unwrap();
    let loaded = file::load_of::<hexmelee::rulesets::dragonquest::engine::Battle>(&out).unwrap();
    assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings);
    assert_eq!(loaded.session.battle().events(), battle.events());
}

/// 22.3 and 23.5 from a file: Brenna (AG 29) combines two actions when not
/// engaged and when engaged, the second given when the engine asks again,
/// then tries a Disarm; the Referee's word after Aldric's turn comes at
/// the first question after it.
#[test]
fn dq_22_3_and_23_5_a_script_combines_actions_and_disarms() {
    let text = include_str!("../../../scenarios/dq-duel.ron").replace(
        "ps: 15, md: 17, ag: 18, pc: 14",
        "ps: 15, md: 17, ag: 29, pc: 14",
    );
    let checked =
        hexmelee::rulesets::dragonquest::scenario::parse(Path::new("nimble.ron"), &text).unwrap();
    let orders = r#"[
        (pulse: 1, figure: "Brenna", action: Combine(first: Pass(task: PutAway(None)), then: Evade())),
        (pulse: 2, figure: "Brenna", action: Combine(first: Evade(), then: Pass(task: PrepareShield))),
        (pulse: 3, figure: "Brenna", action: Special(target: "Aldric", attack: Disarm("Broadsword"))),
        (pulse: 3, referee: Damage(figure: "Aldric", points: 4, endurance: true), after: "Aldric"),
    ]"#;
    let script = DqScript::parse(Path::new("o.ron"), orders, &checked).unwrap();
    let mut battle = Battle::new(&checked.spec, checked.scenario.seed).unwrap();
    let mut playing = script.playing();
    play(&mut battle, 4, |b, p| playing.answer(b, p)).unwrap();
    let (aldric, brenna) = (FigureId(0), FigureId(1));
    let events = battle.events();
    let combined = events
        .iter()
        .filter(|e| **e == Event::Combining { figure: brenna })
        .count();
    assert_eq!(combined, 2);
    let chosen: Vec<ActionKind> = events
        .iter()
        .filter_map(|e| match e {
            Event::ActionChosen { figure, action, .. } if *figure == brenna => Some(*action),
            _ => None,
        })
        .take(4)
        .collect();
    assert_eq!(
        chosen,
        [
            ActionKind::Pass,
            ActionKind::Evade,
            ActionKind::Evade,
            ActionKind::Pass
        ]
    );
    assert!(events.iter().any(|e| matches!(
        e,
        Event::Strike(s) if s.attacker == brenna
            && s.special == Some(SpecialAttack::Disarm { item: Item::Weapon(0) })
    )));
    assert!(events.iter().any(|e| matches!(
        e,
        Event::Damaged {
            figure,
            d10: None,
            endurance: DamagePoints(4),
            ..
        } if *figure == aldric
    )));
}
