//! Rune Master as the command line sees it: `check`, `sim` (with `--save`),
//! `batch`, `odds`, `check-save` and `export` are built; the rest refuses in
//! plain words until it is.

use std::path::Path;

use super::engine::Battle;
use super::script::RmScript;
use super::session::{describe, render};
use super::{ai, batch, odds, report, scenario};
use crate::front::{BatchArgs, Failure, Front, OddsArgs, Opened, Opening, Output, Said, SimArgs};
use crate::scenario::ScenarioError;
use crate::seam::View;
use crate::session::export::Format;
use crate::session::{SaveError, Session};
use crate::sim::batch::{BatchSpec, run_report_of};

/// Rune Master, registered in `crate::rulesets`.
pub struct RuneMaster;

/// What is not built yet, in the words every refusal uses.
fn not_yet(what: &str) -> String {
    format!("Rune Master: {what} is not built yet; try check, sim (with --orders), batch or odds")
}

impl Front for RuneMaster {
    fn name(&self) -> &'static str {
        "RuneMaster"
    }

    fn title(&self) -> &'static str {
        "Rune Master"
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
        let checked = scenario::parse(file, text)?;
        let script = (args.orders.as_deref())
            .map(|o| RmScript::load(o, &checked))
            .transpose()
            .map_err(|e| Failure::Said(e.to_string()))?;
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
            script.as_ref(),
        );
        // A battle the script could not play is not saved.
        if let (Some(out), Ok(_)) = (&args.save, &log) {
            let mut playing = script.as_ref().map(RmScript::playing);
            Session::<Battle>::open(file, text.to_string(), args.seed)
                .and_then(|mut s| {
                    s.play_out(args.max_rounds, |b, p| match &mut playing {
                        Some(playing) => playing.answer(b, p),
                        None => ai::answer(b, p),
                    })?;
                    Ok(s.save(out)?)
                })
                .map_err(|e| Failure::Said(e.to_string()))?;
        }
        // A refusal of a scripted entry is placed in the orders file.
        let log = log.map_err(|e| match &script {
            Some(_) => Failure::Said(e),
            None => Failure::OfFile(e),
        })?;
        Ok(Output::of(args.json, log))
    }

    fn batch(&self, file: &Path, text: &str, args: &BatchArgs) -> Result<Output, Failure> {
        let checked = scenario::parse(file, text)?;
        let spec = BatchSpec {
            battles: args.battles,
            seed: args.seed.unwrap_or(checked.scenario.seed),
            max_rounds: args.max_rounds,
        };
        let report = run_report_of(
            &checked.setup,
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

    /// Face to face at the attacker's reach, against the AI's defence; no
    /// flags of its own yet (`--weapon` is refused: one weapon a figure).
    fn odds(
        &self,
        file: &Path,
        text: &str,
        args: &OddsArgs,
        _: &clap::ArgMatches,
    ) -> Result<Output, Failure> {
        if args.weapon.is_some() {
            return Err(Failure::Said(not_yet("choosing a weapon (--weapon)")));
        }
        let checked = scenario::parse(file, text)?;
        let report = odds::odds_report(&checked, &args.attacker, &args.defender, args.json)
            .map_err(Failure::OfFile)?;
        Ok(Output::of(args.json, report))
    }

    fn check_save(&self, file: &Path, text: &str) -> Result<Said, SaveError> {
        Said::of_save::<Battle>(file, text, describe)
    }

    fn export(
        &self,
        file: &Path,
        text: &str,
        format: Format,
        view: View,
    ) -> Result<Said, SaveError> {
        Said::of_save::<Battle>(file, text, |session| render(session, format, view))
    }

    fn open(&self, _: &Opening, _: String, _: bool) -> Result<Opened, Failure> {
        Err(Failure::Said(
            "Rune Master: the display is not built yet; try sim".into(),
        ))
    }
}
