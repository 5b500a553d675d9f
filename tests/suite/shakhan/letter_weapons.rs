//! Issue 16, "Shakhàn to the letter": a weapon's Plus to hit (16.4.1.3) and
//! weapon weights in encumbrance (16.8.1), from a scenario through `check`'s
//! table and JSON and `odds`.

use std::path::Path;

use hexmelee::rulesets::shakhan::odds::{OddsArgs, matchup, odds_text, strike_odds};
use hexmelee::rulesets::shakhan::report::{factors_json, factors_table};
use hexmelee::rulesets::shakhan::rules::tables::tables;
use hexmelee::rulesets::shakhan::scenario::Checked;

/// An attacker "A" with the weapon fields `weapon` and figure fields `extra`,
/// and a plain defender "D".
fn two(weapon: &str, extra: &str) -> Checked {
    let text = format!(
        r#"Scenario(name: "t", ruleset: Shakhan,
            map: (width: 8, height: 8),
            sides: [(name: "Red", colour: Red), (name: "Blue", colour: Blue)],
            figures: [
                (name: "A", side: "Red", at: (1, 1), facing: S, occupation: Warrior, level: 1,
                 height_m: 1.7, weight_kg: 50.0,
                 stats: (agility: 10, strength: 11, dexterity: 11, constitution: 12,
                         willpower: 12, vision: 11),
                 weapons: [(kind: ShortSword, quality: Good, training: 1 {weapon})] {extra}),
                (name: "D", side: "Blue", at: (1, 2), facing: N, occupation: Warrior, level: 1,
                 height_m: 1.7, weight_kg: 70.0,
                 stats: (agility: 12, strength: 12, dexterity: 11, constitution: 12,
                         willpower: 12, vision: 11),
                 weapons: [(kind: ShortSword, quality: Good, training: 1)]),
            ])"#
    );
    hexmelee::rulesets::shakhan::scenario::parse(Path::new("test.ron"), &text)
        .unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn s16_4_1_3_plus_to_hit_raises_the_success_threshold_not_the_cf() {
    let t = tables();
    let plain = two("", "");
    let blessed = two(", plus_to_hit: 7", "");
    // Not the Magic Bonus: the CF is the same.
    assert_eq!(
        plain.factors[0].weapons[0].cf,
        blessed.factors[0].weapons[0].cf
    );
    let args = OddsArgs::new("A", "D");
    let odds = |c: &Checked| strike_odds(&matchup(c, &args, t).unwrap(), t);
    let (before, after) = (odds(&plain), odds(&blessed));
    let total =
        |o: &hexmelee::rulesets::shakhan::odds::StrikeOdds| o.threshold.as_ref().unwrap().total;
    assert_eq!(total(&after), total(&before) + 7);
    assert!(after.p_strike > before.p_strike);
    let text = odds_text(&after, t);
    assert!(text.contains("+7 for plus to hit"), "{text}");
    // `check` shows it beside the CF, and in its JSON.
    let table = factors_table(&blessed);
    assert!(table.contains("+7 to hit"), "{table}");
    assert_eq!(
        factors_json(&blessed)["figures"][0]["weapons"][0]["plus_to_hit"],
        7
    );
}

#[test]
fn s16_4_1_3_a_plus_to_hit_out_of_reason_is_refused_with_its_place() {
    let text = format!(
        "{}",
        hexmelee::rulesets::shakhan::scenario::parse(
            Path::new("t.ron"),
            r#"Scenario(name: "t", ruleset: Shakhan, map: (width: 4, height: 4),
                sides: [(name: "R", colour: Red), (name: "B", colour: Blue)],
                figures: [
                 (name: "A", side: "R", at: (0, 0), facing: S, occupation: Warrior, level: 1,
                  height_m: 1.7, weight_kg: 70.0,
                  stats: (agility: 12, strength: 12, dexterity: 11, constitution: 12, willpower: 12, vision: 11),
                  weapons: [(kind: Dagger, quality: Good, plus_to_hit: 500)]),
                 (name: "B", side: "B", at: (2, 2), facing: N, occupation: Warrior, level: 1,
                  height_m: 1.7, weight_kg: 70.0,
                  stats: (agility: 12, strength: 12, dexterity: 11, constitution: 12, willpower: 12, vision: 11)),
                ])"#
        )
        .unwrap_err()
    );
    // Reported where it is written: line 7 of the file.
    assert!(text.contains("t.ron:7:"), "{text}");
    assert!(text.contains("plus to hit 500 is outside"), "{text}");
}

#[test]
fn s16_8_1_weapon_weights_count_against_the_encumbrance_allowance() {
    // 50 kg: 12.5 kg borne freely. 10 kg of pack alone is within it; with a
    // 1.5 kg sword, a 2 kg bow and two 1 kg javelins (5.5 kg) it is 15.5 kg,
    // into the next 25 %: MA 10 halves to 5.
    let light = two("", ", carried_kg: 10.0");
    assert_eq!(light.factors[0].ma.0, 10.0);
    let armed = two(
        ", weight_kg: 1.5",
        ", carried_kg: 10.0,
         missile_weapons: [(kind: ShortBow, quality: Good, ammunition: 10, weight_kg: 2.0)],
         thrown: [(kind: Javelin, quality: Usual, count: 2, weight_kg: 1.0)]",
    );
    let f = &armed.factors[0];
    assert_eq!((f.weapons_kg, f.burden_kg), (5.5, 15.5));
    assert_eq!((f.ma.0, f.encumbrance_halvings), (5.0, 1));
    let table = factors_table(&armed);
    assert!(
        table.contains("burden 15.5 kg, weapons 5.5 kg of it: MA halved 1 time(s)"),
        "{table}"
    );
    let json = factors_json(&armed);
    assert_eq!(json["figures"][0]["weapons_kg"], 5.5);
    assert_eq!(json["figures"][0]["ma"], 5.0);
}
