//! The three newer rulesets' speed against the budget every ruleset shares:
//! 10,000 duels under a second on this 2-core machine (issues 41–43), each
//! through the registry's `Front::batch`, as `hexmelee batch` runs it, on
//! one thread (`cargo bench --bench siblings`).

use std::path::Path;

use criterion::{Criterion, criterion_group, criterion_main};

use hexmelee::front::BatchArgs;
use hexmelee::rulesets;

/// Each newer ruleset's shipped duel.
const DUELS: [&str; 3] = ["rm-duel.ron", "lok-duel.ron", "hm-duel.ron"];

fn duel_batches(c: &mut Criterion) {
    let mut group = c.benchmark_group("batch_10000_duels_1_thread");
    group.sample_size(10);
    for name in DUELS {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("scenarios")
            .join(name);
        let text = std::fs::read_to_string(&path).expect("a shipped duel");
        let front = rulesets::of_scenario(&text);
        let args = BatchArgs {
            battles: 10_000,
            seed: Some(1),
            max_rounds: 100,
            threads: Some(1),
            json: true,
        };
        group.bench_function(name.trim_end_matches(".ron"), |b| {
            b.iter(|| front.batch(&path, &text, &args).expect("the batch runs"))
        });
    }
    group.finish();
}

criterion_group!(benches, duel_batches);
criterion_main!(benches);
