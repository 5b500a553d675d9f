//! The fuzz targets' seed corpus, replayed by `cargo test` so CI runs every
//! target's code (fuzz/README.md): shipped scenarios, the broken scenarios,
//! saves and orders files in `tests/`, and every input a campaign found to
//! crash, kept in `fuzz/regressions/<target>/`. The battle target takes each
//! file's bytes as the choices of a battle.

use crate::hardening;

use std::path::Path;

/// Every file in these directories (those that exist), by name.
fn files(dirs: &[&str]) -> Vec<(String, Vec<u8>)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut found: Vec<(String, Vec<u8>)> = dirs
        .iter()
        .filter_map(|d| std::fs::read_dir(root.join(d)).ok())
        .flat_map(|entries| entries.flatten())
        .filter(|e| e.path().is_file())
        .map(|e| {
            let path = e.path();
            (path.display().to_string(), std::fs::read(&path).unwrap())
        })
        .collect();
    found.sort();
    found
}

fn replay(dirs: &[&str], at_least: usize, target: fn(&[u8])) {
    let inputs = files(dirs);
    assert!(
        inputs.len() >= at_least,
        "{} inputs in {dirs:?}",
        inputs.len()
    );
    for (name, bytes) in inputs {
        let run = std::panic::catch_unwind(|| target(&bytes));
        assert!(run.is_ok(), "{name} crashed the target");
    }
}

#[test]
fn scenario_corpus() {
    replay(
        &["scenarios", "tests/broken", "fuzz/regressions/scenario"],
        26,
        hardening::scenario_input,
    );
}

#[test]
fn save_corpus() {
    replay(
        &["tests/broken_saves", "fuzz/regressions/save"],
        21,
        hardening::save_input,
    );
}

#[test]
fn orders_corpus() {
    replay(
        &[
            "tests/orders",
            "tests/broken_orders",
            "fuzz/regressions/orders",
        ],
        4,
        hardening::orders_input,
    );
}

#[test]
fn battle_corpus() {
    replay(
        &[
            "scenarios",
            "tests/broken",
            "tests/broken_saves",
            "tests/orders",
            "fuzz/regressions/battle",
        ],
        50,
        hardening::battle_input,
    );
}
