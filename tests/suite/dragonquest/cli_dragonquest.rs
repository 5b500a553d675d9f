//! The real binary on DragonQuest scenarios: `check`, `sim` (with `--save`,
//! `--orders`, `--table-view`), `batch`, `odds`, `check-save` and `export`
//! work; a broken file is refused at its place; what this slice does not do
//! yet (`play`) says so, exit 2.

use std::process::{Command, Output};

use serde_json::Value;

const DQ: [&str; 4] = [
    "scenarios/dq-duel.ron",
    "scenarios/dq-party-vs-monsters.ron",
    "scenarios/dq-ambush.ron",
    "scenarios/dq-drake.ron",
];

fn hexmelee(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hexmelee"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the binary runs")
}

fn ok(args: &[&str]) -> String {
    let out = hexmelee(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn refused(args: &[&str]) -> String {
    let out = hexmelee(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    assert!(out.stdout.is_empty(), "{args:?}");
    String::from_utf8(out.stderr).unwrap()
}

#[test]
fn check_prints_each_figure_s_sheet_in_text_and_json() {
    let text = ok(&["check", DQ[0]]);
    assert!(
        text.contains("valid DragonQuest scenario, 2 figures"),
        "{text}"
    );
    assert!(
        text.contains("Strike Chance 76 = BC 55 −5 MD short + MD 14 + Rank 12"),
        "{text}"
    );
    assert!(text.contains("Defense: 22 front, 12 rear"), "{text}");
    assert!(text.contains("(house: "), "house values are marked: {text}");
    for file in DQ {
        let json: Value = serde_json::from_str(&ok(&["check", file, "--json"])).unwrap();
        assert_eq!(json["ruleset"], "DragonQuest");
        for f in json["figures"].as_array().unwrap() {
            for key in [
                "modified_ag",
                "modified_md",
                "tmr",
                "initiative_value",
                "endurance",
                "fatigue",
                "absorbs",
                "defense",
                "weapons",
                "unarmed",
            ] {
                assert!(f.get(key).is_some(), "{file}: no {key}");
            }
            for w in f["weapons"].as_array().unwrap() {
                assert!(w["strike_chance"].is_i64(), "{file}: {w}");
            }
        }
    }
}

#[test]
fn sim_plays_to_the_end_the_same_way_for_the_same_seed() {
    for file in DQ {
        let log = ok(&["sim", file, "--seed", "11"]);
        assert_eq!(log, ok(&["sim", file, "--seed", "11"]), "{file}");
        assert!(log.starts_with("Pulse 1"), "{file}: {log}");
        assert!(log.contains("[24.2"), "{file}: strikes are explained");
        let json: Value =
            serde_json::from_str(&ok(&["sim", file, "--seed", "11", "--json"])).unwrap();
        assert_eq!(json["seed"], 11);
        assert!(json["pulses"].as_u64().unwrap() > 0);
        let last = log.lines().last().unwrap();
        match json["winner"].as_str() {
            Some(w) => assert!(last.contains(w), "{file}: {last}"),
            None => assert!(
                last.contains("No decision") || last.contains("no one stands"),
                "{last}"
            ),
        }
    }
}

/// The same JSON shape as a Shakhàn batch, its counts adding up.
#[test]
fn batch_reports_wins_per_side_like_shakhan_s() {
    let json: Value = serde_json::from_str(&ok(&[
        "batch",
        DQ[1],
        "-n",
        "30",
        "--seed",
        "5",
        "--threads",
        "1",
        "--json",
    ]))
    .unwrap();
    let shakhan: Value =
        serde_json::from_str(&ok(&["batch", "scenarios/duel.ron", "-n", "2", "--json"])).unwrap();
    let keys = |v: &Value| {
        let mut k: Vec<String> = v.as_object().unwrap().keys().cloned().collect();
        k.sort();
        k
    };
    assert_eq!(keys(&json), keys(&shakhan));
    assert_eq!(json["battles"], 30);
    let wins: u64 = json["wins"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["count"].as_u64().unwrap())
        .sum();
    assert_eq!(wins + json["draws"]["count"].as_u64().unwrap(), 30);
    assert_eq!(json["casualties"].as_array().unwrap().len(), 8);
    let text = ok(&["batch", DQ[0], "-n", "20"]);
    assert!(text.contains("at most 100 Pulses each"), "{text}");
    assert!(text.contains("Pulses to decision"), "{text}");
}

#[test]
fn a_broken_dragonquest_file_is_refused_at_its_place() {
    for args in [
        &["check", "tests/broken/dq-rank-too-high.ron"][..],
        &["sim", "tests/broken/dq-rank-too-high.ron"][..],
        &["batch", "tests/broken/dq-rank-too-high.ron", "-n", "3"][..],
    ] {
        let stderr = refused(args);
        assert!(
            stderr.starts_with(
                "tests/broken/dq-rank-too-high.ron:32:17: Aldric has Rank 9 with the Broadsword; its highest is 6\n  hint: "
            ),
            "{args:?}: {stderr}"
        );
    }
}

/// `sim --save` writes the battle as a save; `check-save` replays it and
/// says where it stands, `export` writes its explained log; the display
/// opens it (here, without a terminal, it says it needs one), and says in
/// plain words that it cannot step through it yet.
#[test]
fn sim_saves_a_battle_that_check_save_and_export_read() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("duel-save.ron");
    let save = save.to_str().unwrap();
    let log = ok(&["sim", DQ[0], "--save", save]);
    let text = std::fs::read_to_string(save).unwrap();
    assert!(text.starts_with("SaveFile(\n    format: \"hexmelee-save\""));
    assert!(
        text.contains("ruleset: DragonQuest"),
        "the scenario inside names it"
    );
    let described = ok(&["check-save", save]);
    assert!(
        described.starts_with("DragonQuest duel in the yard — seed 1632, "),
        "{described}"
    );
    assert!(described.contains("(Pulse "), "{described}");
    assert!(described.contains("  Aldric "), "{described}");
    let exported = ok(&["export", save]);
    assert!(exported.starts_with("DragonQuest duel in the yard\n====="));
    assert!(exported.contains("\nPulse 1 begins [19]\n"), "{exported}");
    // The export's lines are the sim's log, explained the same way.
    let last = log.lines().last().unwrap();
    assert!(exported.contains(last), "{last}");
    let md = ok(&["export", save, "--format", "markdown"]);
    assert!(md.contains("\n## Pulse 1 begins \\[19\\]\n"), "{md}");
    let stderr = refused(&["play", "--resume", save]);
    assert!(
        stderr.contains("the tactical display needs a terminal"),
        "{stderr}"
    );
    // The replay opens a DragonQuest save too: refused here only for want
    // of a terminal.
    let stderr = refused(&["replay", save]);
    assert!(
        stderr.contains("the tactical display needs a terminal"),
        "{stderr}"
    );
    assert!(!stderr.contains("DragonQuest"), "{stderr}");
}

/// Not in this slice: each says so, naming the flags, and exits 2 before
/// any terminal is touched. The display opens DragonQuest (here it needs a
/// terminal) but serves no player seats for it.
#[test]
fn what_dragonquest_cannot_do_yet_says_so() {
    let stderr = refused(&["play", DQ[0]]);
    assert!(
        stderr.contains("the tactical display needs a terminal"),
        "{stderr}"
    );
    let stderr = refused(&["play", DQ[0], "--seats", "127.0.0.1:0"]);
    assert!(
        stderr.contains("--seats is for Shakhàn battles"),
        "{stderr}"
    );
}

/// The table view: the same battle as the Referee's log, Pulse for Pulse,
/// without the Referee's numbers (docs/RULINGS.md, "The DragonQuest table
/// view"): no roll, Strike Chance, Defense, damage points, Fatigue,
/// Endurance or Protection, and no digit at all in a strike's or a wound's line.
#[test]
fn sim_table_view_hides_the_referee_s_numbers() {
    for file in DQ {
        let referee = ok(&["sim", file]);
        let table = ok(&["sim", file, "--table-view"]);
        let pulses = |log: &str| log.lines().filter(|l| l.starts_with("Pulse ")).count();
        assert_eq!(pulses(&referee), pulses(&table), "{file}");
        assert_eq!(
            referee.lines().last(),
            table.lines().last(),
            "the same ending: {file}"
        );
        for hidden in [
            "rolled",
            "D10",
            "Strike Chance",
            "Defense",
            "Endurance",
            "Protection",
            "absorbed",
            "rolls Initiative",
            "MD × 3",
        ] {
            assert!(!table.contains(hidden), "{file}: {hidden:?} in\n{table}");
        }
        for line in table.lines().filter(|l| {
            l.contains(" strikes at ")
                || l.contains(" fires at ")
                || l.contains(" is wounded")
                || l.contains(" tires ")
        }) {
            let words = line.split('[').next().unwrap();
            assert!(!words.chars().any(|c| c.is_ascii_digit()), "{file}: {line}");
        }
    }
    let table = ok(&["sim", DQ[0], "--table-view"]);
    assert!(
        table.contains("Aldric strikes at Brenna with the Broadsword: a "),
        "{table}"
    );
}

/// docs/ORDERS.md, "DragonQuest": the scripted figures take the file's
/// actions in its Pulses, the AI plays the rest, the same way every time.
#[test]
fn sim_with_orders_plays_the_scripted_actions() {
    let args = ["sim", DQ[0], "--orders", "tests/orders/dq-duel-evade.ron"];
    let log = ok(&args);
    assert_eq!(log, ok(&args), "same seed and file, same battle");
    let pulse = |n: u32| {
        let from = log.find(&format!("Pulse {n} begins")).unwrap();
        let to = log[from + 1..]
            .find("Pulse ")
            .map_or(log.len(), |i| from + 1 + i);
        log[from..to].to_string()
    };
    for n in 1..=3 {
        assert!(
            pulse(n).contains("Brenna: Evade [20.2, 21.5]"),
            "{}",
            pulse(n)
        );
    }
    assert!(
        pulse(4).contains("Brenna: Defensive Withdrawal [20.3]"),
        "{}",
        pulse(4)
    );
    assert_ne!(log, ok(&["sim", DQ[0]]), "the orders changed the battle");
}

/// Broken orders files are refused at their place; an action the engine
/// refuses in play stops the battle with its Pulse and the engine's reason.
#[test]
fn sim_orders_problems_are_placed_and_exit_2() {
    for (file, says) in [
        (
            "tests/orders/dq-unknown-figure.ron",
            "tests/orders/dq-unknown-figure.ron:4:24: there is no figure named \"Aldrik\"",
        ),
        (
            "tests/orders/duel-parry.ron",
            "tests/orders/duel-parry.ron:4:6: there is no field `round`",
        ),
        (
            "tests/broken_orders/not-utf8.ron",
            "tests/broken_orders/not-utf8.ron:",
        ),
        (
            "tests/orders/dq-refused.ron",
            "tests/orders/dq-refused.ron:4:5: Pulse 1: Aldric's scripted action was refused in play: Brenna is not in Aldric's Melee Zone",
        ),
        (
            "tests/orders/dq-refused-special.ron",
            "tests/orders/dq-refused-special.ron:5:5: Pulse 2: Aldric's scripted action was refused in play: Aldric needs a quarterstaff, spear, halberd, poleaxe or glaive in hand to Trip (23.5)",
        ),
        (
            // Given after Brenna's action, the last of Pulse 1: at the
            // first question of Pulse 2.
            "tests/orders/dq-refused-referee.ron",
            "tests/orders/dq-refused-referee.ron:5:5: Pulse 2: the Referee's word was refused in play: that figure is so already",
        ),
    ] {
        let stderr = refused(&["sim", DQ[0], "--orders", file]);
        assert!(stderr.contains(says), "{file}: {stderr}");
    }
    let stderr = refused(&["sim", DQ[0], "--orders", "no/such/orders.ron"]);
    assert!(stderr.contains("no/such/orders.ron"), "{stderr}");
}

/// The new entries' mistakes (a side, a weapon to Disarm, a field out of
/// place, a figure a word names, a friend in a sweep), each placed with a
/// hint, and nothing played.
#[test]
fn sim_orders_entry_mistakes_are_all_placed() {
    let file = "tests/orders/dq-broken-entries.ron";
    let stderr = refused(&["sim", DQ[0], "--orders", file]);
    for says in [
        ":4:22: there is no side named \"Brenna\"",
        ":5:83: Brenna has no weapon named \"Axe\"",
        ":6:49: `figure` has no place in the Referee's word",
        ":7:38: there is no figure named \"Brena\"",
        ":8:93: Brenna is on Brenna's own side",
    ] {
        assert!(
            stderr.contains(&format!("{file}{says}")),
            "{says}: {stderr}"
        );
    }
    assert!(
        stderr.contains("hint: the sides are Aldric's, Brenna's"),
        "{stderr}"
    );
}

/// DragonQuest 32 as a script: the shipped orders with the scenario's dice
/// print the book's example, every roll and result the book's, in its order.
#[test]
fn sim_plays_section_32_from_its_shipped_orders() {
    let log = ok(&[
        "sim",
        "scenarios/dq-example-32.ron",
        "--orders",
        "scenarios/dq-example-32.orders.ron",
    ]);
    let mut from = 0;
    for book in [
        // First Pulse.
        "Pulse 1 begins",
        "The monsters have the Initiative",
        "The monsters act first",
        "Hobgoblin: Charge",
        "Orc fires at Ariella with the Spear",
        "rolled 96, a miss",
        "Goblin fires at Delion with the Crossbow",
        "+ 20 (through a rear hex)",
        "hit: damage to Fatigue",
        "Delion takes 9 (D10 6): 4 absorbed, 5 Fatigue, 0 Endurance",
        "Delion is Stunned",
        "Delion drops the Rapier",
        "Eaglewing: Evade",
        "Ariella: a spell",
        "Delion tries to recover: 70 against 27, still Stunned",
        // Second Pulse: 54 is 37 over the hobgoblin's 17; Parry 8, a
        // Disarm and Riposte for 12 to Endurance; the Referee's fall.
        "Pulse 2 begins",
        "The monsters have the Initiative",
        "Hobgoblin strikes at Eaglewing with the Scimitar",
        "= 17 — rolled 54",
        "Eaglewing parries, D10 8 + Rank 5 − Rank 3 = 10: the attacker is Disarmed, and a Riposte",
        "Hobgoblin drops the Scimitar",
        "Eaglewing ripostes at Hobgoblin with the Tulwar",
        "Hobgoblin takes 12 (D10 8): 0 absorbed, 0 Fatigue, 12 Endurance",
        "Hobgoblin is Stunned",
        "Hobgoblin is down",
        "Orc prepares the Scimitar",
        "Goblin is loading the Crossbow",
        "Eaglewing strikes at Hobgoblin with the Tulwar: Strike Chance 86 − Defense 0 + 15 (target Stunned) + 20 (target kneeling or prone)",
        "a Grievous Injury",
        "Hobgoblin is dead",
        "Ariella: a spell",
        "Goblin takes 13 (given)",
        "Goblin is Stunned",
        "Goblin drops the Crossbow",
        "Delion tries to recover: 10 against 27, recovers",
        // Third Pulse.
        "Pulse 3 begins",
        "Orc rolls Initiative for the monsters",
        "The party have the Initiative",
        "The party act first",
        "Eaglewing prepares the Main-Gauche",
        "Ariella: a spell",
        "Delion turns to face south-west",
        "Delion picks up the Rapier",
        "Orc strikes at Delion with the Scimitar",
        "rolled 95, a miss",
        "Goblin tries to recover: 05 against 25, recovers",
        // Fourth Pulse.
        "Pulse 4 begins",
        "Goblin rolls Initiative for the monsters",
        "The party have the Initiative",
        "Order: engaged: Orc (27) then Delion (25)",
        "Orc strikes at Delion with the Scimitar",
        "rolled 30, hit: damage to Fatigue",
        "Delion takes 8 (D10 5): 4 absorbed, 3 Fatigue, 0 Endurance",
        "Delion: Defensive Withdrawal",
        "The party act first",
        "Ariella: a spell",
        "Ariella takes 20 (given)",
        "Ariella is Stunned",
        "Eaglewing strikes at Orc with the Tulwar",
        "+ 30 (through a rear hex) − 15 (charging with a non-Pole weapon)",
        "hit: damage to Fatigue",
        "Orc is Stunned",
        "Orc rolls 20 against MD × 3 = 45: keeps hold",
        "Goblin moves 2 hexes",
        // Fifth Pulse: the orc surrenders.
        "Pulse 5 begins",
        "The monsters break and leave the fight (the Referee's word)",
        "The fight is over: the party hold the field",
    ] {
        let Some(at) = log[from..].find(book) else {
            panic!("{book:?} not after byte {from} of\n{log}");
        };
        from += at + book.len();
    }
}

/// `sim --orders --save`: the save holds the battle the script played;
/// `export --referee` tells the sim's log line for line, and `check-save`
/// says how it ended.
#[test]
fn sim_saves_the_battle_its_orders_played() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("example.ron");
    let save = save.to_str().unwrap();
    let args = [
        "sim",
        "scenarios/dq-example-32.ron",
        "--orders",
        "scenarios/dq-example-32.orders.ron",
        "--save",
        save,
    ];
    let log = ok(&args);
    let exported = ok(&["export", save, "--referee"]);
    let lines: Vec<&str> = exported
        .lines()
        .skip(4)
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.chars().all(|c| c == '-'))
        .collect();
    let (verdict, told) = lines.split_last().unwrap();
    assert_eq!(*verdict, "the party won.");
    assert_eq!(told, log.lines().collect::<Vec<_>>());
    let described = ok(&["check-save", save]);
    assert!(
        described.contains("(Pulse 5, the end): the party won"),
        "{described}"
    );
    // A script refused in play saves nothing.
    let never = dir.path().join("never.ron");
    refused(&[
        "sim",
        DQ[0],
        "--orders",
        "tests/orders/dq-refused.ron",
        "--save",
        never.to_str().unwrap(),
    ]);
    assert!(!never.exists());
}
