//! What a batch of Shakhàn battles needs: each figure's fate, the roster,
//! and the AI every side is played with.

use super::engine::Battle;
use super::rules::condition::Status;
use super::scenario::Checked;
use crate::sim::batch::{
    AnswerWith, BatchError, BatchSpec, Fate, Fights, Report, Roster, run_report_of,
};

/// How a Shakhàn battle's prompts are answered.
pub type Answerer = AnswerWith<Battle>;

/// The answerer `hexmelee batch` plays every side with.
pub const ANSWERER: Answerer = super::ai::answer;

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seam::Engine;
    use crate::sim::batch::*;

    fn duel() -> Checked {
        crate::rulesets::shakhan::scenario::default_scenario().expect("the embedded duel loads")
    }

    fn summarise(checked: &Checked, spec: BatchSpec, outcomes: &[Outcome]) -> Summary {
        let name = &checked.scenario.name;
        crate::sim::batch::summarise(
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
