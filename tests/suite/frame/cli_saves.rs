//! Save files through the real binary: `check-save` and `export` on good
//! and broken saves, `sim --save`.

use std::process::{Command, Output};

fn hexmelee(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hexmelee"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap()
}

/// Each broken save and the exact message `check-save` gives for it.
const BROKEN: &[(&str, &str)] = &[
    (
        "bad-embedded-scenario",
        "tests/broken_saves/bad-embedded-scenario.ron:7:5: the scenario inside the save is not valid (lines count from the start of `scenario_text`):\ntests/broken_saves/bad-embedded-scenario.ron (scenario_text):20:43: Berrin stands at (30, 1), off the 6x3 map\n  hint: columns run 0..width-1 and rows 0..height-1, from the top left\n",
    ),
    (
        "binary",
        "tests/broken_saves/binary.ron:1:1: this is not text: byte 0x89 at byte offset 0 is not UTF-8 text (a save file is RON text, docs/SAVES.md)\n  hint: check the path; the file may be damaged\n",
    ),
    (
        "cursor-past-end",
        "tests/broken_saves/cursor-past-end.ron:44:5: cursor 40 is past the end of the 6 commands\n  hint: cursor counts the commands replayed: 0 to 6\n",
    ),
    (
        "cut-in-the-log",
        "tests/broken_saves/cut-in-the-log.ron:39:26: a comma is missing between two entries\n  hint: the file ends early: it was cut off (an interrupted copy?); the autosave or an earlier save may be whole\n",
    ),
    (
        "empty",
        "tests/broken_saves/empty.ron:1:1: the file is empty\n  hint: a save is written whole or not at all; this one was never written — open the autosave or start the scenario again\n",
    ),
    (
        "escape-in-log",
        "tests/broken_saves/escape-in-log.ron:41:9: the log does not replay: command 5 (referee override AddFigure) was refused: the new figure's name holds U+001B (escape) as its character 5\n  hint: the save was edited or damaged; an earlier save or the autosave may still load\n",
    ),
    (
        "escape-in-scenario",
        "tests/broken_saves/escape-in-scenario.ron:7:5: the scenario inside the save is not valid (lines count from the start of `scenario_text`):\ntests/broken_saves/escape-in-scenario.ron (scenario_text):13:19: name \"Au\\u{1b}[2Jlos\" holds U+001B (escape) as its character 3\n  hint: names are printed on terminals: use letters, digits, spaces and punctuation only\n",
    ),
    (
        "future-version",
        "tests/broken_saves/future-version.ron:3:5: save format version 2 is not one this hexmelee reads (it reads version 1)\n  hint: open it with the hexmelee that wrote it (see `engine:` in the file)\n",
    ),
    (
        "huge-seed",
        "tests/broken_saves/huge-seed.ron:35:11: 99999999999999999999999 is out of range for this field\n  hint: whole numbers are at most 2^64−1 (and 0 or more where a count is meant); each field's range is in the format's page\n",
    ),
    (
        "huge-wound",
        "tests/broken_saves/huge-wound.ron:40:9: the log does not replay: command 4 (referee override Wound) was refused: damage must be 0 to 10000, not 2147483647\n  hint: the save was edited or damaged; an earlier save or the autosave may still load\n",
    ),
    (
        "json",
        "tests/broken_saves/json.ron:1:1: a `(` opening a group of fields belongs here\n  hint: this looks like JSON; a save is RON: `SaveFile(format: \"hexmelee-save\", …)`\n",
    ),
    (
        "missing-seed",
        "tests/broken_saves/missing-seed.ron:44:1: `seed` is missing\n  hint: add `seed: …` to this group of fields\n",
    ),
    (
        "negative-cursor",
        "tests/broken_saves/negative-cursor.ron:44:14: -1 is out of range for this field\n  hint: whole numbers are at most 2^64−1 (and 0 or more where a count is meant); each field's range is in the format's page\n",
    ),
    (
        "nesting-bomb",
        "tests/broken_saves/nesting-bomb.ron:37:71: brackets and parentheses nest deeper than 64\n  hint: no hexmelee file nests that deep: this file is damaged or was not written for hexmelee\n",
    ),
    (
        "no-version",
        "tests/broken_saves/no-version.ron:2:5: there is no `version`\n  hint: a save of this hexmelee says `version: 1`\n",
    ),
    (
        "other-struct",
        "tests/broken_saves/other-struct.ron:1:1: this holds `Orders(…)`, not a `SaveFile(…)`\n  hint: open a file written by hexmelee's save or autosave\n",
    ),
    (
        "refused-command",
        "tests/broken_saves/refused-command.ron:39:9: the log does not replay: command 3 (a move of 1 figure) was refused: a move does not answer the movement priority question\n  hint: the save was edited or damaged; an earlier save or the autosave may still load\n",
    ),
    (
        "scenario",
        "tests/broken_saves/scenario.ron:1:1: this is a scenario, not a save file\n  hint: saves are written by the game; `hexmelee sim tests/broken_saves/scenario.ron --save SAVE` plays it and writes one\n",
    ),
    (
        "truncated",
        "tests/broken_saves/truncated.ron:37:33: a `:` is missing between a key and its value\n  hint: the file ends early: it was cut off (an interrupted copy?); the autosave or an earlier save may be whole\n",
    ),
    (
        "unknown-command",
        "tests/broken_saves/unknown-command.ron:41:9: `Teleport` is not one of the Command choices\n  hint: choose one of Orders, MovementPriority, DivineIntervention, Move, RaiseShield, MidAction, FreshInitiative, Referee, Pairings, QuickMelee, Hazard, Dodge, DodgeBlow\n",
    ),
    (
        "unknown-field",
        "tests/broken_saves/unknown-field.ron:36:5: there is no field `speed` in SaveFile\n  hint: the fields here are format, version, engine, scenario_name, scenario_path, scenario_text, seed, commands, cursor\n",
    ),
    (
        "unknown-figure",
        "tests/broken_saves/unknown-figure.ron:40:9: the log does not replay: command 4 (referee override Wound) was refused: there is no figure #9\n  hint: the save was edited or damaged; an earlier save or the autosave may still load\n",
    ),
    (
        "wrong-format",
        "tests/broken_saves/wrong-format.ron:2:5: its format is \"hexmelee-scenario\", not \"hexmelee-save\"\n  hint: open a file written by hexmelee's save or autosave\n",
    ),
];

#[test]
fn broken_saves_fail_with_their_exact_message_and_exit_2() {
    for (name, expected) in BROKEN {
        let path = format!("tests/broken_saves/{name}.ron");
        for args in [vec!["check-save", &path], vec!["export", &path]] {
            let out = hexmelee(&args);
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{name}: {stderr}");
            assert_eq!(stderr, *expected, "{name}");
            assert!(out.stdout.is_empty(), "{name}: nothing on stdout");
        }
    }
}

#[test]
fn the_unbroken_base_of_the_broken_set_loads() {
    let out = hexmelee(&["check-save", "tests/broken_saves/ok-base.ron"]);
    assert_eq!(out.status.code(), Some(0));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.starts_with("Corridor — seed 7, 6 commands, at 6 (Round 1, pulse 1, Blue's Action Phase): not over\n"),
        "{stdout}"
    );
    assert!(
        stdout.contains("Berrin         Blue       fighting      BDR 27/30"),
        "{stdout}"
    );
}

/// An editor's byte-order mark before the text is not part of it: a save
/// and a scenario written with one load as they would without it.
#[test]
fn a_byte_order_mark_is_not_part_of_the_text() {
    let dir = tempfile::tempdir().unwrap();
    for (from, command) in [
        ("tests/broken_saves/ok-base.ron", "check-save"),
        ("scenarios/duel.ron", "check"),
    ] {
        let mut bytes = "\u{feff}".as_bytes().to_vec();
        bytes.extend(std::fs::read(from).unwrap());
        let with_mark = dir.path().join("with-mark.ron");
        std::fs::write(&with_mark, bytes).unwrap();
        let out = hexmelee(&[command, with_mark.to_str().unwrap()]);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{from}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

#[test]
fn a_missing_save_is_a_clear_error() {
    let out = hexmelee(&["check-save", "no/such/save.ron"]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.starts_with("no/such/save.ron: cannot read the file: there is no such file"),
        "{stderr}"
    );
}

#[test]
fn sim_save_writes_a_save_that_check_save_and_export_open() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("duel-save.ron");
    let save = save.to_str().unwrap();
    let sim = hexmelee(&["sim", "scenarios/duel.ron", "--seed", "3", "--save", save]);
    assert_eq!(sim.status.code(), Some(0));
    let log = String::from_utf8_lossy(&sim.stdout);
    let winner = log.lines().last().unwrap().to_string();
    assert!(winner.contains(" won after "), "{winner}");

    let check = hexmelee(&["check-save", save]);
    assert_eq!(check.status.code(), Some(0));
    let summary = String::from_utf8_lossy(&check.stdout);
    let side = winner.split(" won after ").next().unwrap();
    assert!(
        summary
            .lines()
            .next()
            .unwrap()
            .ends_with(&format!("{side} won")),
        "{summary}"
    );

    // The referee's export has the same lines as the sim's log.
    let out = dir.path().join("record.md");
    let export = hexmelee(&[
        "export",
        save,
        "--format",
        "markdown",
        "--referee",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(export.status.code(), Some(0));
    assert!(export.stdout.is_empty());
    let md = std::fs::read_to_string(&out).unwrap();
    assert!(md.starts_with("# Duel of the Level V warriors\n"), "{md}");
    assert!(md.contains("\n## Melee Round 1\n"), "{md}");
    assert!(md.contains("\n### Pulse 1\n"), "{md}");
    assert!(md.contains(&format!("**{side} won.**")), "{md}");
    let text = hexmelee(&["export", save]);
    assert_eq!(text.status.code(), Some(0));
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(
        text.starts_with("Duel of the Level V warriors\n============================\n"),
        "{text}"
    );
    assert!(text.contains("as the table saw it"), "{text}");
}

/// A save whose last commands were undone before saving: `check-save` and
/// `export` stop at its cursor and say how many undone commands they leave out.
#[test]
fn outputs_of_a_save_stop_at_its_cursor_and_count_the_undone() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("duel-save.ron");
    let save = save.to_str().unwrap();
    assert_eq!(
        hexmelee(&["sim", "scenarios/duel.ron", "--seed", "3", "--save", save])
            .status
            .code(),
        Some(0)
    );
    let text = std::fs::read_to_string(save).unwrap();
    let at = text.rfind("    cursor: ").unwrap();
    let end = text[at..].find(',').unwrap() + at;
    let cursor: usize = text[at + 12..end].parse().unwrap();
    let undone = text.replacen(&text[at..end], &format!("    cursor: {}", cursor - 3), 1);
    std::fs::write(save, undone).unwrap();

    let check = hexmelee(&["check-save", save]);
    assert_eq!(check.status.code(), Some(0));
    let summary = String::from_utf8_lossy(&check.stdout);
    assert!(summary.contains("not over"), "{summary}");
    assert!(
        summary.contains("3 undone commands after this point not shown"),
        "{summary}"
    );
    let export = hexmelee(&["export", save, "--referee"]);
    let log = String::from_utf8_lossy(&export.stdout);
    assert!(log.contains("The battle is not over."), "{log}");
    assert!(!log.contains(" won after "), "{log}");
    assert!(
        log.trim_end()
            .ends_with("3 undone commands after this point not shown (undone before saving; `hexmelee replay` can redo them)"),
        "{log}"
    );
}
