//! Shakhàn's scenario body (docs/SCENARIOS.md): the file format and the
//! checks of what it means, placed through the shell's report.

mod format;
mod validate;

pub use format::*;
pub use validate::{Checked, REQUISITE_RANGE, check_figure};

use std::path::Path;

use crate::scenario::{ScenarioError, plain, read_text, shell_problem, text_problems};

/// The scenario compiled into the binary, opened when no file is named.
pub const DEFAULT_SCENARIO: (&str, &str) = (
    "scenarios/duel.ron",
    include_str!("../../../../scenarios/duel.ron"),
);

/// Read and check a scenario file.
pub fn load(path: &Path) -> Result<Checked, ScenarioError> {
    let text = read_text(path, "a scenario", "docs/SCENARIOS.md")?;
    parse(path, &text)
}

/// Parse and check scenario text; `file` only names it in messages.
pub fn parse(file: &Path, text: &str) -> Result<Checked, ScenarioError> {
    let fail = |problems| ScenarioError {
        file: file.to_path_buf(),
        problems,
    };
    if let Some(problem) = shell_problem(text) {
        return Err(fail(vec![problem]));
    }
    let scenario: Scenario = plain::from_str(text)
        .map_err(|e| fail(vec![plain::problem(text, &e, "docs/SCENARIOS.md")]))?;
    let mut problems = text_problems(text, &["name", "side", "leader"]);
    match validate::check(scenario, text) {
        Ok(checked) if problems.is_empty() => Ok(checked),
        Ok(_) => Err(fail(problems)),
        Err(more) => {
            problems.extend(more);
            Err(fail(problems))
        }
    }
}

/// The embedded default scenario.
pub fn default_scenario() -> Result<Checked, ScenarioError> {
    parse(Path::new(DEFAULT_SCENARIO.0), DEFAULT_SCENARIO.1)
}

/// How RON's refusals of Shakhàn's format read in hexmelee's words.
#[cfg(test)]
mod tests {
    use super::Scenario;
    use crate::scenario::Problem;
    use crate::scenario::plain::{from_str, problem};

    fn message(text: &str) -> Problem {
        let e = from_str::<Scenario>(text).unwrap_err();
        problem(text, &e, "docs/SCENARIOS.md")
    }

    #[test]
    fn huge_and_exponent_numbers_say_what_a_number_may_be() {
        let p = message("(name: \"x\", ruleset: Shakhan, seed: 1e309)");
        assert_eq!(p.message, "1e309 is not a whole number");
        assert!(p.hint.unwrap().contains("2^64−1"));
        let p = message("(name: \"x\", ruleset: Shakhan, seed: 99999999999999999999999)");
        assert!(p.message.contains("out of range"), "{p:?}");
        assert_eq!(p.at.unwrap().to_string(), "1:37");
    }

    #[test]
    fn fields_and_choices_are_named_in_our_words() {
        let p = message("(nmae: \"x\")");
        assert_eq!(p.message, "there is no field `nmae` in Scenario");
        let p = message("(name: \"x\", ruleset: Dnd)");
        assert!(p.hint.unwrap().contains("Shakhan"));
        let p = message("(name: 5)");
        assert_eq!(p.message, "text in double quotes belongs here");
        let p = message("(name: \"x\", ruleset: Shakhan, map: (width: -3))");
        assert_eq!(p.message, "-3 is out of range for this field");
    }
}
