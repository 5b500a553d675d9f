//! Scenario files: reading, and checking what they mean. The only module that
//! does file IO for battles; everything it hands on is already valid.

mod format;
mod locate;
mod validate;

pub use format::*;
pub use locate::line_col;
pub use validate::{Checked, REQUISITE_RANGE, check_figure};

use std::fmt;
use std::path::{Path, PathBuf};

use thiserror::Error;

/// The scenario compiled into the binary, opened when no file is named.
pub const DEFAULT_SCENARIO: (&str, &str) = (
    "scenarios/duel.ron",
    include_str!("../../scenarios/duel.ron"),
);

/// One thing wrong with a scenario, where it is and how to fix it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// 1-based line and column in the file, when known.
    pub at: Option<(usize, usize)>,
    pub message: String,
    pub hint: Option<String>,
}

/// Every problem found in one scenario file.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub struct ScenarioError {
    pub file: PathBuf,
    pub problems: Vec<Problem>,
}

impl fmt::Display for ScenarioError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.problems.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            match p.at {
                Some((line, col)) => {
                    write!(f, "{}:{line}:{col}: {}", self.file.display(), p.message)?
                }
                None => write!(f, "{}: {}", self.file.display(), p.message)?,
            }
            if let Some(hint) = &p.hint {
                write!(f, "\n  hint: {hint}")?;
            }
        }
        Ok(())
    }
}

/// Read and check a scenario file.
pub fn load(path: &Path) -> Result<Checked, ScenarioError> {
    let text = read_text(path, "a scenario", "docs/SCENARIOS.md")?;
    parse(path, &text)
}

/// Read a battle's text file (a scenario, an orders script): a file that is
/// missing or not UTF-8 is one problem, with a hint naming the format's page.
pub fn read_text(path: &Path, what: &str, format_page: &str) -> Result<String, ScenarioError> {
    std::fs::read_to_string(path).map_err(|e| {
        let hint = if e.kind() == std::io::ErrorKind::InvalidData {
            format!("{what} is UTF-8 text in RON; see {format_page}")
        } else {
            "check the path".to_string()
        };
        ScenarioError {
            file: path.to_path_buf(),
            problems: vec![Problem {
                at: None,
                message: format!("cannot read the file: {e}"),
                hint: Some(hint),
            }],
        }
    })
}

/// Parse and check scenario text; `file` only names it in messages.
pub fn parse(file: &Path, text: &str) -> Result<Checked, ScenarioError> {
    let fail = |problems| ScenarioError {
        file: file.to_path_buf(),
        problems,
    };
    let scenario: Scenario = ron::from_str(text).map_err(|e| {
        fail(vec![Problem {
            at: Some((e.span.start.line, e.span.start.col)),
            message: e.code.to_string(),
            hint: Some("see docs/SCENARIOS.md for the format".into()),
        }])
    })?;
    validate::check(scenario, text).map_err(fail)
}

/// The embedded default scenario.
pub fn default_scenario() -> Result<Checked, ScenarioError> {
    parse(Path::new(DEFAULT_SCENARIO.0), DEFAULT_SCENARIO.1)
}
