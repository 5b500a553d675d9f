//! The largest scenario the stated limits accept (src/limits.rs), played for
//! a few Melee Rounds by the AI as `hexmelee sim` plays it, with the time taken
//! and the process's peak memory: the measurement behind MAP_SIDE and
//! FIGURES (docs/SCENARIOS.md "Limits", RELIABILITY.md "Stated limits").
//!
//! `cargo run --release --example at_the_limits -- [SIDE] [FIGURES] [ROUNDS] [--write FILE]`
//!
//! SIDE and FIGURES default to the limits, ROUNDS to 3 (the slowest is
//! reported: on a small map the sides meet and fight). The two sides start in opposite
//! corners of an open map, every figure with a sword and a bow, so the AI's
//! searches cross the whole map and every archer looks for a line of fire.
//! `--write FILE` also writes the scenario, for
//! `/usr/bin/time -v target/release/hexmelee sim FILE --max-rounds 3`.

use std::fmt::Write as _;
use std::path::Path;
use std::time::Instant;

use hexmelee::limits;
use hexmelee::rulesets::shakhan::engine::{Battle, Prompt};

/// As the binary runs (src/main.rs).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// A scenario of `figures` figures on a `side` × `side` open map, half of
/// them packed into the top-left corner and half into the bottom-right.
fn worst_scenario(side: u16, figures: usize) -> String {
    let mut text = String::new();
    let _ = write!(
        text,
        "Scenario(name: \"At the limits\", ruleset: Shakhan, seed: 25,\n\
         map: (width: {side}, height: {side}),\n\
         sides: [(name: \"Red\", colour: Red), (name: \"Blue\", colour: Blue)],\n\
         figures: ["
    );
    // Each side's block is as square as its half of the figures allows.
    let per_side = figures.div_ceil(2);
    let block = (per_side as f64).sqrt().ceil() as usize;
    for i in 0..figures {
        let (red, k) = (i % 2 == 0, i / 2);
        let (dc, dr) = (k % block, k / block);
        let last = usize::from(side) - 1;
        let (col, row, facing, side_name) = if red {
            (dc, dr, "SE", "Red")
        } else {
            (last - dc, last - dr, "NW", "Blue")
        };
        let _ = write!(
            text,
            "\n Figure(name: \"F{i}\", side: \"{side_name}\", at: ({col}, {row}), facing: {facing},\
             \n  occupation: Warrior, level: 5,\
             \n  stats: (agility: 11, strength: 11, dexterity: 11, constitution: 11, willpower: 11, vision: 11),\
             \n  height_m: 1.6, weight_kg: 40.0,\
             \n  weapons: [(kind: ShortSword, quality: Usual, training: 5)],\
             \n  missile_weapons: [(kind: ShortBow, quality: Usual, training: 5, ammunition: 12)]),"
        );
    }
    text.push_str("\n])\n");
    text
}

/// The process's peak resident memory in MB (Linux), as `time -v` reports it.
fn peak_mb() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut numbers = args.iter().take_while(|a| !a.starts_with("--"));
    let side: u16 = numbers
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or(limits::MAP_SIDE);
    let figures: usize = numbers
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or(limits::FIGURES);
    let rounds: u32 = numbers.next().and_then(|n| n.parse().ok()).unwrap_or(3);
    let text = worst_scenario(side, figures);
    if let Some(i) = args.iter().position(|a| a == "--write") {
        let file = args.get(i + 1).expect("--write FILE");
        std::fs::write(file, &text).expect("the scenario is written");
    }

    let start = Instant::now();
    let checked =
        match hexmelee::rulesets::shakhan::scenario::parse(Path::new("at_the_limits.ron"), &text) {
            Ok(c) => c,
            Err(e) => {
                eprintln!("refused: {e}");
                std::process::exit(2);
            }
        };
    let loaded = start.elapsed().as_secs_f64();
    let mut battle = Battle::new(&checked, 25).expect("two sides");
    battle.forget_log();
    // The slowest of the first rounds: the sides close, then fight.
    let (mut slowest, mut answers) = (0.0f64, 0u32);
    while battle.round() <= rounds && !matches!(battle.prompt(), Prompt::Finished { .. }) {
        let start = Instant::now();
        let round = battle.round();
        while battle.round() == round && !matches!(battle.prompt(), Prompt::Finished { .. }) {
            let command = hexmelee::rulesets::shakhan::ai::answer(&battle, &battle.prompt());
            battle.submit(command).expect("the AI's answer is accepted");
            answers += 1;
        }
        slowest = slowest.max(start.elapsed().as_secs_f64());
    }
    // What the rounds add to a save's log (limits::SAVE_BYTES bounds it).
    let log = ron::to_string(battle.commands()).map_or(0, |l| l.len());
    println!(
        "{side}x{side} map, {figures} figures ({} bytes): checked in {loaded:.2} s, \
         {rounds} Melee Rounds ({answers} answers, {log} bytes of log), the slowest in \
         {slowest:.2} s, peak {} MB",
        text.len(),
        peak_mb().map_or("?".into(), |mb| format!("{mb:.0}")),
    );
}
