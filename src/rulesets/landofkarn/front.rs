//! Land of Karn as the command line sees it: `check`, `sim`, `batch`,
//! `check-save`, `export` over this folder's scenario, engine, AI,
//! reports, session and scripted orders, and `odds`. What is not built
//! yet (the display) refuses in plain words.

use std::path::Path;

use clap::{Args, FromArgMatches};

use super::engine::Battle;
use super::odds::{self, LokOddsArgs};
use super::script::LokScript;
use super::session::{describe, render};
use super::{ai, batch, report, scenario};
use crate::front::{BatchArgs, Failure, Front, OddsArgs, Opened, Opening, Output, Said, SimArgs};
use crate::scenario::ScenarioError;
use crate::seam::View;
use crate::session::export::Format;
use crate::session::{SaveError, Session};
use crate::sim::batch::{BatchSpec, run_report_of};

/// Land of Karn's own flags for `hexmelee odds`, named for it.
#[derive(Debug, Args)]
#[group(id = "landofkarn_odds")]
struct OddsFlags {
    /// Land of Karn: the strike's share of an action: full, half or quarter.
    #[arg(long, value_name = "SHARE")]
    lok_share: Option<String>,
    /// Land of Karn: the defence: parry, dodge, saved (a winner's saved
    /// action, +5) or none.
    #[arg(long, value_name = "DEFENCE")]
    lok_defence: Option<String>,
    /// Land of Karn: the defence's share of an action: full, half or quarter.
    #[arg(long, value_name = "SHARE")]
    lok_defence_share: Option<String>,
    /// Land of Karn: a called shot at ArmOrLeg, KidneyPunch, Groin, Head,
    /// Eye or InnerThighArtery (the book's example penalties).
    #[arg(long, value_name = "TARGET")]
    lok_called: Option<String>,
}

/// Land of Karn, registered in `crate::rulesets`.
pub struct LandOfKarn;

const TITLE: &str = "Land of Karn";

fn not_yet(what: &str, instead: &str) -> String {
    format!("{TITLE}: {what} not built yet; {instead}")
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
        let checked = scenario::parse(file, text)?;
        let script = (args.orders.as_deref())
            .map(|o| LokScript::load(o, &checked))
            .transpose()
            .map_err(|e| Failure::Said(e.to_string()))?;
        let view = if args.table_view {
            View::Table
        } else {
            View::Referee
        };
        let mut playing = script.as_ref().map(LokScript::playing);
        let log = report::simulate(
            &checked,
            args.seed,
            args.max_rounds,
            args.json,
            view,
            |b, p| match &mut playing {
                Some(playing) => playing.answer(b, p),
                None => ai::answer(b, p),
            },
        );
        let log = log.map_err(|refused| match &playing {
            Some(playing) => Failure::Said(playing.refused(&refused)),
            None => Failure::OfFile(refused.to_string()),
        })?;
        if let Some(out) = &args.save {
            let mut playing = script.as_ref().map(LokScript::playing);
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
        OddsFlags::augment_args(odds)
    }

    fn odds_flag_names(&self) -> &'static [(&'static str, &'static str)] {
        &[
            ("lok_share", "--lok-share"),
            ("lok_defence", "--lok-defence"),
            ("lok_defence_share", "--lok-defence-share"),
            ("lok_called", "--lok-called"),
        ]
    }

    fn odds(
        &self,
        file: &Path,
        text: &str,
        args: &OddsArgs,
        flags: &clap::ArgMatches,
    ) -> Result<Output, Failure> {
        let checked = scenario::parse(file, text)?;
        let f = OddsFlags::from_arg_matches(flags).map_err(|e| Failure::Said(e.to_string()))?;
        let word = |w: Option<String>, default: &str| w.unwrap_or_else(|| default.to_string());
        let asked = LokOddsArgs {
            attacker: args.attacker.clone(),
            defender: args.defender.clone(),
            weapon: args.weapon.clone(),
            share: odds::share_of(&word(f.lok_share, "full")).map_err(Failure::OfFile)?,
            guard: odds::guard_of(&word(f.lok_defence, "parry")).map_err(Failure::OfFile)?,
            guard_share: odds::share_of(&word(f.lok_defence_share, "full"))
                .map_err(Failure::OfFile)?,
            called: f
                .lok_called
                .as_deref()
                .map(odds::called_of)
                .transpose()
                .map_err(Failure::OfFile)?,
        };
        let report = odds::odds_report(&checked, &asked, args.json).map_err(Failure::OfFile)?;
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
        Err(Failure::Said(not_yet(
            "the display (play, play --resume, replay) is",
            "try sim, or export a save",
        )))
    }
}
