//! Issue 16 item 6: a log line tells the battle as it was when its event
//! happened. Rendered after every command, the lines already written never
//! change, whatever comes later (AP worked, wounds, moves, overrides).

use crate::shipped;

use hexmelee::rulesets::shakhan::ai;
use hexmelee::rulesets::shakhan::engine::{Battle, Event, Prompt};
use hexmelee::seam::View;
use shipped::{SCENARIOS, checked};

fn render(b: &Battle, view: View) -> Vec<String> {
    b.log(view).into_iter().map(|e| e.text).collect()
}

/// Plays `name` on `seed` with the AI, checking after every command that the
/// lines written before it are unchanged; returns the battle at its end.
fn play_checking_log(name: &str, seed: u64) -> Battle {
    let mut b = Battle::new(&checked(name), seed).unwrap();
    let mut written = [Vec::new(), Vec::new()];
    for _ in 0..4000 {
        let prompt = b.prompt();
        if matches!(prompt, Prompt::Finished { .. }) || b.round() > 12 {
            break;
        }
        let command = ai::answer(&b, &prompt);
        b.submit(command).unwrap();
        for (view, before) in [View::Table, View::Referee].into_iter().zip(&mut written) {
            let now = render(&b, view);
            assert!(
                now.len() >= before.len(),
                "{name} seed {seed}: lines vanished"
            );
            for (i, (was, is)) in before.iter().zip(&now).enumerate() {
                assert_eq!(
                    was, is,
                    "{name} seed {seed} ({view:?}): line {i} changed after it was written"
                );
            }
            *before = now;
        }
    }
    b
}

#[test]
fn s16_14_log_lines_never_change_once_written() {
    for name in SCENARIOS {
        for seed in 1..=3 {
            play_checking_log(name, seed);
        }
    }
}

/// Shakhàn 16.9.8: each pulse's work on an action is told with the total
/// spent on it by then, which the event carries: the line reads the same
/// whether the battle describing it is at its start or at its end.
#[test]
fn s16_9_8_action_worked_tells_the_total_so_far() {
    let ended = play_checking_log("skirmish.ron", 1);
    let fresh = Battle::new(&checked("skirmish.ron"), 1).unwrap();
    let mut worked = 0;
    for e in ended.events() {
        let Event::ActionWorked { so_far, ap, .. } = e else {
            continue;
        };
        worked += 1;
        assert!(*so_far >= *ap - 1e-9);
        let line = ended.describe(e, View::Referee).unwrap();
        assert_eq!(Some(&line), fresh.describe(e, View::Referee).as_ref());
        let so_far = if so_far.fract() == 0.0 {
            format!("{so_far:.0}")
        } else {
            format!("{so_far:.1}")
        };
        assert!(line.ends_with(&format!("(so far {so_far})")), "{line}");
    }
    assert!(worked > 1, "skirmish seed 1 works on an action over pulses");
}

/// Quiet pulses collapse: a run of pulses with no line under them is one
/// line, written when the run ends; a pulse with a line keeps its header,
/// and every header has a line under it.
#[test]
fn quiet_pulses_are_one_line_and_every_pulse_header_has_a_line_under_it() {
    use hexmelee::rulesets::shakhan::engine::EntryKind;
    let b = play_checking_log("duel.ron", 1);
    let log = b.log(View::Referee);
    let quiet: Vec<&str> = log
        .iter()
        .filter(|e| e.kind == EntryKind::Quiet)
        .map(|e| e.text.as_str())
        .collect();
    assert!(quiet.contains(&"Pulses 3–4: nothing happens"), "{quiet:?}");
    for (i, e) in log.iter().enumerate() {
        if e.kind == EntryKind::Pulse {
            assert_eq!(log[i + 1].kind, EntryKind::Line, "{} stands empty", e.text);
        }
    }
    let headers = log.iter().filter(|e| e.kind == EntryKind::Pulse).count();
    assert!(headers > 0);
    assert!(
        !log.iter()
            .any(|e| e.text.starts_with("Pulse") && e.kind == EntryKind::Line)
    );
}
