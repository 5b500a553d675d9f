//! The real binary on Rune Master scenarios: `check`, `sim` (with scripted
//! orders) and `batch` work, with the house pack named and replaceable; a broken file is refused
//! at its place; what this slice does not do yet says so, exit 2.

use std::process::{Command, Output};

use serde_json::Value;

const DUEL: &str = "scenarios/rm-duel.ron";
/// Every Rune Master scenario shipped.
const SHIPPED: [&str; 2] = [DUEL, "scenarios/rm-beast.ron"];

fn hexmelee(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hexmelee"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env(
            "HEXMELEE_DATA_DIR",
            std::env::temp_dir().join("hm-runemaster-tests"),
        )
        .output()
        .expect("the binary runs")
}

fn ok(args: &[&str]) -> String {
    let out = hexmelee(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn refused(args: &[&str]) -> String {
    let out = hexmelee(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    assert!(out.stdout.is_empty(), "{args:?}");
    String::from_utf8(out.stderr).unwrap()
}

#[test]
fn check_shows_every_derived_value_and_marks_the_house_pack() {
    let text = ok(&["check", DUEL]);
    assert!(
        text.contains("valid Rune Master scenario, 2 figures"),
        "{text}"
    );
    assert!(
        text.contains("House pack: hexmelee house pack 1 (not from the book)"),
        "{text}"
    );
    assert!(
        text.contains("HP 14 (house)  Serious Wound Level 7 (house)"),
        "{text}"
    );
    assert!(
        text.contains("Strike Rank 4 before the SR Shift = base 3 (house, DEX 12) +1 Skill SR"),
        "{text}"
    );
    for file in SHIPPED {
        let json: Value = serde_json::from_str(&ok(&["check", file, "--json"])).unwrap();
        assert_eq!(json["ruleset"], "RuneMaster");
        assert_eq!(json["house_pack"]["file"], "assets/runemaster/house.ron");
        for f in json["figures"].as_array().unwrap() {
            for key in [
                "hp",
                "swl",
                "strike_rank",
                "weapon",
                "levels",
                "ap",
                "hexes_a_round",
            ] {
                assert!(f.get(key).is_some(), "{file}: no {key}");
            }
            // HP is the house's unless the scenario gives it (the bear's).
            assert_eq!(f["hp_house"], f["name"] != "Cave Bear", "{file}");
        }
    }
}

/// A referee's own pack, named in the scenario, replaces the shipped one.
#[test]
fn a_referee_s_house_pack_replaces_the_shipped_one() {
    let dir = tempfile::tempdir().unwrap();
    let root = env!("CARGO_MANIFEST_DIR");
    let pack = std::fs::read_to_string(format!("{root}/assets/runemaster/house.ron"))
        .unwrap()
        .replace("hexmelee house pack 1 (not from the book)", "Ulla's table")
        .replace(
            "(name: \"Ring Mail\", ap: 5)",
            "(name: \"Ring Mail\", ap: 4)",
        );
    std::fs::write(dir.path().join("ulla.ron"), pack).unwrap();
    let scenario = std::fs::read_to_string(format!("{root}/{DUEL}"))
        .unwrap()
        .replace(
            "seed: 4121,",
            "seed: 4121,\n    options: (house: Some(\"ulla.ron\")),",
        );
    let file = dir.path().join("duel.ron");
    std::fs::write(&file, scenario).unwrap();
    let text = ok(&["check", file.to_str().unwrap()]);
    assert!(text.contains("House pack: Ulla's table"), "{text}");
    assert!(text.contains("Ring Mail, 4 AP (house)"), "{text}");
    // A pack that does not read is refused at the scenario's `house`, with
    // the pack's own place.
    std::fs::write(dir.path().join("ulla.ron"), "(label: 3)").unwrap();
    let err = refused(&["check", file.to_str().unwrap()]);
    assert!(err.contains("the house pack does not read"), "{err}");
    assert!(err.contains("ulla.ron:1:"), "{err}");
}

#[test]
fn a_broken_figure_is_refused_at_its_place() {
    let dir = tempfile::tempdir().unwrap();
    let root = env!("CARGO_MANIFEST_DIR");
    let text = std::fs::read_to_string(format!("{root}/{DUEL}"))
        .unwrap()
        .replace("\"Spear\"", "\"Lance\"");
    let file = dir.path().join("duel.ron");
    std::fs::write(&file, &text).unwrap();
    let err = refused(&["check", file.to_str().unwrap()]);
    let line = text.lines().position(|l| l.contains("Lance")).unwrap() + 1;
    assert!(
        err.contains(&format!("duel.ron:{line}:")) && err.contains("no weapon \"Lance\""),
        "{err}"
    );
    assert!(err.contains("hint: name one of"), "{err}");
}

#[test]
fn sim_plays_the_duel_to_its_end_the_same_each_time() {
    let log = ok(&["sim", DUEL, "--seed", "3"]);
    assert!(log.contains("— Round 1 —"), "{log}");
    assert!(log.contains("The battle is over"), "{log}");
    assert_eq!(log, ok(&["sim", DUEL, "--seed", "3"]));
    // The table view sees intents only once revealed, and no rolls.
    let table = ok(&["sim", DUEL, "--seed", "3", "--table-view"]);
    assert!(table.contains("Brand seals an intent"), "{table}");
    assert!(!table.contains("rolled"), "{table}");
    let json: Value = serde_json::from_str(&ok(&["sim", DUEL, "--seed", "3", "--json"])).unwrap();
    assert_eq!(json["decided"], true);
}

#[test]
fn batch_sums_up_many_duels() {
    let json: Value = serde_json::from_str(&ok(&[
        "batch",
        DUEL,
        "-n",
        "200",
        "--seed",
        "5",
        "--threads",
        "2",
        "--json",
    ]))
    .unwrap();
    assert_eq!(json["battles"], 200);
}

#[test]
fn what_is_not_built_refuses_in_plain_words() {
    let err = refused(&[
        "odds",
        DUEL,
        "--attacker",
        "Brand",
        "--defender",
        "Günnar",
        "--weapon",
        "Dagger",
    ]);
    assert!(
        err.contains("choosing a weapon (--weapon) is not built yet"),
        "{err}"
    );
    let err = refused(&["play", DUEL]);
    assert!(
        err.contains("Rune Master: the display is not built yet"),
        "{err}"
    );
}

/// `sim --orders`: the shipped example seals its intents and declares its
/// defences (both dodge in round 2 where the AI parries and blocks), the
/// same way each time; `--save` keeps the scripted battle.
#[test]
fn scripted_orders_seal_intents_and_declare_defences() {
    let args = ["sim", DUEL, "--orders", "scenarios/rm-duel.orders.ron"];
    let log = ok(&args);
    assert_eq!(log, ok(&args));
    let round_2 = log.split("— Round 2 —").nth(1).unwrap();
    let round_2 = round_2.split("— Round 3 —").next().unwrap();
    for line in [
        "Brand seals: attack Günnar",
        "Günnar declares dodge against Brand",
        "Brand declares dodge against Günnar",
    ] {
        assert!(round_2.contains(line), "{line}: {round_2}");
    }
    let plain = ok(&["sim", DUEL]);
    assert!(
        plain.contains("Brand declares block against Günnar"),
        "{plain}"
    );
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("scripted.ron");
    let save = save.to_str().unwrap();
    ok(&[
        "sim",
        DUEL,
        "--orders",
        "scenarios/rm-duel.orders.ron",
        "--save",
        save,
    ]);
    let exported = ok(&["export", save, "--referee"]);
    assert!(
        exported.contains("Günnar declares dodge against Brand"),
        "{exported}"
    );
}

#[test]
fn orders_files_are_refused_at_the_entry_in_plain_words() {
    let err = refused(&[
        "sim",
        DUEL,
        "--orders",
        "tests/orders/rm-broken-entries.ron",
    ]);
    for problem in [
        "rm-broken-entries.ron:4:16: no figure is named \"Brandt\"",
        "rm-broken-entries.ron:5:6: rounds count from 1",
        "rm-broken-entries.ron:6:33: Brand is on Brand's own side",
        "rm-broken-entries.ron:7:34: Günnar has no shield to block with",
        "rm-broken-entries.ron:9:16: Brand is given two intents for round 2",
    ] {
        assert!(err.contains(problem), "{problem}: {err}");
    }
    let err = refused(&["sim", DUEL, "--orders", "tests/orders/rm-refused.ron"]);
    assert!(
        err.starts_with("tests/orders/rm-refused.ron:4:5: round 1: Brand's scripted order was refused in play: Günnar is not within the reach of Brand's Broadsword"),
        "{err}"
    );
    // A refused script saves nothing.
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("never.ron");
    refused(&[
        "sim",
        DUEL,
        "--orders",
        "tests/orders/rm-refused.ron",
        "--save",
        save.to_str().unwrap(),
    ]);
    assert!(!save.exists());
}

/// A duel played and saved reads back: check-save says where it stands,
/// export gives its log, the table view without sealed intents.
#[test]
fn sim_saves_and_check_save_and_export_read_the_save() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("duel-save.ron");
    let save = save.to_str().unwrap();
    ok(&["sim", DUEL, "--seed", "3", "--save", save]);
    let said = ok(&["check-save", save]);
    assert!(said.contains("Brand") && said.contains("HP"), "{said}");
    let log = ok(&["export", save, "--referee"]);
    assert!(log.contains("Brand seals: "), "{log}");
    let table = ok(&["export", save]);
    assert!(table.contains("Brand seals an intent"), "{table}");
    assert!(!table.contains("Brand seals: "), "{table}");
}

/// Combat Resolution by exact count: Brand's 65% against Günnar's 70%
/// parry, which lowers only on a critical (4 faces of 100).
#[test]
fn odds_count_every_pair_of_rolls() {
    let text = ok(&["odds", DUEL, "--attacker", "Brand", "--defender", "Günnar"]);
    assert!(
        text.contains("Attack: critical 3%, special 10%, success 52%"),
        "{text}"
    );
    // 65 - 4% of the 52 normal successes.
    assert!(text.contains("succeeds 62.92%"), "{text}");
    let json: Value = serde_json::from_str(&ok(&[
        "odds",
        "scenarios/rm-beast.ron",
        "--attacker",
        "Astrid",
        "--defender",
        "Cave Bear",
        "--json",
    ]))
    .unwrap();
    assert_eq!(
        json["hexes"], 1,
        "a halberd strikes from one hex without a lunge"
    );
    assert_eq!(json["defence"], "dodge");
}

/// The annotated example in docs/RUNEMASTER-SCENARIOS.md is a real, valid scenario.
#[test]
fn the_documented_example_is_valid() {
    let doc = include_str!("../../../docs/RUNEMASTER-SCENARIOS.md");
    let start = doc.find("```ron\n").expect("a ron block") + "```ron\n".len();
    let end = start + doc[start..].find("```").expect("its end");
    let path = std::path::Path::new("docs/RUNEMASTER-SCENARIOS.md");
    if let Err(e) = hexmelee::rulesets::runemaster::scenario::parse(path, &doc[start..end]) {
        panic!("{e}");
    }
}
