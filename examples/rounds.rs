//! A profiling harness (BENCHMARKS.md "Where the time goes"): plays AI
//! battles, then replays their recorded commands, and prints the cost per
//! Melee Round of each — the engine with the AI answering, and the engine
//! alone, both keeping no event log, as `batch` plays. Run it under `perf
//! record` or `valgrind --tool=callgrind` (`--toggle-collect='*replay_unlogged*'`
//! for the engine alone, `'*hexmelee::rulesets::shakhan::ai::answer*'` for the AI).
//!
//! `cargo run --release --example rounds -- [SCENARIO] [BATTLES] [REPLAYS]`

use std::path::Path;
use std::time::Instant;

use hexmelee::rulesets::shakhan::engine::{Battle, Command, Prompt};

/// As the binary runs (src/main.rs).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    let mut args = std::env::args().skip(1);
    let file = args.next().unwrap_or_else(|| "scenarios/duel.ron".into());
    let battles: u64 = args.next().and_then(|n| n.parse().ok()).unwrap_or(2000);
    let replays: u32 = args.next().and_then(|n| n.parse().ok()).unwrap_or(5);
    let checked =
        hexmelee::rulesets::shakhan::scenario::load(Path::new(&file)).expect("the scenario loads");

    let start = Instant::now();
    let mut played: Vec<(u64, Vec<Command>)> = Vec::new();
    let (mut rounds, mut events) = (0u64, 0usize);
    for seed in 0..battles {
        let mut battle = Battle::new(&checked, seed).expect("two sides");
        events += battle.events().len();
        // As batch plays.
        battle.forget_log();
        while !matches!(battle.prompt(), Prompt::Finished { .. }) && battle.round() < 100 {
            let command = hexmelee::rulesets::shakhan::ai::answer(&battle, &battle.prompt());
            events += battle
                .submit(command)
                .expect("the AI's answer is accepted")
                .len();
        }
        rounds += u64::from(battle.round());
        played.push((seed, battle.commands().to_vec()));
    }
    let with_ai = start.elapsed().as_secs_f64();
    let commands: usize = played.iter().map(|(_, c)| c.len()).sum();

    let start = Instant::now();
    for _ in 0..replays {
        for (seed, commands) in &played {
            std::hint::black_box(replay_unlogged(&checked, *seed, commands));
        }
    }
    let alone = start.elapsed().as_secs_f64() / f64::from(replays);

    let per_round = |s: f64| s * 1e6 / rounds as f64;
    println!(
        "{battles} battles, {rounds} rounds: {:.1} events and {:.1} commands per round",
        events as f64 / rounds as f64,
        commands as f64 / rounds as f64
    );
    println!(
        "with the AI answering: {:.2} µs per round",
        per_round(with_ai)
    );
    println!(
        "engine alone (replay): {:.2} µs per round",
        per_round(alone)
    );
}

/// As `Battle::replay`, keeping no log, as batch plays.
#[inline(never)]
fn replay_unlogged(
    checked: &hexmelee::rulesets::shakhan::scenario::Checked,
    seed: u64,
    commands: &[Command],
) -> Battle {
    let mut battle = Battle::new(checked, seed).expect("two sides");
    battle.forget_log();
    for command in commands {
        battle.submit(command.clone()).expect("replays");
    }
    battle
}
