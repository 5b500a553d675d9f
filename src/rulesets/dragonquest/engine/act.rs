//! DragonQuest 20–22: checking a figure's chosen action against where it
//! stands, its Agility and its weapons, then performing it. Every check is
//! made before the first event.

use super::command::Item;
use super::command::refuse;
use super::command::{Action, Command, Fiat, Multiple, Posture, SpecialAttack, Task};
use super::event::{ActionKind, Event};
use super::state::ItemState;
use super::state::{Battle, Turn};
use super::strike::Attack;
use crate::hex::{Facing, Pose, Step, Terrain, ZoneShape};
use crate::rulesets::dragonquest::rules::DamagePoints;
use crate::rulesets::dragonquest::rules::damage::{damage_check, inflict};
use crate::rulesets::dragonquest::rules::movement::{engaged_hexes, non_engaged_hexes};
use crate::rulesets::dragonquest::rules::special::{
    DISENTANGLE_PASSES, breaks_contact, dagger_strikes, may_entangle_in_melee, may_knock_out,
    may_shield_rush, may_sweep, may_trip, repulses, strikes_into_obscured_hex,
};
use crate::rulesets::dragonquest::rules::strike::{AttackType, Charge, Flight, Hand, Hit};
use crate::rulesets::dragonquest::rules::tables::actions::Action as Kind;
use crate::rulesets::dragonquest::rules::tables::tables;
use crate::rulesets::dragonquest::rules::tables::weapons::{Group, Range};
use crate::seam::{FigureId, Rejection};

/// How a path may go.
#[derive(Debug, Clone, Copy, Default)]
struct Walk {
    /// 20.3, 21.6: only straight back.
    backward_only: bool,
    /// 20.3, 21.4: no facing changes.
    no_pivots: bool,
    /// 30: a mounted Charge, and the run after it: straight ahead only.
    straight: bool,
}

/// 30: a mounted Charge's path, and the run after it.
const STRAIGHT: Walk = Walk {
    backward_only: false,
    no_pivots: true,
    straight: true,
};

/// A path checked: where it ends and the hexes entered.
#[derive(Debug, Clone, Copy)]
struct Walked {
    to: Pose,
    hexes: u8,
}

/// 21.1, 22.1–22.3: a path measured against its action's movement.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reach {
    /// The hexes entered.
    pub hexes: u8,
    /// The movement spent: poor footing and sharp turns cost more.
    pub cost: u8,
    /// The movement the action allows here (one hex can always be moved).
    pub limit: u8,
}

/// An action checked and ready to perform.
#[derive(Debug)]
enum Plan {
    Moves,
    /// 20.1: the strikes, then the walk after them (outside the defender's
    /// Melee Zone).
    Strikes {
        strikes: Vec<Attack>,
        after: Option<Walked>,
    },
    Withdraw {
        first: Option<Attack>,
        contact: bool,
    },
    Task(Task),
    Fire {
        attacks: Vec<Attack>,
        item: usize,
    },
    Close {
        target: FigureId,
    },
    Grapple(Attack),
    Spell(Vec<Fiat>),
}

/// 22.3's refusal of an action that may not be combined.
const COMBINABLE: &str = "22.3 combines only a Melee attack, Evade, Withdraw, Pass, Close and Grapple, Grapple, \
     Charge, Charge and Close, Retreat or Fire";

/// 21.1: turning three hexsides or more while moving costs two hexes (the
/// book's example of a GM's penalty, made the rule: docs/RULINGS.md).
const TURN_PENALTY: u8 = 2;
const TURN_PENALTY_FROM: u8 = 3;

/// The Alusia campaign's loading rule: the Rank with a missile weapon from
/// which it loads one action faster.
const ALUSIA_LOAD_RANK: u8 = 3;

/// 21.7: how far a loaded crossbow may be carried before firing.
const CROSSBOW_CARRY: u8 = 2;

/// 21.1: entering poor footing costs two hexes of movement (the GM's terrain
/// penalty, made the rule).
const POOR_FOOTING: u8 = 2;

impl Battle {
    pub(super) fn execute(&mut self, command: &Command) -> Result<(), Rejection> {
        if self.winner.is_some() {
            return refuse("the battle is over");
        }
        match command {
            Command::Referee(fiat) => {
                self.check_fiat(fiat)?;
                self.do_fiat(fiat);
                Ok(())
            }
            Command::ActNow { now } => match self.turns.front() {
                Some(Turn::Figure {
                    figure, lead: true, ..
                }) => {
                    let figure = *figure;
                    self.push(Event::LeadChosen { figure, now: *now });
                    Ok(())
                }
                Some(Turn::Side { side, choice: true }) => {
                    let side = *side;
                    self.push(Event::SideChosen { side, now: *now });
                    Ok(())
                }
                _ => refuse("no one has the choice of acting now or last at this point"),
            },
            Command::Act { figure, action } => {
                if figure.0 >= self.figures.len() {
                    return refuse(format!("there is no figure {figure}"));
                }
                self.check_turn(*figure)?;
                let (kind, walked, plan) = self.check(*figure, action)?;
                if matches!(action, Action::Combine { .. }) {
                    self.push(Event::Combining { figure: *figure });
                }
                let overrun = self.overrun_by(*figure, action.path());
                self.perform(*figure, kind, walked, plan, &overrun);
                Ok(())
            }
        }
    }

    /// Whether `figure` may take `action` now: every check `submit` makes of
    /// a [`Command::Act`], nothing changed (the AI weighs its choices so).
    pub fn check_act(&self, figure: FigureId, action: &Action) -> Result<(), Rejection> {
        if self.winner.is_some() {
            return refuse("the battle is over");
        }
        if figure.0 >= self.figures.len() {
            return refuse(format!("there is no figure {figure}"));
        }
        self.check_turn(figure)?;
        self.check(figure, action).map(|_| ())
    }

    /// 19.3, 21: whether it is `figure`'s turn to choose an action.
    fn check_turn(&self, figure: FigureId) -> Result<(), Rejection> {
        let turn = match self.turns.front() {
            Some(Turn::Figure {
                figure: f,
                lead: false,
                ..
            }) => *f == figure,
            Some(Turn::Side {
                side,
                choice: false,
            }) => self.ready(*side).contains(&figure),
            _ => false,
        };
        if !turn {
            return refuse(format!(
                "it is not {}'s turn to choose an action",
                self.figure(figure).name
            ));
        }
        Ok(())
    }

    /// Every check of an action, nothing changed; 22.3: of the first of two
    /// combined, or of the second.
    fn check(
        &self,
        id: FigureId,
        action: &Action,
    ) -> Result<(ActionKind, Option<Walked>, Plan), Rejection> {
        let me = self.figure(id);
        let nimble = &tables().actions.nimble;
        let combinable = |a: &Action| nimble.combinable.contains(&self.kind_of(id, a));
        match action {
            Action::Combine { first } => {
                if me.second_action || matches!(**first, Action::Combine { .. }) {
                    return refuse("22.3 combines two actions, no more");
                }
                if me.modified_ag() < nimble.agility_from {
                    return refuse(format!(
                        "{} needs a modified AG of {} or more to combine two actions (22.3)",
                        me.name, nimble.agility_from
                    ));
                }
                if !combinable(first) {
                    return refuse(COMBINABLE);
                }
                self.check_one(id, first, true)
            }
            a if me.second_action => {
                if !combinable(a) {
                    return refuse(COMBINABLE);
                }
                self.check_one(id, a, true)
            }
            a => self.check_one(id, a, false),
        }
    }

    /// Every check of one action, nothing changed; `combining` (22.3): no
    /// extra hexes for Agility.
    fn check_one(
        &self,
        id: FigureId,
        action: &Action,
        combining: bool,
    ) -> Result<(ActionKind, Option<Walked>, Plan), Rejection> {
        let me = self.figure(id);
        let close = self.in_close_combat(id);
        let kind = self.kind_of(id, action);
        if me.momentum {
            return self.check_momentum(id, action);
        }
        if me.must_pass && !matches!(action, Action::Pass { .. }) {
            return refuse(format!(
                "{} Parried last Pulse and must take a Pass action (24.4)",
                me.name
            ));
        }
        if me.entangled > 0 && !matches!(action, Action::Pass { .. } | Action::Spell { .. }) {
            return refuse(format!(
                "{} is entangled: a Pass action (two in a row to get free) or a spell only (23.5)",
                me.name
            ));
        }
        if me.prone && !matches!(action, Action::Pass { .. } | Action::Spell { .. }) {
            return refuse(format!(
                "{} is prone: a Pass action (to rise) or a spell only",
                me.name
            ));
        }
        let allowed = self.allowance(id, kind, combining).ok_or_else(|| {
            Rejection(format!(
                "{} may not choose {kind} now (22.7: {})",
                me.name,
                if close {
                    "in Close Combat only Grapple, Withdraw or Pass"
                } else if me.engaged {
                    "an engaged figure's actions"
                } else {
                    "a non-engaged figure's actions"
                }
            ))
        })?;
        let walk = |path: &[Step], rule: Walk, limit: u8| self.walk(id, path, rule, limit);
        Ok(match action {
            Action::Move { path } => {
                let w = walk(path, Walk::default(), allowed)?;
                (ActionKind::Move, Some(w), Plan::Moves)
            }
            Action::ChargeWithoutStrike { path } => {
                let w = walk(path, self.charge_walk(id), allowed)?;
                (ActionKind::Charge, Some(w), Plan::Moves)
            }
            Action::Evade { path } => {
                let w = walk(path, Walk::default(), allowed)?;
                self.stays_in_zone(id, w, true)?;
                (ActionKind::Evade, Some(w), Plan::Moves)
            }
            Action::Retreat { path } => {
                let rule = Walk {
                    backward_only: true,
                    no_pivots: true,
                    straight: false,
                };
                let w = walk(path, rule, allowed)?;
                (ActionKind::Retreat, Some(w), Plan::Moves)
            }
            Action::Spell { effects } => {
                for f in effects {
                    self.check_fiat(f)?;
                }
                (ActionKind::Spell, None, Plan::Spell(effects.clone()))
            }
            Action::Melee {
                path,
                target,
                multiple,
                after_strike,
            } => {
                let weapon = me.weapon_for(|w| w.uses.melee).ok_or_else(|| {
                    Rejection(format!(
                        "{} has no Melee weapon in hand and no hand free (23)",
                        me.name
                    ))
                })?;
                self.check_turns_around_strike(id, *target, path, after_strike)?;
                let w = walk(path, self.charge_walk(id), allowed)?;
                self.stays_in_zone(id, w, false)?;
                let after = if after_strike.is_empty() {
                    None
                } else {
                    Some(self.walk_from(id, w.to, after_strike, Walk::default(), allowed)?)
                };
                let charge = (!me.engaged && w.hexes > 0).then(|| {
                    if weapon.is_some_and(|i| me.weapon(i).is_pole()) {
                        Charge::PoleOrShield
                    } else {
                        Charge::NonPole
                    }
                });
                let strikes = self.melee_strikes(id, w.to, weapon, *target, multiple, charge)?;
                let kind = if charge.is_some() {
                    ActionKind::Charge
                } else {
                    ActionKind::Melee
                };
                (kind, Some(w), Plan::Strikes { strikes, after })
            }
            Action::Withdraw { path, posture } => {
                self.check_withdraw(id, path, *posture, allowed)?
            }
            Action::Pass { path, task } => {
                let w = walk(path, Walk::default(), allowed)?;
                self.stays_in_zone(id, w, false)?;
                self.check_task(id, w.to, *task)?;
                (ActionKind::Pass, Some(w), Plan::Task(*task))
            }
            Action::Fire { path, target } => {
                // 21.7 exception 1: a loaded crossbow may be carried two hexes.
                if !self.carries_crossbow(id) && !path.is_empty() {
                    return refuse(
                        "a figure that fires may not move or change facing that Pulse (21.7)",
                    );
                }
                if me.mount.is_some() && path.iter().any(|s| s.moves()) {
                    return refuse(format!(
                        "{} may not fire or throw while his mount moves (30)",
                        me.name
                    ));
                }
                let w = walk(path, Walk::default(), self.limit(id, action, allowed))?;
                let (attacks, item) = self.check_fire(id, w.to, *target)?;
                (ActionKind::Fire, Some(w), Plan::Fire { attacks, item })
            }
            Action::Close { path, target } => {
                let rule = Walk {
                    backward_only: false,
                    no_pivots: true,
                    straight: false,
                };
                let t = self.hostile(id, *target)?;
                if me.size > 1 || t.size > 1 {
                    return refuse(
                        "a monster of several hexes overruns and tramples; it neither closes nor is closed with (29)",
                    );
                }
                let w = walk(path, rule, self.limit(id, action, allowed))?;
                if me.engaged && w.hexes > 0 {
                    return refuse("an engaged figure closes from where it stands (20.6)");
                }
                let t = self.hostile(id, *target)?;
                // 29: a figure a monster overran lies beneath it; its hex is
                // full, whichever side the monster is on.
                if let Some(m) = (self.figures_at(t.pose.hex)).find(|g| g.size > 1 && !g.routed) {
                    return refuse(format!(
                        "{} lies beneath {}: there is no room in that hex to close (29)",
                        t.name, m.name
                    ));
                }
                if t.pose.hex.distance(w.to.hex) != 1 {
                    return refuse(format!(
                        "{} is not in a hex next to {} (20.6, 21.4)",
                        t.name, me.name
                    ));
                }
                (ActionKind::Close, Some(w), Plan::Close { target: *target })
            }
            Action::Special {
                path,
                target,
                attack,
            } => self.check_special(id, path, *target, *attack, allowed)?,
            Action::Combine { .. } => return refuse("22.3 combines two actions, no more"),
            Action::Grapple { target } => {
                let t = self.hostile(id, *target)?;
                if !t.shares_hex(me) {
                    return refuse(format!(
                        "{} is not in {}'s hex: a Grapple is Close Combat (22.5)",
                        t.name, me.name
                    ));
                }
                let weapon = me.weapon_for(|w| w.uses.close).ok_or_else(|| {
                    Rejection(format!(
                        "{} has no Close Combat weapon in hand and no hand free (20.7)",
                        me.name
                    ))
                })?;
                let attack = Attack::plain(id, *target, AttackType::Close, weapon);
                (ActionKind::Grapple, None, Plan::Grapple(attack))
            }
        })
    }

    /// The 22.7 row an action is, for the figure as it stands.
    fn kind_of(&self, id: FigureId, action: &Action) -> Kind {
        let me = self.figure(id);
        let pole = me.primary().is_some_and(|i| me.weapon(i).is_pole());
        match action {
            Action::Move { .. } => Kind::Move,
            Action::Melee { .. } if me.engaged => Kind::MeleeAttack,
            Action::Melee { .. } | Action::ChargeWithoutStrike { .. } if pole => Kind::PoleCharge,
            Action::Melee { .. } | Action::ChargeWithoutStrike { .. } => Kind::Charge,
            Action::Evade { .. } => Kind::Evade,
            Action::Withdraw { .. } => Kind::Withdraw,
            Action::Retreat { .. } => Kind::Retreat,
            Action::Pass { .. } => Kind::Pass,
            Action::Fire { .. } => Kind::Fire,
            Action::Close { .. } if me.engaged => Kind::CloseAndGrapple,
            Action::Close { .. } => Kind::ChargeAndClose,
            Action::Grapple { .. }
            | Action::Special {
                attack: SpecialAttack::Restrain,
                ..
            } => Kind::Grapple,
            Action::Special { .. } if me.engaged => Kind::MeleeAttack,
            Action::Special { .. } if pole => Kind::PoleCharge,
            Action::Special { .. } => Kind::Charge,
            Action::Spell { .. } => Kind::Spell,
            Action::Combine { first } => self.kind_of(id, first),
        }
    }

    /// 20–22: the hexes the action allows here; `None` if it may not be chosen.
    fn allowance(&self, id: FigureId, kind: Kind, combining: bool) -> Option<u8> {
        let t = &tables().actions;
        let me = self.figure(id);
        let (tmr, ag) = (me.tmr(), me.modified_ag());
        let close = self.in_close_combat(id);
        if me.engaged || close {
            let in_zone = if kind == Kind::Withdraw {
                self.face_to_face(id)
            } else {
                self.body_in_hostile_zone(id, me.pose)
            };
            engaged_hexes(t, kind, tmr, ag, in_zone, close, combining)
        } else {
            non_engaged_hexes(t, kind, tmr, ag, combining)
        }
    }

    /// Two or more hostile figures in one hex (16 Close Combat).
    fn in_close_combat(&self, id: FigureId) -> bool {
        let me = self.figure(id);
        self.figures
            .iter()
            .any(|g| g.id != id && g.side != me.side && g.is_up() && g.shares_hex(me))
    }

    /// 29: whether any hex of `id`'s body, were it at `pose`, is in a
    /// hostile Melee Zone.
    fn body_in_hostile_zone(&self, id: FigureId, pose: Pose) -> bool {
        pose.body(self.figure(id).size)
            .any(|h| self.in_hostile_zone(id, h))
    }

    /// Whether `hex` is in the Melee Zone of a figure hostile to `id`.
    fn in_hostile_zone(&self, id: FigureId, hex: crate::hex::Hex) -> bool {
        let side = self.figure(id).side;
        self.figures
            .iter()
            .any(|g| g.side != side && g.zone_holds(hex))
    }

    /// 20.3: in an opponent's Melee Zone with the opponent in its own.
    fn face_to_face(&self, id: FigureId) -> bool {
        let me = self.figure(id);
        self.figures.iter().any(|g| {
            g.side != me.side
                && me.hexes().any(|h| g.zone_holds(h))
                && g.hexes().any(|h| me.zone_holds(h))
        })
    }

    /// 20.1, 20.2, 20.4: an engaged figure in a hostile Melee Zone moves its
    /// one hex within that Zone; an Evade there turns one hexside at most.
    fn stays_in_zone(&self, id: FigureId, w: Walked, evade: bool) -> Result<(), Rejection> {
        let me = self.figure(id);
        if !me.engaged || self.in_close_combat(id) || !self.body_in_hostile_zone(id, me.pose) {
            return Ok(());
        }
        let within = self.figures.iter().any(|g| {
            g.side != me.side
                && me.hexes().any(|h| g.zone_holds(h))
                && w.to.body(me.size).any(|h| g.zone_holds(h))
        });
        if w.hexes > 0 && !within {
            return refuse(format!(
                "{} may move only within the Melee Zone it stands in (20.1, 20.2, 20.4)",
                me.name
            ));
        }
        if evade && Facing::hexsides_between(me.pose.facing, w.to.facing) > 1 {
            return refuse(format!(
                "{} may turn only one hexside while Evading in a Melee Zone (20.2)",
                me.name
            ));
        }
        Ok(())
    }

    /// A figure hostile to `id` that is not dead or gone.
    fn hostile(&self, id: FigureId, target: FigureId) -> Result<&super::state::Figure, Rejection> {
        let Some(t) = self.figures.get(target.0) else {
            return refuse(format!("there is no figure {target}"));
        };
        if t.side == self.figure(id).side {
            return refuse(format!("{} is not hostile", t.name));
        }
        if t.routed || t.endurance == 0 {
            return refuse(format!("{} is out of the fight", t.name));
        }
        Ok(t)
    }

    /// 20.1: around a Melee attack by an engaged figure that stands outside
    /// the defender's Melee Zone, facing changes come only after the strike;
    /// the movement (half the TMR) comes before it or after it. Inside that
    /// Zone (or charging), nothing comes after the strike.
    fn check_turns_around_strike(
        &self,
        id: FigureId,
        target: FigureId,
        path: &[Step],
        after_strike: &[Step],
    ) -> Result<(), Rejection> {
        let me = self.figure(id);
        let t = self.hostile(id, target)?;
        let outside = me.engaged && !me.hexes().any(|h| t.zone_holds(h));
        if outside && path.iter().any(|s| !s.moves()) {
            return refuse(format!(
                "{} stands outside {}'s Melee Zone: it may change facing only after the attack (20.1)",
                me.name, t.name
            ));
        }
        if after_strike.is_empty() {
            return Ok(());
        }
        if !me.engaged {
            return refuse("a Charge ends with its strike: nothing comes after it (21.2, 21.3)");
        }
        if !outside {
            return refuse(format!(
                "{} stands in {}'s Melee Zone: it may not move or change facing after the attack (20.1)",
                me.name, t.name
            ));
        }
        if path.iter().any(|s| s.moves()) && after_strike.iter().any(|s| s.moves()) {
            return refuse(format!(
                "{} moves either before the attack or after it, not both (20.1)",
                me.name
            ));
        }
        if me.size > 1 && after_strike.iter().any(|s| s.moves()) {
            return refuse(format!(
                "{} overruns as it moves (29): it moves before its strike, not after",
                me.name
            ));
        }
        Ok(())
    }

    /// 21.1: a path step by step: on the map, into open unoccupied hexes,
    /// stopping on entering a hostile Melee Zone (facing may still change),
    /// within `limit` hexes (turns of three hexsides or more cost two).
    fn walk(
        &self,
        id: FigureId,
        path: &[Step],
        rule: Walk,
        limit: u8,
    ) -> Result<Walked, Rejection> {
        self.walk_from(id, self.figure(id).pose, path, rule, limit)
    }

    /// [`Battle::walk`] from `start` (20.1: the walk after a strike).
    fn walk_from(
        &self,
        id: FigureId,
        start: Pose,
        path: &[Step],
        rule: Walk,
        limit: u8,
    ) -> Result<Walked, Rejection> {
        let me = self.figure(id);
        let monster = me.size > 1;
        let mut pose = start;
        let (mut hexes, mut stopped) = (0u8, false);
        for &step in path {
            if let Step::Pivot { .. } = step {
                if rule.no_pivots {
                    return refuse("this action allows no change of facing (20.3, 21.4, 21.6, 30)");
                }
                pose = pose.after(step);
                if monster {
                    // 29: the body swings about the head.
                    self.body_fits(id, pose)?;
                    stopped |= self.body_in_hostile_zone(id, pose);
                }
                continue;
            }
            if monster && !matches!(step, Step::Forward | Step::ForwardRight) {
                return refuse(format!(
                    "{} moves by its head into one of its two Front hexes (29: Forward or ForwardRight)",
                    me.name
                ));
            }
            if rule.straight && step != Step::Forward {
                return refuse("a mounted Charge, and the run after it, go straight ahead (30)");
            }
            if rule.backward_only && step != Step::Backward {
                return refuse("this action moves straight back only (20.3, 21.6)");
            }
            if stopped {
                return refuse(format!(
                    "{} entered a hostile Melee Zone and must stop there (21.1)",
                    me.name
                ));
            }
            let next = pose.after(step);
            self.body_fits(id, next)?;
            // A path longer than any limit is refused below, not overflowed.
            hexes = hexes.saturating_add(1);
            pose = next;
            stopped = self.body_in_hostile_zone(id, pose);
            // Past the limit nothing further can allow it (every hex costs
            // at least one): refused below without walking the rest, so a
            // path across a whole map costs no more to refuse than a short one.
            if hexes > limit && hexes > 1 {
                break;
            }
        }
        let cost = self.spent_from(id, start, path).cost;
        // 21.1: one hex can always be moved, whatever the ground.
        let one_hex = hexes == 1 && limit >= 1;
        if cost > limit && !one_hex {
            return refuse(format!(
                "{} may move {limit} hexes in this action, not {cost}",
                me.name,
            ));
        }
        Ok(Walked { to: pose, hexes })
    }

    /// 21.1, 29: the hexes `path` enters and the movement it spends, as
    /// [`Battle::walk`] counts it: poor footing two a hex, turns of three
    /// hexsides or more two hexes more (a monster: a hex for each two
    /// vertices turned). The `limit` of the [`Reach`] is left at 0.
    fn spent(&self, id: FigureId, path: &[Step]) -> Reach {
        self.spent_from(id, self.figure(id).pose, path)
    }

    /// [`Battle::spent`] from `start`.
    fn spent_from(&self, id: FigureId, start: Pose, path: &[Step]) -> Reach {
        let me = self.figure(id);
        let mut pose = start;
        let (mut hexes, mut cost, mut turned) = (0u8, 0u8, 0u8);
        for &step in path {
            if let Step::Pivot { to } = step {
                turned = turned.saturating_add(Facing::hexsides_between(pose.facing, to));
            } else {
                hexes = hexes.saturating_add(1);
                let footing = if self.map.terrain(pose.after(step).hex) == Some(Terrain::Poor) {
                    POOR_FOOTING
                } else {
                    1
                };
                cost = cost.saturating_add(footing);
            }
            pose = pose.after(step);
        }
        let penalty = if me.size > 1 {
            // 29: one hex for each two vertices turned.
            turned / 2
        } else if hexes > 0 && turned >= TURN_PENALTY_FROM {
            TURN_PENALTY
        } else {
            0
        };
        Reach {
            hexes,
            cost: cost.saturating_add(penalty),
            limit: 0,
        }
    }

    /// 21.1, 29: the movement `path` spends from where `figure` stands,
    /// counted as every check counts it (poor footing, and the two hexes a
    /// turn of three hexsides or more costs in a path that moves).
    pub fn path_cost(&self, figure: FigureId, path: &[Step]) -> u8 {
        self.spent(figure, path).cost
    }

    /// 21.1, 22.1–22.3: what `action`'s path spends of the movement the
    /// action allows `figure` where it stands, counted as the check counts
    /// it; `None` if the figure may not choose the action now. Whether the
    /// path is allowed otherwise (free hexes, Melee Zones) only
    /// [`Battle::check_act`] says.
    pub fn reach(&self, figure: FigureId, action: &Action) -> Option<Reach> {
        let me = self.figures.get(figure.0)?;
        let (one, combining) = match action {
            Action::Combine { first } => (&**first, true),
            a => (a, me.second_action),
        };
        let allowed = self.allowance(figure, self.kind_of(figure, one), combining)?;
        Some(Reach {
            limit: self.limit(figure, one, allowed),
            ..self.spent(figure, one.path())
        })
    }

    /// The hexes an action's path may spend of the `allowed` movement:
    /// 21.4, the defender's hex counts in a Close; 21.7, a loaded crossbow
    /// is carried two hexes at most.
    fn limit(&self, id: FigureId, action: &Action, allowed: u8) -> u8 {
        match action {
            Action::Close { .. } => allowed.saturating_sub(1),
            Action::Fire { .. } if self.carries_crossbow(id) => CROSSBOW_CARRY,
            _ => allowed,
        }
    }

    /// 27.2 note G: the Pass actions loading the Missile weapon `item`
    /// takes: a crossbow two, any other one. The Alusia campaign's rule (a
    /// scenario option: 21.7, 22.3, note G) takes one off for a figure of
    /// Rank 3 or more with it or of modified AG 26 or more: a crossbow in one
    /// Pass, any other loaded and fired in one Fire action (none).
    fn load_passes(&self, id: FigureId, item: usize) -> u8 {
        let me = self.figure(id);
        let passes = crossbow_passes(&me.weapon(item).name);
        let adept = me.weapons[item]
            .rank
            .is_some_and(|r| r.0 >= ALUSIA_LOAD_RANK)
            || me.modified_ag() >= tables().actions.nimble.agility_from;
        if self.alusia_loading && adept {
            passes - 1
        } else {
            passes
        }
    }

    /// 21.7 exception 1: the figure's prepared weapon is a crossbow.
    fn carries_crossbow(&self, id: FigureId) -> bool {
        let me = self.figure(id);
        me.primary()
            .is_some_and(|i| crossbow_passes(&me.weapon(i).name) > 1)
    }

    /// 21.1, 29: whether `id`'s body fits at `pose`: every hex on the map,
    /// open, and free of other figures, except that a monster of several
    /// hexes may enter a hostile figure of one hex's hex (it overruns it).
    fn body_fits(&self, id: FigureId, pose: Pose) -> Result<(), Rejection> {
        let me = self.figure(id);
        for h in pose.body(me.size) {
            if !self.map.is_passable(h) {
                return refuse(format!("({}, {}) is off the map or blocked", h.col, h.row));
            }
            if let Some(o) =
                (self.figures_at(h)).find(|g| g.id != id && !g.routed && !overruns(me, g))
            {
                return refuse(format!("({}, {}) is taken by {}", h.col, h.row, o.name));
            }
        }
        Ok(())
    }

    /// 29: the figures of one hex a monster's path overruns, in the order
    /// it enters their hexes (not those beneath it already, nor the dead).
    fn overrun_by(&self, id: FigureId, path: &[Step]) -> Vec<FigureId> {
        let me = self.figure(id);
        if me.size == 1 {
            return Vec::new();
        }
        let mut pose = me.pose;
        let mut out: Vec<FigureId> = Vec::new();
        for &step in path {
            pose = pose.after(step);
            for h in pose.body(me.size) {
                for g in self.figures_at(h) {
                    if overruns(me, g)
                        && !g.routed
                        && g.endurance > 0
                        && !g.shares_hex(me)
                        && !out.contains(&g.id)
                    {
                        out.push(g.id);
                    }
                }
            }
        }
        out
    }

    /// 30: a mounted figure charges in a straight line, no facing changed.
    fn charge_walk(&self, id: FigureId) -> Walk {
        let me = self.figure(id);
        if me.mount.is_some() && !me.engaged {
            STRAIGHT
        } else {
            Walk::default()
        }
    }

    /// 30: the run after a mounted Charge: straight ahead, as far as the
    /// full TMR and 21.1 allow (a hex held, a wall, a hostile Melee Zone
    /// end it). `None` if the figure has no such run due.
    pub fn momentum_path(&self, id: FigureId) -> Option<Vec<Step>> {
        let me = self.figures.get(id.0)?;
        if !me.momentum {
            return None;
        }
        let full = me.tmr().0;
        let mut path: Vec<Step> = Vec::new();
        while path.len() < usize::from(full) {
            path.push(Step::Forward);
            if self.walk(id, &path, STRAIGHT, full).is_err() {
                path.pop();
                break;
            }
        }
        Some(path)
    }

    /// 30: the Pulse after a mounted Charge, the one action is the run on.
    fn check_momentum(
        &self,
        id: FigureId,
        action: &Action,
    ) -> Result<(ActionKind, Option<Walked>, Plan), Rejection> {
        let me = self.figure(id);
        let due = self.momentum_path(id).unwrap_or_default();
        match action {
            Action::Move { path } if *path == due => {
                let w = self.walk(id, path, STRAIGHT, me.tmr().0)?;
                Ok((ActionKind::Move, Some(w), Plan::Moves))
            }
            _ => refuse(format!(
                "{}'s {} runs on after the Charge: a Move straight ahead, {} hexes (30)",
                me.name,
                me.mount.as_ref().map_or("mount", |m| m.name.as_str()),
                due.len()
            )),
        }
    }

    /// 22.5, 29, 30: whether `id`, at `at`, strikes `target` with `weapon`:
    /// the target fills a hex of its Melee Zone; a rider on a normal mount
    /// strikes into the hex straight ahead only with a Pole weapon.
    fn strikes_into(
        &self,
        id: FigureId,
        at: Pose,
        weapon: Option<usize>,
        target: &super::state::Figure,
    ) -> Result<(), Rejection> {
        let me = self.figure(id);
        if !me.front_hexes_at(at).any(|h| target.occupies(h)) {
            return refuse(format!(
                "{} is not in {}'s Melee Zone (its front hexes, 22.5)",
                target.name, me.name
            ));
        }
        let spear = weapon.is_some_and(|i| me.weapon(i).is_pole());
        if me.mount.is_some() && me.size == 1 && !spear {
            let ahead = at.front();
            if !me
                .front_hexes_at(at)
                .any(|h| h != ahead && target.occupies(h))
            {
                return refuse(format!(
                    "{} is straight ahead of {}'s mount: only a spear or like Pole weapon strikes there (30)",
                    target.name, me.name
                ));
            }
        }
        Ok(())
    }

    /// 30: a rider may not use a two-handed weapon (157.2's Horsemanship,
    /// which may lift it, is not in the text); 27.2 note F: a lance is for
    /// riders only.
    fn mounted_weapon(&self, id: FigureId, weapon: Option<usize>) -> Result<(), Rejection> {
        let me = self.figure(id);
        if me.mount.is_none() && weapon.is_some_and(|i| me.weapon(i).note == Some('F')) {
            return refuse(format!(
                "{} may use a lance only mounted (27.2 note F)",
                me.name
            ));
        }
        if me.mount.is_some() && weapon.is_some_and(|i| me.weapons[i].two_handed) {
            return refuse(format!(
                "{} may not use a two-handed weapon while mounted (30)",
                me.name
            ));
        }
        Ok(())
    }

    /// 20.1, 21.2–21.3, 22.5, 23.4, 27.2 note A: the strikes of a Melee
    /// attack from `at`, each target hostile and in the Melee Zone.
    fn melee_strikes(
        &self,
        id: FigureId,
        at: Pose,
        weapon: Option<usize>,
        target: FigureId,
        multiple: &Multiple,
        charge: Option<Charge>,
    ) -> Result<Vec<Attack>, Rejection> {
        let me = self.figure(id);
        self.mounted_weapon(id, weapon)?;
        let in_zone = |t: FigureId| -> Result<(), Rejection> {
            let f = self.hostile(id, t)?;
            self.strikes_into(id, at, weapon, f)
        };
        in_zone(target)?;
        let strike = |t: FigureId, weapon: Option<usize>, hand: Hand| Attack {
            hand,
            charge,
            ..Attack::plain(id, t, AttackType::Melee, weapon)
        };
        Ok(match multiple {
            Multiple::Single => {
                let times = match weapon {
                    Some(i) if me.weapon(i).note == Some('A') => {
                        dagger_strikes(self.figure(target).modified_ag())
                    }
                    _ => 1,
                };
                (0..times)
                    .map(|_| strike(target, weapon, Hand::Primary))
                    .collect()
            }
            Multiple::SecondWeapon { target: second } => {
                if me.mount.is_some() {
                    return refuse(format!(
                        "{} may not use more than one weapon at a time while mounted (30)",
                        me.name
                    ));
                }
                in_zone(*second)?;
                let melee: Vec<usize> = me
                    .hands
                    .iter()
                    .copied()
                    .filter(|&i| me.weapon(i).uses.melee)
                    .collect();
                let [first, other] = melee[..] else {
                    return refuse(format!(
                        "{} needs two Melee weapons in hand for a Multiple Strike (23.4)",
                        me.name
                    ));
                };
                vec![
                    strike(target, Some(first), Hand::MultiplePrimary),
                    strike(*second, Some(other), Hand::MultipleSecondary),
                ]
            }
            Multiple::Sweep { others } => {
                let ok = weapon.is_some_and(|i| may_sweep(me.weapon(i), me.weapons[i].rank));
                if !ok {
                    return refuse(
                        "a sweep at several targets needs a class B weapon at Rank 4 or more (23.4)",
                    );
                }
                if others.len() > 2 {
                    return refuse("a sweep strikes three targets at most (23.4)");
                }
                let mut all = vec![target];
                for &o in others {
                    in_zone(o)?;
                    if all.contains(&o) {
                        return refuse("a sweep strikes each target once (23.4)");
                    }
                    all.push(o);
                }
                all.into_iter()
                    .map(|t| strike(t, weapon, Hand::MultipleClassB))
                    .collect()
            }
        })
    }

    /// 23.5: who may try `special` on `target` with what: the weapon in
    /// hand it is made with (none for a Shield Rush or Restrain), or why it
    /// may not be tried. Where the figures stand is not asked (`odds` asks
    /// this of figures anywhere).
    pub fn special_weapon(
        &self,
        id: FigureId,
        target: FigureId,
        special: SpecialAttack,
    ) -> Result<Option<usize>, Rejection> {
        let me = self.figure(id);
        let t = self.hostile(id, target)?;
        if t.size > 1 && matches!(special, SpecialAttack::Trip | SpecialAttack::Knockout) {
            return refuse(format!(
                "{} is larger than a man: a Trip or Knockout works only on human-size or smaller (23.5, 29)",
                t.name
            ));
        }
        let in_hand =
            |ok: &dyn Fn(&crate::rulesets::dragonquest::rules::tables::weapons::Weapon) -> bool| {
                me.hands.iter().copied().find(|&i| ok(me.weapon(i)))
            };
        let weapon = match special {
            SpecialAttack::Trip => Some(in_hand(&may_trip).ok_or_else(|| {
                Rejection(format!(
                    "{} needs a quarterstaff, spear, halberd, poleaxe or glaive in hand to Trip (23.5)",
                    me.name
                ))
            })?),
            SpecialAttack::Entangle => Some(in_hand(&may_entangle_in_melee).ok_or_else(|| {
                Rejection(format!(
                    "{} needs a net or whip in hand to Entangle in Melee Combat (23.5, 27.2 notes L-N)",
                    me.name
                ))
            })?),
            SpecialAttack::ShieldRush => {
                if !me.prepared_shield().is_some_and(|(s, _)| may_shield_rush(s)) {
                    return refuse(format!(
                        "{} needs a prepared shield, not a Main-Gauche or Tower Shield, to Shield Rush (23.5)",
                        me.name
                    ));
                }
                None
            }
            SpecialAttack::Knockout => {
                let w = me.weapon_for(|w| w.uses.melee).ok_or_else(|| {
                    Rejection(format!(
                        "{} has no Melee weapon in hand and no hand free (23)",
                        me.name
                    ))
                })?;
                if !may_knock_out(w.map(|i| me.weapon(i))) {
                    return refuse(
                        "a Knockout cannot be tried with a Missile or Entangling weapon, a dart, grenado, lance or pike (23.5)",
                    );
                }
                w
            }
            SpecialAttack::Disarm { item } => {
                let held = match item {
                    Item::Weapon(i) => t.hands.contains(&i),
                    Item::Shield => t.prepared_shield().is_some(),
                };
                if !held {
                    return refuse(format!(
                        "{} does not hold that in hand to be disarmed of (23.5)",
                        t.name
                    ));
                }
                me.weapon_for(|w| w.uses.melee || w.uses.close)
                    .ok_or_else(|| {
                        Rejection(format!(
                            "{} has no Melee or Close weapon in hand and no hand free (23.5)",
                            me.name
                        ))
                    })?
            }
            SpecialAttack::Restrain => None,
        };
        Ok(weapon)
    }

    /// 23.5: a special attack: who may try it with what, and where. All but
    /// the Restrain are Melee attacks (engaged, or a Charge's strike); the
    /// Restrain is a Grapple.
    fn check_special(
        &self,
        id: FigureId,
        path: &[Step],
        target: FigureId,
        special: SpecialAttack,
        allowed: u8,
    ) -> Result<(ActionKind, Option<Walked>, Plan), Rejection> {
        let me = self.figure(id);
        let t = self.hostile(id, target)?;
        if special == SpecialAttack::Restrain {
            if !path.is_empty() {
                return refuse("a Restrain is a Grapple: no movement (20.7, 23.5)");
            }
            if !t.shares_hex(me) {
                return refuse(format!(
                    "{} is not in {}'s hex: a Restrain is a Grapple, Close Combat (23.5)",
                    t.name, me.name
                ));
            }
            if t.restrained_by.is_some() {
                return refuse(format!("{} is restrained already (23.5)", t.name));
            }
            let a = Attack {
                special: Some(special),
                ..Attack::plain(id, target, AttackType::Close, None)
            };
            return Ok((ActionKind::Grapple, None, Plan::Grapple(a)));
        }
        let weapon = self.special_weapon(id, target, special)?;
        self.mounted_weapon(id, weapon)?;
        self.check_turns_around_strike(id, target, path, &[])?;
        let w = self.walk(id, path, self.charge_walk(id), allowed)?;
        self.stays_in_zone(id, w, false)?;
        self.strikes_into(id, w.to, weapon, t)?;
        let charge = (!me.engaged && w.hexes > 0).then(|| {
            let pole = weapon.is_some_and(|i| me.weapon(i).is_pole());
            if pole || special == SpecialAttack::ShieldRush {
                Charge::PoleOrShield
            } else {
                Charge::NonPole
            }
        });
        let kind = if charge.is_some() {
            ActionKind::Charge
        } else {
            ActionKind::Melee
        };
        let a = Attack {
            charge,
            special: Some(special),
            ..Attack::plain(id, target, AttackType::Melee, weapon)
        };
        Ok((
            kind,
            Some(w),
            Plan::Strikes {
                strikes: vec![a],
                after: None,
            },
        ))
    }

    /// 20.3, 20.7: a Withdrawal's path, posture and (in Close Combat) contact.
    fn check_withdraw(
        &self,
        id: FigureId,
        path: &[Step],
        posture: Posture,
        allowed: u8,
    ) -> Result<(ActionKind, Option<Walked>, Plan), Rejection> {
        let me = self.figure(id);
        let close = self.in_close_combat(id);
        let defensive = posture == Posture::Defensive;
        if defensive && me.prepared_shield().is_none() {
            return refuse(format!(
                "{} has no shield prepared for a Defensive Withdrawal (20.3)",
                me.name
            ));
        }
        let first = match posture {
            Posture::Offensive { target } if !close => {
                let weapon = me.weapon_for(|w| w.uses.melee).ok_or_else(|| {
                    Rejection(format!("{} has nothing to strike with (23)", me.name))
                })?;
                let mut s =
                    self.melee_strikes(id, me.pose, weapon, target, &Multiple::Single, None)?;
                s.truncate(1);
                s.pop().map(|a| Attack {
                    withdrawing: true,
                    ..a
                })
            }
            Posture::Offensive { .. } => {
                return refuse("no Offensive Withdrawal out of Close Combat (20.7)");
            }
            _ => None,
        };
        let rule = Walk {
            backward_only: !close && self.face_to_face(id),
            no_pivots: !close && self.face_to_face(id),
            straight: false,
        };
        if close {
            // 20.7: into any adjacent hex, once contact is broken: one step,
            // turning before or after it as need be (a step reaches four of
            // the six; the figure lands prone, facing as it will); the
            // hostile figures share this hex, so only friends and walls bar it.
            if path.iter().filter(|s| s.moves()).count() != 1 {
                return refuse("leaving Close Combat is one step into an adjacent hex (20.7)");
            }
        }
        let w = self.walk(id, path, rule, allowed)?;
        let kind = ActionKind::Withdraw { defensive };
        Ok((
            kind,
            Some(w),
            Plan::Withdraw {
                first,
                contact: close,
            },
        ))
    }

    /// 20.4: whether the task can be done at `at`.
    fn check_task(&self, id: FigureId, at: Pose, task: Task) -> Result<(), Rejection> {
        let me = self.figure(id);
        let free = 2 - me.hands_used().min(2);
        let weapon = |item: usize| {
            me.weapons
                .get(item)
                .ok_or_else(|| Rejection(format!("{} has no weapon {item}", me.name)))
        };
        match task {
            Task::Nothing => {}
            Task::Prepare { item } => {
                let w = weapon(item)?;
                if w.state != ItemState::Carried || me.hands.contains(&item) {
                    return refuse(format!(
                        "{}'s {} is not carried ready to draw",
                        me.name,
                        me.weapon(item).name
                    ));
                }
                if free < if w.two_handed { 2 } else { 1 } {
                    return refuse(format!("{} has no hand free (27)", me.name));
                }
            }
            Task::PrepareShield => {
                let ok = me
                    .shield
                    .as_ref()
                    .is_some_and(|s| s.state == ItemState::Carried && !s.prepared);
                if !ok || free == 0 || self.in_close_combat(id) {
                    return refuse(format!("{} cannot prepare a shield now", me.name));
                }
            }
            Task::PutAway { item: Some(item) } => {
                if !me.hands.contains(&item) {
                    return refuse(format!("{} does not hold weapon {item}", me.name));
                }
            }
            Task::PutAway { item: None } => {
                if me.prepared_shield().is_none() {
                    return refuse(format!("{} holds no shield", me.name));
                }
            }
            Task::PickUp { item } => {
                let w = weapon(item)?;
                if w.state != ItemState::Dropped(at.hex) {
                    return refuse(format!(
                        "{}'s {} is not on the ground where it would stand",
                        me.name,
                        me.weapon(item).name
                    ));
                }
                if free < if w.two_handed { 2 } else { 1 } {
                    return refuse(format!("{} has no hand free (27)", me.name));
                }
            }
            Task::Load => {
                let ok = me
                    .primary()
                    .is_some_and(|i| me.weapon(i).group == Group::Missile && !me.weapons[i].loaded);
                if !ok {
                    return refuse(format!(
                        "{} holds no unloaded Missile Weapon (27.2 note G)",
                        me.name
                    ));
                }
            }
            Task::Prone { down } => {
                if down == me.prone {
                    return refuse(format!(
                        "{} is {} already",
                        me.name,
                        if down { "down" } else { "up" }
                    ));
                }
                if !down && me.entangled > 0 {
                    return refuse(format!(
                        "{} must get free of the entanglement before rising (23.5)",
                        me.name
                    ));
                }
            }
            Task::DrawOut => {
                if me.lodged.is_empty() {
                    return refuse(format!("nothing is lodged in {} (27.4)", me.name));
                }
            }
        }
        Ok(())
    }

    /// 21.7, 22.5, 23.1: a Fire action: a loaded or thrown Ranged weapon in
    /// hand, the target in the Ranged Zone within range and in sight; every
    /// figure on the Line of Fire is checked first, in order.
    fn check_fire(
        &self,
        id: FigureId,
        from: Pose,
        target: FigureId,
    ) -> Result<(Vec<Attack>, usize), Rejection> {
        let me = self.figure(id);
        let Some(item) = me.hands.iter().copied().find(|&i| me.weapon(i).uses.ranged) else {
            return refuse(format!(
                "{} holds no weapon rated for Ranged Combat (23.1)",
                me.name
            ));
        };
        let w = me.weapon(item);
        if w.group == Group::Missile && !me.weapons[item].loaded && self.load_passes(id, item) > 0 {
            return refuse(format!(
                "{}'s {} is not loaded (27.2 note G)",
                me.name, w.name
            ));
        }
        self.mounted_weapon(id, Some(item))?;
        let t = self.hostile(id, target)?;
        let Range::Hexes(range) = w.range else {
            return refuse(format!("the {} cannot be fired or thrown", w.name));
        };
        let at = t.nearest_hex(from.hex);
        if me.mount.is_some() && me.size == 1 && w.group != Group::Missile && at == from.front() {
            return refuse(format!(
                "{} is straight ahead of {}'s mount: only a Pole or fired weapon strikes there (30)",
                t.name, me.name
            ));
        }
        if !self
            .map
            .in_missile_zone(from, u32::from(range), ZoneShape::Front, at)
        {
            return refuse(format!(
                "{} is not in {}'s Ranged Zone within the {}'s {range} hexes (21.7)",
                t.name, me.name, w.name
            ));
        }
        let sight = self
            .map
            .line_of_sight(from.hex, at)
            .map_err(|e| Rejection(e.to_string()))?;
        if !sight.clear {
            return refuse(format!(
                "{} has no Line of Fire to {} (16, 23.1)",
                me.name, t.name
            ));
        }
        let flight = |hexes: u32| {
            let hexes = hexes as u16;
            Some(if w.group == Group::Missile {
                Flight::Missile { hexes }
            } else {
                Flight::Thrown { hexes }
            })
        };
        let mut attacks: Vec<Attack> = Vec::new();
        for hex in &sight.hexes {
            for g in (self.figures_at(*hex))
                .filter(|g| g.id != id && g.id != target && !g.routed && g.endurance > 0)
            {
                attacks.push(Attack {
                    in_the_way: true,
                    flight: flight(from.hex.distance(*hex)),
                    ..Attack::plain(id, g.id, AttackType::Ranged, Some(item))
                });
            }
        }
        attacks.push(Attack {
            flight: flight(from.hex.distance(at)),
            ..Attack::plain(id, target, AttackType::Ranged, Some(item))
        });
        Ok((attacks, item))
    }

    /// Carry out a checked action: its choice, its movement (and 29's
    /// tramples of the figures it overran), then the rest; 30: a mounted
    /// Charge sets the mount running on, the run done calms it.
    fn perform(
        &mut self,
        id: FigureId,
        kind: ActionKind,
        walked: Option<Walked>,
        plan: Plan,
        overrun: &[FigureId],
    ) {
        let moving = walked.is_some_and(|w| w.hexes > 0);
        let ran_on = self.figure(id).momentum;
        let charged = kind == ActionKind::Charge && moving && self.figure(id).mount.is_some();
        self.perform_plan(id, kind, walked, plan, overrun);
        if ran_on && self.figure(id).momentum {
            self.push(Event::Momentum {
                figure: id,
                on: false,
            });
        } else if charged && self.figure(id).mount.is_some() && self.figure(id).is_up() {
            self.push(Event::Momentum {
                figure: id,
                on: true,
            });
        }
    }

    fn perform_plan(
        &mut self,
        id: FigureId,
        kind: ActionKind,
        walked: Option<Walked>,
        plan: Plan,
        overrun: &[FigureId],
    ) {
        let after_moves = matches!(&plan, Plan::Strikes { after: Some(w), .. } if w.hexes > 0);
        let moving = walked.is_some_and(|w| w.hexes > 0) || after_moves;
        self.push(Event::ActionChosen {
            figure: id,
            action: kind,
            moving,
        });
        if self.figure(id).must_pass {
            self.push(Event::MustPass {
                figure: id,
                must: false,
            });
        }
        // 23.5: two Passes in a row free an entangled figure.
        let entangled = self.figure(id).entangled;
        if entangled > 0 {
            let passes = if kind == ActionKind::Pass {
                entangled - 1
            } else {
                DISENTANGLE_PASSES
            };
            self.push(Event::Entangled { figure: id, passes });
        }
        let moved = |b: &mut Battle| {
            if let Some(w) = walked.filter(|w| w.to != b.figure(id).pose) {
                b.push(Event::Moved {
                    figure: id,
                    to: w.to,
                    hexes: w.hexes,
                });
                for &f in overrun {
                    b.trample(id, f);
                }
            }
        };
        match plan {
            Plan::Moves => moved(self),
            Plan::Spell(effects) => {
                for f in &effects {
                    self.do_fiat(f);
                }
            }
            Plan::Strikes { strikes, after } => {
                moved(self);
                if self.sees_to_strike(id, &strikes) {
                    for a in strikes {
                        if !self.can_strike(&a) {
                            break;
                        }
                        self.strike(a);
                    }
                }
                // 20.1: the move or turn after the attack, if the figure
                // still can.
                if let Some(w) = after.filter(|w| w.to != self.figure(id).pose)
                    && self.figure(id).can_act()
                {
                    self.push(Event::Moved {
                        figure: id,
                        to: w.to,
                        hexes: w.hexes,
                    });
                }
            }
            Plan::Withdraw { first, contact } => {
                if let Some(a) = first {
                    self.strike(a);
                }
                if contact {
                    if self.break_contact(id) {
                        moved(self);
                        self.push(Event::Prone {
                            figure: id,
                            prone: true,
                        });
                    }
                } else if self.figure(id).can_act() {
                    moved(self);
                }
            }
            Plan::Task(task) => {
                moved(self);
                self.do_task(id, task);
            }
            Plan::Fire { attacks, item } => {
                moved(self);
                self.fire(id, attacks, item);
            }
            Plan::Close { target } => {
                moved(self);
                self.close(id, target);
            }
            Plan::Grapple(a) => {
                self.strike(a);
            }
        }
    }

    /// 29: a monster overruns `figure`: it is knocked prone, and the monster
    /// tramples it (always tried, as it costs nothing): a Melee Strike Check
    /// at Base Chance 40, D10 + the monster's size, Class C.
    fn trample(&mut self, monster: FigureId, figure: FigureId) {
        self.push(Event::Overrun { monster, figure });
        if self.figure(figure).endurance == 0 || !self.figure(monster).is_up() {
            return;
        }
        self.strike(Attack {
            trample: true,
            ..Attack::plain(monster, figure, AttackType::Melee, None)
        });
    }

    /// 22.5: a Melee attack on a figure in an obscured hex needs D100 at or
    /// under Perception × 4 first (one roll for the action).
    fn sees_to_strike(&mut self, id: FigureId, attacks: &[Attack]) -> bool {
        let obscured = attacks
            .iter()
            .any(|a| self.map.terrain(self.figure(a.target).pose.hex) == Some(Terrain::Obscured));
        if !obscured {
            return true;
        }
        let pc = self.figure(id).pc;
        let roll = self.dice.d100();
        let passed = strikes_into_obscured_hex(pc, roll.value());
        self.push(Event::ObscuredCheck {
            figure: id,
            roll,
            needed: 4 * u32::from(pc),
            passed,
        });
        passed
    }

    /// Whether a planned strike can still be made (a Riposte may have
    /// disarmed or stunned the attacker; the target may be dead).
    fn can_strike(&self, a: &Attack) -> bool {
        let me = self.figure(a.attacker);
        let weapon_ok = a.weapon.is_none_or(|i| me.hands.contains(&i));
        me.can_act() && weapon_ok && self.figure(a.target).endurance > 0
    }

    /// 20.7: D10 + the PS of the figure and its friends in the hex − the
    /// hostile figures' PS: 10 or more, or a natural 10, breaks contact.
    fn break_contact(&mut self, id: FigureId) -> bool {
        let me = self.figure(id);
        let (mut friendly, mut hostile) = (0u32, 0u32);
        for g in self
            .figures
            .iter()
            .filter(|g| g.is_up() && g.shares_hex(me))
        {
            if g.side == me.side {
                friendly += u32::from(g.ps);
            } else {
                hostile += u32::from(g.ps);
            }
        }
        let d10 = self.dice.roll(10) as u8;
        let broke = breaks_contact(d10, friendly, hostile);
        self.push(Event::BreakContact {
            figure: id,
            d10,
            total: i64::from(d10) + i64::from(friendly) - i64::from(hostile),
            broke,
        });
        broke
    }

    /// 20.4, 21.8: the Pass action's task.
    fn do_task(&mut self, id: FigureId, task: Task) {
        let me = self.figure(id);
        match task {
            Task::Nothing => {}
            Task::Prepare { item } => self.push(Event::Prepared {
                figure: id,
                item: Item::Weapon(item),
            }),
            Task::PrepareShield => self.push(Event::Prepared {
                figure: id,
                item: Item::Shield,
            }),
            Task::PutAway { item } => self.push(Event::PutAway {
                figure: id,
                item: item.map_or(Item::Shield, Item::Weapon),
            }),
            Task::PickUp { item } => self.push(Event::PickedUp {
                figure: id,
                item: Item::Weapon(item),
            }),
            Task::Load => {
                if let Some(item) = me.primary() {
                    let needed = self.load_passes(id, item);
                    let loaded = me.weapons[item].loading + 1 >= needed;
                    self.push(Event::Loading {
                        figure: id,
                        item,
                        loaded,
                    });
                }
            }
            Task::Prone { down } => self.push(Event::Prone {
                figure: id,
                prone: down,
            }),
            Task::DrawOut => {
                if let Some(&(agility, modifier)) = me.lodged.last() {
                    // 27.4: D10 − 4 (a Pole weapon D10 − 2) to Fatigue, not absorbed.
                    self.push(Event::DrawnOut {
                        figure: id,
                        agility,
                    });
                    let d10 = self.dice.roll(10) as u8;
                    let points = damage_check(d10, modifier);
                    let inflicted = inflict(Hit::Fatigue, points, 0, self.figure(id).fatigue);
                    self.damaged(id, Some(d10), points, inflicted);
                    self.after_damage(id, inflicted.effective(), false);
                }
            }
        }
    }

    /// 21.7, 23.1: the strikes along the Line of Fire until one hits; the
    /// load is spent, or the thrown weapon lands where it stopped.
    fn fire(&mut self, id: FigureId, attacks: Vec<Attack>, item: usize) {
        // Alusia loading: loaded and fired in the one action.
        let me = self.figure(id);
        if me.weapon(item).group == Group::Missile && !me.weapons[item].loaded {
            self.push(Event::Loading {
                figure: id,
                item,
                loaded: true,
            });
        }
        let mut landed = None;
        for a in attacks {
            if self.strike(a) {
                landed = Some(self.figure(a.target).pose.hex);
                break;
            }
            landed = Some(self.figure(a.target).pose.hex);
        }
        let me = self.figure(id);
        if me.weapon(item).group == Group::Missile {
            self.push(Event::Unloaded { figure: id, item });
        } else if let Some(at) = landed {
            self.push(Event::Thrown {
                figure: id,
                item,
                at,
            });
        }
    }

    /// 20.6, 21.4: the defender may Repulse if the closer comes through his
    /// Melee Zone and he has a Rank with his prepared weapon (always tried:
    /// it costs nothing; unranked, no D10 can succeed, so none is rolled);
    /// else the closer enters,
    /// both drop shields and weapons not rated for Close Combat, and the
    /// closer Grapples at once.
    fn close(&mut self, id: FigureId, target: FigureId) {
        let (me, def) = (self.figure(id), self.figure(target));
        let facing = me.pose.facing;
        let into = def.pose.hex;
        let rank = def.primary().and_then(|i| def.weapons[i].rank);
        if def.zone_holds(me.pose.hex) && rank.is_some_and(|r| r.0 > 0) {
            let d10 = self.dice.roll(10) as u8;
            let repulsed = repulses(d10, rank);
            self.push(Event::Repulse {
                defender: target,
                attacker: id,
                d10,
                repulsed,
            });
            if repulsed {
                return;
            }
        }
        let to = Pose::new(into, facing);
        self.push(Event::Moved {
            figure: id,
            to,
            hexes: 1,
        });
        for f in [id, target] {
            self.enter_close_combat(f);
        }
        let weapon = self.figure(id).weapon_for(|w| w.uses.close).unwrap_or(None);
        let a = Attack::plain(id, target, AttackType::Close, weapon);
        self.strike(a);
    }

    /// 20.6 note, 24.5: entering Close Combat drops the shield (the
    /// Main-Gauche is kept) and every weapon in hand not rated for it.
    fn enter_close_combat(&mut self, id: FigureId) {
        let f = self.figure(id);
        let at = f.pose.hex;
        let mut drops: Vec<Item> = f
            .hands
            .iter()
            .copied()
            .filter(|&i| !f.weapon(i).uses.close)
            .map(Item::Weapon)
            .collect();
        if f.prepared_shield()
            .is_some_and(|(s, _)| !s.kept_in_close_combat)
        {
            drops.push(Item::Shield);
        }
        for item in drops {
            self.push(Event::Dropped {
                figure: id,
                item,
                at,
            });
        }
    }

    /// Whether the Referee's word makes sense now.
    fn check_fiat(&self, fiat: &Fiat) -> Result<(), Rejection> {
        let up = |f: FigureId| {
            self.figures
                .get(f.0)
                .filter(|g| g.is_up())
                .ok_or_else(|| Rejection(format!("there is no figure {f} in the fight")))
        };
        match *fiat {
            Fiat::Damage { figure, points, .. } => {
                up(figure)?;
                if points == 0 {
                    return refuse("damage of 0 points changes nothing");
                }
            }
            Fiat::Prone { figure, prone } => {
                if up(figure)?.prone == prone {
                    return refuse("that figure is so already");
                }
            }
            Fiat::Stun { figure } => {
                if up(figure)?.stunned {
                    return refuse("that figure is Stunned already");
                }
            }
            Fiat::Rout { side } => {
                if !self.figures.iter().any(|g| g.side == side && g.is_up()) {
                    return refuse(format!("there is no side #{} in the fight", side.0));
                }
            }
            Fiat::RunsOn { figure } => {
                let f = up(figure)?;
                if f.mount.is_none() || f.momentum {
                    return refuse(format!(
                        "{} is not mounted, or his mount runs on already (30)",
                        f.name
                    ));
                }
            }
        }
        Ok(())
    }

    /// The Referee's word, checked; a later word of a spell that an earlier
    /// one made moot (a Stun on a figure already down) is let go.
    fn do_fiat(&mut self, fiat: &Fiat) {
        if self.check_fiat(fiat).is_err() {
            return;
        }
        match *fiat {
            Fiat::Damage {
                figure,
                points,
                endurance,
                armour,
            } => {
                let g = self.figure(figure);
                let hit = if endurance {
                    Hit::Endurance
                } else {
                    Hit::Fatigue
                };
                let protection = if armour { g.protection } else { 0 };
                let inflicted = inflict(hit, DamagePoints(points), protection, g.fatigue);
                self.damaged(figure, None, DamagePoints(points), inflicted);
                self.after_damage(figure, inflicted.effective(), false);
            }
            Fiat::Prone { figure, prone } => self.push(Event::Prone { figure, prone }),
            Fiat::Stun { figure } => self.push(Event::Stunned { figure }),
            Fiat::Rout { side } => self.push(Event::Routed { side }),
            Fiat::RunsOn { figure } => self.push(Event::Momentum { figure, on: true }),
        }
    }
}

/// 29: a monster of several hexes overruns a hostile figure of one hex.
fn overruns(monster: &super::state::Figure, other: &super::state::Figure) -> bool {
    monster.size > 1 && other.size == 1 && other.side != monster.side
}

/// 27.2 note G: Pass actions to load (two for a crossbow, one otherwise).
fn crossbow_passes(name: &str) -> u8 {
    if name.to_ascii_lowercase().contains("crossbow") {
        2
    } else {
        1
    }
}
