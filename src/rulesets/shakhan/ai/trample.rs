//! The AI's Dodge against a trample (16.11).

use crate::rulesets::shakhan::engine::Battle;
use crate::rulesets::shakhan::rules::trample::DodgeChoice;
use crate::seam::FigureId;

/// Half-DMod chance (in per cent) from which keeping every card is worth
/// the poorer Dodge.
const KEEP_CARDS_FROM: f64 = 45.0;

/// Shakhàn 16.11: dodge at half DMod keeping the cards when that still
/// gives a fair chance, else at full DMod and give up the next card (being
/// crushed costs far more than a card).
pub(super) fn dodge_choice(battle: &Battle, defender: FigureId) -> DodgeChoice {
    let f = battle.figure(defender);
    let half = f64::from(f.factors.adjusted_agility) * battle.options().dodge_dmod * 0.5;
    if half >= KEEP_CARDS_FROM {
        DodgeChoice::HalfKeepCards
    } else {
        DodgeChoice::FullLoseCard
    }
}
