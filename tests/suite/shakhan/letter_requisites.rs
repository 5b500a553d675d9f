//! Issue 16, "Shakhàn to the letter": gauntlets' halved Dexterity compared
//! with the book's boundaries unrounded (16.3, 16.4, 16.15.3, 16.15.4,
//! 16.10.4.5), through a checked scenario and the engine's strike inputs.

use std::path::Path;

use hexmelee::rulesets::shakhan::engine::{Gear, striker, target};
use hexmelee::rulesets::shakhan::rules::Card;
use hexmelee::rulesets::shakhan::rules::tables::tables;
use hexmelee::rulesets::shakhan::scenario::Checked;

/// One gauntleted figure (Dexterity 11, halved to 5.5) and a plain foe.
fn gauntleted(agility: i32, extra: &str) -> Checked {
    let text = format!(
        r#"Scenario(name: "t", ruleset: Shakhan,
            map: (width: 8, height: 8),
            sides: [(name: "A", colour: Red), (name: "B", colour: Blue)],
            figures: [
                (name: "G", side: "A", at: (1, 1), facing: S, occupation: Warrior, level: 1,
                 height_m: 1.75, weight_kg: 72.0,
                 stats: (agility: {agility}, strength: 12, dexterity: 11, constitution: 12,
                         willpower: 12, vision: 11),
                 weapons: [(kind: Dagger, quality: Good, training: 1)],
                 armour: [(piece: Gauntlets, material: Leather, quality: Good)] {extra}),
                (name: "F", side: "B", at: (1, 2), facing: N, occupation: Warrior, level: 1,
                 height_m: 1.7, weight_kg: 70.0,
                 stats: (agility: 12, strength: 12, dexterity: 11, constitution: 12,
                         willpower: 12, vision: 11),
                 weapons: [(kind: Dagger, quality: Good, training: 1)]),
            ])"#
    );
    hexmelee::rulesets::shakhan::scenario::parse(Path::new("test.ron"), &text)
        .unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn s16_3_gauntlets_half_dexterity_above_five_costs_no_card() {
    // Adjusted Agility 17 gives three cards; Dexterity 5.5 is not "five or less".
    let c = gauntleted(17, "");
    assert_eq!(c.factors[0].dexterity, 5.5);
    assert_eq!(c.factors[0].tca, 3);
}

#[test]
fn s16_15_4_shield_check_keeps_the_half_dexterity() {
    // Small shield: (Adjusted Agility + Dexterity) x 3; leather small Good AGR 1.
    let c = gauntleted(
        12,
        ", shield: Some((material: Leather, size: Small, quality: Good))",
    );
    let f = &c.factors[0];
    assert_eq!(f.adjusted_agility, 11);
    let t = target(
        &c.characters[0],
        f,
        &Gear::whole(1),
        Card::C,
        true,
        tables(),
    );
    // (11 + 5.5) x 3 = 49.5: a d100 roll of 49 or less raises it.
    assert_eq!(t.shield.expect("a raised shield").check, 49);
}

#[test]
fn s16_15_3_aimed_strike_uses_the_gauntleted_dexterity() {
    let c = gauntleted(12, "");
    let s = striker(&c.characters[0], &c.factors[0], 0, Card::C, &Gear::whole(1));
    // Dexterity x 5 with gloves on: 5.5 x 5 = 27.5, so 27 or less lands where aimed.
    assert_eq!(tables().location.aimed_location_threshold(s.dexterity), 27);
}
