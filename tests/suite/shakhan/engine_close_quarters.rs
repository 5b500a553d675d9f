//! Shakhàn 16.3: a figure plays its full Tactic Card Allowance only while
//! free to move: in close quarters (a `Cramped` hex, `=` on the map) or
//! tangled up in a net its TCA is held down to the scenario's limits
//! (`close_quarters_cards`, default 2; `entangled_cards`, default 1).

use std::path::Path;

use hexmelee::rulesets::shakhan::engine::{
    Battle, BusyStance, CardOrder, Command, DodgeStance, FigureOrders, Override, Prompt,
    ShieldStance,
};
use hexmelee::rulesets::shakhan::rules::Card;
use hexmelee::rulesets::shakhan::rules::tables::actions::Activity;
use hexmelee::rulesets::shakhan::scenario::Checked;
use hexmelee::seam::{FigureId, SideId};

/// A nimble fighter (Agility 17: TCA 3) at (1, 1) on a map whose second row
/// is a close-quarters passage, and a foe far off.
fn passage(options: &str, nimble_state: &str) -> Result<Checked, String> {
    hexmelee::rulesets::shakhan::scenario::parse(
        Path::new("passage.ron"),
        &format!(
            r#"Scenario(name: "t", ruleset: Shakhan, options: (free_rounds: false, {options}),
            map: (width: 8, height: 4, rows: ["........", "=====...", "........", "........"]),
            sides: [(name: "A", colour: Red), (name: "B", colour: Blue)],
            figures: [
                (name: "Nimble", side: "A", occupation: Warrior, level: 1, height_m: 1.75, weight_kg: 70.0,
                 at: (1, 1), facing: N, stats: (agility: 17, strength: 12, dexterity: 14, constitution: 12, willpower: 12, vision: 11),
                 weapons: [(kind: ShortSword, quality: Good, training: 1)], {nimble_state}),
                (name: "Foe", side: "B", occupation: Warrior, level: 1, height_m: 1.7, weight_kg: 70.0,
                 at: (7, 3), facing: N, stats: (agility: 12, strength: 12, dexterity: 11, constitution: 12, willpower: 12, vision: 11),
                 weapons: [(kind: ShortSword, quality: Good, training: 1)]),
            ])"#
        ),
    )
    .map_err(|e| e.to_string())
}

fn cards(n: usize, card: Card) -> Command {
    let mut order = CardOrder::new(card, None);
    if card == Card::G {
        order.action = Some(Activity::CutRope);
    }
    Command::Orders {
        side: SideId(0),
        orders: vec![FigureOrders {
            figure: FigureId(0),
            cards: vec![order; n],
            shield: ShieldStance::Raise,
            when_busy: BusyStance::Defend,
            dodge: DodgeStance::Never,
            moves: Default::default(),
        }],
    }
}

fn battle(options: &str, state: &str) -> Battle {
    Battle::new(&passage(options, state).unwrap(), 5).unwrap()
}

#[test]
fn s16_3_close_quarters_hold_the_tca_to_two() {
    let mut b = battle("", "");
    assert_eq!(b.figure(FigureId(0)).factors.tca, 3);
    assert_eq!(b.tca(FigureId(0)), 2);
    let err = b.submit(cards(3, Card::D)).unwrap_err();
    assert!(
        err.0
            .contains("Nimble may play 2 cards a round (TCA, 16.3, in close quarters), not 3"),
        "{err}"
    );
    b.submit(cards(2, Card::D)).unwrap();
}

#[test]
fn s16_3_the_close_quarters_limit_is_a_scenario_option() {
    let mut b = battle("close_quarters_cards: 1", "");
    assert_eq!(b.tca(FigureId(0)), 1);
    assert!(b.submit(cards(2, Card::D)).is_err());
    b.submit(cards(1, Card::D)).unwrap();
}

#[test]
fn s16_3_out_of_the_passage_the_full_tca() {
    let mut b = battle("", "");
    b.submit(Command::Referee(Override::Place {
        figure: FigureId(0),
        to: hexmelee::hex::Pose::new(hexmelee::hex::Hex::new(1, 3), hexmelee::hex::Facing::N),
    }))
    .unwrap();
    assert_eq!(b.tca(FigureId(0)), 3);
    b.submit(cards(3, Card::D)).unwrap();
}

#[test]
fn s16_3_a_net_holds_the_tca_to_one_until_the_referee_frees_it() {
    let mut b = battle("", "");
    b.submit(Command::Referee(Override::Entangle {
        figure: FigureId(0),
        entangled: true,
    }))
    .unwrap();
    assert!(b.figure(FigureId(0)).entangled);
    let err = b.submit(cards(2, Card::D)).unwrap_err();
    assert!(
        err.0.contains(
            "Nimble may play 1 card a round (TCA, 16.3, in close quarters, tangled in a net), not 2"
        ),
        "{err}"
    );
    b.submit(Command::Referee(Override::Entangle {
        figure: FigureId(0),
        entangled: false,
    }))
    .unwrap();
    b.submit(cards(2, Card::D)).unwrap();
}

#[test]
fn s16_3_a_figure_that_cuts_the_net_is_free() {
    // Entangled from the start, out of the passage: one card. G with "cut a
    // rope or other restraint" (4 AP, 16.9.4) frees it once done.
    let mut b = battle("entangled_cards: 1", "state: (entangled: true)");
    b.submit(Command::Referee(Override::Place {
        figure: FigureId(0),
        to: hexmelee::hex::Pose::new(hexmelee::hex::Hex::new(1, 3), hexmelee::hex::Facing::N),
    }))
    .unwrap();
    assert_eq!(b.tca(FigureId(0)), 1);
    b.submit(cards(1, Card::G)).unwrap();
    b.submit(Command::Orders {
        side: SideId(1),
        orders: vec![],
    })
    .unwrap();
    for _ in 0..40 {
        if !b.figure(FigureId(0)).entangled {
            break;
        }
        let answer = match b.prompt() {
            Prompt::MovementPriority { .. } => Command::MovementPriority { move_first: true },
            Prompt::DivineIntervention => Command::DivineIntervention { note: None },
            Prompt::Movement { .. } => Command::Move { moves: vec![] },
            other => panic!("{other:?}"),
        };
        b.submit(answer).unwrap();
    }
    assert!(!b.figure(FigureId(0)).entangled);
    assert_eq!(b.tca(FigureId(0)), 3);
}

#[test]
fn s16_3_limits_outside_1_to_8_are_refused_with_their_place() {
    let err = passage("entangled_cards: 0", "").unwrap_err();
    assert!(err.contains("passage.ron:1:"), "{err}");
    assert!(
        err.contains("entangled_cards: 0 Tactic Cards a round is not a limit"),
        "{err}"
    );
}
