//! Shakhàn 16.9.4 "Dodge a blow" (1 AP): a defender that dodges makes a
//! Dodge check (Adjusted Agility × the Dodge DMod) when a blow strikes it,
//! and a pass avoids the blow (docs/RULINGS.md, issue 16).

use std::path::Path;

use hexmelee::dice::Dice;
use hexmelee::rulesets::shakhan::engine::{
    Battle, BusyStance, CardOrder, Command, DodgeStance, Event, FigureOrders, Prompt, ShieldStance,
    StrikeEvent,
};
use hexmelee::rulesets::shakhan::rules::Card;
use hexmelee::rulesets::shakhan::scenario::Checked;
use hexmelee::seam::{FigureId, SideId};

/// Arlos (long sword) faces Bailor; `bailor` is Bailor's facing and extras.
fn duel(bailor: &str) -> Checked {
    let stats = "stats: (agility: 12, strength: 12, dexterity: 11, constitution: 12, willpower: 12, vision: 11)";
    hexmelee::rulesets::shakhan::scenario::parse(
        Path::new("test.ron"),
        &format!(
            r#"Scenario(name: "t", ruleset: Shakhan, options: (free_rounds: false),
            map: (width: 8, height: 8),
            sides: [(name: "A", colour: Red), (name: "B", colour: Blue)],
            figures: [
                (name: "Arlos", side: "A", occupation: Warrior, level: 2, height_m: 1.75, weight_kg: 72.0,
                 at: (3, 3), facing: N, {stats}, weapons: [(kind: LongSword, quality: Good, training: 2)]),
                (name: "Bailor", side: "B", occupation: Warrior, level: 1, height_m: 1.7, weight_kg: 70.0,
                 at: (3, 2), {stats}, weapons: [(kind: ShortSword, quality: Good, training: 1)],
                 armour: [(piece: Breastplate, material: Leather, quality: Usual)], {bailor}),
            ])"#
        ),
    )
    .unwrap_or_else(|e| panic!("{e}"))
}

fn orders(side: usize, figure: usize, card: Card, target: usize, dodge: DodgeStance) -> Command {
    Command::Orders {
        side: SideId(side),
        orders: vec![FigureOrders {
            figure: FigureId(figure),
            cards: vec![CardOrder::new(card, Some(FigureId(target)))],
            shield: ShieldStance::Raise,
            when_busy: BusyStance::Ask,
            dodge,
            moves: Default::default(),
        }],
    }
}

/// Arlos attacks (C), Bailor parries (D) with this dodge stance; Initiative
/// 95 v 30 goes to Arlos, who strikes in the first Attack Phase.
fn start(bailor: &str, dodge: DodgeStance, dice: &[u32]) -> Battle {
    let mut b = Battle::with_dice(&duel(bailor), Dice::scripted(dice.iter().copied())).unwrap();
    b.submit(orders(0, 0, Card::C, 1, DodgeStance::Never))
        .unwrap();
    b.submit(orders(1, 1, Card::D, 0, dodge)).unwrap();
    b.submit(Command::MovementPriority { move_first: true })
        .unwrap();
    b.submit(Command::DivineIntervention { note: None })
        .unwrap();
    b
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

fn bailor_ap(b: &Battle) -> (f64, f64) {
    let r = &b.figure(FigureId(1)).round;
    (r.ap_awarded, r.ap_left)
}

/// Bailor's Dodge threshold: Adjusted Agility × 3 (the default DMod).
fn threshold(b: &Battle) -> i32 {
    b.figure(FigureId(1)).factors.adjusted_agility * 3
}

#[test]
fn s16_9_4_dodge_a_blow_is_asked_and_a_passed_check_avoids_it() {
    // Strike roll 01 (always strikes); Bailor's Dodge roll 05 passes.
    let mut b = start("facing: S", DodgeStance::Ask, &[95, 30, 1, 5]);
    assert_eq!(
        b.prompt(),
        Prompt::DodgeBlow {
            defender: FigureId(1),
            attacker: FigureId(0)
        }
    );
    b.submit(Command::DodgeBlow { dodge: true }).unwrap();
    let s = strikes(&b);
    assert_eq!(s.len(), 1);
    let text = s[0].explanation();
    assert!(!s[0].struck && s[0].wounds.is_empty(), "{text}");
    assert_eq!(s[0].dodge_ap, 1.0);
    let expected = format!(
        "Bailor tries to dodge: 05 within {} — dodged",
        threshold(&b)
    );
    assert!(text.contains(&expected), "{text}");
    // The table view shows the dodge too.
    assert!(
        b.describe(
            &Event::Strike(Box::new(s[0].clone())),
            hexmelee::seam::View::Table
        )
        .unwrap()
        .contains("dodged"),
        "{text}"
    );
    let (awarded, left) = bailor_ap(&b);
    assert_eq!(left, awarded - 1.0);
}

#[test]
fn s16_9_4_a_failed_dodge_lets_the_blow_land_and_still_costs_the_ap() {
    // Strike 01; Dodge 99 fails; location 30 upper body; penetration 53 +1:
    // p1; damage 3+3+1 = 7; morale 10.
    let mut b = start(
        "facing: S",
        DodgeStance::Always,
        &[95, 30, 1, 99, 30, 53, 3, 3, 10],
    );
    while let Prompt::Movement { .. } = b.prompt() {
        b.submit(Command::Move { moves: vec![] }).unwrap();
        if !strikes(&b).is_empty() {
            break;
        }
    }
    let s = strikes(&b);
    assert_eq!(s.len(), 1);
    let text = s[0].explanation();
    assert!(s[0].struck, "{text}");
    assert!(text.contains("99 over"), "{text}");
    assert!(text.contains("not dodged"), "{text}");
    assert_eq!(s[0].wounds[0].damage, 7, "{text}");
    let (awarded, left) = bailor_ap(&b);
    assert_eq!(left, awarded - 1.0);
}

#[test]
fn s16_9_4_a_miss_needs_no_dodge() {
    // Strike roll 99 always misses: no Dodge die, no AP spent.
    let b = start("facing: S", DodgeStance::Always, &[95, 30, 99]);
    let s = strikes(&b);
    assert_eq!(s.len(), 1);
    assert!(!s[0].struck);
    assert_eq!(s[0].dodge_ap, 0.0);
    assert!(!s[0].explanation().contains("dodge"));
    let (awarded, left) = bailor_ap(&b);
    assert_eq!(left, awarded);
}

#[test]
fn s16_9_4_a_blow_from_the_rear_cannot_be_dodged() {
    // Bailor faces N, away from Arlos: no question, no Dodge die.
    // Strike 01; location 30; penetration 53 +1: p1; damage 7; morale 10.
    let b = start(
        "facing: N",
        DodgeStance::Ask,
        &[95, 30, 1, 30, 53, 3, 3, 10],
    );
    let s = strikes(&b);
    assert_eq!(s.len(), 1, "{:?}", b.prompt());
    assert!(s[0].struck);
    assert_eq!(s[0].dodge_ap, 0.0);
}

#[test]
fn s16_9_4_never_dodging_rolls_no_dodge() {
    let b = start(
        "facing: S",
        DodgeStance::Never,
        &[95, 30, 1, 30, 53, 3, 3, 10],
    );
    let s = strikes(&b);
    assert_eq!(s.len(), 1);
    assert!(s[0].struck && s[0].dodge_ap == 0.0);
}

#[test]
fn s16_9_4_refuses_a_dodge_answer_elsewhere() {
    let c = duel("facing: S");
    let mut b = Battle::new(&c, 1).unwrap();
    let before = b.events().len();
    let err = b.submit(Command::DodgeBlow { dodge: true }).unwrap_err();
    assert!(err.0.contains("does not answer"), "{err}");
    assert_eq!(b.events().len(), before);
}
