//! The AI as Referee of Quick Melee Combat (16.12 step 5): who is set
//! against whom after the abstract movement.

use crate::rulesets::shakhan::engine::{Battle, Pairing};
use crate::rulesets::shakhan::rules::tables::tables;

/// Every able figure under an attack card (or E, which may answer) faces
/// the target its card names, else the enemy nearest on the map (the
/// marching order), fewest attackers first on a tie.
pub(super) fn pairings(battle: &Battle) -> Vec<Pairing> {
    let mut pairs: Vec<Pairing> = Vec::new();
    for f in battle.figures().iter().filter(|f| f.condition.can_act()) {
        let Some(k) = battle.current_card(f.id) else {
            continue;
        };
        let card = &f.round.cards[k];
        let t = tables().actions.card(card.card());
        if !t.is_attack && card.card() != crate::rulesets::shakhan::rules::Card::E {
            continue;
        }
        let named = card
            .order
            .target
            .filter(|t| !battle.figure(*t).condition.is_out());
        let nearest = || {
            super::enemies(battle, f.side)
                .min_by_key(|e| {
                    let taken = pairs.iter().filter(|p| p.defender == e.id).count();
                    (f.pose.hex.distance(e.pose.hex), taken, e.id)
                })
                .map(|e| e.id)
        };
        if let Some(defender) = named.or_else(nearest) {
            pairs.push(Pairing {
                attacker: f.id,
                defender,
            });
        }
    }
    pairs
}
