//! Shakhàn 16.9.4, 16.9.8: what a figure's cards would give and cost, worked
//! out the one way the reveal awards them, so the order panel's preview is
//! the award and not a second reckoning.

use super::command::{CardOrder, FigureOrders};
use super::event::ApAward;
use super::state::Battle;
use crate::rulesets::shakhan::rules::Card;
use crate::seam::FigureId;

impl Battle {
    /// Shakhàn 16.9.4, 16.9.8, 16.9.9.1: the Action Points and pulse
    /// allowance `cards` give `figure` this round — the best card's award,
    /// halved in a free round and by quick combat; the pulse allowance from
    /// the full award. No card is G.
    pub fn ap_award(&self, figure: FigureId, cards: &[Card]) -> ApAward {
        let f = &self.figures[figure.0];
        let t = &self.tables.actions;
        let best = *cards
            .iter()
            .max_by(|a, b| {
                t.card(**a)
                    .ap_multiplier
                    .total_cmp(&t.card(**b).ap_multiplier)
            })
            .unwrap_or(&Card::G);
        let full = t.round_ap(f.factors.ma.0, cards);
        let ap = if self.free_round {
            (full / 2.0).floor()
        } else {
            full
        };
        ApAward {
            figure,
            best_card: best,
            ap: self.quick_ap(ap),
            pulse_ap: t.pulse_ap(full),
        }
    }

    /// Shakhàn 16.9.4: the AP one written card would spend if it is played
    /// as written: a strike (body weaponry, weapon, brawling form), a shot
    /// from a loaded missile weapon, or a G card's non-combat action.
    /// Moves are not counted here: see [`Battle::planned_cost`].
    pub fn card_cost(&self, figure: FigureId, c: &CardOrder) -> f64 {
        let f = &self.figures[figure.0];
        if let Some(m) = c.missile {
            let loaded = f.missile.loaded == Some(m.weapon);
            return if m.hold || !loaded {
                0.0
            } else {
                self.shot_ap(figure, m)
            };
        }
        match c.card {
            Card::A | Card::B | Card::C => match c.brawl {
                Some(intent) => self.brawl_strike_cost(figure, intent),
                None => f.strike_cost(self.tables),
            },
            Card::G => c.action.map_or(0.0, |a| self.tables.actions.cost(a)),
            Card::D | Card::E | Card::F => 0.0,
        }
    }

    /// The AP one figure's orders plan to spend this round. Planned moves
    /// join here when orders carry them.
    pub fn planned_cost(&self, o: &FigureOrders) -> f64 {
        o.cards
            .iter()
            .fold(0.0, |sum, c| sum + self.card_cost(o.figure, c))
    }
}
