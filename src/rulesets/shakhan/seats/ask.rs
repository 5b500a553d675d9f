//! Questions put to a Shakhàn seat in the middle of a round (issue 23): a
//! side's moves in an Action Phase, movement priority, a shield, a dodge, a
//! busy figure attacked. The laptop decides what is asked of which seat and
//! numbers each question; this module makes what the seat sees of it,
//! prices the paths its player picks hex by hex, and checks an answer with
//! the battle's own checks before the laptop hears of it.

use serde::{Deserialize, Serialize};

use crate::hex::{Facing, Goal, Hex, Pose, Step};
use crate::rulesets::shakhan::engine::{Battle, Command, FigureMove, Prompt};
use crate::rulesets::shakhan::rules::trample::DodgeChoice;
use crate::seam::{FigureId, SideId};

/// Hexes one path request may name: more than any figure walks in a pulse.
const WAYPOINTS: usize = 32;

/// A question the laptop puts to a seat, numbered: an answer names the
/// number it answers, so an answer to an earlier question is stale.
#[derive(Debug, Clone, PartialEq)]
pub struct Question {
    pub side: SideId,
    pub ask: u64,
    pub prompt: Prompt,
    /// For movement: the figures that may still move this pulse, and the
    /// moves planned with the orders (figures moving with their card), which
    /// the page starts from.
    pub movers: Vec<FigureId>,
    pub planned: Vec<FigureMove>,
}

/// What a question asks, as the seat's page shows it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Asking {
    /// `movement` (pick paths, then answer with a `Move`) or `choice` (one
    /// of `choices`).
    pub kind: String,
    pub title: String,
    pub text: String,
    pub choices: Vec<Choice>,
    pub movers: Vec<MoverView>,
}

/// One answer the page offers: its label and the command it sends.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Choice {
    pub label: String,
    pub command: Command,
}

/// A figure the seat may move now.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MoverView {
    pub id: usize,
    pub name: String,
    /// Movement AP left in this pulse, and in the round (16.9.7).
    pub pulse_left: f64,
    pub ap_left: f64,
    pub prone: bool,
    /// Its move planned with the orders, if it moves with its card.
    pub planned: Option<PathView>,
}

/// A figure's path as the seat's map draws it, priced, with the battle's
/// verdict on the side's moves with it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PathView {
    pub figure: usize,
    pub steps: Vec<Step>,
    /// The hexes passed, start first, as `[col, row]`.
    pub hexes: Vec<[i32; 2]>,
    pub end: [i32; 2],
    pub facing: Facing,
    /// Movement AP of the steps (16.9.7).
    pub cost: f64,
    /// `None`: allowed; else why the battle refuses it.
    pub verdict: Option<String>,
}

/// The page's request to price a path: the moves it holds already, and the
/// way it picked for one figure, hex by hex (each hex reached by the
/// cheapest way from the last), with the facing wanted at the end.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlanRequest {
    pub ask: u64,
    #[serde(default)]
    pub moves: Vec<FigureMove>,
    pub figure: FigureId,
    pub hexes: Vec<[i32; 2]>,
    #[serde(default)]
    pub facing: Option<Facing>,
}

/// Whether a prompt is one a player side's seat may be asked: the side's own
/// decisions in the round (never the Referee's, never orders: those are
/// sealed).
pub fn seat_may_answer(prompt: &Prompt) -> bool {
    matches!(
        prompt,
        Prompt::Movement { .. }
            | Prompt::FigureMovement { .. }
            | Prompt::MovementPriority { .. }
            | Prompt::RaiseShield { .. }
            | Prompt::MidAction { .. }
            | Prompt::Dodge { .. }
            | Prompt::DodgeBlow { .. }
    )
}

fn choice(label: &str, command: Command) -> Choice {
    Choice {
        label: label.into(),
        command,
    }
}

/// What the seat sees of `q`, in the words the laptop's prompt uses.
pub fn asking(battle: &Battle, q: &Question) -> Asking {
    let name = |id: FigureId| battle.figure(id).name.clone();
    let blow = |verb: &str, d: FigureId, a: FigureId| format!("{} {verb} {}.", name(a), name(d));
    let (title, text, choices) = match q.prompt {
        Prompt::MovementPriority { side } => (
            "Movement priority (16.14.3)".to_string(),
            format!(
                "{} has Initiative: move first or second?",
                battle.sides()[side.0].name
            ),
            vec![
                choice("Move first", Command::MovementPriority { move_first: true }),
                choice(
                    "Move second",
                    Command::MovementPriority { move_first: false },
                ),
            ],
        ),
        Prompt::RaiseShield { defender, attacker } => (
            "Shield (16.15.4)".into(),
            format!(
                "{} Raise the shield?",
                blow("strikes at", defender, attacker)
            ),
            vec![
                choice("Raise the shield", Command::RaiseShield { raise: true }),
                choice("Keep it down", Command::RaiseShield { raise: false }),
            ],
        ),
        Prompt::DodgeBlow { defender, attacker } => (
            "Dodge a blow (16.9.4)".into(),
            format!(
                "{} Dodge if it strikes (1 AP, Adjusted Agility check)?",
                blow("strikes at", defender, attacker)
            ),
            vec![
                choice("Dodge", Command::DodgeBlow { dodge: true }),
                choice("Take it", Command::DodgeBlow { dodge: false }),
            ],
        ),
        Prompt::MidAction { defender, attacker } => (
            "Defend in mid-action? (16.9.4.1)".into(),
            format!(
                "{} attacks {}, who is busy with an action.",
                name(attacker),
                name(defender)
            ),
            vec![
                choice(
                    "Defend (the action is spoiled)",
                    Command::MidAction { defend: true },
                ),
                choice(
                    "Ignore it and carry on",
                    Command::MidAction { defend: false },
                ),
            ],
        ),
        Prompt::Dodge { defender, attacker } => (
            "Dodge the trample (16.11)".into(),
            blow("tramples", defender, attacker),
            vec![
                choice(
                    "Dodge at half DMod, keep the cards",
                    Command::Dodge {
                        choice: DodgeChoice::HalfKeepCards,
                    },
                ),
                choice(
                    "Full DMod, lose the next card",
                    Command::Dodge {
                        choice: DodgeChoice::FullLoseCard,
                    },
                ),
            ],
        ),
        Prompt::Movement { pulse, .. } => (
            format!("Movement, pulse {pulse} (16.14.3.7)"),
            "Tap a figure, then the hexes of its way, one after another; the last hex's facing \
             with the arrows. Figures without a move stand."
                .into(),
            Vec::new(),
        ),
        Prompt::FigureMovement { figure, pulse } => (
            format!("Movement: {} alone, pulse {pulse} (16.9.10)", name(figure)),
            "Tap the hexes of its way, one after another; the last hex's facing with the \
             arrows. Without a move it stands."
                .into(),
            Vec::new(),
        ),
        _ => (String::new(), String::new(), Vec::new()),
    };
    let movement = matches!(
        q.prompt,
        Prompt::Movement { .. } | Prompt::FigureMovement { .. }
    );
    let movers = q
        .movers
        .iter()
        .map(|&id| {
            let f = battle.figure(id);
            MoverView {
                id: id.0,
                name: f.name.clone(),
                pulse_left: f.round.pulse_left,
                ap_left: f.round.ap_left,
                prone: f.condition.is_prone(),
                planned: q
                    .planned
                    .iter()
                    .find(|m| m.figure == id)
                    .map(|m| path_view(battle, q.side, &q.planned, m)),
            }
        })
        .collect();
    Asking {
        kind: if movement { "movement" } else { "choice" }.into(),
        title,
        text,
        choices,
        movers,
    }
}

/// A move walked on the map from where its figure stands: the hexes, the
/// end and the cost; the battle's check of the side's moves with it decides.
fn path_view(battle: &Battle, side: SideId, moves: &[FigureMove], m: &FigureMove) -> PathView {
    let costs = crate::rulesets::shakhan::rules::STEP_COSTS;
    let start = battle.figure(m.figure).pose;
    let mut pose = start;
    let mut hexes = vec![[start.hex.col, start.hex.row]];
    let mut cost = 0u64;
    for &step in &m.steps {
        // A step off the map stops the walk; the verdict says why.
        let Ok((next, c)) = battle.map().try_step(pose, step, &costs) else {
            break;
        };
        cost += u64::from(c);
        if next.hex != pose.hex {
            hexes.push([next.hex.col, next.hex.row]);
        }
        pose = next;
    }
    PathView {
        figure: m.figure.0,
        steps: m.steps.clone(),
        hexes,
        end: [pose.hex.col, pose.hex.row],
        facing: pose.facing,
        cost: cost as f64,
        verdict: verdict(battle, side, moves, m),
    }
}

/// The battle's move check of `m` after the page's other moves, each taken
/// in order as `Battle::check_moves` takes them; one it refuses is left out
/// (it is marked on its own figure), so a verdict speaks of its own move.
fn verdict(battle: &Battle, side: SideId, moves: &[FigureMove], m: &FigureMove) -> Option<String> {
    let mut check = battle.move_check(side);
    for o in moves.iter().filter(|o| o.figure != m.figure) {
        // Refused, it leaves the list as it was.
        let _ = check.add(o);
    }
    check.add(m).err().map(|r| r.0)
}

/// The way through `request.hexes` (each reached by the cheapest way from
/// the last, around other figures, as the laptop's cursor path), ending
/// with the facing asked for; priced and checked with the moves the page
/// holds. `Err` when there is no way at all.
pub fn plan(battle: &Battle, side: SideId, request: &PlanRequest) -> Result<PathView, String> {
    // A path search per hex: a page never needs more than a pulse can walk.
    if request.hexes.len() > WAYPOINTS || request.moves.len() > battle.figures().len() {
        return Err(format!(
            "a way of at most {WAYPOINTS} hexes, with at most one move a figure; reload the page"
        ));
    }
    let f = battle
        .figures()
        .get(request.figure.0)
        .ok_or_else(|| format!("there is no figure {}", request.figure.0))?;
    if f.side != side.0 {
        return Err(format!("{} is not one of your figures", f.name));
    }
    let mut pose = f.pose;
    let mut steps: Vec<Step> = Vec::new();
    let last = request.hexes.len();
    let mut goals: Vec<Goal> = request
        .hexes
        .iter()
        .enumerate()
        .map(|(i, &[col, row])| {
            let hex = Hex::new(col, row);
            match request.facing {
                Some(facing) if i + 1 == last => Goal::Pose(Pose::new(hex, facing)),
                _ => Goal::Hex(hex),
            }
        })
        .collect();
    if let (true, Some(facing)) = (goals.is_empty(), request.facing) {
        // A pivot where it stands.
        goals.push(Goal::Pose(Pose::new(pose.hex, facing)));
    }
    // Each hex costs at least an Action Point: a hex farther than the
    // figure has left, or one nobody may enter, is refused before any
    // search (which would otherwise look over the whole map).
    let reach = f.round.ap_left.max(0.0).ceil() as u32;
    for goal in goals {
        let hex = goal.hex();
        if !battle.map().is_passable(hex) {
            return Err(format!(
                "({}, {}) cannot be entered; choose another hex",
                hex.col, hex.row
            ));
        }
        if pose.hex.distance(hex) > reach {
            return Err(format!(
                "({}, {}) is farther than {} can go with {reach} AP left; choose a nearer hex",
                hex.col, hex.row, f.name
            ));
        }
        if let Some(o) = battle
            .figures()
            .iter()
            .find(|o| o.id != f.id && o.occupies() && o.pose.hex == hex)
        {
            return Err(format!(
                "{} stands in ({}, {}): a way goes through free hexes; choose another",
                o.name, hex.col, hex.row
            ));
        }
        let path = battle
            .way_for(f.id, pose, goal)
            .map_err(|e| e.to_string())?
            .ok_or_else(|| {
                format!(
                    "no way to ({}, {}): the hex is blocked or every way is held",
                    hex.col, hex.row
                )
            })?;
        steps.extend(path.steps.iter().map(|s| s.step));
        pose = path.steps.last().map_or(pose, |s| s.pose);
    }
    let m = FigureMove {
        figure: f.id,
        steps,
    };
    Ok(path_view(battle, side, &request.moves, &m))
}

/// Whether `command` answers `q`: one of its choices, or for movement moves
/// of its movers that the battle itself accepts (the check a submit runs,
/// on a copy, so nothing changes).
pub fn check_answer(battle: &Battle, q: &Question, command: &Command) -> Result<(), String> {
    let view = asking(battle, q);
    match command {
        Command::Move { moves } if view.kind == "movement" => {
            if let Some(m) = moves.iter().find(|m| !q.movers.contains(&m.figure)) {
                let name = battle
                    .figures()
                    .get(m.figure.0)
                    .map_or("an unknown figure", |f| f.name.as_str());
                return Err(format!("{name} may not move now"));
            }
            battle
                .clone()
                .submit(command.clone())
                .map(|_| ())
                .map_err(|r| r.0)
        }
        c if view.choices.iter().any(|ch| &ch.command == c) => Ok(()),
        _ => Err("that does not answer the question asked; reload the page".into()),
    }
}
