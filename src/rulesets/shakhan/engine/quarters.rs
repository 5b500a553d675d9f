//! Shakhàn 16.3: a figure plays its full Tactic Card Allowance only while it
//! is free to move; fighting in close quarters or tangled up in a net limits
//! it (the limits are scenario options, docs/RULINGS.md).

use super::state::Battle;
use crate::hex::Terrain;
use crate::seam::FigureId;

/// Why a figure's TCA is below its sheet's this round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hindrance {
    /// It stands on a close-quarters hex.
    CloseQuarters,
    /// It is tangled up in a net.
    Net,
}

impl Hindrance {
    pub fn words(self) -> &'static str {
        match self {
            Hindrance::CloseQuarters => "in close quarters",
            Hindrance::Net => "tangled in a net",
        }
    }
}

impl Battle {
    /// Shakhàn 16.3: the Tactic Cards `id` may play this round: its TCA, at
    /// most `close_quarters_cards` on a close-quarters hex and at most
    /// `entangled_cards` while tangled in a net.
    pub fn tca(&self, id: FigureId) -> u32 {
        self.hindrances(id)
            .map(|h| match h {
                Hindrance::CloseQuarters => self.options.close_quarters_cards,
                Hindrance::Net => self.options.entangled_cards,
            })
            .fold(self.figures[id.0].factors.tca, u32::min)
    }

    /// Shakhàn 16.3: what keeps `id` from moving freely now.
    pub fn hindrances(&self, id: FigureId) -> impl Iterator<Item = Hindrance> {
        let f = &self.figures[id.0];
        let cramped = self.map.terrain(f.pose.hex) == Some(Terrain::Cramped);
        [
            cramped.then_some(Hindrance::CloseQuarters),
            f.entangled.then_some(Hindrance::Net),
        ]
        .into_iter()
        .flatten()
    }
}
