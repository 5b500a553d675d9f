//! Action Phases (16.9.7, 16.9.8, 16.14.3.7): moves are checked whole before
//! any is made, then made step by step, with reaction attacks (16.10.1) from
//! enemies whose Strike Zone a figure passes through.

use super::command::{BusyStance, FigureMove, ShieldStance};
use super::event::Event;
use super::state::{Battle, PendingStrike};
use super::strike::LONGEST_REACH;
use crate::hex::{Goal, Hex, HexError, MovePath, Pose, Step};
use crate::rulesets::shakhan::rules::tables::actions::{Activity, CardMovement};
use crate::seam::{FigureId, Rejection, SideId};

/// Shakhàn 16.9.4: standing up from prone, read as "leap or jump up" (docs/RULINGS.md).
const STAND_UP: Activity = Activity::LeapUp;

impl Battle {
    /// Shakhàn 16.9.7: the cheapest way for `figure` from `from` to `goal`,
    /// through hexes no other figure holds: what the display and a player's
    /// seat offer when a player picks where a figure goes. `Ok(None)` when
    /// there is none; an error when `from` or `goal` is off the map.
    pub fn way_for(
        &self,
        figure: FigureId,
        from: Pose,
        goal: Goal,
    ) -> Result<Option<MovePath>, HexError> {
        let occupied: Vec<Hex> = (self.figures.iter())
            .filter(|o| o.id != figure && o.occupies())
            .map(|o| o.pose.hex)
            .collect();
        self.map.find_path(
            from,
            goal,
            &crate::rulesets::shakhan::rules::STEP_COSTS,
            |h| occupied.contains(&h),
        )
    }

    /// Whether any figure of `side` could do anything in its Action Phase.
    pub(super) fn anyone_can_move(&self, side: SideId) -> bool {
        self.figures.iter().any(|f| {
            f.side == side.0
                && f.condition.can_act()
                && !self.in_hold(f.id)
                && !f.round.moved_this_pulse
                && f.round.pulse_left >= 1.0
        })
    }

    /// The enemy a card's movement rule is measured against: its target, else
    /// the nearest enemy still in the fight.
    fn reference_enemy(&self, id: FigureId, target: Option<FigureId>) -> Option<Hex> {
        let f = &self.figures[id.0];
        target
            .map(|t| &self.figures[t.0])
            .filter(|t| !t.condition.is_out())
            .or_else(|| {
                self.figures
                    .iter()
                    .filter(|e| e.side != f.side && !e.condition.is_out())
                    .min_by_key(|e| (f.pose.hex.distance(e.pose.hex), e.id))
            })
            .map(|e| e.pose.hex)
    }

    /// Walk a move without making it: the poses it passes and its AP cost.
    /// A step may not leave its hex for one `held` by another figure.
    fn walk(
        &self,
        m: &FigureMove,
        held: impl Fn(Hex) -> bool,
    ) -> Result<(Vec<Pose>, f64), Rejection> {
        let f = &self.figures[m.figure.0];
        let costs = crate::rulesets::shakhan::rules::STEP_COSTS;
        let mut pose = f.pose;
        let mut poses = Vec::with_capacity(m.steps.len());
        let mut ap = if f.condition.is_prone() {
            self.tables.actions.cost(STAND_UP)
        } else {
            0.0
        };
        for (i, step) in m.steps.iter().enumerate() {
            let (next, cost) = self
                .map
                .try_step(pose, *step, &costs)
                .map_err(|e| Rejection(format!("{}: step {} ({step}): {e}", f.name, i + 1)))?;
            if next.hex != pose.hex && held(next.hex) {
                return Err(Rejection(format!(
                    "{}: step {} enters {:?}, where another figure stands",
                    f.name,
                    i + 1,
                    (next.hex.col, next.hex.row)
                )));
            }
            ap += f64::from(cost);
            pose = next;
            poses.push(pose);
        }
        Ok((poses, ap))
    }

    /// 16.9.4, 16.9.7, 16.9.8, 16.9.2: every move must be the side's own
    /// figure's, legal on the map, within the pulse allowance and the round's
    /// AP, and in keeping with the card in effect. No conditional moves: the
    /// whole list is checked before anything happens.
    pub fn check_moves(&self, side: SideId, moves: &[FigureMove]) -> Result<(), Rejection> {
        if moves.is_empty() {
            // A side that stands still: the common answer, asked many times a round.
            return Ok(());
        }
        let mut check = self.move_check(side);
        moves.iter().try_for_each(|m| check.add(m))
    }

    /// [`Battle::check_moves`] a move at a time, for a front end that builds
    /// the side's list move by move: each is checked as the list's next.
    pub fn move_check(&self, side: SideId) -> MoveCheck<'_> {
        MoveCheck {
            battle: self,
            side,
            occupied: self
                .figures
                .iter()
                .filter(|f| f.occupies())
                .map(|f| f.pose.hex)
                .collect(),
            seen: Vec::new(),
        }
    }

    /// 16.9.2 / 16.9.1: attack cards close in, retreats draw away, Parry and
    /// the surprised side of a free round (16.9.9.1) only pivot.
    fn check_obligation(
        &self,
        m: &FigureMove,
        end: Pose,
        only_pivots: bool,
    ) -> Result<(), Rejection> {
        let f = &self.figures[m.figure.0];
        let surprised = self.free_round && self.initiative.is_some_and(|s| s.0 != f.side);
        let Some(k) = self.current_card(m.figure) else {
            return Ok(());
        };
        let card = &f.round.cards[k].order;
        let rule = self.tables.actions.card(card.card).movement;
        if (surprised || rule == CardMovement::PivotOnly) && !only_pivots {
            return Err(Rejection(format!(
                "{} may only pivot ({})",
                f.name,
                if surprised {
                    "surprised in a free round, 16.9.9.1"
                } else {
                    "Parry, 16.9.1"
                }
            )));
        }
        let Some(enemy) = self.reference_enemy(m.figure, card.target) else {
            return Ok(());
        };
        let (before, after) = (f.pose.hex.distance(enemy), end.hex.distance(enemy));
        match rule {
            CardMovement::Toward if after > before => Err(Rejection(format!(
                "{} plays {} and must move toward the enemy, not away (16.9.2)",
                f.name, card.card
            ))),
            CardMovement::Away if after < before => Err(Rejection(format!(
                "{} plays {} and must move away from the enemy, not toward (16.9.2)",
                f.name, card.card
            ))),
            _ => Ok(()),
        }
    }

    /// Make checked moves in order. A figure that passes through an enemy's
    /// Strike Zone (enters a hex in it and leaves again) draws a reaction
    /// attack there (16.10.1); if that leaves it out of the fight or off
    /// balance it stops.
    pub(super) fn execute_moves(&mut self, moves: &[FigureMove]) {
        for m in moves {
            let f = &self.figures[m.figure.0];
            // Out of the fight since the moves were checked (a comrade fell
            // to a reaction attack and its morale broke): it does not move.
            if !f.condition.can_act() || (m.steps.is_empty() && !f.condition.is_prone()) {
                continue;
            }
            let start = self.figures[m.figure.0].pose;
            let held = |h| self.holder(h, Some(m.figure)).is_some();
            let Ok((poses, _)) = self.walk(m, held) else {
                // An earlier figure stopped in its way: this one stays put.
                self.push(Event::MoveStopped { figure: m.figure });
                continue;
            };
            let costs = crate::rulesets::shakhan::rules::STEP_COSTS;
            let mut pose = start;
            let mut spent = if self.figures[m.figure.0].condition.is_prone() {
                self.tables.actions.cost(STAND_UP)
            } else {
                0.0
            };
            let mut done = Vec::new();
            let mut reacted: Vec<FigureId> = Vec::new();
            for (i, step) in m.steps.iter().enumerate() {
                let leaving = step.moves() && pose.hex != start.hex;
                if leaving && !self.reactors(m.figure, pose, &reacted).is_empty() {
                    // The way so far is walked before the enemy reacts.
                    self.push_move(
                        m.figure,
                        std::mem::take(&mut done),
                        std::mem::take(&mut spent),
                        pose,
                    );
                    if self.react_to(m.figure, &mut reacted) {
                        self.push(Event::MoveStopped { figure: m.figure });
                        break;
                    }
                }
                spent += f64::from(self.map.try_step(pose, *step, &costs).map_or(0, |(_, c)| c));
                pose = poses[i];
                done.push(*step);
            }
            if !done.is_empty() || spent > 0.0 {
                self.push_move(m.figure, done, spent, pose);
            }
        }
    }

    /// One stretch of a move. 16.9.7: a lone pivot (or standing up) beyond
    /// the allowance costs the whole pulse.
    fn push_move(&mut self, figure: FigureId, steps: Vec<Step>, spent: f64, to: Pose) {
        if steps.is_empty() && spent == 0.0 {
            return;
        }
        let lone = steps.len() <= 1 && steps.iter().all(|s| matches!(s, Step::Pivot { .. }));
        let allowance = self.figures[figure.0].round.pulse_left;
        let ap = if lone { spent.min(allowance) } else { spent };
        self.push(Event::Moved {
            figure,
            steps,
            ap,
            to,
        });
    }

    /// Reaction attacks (16.10.1) on `mover` as it leaves its hex; true when
    /// they stop it: out of the fight, knocked prone or off balance
    /// (docs/RULINGS.md).
    fn react_to(&mut self, mover: FigureId, reacted: &mut Vec<FigureId>) -> bool {
        let lost = |b: &Battle| {
            b.figures[mover.0]
                .round
                .cards
                .iter()
                .filter(|c| c.lost)
                .count()
        };
        let lost_before = lost(self);
        let at = self.figures[mover.0].pose;
        for enemy in self.reactors(mover, at, reacted) {
            if !self.may_strike(enemy, mover) {
                continue;
            }
            reacted.push(enemy);
            let card_index = self.current_card(enemy).unwrap_or(0);
            let stance = self.figures[mover.0].round.shield;
            let strike = PendingStrike {
                attacker: enemy,
                defender: mover,
                card_index,
                reaction: true,
            };
            let busy = self.figures[mover.0].round.when_busy;
            self.resolve_strike(
                strike,
                Some(stance != ShieldStance::Lower),
                Some(busy != BusyStance::Ignore),
            );
        }
        let m = &self.figures[mover.0];
        !m.condition.can_act()
            || m.condition.is_prone()
            || m.condition.cards_to_lose() > 0
            || lost(self) > lost_before
    }

    /// Enemies who may strike at `mover` standing at `at`: it is in their
    /// Strike Zone, their card allows a strike now, they have the AP, and they
    /// have not reacted to this move already. Asked at every step of every
    /// move, so only the figures within reach are looked at; they strike in
    /// the order of the figure list.
    fn reactors(&self, mover: FigureId, at: Pose, reacted: &[FigureId]) -> Vec<FigureId> {
        let side = self.figures[mover.0].side;
        let mut enemies: Vec<FigureId> = (self.places().near(at.hex, LONGEST_REACH))
            .map(|(e, _)| e)
            .filter(|e| {
                self.figures[e.0].side != side
                    && !reacted.contains(e)
                    && self.may_strike_at(*e, mover, at.hex)
            })
            .collect();
        enemies.sort_unstable();
        enemies
    }
}

/// The moves of one Action Phase checked in order, each against where the
/// ones before it end ([`Battle::move_check`]).
pub struct MoveCheck<'a> {
    battle: &'a Battle,
    side: SideId,
    /// The hexes figures hold, after the moves accepted so far.
    occupied: Vec<Hex>,
    seen: Vec<FigureId>,
}

impl MoveCheck<'_> {
    /// Checks `m` as the next move of the list (16.9.4, 16.9.7, 16.9.8,
    /// 16.9.2); a refused move leaves the list as it was.
    pub fn add(&mut self, m: &FigureMove) -> Result<(), Rejection> {
        let reject = |why: String| Err(Rejection(why));
        let battle = self.battle;
        let Some(f) = battle.figures.get(m.figure.0) else {
            return reject(format!("there is no figure {}", m.figure));
        };
        if f.side != self.side.0 {
            return reject(format!("{} is not on the side moving now", f.name));
        }
        if self.seen.contains(&m.figure) {
            return reject(format!("{} is given two moves in one Action Phase", f.name));
        }
        if !f.condition.can_act() {
            return reject(format!("{} cannot act", f.name));
        }
        if battle.in_hold(f.id) && !m.steps.is_empty() {
            return reject(format!(
                "{} is in a hold and cannot move until it is broken or released (16.10.4.1)",
                f.name
            ));
        }
        let start = f.pose.hex;
        let (poses, ap) = battle.walk(m, |h| h != start && self.occupied.contains(&h))?;
        let end = poses.last().copied().unwrap_or(f.pose);
        let only_pivots = m.steps.iter().all(|s| matches!(s, Step::Pivot { .. }));
        // 16.9.7: a figure may always pivot any amount for all its pulse
        // AP; standing up likewise takes a whole pulse when it must.
        let prone = f.condition.is_prone();
        let whole_pulse_pivot =
            (only_pivots && m.steps.len() == 1 && !prone) || (prone && m.steps.is_empty());
        battle.check_obligation(m, end, only_pivots)?;
        let allowance = f.round.pulse_left;
        if ap > allowance + 1e-9 && !(whole_pulse_pivot && allowance > 0.0) {
            return reject(format!(
                "{} would spend {ap} AP; its Pulse Movement Allowance has {allowance:.1} left (16.9.8)",
                f.name
            ));
        }
        if ap.min(allowance) > f.round.ap_left + 1e-9 {
            return reject(format!(
                "{} would spend {ap} AP with {:.1} left this round (16.9.4)",
                f.name, f.round.ap_left
            ));
        }
        self.seen.push(m.figure);
        self.occupied.retain(|h| *h != start);
        self.occupied.push(end.hex);
        Ok(())
    }
}
