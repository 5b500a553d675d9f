//! No scenario text can make the loader panic: mutated shipped scenarios and
//! random text must each come back as a scenario or a list of problems, each
//! placed at fuzz.ron:line:col in hexmelee's words (`tests/suite/refusal.rs`).

use std::path::Path;

use crate::hardening;
use crate::refusal;

use proptest::prelude::*;

const SHIPPED: [&str; 11] = [
    include_str!("../../../scenarios/duel.ron"),
    include_str!("../../../scenarios/unmatched-cards.ron"),
    include_str!("../../../scenarios/ambush.ron"),
    include_str!("../../../scenarios/tavern-brawl.ron"),
    include_str!("../../../scenarios/beast.ron"),
    include_str!("../../../scenarios/skirmish.ron"),
    include_str!("../../../scenarios/dq-duel.ron"),
    include_str!("../../../scenarios/dq-party-vs-monsters.ron"),
    include_str!("../../../scenarios/dq-ambush.ron"),
    include_str!("../../../scenarios/dq-drake.ron"),
    include_str!("../../../scenarios/lok-duel.ron"),
];

/// Splice `insert` into `text` at a char boundary near `at`, replacing `cut` chars.
fn mutate(text: &str, at: usize, cut: usize, insert: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let at = at % (chars.len() + 1);
    let end = (at + cut).min(chars.len());
    chars[..at]
        .iter()
        .chain(insert.chars().collect::<Vec<_>>().iter())
        .chain(chars[end..].iter())
        .collect()
}

fn loads_without_panic(text: &str) {
    match hardening::parse_any(Path::new("fuzz.ron"), text) {
        Ok(hardening::Loaded::Shakhan(c)) => {
            assert_eq!(c.characters.len(), c.scenario.figures.len())
        }
        Ok(hardening::Loaded::DragonQuest(c)) => {
            assert_eq!(c.spec.figures.len(), c.scenario.figures.len())
        }
        Ok(hardening::Loaded::RuneMaster(c)) => {
            assert_eq!(c.setup.figures.len(), c.scenario.figures.len())
        }
        Ok(hardening::Loaded::LandOfKarn(c)) => {
            assert_eq!(c.spec.figures.len(), c.scenario.figures.len())
        }
        Err(e) => {
            assert!(!e.problems.is_empty());
            // Issue 25: every refusal placed, in our words, safe to print.
            refusal::assert_refusal(&e.to_string(), "fuzz.ron");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn mutated_scenarios_never_panic(
        which in 0usize..SHIPPED.len(),
        at in any::<usize>(),
        cut in 0usize..12,
        insert in prop_oneof![
            Just(String::new()),
            "[0-9-]{1,4}",
            "[(),:\\[\\]\"]{1,3}",
            "\\PC{0,6}",
            Just("(".to_string()),
            Just("99999999999".to_string()),
            Just("-1".to_string()),
            Just("1e308".to_string()),
            Just("NaN".to_string()),
        ],
    ) {
        loads_without_panic(&mutate(SHIPPED[which], at, cut, &insert));
    }

    #[test]
    fn numbers_swapped_for_extremes_never_panic(
        which in 0usize..SHIPPED.len(),
        nth in 0usize..200,
        value in prop_oneof![Just("0"), Just("-5"), Just("4000000000"), Just("65535"), Just("0.0"), Just("-1.5"), Just("1000000.0")],
    ) {
        let text = SHIPPED[which];
        let digits: Vec<usize> = text
            .char_indices()
            .filter(|(i, c)| c.is_ascii_digit() && !text[..*i].ends_with(|p: char| p.is_ascii_digit() || p == '.'))
            .map(|(i, _)| i)
            .collect();
        let at = digits[nth % digits.len()];
        let len = text[at..].find(|c: char| !(c.is_ascii_digit() || c == '.')).unwrap_or(0);
        loads_without_panic(&format!("{}{}{}", &text[..at], value, &text[at + len..]));
    }

    #[test]
    fn random_text_never_panics(text in "\\PC{0,200}") {
        loads_without_panic(&text);
    }
}

#[test]
fn every_shipped_scenario_is_valid() {
    for text in SHIPPED {
        if let Err(e) = hardening::parse_any(Path::new("shipped.ron"), text) {
            panic!("{e}");
        }
    }
}

/// The annotated example in docs/SCENARIOS.md is a real, valid scenario.
#[test]
fn the_documented_example_is_valid() {
    let doc = include_str!("../../../docs/SCENARIOS.md");
    let start = doc.find("```ron\n").expect("a ron block") + "```ron\n".len();
    let end = start + doc[start..].find("```").expect("its end");
    if let Err(e) = hexmelee::rulesets::shakhan::scenario::parse(
        Path::new("docs/SCENARIOS.md"),
        &doc[start..end],
    ) {
        panic!("{e}");
    }
}
