//! One side's moves in an Action Phase (16.9.7–16.9.8), entered by cursor:
//! the cheapest path to the cursor, priced and checked by the engine itself
//! (`Battle::check_moves`), so the preview never promises what a submit
//! would refuse.

use crate::hex::{Facing, Goal, Hex, Pose, Step};
use crate::rulesets::shakhan::engine::{Battle, FigureMove};
use crate::seam::{FigureId, SideId};

use super::super::keys::Action;
use super::App;

/// The moves entered for one Action Phase.
#[derive(Debug, Clone, PartialEq)]
pub struct MovesDraft {
    /// Round, pulse and side: a new Action Phase starts a new draft.
    pub key: (u32, u8, SideId),
    pub moves: Vec<FigureMove>,
    /// The facing chosen for the end of the path (`[` `]`), if any.
    pub facing: Option<Facing>,
    pub preview: Option<MovePreview>,
    /// The moves before each change, for `u`.
    history: Vec<Vec<FigureMove>>,
}

impl MovesDraft {
    pub fn new(key: (u32, u8, SideId)) -> MovesDraft {
        MovesDraft {
            key,
            moves: Vec::new(),
            facing: None,
            preview: None,
            history: Vec::new(),
        }
    }

    /// A new Action Phase's draft holding the moves planned with the orders
    /// (figures that move with their card); the side enters the rest.
    pub fn planned(battle: &Battle, key: (u32, u8, SideId)) -> MovesDraft {
        let side = key.2;
        let figures: Vec<FigureId> = battle
            .figures()
            .iter()
            .filter(|f| f.side == side.0 && super::can_move(f))
            .map(|f| f.id)
            .collect();
        let moves = super::standing::planned(battle, side, &figures);
        // `u` takes the plan back first: every figure stands, to be moved by hand.
        let history = if moves.is_empty() {
            Vec::new()
        } else {
            vec![Vec::new()]
        };
        MovesDraft {
            moves,
            history,
            ..MovesDraft::new(key)
        }
    }

    /// Take back the last move taken; `false` when there is none.
    pub fn undo(&mut self) -> bool {
        self.facing = None;
        self.history.pop().map(|m| self.moves = m).is_some()
    }

    pub fn side(&self) -> SideId {
        self.key.2
    }

    pub fn of(&self, figure: FigureId) -> Option<&FigureMove> {
        self.moves.iter().find(|m| m.figure == figure)
    }

    /// The draft with `m` in place of the figure's earlier move.
    fn with(&self, m: FigureMove) -> Vec<FigureMove> {
        let mut moves: Vec<FigureMove> = self
            .moves
            .iter()
            .filter(|o| o.figure != m.figure)
            .cloned()
            .collect();
        moves.push(m);
        moves
    }
}

/// The move the cursor describes for the selected figure.
#[derive(Debug, Clone, PartialEq)]
pub struct MovePreview {
    pub figure: FigureId,
    pub steps: Vec<Step>,
    /// The hexes passed, start first (for the map); none when there is no
    /// way to the cursor.
    pub hexes: Vec<Hex>,
    pub end: Pose,
    /// AP of the steps (standing up, if prone, comes on top: 16.9.4).
    pub cost: f64,
    /// Movement AP left in this pulse.
    pub allowance: f64,
    /// The engine's verdict on the draft with this move in it.
    pub verdict: Result<(), String>,
}

impl MovePreview {
    /// What the map writes beside the path's end (nothing without a path).
    pub fn label(&self) -> String {
        if self.hexes.is_empty() {
            return String::new();
        }
        let mark = if self.verdict.is_ok() { "" } else { " ✗" };
        format!("{} AP{mark}", fmt_ap(self.cost))
    }
}

pub(super) fn fmt_ap(v: f64) -> String {
    if v.fract() == 0.0 {
        format!("{v:.0}")
    } else {
        format!("{v:.1}")
    }
}

/// The cheapest path from the selected figure to the cursor (ending with
/// the chosen facing), around other figures; `None` when nothing to show.
pub(super) fn preview(
    battle: &Battle,
    draft: &MovesDraft,
    selected: Option<FigureId>,
    cursor: Hex,
) -> Option<MovePreview> {
    let f = battle.figure(selected?);
    if f.side != draft.side().0 || !f.condition.can_act() {
        return None;
    }
    if cursor == f.pose.hex && draft.facing.is_none_or(|d| d == f.pose.facing) {
        // Staying put is a move only for a prone figure: it stands up (16.9.4).
        if !f.condition.is_prone() {
            return None;
        }
        let m = FigureMove {
            figure: f.id,
            steps: Vec::new(),
        };
        return Some(MovePreview {
            figure: f.id,
            steps: Vec::new(),
            hexes: vec![f.pose.hex],
            end: f.pose,
            cost: 0.0,
            allowance: f.round.pulse_left,
            verdict: battle
                .check_moves(draft.side(), &draft.with(m))
                .map_err(|r| r.0),
        });
    }
    // Nobody ends a move where another figure stands: refused with who
    // holds the hex, and no path drawn over their label.
    let held = battle
        .figures()
        .iter()
        .find(|o| o.id != f.id && o.occupies() && o.pose.hex == cursor);
    let nowhere = |why: String| MovePreview {
        figure: f.id,
        steps: Vec::new(),
        hexes: Vec::new(),
        end: f.pose,
        cost: 0.0,
        allowance: f.round.pulse_left,
        verdict: Err(why),
    };
    if let Some(o) = held {
        return Some(nowhere(format!(
            "{} stands in ({}, {}): a move ends in a free hex; choose another",
            o.name, cursor.col, cursor.row
        )));
    }
    let goal = match draft.facing {
        Some(facing) => Goal::Pose(Pose::new(cursor, facing)),
        None => Goal::Hex(cursor),
    };
    let path = battle.way_for(f.id, f.pose, goal).ok().flatten();
    let Some(path) = path else {
        return Some(nowhere(
            "no way there: the hex is blocked or every way is held".into(),
        ));
    };
    let steps: Vec<Step> = path.steps.iter().map(|s| s.step).collect();
    let mut hexes = vec![f.pose.hex];
    hexes.extend(
        path.steps
            .iter()
            .map(|s| s.pose.hex)
            .filter(|&h| h != f.pose.hex),
    );
    hexes.dedup();
    let end = path.steps.last().map_or(f.pose, |s| s.pose);
    let m = FigureMove {
        figure: f.id,
        steps: steps.clone(),
    };
    let verdict = battle
        .check_moves(draft.side(), &draft.with(m))
        .map_err(|r| r.0);
    Some(MovePreview {
        figure: f.id,
        steps,
        hexes,
        end,
        cost: path.total as f64,
        allowance: f.round.pulse_left,
        verdict,
    })
}

impl App {
    pub(super) fn moves_action(&mut self, action: Action) {
        let Some(draft) = &self.moves else { return };
        let side = draft.side();
        match action {
            Action::Face(by) => {
                let Some(id) = self.map.selected else { return };
                let f = self.battle().figure(id);
                let from = draft
                    .preview
                    .as_ref()
                    .filter(|p| p.figure == id)
                    .map_or(f.pose.facing, |p| p.end.facing);
                let facing = from.rotate(by);
                if let Some(d) = &mut self.moves {
                    d.facing = Some(facing);
                }
            }
            Action::ProposeMoves => {
                let prompt = self.battle().prompt();
                if let crate::rulesets::shakhan::engine::Command::Move { moves } =
                    crate::rulesets::shakhan::ai::answer(self.battle(), &prompt)
                    && let Some(d) = &mut self.moves
                {
                    d.history.push(std::mem::replace(&mut d.moves, moves));
                }
                self.info("the AI's moves are entered; Space makes them, u takes them back");
            }
            Action::AddMove => {
                let Some(p) = draft.preview.clone() else {
                    self.error("put the cursor where the selected figure should go");
                    return;
                };
                if let Err(why) = &p.verdict {
                    self.error(why.clone());
                    return;
                }
                let m = FigureMove {
                    figure: p.figure,
                    steps: p.steps,
                };
                if let Some(d) = &mut self.moves {
                    let moves = d.with(m);
                    d.history.push(std::mem::replace(&mut d.moves, moves));
                    d.facing = None;
                }
                // On to the next figure of the side without a move.
                let next = self
                    .battle()
                    .figures()
                    .iter()
                    .find(|f| {
                        f.side == side.0
                            && super::can_move(f)
                            && self.moves.as_ref().is_some_and(|d| d.of(f.id).is_none())
                    })
                    .map(|f| (f.id, f.pose.hex));
                match next {
                    Some((id, hex)) => {
                        self.map.selected = Some(id);
                        self.map.cursor = hex;
                    }
                    None => self.info("every figure has its move; Space makes them"),
                }
            }
            _ => {}
        }
        self.refresh();
    }
}
