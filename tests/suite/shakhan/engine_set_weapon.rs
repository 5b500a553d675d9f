//! Shakhàn 16.15.4 "Impaled on set weapon" (+15 to the penetration roll): a
//! figure that charges (A or B) onto a spear or pole arm held set (its
//! wielder has not left its hex this round) is struck with +15 in the Attack
//! Phase after its move (docs/RULINGS.md, issue 16).

use std::path::Path;

use hexmelee::dice::Dice;
use hexmelee::hex::Step;
use hexmelee::rulesets::shakhan::engine::{
    Battle, BusyStance, CardOrder, Command, DodgeStance, Event, FigureMove, FigureOrders, Prompt,
    ShieldStance, StrikeEvent,
};
use hexmelee::rulesets::shakhan::rules::Card;
use hexmelee::rulesets::shakhan::scenario::Checked;
use hexmelee::seam::{FigureId, SideId};

const STATS: &str = "stats: (agility: 12, strength: 12, dexterity: 11, constitution: 12, willpower: 12, vision: 11)";

/// The charger (side A) three hexes south of the spearman (side B, facing
/// it), each with `weapon`.
fn field(spear: &str) -> Checked {
    field_with(spear, "")
}

/// [`field`] with more scenario options (`, set_weapons: ...`).
fn field_with(spear: &str, options: &str) -> Checked {
    hexmelee::rulesets::shakhan::scenario::parse(
        Path::new("test.ron"),
        &format!(
            r#"Scenario(name: "t", ruleset: Shakhan, options: (free_rounds: false{options}),
            map: (width: 8, height: 8),
            sides: [(name: "A", colour: Red), (name: "B", colour: Blue)],
            figures: [
                (name: "Charger", side: "A", occupation: Warrior, level: 1, height_m: 1.75, weight_kg: 72.0,
                 at: (3, 5), facing: N, {STATS}, weapons: [(kind: ShortSword, quality: Good, training: 1)],
                 armour: [(piece: Breastplate, material: Leather, quality: Usual)]),
                (name: "Spearman", side: "B", occupation: Warrior, level: 1, height_m: 1.7, weight_kg: 70.0,
                 at: (3, 2), facing: S, {STATS}, weapons: [(kind: {spear}, quality: Good, training: 1)]),
            ])"#
        ),
    )
    .unwrap_or_else(|e| panic!("{e}"))
}

fn orders(side: usize, figure: usize, card: Card, target: usize) -> Command {
    Command::Orders {
        side: SideId(side),
        orders: vec![FigureOrders {
            figure: FigureId(figure),
            cards: vec![CardOrder::new(card, Some(FigureId(target)))],
            shield: ShieldStance::Raise,
            when_busy: BusyStance::Ask,
            dodge: DodgeStance::Never,
            moves: Default::default(),
        }],
    }
}

fn strikes(b: &Battle) -> Vec<&StrikeEvent> {
    b.events()
        .iter()
        .filter_map(|e| match e {
            Event::Strike(s) => Some(s.as_ref()),
            _ => None,
        })
        .collect()
}

/// Initiative 95 v 30 to side A, which moves first: the charger walks
/// `steps` hexes north under `card`, into the spearman's Strike Zone; the
/// Attack Phase after it follows with `dice` after the Initiative rolls.
fn charge(spear: &str, card: Card, steps: usize, dice: &[u32]) -> Battle {
    charge_with(spear, "", card, steps, dice)
}

/// [`charge`] with more scenario options.
fn charge_with(spear: &str, options: &str, card: Card, steps: usize, dice: &[u32]) -> Battle {
    let mut all = vec![95, 30];
    all.extend(dice);
    let mut b = Battle::with_dice(&field_with(spear, options), Dice::scripted(all)).unwrap();
    b.submit(orders(0, 0, card, 1)).unwrap();
    b.submit(orders(1, 1, Card::C, 0)).unwrap();
    b.submit(Command::MovementPriority { move_first: true })
        .unwrap();
    b.submit(Command::DivineIntervention { note: None })
        .unwrap();
    assert_eq!(
        b.prompt(),
        Prompt::Movement {
            side: SideId(0),
            pulse: 1
        }
    );
    b.submit(Command::Move {
        moves: vec![FigureMove {
            figure: FigureId(0),
            steps: vec![Step::Forward; steps],
        }],
    })
    .unwrap();
    b
}

/// The spearman's strike, the last one made.
fn spearman_strike(b: &Battle) -> &StrikeEvent {
    let s = strikes(b);
    let last = s
        .last()
        .unwrap_or_else(|| panic!("no strike: {:?}", b.prompt()));
    assert_eq!(last.attacker, FigureId(1));
    last
}

// The dice after Initiative: the charger swings first (99: a miss), then the
// spearman: 01 strikes, location 30 (upper body), penetration 15 against the
// leather breastplate (APV 15, the 10 column: 11-15 nd, 26-30 p).

#[test]
fn s16_15_4_a_charge_onto_a_set_spear_is_impaled_plus_15() {
    // 15 +15 = 30: penetrated; damage 1D6 = 4; the charger's morale check 10.
    let b = charge("HandSpear", Card::A, 2, &[99, 1, 30, 15, 4, 10]);
    let s = spearman_strike(&b);
    let text = s.explanation();
    assert!(
        text.contains("Charger charged onto Spearman's set weapon: impaled, +15 to penetration"),
        "{text}"
    );
    assert!(text.contains("penetration 15 +15 → p"), "{text}");
    assert_eq!(s.wounds[0].damage, 4, "{text}");
}

#[test]
fn s16_15_4_an_aggressive_charge_onto_a_set_pole_arm_is_impaled() {
    // One hex north: in the pole arm's two-hex reach, out of the sword's, so
    // only the pole arm strikes: 01, location 30, 15 +15 → p; 2D6+1 = 2+3+1;
    // morale 10.
    let b = charge("PoleArm", Card::B, 1, &[1, 30, 15, 2, 3, 10]);
    let s = spearman_strike(&b);
    let text = s.explanation();
    assert!(text.contains("impaled, +15"), "{text}");
    assert_eq!(s.wounds[0].damage, 6, "{text}");
}

#[test]
fn s16_15_4_a_cautious_advance_is_no_charge() {
    // Under C the charger comes on with its defences at full: no +15, and
    // 15 does not penetrate.
    let b = charge("HandSpear", Card::C, 2, &[99, 1, 30, 15]);
    let s = spearman_strike(&b);
    let text = s.explanation();
    assert!(!text.contains("impaled"), "{text}");
    assert!(text.contains("penetration 15 +0 → nd"), "{text}");
    assert!(s.wounds.is_empty(), "{text}");
}

#[test]
fn s16_15_4_a_sword_is_never_set() {
    let b = charge("ShortSword", Card::A, 2, &[99, 1, 30, 15]);
    let text = spearman_strike(&b).explanation();
    assert!(!text.contains("impaled"), "{text}");
}

/// 16.15.4 (docs/RULINGS.md, issue 40): the halberd / pole-axe sits in the
/// axe table and is not set, unless the scenario's `set_weapons` takes the
/// wider reading.
#[test]
fn s16_15_4_a_halberd_is_set_only_under_the_wider_reading() {
    // One hex north: in the halberd's two-hex reach, out of the sword's, so
    // only the halberd strikes: 01, location 30, penetration 10 with the
    // Good halberd's +5 (15: nd; impaled +15, 30: p, 3D6+1 = 2+3+4+1;
    // morale 10).
    let halberd_strike = |b: &Battle| {
        let s = strikes(b);
        let mine = s.iter().find(|s| s.attacker == FigureId(1));
        mine.unwrap_or_else(|| panic!("no strike by the halberdier: {:?}", b.prompt()))
            .explanation()
    };
    let b = charge("Halberd", Card::A, 1, &[1, 30, 10]);
    let text = halberd_strike(&b);
    assert!(!text.contains("impaled"), "{text}");
    let b = charge_with(
        "Halberd",
        ", set_weapons: SpearsAndHalberd",
        Card::A,
        1,
        &[1, 30, 10, 2, 3, 4, 10],
    );
    let text = halberd_strike(&b);
    assert!(text.contains("impaled, +15"), "{text}");
}

#[test]
fn s16_15_4_the_charge_ends_with_the_attack_phase_after_it() {
    let b = charge("HandSpear", Card::A, 2, &[99, 1, 30, 15, 4, 10]);
    assert_eq!(
        b.prompt(),
        Prompt::Movement {
            side: SideId(1),
            pulse: 1
        }
    );
    assert_eq!(b.figure(FigureId(0)).charge_from, None);
}

#[test]
fn s16_15_4_a_spearman_who_walked_is_not_set() {
    // Side A has Initiative but moves second: the spearman steps one hex
    // south, the charger then one hex north into contact; in pulse 2's
    // Attack Phase the charger swings (99) and the spearman strikes without
    // the +15 (01, location 30, 15 +0: nd).
    let c = field("HandSpear");
    let mut b = Battle::with_dice(&c, Dice::scripted([95, 30, 99, 1, 30, 15])).unwrap();
    b.submit(orders(0, 0, Card::A, 1)).unwrap();
    b.submit(orders(1, 1, Card::C, 0)).unwrap();
    b.submit(Command::MovementPriority { move_first: false })
        .unwrap();
    b.submit(Command::DivineIntervention { note: None })
        .unwrap();
    for (side, figure) in [(1, 1), (0, 0)] {
        assert_eq!(
            b.prompt(),
            Prompt::Movement {
                side: SideId(side),
                pulse: 1
            }
        );
        b.submit(Command::Move {
            moves: vec![FigureMove {
                figure: FigureId(figure),
                steps: vec![Step::Forward],
            }],
        })
        .unwrap_or_else(|e| panic!("{e}"));
    }
    assert!(b.figure(FigureId(1)).round.walked);
    let text = spearman_strike(&b).explanation();
    assert!(!text.contains("impaled"), "{text}");
    assert!(text.contains("penetration 15 +0 → nd"), "{text}");
}
