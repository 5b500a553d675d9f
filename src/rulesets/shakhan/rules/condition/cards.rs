//! The Tactic Cards a figure's condition lets it write (16.6, 16.9.1, 16.9.6,
//! 16.13.3, 16.15.4 `(x)`) and what they cost in Fatigue.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::{Condition, Morale};
use crate::rulesets::shakhan::rules::Card;
use crate::rulesets::shakhan::rules::tables::tables;

/// One Tactic Card played in a round.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct PlayedCard {
    pub card: Card,
    /// G only (16.9.1 `*`): the Fatigue of the non-combat activity itself,
    /// "zero to one" by 16.6; ignored for the other cards.
    pub activity_fatigue: f64,
}

impl PlayedCard {
    /// A card with no activity of its own to pay for.
    pub fn plain(card: Card) -> Self {
        PlayedCard {
            card,
            activity_fatigue: 0.0,
        }
    }
}

/// Shakhàn 16.6, 16.9.1: the Fatigue Points the round's played cards cost,
/// each card its own (A 3, B 2, C 1, D 0.5, E 1, F 2, G 1 plus the activity).
/// Cards lost to imbalance are not played and cost nothing; a figure that
/// plays none spends none.
pub fn round_fatigue(played: &[PlayedCard]) -> f64 {
    let actions = &tables().actions;
    played
        .iter()
        .map(|p| {
            let rules = actions.card(p.card);
            let activity = if rules.plus_activity_fatigue && p.activity_fatigue.is_finite() {
                p.activity_fatigue.max(0.0)
            } else {
                0.0
            };
            rules.fatigue + activity
        })
        .sum()
}

/// Why a figure's choice of cards is narrowed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CardLimit {
    /// Dead, unconscious, in a coma, incapacitated, fled or surrendered.
    Out,
    /// Under 1 Fatigue Point: no attacking and no running (16.6), so D, E, G.
    Exhausted,
    /// 16.9.6 Shaken: edges away, no A or B.
    Shaken,
    /// 16.9.6 Partly Demoralized or worse, or 16.13.3 broken by pain: runs
    /// away (F; E when too exhausted to run).
    MustFlee,
}

impl CardLimit {
    /// Whether this limit leaves `card` open to a figure `exhausted` or not.
    fn permits(self, card: Card, exhausted: bool) -> bool {
        match self {
            CardLimit::Out => false,
            CardLimit::Exhausted => matches!(card, Card::D | Card::E | Card::G),
            CardLimit::Shaken => !matches!(card, Card::A | Card::B),
            CardLimit::MustFlee => card == if exhausted { Card::E } else { Card::F },
        }
    }
}

/// What the condition obliges in cards this round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardConstraint {
    /// The cards the figure may write, A to G order; empty: none at all.
    pub allowed: Vec<Card>,
    pub limits: Vec<CardLimit>,
    /// Running away: cornered (no way away), it surrenders instead
    /// ([`Condition::withdraw`]).
    pub surrenders_if_cornered: bool,
    /// The next cards it writes that imbalance takes ([`Condition::take_lost_cards`]).
    pub cards_to_lose: u8,
}

impl Condition {
    /// The limits on this figure's cards now, in the order they are judged.
    fn card_limits(&self) -> Vec<CardLimit> {
        if self.is_out() {
            return vec![CardLimit::Out];
        }
        let mut limits = Vec::new();
        if self.is_exhausted() {
            limits.push(CardLimit::Exhausted);
        }
        match self.morale {
            Morale::Shaken => limits.push(CardLimit::Shaken),
            Morale::Routed(_) | Morale::Broken => limits.push(CardLimit::MustFlee),
            Morale::Steady | Morale::Determined { .. } | Morale::Fanatic => {}
        }
        limits
    }

    /// Shakhàn 16.6, 16.9.6, 16.13.3: the cards this figure may write now.
    pub fn allowed_cards(&self) -> CardConstraint {
        let limits = self.card_limits();
        let exhausted = self.is_exhausted();
        let allowed = Card::ALL
            .into_iter()
            .filter(|c| limits.iter().all(|l| l.permits(*c, exhausted)))
            .collect();
        CardConstraint {
            allowed,
            surrenders_if_cornered: limits.contains(&CardLimit::MustFlee),
            limits,
            cards_to_lose: self.cards_to_lose,
        }
    }

    /// Whether the figure may write `card` now; if not, the first limit that
    /// bars it (its `Display` says why in plain words).
    pub fn allows(&self, card: Card) -> Result<(), CardLimit> {
        let exhausted = self.is_exhausted();
        match self
            .card_limits()
            .into_iter()
            .find(|l| !l.permits(card, exhausted))
        {
            Some(limit) => Err(limit),
            None => Ok(()),
        }
    }
}

impl fmt::Display for CardLimit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            CardLimit::Out => "out of the fight",
            CardLimit::Exhausted => "exhausted",
            CardLimit::Shaken => "shaken",
            CardLimit::MustFlee => "running away",
        })
    }
}

impl fmt::Display for CardConstraint {
    /// E.g. `may write C, D, E, G (shaken); loses the next 2 cards`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.allowed.is_empty() {
            f.write_str("may write no cards")?;
        } else {
            let cards: Vec<String> = self.allowed.iter().map(ToString::to_string).collect();
            write!(f, "may write {}", cards.join(", "))?;
        }
        if !self.limits.is_empty() {
            let why: Vec<String> = self.limits.iter().map(ToString::to_string).collect();
            write!(f, " ({})", why.join(", "))?;
        }
        if self.surrenders_if_cornered {
            f.write_str("; surrenders if cornered")?;
        }
        if self.cards_to_lose > 0 {
            write!(
                f,
                "; loses the next {} card{}",
                self.cards_to_lose,
                super::plural(u32::from(self.cards_to_lose))
            )?;
        }
        Ok(())
    }
}
