//! Issue 5 items 3–6 through the engine's public seam: the Optional
//! Initiative System (16.9.10), Trample/Crush (16.11), Quick Melee Combat
//! (16.12) and other damage types (16.13.5–16.13.13). Test names carry the
//! section of the rule they prove.

use std::path::Path;

use hexmelee::hex::Step;
use hexmelee::rulesets::shakhan::engine::{
    Battle, Command, Event, FigureMove, Pairing, Phase, Prompt,
};
use hexmelee::rulesets::shakhan::rules::Card;
use hexmelee::rulesets::shakhan::rules::hazard::{AftermathCheck, Hazard};
use hexmelee::rulesets::shakhan::rules::trample::DodgeChoice;
use hexmelee::rulesets::shakhan::scenario::Checked;
use hexmelee::seam::View;
use hexmelee::sim;

fn text(name: &str) -> String {
    std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("scenarios")
            .join(format!("{name}.ron")),
    )
    .unwrap()
}

fn parse(text: &str) -> Checked {
    hexmelee::rulesets::shakhan::scenario::parse(Path::new("test.ron"), text)
        .unwrap_or_else(|e| panic!("{e}"))
}

/// A shipped scenario with `options` added to its own.
fn with_options(name: &str, options: &str) -> Checked {
    let text = text(name);
    let t = if text.contains("options: (") {
        text.replacen("options: (", &format!("options: ({options}, "), 1)
    } else {
        text.replacen(
            "ruleset: Shakhan,",
            &format!("ruleset: Shakhan, options: ({options}),"),
            1,
        )
    };
    parse(&t)
}

const STATS: &str = "stats: (agility: 12, strength: 12, dexterity: 11, constitution: 12, willpower: 12, vision: 11)";

fn play(c: &Checked, seed: u64) -> Battle {
    let mut b = Battle::new(c, seed).unwrap();
    sim::play(&mut b, 100, hexmelee::rulesets::shakhan::ai::answer)
        .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
    assert!(b.outcome().is_some(), "seed {seed}: no decision");
    b
}

#[test]
fn s16_9_10_priority_by_adjusted_agility_orders_action_phases_and_strikes() {
    let c = with_options("skirmish", "initiative: Optional");
    for seed in 0..8 {
        let b = play(&c, seed);
        let priority = b.priority().to_vec();
        assert_eq!(priority.len(), b.figures().len());
        // Highest Adjusted Agility first, ties by MA.
        for w in priority.windows(2) {
            let (x, y) = (b.figure(w[0]), b.figure(w[1]));
            let key = |f: &hexmelee::rulesets::shakhan::engine::Figure| {
                (f.factors.adjusted_agility, f.factors.ma.0)
            };
            assert!(
                key(x) >= key(y),
                "seed {seed}: {} before {}",
                x.name,
                y.name
            );
        }
        let events = b.events();
        assert_eq!(
            events
                .iter()
                .filter(|e| matches!(e, Event::PriorityDetermined { .. }))
                .count(),
            1
        );
        // No alternation and no side chooses who moves first.
        assert!(!events.iter().any(|e| matches!(
            e,
            Event::InitiativeAlternates { .. } | Event::MovementPriorityChosen { .. }
        )));
        // Action Phases run from the lowest priority up, each pulse.
        let mut last: Option<(u8, u8)> = None;
        for e in events {
            if let Event::PhaseBegan {
                phase: Phase::FigureAction { pulse, rank },
            } = e
            {
                if let Some((p, r)) = last
                    && p == *pulse
                {
                    assert_eq!(*rank, r + 1);
                }
                last = Some((*pulse, *rank));
            }
            assert!(!matches!(
                e,
                Event::PhaseBegan {
                    phase: Phase::Action { .. }
                }
            ));
        }
        // In each Attack Phase, strikes come in priority order (but for E,
        // which may strike back only once attacked, 16.9.2).
        let rank = |id| priority.iter().position(|p| *p == id).unwrap();
        let mut phase_strikes: Vec<usize> = Vec::new();
        let mut revealed = Vec::new();
        for e in events {
            match e {
                Event::OrdersRevealed { orders, .. } => revealed = orders.clone(),
                Event::PhaseBegan { .. } => {
                    assert!(phase_strikes.is_sorted(), "seed {seed}: {phase_strikes:?}");
                    phase_strikes.clear();
                }
                Event::Strike(s) if !s.reaction => {
                    let card = revealed
                        .iter()
                        .find(|o| o.figure == s.attacker)
                        .and_then(|o| o.cards.get(s.card_index))
                        .map(|c| c.card);
                    if card != Some(Card::E) {
                        phase_strikes.push(rank(s.attacker));
                    }
                }
                _ => {}
            }
        }
    }
}

#[test]
fn s16_9_10_only_the_figure_whose_action_phase_it_is_may_move() {
    let c = with_options("skirmish", "initiative: Optional");
    let mut b = Battle::new(&c, 5).unwrap();
    loop {
        let prompt = b.prompt();
        if let Prompt::FigureMovement { figure, .. } = prompt {
            let other = b
                .figures()
                .iter()
                .find(|f| f.id != figure && f.condition.can_act())
                .unwrap()
                .id;
            let before = b.clone();
            let wrong = Command::Move {
                moves: vec![FigureMove {
                    figure: other,
                    steps: vec![Step::Forward],
                }],
            };
            let refused = b.submit(wrong).unwrap_err();
            assert!(refused.0.contains("16.9.10"), "{refused}");
            assert_eq!(b.events(), before.events());
            // Standing still is always an answer.
            b.submit(Command::Move { moves: vec![] }).unwrap();
            return;
        }
        let answer = hexmelee::rulesets::shakhan::ai::answer(&b, &prompt);
        b.submit(answer).unwrap();
    }
}

#[test]
fn s16_9_10_optional_initiative_replays_exactly() {
    let c = with_options("duel", "initiative: Optional");
    let b = play(&c, 11);
    let again = Battle::replay(&c, 11, b.commands()).unwrap();
    assert_eq!(again.events(), b.events());
}

/// Trample events of a played battle: (dodges, of them passed, strikes).
fn trample_counts(b: &Battle) -> (usize, usize, usize) {
    let mut counts = (0, 0, 0);
    for e in b.events() {
        match e {
            Event::Trample(t) => {
                counts.0 += 1;
                counts.1 += usize::from(t.dodge.passed());
                if t.dodge.passed() {
                    assert!(t.strikes.is_none());
                } else {
                    let (die, n) = t.strikes.unwrap();
                    // A four-legged beast: 1D4 strikes.
                    assert_eq!(die, 4);
                    assert!((1..=4).contains(&n));
                }
            }
            Event::TrampleStrike(_) => counts.2 += 1,
            _ => {}
        }
    }
    counts
}

#[test]
fn s16_11_the_beast_tramples_in_the_shipped_scenario() {
    let c = parse(&text("beast"));
    let mut total = (0, 0, 0);
    for seed in 0..10 {
        let b = play(&c, seed);
        let (d, p, s) = trample_counts(&b);
        total = (total.0 + d, total.1 + p, total.2 + s);
        for e in b.events() {
            if let Event::Trample(t) = e {
                // 750 kg against at most 88 kg: at least 8 times the weight.
                assert!(t.multiple >= 8);
                assert_eq!(b.figure(t.attacker).name, "Changala");
            }
        }
    }
    assert!(total.0 > 0, "no trample in 10 battles");
    assert!(total.1 > 0, "no Dodge ever passed");
    assert!(total.2 > 0, "no crushing strike ever landed");
}

#[test]
fn s16_11_a_dodge_prompt_comes_before_the_trample_and_a_full_dodge_costs_a_card() {
    let c = parse(&text("beast"));
    for seed in 0..20 {
        let mut b = Battle::new(&c, seed).unwrap();
        loop {
            let prompt = b.prompt();
            match prompt {
                Prompt::Finished { .. } => break,
                Prompt::Dodge { defender, attacker } => {
                    let before = b.figure(defender).round.cards.clone();
                    let events = b
                        .submit(Command::Dodge {
                            choice: DodgeChoice::FullLoseCard,
                        })
                        .unwrap()
                        .to_vec();
                    let Some(Event::Trample(t)) =
                        events.iter().find(|e| matches!(e, Event::Trample(_)))
                    else {
                        panic!("no trample after the dodge: {events:?}");
                    };
                    assert_eq!((t.attacker, t.defender), (attacker, defender));
                    assert!(t.dodge.loses_card);
                    let lost = |cards: &[hexmelee::rulesets::shakhan::engine::PlayedCard]| {
                        cards.iter().filter(|c| c.lost).count()
                    };
                    assert!(lost(&b.figure(defender).round.cards) > lost(&before));
                    if t.dodge.passed()
                        && let Some(h) = t.displaced_to
                    {
                        assert_eq!(b.figure(defender).pose.hex, h);
                    }
                    // The same enemy is not trampled twice in a round.
                    assert_ne!(b.prompt(), Prompt::Dodge { defender, attacker });
                    return;
                }
                _ => {
                    let answer = hexmelee::rulesets::shakhan::ai::answer(&b, &prompt);
                    b.submit(answer).unwrap();
                }
            }
        }
    }
    panic!("no trample in 20 battles");
}

#[test]
fn s16_12_quick_melee_plays_every_shipped_scenario_to_the_end() {
    for name in ["duel", "skirmish", "beast", "tavern-brawl", "ambush"] {
        let c = with_options(name, "quick_melee: true");
        for seed in 0..6 {
            let b = play(&c, seed);
            let events = b.events();
            assert!(
                events
                    .iter()
                    .any(|e| matches!(e, Event::PairingsMade { .. })),
                "{name} seed {seed}"
            );
            // No pulses, no map movement, no Movement Priority question.
            assert!(!events.iter().any(|e| matches!(
                e,
                Event::Moved { .. }
                    | Event::MovementPriorityChosen { .. }
                    | Event::PhaseBegan {
                        phase: Phase::Attack { .. } | Phase::Action { .. }
                    }
            )));
            let again = Battle::replay(&c, seed, b.commands()).unwrap();
            assert_eq!(again.events(), b.events());
            // 16.11 still applies: the beast tramples its partner.
            if name == "beast" {
                assert!(trample_counts(&b).0 > 0, "seed {seed}");
            }
        }
    }
}

#[test]
fn s16_12_half_action_points_and_attacks_in_descending_adjusted_agility() {
    let plain = parse(&text("skirmish"));
    let quick = with_options("skirmish", "quick_melee: true");
    let award = |c: &Checked| {
        let mut b = Battle::new(c, 3).unwrap();
        loop {
            let p = b.prompt();
            let a = hexmelee::rulesets::shakhan::ai::answer(&b, &p);
            for e in b.submit(a).unwrap().to_vec() {
                if let Event::OrdersRevealed { awards, .. } = e {
                    return awards;
                }
            }
        }
    };
    let (full, half) = (award(&plain), award(&quick));
    for (f, h) in full.iter().zip(&half) {
        assert_eq!(f.figure, h.figure);
        assert_eq!(h.ap, f.ap / 2.0, "{f:?} {h:?}");
    }
    for seed in 0..6 {
        let b = play(&quick, seed);
        // Within each quick melee phase, attackers come in descending
        // Adjusted Agility (each finishing its attacks first). A figure
        // whose card strikes only once attacked (D, E: 16.9.1) strikes back
        // when its partner has struck it, whatever its Agility.
        let mut last: Option<i32> = None;
        let mut orders = Vec::new();
        for e in b.events() {
            match e {
                Event::OrdersRevealed { orders: o, .. } => orders.extend(o.iter().cloned()),
                Event::PhaseBegan { .. } => last = None,
                Event::Strike(s) => {
                    // The newest orders of the striker are this round's.
                    let card = (orders.iter().rev())
                        .find(|o| o.figure == s.attacker)
                        .and_then(|o| o.cards.get(s.card_index))
                        .map(|c| c.card);
                    if matches!(card, Some(Card::D | Card::E)) {
                        continue;
                    }
                    let aa = b.figure(s.attacker).factors.adjusted_agility;
                    if let Some(l) = last {
                        assert!(aa <= l, "seed {seed}: {aa} after {l}");
                    }
                    last = Some(aa);
                }
                _ => {}
            }
        }
    }
}

#[test]
fn s16_12_pairings_are_checked_and_unpaired_figures_do_not_attack() {
    let c = with_options("duel", "quick_melee: true");
    let mut b = Battle::new(&c, 2).unwrap();
    while b.prompt() != Prompt::Pairings {
        let p = b.prompt();
        let a = hexmelee::rulesets::shakhan::ai::answer(&b, &p);
        b.submit(a).unwrap();
    }
    let (x, y) = (b.figures()[0].id, b.figures()[1].id);
    let same_side = Command::Pairings {
        pairs: vec![Pairing {
            attacker: x,
            defender: x,
        }],
    };
    assert!(b.submit(same_side).is_err());
    let twice = Command::Pairings {
        pairs: vec![
            Pairing {
                attacker: x,
                defender: y,
            },
            Pairing {
                attacker: x,
                defender: y,
            },
        ],
    };
    assert!(b.submit(twice).is_err());
    // Only x attacks.
    let events = b
        .submit(Command::Pairings {
            pairs: vec![Pairing {
                attacker: x,
                defender: y,
            }],
        })
        .unwrap()
        .to_vec();
    let mut all = events;
    while !matches!(b.prompt(), Prompt::DivineIntervention) {
        let p = b.prompt();
        let a = hexmelee::rulesets::shakhan::ai::answer(&b, &p);
        all.extend(b.submit(a).unwrap().to_vec());
    }
    assert!(
        all.iter()
            .all(|e| !matches!(e, Event::Strike(s) if s.attacker == y))
    );
}

#[test]
fn s16_12_the_referee_switches_quick_melee_from_the_next_round() {
    let c = parse(&text("skirmish"));
    let mut b = Battle::new(&c, 4).unwrap();
    b.submit(Command::QuickMelee { on: true }).unwrap();
    assert!(!b.is_quick_melee());
    sim::play(&mut b, 100, hexmelee::rulesets::shakhan::ai::answer).unwrap();
    assert!(
        b.round() > 1,
        "the battle must outlast the round of the switch"
    );
    assert!(b.is_quick_melee());
    assert!(
        b.events()
            .iter()
            .any(|e| matches!(e, Event::PairingsMade { .. }))
    );
}

#[test]
fn s16_13_referee_applies_a_hazard_at_any_prompt_explained_in_both_views() {
    let c = parse(&text("duel"));
    let mut b = Battle::new(&c, 9).unwrap();
    let victim = b.figures()[1].id;
    let before = b.clone();
    let unknown = Command::Hazard {
        figure: hexmelee::seam::FigureId(99),
        hazard: Hazard::Fall { seconds: 3 },
    };
    assert!(b.submit(unknown).is_err());
    assert_eq!(b.events(), before.events());
    let prompt = b.prompt();
    let events = b
        .submit(Command::Hazard {
            figure: victim,
            hazard: Hazard::Poison {
                intensity: 6,
                resist_dmod: Some(0.0),
                sleeping: false,
            },
        })
        .unwrap()
        .to_vec();
    // The prompt is still the same question.
    assert_eq!(b.prompt(), prompt);
    let Some(Event::Hazard(h)) = events.first() else {
        panic!("{events:?}")
    };
    assert!(h.outcome.wound.damage > 0);
    assert_eq!(b.figure(victim).condition.damage(), h.outcome.wound.damage);
    let referee = b.describe(&events[0], View::Referee).unwrap();
    let table = b.describe(&events[0], View::Table).unwrap();
    assert!(referee.contains("body damage"), "{referee}");
    assert!(
        table.contains("a poison") && !table.contains("damage"),
        "{table}"
    );
    sim::play(&mut b, 100, hexmelee::rulesets::shakhan::ai::answer).unwrap();
    let again = Battle::replay(&c, 9, b.commands()).unwrap();
    assert_eq!(again.events(), b.events());
}

#[test]
fn s16_13_5_aftermath_checks_are_listed_per_figure() {
    let c = parse(&text("skirmish"));
    let mut found = false;
    for seed in 0..10 {
        let b = play(&c, seed);
        for f in b.figures() {
            let checks = b.aftermath(f.id);
            // Healing and infection are the living's concern (docs/RULINGS.md, Issue 16).
            if f.condition.is_dead() {
                assert!(checks.is_empty(), "{checks:?}");
                continue;
            }
            if f.condition.internal_organ_damaged() {
                assert!(checks.contains(&AftermathCheck::InternalOrgans));
                found = true;
            }
            if !f.condition.injuries().is_empty() {
                assert!(
                    checks
                        .iter()
                        .any(|c| matches!(c, AftermathCheck::Infection { .. }))
                );
            }
        }
    }
    assert!(found, "no internal organ damaged in 10 skirmishes");
}

#[test]
fn s16_13_5_sim_json_lists_each_figures_aftermath() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_hexmelee"))
        .args(["sim", "scenarios/skirmish.ron", "--json", "--seed", "3"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let figures = v["figures"].as_array().unwrap();
    assert!(!figures.is_empty());
    assert!(figures.iter().all(|f| f["aftermath"].is_array()), "{v}");
}

#[test]
fn s16_11_a_designated_creature_tramples_whatever_its_weight() {
    // Two duellists of like weight: nobody tramples, until the Referee
    // designates one of them (16.11, third case).
    let plain = parse(&text("duel"));
    for seed in 0..5 {
        assert_eq!(trample_counts(&play(&plain, seed)).0, 0);
    }
    // A charges B across an open field, so that half its Action Points go
    // on moving in the round it arrives.
    let field = |distance: i32| {
        parse(&format!(
            r#"Scenario(name: "charge", ruleset: Shakhan, options: (free_rounds: false),
            map: (width: 20, height: 5),
            sides: [(name: "A", colour: Red), (name: "B", colour: Blue)],
            figures: [
                (name: "Ox", side: "A", at: (1, 2), facing: SE, tramples: true,
                 occupation: Warrior, level: 2, height_m: 1.9, weight_kg: 110.0, {STATS},
                 weapons: [(kind: Club, quality: Good)]),
                (name: "Kid", side: "B", at: ({}, 2), facing: NW,
                 occupation: Warrior, level: 1, height_m: 1.6, weight_kg: 60.0, {STATS},
                 weapons: [(kind: Dagger, quality: Good)]),
            ])"#,
            1 + distance
        ))
    };
    let n: usize = (4..14)
        .flat_map(|d| (0..3).map(move |seed| (d, seed)))
        .map(|(d, seed)| trample_counts(&play(&field(d), seed)).0)
        .sum();
    assert!(n > 0, "the designated figure never trampled");
}

#[test]
fn s16_13_hazards_beyond_the_limits_are_refused_and_change_nothing() {
    let c = parse(&text("duel"));
    let mut b = Battle::new(&c, 9).unwrap();
    let victim = b.figures()[1].id;
    let before = b.clone();
    for hazard in [
        Hazard::Fall {
            seconds: 500_000_000,
        },
        Hazard::Impact { kmh: u32::MAX },
        Hazard::Temperature {
            level: 1_000_000_000,
            save_dmod: None,
        },
        Hazard::Poison {
            intensity: 6,
            resist_dmod: Some(f64::NAN),
            sleeping: false,
        },
        Hazard::Radiation {
            minutes: 4_000_000_000,
            shielding: Vec::new(),
        },
    ] {
        let why = b
            .submit(Command::Hazard {
                figure: victim,
                hazard: hazard.clone(),
            })
            .expect_err("refused");
        assert!(why.0.contains("outside") || why.0.contains("DMod"), "{why}");
        assert_eq!(b.events(), before.events(), "{hazard:?}");
    }
    assert!(
        b.submit(Command::Hazard {
            figure: victim,
            hazard: Hazard::Impact { kmh: 1000 },
        })
        .is_ok()
    );
}
