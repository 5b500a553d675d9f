//! HârnMaster as the command line sees it: `check`, `sim` (with `--save`),
//! `batch`, `check-save` and `export` over this folder's scenario, engine, AI,
//! reports and session. What is not built yet refuses in plain words.

use std::path::Path;

use clap::{ArgMatches, Args, FromArgMatches};

use super::engine::Battle;
use super::odds::{self, Asked};
use super::script::HmScript;
use super::session::{describe, render};
use super::{ai, report, scenario};
use crate::front::{BatchArgs, Failure, Front, OddsArgs, Opened, Opening, Output, Said, SimArgs};
use crate::scenario::ScenarioError;
use crate::seam::View;
use crate::session::SaveError;
use crate::session::Session;
use crate::session::export::Format;
use crate::sim::batch::{BatchSpec, run_report_of};

/// HârnMaster's own flags for `hexmelee odds`, named for it.
#[derive(Debug, Args)]
#[group(id = "harnmaster_odds")]
struct OddsFlags {
    /// HârnMaster: the attack's aim: any, head, arms or legs (l.38).
    #[arg(long, value_name = "AIM")]
    hm_aim: Option<String>,
    /// HârnMaster: the aspect of the blow: blunt, edge or point (l.12).
    #[arg(long, value_name = "ASPECT")]
    hm_aspect: Option<String>,
    /// HârnMaster: the declared defence: block, counterstrike, dodge or
    /// ignore (l.16); else the AI's.
    #[arg(long, value_name = "DEFENCE")]
    hm_defence: Option<String>,
    /// HârnMaster: a missile weapon's distance in hexes (l.81); else the
    /// scenario's.
    #[arg(long, value_name = "HEXES")]
    hm_range: Option<u32>,
}

/// HârnMaster, registered in `crate::rulesets`.
pub struct HarnMaster;

/// What is not built yet, said the same way everywhere.
fn not_yet(what: &str) -> String {
    format!(
        "HârnMaster: {what} is not built yet; try check, sim, batch, odds, check-save or export"
    )
}

impl Front for HarnMaster {
    fn name(&self) -> &'static str {
        "HarnMaster"
    }

    fn title(&self) -> &'static str {
        "HârnMaster"
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
            .map(|o| HmScript::load(o, &checked))
            .transpose()
            .map_err(|e| Failure::Said(e.to_string()))?;
        let view = if args.table_view {
            View::Table
        } else {
            View::Referee
        };
        let mut playing = script.as_ref().map(HmScript::playing);
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
            let mut playing = script.as_ref().map(HmScript::playing);
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
            ai::answer,
            true,
        )
        .map_err(|e| Failure::OfFile(e.to_string()))?;
        let mut out = Output::batch(&report, args.json);
        // The summary says which pack it was played on.
        if let Output::Text(text) = &mut out {
            text.insert_str(0, &format!("{}\n", report::pack_line(&checked.spec.pack)));
        }
        Ok(out)
    }

    fn odds_flags(&self, odds: clap::Command) -> clap::Command {
        OddsFlags::augment_args(odds)
    }

    fn odds_flag_names(&self) -> &'static [(&'static str, &'static str)] {
        &[
            ("hm_aim", "--hm-aim"),
            ("hm_aspect", "--hm-aspect"),
            ("hm_defence", "--hm-defence"),
            ("hm_range", "--hm-range"),
        ]
    }

    /// The two figures alone, as the scenario gives them.
    fn odds(
        &self,
        file: &Path,
        text: &str,
        args: &OddsArgs,
        flags: &ArgMatches,
    ) -> Result<Output, Failure> {
        let checked = scenario::parse(file, text)?;
        let f = OddsFlags::from_arg_matches(flags).map_err(|e| Failure::Said(e.to_string()))?;
        let asked = Asked {
            attacker: args.attacker.clone(),
            defender: args.defender.clone(),
            weapon: args.weapon.clone(),
            aim: f.hm_aim,
            aspect: f.hm_aspect,
            defence: f.hm_defence,
            range: f.hm_range,
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
        Err(Failure::Said(not_yet("the display")))
    }
}
