//! A toy third ruleset, built only for tests, that proves the seam: a
//! trivial battle implemented through the frame's traits alone (`Engine`,
//! `Fights`, `session::Ruleset`) plays through `sim::play`, a batch and a
//! session (undo, replay, a save's round trip) without naming any real
//! ruleset.

use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::dice::Dice;
use crate::scenario::{Problem, ScenarioError};
use crate::seam::{Engine, Rejection, SideId};
use crate::session::{Ruleset, Session};
use crate::sim::batch::{self, BatchSpec, Fate, Fights, Roster};

/// Two sides take turns to throw a d6; a 6 fells the other side's one
/// figure. The setup is the number of throws before a draw.
#[derive(Debug, Clone)]
struct Toss {
    turn: SideId,
    throws: u32,
    limit: u32,
    felled: Option<SideId>,
    dice: Dice,
    events: Vec<Thrown>,
}

#[derive(Debug, Clone, PartialEq)]
struct Thrown {
    side: SideId,
    face: u32,
}

#[derive(Debug, Clone, PartialEq)]
enum Ask {
    Throw(SideId),
    Done,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct Throw(SideId);

impl Engine for Toss {
    type Setup = u32;
    type Prompt = Ask;
    type Command = Throw;
    type Event = Thrown;
    type SetupError = String;
    const CLOCK: &'static str = "throw";

    fn start(limit: &u32, seed: u64) -> Result<Self, String> {
        Ok(Toss {
            turn: SideId(0),
            throws: 0,
            limit: *limit,
            felled: None,
            dice: Dice::seeded(seed),
            events: Vec::new(),
        })
    }
    fn prompt(&self) -> Ask {
        if self.felled.is_some() || self.throws >= self.limit {
            Ask::Done
        } else {
            Ask::Throw(self.turn)
        }
    }
    fn finished(prompt: &Ask) -> bool {
        *prompt == Ask::Done
    }
    fn submit(&mut self, Throw(side): Throw) -> Result<&[Thrown], Rejection> {
        if self.prompt() != Ask::Throw(side) {
            return Err(Rejection(format!("it is not side {}'s throw", side.0)));
        }
        let start = self.events.len();
        let face = self.dice.roll(6);
        self.events.push(Thrown { side, face });
        self.throws += 1;
        if face == 6 {
            self.felled = Some(SideId(1 - side.0));
        }
        self.turn = SideId(1 - side.0);
        Ok(&self.events[start..])
    }
    fn outcome(&self) -> Option<Option<SideId>> {
        match (self.felled, self.prompt()) {
            (Some(felled), _) => Some(Some(SideId(1 - felled.0))),
            (None, Ask::Done) => Some(None),
            (None, _) => None,
        }
    }
    fn clock(&self) -> u32 {
        self.throws
    }
}

impl Fights for Toss {
    fn roster(_: &u32) -> Roster {
        Roster {
            sides: vec!["Heads".into(), "Tails".into()],
            figures: vec![("H".into(), "Heads".into()), ("T".into(), "Tails".into())],
        }
    }
    fn fates(&self) -> Vec<Fate> {
        (0..2)
            .map(|side| match self.felled {
                Some(SideId(s)) if s == side => Fate::Dead,
                _ => Fate::Standing,
            })
            .collect()
    }
}

impl Ruleset for Toss {
    type Checked = u32;
    type Moment = u32;
    const NAME: &'static str = "Toss";
    const REPLAY_REDOES: bool = false;

    /// The scenario is the number of throws before a draw.
    fn parse(origin: &Path, text: &str) -> Result<u32, ScenarioError> {
        text.trim().parse().map_err(|_| ScenarioError {
            file: origin.to_path_buf(),
            problems: vec![Problem {
                at: None,
                message: "a toss is a number of throws".into(),
                hint: None,
            }],
        })
    }
    fn setup(checked: &u32) -> &u32 {
        checked
    }
    fn scenario_name(_: &u32) -> &str {
        "toss"
    }
    fn scenario_seed(_: &u32) -> u64 {
        7
    }
    fn events(&self) -> &[Thrown] {
        &self.events
    }
    fn side_name(&self, side: SideId) -> &str {
        ["Heads", "Tails"][side.0]
    }
    fn moment(&self) -> u32 {
        self.throws
    }
    fn where_in(&self) -> String {
        format!("throw {}", self.throws + 1)
    }
    fn what(&self, command: &Throw) -> String {
        Self::summary(command)
    }
    fn summary(Throw(side): &Throw) -> String {
        format!("side {}'s throw", side.0)
    }
}

/// The toy's AI: whoever is asked throws.
fn throw(_: &Toss, prompt: &Ask) -> Throw {
    match prompt {
        Ask::Throw(side) => Throw(*side),
        Ask::Done => Throw(SideId(0)),
    }
}

#[test]
fn a_third_ruleset_plays_through_sim_play() {
    let mut toss = Toss::start(&40, 3).unwrap();
    crate::sim::play(&mut toss, 100, throw).unwrap();
    assert!(toss.outcome().is_some());
    let again = Toss::replay(&40, 3, &vec![Throw(SideId(0)); 0]).unwrap();
    assert_eq!(again.clock(), 0);
    assert!(
        toss.submit(Throw(SideId(0))).is_err(),
        "a finished toss takes no throw"
    );
}

#[test]
fn a_third_ruleset_runs_a_batch_and_its_summary() {
    let spec = BatchSpec {
        battles: 200,
        seed: 11,
        max_rounds: 100,
    };
    let report = batch::run_report_of::<Toss>(&40, "toss", spec, Some(2), throw, false).unwrap();
    let text = report.text();
    assert!(text.contains("Heads") && text.contains("Tails"), "{text}");
    // The same seed gives the same battles, whatever the threads.
    let again = batch::run_report_of::<Toss>(&40, "toss", spec, Some(1), throw, false).unwrap();
    assert_eq!(report.summary, again.summary);
    // With 40 throws a six nearly always comes: few draws.
    let won: u32 = report.summary.wins.iter().map(|w| w.wins.count).sum();
    assert_eq!(won + report.summary.draws.count, 200);
    assert!(won > 190, "{text}");
}

#[test]
fn a_third_ruleset_keeps_a_session_undo_and_save() {
    let mut s = Session::<Toss>::open(Path::new("toss.txt"), "40".into(), None).unwrap();
    s.play_out(3, throw).unwrap();
    let played = s.log().len();
    assert!(played > 0);
    assert!(s.undo());
    assert_eq!(s.cursor(), played - 1);
    assert!(s.redo());
    let text = s.to_save().to_ron();
    let back = crate::session::file::load_text_of::<Toss>(Path::new("toss-save.ron"), &text);
    // A toss's text is no RON scenario, so the save names no ruleset: the
    // frame leaves it to the toy, which reads it as its own.
    let back = back.unwrap();
    assert_eq!(back.session.log(), s.log());
    assert_eq!(back.session.battle().events(), s.battle().events());
}
