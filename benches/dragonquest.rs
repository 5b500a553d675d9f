//! DragonQuest speed (issue 18): a batch of 10,000 duels of
//! `scenarios/dq-duel.ron` with the DragonQuest AI on both sides (goal: under
//! a second on this 2-core machine), beside Shakhàn's `batch_10000_duels` in
//! `benches/engine.rs`; and one duel played alone. Results in BENCHMARKS.md.

use std::path::Path;

use criterion::{Criterion, criterion_group, criterion_main};

use hexmelee::rulesets::dragonquest::engine::Battle;
use hexmelee::rulesets::dragonquest::scenario::Checked;
use hexmelee::sim::{self, batch};

fn duel() -> Checked {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/dq-duel.ron");
    hexmelee::rulesets::dragonquest::scenario::load(&path).expect("the shipped duel checks")
}

fn duel_batch(c: &mut Criterion) {
    let checked = duel();
    let spec = batch::BatchSpec {
        battles: 10_000,
        seed: 1,
        max_rounds: 100,
    };
    let mut group = c.benchmark_group("dq_batch_10000_duels");
    group.sample_size(10);
    for threads in [1, 2] {
        group.bench_function(format!("{threads}_threads"), |b| {
            b.iter(|| {
                batch::run_report_of::<Battle>(
                    &checked.spec,
                    &checked.scenario.name,
                    spec,
                    Some(threads),
                    hexmelee::rulesets::dragonquest::batch::ANSWERER,
                    false,
                )
                .expect("the batch runs")
                .summary
            })
        });
    }
    group.finish();
}

/// One duel from the first Pulse to the end, the seed moving on each time.
fn one_duel(c: &mut Criterion) {
    let checked = duel();
    let mut seed = 0;
    c.bench_function("dq_duel/battle", |b| {
        b.iter(|| {
            seed += 1;
            let mut battle = Battle::new(&checked.spec, seed).expect("the duel starts");
            sim::play(
                &mut battle,
                100,
                hexmelee::rulesets::dragonquest::ai::answer,
            )
            .expect("the AI plays");
            battle.outcome()
        })
    });
}

criterion_group!(benches, duel_batch, one_duel);
criterion_main!(benches);
