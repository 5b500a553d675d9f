//! What the Referee may change by fiat (docs/RULINGS.md, "Referee overrides"):
//! the book leaves the Referee the last word on every figure (16.1), so these
//! changes bypass the rules but keep the condition's own invariants (fatigue
//! within the FPR, the BDR's coma and death, 16.7).

use super::{Condition, Life, Morale, Reserves, Withdrawal, non_negative};

/// How much of its losses a figure gets back (docs/RULINGS.md).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Healing {
    /// Damage points given back to the BDR.
    pub damage: i32,
    pub pain: f64,
    /// Fatigue Points given back.
    pub fatigue: f64,
    /// Every bleeding wound stops.
    pub stop_bleeding: bool,
    /// An unconscious figure, or one in a coma with BDR left, comes round;
    /// the dead stay dead.
    pub wake: bool,
}

impl Condition {
    /// New reserves (BDR, FPR, Pain Reserve, Willpower for checks). Fatigue
    /// lost stays within the new FPR; damage past the new BDR counts (16.7).
    pub fn set_reserves(&mut self, reserves: Reserves) {
        self.reserves = reserves;
        self.fatigue_lost = self.fatigue_lost.min(self.fpr());
        self.check_bdr();
    }

    /// Give back losses. Pain checks already made stay made: a figure
    /// healed below a pain level is not checked for it again.
    pub fn heal(&mut self, h: &Healing) {
        self.damage = (self.damage - h.damage.max(0)).max(0);
        self.pain = (self.pain - non_negative(h.pain)).max(0.0);
        self.fatigue_lost = (self.fatigue_lost - non_negative(h.fatigue)).max(0.0);
        if h.stop_bleeding {
            self.bleeds.clear();
            self.bleeding_out_rounds = 0;
        }
        let revivable = matches!(self.life, Life::Unconscious { .. })
            || (self.life == Life::Coma && self.bdr_left() > 0);
        if h.wake && revivable {
            self.life = Life::Active;
        }
    }

    /// The figure's morale is what the Referee says; a routed or broken one
    /// runs at once, as after a failed check.
    pub fn force_morale(&mut self, morale: Morale) {
        self.morale = morale;
        if matches!(morale, Morale::Routed(_) | Morale::Broken) {
            self.withdraw(Withdrawal::Fled);
        }
    }

    /// Taken off the field: out of the fight whatever its state, holding no
    /// hex, and left alone by the rules from now on.
    pub fn remove_from_field(&mut self) {
        self.withdrawn = Some(Withdrawal::Removed);
    }
}
