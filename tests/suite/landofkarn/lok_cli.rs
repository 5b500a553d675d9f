//! Land of Karn through the real binary: check shows house values as
//! house; what is not built refuses in plain words.

use std::process::Command;

fn hexmelee(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_hexmelee"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the binary runs")
}

#[test]
fn check_marks_every_pack_value_house() {
    let out = hexmelee(&["check", "scenarios/lok-duel.ron"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("HOUSE values, not from the book"), "{text}");
    for line in text
        .lines()
        .filter(|l| l.starts_with("  armour ") || l.contains("in hand:"))
    {
        assert!(line.contains("HOUSE"), "{line}");
    }
    let out = hexmelee(&["check", "scenarios/lok-duel.ron", "--json"]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["pack"]["house"], true);
    for f in json["figures"].as_array().unwrap() {
        for w in f["weapons"].as_array().unwrap() {
            assert_eq!(w["house"], true);
        }
    }
}

#[test]
fn scripted_orders_play_split_actions_and_refusals_name_their_line() {
    let out = hexmelee(&[
        "sim",
        "scenarios/lok-duel.ron",
        "--orders",
        "scenarios/lok-duel.orders.ron",
    ]);
    let log = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{log}");
    assert!(
        log.contains(
            "Tolan (step 2, attacks): 1: half strike, half called shot (Head); 2: save for defence"
        ),
        "{log}"
    );
    assert!(log.contains("[strike bonus +3, called shot -5]"), "{log}");
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.orders.ron");
    std::fs::write(
        &bad,
        "[\n (melee: 1, figure: \"Tolan\", answer: Forfeit(false)),\n (melee: 1, figure: \"Vessa\", answer: Forfeit(true)),\n (melee: 1, figure: \"Tolan\", answer: Attack(Plan([Action([(share: Half, act: Save)])]))),\n]\n",
    )
    .unwrap();
    let out = hexmelee(&[
        "sim",
        "scenarios/lok-duel.ron",
        "--orders",
        bad.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains(&format!(
            "{}:4:2: melee 1: Tolan's scripted answer was refused in play: action 1 is split as half",
            bad.display()
        )) && err.contains("hint: it passes the file's checks"),
        "{err}"
    );
    std::fs::write(
        &bad,
        "[\n (melee: 1, figure: \"Nobody\", answer: Forfeit(true)),\n]\n",
    )
    .unwrap();
    let out = hexmelee(&[
        "sim",
        "scenarios/lok-duel.ron",
        "--orders",
        bad.to_str().unwrap(),
    ]);
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("bad.orders.ron:2:2: no figure is named \"Nobody\""),
        "{err}"
    );
}

#[test]
fn a_referees_pack_replaces_the_house_pack() {
    let dir = tempfile::tempdir().unwrap();
    let house = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/landofkarn/house.ron"),
    )
    .unwrap();
    std::fs::write(
        dir.path().join("mine.ron"),
        house
            .replace("House(", "Referee(")
            .replace("\"2D4\", types: [Chop]", "\"3D4\", types: [Chop]"),
    )
    .unwrap();
    let duel = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/lok-duel.ron"),
    )
    .unwrap()
    .replace(
        "seed: 4217,",
        "seed: 4217,\n    options: (pack: Some(\"mine.ron\")),",
    );
    let scenario = dir.path().join("duel.ron");
    std::fs::write(&scenario, duel).unwrap();
    let out = hexmelee(&["check", scenario.to_str().unwrap()]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{text}");
    assert!(!text.contains("HOUSE"), "{text}");
    assert!(
        text.contains("Broadsword: Swing, damage 3D4 Ch — referee"),
        "{text}"
    );
    // A pack that cannot be read is refused at `pack`.
    let broken = dir.path().join("broken.ron");
    std::fs::write(
        &broken,
        std::fs::read_to_string(&scenario)
            .unwrap()
            .replace("mine.ron", "missing.ron"),
    )
    .unwrap();
    let out = hexmelee(&["check", broken.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("the data pack \"missing.ron\" cannot be read"),
        "{err}"
    );
}

#[test]
fn a_saved_duel_checks_exports_and_replays_the_same() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("duel-save.ron");
    let out = hexmelee(&[
        "sim",
        "scenarios/lok-duel.ron",
        "--seed",
        "3",
        "--save",
        save.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    let log = String::from_utf8(out.stdout).unwrap();
    let said = hexmelee(&["check-save", save.to_str().unwrap()]);
    let said = String::from_utf8(said.stdout).unwrap();
    assert!(said.contains("Land of Karn duel in the yard"), "{said}");
    assert!(said.contains("HP "), "{said}");
    let export = hexmelee(&["export", save.to_str().unwrap(), "--referee"]);
    let export = String::from_utf8(export.stdout).unwrap();
    // The export replays the save: its last lines are the sim's own.
    let last = log.lines().last().unwrap();
    assert!(export.contains(last), "{export}");
    let winner = last.split(" win").next().unwrap();
    assert!(export.contains(&format!("{winner} won.")), "{export}");
    // The display is not built: replaying the save says so.
    let out = hexmelee(&["replay", save.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("Land of Karn: the display"), "{err}");
}
