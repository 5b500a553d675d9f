//! Land of Karn as the command line sees it: `check`, `sim` and `batch`
//! over this folder's scenario, engine, AI and reports. What is not built
//! yet refuses in plain words.

use std::path::Path;

use super::engine::Battle;
use super::{ai, batch, report, scenario};
use crate::front::{BatchArgs, Failure, Front, OddsArgs, Opened, Opening, Output, Said, SimArgs};
use crate::scenario::ScenarioError;
use crate::seam::View;
use crate::session::SaveError;
use crate::session::export::Format;
use crate::sim::batch::{BatchSpec, run_report_of};

/// Land of Karn, registered in `crate::rulesets`.
pub struct LandOfKarn;

const TITLE: &str = "Land of Karn";

fn not_yet(what: &str, instead: &str) -> String {
    format!("{TITLE}: {what} not built yet; {instead}")
}

/// Saves are not built: no Land of Karn save exists to read.
fn no_saves(file: &Path) -> SaveError {
    SaveError::NotASave {
        path: file.to_path_buf(),
        at: None,
        why: format!("{TITLE}: saves are not built yet"),
        hint: "try sim".into(),
    }
}

impl Front for LandOfKarn {
    fn name(&self) -> &'static str {
        "LandOfKarn"
    }

    fn title(&self) -> &'static str {
        TITLE
    }

    fn check(&self, file: &Path, text: &str, json: bool) -> Result<Output, ScenarioError> {
        let checked = scenario::parse(file, text)?;
        Ok(if json {
            Output::Json(format!("{}\n", report::check_json(&checked)))
        } else {
            Output::Text(report::check_table(&checked))
        })
    }

    fn sim(&self, file: &Path, text: &str, args: &SimArgs) -> Result<Output, Failure> {
        if args.orders.is_some() {
            return Err(Failure::Said(not_yet(
                "scripted orders are",
                "try sim without --orders (the AI plays every side)",
            )));
        }
        if args.save.is_some() {
            return Err(Failure::Said(not_yet(
                "saves are",
                "try sim without --save",
            )));
        }
        let checked = scenario::parse(file, text)?;
        let view = if args.table_view {
            View::Table
        } else {
            View::Referee
        };
        let log = report::simulate(
            &checked,
            args.seed,
            args.max_rounds,
            args.json,
            view,
            ai::answer,
        )
        .map_err(Failure::OfFile)?;
        Ok(Output::of(args.json, log))
    }

    fn batch(&self, file: &Path, text: &str, args: &BatchArgs) -> Result<Output, Failure> {
        let checked = scenario::parse(file, text)?;
        let spec = BatchSpec {
            battles: args.battles,
            seed: args.seed.unwrap_or(checked.scenario.seed),
            max_rounds: args.max_rounds,
        };
        let report = run_report_of::<Battle>(
            &checked.spec,
            &checked.scenario.name,
            spec,
            args.threads,
            batch::ANSWERER,
            true,
        )
        .map_err(|e| Failure::OfFile(e.to_string()))?;
        Ok(Output::batch(&report, args.json))
    }

    fn odds_flags(&self, odds: clap::Command) -> clap::Command {
        odds
    }

    fn odds_flag_names(&self) -> &'static [(&'static str, &'static str)] {
        &[]
    }

    fn odds(
        &self,
        _: &Path,
        _: &str,
        _: &OddsArgs,
        _: &clap::ArgMatches,
    ) -> Result<Output, Failure> {
        Err(Failure::Said(not_yet(
            "odds are",
            "try batch for chances over many battles",
        )))
    }

    fn check_save(&self, file: &Path, _: &str) -> Result<Said, SaveError> {
        Err(no_saves(file))
    }

    fn export(&self, file: &Path, _: &str, _: Format, _: View) -> Result<Said, SaveError> {
        Err(no_saves(file))
    }

    fn open(&self, _: &Opening, _: String, _: bool) -> Result<Opened, Failure> {
        Err(Failure::Said(not_yet("the display is", "try sim")))
    }
}
