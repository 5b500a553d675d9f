//! `hexmelee odds` for DragonQuest against the engine: the exact chances of
//! one strike agree with the engine's own strikes, played in thousands of
//! seeded battles (a fixed set of seeds, so the test cannot flake), within
//! four standard errors; and the real binary answers in text and JSON and
//! refuses what it cannot answer with exit code 2.

use super::dq_common;

use std::process::{Command as Process, Output};

use dq_common::{fighter, shield, spec};
use hexmelee::hex::{Facing, Pose};
use hexmelee::rulesets::dragonquest::engine::{
    Action, Attack, Battle, Command, Event, Multiple, Prompt, Task,
};
use hexmelee::rulesets::dragonquest::odds::strike_odds;
use hexmelee::rulesets::dragonquest::rules::damage::Standing;
use hexmelee::rulesets::dragonquest::rules::strike::{AttackType, Hit};
use hexmelee::seam::FigureId;
use serde_json::Value;

const BATTLES: u64 = 20_000;

/// What one of the engine's strikes did to its target.
#[derive(Default)]
struct Tally {
    n: f64,
    hit: f64,
    grievous: f64,
    kill: f64,
    unconscious: f64,
    stun: f64,
    fatigue: f64,
    endurance: f64,
}

fn agrees(measured: f64, n: f64, exact: f64) -> bool {
    let se = (exact * (1.0 - exact) / n).sqrt();
    (measured / n - exact).abs() <= 4.0 * se + 1e-12
}

/// An axeman in chainmail and a swordsman with a shield, face to face.
fn duel() -> hexmelee::rulesets::dragonquest::engine::BattleSpec {
    let axe = fighter("Axeman", 0, (4, 4), Facing::SE, "Battle Axe");
    let at = Pose::new(axe.pose.hex, axe.pose.facing).front_hexes()[1];
    let facing = Facing::ALL
        .into_iter()
        .find(|f| Pose::new(at, *f).front_hexes()[1] == axe.pose.hex)
        .unwrap();
    let mut sword = fighter("Swordsman", 1, (at.col, at.row), facing, "Broadsword");
    sword.shield = shield("Buckler", 1);
    sword.endurance = 12;
    let mut axe = axe;
    axe.ps = 18;
    spec(vec![axe, sword])
}

/// Play the battle until the axeman has struck (the swordsman Passes),
/// and tally what his strike did.
fn engine_strike(battle: &mut Battle, t: &mut Tally) {
    let (axe, sword) = (FigureId(0), FigureId(1));
    loop {
        let command = match battle.prompt() {
            Prompt::LeadChoice { .. } | Prompt::SideChoice { .. } => Command::ActNow { now: true },
            Prompt::Finished { .. } => panic!("the battle ended before the strike"),
            _ if figure_is(battle, sword) => Command::Act {
                figure: sword,
                action: Action::Pass {
                    path: vec![],
                    task: Task::Nothing,
                },
            },
            _ => Command::Act {
                figure: axe,
                action: Action::Melee {
                    path: vec![],
                    target: sword,
                    multiple: Multiple::Single,
                    after_strike: Vec::new(),
                },
            },
        };
        let axe_strikes = matches!(command, Command::Act { figure, .. } if figure == axe);
        let before = battle.figure(sword).clone();
        let events = battle.submit(command).expect("a legal command").to_vec();
        if !axe_strikes {
            continue;
        }
        t.n += 1.0;
        let after = battle.figure(sword);
        t.fatigue += (before.fatigue - after.fatigue) as f64;
        t.endurance += (before.endurance - after.endurance) as f64;
        for e in &events {
            match e {
                Event::Strike(s) if s.attacker == axe && s.hit.is_some() => {
                    t.hit += 1.0;
                    if s.hit == Some(Hit::Grievous) {
                        t.grievous += 1.0;
                    }
                }
                Event::Fell { figure, standing } if *figure == sword => match standing {
                    Standing::Dead => t.kill += 1.0,
                    Standing::Unconscious => t.unconscious += 1.0,
                    Standing::Conscious => {}
                },
                Event::Stunned { figure } if *figure == sword => t.stun += 1.0,
                _ => {}
            }
        }
        return;
    }
}

/// Whose turn it is: the figure asked for, or the only one ready.
fn figure_is(battle: &Battle, id: FigureId) -> bool {
    match battle.prompt() {
        Prompt::EngagedAction { figure } => figure == id,
        Prompt::SideAction { ready, .. } => ready.contains(&id),
        _ => false,
    }
}

#[test]
fn odds_agree_with_the_engine_s_own_strikes_24_25_26() {
    let spec = duel();
    let battle = Battle::new(&spec, 1).unwrap();
    let attack = Attack::plain(FigureId(0), FigureId(1), AttackType::Melee, Some(0));
    let exact = strike_odds(&battle, &attack, &battle.circumstances(&attack));
    let mut t = Tally::default();
    for seed in 0..BATTLES {
        let mut b = Battle::new(&spec, seed).unwrap();
        engine_strike(&mut b, &mut t);
    }
    assert_eq!(t.n, BATTLES as f64, "every battle came to the strike");
    assert!(
        agrees(t.hit, t.n, exact.p_hit),
        "hit {} vs {}",
        t.hit / t.n,
        exact.p_hit
    );
    assert!(agrees(t.grievous, t.n, exact.p_grievous));
    assert!(
        agrees(t.kill, t.n, exact.p_kill),
        "kill {} vs {}",
        t.kill / t.n,
        exact.p_kill
    );
    assert!(
        agrees(t.unconscious, t.n, exact.p_unconscious),
        "unconscious {} vs {}",
        t.unconscious / t.n,
        exact.p_unconscious
    );
    assert!(
        agrees(t.stun, t.n, exact.p_stun),
        "stun {} vs {}",
        t.stun / t.n,
        exact.p_stun
    );
    // Means: within 4 % of the exact value (their spread is a few points a blow).
    let near = |m: f64, e: f64| (m - e).abs() <= 0.04 * e.max(0.1);
    assert!(
        near(t.fatigue / t.n, exact.expected_fatigue()),
        "fatigue {} vs {}",
        t.fatigue / t.n,
        exact.expected_fatigue()
    );
    assert!(
        near(t.endurance / t.n, exact.expected_endurance()),
        "endurance {} vs {}",
        t.endurance / t.n,
        exact.expected_endurance()
    );
}

fn hexmelee(args: &[&str]) -> Output {
    Process::new(env!("CARGO_BIN_EXE_hexmelee"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the binary runs")
}

const DUEL: &str = "scenarios/dq-duel.ron";

#[test]
fn cli_odds_text_and_json() {
    let args = ["odds", DUEL, "--attacker", "Aldric", "--defender", "Brenna"];
    let out = hexmelee(&args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("Strike Chance 76 - Defense 23 = 53"),
        "{text}"
    );
    assert!(
        text.contains("Hits                        53.00 %"),
        "{text}"
    );
    let out = hexmelee(&[&args[..], &["--json", "--through", "rear"]].concat());
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["ruleset"], "dragonquest");
    assert_eq!(json["modified_strike_chance"], 76 - 17 + 30);
    for key in [
        "p_hit",
        "p_hit_grievous",
        "p_may_break",
        "p_dropped",
        "p_kill",
        "p_stun",
        "fatigue_lost",
        "endurance_lost",
        "expected_endurance_lost",
    ] {
        assert!(!json[key].is_null(), "{key}");
    }
    // A thrown dagger at four hexes takes 24.8's penalty per hex thrown.
    let out = hexmelee(&[&args[..], &["--weapon", "dagger", "--range", "4"]].concat());
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        String::from_utf8(out.stdout)
            .unwrap()
            .contains("hexes thrown")
    );
}

#[test]
fn cli_odds_refuses_what_it_cannot_answer() {
    let base = ["odds", DUEL, "--attacker", "Aldric", "--defender", "Brenna"];
    for (extra, says) in [
        (&["--card", "A"][..], "--card is for Shakhàn battles"),
        (&["--through", "above"][..], "give front, flank or rear"),
        (&["--weapon", "Halberd"][..], "Broadsword, Dagger, hands"),
        (&["--range", "3"][..], "with --weapon"),
        (&["--close", "--range", "3"][..], "not both"),
    ] {
        let out = hexmelee(&[&base[..], extra].concat());
        assert_eq!(out.status.code(), Some(2), "{extra:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains(says), "{extra:?}: {err}");
    }
    let out = hexmelee(&[
        "odds",
        "scenarios/dq-party-vs-monsters.ron",
        "--attacker",
        "Snag",
        "--defender",
        "Grub",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8(out.stderr)
            .unwrap()
            .contains("Grub is on Snag's own side")
    );
    let out = hexmelee(&["odds", DUEL, "--attacker", "Nobody", "--defender", "Brenna"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8(out.stderr)
            .unwrap()
            .contains("Aldric, Brenna")
    );
    let out = hexmelee(&[
        "odds",
        "scenarios/duel.ron",
        "--attacker",
        "x",
        "--defender",
        "y",
        "--prone",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8(out.stderr)
            .unwrap()
            .contains("--prone is for DragonQuest")
    );
}

/// 23.5 and 29 on the command line: a Trip's chance of felling the target,
/// a trample's, JSON's `special`, the engine's refusal of a Trip with a
/// sword or a trample by a man, and of a --weapon other than the one the
/// special attack is made with.
#[test]
fn cli_odds_special_attacks_and_trample_23_5_29() {
    let party = "scenarios/dq-party-vs-monsters.ron";
    let trip = ["odds", party, "--attacker", "Gerd", "--defender", "Grub"];
    let out = hexmelee(&[&trip[..], &["--special", "trip"]].concat());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("Special attack: a Trip"), "{text}");
    assert!(text.contains("A Trip works:"), "{text}");
    assert!(text.contains("Damage: D10 +0"), "{text}");
    let out = hexmelee(&[&trip[..], &["--special", "trip", "--json"]].concat());
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    let works = json["special"]["p_works"].as_f64().unwrap();
    assert!(works > 0.0 && works < json["p_hit"].as_f64().unwrap());
    let plain = hexmelee(&[&trip[..], &["--json"]].concat());
    let plain: Value = serde_json::from_slice(&plain.stdout).unwrap();
    assert!(plain["special"].is_null(), "a plain blow has no `special`");
    // --weapon may name what the engine trips with, and nothing else.
    let out = hexmelee(&[&trip[..], &["--special", "trip", "--weapon", "spear"]].concat());
    assert!(out.status.success());
    let out = hexmelee(&[&trip[..], &["--special", "trip", "--weapon", "hands"]].concat());
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("Gerd makes a Trip with the Spear (23.5), not with bare hands"),
        "{err}"
    );

    let out = hexmelee(&[
        "odds",
        party,
        "--attacker",
        "Sir Oswin",
        "--defender",
        "Grub",
        "--special",
        "trip",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("to Trip (23.5)"));

    let drake = "scenarios/dq-drake.ron";
    let out = hexmelee(&[
        "odds",
        drake,
        "--attacker",
        "Drake",
        "--defender",
        "Sir Aldous",
        "--trample",
        "--prone",
    ]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("Strike Chance 40 - Defense"), "{text}");
    assert!(text.contains("A trample works:"), "{text}");
    let out = hexmelee(&[
        "odds",
        drake,
        "--attacker",
        "Sir Aldous",
        "--defender",
        "Drake",
        "--trample",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("only a monster of several hexes"));
}
