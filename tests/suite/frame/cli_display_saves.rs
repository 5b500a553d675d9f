//! `play --resume FILE` and `replay FILE` through the real binary: a broken
//! or foreign save is refused on stderr, exit 2, before the terminal is
//! touched; a good one still needs a terminal.

use std::process::{Command, Output};

fn hexmelee(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hexmelee"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap()
}

#[test]
fn resume_and_replay_refuse_a_broken_save_before_any_terminal() {
    for verb in [&["play", "--resume"][..], &["replay"][..]] {
        let args = [verb, &["tests/broken_saves/cut-in-the-log.ron"]].concat();
        let out = hexmelee(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.starts_with(
                "tests/broken_saves/cut-in-the-log.ron:39:26: a comma is missing between two entries"
            ),
            "{err}"
        );
        assert!(!err.contains("needs a terminal"), "{err}");
        assert!(out.stdout.is_empty(), "no escape codes");
    }
}

#[test]
fn a_scenario_given_as_a_save_is_named_for_what_it_is() {
    let out = hexmelee(&["replay", "scenarios/duel.ron"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("this is a scenario, not a save file"), "{err}");
}

#[test]
fn a_good_save_still_needs_a_terminal() {
    let dir = std::env::temp_dir().join(format!("hexmelee-cli-display-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let save = dir.join("duel.ron");
    let save = save.to_str().unwrap();
    let sim = hexmelee(&["sim", "scenarios/duel.ron", "--save", save]);
    assert!(sim.status.success());
    for args in [&["play", "--resume", save][..], &["replay", save][..]] {
        let out = hexmelee(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(String::from_utf8_lossy(&out.stderr).contains("needs a terminal"));
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn resume_with_a_scenario_or_seed_is_a_usage_error() {
    let out = hexmelee(&["play", "scenarios/duel.ron", "--resume", "x.ron"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot be used with"));
}
