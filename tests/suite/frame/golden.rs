//! Golden outputs of the real binary: the explained logs and JSON outcomes of
//! every shipped scenario over several seeds, the table view, `check --json`,
//! `odds` and small `batch` summaries, compared byte for byte with the files
//! in `tests/golden/`.
//!
//! They guard the rules while code moves. A change that is meant to change
//! an outcome regenerates them with `HEXMELEE_UPDATE_GOLDEN=1 cargo test
//! --test suite golden::` and explains every changed line in its commit message.

use std::path::{Path, PathBuf};
use std::process::Command;

const SEEDS: [u64; 4] = [1, 2, 3, 4];

fn scenarios() -> Vec<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios");
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        // An orders file beside its scenario is not a scenario.
        .filter(|n| n.ends_with(".ron") && !n.ends_with(".orders.ron"))
        .collect();
    names.sort();
    names
}

fn run(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_hexmelee"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the binary runs");
    let mut text = String::from_utf8_lossy(&out.stdout).into_owned();
    if !out.status.success() {
        text.push_str(&format!(
            "\n[exit {:?}]\n{}",
            out.status.code(),
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    text
}

fn golden_path(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(name)
}

/// Compares `actual` with the golden file `name`, or rewrites it when asked.
/// Returns a description of the difference, if any.
fn compare(name: &str, actual: &str) -> Option<String> {
    let path = golden_path(name);
    if std::env::var_os("HEXMELEE_UPDATE_GOLDEN").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, actual).unwrap();
        return None;
    }
    let expected = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) => return Some(format!("{name}: cannot read the golden file ({e})")),
    };
    if expected == actual {
        return None;
    }
    let line = expected
        .lines()
        .zip(actual.lines())
        .position(|(e, a)| e != a)
        .unwrap_or_else(|| expected.lines().count().min(actual.lines().count()));
    Some(format!(
        "{name}: differs from line {}\n  golden: {}\n  now:    {}",
        line + 1,
        expected.lines().nth(line).unwrap_or("<end>"),
        actual.lines().nth(line).unwrap_or("<end>")
    ))
}

/// JSON pretty-printed, one value a line, so a change shows where it is;
/// a batch's `throughput` (wall-clock timings) is left out.
fn normalise(name: &str, text: String) -> String {
    if !name.ends_with(".json") {
        return text;
    }
    match serde_json::from_str::<serde_json::Value>(&text) {
        Ok(mut v) => {
            if let Some(o) = v.as_object_mut() {
                o.remove("throughput");
            }
            serde_json::to_string_pretty(&v).unwrap() + "\n"
        }
        Err(_) => text,
    }
}

fn check_all(cases: Vec<(String, Vec<String>)>) {
    let failures: Vec<String> = cases
        .iter()
        .filter_map(|(name, args)| {
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            compare(name, &normalise(name, run(&args)))
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{} golden output(s) changed (rerun with HEXMELEE_UPDATE_GOLDEN=1 and explain each change \
         in the commit):\n{}",
        failures.len(),
        failures.join("\n")
    );
}

fn args(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

#[test]
fn golden_sim_logs_of_every_shipped_scenario() {
    let mut cases = Vec::new();
    for scenario in scenarios() {
        let path = format!("scenarios/{scenario}");
        let stem = scenario.trim_end_matches(".ron");
        for seed in SEEDS {
            let seed = seed.to_string();
            cases.push((
                format!("sim/{stem}-{seed}.log"),
                args(&["sim", &path, "--seed", &seed]),
            ));
            cases.push((
                format!("sim/{stem}-{seed}.json"),
                args(&["sim", &path, "--seed", &seed, "--json"]),
            ));
        }
        cases.push((
            format!("sim/{stem}-1.table.log"),
            args(&["sim", &path, "--seed", "1", "--table-view"]),
        ));
    }
    check_all(cases);
}

#[test]
fn golden_check_json_of_every_shipped_scenario() {
    let cases = scenarios()
        .into_iter()
        .map(|scenario| {
            let stem = scenario.trim_end_matches(".ron").to_string();
            (
                format!("check/{stem}.json"),
                args(&["check", &format!("scenarios/{scenario}"), "--json"]),
            )
        })
        .collect();
    check_all(cases);
}

#[test]
fn golden_odds() {
    let mut cases = Vec::new();
    for (card, defence) in [("C", "C"), ("A", "D"), ("B", "G")] {
        cases.push((
            format!("odds/duel-{card}-{defence}.txt"),
            args(&[
                "odds",
                "scenarios/duel.ron",
                "--attacker",
                "Aulos",
                "--defender",
                "Berrin",
                "--card",
                card,
                "--defense-card",
                defence,
            ]),
        ));
    }
    cases.push((
        "odds/lok-duel-half-dodge.txt".into(),
        args(&[
            "odds",
            "scenarios/lok-duel.ron",
            "--attacker",
            "Vessa",
            "--defender",
            "Tolan",
            "--lok-share",
            "half",
            "--lok-defence",
            "dodge",
        ]),
    ));
    cases.push((
        "odds/skirmish-aimed.json".into(),
        args(&[
            "odds",
            "scenarios/skirmish.ron",
            "--attacker",
            "Vakh",
            "--defender",
            "Petron",
            "--aim",
            "head",
            "--json",
        ]),
    ));
    check_all(cases);
}

#[test]
fn golden_batch_summaries() {
    let cases = [
        ("duel", "400"),
        ("skirmish", "40"),
        ("ambush", "40"),
        ("beast", "40"),
        ("rm-duel", "400"),
        ("lok-duel", "400"),
        ("hm-duel", "200"),
        ("hm-ambush", "40"),
    ]
    .into_iter()
    .map(|(stem, n)| {
        (
            format!("batch/{stem}.json"),
            args(&[
                "batch",
                &format!("scenarios/{stem}.ron"),
                "-n",
                n,
                "--seed",
                "7",
                "--threads",
                "2",
                "--json",
            ]),
        )
    })
    .collect();
    check_all(cases);
}
