//! The largest scenario the stated limits accept (src/limits.rs), played for
//! a few Melee Rounds by the AI as `hexmelee sim` plays it, with the time taken
//! and the process's peak memory: the measurement behind MAP_SIDE and
//! FIGURES (docs/SCENARIOS.md "Limits", RELIABILITY.md "Stated limits").
//!
//! `cargo run --release --example at_the_limits -- [SIDE] [FIGURES] [ROUNDS] [--write FILE] [--dragonquest]`
//!
//! `--dragonquest` plays the same field as a DragonQuest battle (every figure
//! with a broadsword and a short bow), and ROUNDS counts Pulses.
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
use hexmelee::rulesets::dragonquest::engine as dq;
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

/// [`worst_scenario`] as a DragonQuest battle: the same corners, a
/// broadsword in hand and a short bow each.
fn worst_dragonquest(side: u16, figures: usize) -> String {
    let mut text = String::new();
    let _ = write!(
        text,
        "Scenario(name: \"At the limits\", ruleset: DragonQuest, seed: 25,\n\
         map: (width: {side}, height: {side}),\n\
         sides: [(name: \"Red\", colour: Red), (name: \"Blue\", colour: Blue)],\n\
         figures: ["
    );
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
             \n  ps: 15, md: 15, ag: 15, pc: 12, wp: 12, en: 16, ft: 18, tmr: 5, armour: Some(\"Leather\"),\
             \n  weapons: [(name: \"Broadsword\", rank: Some(2), in_hand: true), (name: \"Short Bow\", rank: Some(2))]),"
        );
    }
    text.push_str("\n])\n");
    text
}

/// DragonQuest's Pulses on `text`, as [`main`] plays Shakhàn's rounds: the
/// slowest of the first `pulses`, and how many answers they took.
fn dragonquest(text: &str, pulses: u32) -> (f64, f64, u32, usize) {
    let start = Instant::now();
    let checked = match hexmelee::rulesets::dragonquest::scenario::parse(
        Path::new("at_the_limits.ron"),
        text,
    ) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("refused: {e}");
            std::process::exit(2);
        }
    };
    let loaded = start.elapsed().as_secs_f64();
    let mut battle = dq::Battle::new(&checked.spec, 25).expect("two sides");
    let (mut slowest, mut answers) = (0.0f64, 0u32);
    let over = |b: &dq::Battle| matches!(b.prompt(), dq::Prompt::Finished { .. });
    while battle.pulse() <= pulses && !over(&battle) {
        let start = Instant::now();
        let pulse = battle.pulse();
        while battle.pulse() == pulse && !over(&battle) {
            let command = hexmelee::rulesets::dragonquest::ai::answer(&battle, &battle.prompt());
            battle.submit(command).expect("the AI's answer is accepted");
            answers += 1;
        }
        slowest = slowest.max(start.elapsed().as_secs_f64());
    }
    let log = ron::to_string(battle.commands()).map_or(0, |l| l.len());
    (loaded, slowest, answers, log)
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
    let as_dragonquest = args.iter().any(|a| a == "--dragonquest");
    let text = if as_dragonquest {
        worst_dragonquest(side, figures)
    } else {
        worst_scenario(side, figures)
    };
    if let Some(i) = args.iter().position(|a| a == "--write") {
        let file = args.get(i + 1).expect("--write FILE");
        std::fs::write(file, &text).expect("the scenario is written");
    }

    if as_dragonquest {
        let (loaded, slowest, answers, log) = dragonquest(&text, rounds);
        println!(
            "DragonQuest: {side}x{side} map, {figures} figures ({} bytes): checked in {loaded:.2} s, \
             {rounds} Pulses ({answers} answers, {log} bytes of log), the slowest in \
             {slowest:.2} s, peak {} MB",
            text.len(),
            peak_mb().map_or("?".into(), |mb| format!("{mb:.0}")),
        );
        return;
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
