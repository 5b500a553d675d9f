//! A scenario names the table pack it plays on: the embedded PLACEHOLDER,
//! or a referee's own file beside it, which replaces every placeholder value;
//! a broken pack is refused with its file:line:col.

use std::path::Path;
use std::process::{Command, Output};

fn hexmelee(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hexmelee"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the binary runs")
}

/// The duel, in `dir`, on the pack `pack` (its text written beside it),
/// with every weapon and armour name given the pack's prefix.
fn duel_on(dir: &Path, pack: &str, prefix: &str) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut duel = std::fs::read_to_string(root.join("scenarios/hm-duel.ron")).unwrap();
    duel = duel.replace("pack: \"placeholder\"", "pack: \"packs/mine.ron\"");
    for name in [
        "Sword",
        "Round shield",
        "Dagger",
        "Hand axe",
        "Mail shirt",
        "Padded coat",
        "Steel helm",
        "Leather cap",
    ] {
        duel = duel.replace(&format!("\"{name}\""), &format!("\"{prefix}{name}\""));
    }
    std::fs::create_dir_all(dir.join("packs")).unwrap();
    std::fs::write(dir.join("packs/mine.ron"), pack).unwrap();
    let file = dir.join("duel.ron");
    std::fs::write(&file, duel).unwrap();
    file.to_string_lossy().into_owned()
}

const OTHER: &str = include_str!("../../packs/harnmaster-other.ron");

#[test]
fn a_scenario_on_a_referees_pack_plays_on_it_and_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let file = duel_on(dir.path(), OTHER, "Ref ");
    let out = hexmelee(&["check", &file]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        text.contains("referee's table pack \"test referee pack\""),
        "{text}"
    );
    assert!(!text.contains("PLACEHOLDER"), "{text}");
    // The referee's numbers: the sword's impact and quality, the mail's.
    assert!(
        text.contains("Ref Sword: ML 68, class 4, quality 16, impact B2 E6 P4"),
        "{text}"
    );
    let out = hexmelee(&["sim", &file, "--seed", "3"]);
    let log = String::from_utf8_lossy(&out.stdout);
    assert!(log.contains("referee's pack"), "{log}");
    assert!(!log.contains("PLACEHOLDER"), "{log}");
    let out = hexmelee(&["sim", &file, "--seed", "3", "--json"]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["pack"]["placeholder"], false);
}

#[test]
fn the_placeholder_pack_is_said_in_check_sim_json_and_batch() {
    let check = hexmelee(&["check", "scenarios/hm-duel.ron"]);
    let text = String::from_utf8_lossy(&check.stdout);
    assert!(check.status.success());
    assert!(text.contains("PLACEHOLDER table pack"), "{text}");
    assert!(text.contains("(placeholder)"), "{text}");
    let json = hexmelee(&["check", "scenarios/hm-duel.ron", "--json"]);
    let json: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(json["pack"]["placeholder"], true);
    for view in [&[][..], &["--table-view"][..]] {
        let mut args = vec!["sim", "scenarios/hm-duel.ron", "--seed", "2"];
        args.extend_from_slice(view);
        let log = String::from_utf8(hexmelee(&args).stdout).unwrap();
        assert!(log.lines().next().unwrap().contains("PLACEHOLDER"), "{log}");
        assert!(log.contains("[l.23; PLACEHOLDER pack]"), "{log}");
    }
    let batch = hexmelee(&["batch", "scenarios/hm-duel.ron", "-n", "20", "--seed", "1"]);
    assert!(String::from_utf8_lossy(&batch.stdout).starts_with("Table pack: PLACEHOLDER"));
}

#[test]
fn a_pack_with_a_gap_in_a_d100_table_is_refused_with_its_file_line_col() {
    let dir = tempfile::tempdir().unwrap();
    let broken = OTHER.replace("((9, 12), \"Ref Face\")", "((10, 12), \"Ref Face\")");
    let file = duel_on(dir.path(), &broken, "Ref ");
    let out = hexmelee(&["check", &file]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    let pack = dir.path().join("packs/mine.ron");
    // Refused at the scenario's `pack:`, naming the pack's own place.
    assert!(err.contains(&format!("{}:", pack.display())), "{err}");
    assert!(err.contains("leave 09 uncovered"), "{err}");
    let at = err.split(&format!("{}:", pack.display())).nth(1).unwrap();
    let mut nums = at.split(':').take(2).map(|n| n.trim().parse::<usize>());
    assert!(
        nums.next().unwrap().is_ok() && nums.next().unwrap().is_ok(),
        "{err}"
    );
}

#[test]
fn a_missing_pack_is_refused_at_the_scenarios_pack() {
    let dir = tempfile::tempdir().unwrap();
    let file = duel_on(dir.path(), OTHER, "Ref ");
    std::fs::remove_file(dir.path().join("packs/mine.ron")).unwrap();
    let out = hexmelee(&["check", &file]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("duel.ron:9:5:"), "{err}");
    assert!(err.contains("cannot be read"), "{err}");
}

#[test]
fn a_weapon_the_pack_lacks_is_refused_in_place() {
    let dir = tempfile::tempdir().unwrap();
    // The placeholder's names against the referee's pack.
    let file = duel_on(dir.path(), OTHER, "");
    let out = hexmelee(&["check", &file]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("carries a \"Sword\", which is not in the pack's weapon table"),
        "{err}"
    );
    assert!(err.contains("wears \"Mail shirt\""), "{err}");
}
