//! Scenario files: reading, and checking what they mean. The only module that
//! does file IO for battles; everything it hands on is already valid.

mod format;
mod locate;
mod validate;

pub use format::*;
pub use locate::line_col;
pub use validate::{Checked, REQUISITE_RANGE, check_figure};

use std::fmt;
use std::io::Read;
use std::path::{Path, PathBuf};

use thiserror::Error;

use crate::limits;

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
    // At most one byte past the limit is read: a larger file, or an endless
    // one such as a device, is refused before it fills memory.
    let limit = limits::SCENARIO_BYTES;
    let fail = |message: String, hint: String| ScenarioError {
        file: path.to_path_buf(),
        problems: vec![Problem {
            at: None,
            message,
            hint: Some(hint),
        }],
    };
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(limit + 1).read_to_end(&mut bytes))
        .map_err(|e| {
            fail(
                format!("cannot read the file: {e}"),
                "check the path".into(),
            )
        })?;
    if bytes.len() as u64 > limit {
        return Err(fail(
            format!("the file is larger than {limit} bytes, the most {what} may be"),
            format!("split it up or cut it down; the limits are in {format_page}"),
        ));
    }
    String::from_utf8(bytes).map_err(|_| {
        fail(
            "cannot read the file: stream did not contain valid UTF-8".into(),
            format!("{what} is UTF-8 text in RON; see {format_page}"),
        )
    })
}

/// Parse and check scenario text; `file` only names it in messages.
pub fn parse(file: &Path, text: &str) -> Result<Checked, ScenarioError> {
    let fail = |problems| ScenarioError {
        file: file.to_path_buf(),
        problems,
    };
    if text.len() as u64 > limits::SCENARIO_BYTES {
        return Err(fail(vec![Problem {
            at: None,
            message: format!(
                "the scenario is larger than {} bytes, the most a scenario may be",
                limits::SCENARIO_BYTES
            ),
            hint: Some("split it up or cut it down; the limits are in docs/SCENARIOS.md".into()),
        }]));
    }
    if let Some(problem) = nesting(text) {
        return Err(fail(vec![problem]));
    }
    let scenario: Scenario = ron_options().from_str(text).map_err(|e| {
        fail(vec![Problem {
            at: Some((e.span.start.line, e.span.start.col)),
            message: e.code.to_string(),
            hint: Some("see docs/SCENARIOS.md for the format".into()),
        }])
    })?;
    validate::check(scenario, text).map_err(fail)
}

/// How every battle file is read. [`nesting`] has already refused what is
/// deeper than [`limits::NESTING`]; RON counts several steps of recursion
/// for one bracket, so its own limit only stands behind that, for the stack.
pub fn ron_options() -> ron::Options {
    ron::Options::default().with_recursion_limit(4 * limits::NESTING)
}

/// The bracket that opens deeper than [`limits::NESTING`], if any: no
/// hexmelee file needs as many, and following them costs stack.
pub fn nesting(text: &str) -> Option<Problem> {
    locate::too_deep(text, limits::NESTING).map(|at| Problem {
        at: Some(line_col(text, at)),
        message: format!(
            "brackets and parentheses nest deeper than {} here",
            limits::NESTING
        ),
        hint: Some("no hexmelee file nests so deep: the file is damaged or not one of ours".into()),
    })
}

/// The embedded default scenario.
pub fn default_scenario() -> Result<Checked, ScenarioError> {
    parse(Path::new(DEFAULT_SCENARIO.0), DEFAULT_SCENARIO.1)
}
