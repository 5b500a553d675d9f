//! The real binary: `hexmelee check` on every shipped scenario and on a set of
//! broken ones, which must each fail with exit code 2, file:line:col and a
//! message naming the problem, and never panic.

use std::path::Path;
use std::process::{Command, Output};

use serde_json::Value;

fn hexmelee(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hexmelee"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the binary runs")
}

fn check_json(scenario: &str) -> Value {
    let out = hexmelee(&["check", scenario, "--json"]);
    assert!(
        out.status.success(),
        "{scenario}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("check --json prints JSON")
}

fn figure<'a>(json: &'a Value, name: &str) -> &'a Value {
    json["figures"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["name"] == name)
        .unwrap_or_else(|| panic!("no figure {name}"))
}

#[test]
fn every_shipped_scenario_checks_as_json() {
    let mut count = 0;
    for entry in std::fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios")).unwrap()
    {
        let path = entry.unwrap().path();
        // Only Shakhàn's sheets have these keys; every other ruleset's
        // `check` is tested in its own folder of tests/suite/. An orders
        // file beside its scenario is not a scenario.
        let text = std::fs::read_to_string(&path).unwrap();
        if path.to_string_lossy().ends_with(".orders.ron")
            || hexmelee::rulesets::of_scenario(&text).name() != "Shakhan"
        {
            continue;
        }
        let json = check_json(path.to_str().unwrap());
        for f in json["figures"].as_array().unwrap() {
            for key in [
                "name",
                "adjusted_agility",
                "tca",
                "ma",
                "pulse_ma",
                "ap",
                "pain_reserve",
                "fpr",
                "bdr",
                "apv",
                "weapons",
                "missile_weapons",
            ] {
                assert!(f.get(key).is_some(), "{}: no {key}", path.display());
            }
            for card in ["A", "B", "C", "D", "E", "F", "G"] {
                assert!(f["ap"][card].is_number() && f["pulse_ma"][card].is_number());
            }
            for area in ["head", "neck", "upper_body", "lower_body", "arms", "legs"] {
                assert!(f["apv"][area].is_number());
            }
        }
        count += 1;
    }
    assert_eq!(count, 7, "seven Shakhàn scenarios ship");
}

/// Shakhàn 16.14.4: the Level V warrior's CF 51, MA 8, FPR 37, BDR 28, MSF 34.
#[test]
fn check_16_14_4_level_v_warrior_factors() {
    let json = check_json("scenarios/duel.ron");
    let f = figure(&json, "Aulos");
    assert_eq!(f["adjusted_agility"], 5);
    assert_eq!(f["tca"], 1);
    assert_eq!(f["ma"], 8.0);
    assert_eq!(f["fpr"], 37);
    assert_eq!(f["bdr"], 28);
    assert_eq!(f["weapons"][0]["cf"], 51);
    assert_eq!(f["missile_weapons"][0]["msf"], 34);
    assert_eq!(f["ap"]["A"], 16.0);
    assert_eq!(f["pulse_ma"]["C"], 1.6);
    assert_eq!(f["pain_reserve"], 22);
}

/// Shakhàn 16.4 and 16.5: Pètron's CF 29 and MSF 24.
#[test]
fn check_16_4_and_16_5_petron_cf_29_msf_24() {
    let json = check_json("scenarios/skirmish.ron");
    let f = figure(&json, "Petron");
    assert_eq!(f["adjusted_agility"], 6);
    assert_eq!(f["weapons"][0]["cf"], 29);
    assert_eq!(f["weapons"][0]["usable"], true);
    assert_eq!(f["missile_weapons"][0]["msf"], 24);
}

#[test]
fn check_prints_a_readable_table() {
    let out = hexmelee(&["check", "scenarios/duel.ron"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("Duel of the Level V warriors — valid, 2 figures"),
        "{text}"
    );
    assert!(text.contains("CF 51"), "{text}");
    assert!(text.contains("MSF 34"), "{text}");
}

#[test]
fn no_arguments_shows_the_embedded_default_from_any_directory() {
    // Without a terminal the display cannot open: a clear message, exit 2,
    // and no escape codes on stdout.
    let out = Command::new(env!("CARGO_BIN_EXE_hexmelee"))
        .current_dir(std::env::temp_dir())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("needs a terminal"), "{err}");
    assert!(
        err.contains("hexmelee check") && err.contains("sim"),
        "{err}"
    );
    assert!(out.stdout.is_empty());
}

#[test]
fn play_without_a_terminal_says_so() {
    let out = hexmelee(&["play", "scenarios/duel.ron", "--seed", "3"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("needs a terminal"));
    assert!(out.stdout.is_empty());
}

#[test]
fn play_a_broken_scenario_reports_line_and_column_before_any_terminal() {
    let out = hexmelee(&["play", "tests/broken/missing-comma.ron"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("7:9"), "{err}");
    assert!(!err.contains("needs a terminal"), "{err}");
    assert!(out.stdout.is_empty());
}

/// (file, line:col the first problem points at, a fragment of its message)
const BROKEN: &[(&str, &str, &str)] = &[
    (
        "missing-comma",
        "7:9",
        "a comma is missing between two entries",
    ),
    (
        "misspelt-field",
        "11:51",
        "there is no field `facng` in Figure",
    ),
    ("off-map", "18:39", "off the 6x4 map"),
    ("blocked-hex", "11:39", "stands on a blocked hex (2, 1)"),
    ("same-hex", "18:39", "both stand at (1, 1)"),
    ("unknown-side", "18:25", "not in `sides`"),
    // The second of the two, which is the one to rename.
    ("duplicate-name", "18:13", "two figures are named \"Ana\""),
    (
        "unknown-weapon",
        "15:30",
        "`Katana` is not one of the WeaponKind choices",
    ),
    (
        "weapon-too-heavy",
        "15:13",
        "Strength 9 is below two-thirds of the 15 required",
    ),
    ("armour-too-heavy", "16:13", "below 3, so it cannot be worn"),
    ("requisite-out-of-range", "13:21", "agility is 0"),
    (
        "unknown-map-char",
        "4:64",
        "unknown map character 'x' at row 3, column 5",
    ),
    ("ragged-map", "4:75", "row 4 has 5 hexes"),
    ("too-much-training", "15:57", "the most is 1"),
    (
        "truncated",
        "1:37",
        "the file ends before every bracket is closed",
    ),
    (
        "hidden-out-of-range",
        "6:36",
        "FightingHidden needs a value from 10 to 50",
    ),
    (
        "worked-out-modifier",
        "6:36",
        "OutnumbersPerMultiple, which is worked out",
    ),
    (
        "leader-of-other-side",
        "6:10",
        "led by \"Bo\", who is not one of its figures",
    ),
    // Issue 25: hostile files, each refused at its own place in plain words.
    (
        "not-utf8-mid-file",
        "18:21",
        "byte 0xE9 at byte offset 619 is not UTF-8 text",
    ),
    (
        "nesting-bomb",
        "4:100",
        "brackets and parentheses nest deeper than 64",
    ),
    ("huge-number", "4:11", "1e309 is not a whole number"),
    (
        "out-of-bounds-number",
        "4:18",
        "99999999999999999999 is out of range",
    ),
    (
        "tab-name",
        "18:19",
        "name \"\\u{9}\" holds U+0009 (tab) as its character 1",
    ),
    (
        "escape-name",
        "11:19",
        "holds U+001B (escape) as its character 3",
    ),
    (
        "nested-comment-name",
        "13:19",
        "holds U+001B (escape) as its character 3",
    ),
    (
        "raw-escape-name",
        "11:19",
        "holds U+001B (escape) as its character 3",
    ),
    (
        "bidi-name",
        "6:16",
        "holds U+202E (a bidirectional override)",
    ),
    ("long-name", "2:11", "is 80 characters long; at most 64 fit"),
    (
        "blank-name",
        "2:11",
        "is empty (or only spaces and characters that show nothing)",
    ),
];

/// Files that cannot be read as text are placed at their first bad byte.
#[test]
fn a_binary_file_is_a_clear_error() {
    let out = hexmelee(&["check", "tests/broken/binary.ron"]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.starts_with("tests/broken/binary.ron:1:2: byte 0xFF at byte offset 1 is not UTF-8"),
        "{stderr}"
    );
    assert!(stderr.contains("UTF-8 text in RON"), "{stderr}");
}

#[test]
fn broken_scenarios_fail_with_line_col_and_exit_2() {
    for (name, at, fragment) in BROKEN {
        let path = format!("tests/broken/{name}.ron");
        let out = hexmelee(&["check", &path]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{name}: {stderr}");
        assert!(!stderr.contains("panicked"), "{name} panicked: {stderr}");
        let first = stderr.lines().next().unwrap_or_default();
        assert!(
            first.starts_with(&format!("{path}:{at}: ")),
            "{name}: expected {path}:{at}, got: {first}"
        );
        assert!(
            first.contains(fragment),
            "{name}: expected {fragment:?} in: {first}"
        );
        assert!(out.stdout.is_empty(), "{name}: nothing on stdout");
    }
}

#[test]
fn the_unbroken_base_of_the_broken_set_is_valid() {
    check_json("tests/broken/ok-base.ron");
}

#[test]
fn a_missing_file_is_a_clear_error() {
    let out = hexmelee(&["check", "no/such/file.ron"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot read the file"));
}

#[test]
fn sim_is_deterministic_and_reports_the_outcome() {
    for name in [
        "duel",
        "unmatched-cards",
        "ambush",
        "tavern-brawl",
        "beast",
        "skirmish",
    ] {
        let path = format!("scenarios/{name}.ron");
        let a = hexmelee(&["sim", &path, "--seed", "42"]);
        let b = hexmelee(&["sim", &path, "--seed", "42"]);
        assert!(
            a.status.success(),
            "{name}: {}",
            String::from_utf8_lossy(&a.stderr)
        );
        assert_eq!(a.stdout, b.stdout, "{name}: same seed, same log");
        let log = String::from_utf8(a.stdout).unwrap();
        assert!(log.contains("— Melee Round 1 —"), "{name}");
        let out = hexmelee(&["sim", &path, "--seed", "42", "--json"]);
        let json: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(json["seed"], 42);
        assert!(json["rounds"].as_u64().unwrap() >= 1);
        let figures = json["figures"].as_array().unwrap();
        assert!(
            figures
                .iter()
                .all(|f| f["status"].is_string() && f["bdr"].is_number() && f["side"].is_string())
        );
        // The log's last line names the same winner as the JSON.
        match json["winner"].as_str() {
            Some(w) => assert!(
                log.trim_end().ends_with(" round") | log.trim_end().ends_with(" rounds")
                    && log.contains(&format!("{w} won after ")),
                "{name}"
            ),
            None => assert!(!log.contains(" won after ")),
        }
    }
}

#[test]
fn sim_of_a_broken_scenario_fails_like_check() {
    let out = hexmelee(&["sim", "tests/broken/off-map.ron"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("off the 6x4 map"));
}

#[test]
fn sim_with_orders_plays_the_scripted_cards_and_the_ai_the_rest() {
    let args = [
        "sim",
        "scenarios/duel.ron",
        "--seed",
        "5",
        "--orders",
        "tests/orders/duel-parry.ron",
    ];
    let a = hexmelee(&args);
    assert!(a.status.success(), "{}", String::from_utf8_lossy(&a.stderr));
    assert_eq!(a.stdout, hexmelee(&args).stdout, "same seed, same log");
    let log = String::from_utf8(a.stdout).unwrap();
    let round = |n: u32| {
        let start = log.find(&format!("— Melee Round {n} —")).unwrap();
        let end = log[start..]
            .find(&format!("— Melee Round {} —", n + 1))
            .map_or(log.len(), |e| start + e);
        log[start..end].to_string()
    };
    let first = round(1);
    assert!(first.contains("Red orders: Aulos D on Berrin"), "{first}");
    assert!(first.contains("Blue orders: Berrin A on Aulos"), "{first}");
    assert!(round(2).contains("Red orders: Aulos D on Berrin"));
    // Unscripted rounds are the AI's: Aulos attacks again from round 3.
    assert!(!round(3).contains("Aulos D on Berrin"), "{}", round(3));
    let json = hexmelee(&[&args[..], &["--json"]].concat());
    let json: Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(json["seed"], 5);
}

#[test]
fn sim_orders_problems_have_file_line_col_and_exit_2() {
    for (file, at, fragment) in [
        (
            "tests/orders/unknown-figure.ron",
            "3:24",
            "there is no figure named \"Bertram\"",
        ),
        (
            "tests/orders/broken-syntax.ron",
            "3:48",
            "`H` is not one of the Card choices",
        ),
    ] {
        let out = hexmelee(&["sim", "scenarios/duel.ron", "--orders", file]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{file}: {stderr}");
        assert!(out.stdout.is_empty(), "{file}: nothing on stdout");
        let first = stderr.lines().next().unwrap_or_default();
        assert!(
            first.starts_with(&format!("{file}:{at}: ")) && first.contains(fragment),
            "{file}: {first}"
        );
    }
    let out = hexmelee(&[
        "sim",
        "scenarios/duel.ron",
        "--orders",
        "no/such/orders.ron",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot read the file"));
}

/// A reader that stops early (`hexmelee sim … | head`) ends the program
/// quietly: no panic, no message, exit 0. The ford's log (about 70 KB) is
/// larger than a pipe holds, so the write meets the closed pipe.
#[test]
fn a_closed_pipe_ends_the_output_quietly() {
    use std::io::Read;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_hexmelee"))
        .args(["sim", "scenarios/ford.ron"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut first = [0u8; 16];
    let mut stdout = child.stdout.take().unwrap();
    stdout.read_exact(&mut first).unwrap();
    drop(stdout);
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{:?}: {stderr}", out.status);
    assert!(stderr.is_empty(), "{stderr}");
}

/// An orders file given where a scenario belongs is named for what it is,
/// with how to use it (issue 36), by `check` and `sim` alike.
#[test]
fn an_orders_file_given_as_a_scenario_says_how_to_use_it() {
    let orders = "scenarios/dq-example-32.orders.ron";
    for command in ["check", "sim"] {
        let out = hexmelee(&[command, orders]);
        assert_eq!(out.status.code(), Some(2), "{command}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(
            err,
            format!(
                "{orders}:8:1: this is an orders file (a list of orders for a battle), not a scenario\n  hint: play it over its scenario: `hexmelee sim SCENARIO --orders {orders}` (docs/ORDERS.md)\n1 problem found\n"
            ),
            "{command}"
        );
    }
}

/// `play --seats` opens the embedded default like `play` alone (issue 36):
/// without a terminal it gets as far as asking for one.
#[test]
fn play_with_seats_needs_no_scenario() {
    let out = hexmelee(&["play", "--seats", "127.0.0.1:0"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("the tactical display needs a terminal"),
        "{err}"
    );
}

/// Each ruleset's flags for `odds` come with words of their own; the
/// command keeps its own description whatever ruleset was added last.
#[test]
fn odds_keeps_its_own_description_beside_every_rulesets_flags() {
    for args in [&["--help"][..], &["odds", "--help"]] {
        let out = hexmelee(args);
        let help = String::from_utf8_lossy(&out.stdout);
        assert!(help.contains("Exact chances of one strike"), "{help}");
        assert!(!help.contains("own flags for `hexmelee odds`"), "{help}");
    }
}
