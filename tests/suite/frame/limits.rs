//! The stated limits (src/limits.rs, docs/SCENARIOS.md "Limits"): each is
//! accepted at its value and refused one past it, with a placed message that
//! names the limit.

use std::fmt::Write as _;
use std::path::Path;

use hexmelee::limits;
use hexmelee::rulesets::shakhan::script::Script;
use hexmelee::rulesets::shakhan::session::SaveFile;
use hexmelee::scenario::ScenarioError;

/// `figures` figures on a `side` × `side` open map, in rows from the top
/// left, alternating sides; figure 0's name is `first_name`.
fn scenario_text(side: u16, figures: usize, first_name: &str) -> String {
    let mut text = format!(
        "Scenario(\n    name: \"Limits\",\n    ruleset: Shakhan,\n    \
         map: (width: {side}, height: {side}),\n    \
         sides: [(name: \"Red\", colour: Red), (name: \"Blue\", colour: Blue)],\n    \
         figures: [\n"
    );
    for i in 0..figures {
        let name = if i == 0 {
            first_name.to_string()
        } else {
            format!("F{i}")
        };
        let (col, row) = (i % usize::from(side), i / usize::from(side));
        let colour = ["Red", "Blue"][i % 2];
        let _ = writeln!(
            text,
            "        (name: \"{name}\", side: \"{colour}\", at: ({col}, {row}), facing: N, \
             occupation: Warrior, level: 1, \
             stats: (agility: 11, strength: 11, dexterity: 11, constitution: 11, willpower: 11, vision: 11), \
             height_m: 1.7, weight_kg: 70.0, weapons: [(kind: ShortSword, quality: Good, training: 1)]),"
        );
    }
    text.push_str("    ],\n)\n");
    text
}

fn refused(text: &str) -> ScenarioError {
    hexmelee::rulesets::shakhan::scenario::parse(Path::new("limits.ron"), text)
        .expect_err("refused")
}

/// The one problem, with its line:col and message.
fn only_problem(e: &ScenarioError) -> ((usize, usize), &str) {
    assert_eq!(e.problems.len(), 1, "{e}");
    let p = &e.problems[0];
    let at = p.at.expect("placed");
    ((at.line, at.col), &p.message)
}

#[test]
fn figures_up_to_the_limit_and_not_one_more() {
    assert!(
        hexmelee::rulesets::shakhan::scenario::parse(
            Path::new("ok.ron"),
            &scenario_text(32, limits::FIGURES, "F0")
        )
        .is_ok()
    );
    let e = refused(&scenario_text(32, limits::FIGURES + 1, "F0"));
    let (at, message) = only_problem(&e);
    // The `figures:` key opens line 6.
    assert_eq!(at, (6, 5), "{e}");
    assert!(
        message.contains(&format!("{} figures", limits::FIGURES + 1))
            && message.contains(&format!("at most {}", limits::FIGURES)),
        "{message}"
    );
}

#[test]
fn map_side_up_to_the_limit_and_not_one_more() {
    assert!(
        hexmelee::rulesets::shakhan::scenario::parse(
            Path::new("ok.ron"),
            &scenario_text(limits::MAP_SIDE, 2, "F0")
        )
        .is_ok()
    );
    let e = refused(&scenario_text(limits::MAP_SIDE + 1, 2, "F0"));
    let (at, message) = only_problem(&e);
    assert_eq!(at, (4, 5), "{e}");
    assert!(
        message.contains(&format!("at most {}", limits::MAP_SIDE)),
        "{message}"
    );
}

#[test]
fn names_up_to_the_limit_and_not_one_more() {
    // Characters, not bytes: à is two bytes.
    let longest = "à".repeat(limits::NAME_CHARS);
    assert!(
        hexmelee::rulesets::shakhan::scenario::parse(
            Path::new("ok.ron"),
            &scenario_text(8, 2, &longest)
        )
        .is_ok()
    );
    let e = refused(&scenario_text(8, 2, &format!("{longest}x")));
    let (at, message) = only_problem(&e);
    // The name's own opening quote.
    assert_eq!(at, (7, 16), "{e}");
    assert!(
        message.contains(&format!("{} characters", limits::NAME_CHARS + 1))
            && message.contains(&format!("at most {}", limits::NAME_CHARS)),
        "{message}"
    );
}

#[test]
fn scenario_and_orders_files_past_the_size_limit_are_refused_unread() {
    let dir = tempfile::tempdir().unwrap();
    let base = scenario_text(8, 2, "F0");
    let limit = limits::SCENARIO_BYTES as usize;
    // A comment pads the file to exactly the limit: it loads.
    let pad = |extra: usize| format!("{base}//{}\n", "x".repeat(limit + extra - base.len() - 3));
    let at_limit = dir.path().join("at.ron");
    std::fs::write(&at_limit, pad(0)).unwrap();
    assert_eq!(
        std::fs::metadata(&at_limit).unwrap().len(),
        limits::SCENARIO_BYTES
    );
    let checked = hexmelee::rulesets::shakhan::scenario::load(&at_limit).unwrap();
    let past = dir.path().join("past.ron");
    std::fs::write(&past, pad(1)).unwrap();
    let e = hexmelee::rulesets::shakhan::scenario::load(&past)
        .unwrap_err()
        .to_string();
    assert!(
        e.starts_with(&format!(
            "{}: the file is larger than {limit} bytes",
            past.display()
        )),
        "{e}"
    );
    // The same text handed over without a file (a save's scenario_text).
    let e = refused(&pad(1)).to_string();
    assert!(e.contains(&format!("larger than {limit} bytes")), "{e}");
    // Orders files share the limit.
    let e = Script::load(&past, &checked).unwrap_err().to_string();
    assert!(
        e.contains(&format!(
            "larger than {limit} bytes, the most an orders file"
        )),
        "{e}"
    );
}

/// An endless device is refused for what it is before a byte is read
/// (issue 44: only files are read), so it never fills memory.
#[test]
fn an_endless_device_is_refused_not_read_to_the_end() {
    let e = hexmelee::rulesets::shakhan::scenario::load(Path::new("/dev/zero"))
        .unwrap_err()
        .to_string();
    assert!(e.contains("it is a device, not a file"), "{e}");
    let e = hexmelee::rulesets::shakhan::session::load(Path::new("/dev/zero"))
        .unwrap_err()
        .to_string();
    assert!(e.contains("it is a device, not a file"), "{e}");
}

#[test]
fn saves_past_the_size_limit_are_refused() {
    let limit = limits::SAVE_BYTES as usize;
    let base = include_str!("../../broken_saves/ok-base.ron");
    let text = format!("{base}//{}\n", "x".repeat(limit - base.len()));
    let e = SaveFile::parse(Path::new("big.ron"), &text)
        .unwrap_err()
        .to_string();
    assert!(
        e.starts_with(&format!("big.ron: the file is larger than {limit} bytes")),
        "{e}"
    );
    // At the limit it loads.
    let dir = tempfile::tempdir().unwrap();
    let at_limit = dir.path().join("at.ron");
    std::fs::write(&at_limit, &text[..limit]).unwrap();
    assert!(hexmelee::rulesets::shakhan::session::load(&at_limit).is_ok());
}

#[test]
fn orders_for_more_rounds_than_the_limit_are_refused_at_the_first_extra_entry() {
    let checked = hexmelee::rulesets::shakhan::scenario::parse(
        Path::new("ok.ron"),
        &scenario_text(8, 2, "F0"),
    )
    .unwrap();
    let orders = |rounds: usize| {
        let mut text = String::from("[\n");
        for round in 1..=rounds {
            let _ = writeln!(
                text,
                "    (round: {round}, figure: \"F0\", cards: [(card: A)]),"
            );
        }
        text.push_str("]\n");
        text
    };
    let n = limits::ORDERS_PER_FIGURE;
    assert!(Script::parse(Path::new("o.ron"), &orders(n), &checked).is_ok());
    let e = Script::parse(Path::new("o.ron"), &orders(n + 1), &checked).unwrap_err();
    let (at, message) = only_problem(&e);
    assert_eq!(at, (n + 2, 17), "{e}");
    assert!(
        message.contains(&format!("more than {n} rounds")),
        "{message}"
    );
}

#[test]
fn nesting_past_the_limit_is_refused_where_it_goes_too_deep() {
    // Fields a save's first look passes over can nest as deep as a file
    // likes: the limit is what stops them.
    let save = |depth: usize| {
        let junk = format!("{}{}", "[".repeat(depth), "]".repeat(depth));
        format!("SaveFile(junk: {junk})")
    };
    let n = limits::NESTING;
    // `SaveFile(` is one level.
    let e = SaveFile::parse(Path::new("s.ron"), &save(n - 1))
        .unwrap_err()
        .to_string();
    assert!(e.contains("there is no `format"), "{e}");
    let e = SaveFile::parse(Path::new("s.ron"), &save(n))
        .unwrap_err()
        .to_string();
    let col = "SaveFile(junk: ".len() + n;
    assert!(
        e.starts_with(&format!(
            "s.ron:1:{col}: brackets and parentheses nest deeper than {n}"
        )),
        "{e}"
    );
    // Scenarios and orders files are held to the same depth.
    let deep = format!("{}{}", "(".repeat(n + 1), ")".repeat(n + 1));
    let e = refused(&deep);
    assert_eq!(only_problem(&e).0, (1, n + 1), "{e}");
    let checked = hexmelee::rulesets::shakhan::scenario::parse(
        Path::new("ok.ron"),
        &scenario_text(8, 2, "F0"),
    )
    .unwrap();
    let e = Script::parse(Path::new("o.ron"), &deep, &checked).unwrap_err();
    assert_eq!(only_problem(&e).0, (1, n + 1), "{e}");
}
