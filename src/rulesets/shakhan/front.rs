//! Shakhàn as the command line sees it: `check`, `sim`, `batch`, `odds`,
//! `check-save`, `export` and the display, each over this folder's own
//! scenario, engine, AI, reports and App.

use std::path::Path;

use clap::{ArgMatches, Args, FromArgMatches};

use super::display::{App, Display};
use super::engine::Battle;
use super::rules::tables::tables;
use super::scenario;
use super::script::Script;
use super::session::{Session, describe, render};
use super::{ai, batch, odds, report};
use crate::front::{BatchArgs, Failure, Front, Opened, Opening, Output, Said, SimArgs};
use crate::scenario::ScenarioError;
use crate::seam::View;
use crate::session::SaveError;
use crate::session::export::Format;
use crate::session::file::load_text_of;
use crate::sim::batch::BatchSpec;

/// Shakhàn, registered in `crate::rulesets`.
pub struct Shakhan;

/// Shakhàn's own flags for `hexmelee odds`.
#[derive(Debug, Args)]
#[group(id = "shakhan_odds")]
struct OddsFlags {
    /// Shakhàn: the attacker's Tactic Card (A-G; C when not given).
    #[arg(long)]
    card: Option<String>,
    /// Shakhàn: the defender's Tactic Card (A-G; C when not given).
    #[arg(long)]
    defense_card: Option<String>,
    /// Shakhàn: aim at a body area: head, neck, upper_body, lower_body, arms, legs.
    #[arg(long)]
    aim: Option<String>,
    /// Shakhàn: the defender does not raise its shield (e.g. struck from the rear).
    #[arg(long)]
    no_shield: bool,
    /// Shakhàn: the defender charged onto the attacker's set spear or pole arm
    /// (16.15.4 "Impaled on set weapon": +15 to the penetration roll).
    #[arg(long)]
    impaled: bool,
}

impl Front for Shakhan {
    fn name(&self) -> &'static str {
        "Shakhan"
    }

    fn title(&self) -> &'static str {
        "Shakhàn"
    }

    fn default_scenario(&self) -> Option<(&'static str, &'static str)> {
        Some(scenario::DEFAULT_SCENARIO)
    }

    fn check(&self, file: &Path, text: &str, json: bool) -> Result<Output, ScenarioError> {
        let checked = scenario::parse(file, text)?;
        Ok(if json {
            Output::Json(format!("{}\n", report::factors_json(&checked)))
        } else {
            Output::Text(report::factors_table(&checked))
        })
    }

    fn sim(&self, file: &Path, text: &str, args: &SimArgs) -> Result<Output, Failure> {
        let checked = scenario::parse(file, text)?;
        let script = (args.orders.as_deref())
            .map(|o| Script::load(o, &checked))
            .transpose()
            .map_err(|e| Failure::Said(e.to_string()))?;
        // Played first for its words: a refused order is placed in the
        // orders file; the save then replays the same battle.
        let log = report::simulate(
            &checked,
            args.seed,
            args.max_rounds,
            args.json,
            args.table_view,
            script.as_ref(),
        )
        .map_err(|e| match &script {
            Some(_) => Failure::Said(e),
            None => Failure::OfFile(e),
        })?;
        if let Some(out) = &args.save {
            Session::start(file, text.to_string(), args.seed)
                .and_then(|mut s| {
                    s.play(args.max_rounds, |b, p| match &script {
                        Some(script) => script.answer(b, p),
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
        let report = batch::run_report(&checked, spec, args.threads, batch::ANSWERER, true)
            .map_err(|e| Failure::OfFile(e.to_string()))?;
        Ok(Output::batch(&report, args.json))
    }

    fn odds_flags(&self, odds: clap::Command) -> clap::Command {
        OddsFlags::augment_args(odds)
    }

    fn odds_flag_names(&self) -> &'static [(&'static str, &'static str)] {
        &[
            ("card", "--card"),
            ("defense_card", "--defense-card"),
            ("aim", "--aim"),
            ("no_shield", "--no-shield"),
            ("impaled", "--impaled"),
        ]
    }

    fn odds(
        &self,
        file: &Path,
        text: &str,
        args: &crate::front::OddsArgs,
        flags: &ArgMatches,
    ) -> Result<Output, Failure> {
        let checked = scenario::parse(file, text)?;
        let flags = OddsFlags::from_arg_matches(flags).map_err(|e| Failure::Said(e.to_string()))?;
        let asked = odds::OddsArgs {
            attacker: args.attacker.clone(),
            defender: args.defender.clone(),
            card: flags.card.unwrap_or_else(|| "C".into()),
            defense_card: flags.defense_card.unwrap_or_else(|| "C".into()),
            weapon: args.weapon.clone(),
            aim: flags.aim,
            no_shield: flags.no_shield,
            impaled: flags.impaled,
        };
        let report = odds::odds_report(&checked, &asked, tables(), args.json)
            .map_err(|e| Failure::OfFile(e.to_string()))?;
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

    fn open(&self, opening: &Opening, source: String, light: bool) -> Result<Opened, Failure> {
        let (session, warnings) = match opening {
            Opening::Default => {
                let path = Path::new(scenario::DEFAULT_SCENARIO.0);
                (Session::start(path, source, None)?, Vec::new())
            }
            Opening::New(path, seed) => (Session::start(path, source, *seed)?, Vec::new()),
            Opening::Resume(file) | Opening::Replay(file) => {
                let loaded = load_text_of::<Battle>(file, &source)?;
                (loaded.session, loaded.warnings)
            }
        };
        Ok(Opened {
            screen: Box::new(Display::new(App::from_session(session, light))),
            warnings,
        })
    }
}
