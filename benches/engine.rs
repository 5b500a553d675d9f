//! Engine benchmarks (BENCHMARKS.md): one attack resolution, one Melee Round
//! of the duel and of the 4-against-4 skirmish, the floor those rounds are
//! compared to, a 10,000-battle duel batch, and one Melee Round of generated
//! N-against-N melees (issue 19: the cost per figure as battles grow).
//!
//! `cargo bench --bench engine -- --warm-up-time 1 --measurement-time 3`
//!
//! The floor. Every die the engine rolls in a benchmarked round is found by
//! replaying the battle with scripted dice: the script starts empty, and each
//! time the engine runs out it panics naming the die it wanted (`Dice`'s
//! scripted source does that); that die is appended, with the face the seeded
//! source of the real battle would give next (a second `Dice::seeded` with
//! the same seed, asked for the same dice in the same order), and the battle
//! is replayed. The scripted battle is checked to give the real battle's
//! events. So for each prepared round we know exactly which dice it rolls
//! (how many, of how many faces). The floor rolls those dice in a tight loop
//! with the same seeded `Dice`, and reads one table per die (a d100 on the
//! Strike Location Table, any other die on the Melee Combat Results Table):
//! the least any implementation must do for the round.

use std::hint::black_box;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;
use std::sync::OnceLock;

use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};

use hexmelee::dice::{Dice, Percentile};
use hexmelee::rulesets::shakhan::engine::{Battle, Command, Event, Prompt};
use hexmelee::rulesets::shakhan::rules::melee::{
    self, Scores, StrikeOptions, Striker, Target, resolve_strike,
};
use hexmelee::rulesets::shakhan::rules::tables::{armour, tables};
use hexmelee::rulesets::shakhan::rules::{BodyArea, BodyForm, Card};
use hexmelee::rulesets::shakhan::scenario::Checked;
use hexmelee::sim::batch;

#[path = "../examples/melee/generate.rs"]
mod generate;

/// As the binary runs (src/main.rs).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn load(name: &str) -> Checked {
    hexmelee::rulesets::shakhan::scenario::load(
        &Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("scenarios")
            .join(name),
    )
    .expect("a shipped scenario loads")
}

/// Whether `battle` stands at the first orders prompt of a round after
/// `round`, or is over.
fn past_round(battle: &Battle, round: u32) -> bool {
    match battle.prompt() {
        Prompt::Finished { .. } => true,
        Prompt::Orders { .. } => battle.round() > round,
        _ => false,
    }
}

/// Answer prompts with the AI until `stop`.
fn play_until(battle: &mut Battle, stop: impl Fn(&Battle) -> bool) {
    while !stop(battle) {
        let prompt = battle.prompt();
        let command = hexmelee::rulesets::shakhan::ai::answer(battle, &prompt);
        battle.submit(command).expect("the AI's answer is accepted");
    }
}

/// Play with exactly `faces` scripted until `stop`; `Err(sides)` when the
/// script ran out and a d`sides` was wanted.
fn play_scripted(
    checked: &Checked,
    faces: &[u32],
    stop: &dyn Fn(&Battle) -> bool,
) -> Result<Battle, u32> {
    catch_unwind(AssertUnwindSafe(|| {
        let mut battle =
            Battle::with_dice(checked, Dice::scripted(faces.iter().copied())).expect("two sides");
        play_until(&mut battle, stop);
        battle
    }))
    .map_err(|payload| {
        let message = payload
            .downcast_ref::<String>()
            .map(String::as_str)
            .unwrap_or_default();
        message
            .strip_prefix("scripted dice exhausted: a d")
            .and_then(|rest| rest.strip_suffix(" was wanted"))
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("not a scripted-dice panic: {message}"))
    })
}

/// One round, ready to play from its first orders prompt.
struct PreparedRound {
    seed: u64,
    battle: Battle,
    /// The AI's answers in that round, for timing the engine alone.
    commands: Vec<Command>,
    /// The dice the round rolls, by number of faces, in order.
    dice: Vec<u32>,
    strikes: usize,
}

impl PreparedRound {
    /// The battle at the round's start, rebuilt by replay, keeping from
    /// there on only each command's events, as `batch` plays.
    fn started(&self, checked: &Checked) -> Battle {
        let mut battle =
            Battle::replay(checked, self.seed, self.battle.commands()).expect("the battle replays");
        battle.forget_log();
        battle
    }
}

/// Rounds `1..=rounds` of battles with seeds `0..seeds` (those not over
/// before the round starts), each with the dice it rolls.
fn prepare(checked: &Checked, seeds: u64, rounds: u32) -> Vec<PreparedRound> {
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let mut prepared = Vec::new();
    for seed in 0..seeds {
        let mut shadow = Dice::seeded(seed);
        let mut faces = Vec::new();
        let mut sides = Vec::new();
        // Dice rolled before round r starts, for r = 1..=rounds+1.
        let mut before = Vec::new();
        for r in 1..=rounds + 1 {
            loop {
                match play_scripted(checked, &faces, &|b| past_round(b, r - 1)) {
                    Ok(_) => break,
                    Err(s) => {
                        sides.push(s);
                        faces.push(shadow.roll(s));
                    }
                }
            }
            before.push(faces.len());
        }
        for r in 1..=rounds {
            let mut battle = Battle::new(checked, seed).expect("two sides");
            play_until(&mut battle, |b| past_round(b, r - 1));
            if battle.outcome().is_some() {
                break;
            }
            let mut played = battle.clone();
            play_until(&mut played, |b| past_round(b, r));
            let scripted =
                play_scripted(checked, &faces[..before[r as usize]], &|b| past_round(b, r))
                    .expect("the script covers the round");
            assert_eq!(
                scripted.events(),
                played.events(),
                "the script replays the battle"
            );
            prepared.push(PreparedRound {
                seed,
                commands: played.commands()[battle.commands().len()..].to_vec(),
                dice: sides[before[r as usize - 1]..before[r as usize]].to_vec(),
                strikes: played.events()[battle.events().len()..]
                    .iter()
                    .filter(|e| matches!(e, Event::Strike(_)))
                    .count(),
                battle,
            });
        }
    }
    std::panic::set_hook(hook);
    prepared
}

/// The floor for one round: its dice, each read on a table.
fn floor(dice: &mut Dice, sides: &[u32]) -> u32 {
    let t = tables();
    let mut acc = 0u32;
    for &s in sides {
        let face = dice.roll(s);
        acc = acc.wrapping_add(if s == 100 {
            let p = Percentile::new(face as u8).expect("a d100 face");
            black_box(t.location.roll_area(BodyForm::BipedalHumanoid, p));
            face
        } else {
            t.mcrt.to_hit(face as i32 - 6, Card::C).unwrap_or(0) as u32
        });
    }
    acc
}

fn rounds(c: &mut Criterion, name: &str, file: &str) {
    let checked = load(file);
    let prepared = prepare(&checked, 16, 4);
    let n = prepared.len();
    let dice: usize = prepared.iter().map(|p| p.dice.len()).sum();
    let d100: usize = prepared
        .iter()
        .map(|p| p.dice.iter().filter(|s| **s == 100).count())
        .sum();
    let strikes: usize = prepared.iter().map(|p| p.strikes).sum();
    eprintln!(
        "{name}: {n} prepared rounds (rounds 1-4 of seeds 0-15): {:.1} dice per round ({:.1} d100), {:.2} strikes per round",
        dice as f64 / n as f64,
        d100 as f64 / n as f64,
        strikes as f64 / n as f64
    );
    let mut group = c.benchmark_group(name);
    // The engine alone: the round's answers are known, so no AI runs.
    let mut next = 0;
    group.bench_function("round_engine", |b| {
        b.iter_batched(
            || {
                next = (next + 1) % n;
                (
                    prepared[next].started(&checked),
                    prepared[next].commands.clone(),
                )
            },
            |(mut battle, commands)| {
                for command in commands {
                    battle
                        .submit(command)
                        .expect("the recorded answer is accepted");
                }
                battle
            },
            BatchSize::SmallInput,
        )
    });
    // The engine with the tactical AI answering every prompt.
    let mut next = 0;
    group.bench_function("round", |b| {
        b.iter_batched(
            || {
                next = (next + 1) % n;
                (
                    prepared[next].started(&checked),
                    prepared[next].battle.round(),
                )
            },
            |(mut battle, round)| {
                play_until(&mut battle, |b| past_round(b, round));
                battle
            },
            BatchSize::SmallInput,
        )
    });
    let mut floor_dice = Dice::seeded(7);
    let mut next = 0;
    group.bench_function("floor", |b| {
        b.iter(|| {
            next = (next + 1) % n;
            floor(&mut floor_dice, black_box(&prepared[next].dice))
        })
    });
    group.finish();
}

fn duel_round(c: &mut Criterion) {
    rounds(c, "duel", "duel.ron");
}

fn skirmish_round(c: &mut Criterion) {
    rounds(c, "skirmish", "skirmish.ron");
}

/// Aulos strikes Berrin in the duel (short sword, CF 51 each, wooden
/// breastplate, abdominal covering and helmet), both playing C: what the
/// engine builds for a strike, by hand.
fn duel_strike() -> (Striker, Target) {
    let checked = load("duel.ron");
    let (a, af) = (&checked.characters[0], &checked.factors[0]);
    let (d, df) = (&checked.characters[1], &checked.factors[1]);
    let weapon = &a.weapons[0];
    let striker = Striker {
        name: a.name.clone(),
        cf: af.weapons[0].cf.expect("a usable short sword"),
        card: Card::C,
        weapon: weapon.kind,
        quality: weapon.quality,
        level: a.primary().level,
        die_choice: 1,
        strength: a.requisites.strength,
        dexterity: af.dexterity,
        martial_arts_level: a.martial_arts_level,
        to_hit_bonus: 0,
        damage_factor: 1.0,
    };
    let mut materials = [None; 6];
    for piece in &d.armour {
        for area in armour::areas(piece.piece) {
            materials[*area as usize] = Some(piece.material);
        }
    }
    let target = Target {
        name: d.name.clone(),
        cf: df.weapons[0].cf.expect("a usable short sword"),
        card: Card::C,
        body_form: d.body_form,
        apv: BodyArea::ALL.map(|area| df.apv(area)),
        armour: materials,
        shield: None,
        mid_action: None,
        prone_or_helpless: false,
        dodge: None,
        male: true,
        scores: Scores {
            strength: Some(d.requisites.strength),
            agility: Some(d.requisites.agility),
            dexterity: Some(d.requisites.dexterity),
            vision: Some(d.requisites.vision),
            ..Scores::default()
        },
    };
    (striker, target)
}

fn attack(c: &mut Criterion) {
    let (striker, target) = duel_strike();
    let t = tables();
    let opts = StrikeOptions::new(t);
    let mut group = c.benchmark_group("attack");
    let mut dice = Dice::seeded(1);
    group.bench_function("resolve_strike", |b| {
        b.iter(|| resolve_strike(black_box(&striker), black_box(&target), &opts, t, &mut dice))
    });
    // What the engine adds to each strike: the explained log line and the
    // players' view are written out as text.
    let mut dice = Dice::seeded(1);
    group.bench_function("resolve_strike_and_explain", |b| {
        b.iter(|| {
            let report: melee::StrikeReport =
                resolve_strike(black_box(&striker), black_box(&target), &opts, t, &mut dice);
            (report.to_string(), report.symptoms().join("; "))
        })
    });
    group.finish();
}

fn duel_batch(c: &mut Criterion) {
    static DUEL: OnceLock<Checked> = OnceLock::new();
    let checked = DUEL.get_or_init(|| load("duel.ron"));
    let spec = batch::BatchSpec {
        battles: 10_000,
        seed: 1,
        max_rounds: 100,
    };
    let mut group = c.benchmark_group("batch_10000_duels");
    group.sample_size(10);
    for threads in [1, 2] {
        group.bench_function(format!("{threads}_threads"), |b| {
            b.iter(|| {
                hexmelee::rulesets::shakhan::batch::run_report(
                    checked,
                    spec,
                    Some(threads),
                    hexmelee::rulesets::shakhan::batch::ANSWERER,
                    false,
                )
                .expect("the batch runs")
                .summary
            })
        });
    }
    group.finish();
}

/// One Melee Round with the AI answering, of generated `n`-against-`n`
/// melees (`examples/melee`, seed 1): every round of battles with seeds
/// 0–3, each iteration the next. Throughput counts the scenario's figures,
/// so criterion's elements per second are figure-rounds.
fn melee_rounds(c: &mut Criterion) {
    let mut group = c.benchmark_group("melee");
    for n in [1, 4, 16, 32] {
        let text = generate::melee(n, 1);
        let checked = hexmelee::rulesets::shakhan::scenario::parse(Path::new("melee.ron"), &text)
            .expect("the generator checks");
        let mut prepared = Vec::new();
        let mut standing = 0;
        for seed in 0..4 {
            let mut battle = Battle::new(&checked, seed).expect("two sides");
            battle.forget_log();
            while battle.outcome().is_none() && battle.round() < 100 {
                let round = battle.round();
                prepared.push((battle.clone(), round));
                standing += battle
                    .figures()
                    .iter()
                    .filter(|f| !f.condition.is_out())
                    .count();
                play_until(&mut battle, |b| past_round(b, round));
            }
        }
        eprintln!(
            "melee {n} v {n}: {} prepared rounds, {:.1} figures in the fight at a round's start",
            prepared.len(),
            standing as f64 / prepared.len() as f64
        );
        group.throughput(Throughput::Elements(2 * n as u64));
        let mut next = 0;
        group.bench_function(format!("{n}_a_side"), |b| {
            b.iter_batched(
                || {
                    next = (next + 1) % prepared.len();
                    prepared[next].clone()
                },
                |(mut battle, round)| {
                    play_until(&mut battle, |b| past_round(b, round));
                    battle
                },
                BatchSize::SmallInput,
            )
        });
    }
    group.finish();
}

criterion_group!(
    benches,
    attack,
    duel_round,
    skirmish_round,
    duel_batch,
    melee_rounds
);
criterion_main!(benches);
