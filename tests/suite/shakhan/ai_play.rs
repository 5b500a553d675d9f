//! The tactical AI (`sim::ai`) through the engine's public seam: its answers
//! are always accepted, every shipped scenario comes to a decision, and over
//! a few hundred seeded duels the stronger side wins clearly more often while
//! a matched duel gives each side a fair share.

use std::path::Path;

use hexmelee::rulesets::shakhan::engine::{Battle, Command, Prompt};
use hexmelee::rulesets::shakhan::rules::Card;
use hexmelee::rulesets::shakhan::scenario::Checked;
use hexmelee::seam::{FigureId, SideId};
use hexmelee::sim;

const SCENARIOS: [&str; 6] = [
    "duel",
    "unmatched-cards",
    "ambush",
    "tavern-brawl",
    "beast",
    "skirmish",
];

fn text(name: &str) -> String {
    std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("scenarios")
            .join(format!("{name}.ron")),
    )
    .unwrap()
}

fn parse(text: &str) -> Checked {
    hexmelee::rulesets::shakhan::scenario::parse(Path::new("test.ron"), text)
        .unwrap_or_else(|e| panic!("{e}"))
}

/// Play one battle with the AI on both sides; every answer must be accepted.
fn play(c: &Checked, seed: u64) -> Battle {
    let mut battle = Battle::new(c, seed).unwrap();
    sim::play(&mut battle, 100, hexmelee::rulesets::shakhan::ai::answer)
        .unwrap_or_else(|e| panic!("{} seed {seed}: {e}", c.scenario.name));
    battle
}

/// Wins of side 0, side 1 and draws over `n` seeds.
fn tally(c: &Checked, n: u64) -> [u32; 3] {
    let mut wins = [0; 3];
    for seed in 0..n {
        let b = play(c, seed);
        let outcome = b
            .outcome()
            .unwrap_or_else(|| panic!("seed {seed}: no decision in 100 rounds"));
        wins[outcome.map_or(2, |s| s.0)] += 1;
    }
    wins
}

#[test]
fn ai_answers_are_always_accepted_and_every_shipped_scenario_finishes() {
    for name in SCENARIOS {
        let c = parse(&text(name));
        for seed in 0..40 {
            let b = play(&c, seed);
            assert!(
                b.outcome().is_some(),
                "{name} seed {seed}: no decision after 100 rounds"
            );
            if seed < 3 {
                let again = Battle::replay(&c, seed, b.commands()).unwrap();
                assert_eq!(again.events(), b.events(), "{name} seed {seed}");
            }
        }
    }
}

#[test]
fn ai_answers_depend_only_on_the_battle() {
    let c = parse(&text("skirmish"));
    let mut b = Battle::new(&c, 7).unwrap();
    for _ in 0..60 {
        let prompt = b.prompt();
        if matches!(prompt, Prompt::Finished { .. }) {
            break;
        }
        let first = hexmelee::rulesets::shakhan::ai::answer(&b, &prompt);
        assert_eq!(
            first,
            hexmelee::rulesets::shakhan::ai::answer(&b, &prompt.clone())
        );
        assert_eq!(
            first,
            hexmelee::rulesets::shakhan::ai::answer(&b.clone(), &prompt)
        );
        b.submit(first).unwrap();
    }
}

/// The duel with Berrin a Level I warrior (one training bonus) instead of
/// Level V: CF 51 against about 25.
fn unequal_duel() -> Checked {
    let t = text("duel");
    let at = t.find("name: \"Berrin\"").unwrap();
    let (head, tail) = t.split_at(at);
    let tail = tail
        .replacen("level: 5", "level: 1", 1)
        .replace("training: 5", "training: 1");
    let c = parse(&format!("{head}{tail}"));
    let cf = |i: usize| c.factors[i].weapons[0].cf.unwrap().0;
    assert!(cf(0) - cf(1) >= 11, "CF {} against {}", cf(0), cf(1));
    c
}

#[test]
fn ai_stronger_side_of_an_unequal_duel_wins_clearly_more_often() {
    let [strong, weak, draws] = tally(&unequal_duel(), 300);
    println!("Level V {strong}, Level I {weak}, draws {draws}");
    assert!(
        strong >= 3 * weak && strong >= 200,
        "Level V won {strong}, Level I {weak}"
    );
}

#[test]
fn ai_matched_duel_gives_each_side_a_fair_share() {
    let [red, blue, draws] = tally(&parse(&text("duel")), 300);
    println!("Red {red}, Blue {blue}, draws {draws}");
    // Binomial(300, 1/2): 3 standard deviations are about 26 battles.
    for wins in [red, blue] {
        assert!((110..=190).contains(&wins), "Red {red}, Blue {blue}");
    }
}

/// Orders the AI writes for `figure` in the first round of `c`.
fn first_orders(c: &Checked, figure: usize) -> Vec<(Card, Option<FigureId>)> {
    let b = Battle::new(c, 1).unwrap();
    let side = b.figure(FigureId(figure)).side;
    assert_eq!(b.prompt(), Prompt::Orders { side: SideId(0) });
    match hexmelee::rulesets::shakhan::ai::answer(&b, &Prompt::Orders { side: SideId(side) }) {
        Command::Orders { orders, .. } => orders
            .iter()
            .find(|o| o.figure == FigureId(figure))
            .map(|o| o.cards.iter().map(|c| (c.card, c.target)).collect())
            .unwrap_or_default(),
        other => panic!("{other:?}"),
    }
}

/// Two figures on an open map, `gap` hexes apart in one column.
fn pair(a: &str, b: &str, gap: i32) -> Checked {
    parse(&format!(
        r#"Scenario(name: "t", ruleset: Shakhan, options: (free_rounds: false),
            map: (width: 9, height: 30),
            sides: [(name: "A", colour: Red), (name: "B", colour: Blue)],
            figures: [
                (name: "Ann", side: "A", at: (4, 1), facing: S, occupation: Warrior, height_m: 1.75, weight_kg: 72.0, {a}),
                (name: "Bo", side: "B", at: (4, {}), facing: N, occupation: Warrior, height_m: 1.7, weight_kg: 70.0, {b}),
            ])"#,
        1 + gap
    ))
}

const STATS: &str = "stats: (agility: 12, strength: 12, dexterity: 11, constitution: 12, willpower: 12, vision: 11)";

#[test]
fn ai_16_9_1_presses_a_much_weaker_foe_and_attacks_an_equal_one_cautiously() {
    let veteran =
        format!("level: 6, {STATS}, weapons: [(kind: LongSword, quality: Good, training: 6)]");
    let novice = format!("level: 1, {STATS}, weapons: [(kind: Club, quality: Poor)]");
    let c = pair(&veteran, &novice, 1);
    assert_eq!(first_orders(&c, 0), vec![(Card::A, Some(FigureId(1)))]);
    // The novice has nobody to hold for: it fights with C.
    assert_eq!(first_orders(&c, 1), vec![(Card::C, Some(FigureId(0)))]);
    let even = pair(&novice, &novice, 1);
    assert_eq!(first_orders(&even, 0), vec![(Card::C, Some(FigureId(1)))]);
}

#[test]
fn ai_16_9_1_plays_g_when_nobody_can_reach_either_way_this_round() {
    let novice = format!("level: 1, {STATS}, weapons: [(kind: Club, quality: Poor)]");
    let c = pair(&novice, &novice, 27);
    assert_eq!(first_orders(&c, 0), vec![(Card::G, Some(FigureId(1)))]);
}

#[test]
fn ai_16_10_1_walks_round_a_strike_zone_rather_than_through_it() {
    // Ann (side A) goes for Bo at the far end; Cy's pike (reach 2) covers
    // the straight way, ready to strike (C). Side B stands still.
    let fighter =
        format!("level: 2, {STATS}, weapons: [(kind: ShortSword, quality: Usual, training: 1)]");
    let pikeman =
        format!("level: 2, {STATS}, weapons: [(kind: Pike, quality: Usual, training: 1)]");
    let c = parse(&format!(
        r#"Scenario(name: "t", ruleset: Shakhan, options: (free_rounds: false),
            map: (width: 9, height: 12),
            sides: [(name: "A", colour: Red), (name: "B", colour: Blue)],
            figures: [
                (name: "Ann", side: "A", at: (4, 10), facing: N, occupation: Warrior, height_m: 1.75, weight_kg: 72.0, {fighter}),
                (name: "Bo", side: "B", at: (4, 0), facing: S, occupation: Warrior, height_m: 1.7, weight_kg: 70.0, {fighter}),
                (name: "Cy", side: "B", at: (6, 5), facing: NW, occupation: Warrior, height_m: 1.7, weight_kg: 70.0, {pikeman}),
            ])"#
    ));
    let mut b = Battle::new(&c, 3).unwrap();
    let order = |side: usize, figure: usize, card: Card, target: usize| Command::Orders {
        side: SideId(side),
        orders: vec![hexmelee::rulesets::shakhan::engine::FigureOrders {
            figure: FigureId(figure),
            cards: vec![hexmelee::rulesets::shakhan::engine::CardOrder::new(
                card,
                Some(FigureId(target)),
            )],
            shield: Default::default(),
            when_busy: Default::default(),
            dodge: Default::default(),
            moves: Default::default(),
        }],
    };
    b.submit(order(0, 0, Card::A, 1)).unwrap();
    b.submit(order(1, 2, Card::C, 0)).unwrap();
    let start = b
        .figure(FigureId(0))
        .pose
        .hex
        .distance(b.figure(FigureId(1)).pose.hex);
    while b.round() == 1 {
        let answer = match b.prompt() {
            Prompt::Movement {
                side: SideId(1), ..
            } => Command::Move { moves: vec![] },
            Prompt::Orders { .. } | Prompt::Finished { .. } => break,
            p => hexmelee::rulesets::shakhan::ai::answer(&b, &p),
        };
        b.submit(answer).unwrap();
    }
    // Neither a reaction attack (16.10.1) nor a blow in an Attack Phase.
    let struck_at = b
        .events()
        .iter()
        .filter(|e| matches!(e, hexmelee::rulesets::shakhan::engine::Event::Strike(s) if s.attacker == FigureId(2)))
        .count();
    assert_eq!(struck_at, 0, "Ann came within Cy's Strike Zone");
    let end = b
        .figure(FigureId(0))
        .pose
        .hex
        .distance(b.figure(FigureId(1)).pose.hex);
    assert!(
        end + 4 <= start,
        "Ann closed only from {start} to {end} hexes"
    );
}

/// What the table has seen, as the engine keeps it for the AI (blows landed
/// on each figure, rounds since anyone struck), agrees with the log at every
/// prompt of every shipped scenario.
#[test]
fn the_table_view_the_engine_keeps_matches_the_log() {
    use hexmelee::rulesets::shakhan::engine::Event;
    for name in SCENARIOS {
        let c = parse(&text(name));
        for seed in 0..4 {
            let mut battle = Battle::new(&c, seed).unwrap();
            while !matches!(battle.prompt(), Prompt::Finished { .. }) && battle.round() < 100 {
                let events = battle.events();
                for f in battle.figures() {
                    let landed = events
                        .iter()
                        .filter(|e| matches!(e, Event::Strike(s) if s.struck && s.defender == f.id))
                        .count();
                    assert_eq!(
                        f.blows_taken as usize, landed,
                        "{name} seed {seed}: {}",
                        f.name
                    );
                }
                let rounds = events
                    .iter()
                    .rev()
                    .take_while(|e| !matches!(e, Event::Strike(_)))
                    .filter(|e| matches!(e, Event::RoundBegan { .. }))
                    .count();
                assert_eq!(
                    battle.rounds_since_strike() as usize,
                    rounds,
                    "{name} seed {seed}"
                );
                let command = hexmelee::rulesets::shakhan::ai::answer(&battle, &battle.prompt());
                battle.submit(command).unwrap();
            }
        }
    }
}
