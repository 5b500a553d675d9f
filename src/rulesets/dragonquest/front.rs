//! DragonQuest as the command line sees it: `check`, `sim`, `batch`,
//! `odds`, `check-save`, `export` and the display, each over this folder's
//! own scenario, engine, AI, reports and App.

use std::path::Path;

use clap::{ArgMatches, Args, FromArgMatches};

use super::display::App;
use super::engine::Battle;
use super::scenario;
use super::script::DqScript;
use super::session::{describe, render};
use super::{ai, batch, odds, report};
use crate::front::{BatchArgs, Failure, Front, OddsArgs, Opened, Opening, Output, Said, SimArgs};
use crate::scenario::ScenarioError;
use crate::seam::View;
use crate::session::export::Format;
use crate::session::file::load_text_of;
use crate::session::{SaveError, Session};
use crate::sim::batch::{BatchSpec, run_report_of};

/// DragonQuest, registered in `crate::rulesets`.
pub struct DragonQuest;

/// DragonQuest's own flags for `hexmelee odds`.
#[derive(Debug, Args)]
#[group(id = "dragonquest_odds")]
struct OddsFlags {
    /// DragonQuest: the hex the strike comes through: front, flank or rear.
    #[arg(long, value_name = "WAY")]
    through: Option<String>,
    /// DragonQuest: a Ranged attack (fired or thrown) at this many hexes.
    #[arg(long, value_name = "HEXES")]
    range: Option<u16>,
    /// DragonQuest: a Close Combat strike.
    #[arg(long)]
    close: bool,
    /// DragonQuest: the strike ends a Charge: pole (a Pole weapon or a
    /// Shield Rush) or other.
    #[arg(long, value_name = "WEAPON")]
    charge: Option<String>,
    /// DragonQuest: the strike is an Offensive Withdrawal's.
    #[arg(long)]
    withdrawing: bool,
    /// DragonQuest: the defender is Stunned.
    #[arg(long)]
    stunned: bool,
    /// DragonQuest: the defender is kneeling or prone.
    #[arg(long)]
    prone: bool,
    /// DragonQuest: the defender is Evading (and may Parry).
    #[arg(long)]
    evading: bool,
    /// DragonQuest: the defender is in a Defensive Withdrawal.
    #[arg(long)]
    defensive: bool,
    /// DragonQuest: the defender is moving (Ranged).
    #[arg(long)]
    moving: bool,
    /// DragonQuest: the defender is sheltered (Ranged).
    #[arg(long)]
    sheltered: bool,
    /// DragonQuest: a special attack in place of the blow (23.5): trip,
    /// entangle, shield-rush, knockout or disarm.
    #[arg(long, value_name = "ATTACK")]
    special: Option<String>,
    /// DragonQuest: a monster of several hexes tramples a figure it
    /// overran (29).
    #[arg(long)]
    trample: bool,
}

impl Front for DragonQuest {
    fn name(&self) -> &'static str {
        "DragonQuest"
    }

    fn title(&self) -> &'static str {
        "DragonQuest"
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
            .map(|o| DqScript::load(o, &checked))
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
            let mut playing = script.as_ref().map(DqScript::playing);
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
        let name = &checked.scenario.name;
        let report = run_report_of(
            &checked.spec,
            name,
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
            ("through", "--through"),
            ("range", "--range"),
            ("close", "--close"),
            ("charge", "--charge"),
            ("withdrawing", "--withdrawing"),
            ("stunned", "--stunned"),
            ("prone", "--prone"),
            ("evading", "--evading"),
            ("defensive", "--defensive"),
            ("moving", "--moving"),
            ("sheltered", "--sheltered"),
            ("special", "--special"),
            ("trample", "--trample"),
        ]
    }

    fn odds(
        &self,
        file: &Path,
        text: &str,
        args: &OddsArgs,
        flags: &ArgMatches,
    ) -> Result<Output, Failure> {
        let checked = scenario::parse(file, text)?;
        let f = OddsFlags::from_arg_matches(flags).map_err(|e| Failure::Said(e.to_string()))?;
        let asked = odds::DqOddsArgs {
            attacker: args.attacker.clone(),
            defender: args.defender.clone(),
            weapon: args.weapon.clone(),
            range: f.range,
            close: f.close,
            through: f.through,
            charge: f.charge,
            stunned: f.stunned,
            prone: f.prone,
            evading: f.evading,
            defensive: f.defensive,
            moving: f.moving,
            sheltered: f.sheltered,
            withdrawing: f.withdrawing,
            special: f.special,
            trample: f.trample,
        };
        let report = odds::odds_report(&checked, &asked, args.json)
            .map_err(|e| Failure::OfFile(e.to_string()))?;
        Ok(Output::of(args.json, report))
    }

    fn check_save(&self, file: &Path, text: &str) -> Result<Said, SaveError> {
        Said::of_save::<Battle>(file, text, describe)
    }

    /// One view: every figure is in plain sight in DragonQuest.
    fn export(&self, file: &Path, text: &str, format: Format, _: View) -> Result<Said, SaveError> {
        Said::of_save::<Battle>(file, text, |session| render(session, format))
    }

    fn open(&self, opening: &Opening, source: String, light: bool) -> Result<Opened, Failure> {
        let (session, warnings) = match opening {
            Opening::Default => {
                return Err(Failure::Said(
                    "hexmelee: DragonQuest embeds no default scenario; name one".into(),
                ));
            }
            Opening::New(path, seed) => (Session::<Battle>::open(path, source, *seed)?, Vec::new()),
            Opening::Resume(file) | Opening::Replay(file) => {
                let loaded = load_text_of::<Battle>(file, &source)?;
                (loaded.session, loaded.warnings)
            }
        };
        Ok(Opened {
            screen: Box::new(App::from_session(session, light)),
            warnings,
        })
    }
}
