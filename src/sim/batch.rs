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

use crate::engine::{Battle, Engine, dragonquest};
use crate::rules::dragonquest::damage::Standing;
use crate::rules::shakhan::condition::Status;
use crate::scenario::Checked;

/// How a battle's prompts are answered (the same seam as [`super::play`]).
pub type AnswerWith<E> = fn(&E, &<E as Engine>::Prompt) -> <E as Engine>::Command;

/// How a Shakhàn battle's prompts are answered.
pub type Answerer = AnswerWith<Battle>;

/// The answerer `hexmelee batch` plays every side with.
pub const ANSWERER: Answerer = super::ai::answer;

/// The answerer `hexmelee batch` plays every DragonQuest side with.
pub const DRAGONQUEST_ANSWERER: AnswerWith<dragonquest::Battle> = super::ai::dragonquest::answer;

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

impl Fights for Battle {
    fn roster(checked: &Checked) -> Roster {
        let s = &checked.scenario;
        Roster {
            sides: s.sides.iter().map(|side| side.name.clone()).collect(),
            figures: s
                .figures
                .iter()
                .map(|f| (f.name.clone(), f.side.clone()))
                .collect(),
        }
    }

    fn fates(&self) -> Vec<Fate> {
        self.figures()
            .iter()
            .map(|f| match f.condition.status() {
                Status::Dead => Fate::Dead,
                Status::Unconscious | Status::Coma => Fate::Unconscious,
                Status::Fled | Status::Surrendered => Fate::Fled,
                Status::Incapacitated => Fate::Incapacitated,
                Status::Removed | Status::Fleeing | Status::Shaken | Status::Fighting => {
                    Fate::Standing
                }
            })
            .collect()
    }

    fn forget_log(&mut self) {
        Battle::forget_log(self);
    }
}

impl Fights for dragonquest::Battle {
    fn roster(spec: &dragonquest::BattleSpec) -> Roster {
        Roster {
            sides: spec.sides.iter().map(|s| s.name.clone()).collect(),
            figures: spec
                .figures
                .iter()
                .map(|f| (f.name.clone(), spec.sides[f.side.0].name.clone()))
                .collect(),
        }
    }

    fn fates(&self) -> Vec<Fate> {
        self.figures()
            .iter()
            .map(|f| match f.standing {
                Standing::Dead => Fate::Dead,
                Standing::Unconscious => Fate::Unconscious,
                Standing::Conscious if f.routed => Fate::Fled,
                Standing::Conscious => Fate::Standing,
            })
            .collect()
    }
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
    super::play(&mut battle, max_rounds, answer).map_err(|message| BatchError::Refused {
        index: 0,
        seed,
        message,
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

/// Run a batch of a Shakhàn scenario on `threads` threads (`None`: one per
/// core), with a progress bar on stderr when `progress` is set and stderr is
/// a terminal.
pub fn run_report(
    checked: &Checked,
    spec: BatchSpec,
    threads: Option<usize>,
    answer: Answerer,
    progress: bool,
) -> Result<Report, BatchError> {
    let name = &checked.scenario.name;
    run_report_of::<Battle>(checked, name, spec, threads, answer, progress)
}

/// The same for any ruleset; `name` is the scenario's.
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

#[cfg(test)]
mod tests {
    use super::*;

    fn duel() -> Checked {
        crate::scenario::default_scenario().expect("the embedded duel loads")
    }

    fn summarise(checked: &Checked, spec: BatchSpec, outcomes: &[Outcome]) -> Summary {
        let name = &checked.scenario.name;
        super::summarise(
            name,
            &Battle::roster(checked),
            Battle::CLOCK,
            spec,
            outcomes,
        )
    }

    fn outcome(winner: Option<usize>, decided: bool, rounds: u32, figures: &[Fate]) -> Outcome {
        Outcome {
            seed: 0,
            winner,
            decided,
            rounds,
            figures: figures.to_vec(),
        }
    }

    #[test]
    fn battle_seeds_are_a_splitmix64_stream() {
        // SplitMix64 seeded with 1234567: its first outputs (the reference
        // values of the published algorithm).
        assert_eq!(battle_seed(1_234_567, 0), 6_457_827_717_110_365_317);
        assert_eq!(battle_seed(1_234_567, 1), 3_203_168_211_198_807_973);
        assert_ne!(battle_seed(7, 0), battle_seed(7, 1));
        assert_ne!(battle_seed(7, 0), battle_seed(8, 0));
    }

    #[test]
    fn the_same_batch_on_one_thread_and_on_two_is_identical() {
        let checked = duel();
        let spec = BatchSpec {
            battles: 40,
            seed: 99,
            max_rounds: 60,
        };
        let on = |threads| {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            pool.install(|| run::<Battle>(&checked, spec, ANSWERER, &|| {}).unwrap())
        };
        let one = on(1);
        let two = on(2);
        assert_eq!(one, two);
        assert_eq!(
            summarise(&checked, spec, &one),
            summarise(&checked, spec, &two)
        );
        let by_report = |threads| {
            run_report(&checked, spec, Some(threads), ANSWERER, false)
                .unwrap()
                .summary
        };
        assert_eq!(by_report(1), by_report(2));
        assert_eq!(by_report(1), summarise(&checked, spec, &one));
    }

    #[test]
    fn a_round_cap_makes_a_counted_draw() {
        let checked = duel();
        let spec = BatchSpec {
            battles: 10,
            seed: 5,
            max_rounds: 1,
        };
        let outcomes = run::<Battle>(&checked, spec, ANSWERER, &|| {}).unwrap();
        let s = summarise(&checked, spec, &outcomes);
        let undecided = outcomes.iter().filter(|o| !o.decided).count() as u32;
        assert!(undecided > 0, "some duel ended in one round every time");
        assert_eq!(s.capped, undecided);
        assert!(s.draws.count >= undecided);
        assert!(outcomes.iter().all(|o| o.rounds <= 1));
        assert_eq!(
            s.wins.iter().map(|w| w.wins.count).sum::<u32>() + s.draws.count,
            10
        );
    }

    #[test]
    fn no_battles_is_an_error() {
        let spec = BatchSpec {
            battles: 0,
            seed: 1,
            max_rounds: 10,
        };
        assert_eq!(
            run::<Battle>(&duel(), spec, ANSWERER, &|| {}),
            Err(BatchError::NoBattles)
        );
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 5e-5
    }

    #[test]
    fn wilson_interval_matches_hand_computed_values() {
        // 7 of 10: 0.3968–0.8922 (Wilson, z = 1.96).
        let r = Rate::wilson(7, 10);
        assert!(close(r.rate, 0.7));
        assert!(close(r.ci_low, 0.396_8), "{r:?}");
        assert!(close(r.ci_high, 0.892_2), "{r:?}");
        // 0 of 20: 0–0.1611, not a zero-width interval.
        let r = Rate::wilson(0, 20);
        assert_eq!(r.ci_low, 0.0);
        assert!(close(r.ci_high, 0.161_1), "{r:?}");
        // 20 of 20 mirrors it.
        let r = Rate::wilson(20, 20);
        assert!(close(r.ci_low, 0.838_9), "{r:?}");
        assert_eq!(r.ci_high, 1.0);
    }

    #[test]
    fn round_statistics_mean_median_and_nearest_rank_p95() {
        let s = RoundStats::of(&[5, 1, 3, 2, 4]);
        assert_eq!(s.mean, Some(3.0));
        assert_eq!(s.median, Some(3.0));
        assert_eq!(s.p95, Some(5));
        let s = RoundStats::of(&[4, 1, 3, 2]);
        assert_eq!(s.median, Some(2.5));
        // 1..=20: the 19th smallest (⌈0.95·20⌉ = 19).
        let twenty: Vec<u32> = (1..=20).rev().collect();
        let s = RoundStats::of(&twenty);
        assert_eq!(s.p95, Some(19));
        assert_eq!(s.mean, Some(10.5));
        assert_eq!(s.median, Some(10.5));
        assert_eq!(s.max, Some(20));
        // 1..=21: ⌈19.95⌉ = 20th.
        let s = RoundStats::of(&(1..=21).collect::<Vec<_>>());
        assert_eq!(s.p95, Some(20));
        assert_eq!(RoundStats::of(&[]).mean, None);
    }

    #[test]
    fn summary_counts_wins_draws_caps_and_casualties() {
        let checked = duel();
        let spec = BatchSpec {
            battles: 5,
            seed: 0,
            max_rounds: 30,
        };
        use Fate::*;
        let outcomes = [
            outcome(Some(0), true, 3, &[Standing, Dead]),
            outcome(Some(0), true, 5, &[Standing, Unconscious]),
            outcome(Some(1), true, 4, &[Fled, Standing]),
            outcome(None, true, 6, &[Unconscious, Unconscious]),
            outcome(None, false, 30, &[Standing, Standing]),
        ];
        let s = summarise(&checked, spec, &outcomes);
        assert_eq!(s.battles, 5);
        assert_eq!(s.wins[0].side, "Red");
        assert_eq!(s.wins[0].wins.count, 2);
        assert!(close(s.wins[0].wins.rate, 0.4));
        assert_eq!(s.wins[1].wins.count, 1);
        assert_eq!(s.draws.count, 2);
        assert_eq!(s.capped, 1);
        // The capped battle does not count towards rounds to decision.
        assert_eq!(s.rounds_to_decision.battles, 4);
        assert_eq!(s.rounds_to_decision.mean, Some(4.5));
        assert_eq!(s.rounds_to_decision.median, Some(4.5));
        assert_eq!(s.rounds_to_decision.p95, Some(6));
        let aulos = &s.casualties[0];
        assert_eq!((aulos.dead, aulos.unconscious, aulos.fled), (0, 1, 1));
        let berrin = &s.casualties[1];
        assert_eq!((berrin.dead, berrin.unconscious, berrin.fled), (1, 2, 0));
        let text = Report {
            summary: s.clone(),
            throughput: Throughput {
                threads: 1,
                seconds: 1.0,
                battles_per_sec: 5.0,
                rounds_per_sec: 48.0,
            },
        }
        .text();
        assert!(text.contains("Red"), "{text}");
        assert!(text.contains("40.0%"), "{text}");
        assert!(text.contains("median 4.5"), "{text}");
    }
}
