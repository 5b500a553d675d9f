//! Many battles at once: `hexmelee batch`. Plays N battles of one scenario on
//! every core (rayon), each with its own seed, and sums them up: who wins and
//! how sure we are of it, how long battles last, who falls and how, and how
//! fast the engine ran.
//!
//! Results do not depend on the number of threads: battle `i` always gets the
//! seed [`battle_seed`]`(S, i)`, is played alone on one thread, and the
//! outcomes are collected in index order before anything is summed.

use std::fmt::Write;
use std::io::IsTerminal;
use std::time::Instant;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use serde::Serialize;
use serde_json::{Value, json};
use thiserror::Error;

use crate::seam::Engine;

/// How a battle's prompts are answered (the same seam as [`super::play`]).
pub type AnswerWith<E> = fn(&E, &<E as Engine>::Prompt) -> <E as Engine>::Command;

/// How a figure ended a battle, in words every ruleset can say.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Fate {
    Dead,
    /// Unconscious or in a coma.
    Unconscious,
    /// Fled, surrendered or routed.
    Fled,
    /// Alive and awake but unable to act.
    Incapacitated,
    /// Still on its feet (fighting, shaken or fleeing).
    Standing,
}

/// Who fights in a scenario, for a batch's summary.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Roster {
    pub sides: Vec<String>,
    /// Each figure's name and side, in scenario order.
    pub figures: Vec<(String, String)>,
}

/// What a batch needs of a ruleset's battle beyond the seam.
pub trait Fights: Engine {
    fn roster(setup: &Self::Setup) -> Roster;
    /// Each figure's fate, in scenario order.
    fn fates(&self) -> Vec<Fate>;
    /// Keep no more of the log than play needs: a batch reads only outcomes.
    fn forget_log(&mut self) {}
}

/// z for a two-sided 95% interval.
const Z95: f64 = 1.959_963_984_540_054;

/// What to play.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BatchSpec {
    /// Number of battles (at least one).
    pub battles: u32,
    /// The batch seed S; battle `i` is played with [`battle_seed`]`(S, i)`.
    pub seed: u64,
    /// Normal Melee Rounds a battle may last; one still undecided after that
    /// many is a draw.
    pub max_rounds: u32,
}

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum BatchError {
    #[error("a batch needs at least one battle")]
    NoBattles,
    /// The battle could not start from the scenario.
    #[error("{0}")]
    Setup(String),
    /// The answerer gave a command the engine refused (a bug in the answerer).
    #[error("battle {index} (seed {seed}): {message}")]
    Refused {
        index: u32,
        seed: u64,
        message: String,
    },
    #[error("cannot start {threads} threads: {message}")]
    Threads { threads: usize, message: String },
}

/// The seed of battle `index` in a batch seeded with `seed`: output number
/// `index` (counting from 0) of a SplitMix64 generator started at `seed`,
/// that is SplitMix64's finaliser applied to `seed + (index + 1) × γ`
/// (γ = 0x9E3779B97F4A7C15, wrapping arithmetic). A pure function of the
/// two, so the batch is the same whatever thread plays which battle, and
/// neighbouring indices get unrelated seeds.
pub fn battle_seed(seed: u64, index: u64) -> u64 {
    const GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut z = seed.wrapping_add(index.wrapping_add(1).wrapping_mul(GAMMA));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// How one battle ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Outcome {
    pub seed: u64,
    /// The winning side's index; `None` for a draw.
    pub winner: Option<usize>,
    /// False when the round cap stopped the battle (then also a draw).
    pub decided: bool,
    /// Normal Melee Rounds played: the round it ended in, or the cap.
    pub rounds: u32,
    /// Each figure's fate at the end, in scenario order.
    pub figures: Vec<Fate>,
}

/// Play one battle to its end or the round cap.
pub fn play_one<E: Fights>(
    setup: &E::Setup,
    seed: u64,
    max_rounds: u32,
    answer: AnswerWith<E>,
) -> Result<Outcome, BatchError> {
    let mut battle = E::start(setup, seed).map_err(|e| BatchError::Setup(e.to_string()))?;
    // Only the outcome is read.
    battle.forget_log();
    super::play(&mut battle, max_rounds, answer).map_err(|refused| BatchError::Refused {
        index: 0,
        seed,
        message: refused.to_string(),
    })?;
    let outcome = battle.outcome();
    Ok(Outcome {
        seed,
        winner: outcome.flatten().map(|s| s.0),
        decided: outcome.is_some(),
        rounds: battle.clock().min(max_rounds),
        figures: battle.fates(),
    })
}

/// Play every battle of `spec` on the current rayon pool, calling `done`
/// after each; the outcomes come back in index order. On a refused command
/// the error of the lowest-numbered battle that had one is returned.
pub fn run<E: Fights>(
    setup: &E::Setup,
    spec: BatchSpec,
    answer: AnswerWith<E>,
    done: &(dyn Fn() + Sync),
) -> Result<Vec<Outcome>, BatchError>
where
    E::Setup: Sync,
{
    if spec.battles == 0 {
        return Err(BatchError::NoBattles);
    }
    let results: Vec<Result<Outcome, BatchError>> = (0..spec.battles)
        .into_par_iter()
        .map(|index| {
            let seed = battle_seed(spec.seed, u64::from(index));
            let result = play_one::<E>(setup, seed, spec.max_rounds, answer).map_err(|e| match e {
                BatchError::Refused { seed, message, .. } => BatchError::Refused {
                    index,
                    seed,
                    message,
                },
                other => other,
            });
            done();
            result
        })
        .collect();
    results.into_iter().collect()
}

/// A proportion with its 95% confidence interval.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Rate {
    pub count: u32,
    pub rate: f64,
    pub ci_low: f64,
    pub ci_high: f64,
}

impl Rate {
    /// `count` out of `n` (n ≥ 1), with the Wilson score interval at 95%:
    /// centre (p̂ + z²/2n) / (1 + z²/n), half-width
    /// z·√(p̂(1−p̂)/n + z²/4n²) / (1 + z²/n), z = 1.95996. Unlike p̂ ± z·√(p̂(1−p̂)/n)
    /// it stays inside 0..1 and is not zero-width at 0 or n wins.
    pub fn wilson(count: u32, n: u32) -> Rate {
        let nf = f64::from(n.max(1));
        let p = f64::from(count) / nf;
        let z2 = Z95 * Z95;
        let denom = 1.0 + z2 / nf;
        let centre = (p + z2 / (2.0 * nf)) / denom;
        let half = Z95 * (p * (1.0 - p) / nf + z2 / (4.0 * nf * nf)).sqrt() / denom;
        Rate {
            count,
            rate: p,
            ci_low: (centre - half).max(0.0),
            ci_high: (centre + half).min(1.0),
        }
    }
}

/// Rounds to decision, over the battles that ended before the cap.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct RoundStats {
    /// How many battles these figures are over.
    pub battles: u32,
    pub mean: Option<f64>,
    pub median: Option<f64>,
    pub p95: Option<u32>,
    pub max: Option<u32>,
}

impl RoundStats {
    /// Mean; median (the mean of the two middle values for an even count);
    /// 95th percentile by nearest rank (the ⌈0.95·n⌉-th smallest).
    pub fn of(rounds: &[u32]) -> RoundStats {
        let mut sorted = rounds.to_vec();
        sorted.sort_unstable();
        let n = sorted.len();
        if n == 0 {
            return RoundStats {
                battles: 0,
                mean: None,
                median: None,
                p95: None,
                max: None,
            };
        }
        let sum: u64 = sorted.iter().map(|r| u64::from(*r)).sum();
        let median = if n % 2 == 1 {
            f64::from(sorted[n / 2])
        } else {
            (f64::from(sorted[n / 2 - 1]) + f64::from(sorted[n / 2])) / 2.0
        };
        let rank = (95 * n).div_ceil(100).max(1);
        RoundStats {
            battles: n as u32,
            mean: Some(sum as f64 / n as f64),
            median: Some(median),
            p95: Some(sorted[rank - 1]),
            max: Some(sorted[n - 1]),
        }
    }
}

/// How often one side won.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SideWins {
    pub side: String,
    #[serde(flatten)]
    pub wins: Rate,
}

/// How often one figure ended the battle out of it, and how.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Casualties {
    pub name: String,
    pub side: String,
    pub dead: u32,
    /// Unconscious or in a coma.
    pub unconscious: u32,
    /// Fled or surrendered.
    pub fled: u32,
    /// Alive and awake but unable to act (a critical's effect).
    pub incapacitated: u32,
}

/// What a batch came to; the same for the same scenario, seed, cap and
/// answerer whatever the thread count.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Summary {
    pub scenario: String,
    pub battles: u32,
    pub seed: u64,
    pub max_rounds: u32,
    pub wins: Vec<SideWins>,
    /// Battles nobody won, those stopped by the cap included.
    pub draws: Rate,
    /// Of the draws, those stopped by the round cap.
    pub capped: u32,
    pub rounds_to_decision: RoundStats,
    pub casualties: Vec<Casualties>,
    /// What the clock counts, in the text ([`Engine::CLOCK`]); not in the JSON.
    #[serde(skip)]
    pub clock: &'static str,
}

/// Sum up `outcomes` (in index order) of a batch of the scenario `name`
/// fought by `roster`, its clock named by `clock`.
pub fn summarise(
    name: &str,
    roster: &Roster,
    clock: &'static str,
    spec: BatchSpec,
    outcomes: &[Outcome],
) -> Summary {
    let n = outcomes.len() as u32;
    let wins = roster
        .sides
        .iter()
        .enumerate()
        .map(|(i, side)| SideWins {
            side: side.clone(),
            wins: Rate::wilson(
                outcomes.iter().filter(|o| o.winner == Some(i)).count() as u32,
                n,
            ),
        })
        .collect();
    let draws = outcomes.iter().filter(|o| o.winner.is_none()).count() as u32;
    let decided: Vec<u32> = outcomes
        .iter()
        .filter(|o| o.decided)
        .map(|o| o.rounds)
        .collect();
    let casualties = roster
        .figures
        .iter()
        .enumerate()
        .map(|(i, (name, side))| {
            let count = |pred: fn(Fate) -> bool| {
                outcomes
                    .iter()
                    .filter(|o| o.figures.get(i).is_some_and(|s| pred(*s)))
                    .count() as u32
            };
            Casualties {
                name: name.clone(),
                side: side.clone(),
                dead: count(|s| s == Fate::Dead),
                unconscious: count(|s| s == Fate::Unconscious),
                fled: count(|s| s == Fate::Fled),
                incapacitated: count(|s| s == Fate::Incapacitated),
            }
        })
        .collect();
    Summary {
        scenario: name.to_string(),
        battles: n,
        seed: spec.seed,
        max_rounds: spec.max_rounds,
        wins,
        draws: Rate::wilson(draws, n),
        capped: outcomes.iter().filter(|o| !o.decided).count() as u32,
        rounds_to_decision: RoundStats::of(&decided),
        casualties,
        clock,
    }
}

/// How fast the batch ran (wall clock): never the same twice.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Throughput {
    pub threads: usize,
    pub seconds: f64,
    pub battles_per_sec: f64,
    pub rounds_per_sec: f64,
}

/// A summary and how fast it was reached.
#[derive(Debug, Clone, PartialEq)]
pub struct Report {
    pub summary: Summary,
    pub throughput: Throughput,
}

/// Run a batch of a scenario of any ruleset on `threads` threads (`None`:
/// one per core), with a progress bar on stderr when `progress` is set and
/// stderr is a terminal; `name` is the scenario's.
pub fn run_report_of<E: Fights>(
    setup: &E::Setup,
    name: &str,
    spec: BatchSpec,
    threads: Option<usize>,
    answer: AnswerWith<E>,
    progress: bool,
) -> Result<Report, BatchError>
where
    E::Setup: Sync,
{
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.unwrap_or(0))
        .build()
        .map_err(|e| BatchError::Threads {
            threads: threads.unwrap_or(0),
            message: e.to_string(),
        })?;
    let bar = if progress && std::io::stderr().is_terminal() {
        let bar = ProgressBar::with_draw_target(
            Some(u64::from(spec.battles)),
            ProgressDrawTarget::stderr(),
        );
        if let Ok(style) = ProgressStyle::with_template(
            "{spinner} {bar:40} {pos}/{len} battles, {per_sec}, {eta} left",
        ) {
            bar.set_style(style);
        }
        bar
    } else {
        ProgressBar::hidden()
    };
    let start = Instant::now();
    let (outcomes, used) = pool.install(|| {
        (
            run::<E>(setup, spec, answer, &|| bar.inc(1)),
            rayon::current_num_threads(),
        )
    });
    let seconds = start.elapsed().as_secs_f64();
    bar.finish_and_clear();
    let outcomes = outcomes?;
    let rounds: u64 = outcomes.iter().map(|o| u64::from(o.rounds)).sum();
    let per_sec = |x: f64| if seconds > 0.0 { x / seconds } else { 0.0 };
    Ok(Report {
        summary: summarise(name, &E::roster(setup), E::CLOCK, spec, &outcomes),
        throughput: Throughput {
            threads: used,
            seconds,
            battles_per_sec: per_sec(f64::from(spec.battles)),
            rounds_per_sec: per_sec(rounds as f64),
        },
    })
}

impl Report {
    /// The summary's fields with `throughput` beside them.
    pub fn json(&self) -> Value {
        let mut v = json!(self.summary);
        v["throughput"] = json!(self.throughput);
        v
    }

    /// A readable summary.
    pub fn text(&self) -> String {
        let s = &self.summary;
        let pct = |r: &Rate| {
            format!(
                "{:5.1}%  (95% CI {:5.1}–{:5.1}%)  {} battles",
                100.0 * r.rate,
                100.0 * r.ci_low,
                100.0 * r.ci_high,
                r.count
            )
        };
        let clock = s.clock;
        let mut first = clock.chars();
        let clocks: String = first
            .next()
            .into_iter()
            .flat_map(char::to_uppercase)
            .chain(first)
            .collect();
        let mut out = String::new();
        let _ = writeln!(
            out,
            "{} — {} battles, seed {}, at most {} {clock}s each\n",
            s.scenario, s.battles, s.seed, s.max_rounds
        );
        for w in &s.wins {
            let _ = writeln!(out, "{:<14} wins {}", w.side, pct(&w.wins));
        }
        let _ = writeln!(
            out,
            "{:<14}      {}  ({} stopped at the {clock} cap)",
            "draws",
            pct(&s.draws),
            s.capped
        );
        let r = &s.rounds_to_decision;
        let _ = match (r.mean, r.median, r.p95, r.max) {
            (Some(mean), Some(median), Some(p95), Some(max)) => writeln!(
                out,
                "\n{clocks}s to decision ({} battles): mean {mean:.2}, median {median}, 95th percentile {p95}, max {max}",
                r.battles
            ),
            _ => writeln!(
                out,
                "\nNo battle was decided within {} {clock}s",
                s.max_rounds
            ),
        };
        let _ = writeln!(
            out,
            "\n{:<14} {:<10} {:>7} {:>12} {:>7} {:>14}",
            "figure", "side", "dead", "unconscious", "fled", "incapacitated"
        );
        let share = |k: u32| format!("{:.1}%", 100.0 * f64::from(k) / f64::from(s.battles.max(1)));
        for c in &s.casualties {
            let _ = writeln!(
                out,
                "{:<14} {:<10} {:>7} {:>12} {:>7} {:>14}",
                c.name,
                c.side,
                share(c.dead),
                share(c.unconscious),
                share(c.fled),
                share(c.incapacitated)
            );
        }
        let t = &self.throughput;
        let _ = writeln!(
            out,
            "\n{:.3} s on {}: {:.0} battles/s, {:.0} {clock}s/s",
            t.seconds,
            crate::words::counted(t.threads, "thread"),
            t.battles_per_sec,
            t.rounds_per_sec
        );
        out
    }
}
