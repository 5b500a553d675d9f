//! DragonQuest scenario files (docs/DRAGONQUEST-SCENARIOS.md): the ruleset
//! field picks the rules, the figure body becomes the engine's spec, and
//! every mistake is refused at its place with a hint.

use crate::hardening;
use crate::shipped;

use std::path::Path;

use hexmelee::rulesets::dragonquest::engine::Battle;
use hexmelee::rulesets::dragonquest::report::check_json;
use hexmelee::rulesets::dragonquest::rules::{Rank, Tmr};
use hexmelee::scenario::ScenarioError;
use hexmelee::seam::SideId;
use shipped::{DRAGONQUEST, dq_checked};

const BASE: &str = include_str!("../../../scenarios/dq-duel.ron");

fn parse(text: &str) -> Result<hardening::Loaded, ScenarioError> {
    hardening::parse_any(Path::new("t.ron"), text)
}

/// The base duel with `from` replaced by `to` (once, and it must be there).
fn edited(from: &str, to: &str) -> String {
    assert!(BASE.contains(from), "the base has no {from:?}");
    BASE.replacen(from, to, 1)
}

/// An edited duel is refused, and the problem that says `says` is placed
/// where `at` is found in the edited text, with a hint.
fn refused(from: &str, to: &str, at: &str, says: &str) {
    let text = edited(from, to);
    let e = match parse(&text) {
        Err(e) => e,
        Ok(_) => panic!("{to:?} was accepted"),
    };
    let p = e
        .problems
        .iter()
        .find(|p| p.message.contains(says))
        .unwrap_or_else(|| panic!("no problem says {says:?}: {e}"));
    let byte = text.find(at).unwrap_or_else(|| panic!("no {at:?}"));
    let line = text[..byte].lines().count().max(1);
    let line = if text[..byte].ends_with('\n') {
        line + 1
    } else {
        line
    };
    let place = p.at.expect("placed");
    assert_eq!(place.line, line, "{e}");
    let line_start = text[..byte].rfind('\n').map_or(0, |i| i + 1);
    let col = text[line_start..byte].chars().count() + 1;
    assert_eq!(place.col, col, "{e}");
    assert!(p.hint.is_some(), "{e}");
}

#[test]
fn every_shipped_dragonquest_scenario_checks_and_makes_its_battle() {
    for name in DRAGONQUEST {
        let c = dq_checked(name);
        assert_eq!(c.spec.figures.len(), c.scenario.figures.len(), "{name}");
        assert_eq!(c.spec.sides.len(), c.scenario.sides.len(), "{name}");
        Battle::new(&c.spec, 1).unwrap();
    }
}

/// The figure body is carried into the spec as written: characteristics,
/// armour, shield, weapons with their Ranks, the weapons in hand.
#[test]
fn the_figure_body_becomes_the_engine_s_spec() {
    let c = dq_checked("dq-duel.ron");
    let a = &c.spec.figures[0];
    assert_eq!(a.name, "Aldric");
    assert_eq!(
        (a.ps, a.md, a.ag, a.pc, a.wp, a.endurance, a.fatigue),
        (17, 18, 14, 12, 13, 18, 21)
    );
    assert_eq!(a.tmr, Tmr(5));
    assert_eq!(a.armour.as_deref(), Some("Chainmail"));
    let shield = a.shield.as_ref().unwrap();
    assert_eq!(
        (shield.name.as_str(), shield.rank, shield.prepared),
        ("Kite", Some(Rank(2)), true)
    );
    let names: Vec<(&str, Option<Rank>)> = a
        .weapons
        .iter()
        .map(|w| (w.name.as_str(), w.rank))
        .collect();
    assert_eq!(
        names,
        [("Broadsword", Some(Rank(3))), ("Dagger", Some(Rank(1)))]
    );
    assert_eq!(a.prepared, [0]);
    assert_eq!(c.spec.figures[1].side, SideId(1));
    assert_eq!(c.spec.sides[0].leader, Some(0));
    let ambush = dq_checked("dq-ambush.ron");
    assert_eq!(ambush.spec.surprise, Some(SideId(0)));
    assert_eq!(ambush.spec.sides[0].military_scientist, Some(Rank(1)));
    assert!(ambush.spec.figures[1].weapons[0].loaded);
}

/// Names from the tables are matched without regard to case and kept as
/// the tables spell them.
#[test]
fn table_names_are_matched_without_case() {
    let text =
        edited("\"Broadsword\"", "\"broadsword\"").replacen("\"Chainmail\"", "\"CHAINMAIL\"", 1);
    let Ok(hardening::Loaded::DragonQuest(c)) = parse(&text) else {
        panic!("refused");
    };
    assert_eq!(c.spec.figures[0].weapons[0].name, "Broadsword");
    assert_eq!(c.spec.figures[0].armour.as_deref(), Some("Chainmail"));
}

/// 24.1, 24.5, 19.3: the sheet `check` shows, worked by hand. Aldric's MD 18
/// less the kite's 4 is 14, one short of the broadsword's 15: 55 − 5 + 14 +
/// 4 × 3 = 76. AG 14 less chainmail's 2 is 12; the kite at Rank 2 adds 10
/// through the front, nothing through the rear. IV 12 + PC 12 + Rank 3 = 27.
#[test]
fn check_shows_strike_chance_defense_and_initiative_24_1_24_5_19_3() {
    let json = check_json(&dq_checked("dq-duel.ron"));
    let a = &json["figures"][0];
    let broadsword = &a["weapons"][0];
    assert_eq!(broadsword["strike_chance"], 76);
    assert_eq!(broadsword["md_short"], -5);
    assert_eq!(broadsword["md_added"], 14);
    assert_eq!(broadsword["rank_added"], 12);
    assert_eq!(broadsword["damage_modifier"], 4);
    assert_eq!(a["defense"]["front"], 22);
    assert_eq!(a["defense"]["rear"], 12);
    assert_eq!(a["initiative_value"], 27);
    assert_eq!(a["absorbs"], 6);
    // The dagger's damage number is the house's, and says so.
    let dagger = &a["weapons"][1];
    assert!(dagger["house"].as_str().unwrap().contains("lost"));
    assert_eq!(a["weapons"][0]["house"], serde_json::Value::Null);
}

/// A Shakhàn command given a DragonQuest file refuses it at `ruleset`; a
/// Shakhàn file still reads as Shakhàn through the dispatch.
#[test]
fn the_ruleset_field_decides_which_rules_read_the_file() {
    let e = hexmelee::rulesets::shakhan::scenario::parse(Path::new("t.ron"), BASE).unwrap_err();
    assert_eq!(e.problems.len(), 1);
    assert_eq!(e.problems[0].at.unwrap().line, 6, "{e}");
    assert!(e.problems[0].message.contains("DragonQuest"), "{e}");
    let duel = include_str!("../../../scenarios/duel.ron");
    assert!(matches!(parse(duel), Ok(hardening::Loaded::Shakhan(_))));
    // A file that names no ruleset, or one unknown, is Shakhàn's to refuse.
    let unknown = BASE.replacen("ruleset: DragonQuest", "ruleset: Tunnels", 1);
    let e = parse(&unknown).unwrap_err();
    assert!(e.problems[0].message.contains("Tunnels"), "{e}");
}

#[test]
fn a_misspelt_field_is_refused_where_it_is() {
    refused("tmr: 5,", "tmr: 5, agility: 3,", "agility", "agility");
}

#[test]
fn an_unknown_weapon_is_refused_with_the_table_s_names() {
    let text = edited("\"Dagger\"", "\"Daggr\"");
    let e = parse(&text).unwrap_err();
    assert!(e.problems[0].hint.as_ref().unwrap().contains("\"Dagger\""));
    refused("\"Dagger\"", "\"Daggr\"", "(name: \"Daggr\"", "27.2");
}

#[test]
fn unknown_armour_and_shield_are_refused_27_2_25_1_24_5() {
    refused("\"Chainmail\"", "\"Mithril\"", "armour:", "25.1");
    refused("\"Kite\"", "\"Pavise\"", "shield:", "24.5");
}

/// 27.2: no Rank above the weapon's Maximum Rank, and none with a weapon
/// the figure has not the PS or MD to wield.
#[test]
fn ranks_are_held_to_the_weapon_table_27_2() {
    refused(
        "(name: \"Broadsword\", rank: Some(3)",
        "(name: \"Broadsword\", rank: Some(7)",
        "(name: \"Broadsword\"",
        "highest is 6",
    );
    refused(
        "(name: \"Sabre\", rank: Some(4)",
        "(name: \"Two-Handed Sword\", rank: Some(2)",
        "(name: \"Two-Handed Sword\"",
        "needs PS 22",
    );
}

/// 27: two hands: a two-handed weapon and a prepared shield are too many.
#[test]
fn more_in_hand_than_two_hands_is_refused_27() {
    refused(
        "(name: \"Sabre\", rank: Some(4), in_hand: true)",
        "(name: \"Battle Axe\", rank: Some(2), in_hand: true, two_handed: true)",
        "weapons: [(name: \"Battle Axe\"",
        "two hands",
    );
    refused(
        "(name: \"Dagger\", rank: Some(1))",
        "(name: \"Dagger\", rank: Some(1), two_handed: true)",
        "(name: \"Dagger\", rank: Some(1), two",
        "one-handed",
    );
    refused(
        "(name: \"Dagger\", rank: Some(1))",
        "(name: \"Dagger\", rank: Some(1), loaded: true)",
        "(name: \"Dagger\", rank: Some(1), loaded",
        "not a Missile Weapon",
    );
}

#[test]
fn figures_sides_and_surprise_must_agree() {
    refused(
        "side: \"Brenna's\", at",
        "side: \"Nobody\", at",
        "side: \"Nobody\"",
        "not in `sides`",
    );
    refused(
        "at: (7, 4)",
        "at: (2, 3)",
        "at: (2, 3), facing: NW",
        "both stand",
    );
    refused("at: (7, 4)", "at: (0, 0)", "at: (0, 0)", "blocked");
    refused(
        "seed: 1632,",
        "seed: 1632, options: (surprise: Some(\"Orcs\")),",
        "surprise",
        "no such side",
    );
    refused(
        "leader: Some(\"Brenna\"))",
        "military_scientist: Some(2))",
        "military_scientist",
        "no leader",
    );
    refused("ps: 15,", "ps: 0,", "ps: 0", "outside 1 to 99");
    refused(
        "en: 16, ft: 19,",
        "en: 16, ft: 19, fatigue_lost: 20,",
        "fatigue_lost",
        "lost 20",
    );
}

/// A worked example's dice are faces of a D10 or D100: a 0 or a 101 is
/// refused where it stands in the list.
#[test]
fn example_dice_are_faces_of_the_dice() {
    refused(
        "seed: 1632,",
        "seed: 1632, options: (dice: [4, 0, 7]),",
        "0, 7]",
        "die face 0",
    );
    refused(
        "seed: 1632,",
        "seed: 1632, options: (dice: [101]),",
        "101]",
        "die face 101",
    );
}

/// Every problem is reported, not only the first.
#[test]
fn every_problem_is_reported_at_once() {
    let text = edited("\"Kite\"", "\"Pavise\"").replacen("\"Sabre\"", "\"Sabr\"", 1);
    let e = parse(&text).unwrap_err();
    assert_eq!(e.problems.len(), 2, "{e}");
    assert!(e.problems.iter().all(|p| p.at.is_some()));
}

/// A DragonQuest file with a slip in its syntax is still read as
/// DragonQuest's: the slip is refused where it is, not its `ruleset`.
#[test]
fn a_slip_in_a_dragonquest_file_is_placed_where_it_is() {
    let text = edited("ps: 15, md: 17,", "ps: 15 md: 17,");
    let e = parse(&text).unwrap_err();
    let line = text[..text.find("ps: 15 md").unwrap()].lines().count();
    assert_eq!(e.problems[0].at.unwrap().line, line, "{e}");
    assert!(!e.to_string().contains("Shakhan"), "{e}");
    let text = edited("tmr: 6,", "tmr: 6, cards: 3,");
    let e = parse(&text).unwrap_err();
    assert!(
        e.problems[0].hint.as_ref().unwrap().contains("ps, md, ag"),
        "DragonQuest's fields are offered: {e}"
    );
}

/// 27: any number of weapons in hand is counted without overflow (a file of
/// 200 two-handed weapons in hand once wrapped the count to nothing).
#[test]
fn hundreds_of_weapons_in_hand_are_refused_not_counted_round_27() {
    let many = vec!["(name: \"Battle Axe\", in_hand: true, two_handed: true)"; 200].join(", ");
    let text = edited(
        "weapons: [(name: \"Sabre\", rank: Some(4), in_hand: true)]",
        &format!("weapons: [{many}]"),
    );
    let e = match parse(&text) {
        Err(e) => e,
        Ok(_) => panic!("200 weapons in hand were accepted"),
    };
    assert!(
        e.problems.iter().any(|p| p.message.contains("two hands")),
        "{e}"
    );
}

#[test]
fn a_monster_of_several_hexes_faces_a_vertex_and_fits_the_map_29() {
    refused(
        "at: (7, 4), facing: NW,",
        "at: (7, 4), facing: NW, size: 2,",
        "facing: NW, size",
        "faces a vertex",
    );
    refused(
        "at: (2, 3), facing: SE,",
        "at: (2, 3), facing: E,",
        "facing: E,",
        "faces a hexside",
    );
    refused(
        "at: (7, 4), facing: NW,",
        "at: (8, 4), facing: W, size: 3,",
        "at: (8, 4)",
        "body reaches (9, 3)",
    );
    refused(
        "at: (7, 4), facing: NW,",
        "at: (7, 4), facing: W, size: 5,",
        "size: 5",
        "fills 5 hexes",
    );
    refused(
        "at: (7, 4), facing: NW,",
        "at: (7, 4), facing: NW, mount: Some((name: \"pony\", tmr: 0)),",
        "mount: Some",
        "TMR of 0",
    );
    let ok = edited("at: (7, 4), facing: NW,", "at: (7, 4), facing: W, size: 3,");
    let Ok(hardening::Loaded::DragonQuest(c)) = parse(&ok) else {
        panic!("a drake of three hexes facing W at (7, 4) fits");
    };
    let sheet = hexmelee::rulesets::dragonquest::report::check_table(&c);
    assert!(
        sheet.contains("fills 3 hexes [29]: head at (7, 4), body (8, 4), (8, 5); its head faces the west vertex"),
        "{sheet}"
    );
}
