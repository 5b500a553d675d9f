//! The real binary: `hexmelee batch`.

use std::process::{Command, Output};

use serde_json::Value;

fn hexmelee(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hexmelee"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the binary runs")
}

fn batch_json(args: &[&str]) -> Value {
    let out = hexmelee(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Piped stderr: no progress bar.
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("batch --json prints JSON")
}

/// Everything but the wall-clock figures.
fn without_throughput(mut v: Value) -> Value {
    let t = v
        .as_object_mut()
        .unwrap()
        .remove("throughput")
        .expect("a throughput object");
    for key in ["battles_per_sec", "rounds_per_sec", "seconds", "threads"] {
        assert!(t[key].is_number(), "throughput.{key}: {t}");
    }
    v
}

#[test]
fn batch_json_has_every_key_and_is_the_same_twice() {
    let args = ["batch", "scenarios/duel.ron", "-n", "50", "--json"];
    let a = batch_json(&args);
    assert_eq!(a["battles"], 50);
    assert_eq!(a["seed"], 16144, "the scenario's seed by default");
    for key in [
        "scenario",
        "max_rounds",
        "wins",
        "draws",
        "capped",
        "rounds_to_decision",
        "casualties",
    ] {
        assert!(a.get(key).is_some(), "no {key}: {a}");
    }
    let wins = a["wins"].as_array().unwrap();
    assert_eq!(wins.len(), 2);
    let mut decided = a["draws"]["count"].as_u64().unwrap();
    for w in wins {
        for key in ["side", "count", "rate", "ci_low", "ci_high"] {
            assert!(w.get(key).is_some(), "no {key}: {w}");
        }
        let (lo, rate, hi) = (
            w["ci_low"].as_f64().unwrap(),
            w["rate"].as_f64().unwrap(),
            w["ci_high"].as_f64().unwrap(),
        );
        assert!(0.0 <= lo && lo <= rate && rate <= hi && hi <= 1.0, "{w}");
        decided += w["count"].as_u64().unwrap();
    }
    assert_eq!(decided, 50);
    for key in ["mean", "median", "p95"] {
        assert!(a["rounds_to_decision"][key].is_number(), "{key}: {a}");
    }
    for c in a["casualties"].as_array().unwrap() {
        for key in ["name", "side", "dead", "unconscious", "fled"] {
            assert!(c.get(key).is_some(), "no {key}: {c}");
        }
    }
    let b = batch_json(&args);
    assert_eq!(without_throughput(a), without_throughput(b));
}

#[test]
fn batch_is_the_same_on_one_thread_and_on_two() {
    let run = |threads: &str| {
        batch_json(&[
            "batch",
            "scenarios/skirmish.ron",
            "-n",
            "24",
            "--seed",
            "5",
            "--threads",
            threads,
            "--json",
        ])
    };
    let one = run("1");
    let two = run("2");
    assert_eq!(one["throughput"]["threads"], 1);
    assert_eq!(two["throughput"]["threads"], 2);
    assert_eq!(without_throughput(one), without_throughput(two));
}

#[test]
fn batch_text_and_round_cap() {
    let out = hexmelee(&[
        "batch",
        "scenarios/duel.ron",
        "-n",
        "20",
        "--max-rounds",
        "1",
    ]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    for word in [
        "Red",
        "Blue",
        "draws",
        "95% CI",
        "stopped at the round cap",
        "battles/s",
    ] {
        assert!(text.contains(word), "no {word}:\n{text}");
    }
    let json = batch_json(&[
        "batch",
        "scenarios/duel.ron",
        "-n",
        "20",
        "--max-rounds",
        "1",
        "--json",
    ]);
    let capped = json["capped"].as_u64().unwrap();
    assert!(capped > 0, "{json}");
    assert!(json["draws"]["count"].as_u64().unwrap() >= capped);
}

#[test]
fn batch_refuses_bad_input_with_exit_2() {
    for args in [
        &["batch", "scenarios/duel.ron", "-n", "0"][..],
        &["batch", "scenarios/duel.ron", "-n", "5", "--threads", "0"],
        &["batch", "tests/broken/off-map.ron", "-n", "5"],
        &["batch", "scenarios/no-such-file.ron", "-n", "5"],
    ] {
        let out = hexmelee(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(!out.stderr.is_empty(), "{args:?}");
    }
}
