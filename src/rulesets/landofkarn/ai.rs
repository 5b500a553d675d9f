//! A simple Land of Karn AI: it always rolls for initiative, strikes with
//! every action (saving the last against a foe who can counterstrike),
//! parries strike for strike when it has the actions and dodges when it
//! has not, counterattacks with what is left, and covers counterattacks
//! with its saved actions.

use super::engine::{Act, Action, Battle, Command, Cover, Part, Plan, Prompt};
use super::rules::terms::Share;
use crate::seam::FigureId;

/// The AI's answer to `prompt`.
pub fn answer(battle: &Battle, prompt: &Prompt) -> Command {
    match *prompt {
        Prompt::Initiative { figure } => Command::Initiative {
            figure,
            forfeit: false,
        },
        Prompt::Attack { figure, opponent } => Command::Attack {
            figure,
            plan: attack(battle, figure, opponent),
        },
        Prompt::Defend { figure, .. } => Command::Defend {
            figure,
            plan: defend(battle, figure),
        },
        Prompt::Answer { figure, .. } => Command::Answer {
            figure,
            covers: covers(battle),
        },
        // Never asked: the battle is over.
        Prompt::Over => Command::Initiative {
            figure: FigureId(0),
            forfeit: false,
        },
    }
}

fn full(act: Act) -> Action {
    Action(vec![Part {
        share: Share::Full,
        act,
    }])
}

fn attack(battle: &Battle, figure: FigureId, opponent: FigureId) -> Plan {
    let n = battle.figure(figure).spec.actions;
    let mut plan = Plan::all(n, Act::Strike { called: None });
    if battle.figure(opponent).spec.counterstrike && n >= 2 {
        plan.0[usize::from(n) - 1] = full(Act::Save);
    }
    plan
}

fn defend(battle: &Battle, figure: FigureId) -> Plan {
    let fig = battle.figure(figure);
    let n = usize::from(fig.spec.actions);
    let strikes = battle.current().attack.strikes().len();
    if strikes > n {
        return Plan(vec![full(Act::Dodge)]);
    }
    let mut plan: Vec<Action> = (0..strikes)
        .map(|i| full(Act::Parry { against: i }))
        .collect();
    if fig.spec.counterstrike {
        plan.extend((strikes..n).map(|_| full(Act::Counter { called: None })));
    }
    Plan(plan)
}

fn covers(battle: &Battle) -> Vec<Cover> {
    let saved = battle
        .current()
        .attack
        .parts()
        .filter(|(_, p)| p.act == Act::Save)
        .map(|(s, _)| s);
    let counters = battle.current().defence.strikes().len();
    saved
        .zip(0..counters)
        .map(|(slot, against)| Cover { slot, against })
        .collect()
}
