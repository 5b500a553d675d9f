//! Headless play: drive a battle to its end by answering every prompt with a
//! function. The naive answerer here is the smoke path the engine's tests use;
//! the tactical AI (issue "Headless play") will answer more wisely through the
//! same seam.

pub mod batch;

use crate::engine::{
    Battle, BusyStance, CardOrder, Command, FigureMove, FigureOrders, Prompt, ShieldStance,
};
use crate::hex::{Goal, MoveCosts, Step};
use crate::rules::shakhan::Card;

/// Answer prompts with `answer` until the battle ends or `max_rounds` normal
/// rounds have begun. A refused answer stops play and is returned.
pub fn play(
    battle: &mut Battle,
    max_rounds: u32,
    mut answer: impl FnMut(&Battle, &Prompt) -> Command,
) -> Result<(), String> {
    loop {
        let prompt = battle.prompt();
        if matches!(prompt, Prompt::Finished { .. }) || battle.round() > max_rounds {
            return Ok(());
        }
        let command = answer(battle, &prompt);
        let round = battle.round();
        if let Err(e) = battle.submit(command.clone()) {
            return Err(format!("round {round}: {command:?} refused: {e}"));
        }
    }
}

/// The naive answer: every figure attacks the nearest enemy with Cautious
/// Attacks and walks straight at it; shields are raised; the side with
/// Initiative moves second; no divine intervention.
pub fn naive(battle: &Battle, prompt: &Prompt) -> Command {
    match *prompt {
        Prompt::Orders { side } => Command::Orders {
            side,
            orders: battle
                .figures()
                .iter()
                .filter(|f| f.side == side.0 && !f.condition.is_out())
                .filter_map(|f| {
                    let target = nearest_enemy(battle, f.id)?;
                    let allowed = |c: Card| f.condition.allows(c).is_ok();
                    let card = [Card::C, Card::D, Card::F, Card::G]
                        .into_iter()
                        .find(|c| allowed(*c))?;
                    Some(FigureOrders {
                        figure: f.id,
                        cards: vec![
                            CardOrder::new(card, Some(target));
                            f.factors.tca.max(1) as usize
                        ],
                        shield: ShieldStance::Raise,
                        when_busy: BusyStance::Defend,
                    })
                })
                .collect(),
        },
        Prompt::MovementPriority { .. } => Command::MovementPriority { move_first: false },
        Prompt::DivineIntervention => Command::DivineIntervention { note: None },
        Prompt::RaiseShield { .. } => Command::RaiseShield { raise: true },
        Prompt::MidAction { .. } => Command::MidAction { defend: true },
        Prompt::Movement { side, .. } => Command::Move {
            moves: naive_moves(battle, side.0),
        },
        Prompt::Finished { .. } => Command::DivineIntervention { note: None },
    }
}

fn nearest_enemy(battle: &Battle, id: crate::engine::FigureId) -> Option<crate::engine::FigureId> {
    let f = battle.figure(id);
    battle
        .figures()
        .iter()
        .filter(|e| e.side != f.side && !e.condition.is_out())
        .min_by_key(|e| (f.pose.hex.distance(e.pose.hex), e.id))
        .map(|e| e.id)
}

/// Each figure that is not already next to an enemy walks toward the nearest
/// one as far as its pulse allowance goes, in turn; a figure facing away
/// from an adjacent enemy turns to face it.
fn naive_moves(battle: &Battle, side: usize) -> Vec<FigureMove> {
    let costs = MoveCosts::shakhan();
    let mut taken: Vec<_> = battle
        .figures()
        .iter()
        .filter(|f| f.occupies())
        .map(|f| f.pose.hex)
        .collect();
    let mut moves = Vec::new();
    for f in battle
        .figures()
        .iter()
        .filter(|f| f.side == side && f.condition.can_act())
    {
        let Some(enemy) = nearest_enemy(battle, f.id) else {
            continue;
        };
        let goal_hex = battle.figure(enemy).pose.hex;
        let allowance = f.round.pulse_left.min(f.round.ap_left);
        if f.condition.is_prone() {
            moves.push(FigureMove {
                figure: f.id,
                steps: vec![],
            });
            continue;
        }
        let adjacent = f.pose.hex.distance(goal_hex) <= 1;
        let steps: Vec<Step> = if adjacent {
            match f.pose.hex.facing_toward(goal_hex) {
                Some(to) if to != f.pose.facing => vec![Step::Pivot { to }],
                _ => vec![],
            }
        } else {
            taken.retain(|h| *h != f.pose.hex);
            let path = battle
                .map()
                .find_path(f.pose, Goal::Hex(goal_hex), &costs, |h| {
                    h != goal_hex && taken.contains(&h)
                })
                .ok()
                .flatten();
            let mut spent = 0.0;
            let mut steps = Vec::new();
            for s in path.map(|p| p.steps).unwrap_or_default() {
                if s.pose.hex == goal_hex {
                    break;
                }
                if spent + f64::from(s.cost) > allowance + 1e-9 {
                    if steps.is_empty() && matches!(s.step, Step::Pivot { .. }) {
                        steps.push(s.step);
                    }
                    break;
                }
                spent += f64::from(s.cost);
                steps.push(s.step);
            }
            steps
        };
        if steps.is_empty() {
            taken.push(f.pose.hex);
            continue;
        }
        let candidate = FigureMove {
            figure: f.id,
            steps,
        };
        moves.push(candidate);
        if battle
            .check_moves(crate::engine::SideId(side), &moves)
            .is_err()
        {
            // Around an obstacle the path may first lead away: stand instead.
            moves.pop();
            taken.push(f.pose.hex);
            continue;
        }
        let end = moves[moves.len() - 1]
            .steps
            .iter()
            .fold(f.pose, |p, s| p.after(*s));
        taken.push(end.hex);
    }
    moves
}
