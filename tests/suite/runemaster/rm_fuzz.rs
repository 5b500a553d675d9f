//! No Rune Master scenario text makes the loader panic: the mutated duel
//! comes back as a scenario or as problems placed at fuzz.ron:line:col in
//! hexmelee's words (`tests/suite/refusal.rs`).

use std::path::Path;

use proptest::prelude::*;

use crate::hardening::{self, Loaded};
use crate::refusal;

const DUEL: &str = include_str!("../../../scenarios/rm-duel.ron");

fn loads_without_panic(text: &str) {
    match hardening::parse_any(Path::new("fuzz.ron"), text) {
        Ok(Loaded::RuneMaster(c)) => assert_eq!(c.setup.figures.len(), c.scenario.figures.len()),
        Ok(_) => {}
        Err(e) => {
            assert!(!e.problems.is_empty());
            refusal::assert_refusal(&e.to_string(), "fuzz.ron");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn mutated_duels_never_panic(
        at in any::<usize>(),
        cut in 0usize..12,
        insert in prop_oneof![
            Just(String::new()),
            "[0-9-]{1,4}",
            "[(),:\\[\\]\"]{1,3}",
            "\\PC{0,6}",
            Just("-1".to_string()),
            Just("99999999999".to_string()),
        ],
    ) {
        let chars: Vec<char> = DUEL.chars().collect();
        let at = at % (chars.len() + 1);
        let end = (at + cut).min(chars.len());
        let text: String = chars[..at].iter().chain(insert.chars().collect::<Vec<_>>().iter()).chain(chars[end..].iter()).collect();
        loads_without_panic(&text);
    }

    #[test]
    fn numbers_swapped_for_extremes_never_panic(
        nth in 0usize..200,
        value in prop_oneof![Just("0"), Just("-5"), Just("4000000000"), Just("65535"), Just("2147483647")],
    ) {
        let digits: Vec<usize> = DUEL
            .char_indices()
            .filter(|(i, c)| c.is_ascii_digit() && !DUEL[..*i].ends_with(|p: char| p.is_ascii_digit()))
            .map(|(i, _)| i)
            .collect();
        let at = digits[nth % digits.len()];
        let len = DUEL[at..].find(|c: char| !c.is_ascii_digit()).unwrap_or(0);
        loads_without_panic(&format!("{}{}{}", &DUEL[..at], value, &DUEL[at + len..]));
    }
}
