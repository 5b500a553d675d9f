//! Brawling choices (16.10.4, docs/RULINGS.md "The AI: brawling"): a figure
//! brawls when the scenario is a brawl or it has only its body to fight
//! with. On each attack card it picks a form, on each D or E a defence:
//!
//! - a martial artist opens with a flying drop-kick when its first two cards
//!   attack the same enemy who stands one or two hexes straight ahead with
//!   room to land behind, no more than twice its weight; otherwise a
//!   Martial Arts kick, or a hand-chop where the enemy's armour is light
//!   enough for it, non-lethal in a brawl;
//! - anyone else grapples an enemy that it and a comrade together would
//!   hold more often than not, when a third comrade is left to strike;
//!   joins a comrade's grapple; swings a haymaker when strong or holding a
//!   club; else punches on the first card and kicks on the rest;
//! - under D or E a martial artist throws an enemy three or more levels
//!   below its own, else blocks (Martial Arts block); anyone else blocks;
//! - a holder keeps its hold (plays G) while a comrade is free beside the
//!   held enemy to beat it, and lets go otherwise.

use super::enemies;
use crate::rulesets::shakhan::engine::{Battle, CardOrder, Figure, FigureOrders};
use crate::rulesets::shakhan::rules::brawl::{
    BrawlForm, BrawlIntent, Grappler, drop_kick_weight_ok, grapple_chance, weapon_allowed,
};
use crate::rulesets::shakhan::rules::tables::tables;
use crate::rulesets::shakhan::rules::{BodyArea, Card};
use crate::seam::FigureId;

/// A grapple worth trying: held more often than not.
const GRAPPLE_WORTH: i32 = 50;
/// A throw worth trying: three levels or more above the attacker (30 %).
const THROW_LEVELS: u32 = 3;
/// Strength from which a brawler swings haymakers (+12 on an average
/// Willpower of 10: 12 % or more to knock out).
const HAYMAKER_STRENGTH: i32 = 12;

/// Set the brawling forms of `o`, the orders of `f`; `earlier` are the
/// orders of its comrades decided before it this round.
pub(super) fn announce(
    battle: &Battle,
    f: &Figure,
    earlier: &[FigureOrders],
    o: &mut FigureOrders,
) {
    if let Some(held) = battle.holding(f.id) {
        if comrade_free_beside(battle, f, held) {
            o.cards = vec![CardOrder::new(Card::G, None)];
        }
        return;
    }
    let bare = f
        .weapon_in_hand()
        .is_none_or(|w| tables().weapons.melee(f.character.weapons[w].kind).natural);
    if !(battle.options().brawl || bare) || battle.in_hold(f.id) {
        return;
    }
    let martial = f.character.martial_arts_level;
    let lethal = !battle.options().brawl;
    let nearest = enemies(battle, f.side)
        .min_by_key(|e| (f.pose.hex.distance(e.pose.hex), e.id))
        .map(|e| e.id);
    let kick = drop_kick(battle, f, &o.cards);
    for (k, c) in o.cards.iter_mut().enumerate() {
        let foe = c.target.or(nearest).map(|t| battle.figure(t));
        let form = match c.card {
            Card::A | Card::B | Card::C => {
                let Some(foe) = foe else { continue };
                if kick && k < 2 {
                    BrawlForm::FlyingDropKick
                } else if martial > 0 {
                    let heaviest = foe.factors.apv.iter().copied().max().unwrap_or(0);
                    if heaviest <= 5 * martial && k % 2 == 1 {
                        BrawlForm::HandChop
                    } else {
                        BrawlForm::MartialKick
                    }
                } else if grapples(battle, f, foe, earlier) {
                    BrawlForm::Grapple
                } else if haymaker(f, foe) {
                    BrawlForm::Haymaker
                } else if k == 0 {
                    BrawlForm::Punch
                } else {
                    BrawlForm::Kick
                }
            }
            Card::D | Card::E => {
                let below = foe.map_or(0, |e| {
                    martial.saturating_sub(e.character.martial_arts_level)
                });
                if martial > 0 && below >= THROW_LEVELS {
                    BrawlForm::Throw
                } else if martial > 0 {
                    BrawlForm::MartialBlock
                } else {
                    BrawlForm::Block
                }
            }
            _ => continue,
        };
        c.brawl = Some(BrawlIntent {
            form,
            lethal: lethal && matches!(form, BrawlForm::HandChop | BrawlForm::MartialKick),
        });
    }
}

/// Shakhàn 16.10.4.8: the first two cards attack the same enemy, who stands
/// where a leap reaches it and is light enough to be kicked.
fn drop_kick(battle: &Battle, f: &Figure, cards: &[CardOrder]) -> bool {
    let attack = |c: &CardOrder| matches!(c.card, Card::A | Card::B | Card::C);
    let (Some(a), Some(b)) = (cards.first(), cards.get(1)) else {
        return false;
    };
    let Some(t) = a.target else { return false };
    f.character.martial_arts_level > 0
        && attack(a)
        && attack(b)
        && b.target == Some(t)
        && f.brawl.kick.is_none()
        && !f.condition.is_prone()
        && battle.kick_line(f.id, t).is_ok()
        && drop_kick_weight_ok(f.character.weight_kg, battle.figure(t).character.weight_kg)
}

fn grappler(f: &Figure) -> Grappler {
    Grappler {
        strength: f.character.requisites.strength,
        adjusted_agility: f.factors.adjusted_agility,
        weight_kg: f.character.weight_kg,
        height_m: f.character.height_m,
    }
}

/// Shakhàn 16.10.4.1: join a comrade's grapple on `foe`, or start one that
/// with the strongest comrade would hold, when a third is left free.
fn grapples(battle: &Battle, f: &Figure, foe: &Figure, earlier: &[FigureOrders]) -> bool {
    let grappling = |o: &FigureOrders| {
        o.cards.iter().any(|c| {
            c.target == Some(foe.id) && c.brawl.is_some_and(|b| b.form == BrawlForm::Grapple)
        })
    };
    let joined: Vec<Grappler> = earlier
        .iter()
        .filter(|o| grappling(o))
        .map(|o| grappler(battle.figure(o.figure)))
        .collect();
    if !joined.is_empty() {
        let mut all = joined;
        all.push(grappler(f));
        return grapple_chance(&all, grappler(foe), false).threshold >= GRAPPLE_WORTH;
    }
    let comrades: Vec<&Figure> = battle
        .figures()
        .iter()
        .filter(|c| c.side == f.side && c.id != f.id && !c.condition.is_out())
        .collect();
    if comrades.len() < 2 {
        return false;
    }
    comrades.iter().any(|c| {
        grapple_chance(&[grappler(f), grappler(c)], grappler(foe), false).threshold >= GRAPPLE_WORTH
    })
}

/// Shakhàn 16.10.4.3: a strong brawler, or one with a club in hand, tries to
/// knock a foe out whose head is not armoured past 20.
fn haymaker(f: &Figure, foe: &Figure) -> bool {
    let club = f.weapon_in_hand().is_some_and(|w| {
        let kind = tables().weapons.melee(f.character.weapons[w].kind);
        !kind.natural && weapon_allowed(BrawlForm::Haymaker, kind)
    });
    foe.factors.apv(BodyArea::Head) <= 20
        && (club || f.character.requisites.strength >= HAYMAKER_STRENGTH)
}

/// A comrade of `f`, not itself in a hold, beside the figure `f` holds.
fn comrade_free_beside(battle: &Battle, f: &Figure, held: FigureId) -> bool {
    let at = battle.figure(held).pose.hex;
    battle.figures().iter().any(|c| {
        c.side == f.side
            && c.id != f.id
            && c.condition.can_act()
            && !battle.in_hold(c.id)
            && c.pose.hex.distance(at) == 1
    })
}
