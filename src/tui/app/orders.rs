//! Sealed orders being written for one side (16.14.1): cards per figure,
//! their targets and aims, the AI's proposal, and the strike odds preview.

use crate::engine::{
    Battle, BusyStance, CardOrder, Command, FigureId, FigureOrders, ShieldStance, SideId,
};
use crate::rules::shakhan::tables::tables;
use crate::rules::shakhan::{BodyArea, Card};
use crate::sim::ai;
use crate::sim::odds;

use super::super::keys::Action;
use super::App;

/// One side's orders as entered so far: a row for every figure of the side
/// still in the fight, cards possibly empty (left out: it plays G).
#[derive(Debug, Clone, PartialEq)]
pub struct OrdersDraft {
    pub side: SideId,
    pub orders: Vec<FigureOrders>,
    /// What the selected figure's last attack card would do.
    pub odds: Option<OddsPreview>,
}

/// The chances of the strike a card would make (16.15.2–4), the defender
/// assumed to play C: its card is sealed.
#[derive(Debug, Clone, PartialEq)]
pub struct OddsPreview {
    pub attacker: FigureId,
    pub defender: FigureId,
    pub card: Card,
    pub defence_card: Card,
    pub threshold: Option<i32>,
    pub p_strike: f64,
    pub p_penetrate: f64,
    pub p_critical: f64,
}

impl OrdersDraft {
    pub fn new(battle: &Battle, side: SideId) -> OrdersDraft {
        OrdersDraft {
            side,
            orders: battle
                .figures()
                .iter()
                .filter(|f| f.side == side.0 && f.condition.can_act())
                .map(|f| FigureOrders {
                    figure: f.id,
                    cards: Vec::new(),
                    shield: ShieldStance::Raise,
                    when_busy: BusyStance::Ask,
                })
                .collect(),
            odds: None,
        }
    }

    pub fn of(&self, figure: FigureId) -> Option<&FigureOrders> {
        self.orders.iter().find(|o| o.figure == figure)
    }

    fn of_mut(&mut self, figure: FigureId) -> Option<&mut FigureOrders> {
        self.orders.iter_mut().find(|o| o.figure == figure)
    }

    /// The command that seals these orders: figures without cards are left
    /// out and play G (16.14.1).
    pub fn command(&self) -> Command {
        Command::Orders {
            side: self.side,
            orders: self
                .orders
                .iter()
                .filter(|o| !o.cards.is_empty())
                .cloned()
                .collect(),
        }
    }
}

/// Shakhàn 16.15.2: the odds of the selected figure's last attack card
/// against its target (or the nearest enemy) from the battle as it stands.
pub(super) fn odds(
    battle: &Battle,
    d: &OrdersDraft,
    selected: Option<FigureId>,
) -> Option<OddsPreview> {
    let id = selected?;
    let card = d.of(id)?.cards.last()?;
    if !matches!(card.card, Card::A | Card::B | Card::C) {
        return None;
    }
    let f = battle.figure(id);
    let defender = card.target.or_else(|| {
        battle
            .figures()
            .iter()
            .filter(|e| e.side != f.side && !e.condition.is_out())
            .min_by_key(|e| (f.pose.hex.distance(e.pose.hex), e.id))
            .map(|e| e.id)
    })?;
    let defence_card = Card::C;
    let m = odds::matchup_now(battle, id, defender, card.card, defence_card, card.aim)?;
    let o = odds::strike_odds(&m, tables());
    Some(OddsPreview {
        attacker: id,
        defender,
        card: card.card,
        defence_card,
        threshold: o.threshold.map(|t| t.total),
        p_strike: o.p_strike,
        p_penetrate: o.p_penetrate,
        p_critical: o.p_critical,
    })
}

/// The aims a card can take, in the order `m` cycles them.
fn next_aim(aim: Option<BodyArea>) -> Option<BodyArea> {
    match aim {
        None => Some(BodyArea::ALL[0]),
        Some(a) => BodyArea::ALL
            .iter()
            .position(|&x| x == a)
            .and_then(|i| BodyArea::ALL.get(i + 1).copied()),
    }
}

impl App {
    /// The enemy of the side entering orders under the cursor, if any.
    fn enemy_under_cursor(&self, side: SideId) -> Option<FigureId> {
        self.battle()
            .figures()
            .iter()
            .find(|f| f.pose.hex == self.map.cursor && f.side != side.0 && !f.condition.is_out())
            .map(|f| f.id)
    }

    pub(super) fn orders_action(&mut self, action: Action) {
        let Some(draft) = &self.orders else { return };
        let side = draft.side;
        if action == Action::Seal {
            let command = draft.command();
            if self.submit(command) {
                let name = &self.battle().sides()[side.0].name;
                self.info(format!("{name}'s orders are sealed"));
            }
            return;
        }
        if action == Action::ProposeAll {
            let ids: Vec<FigureId> = draft.orders.iter().map(|o| o.figure).collect();
            for id in ids {
                self.propose(id);
            }
            self.refresh();
            return;
        }
        let Some(id) = self.map.selected.filter(|&id| draft.of(id).is_some()) else {
            self.error("select a figure of the side first (Tab)");
            return;
        };
        let target = self.enemy_under_cursor(side);
        let f = self.battle().figure(id).clone();
        let draft = self.orders.as_mut().expect("checked above");
        let o = draft.of_mut(id).expect("checked above");
        let mut problem = None;
        match action {
            Action::Card(card) => {
                let tca = f.factors.tca as usize;
                if o.cards.len() >= tca {
                    problem = Some(format!(
                        "{} may play {tca} card{} a round (TCA, 16.3); ⌫ takes one back",
                        f.name,
                        if tca == 1 { "" } else { "s" }
                    ));
                } else if let Err(why) = f.condition.allows(card) {
                    problem = Some(format!("{} cannot play {card}: {why}", f.name));
                } else {
                    o.cards.push(CardOrder::new(card, target));
                }
            }
            Action::RemoveCard => {
                o.cards.pop();
            }
            Action::TargetCursor => match (o.cards.last_mut(), target) {
                (Some(c), Some(t)) => c.target = Some(t),
                (None, _) => problem = Some("add a card first (a-g)".into()),
                (_, None) => problem = Some("put the cursor on an enemy first".into()),
            },
            Action::CycleAim => match o.cards.last_mut() {
                Some(c) if matches!(c.card, Card::A | Card::B | Card::C) => c.aim = next_aim(c.aim),
                _ => {
                    problem = Some("only an attack card (A, B or C) can be aimed (16.15.3)".into())
                }
            },
            Action::CycleShield => {
                o.shield = match o.shield {
                    ShieldStance::Ask => ShieldStance::Raise,
                    ShieldStance::Raise => ShieldStance::Lower,
                    ShieldStance::Lower => ShieldStance::Ask,
                }
            }
            Action::Propose => {
                self.propose(id);
            }
            _ => {}
        }
        if let Some(p) = problem {
            self.error(p);
        }
        self.refresh();
    }

    /// The AI's orders for one figure put in the draft, to be edited.
    fn propose(&mut self, id: FigureId) {
        let proposal = ai::figure_orders(self.battle(), id);
        if let Some(o) = self.orders.as_mut().and_then(|d| d.of_mut(id)) {
            match proposal {
                Some(p) => *o = p,
                None => o.cards.clear(),
            }
        }
    }
}
