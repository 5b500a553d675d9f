//! The real binary on the HârnMaster duel: `check`, `sim` (log, JSON, table
//! view), `batch` and `odds` work; what this slice has not built says so, exit 2.

use std::process::{Command, Output};

const DUEL: &str = "scenarios/hm-duel.ron";

fn hexmelee(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hexmelee"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env(
            "HEXMELEE_DATA_DIR",
            std::env::temp_dir().join("hm-harnmaster-cli"),
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
fn check_shows_every_derived_value() {
    let text = ok(&["check", DUEL]);
    for want in [
        "initiative 57 [l.3]",
        "endurance index 0 [l.139]",
        "physical penalty 2 (EML −10) [l.169]",
        "effective mobility 45 [l.179]: free move 9 hexes [l.187], engage 4 hexes [l.195]",
        "Sword: ML 68, class 3, quality 15, impact B1 E5 P3 (placeholder)",
        "protection: Head B5 E8 P6",
    ] {
        assert!(text.contains(want), "{want}\n{text}");
    }
}

#[test]
fn sim_plays_the_duel_to_a_decision_the_same_way_each_time() {
    let log = ok(&["sim", DUEL, "--seed", "1"]);
    assert_eq!(log, ok(&["sim", DUEL, "--seed", "1"]));
    assert!(
        log.contains("Round 1: order Wulfhere (58), Osric (57) [l.3]"),
        "{log}"
    );
    assert!(
        log.trim_end().ends_with("win: no one else can fight"),
        "{log}"
    );
    let json: serde_json::Value =
        serde_json::from_str(&ok(&["sim", DUEL, "--seed", "1", "--json"])).unwrap();
    assert!(json["winner"].is_string());
}

#[test]
fn the_table_view_hides_the_referees_numbers() {
    let table = ok(&["sim", DUEL, "--seed", "1", "--table-view"]);
    assert!(!table.contains("EML"), "{table}");
    assert!(!table.contains("d100"), "{table}");
    assert!(!table.contains("rolled"), "{table}");
    assert!(!table.contains("3d6 ("), "{table}");
    assert!(
        table.contains("Round 1: order Wulfhere, Osric [l.3]"),
        "{table}"
    );
}

#[test]
fn batch_sums_up_many_duels() {
    let text = ok(&["batch", DUEL, "-n", "200", "--seed", "7", "--threads", "2"]);
    assert!(text.contains("200 battles"), "{text}");
    let json: serde_json::Value =
        serde_json::from_str(&ok(&["batch", DUEL, "-n", "50", "--seed", "7", "--json"])).unwrap();
    assert!(json["summary"].is_object() || json.is_object());
}

#[test]
fn sim_saves_and_check_save_and_export_read_the_save() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("duel-save.ron");
    let save = save.to_str().unwrap();
    let log = ok(&["sim", DUEL, "--seed", "3", "--save", save]);
    let said = ok(&["check-save", save]);
    assert!(said.contains("seed 3"), "{said}");
    assert!(said.contains("PLACEHOLDER table pack"), "{said}");
    assert!(
        said.contains("Wulfhere       Wulfhere's   unconscious"),
        "{said}"
    );
    let table = ok(&["export", save]);
    assert!(table.contains("as the table saw it"), "{table}");
    assert!(table.contains("PLACEHOLDER"), "{table}");
    assert!(!table.contains("EML"), "{table}");
    let referee = ok(&["export", "--referee", save]);
    // The Referee's record holds the same lines as `sim`'s log.
    for line in log.lines().skip(1).filter(|l| !l.starts_with("Round")) {
        assert!(referee.contains(line.trim()), "{line}");
    }
    assert!(referee.trim_end().ends_with("Osric's won."), "{referee}");
}

#[test]
fn what_is_not_built_yet_says_so() {
    let play = refused(&["play", DUEL]);
    assert!(
        play.contains("HârnMaster: the display is not built yet"),
        "{play}"
    );
}

/// `odds` with the defender ignoring the blow: the attack's four levels go
/// straight through the ignore column (l.23), so the cells are the levels'
/// shares at Osric's EML 58 (ML 68, physical penalty 2 −10): CS 11 (5, 10
/// … 55), MS 47, MF 33, CF 9 (60 … 100).
#[test]
fn odds_against_ignore_are_the_attack_levels_through_the_ignore_column() {
    let out = ok(&[
        "odds",
        DUEL,
        "--attacker",
        "Osric",
        "--defender",
        "Wulfhere",
        "--hm-defence",
        "ignore",
    ]);
    assert!(out.contains("PLACEHOLDER table pack"), "{out}");
    assert!(
        out.contains(
            "Attack: ML 68, physical penalty 2 −10 = EML 58: CS 11%, MS 47%, MF 33%, CF 9%"
        ),
        "{out}"
    );
    assert!(
        out.contains("Wulfhere ignores the attack: no roll"),
        "{out}"
    );
    for cell in [
        "Osric strikes (3d6): 47%",
        "miss: 33%",
        "Osric strikes (4d6): 11%",
        "Osric fumble roll (3d6): 9%",
        "Osric strikes Wulfhere: 58%; Wulfhere strikes Osric: 0%",
    ] {
        assert!(out.contains(cell), "{cell}: {out}");
    }
}

/// The cells of every table `odds` can read sum to the whole, for every
/// pair of enemies and every defence, melee and missile.
#[test]
fn odds_cells_cover_every_pair_of_rolls() {
    for (file, pairs) in [
        (DUEL, vec![("Osric", "Wulfhere"), ("Wulfhere", "Osric")]),
        (
            "scenarios/hm-ambush.ron",
            vec![
                ("Maelis", "Cuthred"),
                ("Aelfric", "Eadric"),
                ("Cuthred", "Maelis"),
            ],
        ),
    ] {
        for (a, d) in pairs {
            for defence in ["block", "counterstrike", "dodge", "ignore"] {
                let out = hexmelee(&[
                    "odds",
                    file,
                    "--attacker",
                    a,
                    "--defender",
                    d,
                    "--hm-defence",
                    defence,
                    "--json",
                ]);
                if !out.status.success() {
                    let err = String::from_utf8_lossy(&out.stderr);
                    assert!(err.contains("no defence against a missile"), "{err}");
                    continue;
                }
                let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
                let total: f64 = v["cells"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|c| c["percent"].as_f64().unwrap())
                    .sum();
                assert!(
                    (total - 100.0).abs() < 1e-9,
                    "{file} {a} {d} {defence}: {total}"
                );
                assert_eq!(v["placeholder"], true);
            }
        }
    }
}

#[test]
fn odds_refuses_what_cannot_be_in_plain_words() {
    let ambush = "scenarios/hm-ambush.ron";
    for (args, says) in [
        (
            vec!["--attacker", "Maelis", "--defender", "Aelfric"],
            "Maelis and Aelfric are on the same side",
        ),
        (
            vec![
                "--attacker",
                "Maelis",
                "--defender",
                "Cuthred",
                "--hm-range",
                "300",
            ],
            "300 hexes is beyond the Short bow's range of 40 (l.81); give --hm-range 1 to 40",
        ),
        (
            vec![
                "--attacker",
                "Maelis",
                "--defender",
                "Cuthred",
                "--hm-defence",
                "counterstrike",
            ],
            "a counterstrike is no defence against a missile",
        ),
        (
            vec![
                "--attacker",
                "Aelfric",
                "--defender",
                "Cuthred",
                "--weapon",
                "axe",
            ],
            "Aelfric carries no \"axe\"; give one of \"Sword\", \"Round shield\"",
        ),
        (
            vec![
                "--attacker",
                "Aelfric",
                "--defender",
                "Cuthred",
                "--hm-range",
                "3",
            ],
            "the Sword is no missile weapon: --hm-range is for a shot",
        ),
        (
            vec![
                "--attacker",
                "Aelfric",
                "--defender",
                "Cuthred",
                "--hm-aim",
                "toes",
            ],
            "--hm-aim \"toes\": give any, head, arms or legs",
        ),
        (
            vec![
                "--attacker",
                "Maelis",
                "--defender",
                "Cuthred",
                "--weapon",
                "Short bow",
                "--hm-range",
                "1",
            ],
            "Maelis would be engaged and cannot shoot; give --hm-range 2 or more",
        ),
        (
            vec!["--attacker", "Nobody", "--defender", "Cuthred"],
            "there is no figure named \"Nobody\"",
        ),
    ] {
        let mut all = vec!["odds", ambush];
        all.extend(args);
        let err = refused(&all);
        assert!(err.contains(says), "{says}: {err}");
    }
}

/// `sim --orders`: the shipped example plays its entries (Osric's block, his
/// thrust at the legs, Wulfhere's counterstrike), the same way each time,
/// and `--save` keeps the same battle.
#[test]
fn scripted_orders_play_their_entries_in_the_files_order() {
    let args = ["sim", DUEL, "--orders", "scenarios/hm-duel.orders.ron"];
    let log = ok(&args);
    assert_eq!(log, ok(&args));
    let round_1 = log.split("Round 2:").next().unwrap();
    for line in [
        "Osric blocks with the Round shield [l.16]",
        "Osric attacks Wulfhere with the Sword: point, aimed at the legs [l.11, l.12]",
        "Wulfhere counterstrikes with the Hand axe: edge, no aim [l.16]",
    ] {
        assert!(round_1.contains(line), "{line}: {round_1}");
    }
    assert_ne!(log, ok(&["sim", DUEL]), "the orders change the battle");
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("scripted.ron");
    ok(&[
        "sim",
        DUEL,
        "--orders",
        "scenarios/hm-duel.orders.ron",
        "--save",
        save.to_str().unwrap(),
    ]);
    let exported = ok(&["export", save.to_str().unwrap(), "--referee"]);
    assert!(
        exported.contains("Osric attacks Wulfhere with the Sword: point, aimed at the legs"),
        "{exported}"
    );
}

#[test]
fn orders_files_are_refused_at_the_entry_in_plain_words() {
    let err = refused(&[
        "sim",
        DUEL,
        "--orders",
        "tests/orders/hm-broken-entries.ron",
    ]);
    for problem in [
        "hm-broken-entries.ron:4:16: no figure is named \"Osrik\"",
        "hm-broken-entries.ron:5:6: rounds count from 1",
        "hm-broken-entries.ron:6:47: Osric is on Osric's own side",
        "hm-broken-entries.ron:7:67: Osric carries no \"Axe\"",
        "hm-broken-entries.ron:8:91: the Round shield has no point aspect",
        "hm-broken-entries.ron:9:66: the Sword is no missile weapon",
        "hm-broken-entries.ron:10:45: a move needs at least one hex",
    ] {
        assert!(err.contains(problem), "{problem}: {err}");
    }
    let err = refused(&["sim", DUEL, "--orders", "tests/orders/hm-refused.ron"]);
    assert!(
        err.starts_with("tests/orders/hm-refused.ron:4:5: round 1: Osric's scripted order was refused in play: Osric may move 4 hexes now, not 8"),
        "{err}"
    );
    assert!(err.contains("hint: it passes the file's checks"), "{err}");
}

#[test]
fn points_past_any_fight_are_refused_at_their_place() {
    let err = refused(&["check", "tests/broken/hm-huge-load.ron"]);
    assert!(
        err.contains("hm-huge-load.ron:33:")
            && err.contains("Osric's load 4294967295 is more than 1000"),
        "{err}"
    );
}
