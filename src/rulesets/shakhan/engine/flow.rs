//! The Melee Round's sequence (16.14): which step comes next, what to ask,
//! and the steps that need no answer.

use super::command::{CardOrder, Command, FigureOrders};
use super::event::{Event, InitiativeReason, Phase};
use super::prompt::Prompt;
use super::state::Battle;
use crate::dice::Percentile;
use crate::rulesets::shakhan::rules::Card;
use crate::rulesets::shakhan::rules::condition::{PlayedCard, UpkeepInput, round_fatigue};
use crate::rulesets::shakhan::rules::tables::criticals::Requisite;
use crate::rulesets::shakhan::rules::tables::initiative::{
    DoubleSurpriseRule, InitiativeFactor, InitiativeModifierId, InitiativeResult, Side,
    modified_roll,
};
use crate::seam::{FigureId, Rejection, SideId};

/// Pulses in a normal Melee Round (16.2) and in a free one (16.9.9.1: 2 seconds).
pub(super) fn pulses(free: bool) -> u8 {
    if free { 2 } else { 5 }
}

impl Battle {
    /// What the engine needs next.
    pub fn prompt(&self) -> Prompt {
        match self.phase {
            Phase::Finished => Prompt::Finished {
                winner: self.winner.flatten(),
            },
            Phase::Communication => Prompt::Orders {
                side: self.next_orders_side().unwrap_or(SideId(0)),
            },
            Phase::MovementPriority => Prompt::MovementPriority {
                side: self.initiative.unwrap_or(SideId(0)),
            },
            Phase::DivineIntervention => Prompt::DivineIntervention,
            Phase::Pairing => Prompt::Pairings,
            Phase::Attack { .. } | Phase::QuickMelee => {
                if let Some((attacker, defender)) = self.next_trample() {
                    return Prompt::Dodge { defender, attacker };
                }
                match self.asked_strike() {
                    Some(s) if self.busy_question(&s) => Prompt::MidAction {
                        defender: s.defender,
                        attacker: s.attacker,
                    },
                    Some(s) if self.dodge_question(&s) => Prompt::DodgeBlow {
                        defender: s.defender,
                        attacker: s.attacker,
                    },
                    Some(s) => Prompt::RaiseShield {
                        defender: s.defender,
                        attacker: s.attacker,
                    },
                    None => unreachable_prompt(),
                }
            }
            Phase::Action { pulse, side } => Prompt::Movement { side, pulse },
            Phase::FigureAction { pulse, rank } => Prompt::FigureMovement {
                figure: self.ranked(rank),
                pulse,
            },
            Phase::RoundStart
            | Phase::MissileArrival
            | Phase::Spell
            | Phase::MissileWeapon
            | Phase::SpecialManeuver
            | Phase::RecordKeeping => unreachable_prompt(),
        }
    }

    /// The side whose sealed orders are still awaited, in side order. In a free
    /// round only the side with Initiative writes orders (16.9.9.1).
    pub(super) fn next_orders_side(&self) -> Option<SideId> {
        (0..self.sides.len()).map(SideId).find(|s| {
            self.sealed[s.0].is_none() && (!self.free_round || Some(*s) == self.initiative)
        })
    }

    /// Check a command against the prompt and, if it fits, carry it out as
    /// events. Every check comes before the first event, so a refusal leaves
    /// the battle as it was.
    pub(super) fn execute(&mut self, command: &Command) -> Result<(), Rejection> {
        let reject = |why: String| Err(Rejection(why));
        match (self.prompt(), command) {
            (Prompt::Finished { .. }, _) => reject("the battle is over".into()),
            (_, Command::Referee(o)) => self.execute_override(o),
            (_, Command::FreshInitiative) => {
                self.push(Event::FreshInitiativeCalled);
                Ok(())
            }
            (_, Command::Hazard { figure, hazard }) => self.apply_hazard(*figure, hazard),
            (_, Command::QuickMelee { on }) => {
                self.push(Event::QuickMeleeSwitched { on: *on });
                Ok(())
            }
            (Prompt::Pairings, Command::Pairings { pairs }) => {
                self.check_pairings(pairs)?;
                self.make_pairings(pairs);
                Ok(())
            }
            (
                Prompt::Orders { side },
                Command::Orders {
                    side: given,
                    orders,
                },
            ) => {
                if *given != side {
                    return reject(format!(
                        "orders for {} are awaited, not for {}",
                        self.sides[side.0].name,
                        self.sides
                            .get(given.0)
                            .map_or("an unknown side", |s| &s.name)
                    ));
                }
                self.check_orders(side, orders)?;
                self.push(Event::OrdersSealed {
                    side,
                    orders: orders.as_slice().into(),
                });
                Ok(())
            }
            (Prompt::MovementPriority { side }, Command::MovementPriority { move_first }) => {
                self.push(Event::MovementPriorityChosen {
                    side,
                    move_first: *move_first,
                });
                self.push(Event::PhaseBegan {
                    phase: Phase::DivineIntervention,
                });
                Ok(())
            }
            (Prompt::DivineIntervention, Command::DivineIntervention { note }) => {
                self.push(Event::DivineIntervention { note: note.clone() });
                // 16.12 step 6: in Quick Melee it closes the round.
                self.push(Event::PhaseBegan {
                    phase: if self.is_quick_melee() {
                        Phase::RecordKeeping
                    } else {
                        Phase::MissileArrival
                    },
                });
                Ok(())
            }
            (Prompt::Movement { side, pulse }, Command::Move { moves }) => {
                self.check_moves(side, moves)?;
                self.move_and_combine(moves);
                self.work_on_actions(side, moves);
                let next = self.phase_after_action(pulse, side);
                self.push(Event::PhaseBegan { phase: next });
                Ok(())
            }
            (Prompt::FigureMovement { figure, pulse }, Command::Move { moves }) => {
                self.figure_move(figure, pulse, moves)
            }
            (Prompt::Dodge { defender, attacker }, Command::Dodge { choice }) => {
                self.resolve_trample(attacker, defender, *choice);
                Ok(())
            }
            (Prompt::RaiseShield { .. }, Command::RaiseShield { raise }) => {
                let s = self
                    .asked_strike()
                    .ok_or_else(|| Rejection("no blow is pending".into()))?;
                self.resolve_strike(s, Some(*raise), None);
                Ok(())
            }
            (Prompt::DodgeBlow { defender, attacker }, Command::DodgeBlow { dodge }) => {
                self.push(Event::DodgeChosen {
                    defender,
                    attacker,
                    dodge: *dodge,
                });
                Ok(())
            }
            (Prompt::MidAction { .. }, Command::MidAction { defend }) => {
                let s = self
                    .asked_strike()
                    .ok_or_else(|| Rejection("no blow is pending".into()))?;
                self.resolve_strike(s, None, Some(*defend));
                Ok(())
            }
            (prompt, command) => reject(format!(
                "{} does not answer {}",
                command_name(command),
                prompt_name(&prompt)
            )),
        }
    }

    /// Whether a question must be put to the defender before this blow: busy
    /// (16.9.4.1), dodging (16.9.4) or the shield (16.15.4).
    fn asks_about(&self, s: &super::state::PendingStrike) -> bool {
        self.busy_question(s) || self.dodge_question(s) || self.shield_question(s)
    }

    /// The blow the pending question is about: the one [`Battle::advance`]
    /// stopped at, else found afresh.
    fn asked_strike(&self) -> Option<super::state::PendingStrike> {
        debug_assert!(self.asked.is_none() || self.asked == self.next_strike());
        self.asked.or_else(|| self.next_strike())
    }

    /// Run every step that needs no answer, until one does.
    pub(super) fn advance(&mut self) {
        loop {
            match self.phase {
                Phase::Finished => return,
                Phase::RecordKeeping => self.record_keeping(),
                Phase::RoundStart => self.round_start(),
                Phase::Communication => {
                    if self.next_orders_side().is_some() {
                        return;
                    }
                    self.reveal_orders()
                }
                Phase::MovementPriority | Phase::DivineIntervention | Phase::Pairing => return,
                Phase::QuickMelee if self.next_trample().is_some() => return,
                Phase::QuickMelee => match self.next_strike() {
                    Some(s) if self.asks_about(&s) => {
                        self.asked = Some(s);
                        return;
                    }
                    Some(s) => self.resolve_strike(s, None, None),
                    None => self.end_quick_melee(),
                },
                // Spells have no rules in this engine yet: their phase
                // passes straight on.
                Phase::MissileArrival => self.missile_arrival(),
                Phase::Spell => self.push(Event::PhaseBegan {
                    phase: Phase::MissileWeapon,
                }),
                Phase::MissileWeapon => self.missile_weapon_phase(),
                Phase::SpecialManeuver => {
                    self.drop_kicks();
                    let phase = self.after_special_maneuver();
                    self.push(Event::PhaseBegan { phase })
                }
                Phase::Attack { .. } if self.next_trample().is_some() => return,
                Phase::Attack { pulse, second } => match self.next_strike() {
                    Some(s) if self.asks_about(&s) => {
                        self.asked = Some(s);
                        return;
                    }
                    Some(s) => self.resolve_strike(s, None, None),
                    None => {
                        let phase = self.after_attack(pulse, second);
                        self.push(Event::PhaseBegan { phase })
                    }
                },
                Phase::Action { pulse, side } => {
                    if self.anyone_can_move(side) {
                        return;
                    }
                    self.work_on_actions(side, &[]);
                    let next = self.phase_after_action(pulse, side);
                    self.push(Event::PhaseBegan { phase: next })
                }
                Phase::FigureAction { pulse, rank } => {
                    if self.figure_may_move(self.ranked(rank)) {
                        return;
                    }
                    self.end_figure_action(pulse, rank, false);
                }
            }
        }
    }

    /// The side moving in the first (`second == false`) or second Action
    /// Phase of a pulse (16.14.3).
    pub(super) fn mover(&self, second: bool) -> SideId {
        let first = self.first_mover();
        if second { SideId(1 - first.0) } else { first }
    }

    fn first_mover(&self) -> SideId {
        let init = self.initiative.unwrap_or(SideId(0));
        match self.moves_first {
            Some(s) => s,
            None => init,
        }
    }

    fn phase_after_action(&self, pulse: u8, side: SideId) -> Phase {
        if side == self.first_mover() {
            Phase::Attack {
                pulse,
                second: true,
            }
        } else if pulse < pulses(self.free_round) {
            Phase::Attack {
                pulse: pulse + 1,
                second: false,
            }
        } else {
            Phase::RecordKeeping
        }
    }

    /// 16.13.3–4 start-of-round checks, then the Communication Phase (16.14.1).
    fn round_start(&mut self) {
        for id in (0..self.figures.len()).map(FigureId) {
            let f = &self.figures[id.0];
            if f.condition.is_dead() {
                continue;
            }
            let input = UpkeepInput {
                agility: f
                    .condition
                    .effective_requisite(f.character.requisites.agility, Requisite::Agility),
                attended: false,
                fighting: true,
                faint_on_willpower: self.options.faint_on_willpower,
            };
            let report = f.condition.upkeep(&input, &mut self.dice);
            if !report.is_empty() {
                self.push(Event::Upkeep {
                    figure: id,
                    report: Box::new(report),
                });
            }
        }
        if let Some(winner) = self.battle_over() {
            self.after_battle();
            self.push(Event::BattleEnded {
                winner,
                rounds: self.round,
            });
            return;
        }
        self.push(Event::PhaseBegan {
            phase: Phase::Communication,
        });
    }

    /// Shakhàn 16.14.2: the Initiative check comes after the orders are
    /// revealed. A fresh roll, or else Initiative passes to the other side
    /// (16.9.9); the opening roll already decided the first round and any
    /// free rounds (16.9.9.1, docs/RULINGS.md).
    fn initiative_check(&mut self) {
        if self.free_round || self.initiative_held {
            // 16.9.9.1: Initiative stays with the surprising side through its
            // free rounds and the normal round after them.
        } else if self.fresh_initiative || self.options.initiative_every_round {
            self.roll_initiative();
        } else if let Some(side) = self.initiative.filter(|_| !self.per_figure_initiative()) {
            self.push(Event::InitiativeAlternates {
                side: SideId(1 - side.0),
            });
        }
    }

    /// 16.15.1: both sides roll; modifiers go on each side's own roll.
    fn roll_initiative(&mut self) {
        let t = &self.tables.initiative;
        let modifiers: [Vec<(InitiativeReason, i32)>; 2] =
            [0, 1].map(|s| self.initiative_modifiers(s));
        let totals = [0, 1].map(|s| modifiers[s].iter().map(|(_, v)| v).sum::<i32>());
        // A table with only "roll again" cells would loop for ever; 100 rolls
        // is far beyond any real chance of repeating.
        for _ in 0..100 {
            let rolls = [self.dice.d100(), self.dice.d100()];
            let modified = [
                modified_roll(rolls[0], totals[0]),
                modified_roll(rolls[1], totals[1]),
            ];
            let result = t.resolve(modified[0], modified[1]);
            let rule = if self.options.double_surprise {
                DoubleSurpriseRule::Allowed
            } else {
                DoubleSurpriseRule::CountsAsSurprise
            };
            let (winner, free_rounds) = match result {
                InitiativeResult::RollAgain => (None, 0),
                InitiativeResult::Initiative { side, .. } => (
                    Some(SideId(if side == Side::A { 0 } else { 1 })),
                    if self.options.free_rounds && self.round == 0 {
                        result.free_rounds(rule)
                    } else {
                        0
                    },
                ),
            };
            self.push(Event::InitiativeRolled {
                rolls: rolls.map(Percentile::value),
                modifiers: Box::new(modifiers.clone()),
                modified: modified.map(Percentile::value),
                result,
                winner,
                free_rounds,
            });
            if winner.is_some() {
                break;
            }
        }
    }

    fn initiative_modifiers(&self, side: usize) -> Vec<(InitiativeReason, i32)> {
        let t = &self.tables.initiative;
        let other = 1 - side;
        let spec = &self.sides[side];
        let mut out = Vec::new();
        let mut add = |why, factor| {
            let v = t.modifier(factor);
            if v != 0 {
                out.push((why, v));
            }
        };
        let (own, theirs) = (
            self.active(side).count() as u32,
            self.active(other).count() as u32,
        );
        add(
            InitiativeReason::Outnumbers { own, other: theirs },
            InitiativeFactor::Outnumbers { own, other: theirs },
        );
        let grades = spec.training_grades;
        add(
            InitiativeReason::MilitaryTraining { grades },
            InitiativeFactor::MilitaryTraining { grades },
        );
        if grades > 0 && self.sides[other].training_grades == 0 {
            add(
                InitiativeReason::Situation(InitiativeModifierId::DisciplinedVsUntrained),
                InitiativeFactor::DisciplinedVsUntrained,
            );
        }
        for m in &spec.initiative_modifiers {
            if let Some(factor) = party_factor(m) {
                add(InitiativeReason::Situation(m.modifier), factor);
            }
        }
        out
    }

    /// 16.14.1 ends: orders are revealed together, unordered figures play G,
    /// and Action Points come from the best card played (16.9.4).
    /// Shakhàn 16.9.2 (docs/RULINGS.md "An attack card without a target"):
    /// an attack card written without a target goes to the nearest enemy at
    /// the reveal ([`Battle::nearest_enemy`]), so it is matched and moves as a
    /// named one would. A missile card keeps its own choice of target.
    fn aim_untargeted_cards(&self, orders: &mut [FigureOrders]) {
        for o in orders {
            for c in &mut o.cards {
                if c.target.is_none()
                    && c.missile.is_none()
                    && self.tables.actions.card(c.card).is_attack
                {
                    c.target = self.nearest_enemy(o.figure);
                }
            }
        }
    }

    /// The enemy an untargeted attack card of `id` goes to: the nearest still
    /// in the fight; of those equally near, one in the figure's Strike Zone
    /// first, then the first in the scenario's order.
    pub fn nearest_enemy(&self, id: FigureId) -> Option<FigureId> {
        let f = &self.figures[id.0];
        self.figures
            .iter()
            .filter(|e| e.side != f.side && !e.condition.is_out())
            .min_by_key(|e| {
                let in_front = self.map.in_strike_zone(
                    f.pose,
                    f.reach().max(1),
                    f.character.strike_zone,
                    e.pose.hex,
                );
                (f.pose.hex.distance(e.pose.hex), !in_front, e.id)
            })
            .map(|e| e.id)
    }

    fn reveal_orders(&mut self) {
        let mut orders: Vec<FigureOrders> = self
            .sealed
            .iter()
            .flatten()
            .flat_map(|s| s.iter())
            .cloned()
            .collect();
        let free_side = self.free_round.then_some(self.initiative).flatten();
        for f in &self.figures {
            if orders.iter().any(|o| o.figure == f.id) || f.condition.is_out() {
                continue;
            }
            // 16.9.9.1: the surprised side plays C; everyone else unordered plays G.
            let card = if free_side.is_some_and(|s| s.0 != f.side) {
                Card::C
            } else {
                Card::G
            };
            orders.push(FigureOrders {
                figure: f.id,
                cards: vec![CardOrder::new(card, None)],
                shield: Default::default(),
                when_busy: Default::default(),
                dodge: Default::default(),
                moves: Default::default(),
            });
        }
        self.aim_untargeted_cards(&mut orders);
        orders.sort_by_key(|o| o.figure);
        let brawl_events = self.brawl_reveal(&mut orders);
        let mut lost_events = Vec::new();
        let mut awards = Vec::new();
        for o in &orders {
            let f = &self.figures[o.figure.0];
            let cards: Vec<Card> = o.cards.iter().map(|c| c.card).collect();
            awards.push(self.ap_award(o.figure, &cards));
            let lost = f.condition.cards_to_lose().min(cards.len() as u8);
            if lost > 0 {
                lost_events.push(Event::CardsLost {
                    figure: o.figure,
                    cards: cards[..lost as usize].to_vec(),
                });
            }
        }
        self.push(Event::OrdersRevealed { orders, awards });
        for e in brawl_events.into_iter().chain(lost_events) {
            self.push(e);
        }
        self.initiative_check();
        self.begin_actions();
        // 16.9.10: with per-figure priority no side chooses who moves first.
        self.push(Event::PhaseBegan {
            phase: if self.is_quick_melee() {
                // 16.12: Initiative only orders missiles and magic; Divine
                // Intervention comes at the end of the round.
                Phase::MissileArrival
            } else if self.per_figure_initiative() {
                Phase::DivineIntervention
            } else {
                Phase::MovementPriority
            },
        });
    }

    /// 16.14.3.12: Fatigue for the cards played and the end of the battle;
    /// then the next round begins.
    fn record_keeping(&mut self) {
        self.hold_checks();
        let surprised = self.free_round.then_some(self.initiative).flatten();
        for id in (0..self.figures.len()).map(FigureId) {
            let f = &self.figures[id.0];
            if f.condition.is_out() || f.round.cards.is_empty() {
                continue;
            }
            // 16.9.9.1: the surprised side spends no Fatigue in a free round.
            if surprised.is_some_and(|s| s.0 != f.side) {
                continue;
            }
            let played: Vec<PlayedCard> = f
                .round
                .cards
                .iter()
                .filter(|c| !c.lost)
                .map(|c| PlayedCard::plain(c.card()))
                .collect();
            let points = round_fatigue(&played);
            if points > 0.0 {
                self.push(Event::FatigueSpent { figure: id, points });
            }
        }
        // 16.9.9: the opening Initiative check comes before the first round,
        // so that a surprise can give free rounds (docs/RULINGS.md).
        if self.initiative.is_none() {
            self.roll_initiative();
        }
        if self.per_figure_initiative() && self.priority.is_empty() {
            self.determine_priority();
        }
        if let Some(winner) = self.battle_over() {
            self.after_battle();
            self.push(Event::BattleEnded {
                winner,
                rounds: self.round,
            });
            return;
        }
        let free = self.free_rounds_left > 0;
        self.push(Event::RoundBegan {
            round: if free { self.round } else { self.round + 1 },
            free,
        });
        self.push(Event::PhaseBegan {
            phase: Phase::RoundStart,
        });
    }

    /// `Some(winner)` when a side has nobody left in the fight.
    fn battle_over(&self) -> Option<Option<SideId>> {
        // A battle has exactly two sides (`BattleError::Sides`).
        match [0, 1].map(|s| self.active(s).next().is_some()) {
            [true, true] => None,
            [true, false] => Some(Some(SideId(0))),
            [false, true] => Some(Some(SideId(1))),
            [false, false] => Some(None),
        }
    }

    /// 16.14.1: whether `side` may seal `orders` now, in any order of the
    /// sides: the checks [`Battle::submit`] makes of a side's orders, less
    /// whose turn it is at the keyboard. A player's seat (`crate::seats`)
    /// seals through this before its orders wait for the side's turn.
    pub fn check_sealing(&self, side: SideId, orders: &[FigureOrders]) -> Result<(), Rejection> {
        let Some(spec) = self.sides.get(side.0) else {
            return Err(Rejection(format!("there is no side {}", side.0)));
        };
        if self.phase != Phase::Communication {
            return Err(Rejection(
                "orders are not being written now: the round is under way".into(),
            ));
        }
        if self.sealed[side.0].is_some() {
            return Err(Rejection(format!(
                "{}'s orders for this round are already handed in",
                spec.name
            )));
        }
        if self.free_round && Some(side) != self.initiative {
            return Err(Rejection(format!(
                "in a free round only the side with Initiative writes orders (16.9.9.1), not {}",
                spec.name
            )));
        }
        self.check_orders(side, orders)
    }

    /// 16.14.1 / 16.3: orders name figures of the side, within TCA, against
    /// enemies, as the figure's morale allows.
    fn check_orders(&self, side: SideId, orders: &[FigureOrders]) -> Result<(), Rejection> {
        let reject = |why: String| Err(Rejection(why));
        for (i, o) in orders.iter().enumerate() {
            let Some(f) = self.figures.get(o.figure.0) else {
                return reject(format!("there is no figure {}", o.figure));
            };
            if f.side != side.0 {
                return reject(format!("{} is not on {}", f.name, self.sides[side.0].name));
            }
            if orders[..i].iter().any(|earlier| earlier.figure == o.figure) {
                return reject(format!("{} has two sets of orders", f.name));
            }
            if f.condition.is_out() {
                return reject(format!(
                    "{} is out of the fight and cannot be given orders",
                    f.name
                ));
            }
            if o.cards.is_empty() {
                return reject(format!(
                    "{}: give at least one card, or leave the figure out to play G",
                    f.name
                ));
            }
            let tca = self.tca(f.id);
            if o.cards.len() > tca as usize {
                let why: String = self
                    .hindrances(f.id)
                    .map(|h| format!(", {}", h.words()))
                    .collect();
                return reject(format!(
                    "{} may play {} a round (TCA, 16.3{why}), not {}",
                    f.name,
                    crate::words::counted(tca as usize, "card"),
                    o.cards.len()
                ));
            }
            for c in &o.cards {
                if let Some(t) = c.target {
                    let Some(target) = self.figures.get(t.0) else {
                        return reject(format!("{}: there is no figure {t}", f.name));
                    };
                    if target.side == f.side {
                        return reject(format!("{}: {} is not an enemy", f.name, target.name));
                    }
                    if target.condition.is_out() {
                        return reject(format!(
                            "{}: {} is already out of the fight",
                            f.name, target.name
                        ));
                    }
                }
                if c.action.is_some() && c.card != Card::G {
                    return reject(format!(
                        "{}: a non-combat action needs the G card (16.9.1), not {}",
                        f.name, c.card
                    ));
                }
                if c.combine && !self.options.combined_actions {
                    return reject(format!(
                        "{}: the Referee has not allowed combining a move with an action \
                         (16.9.4; scenario option combined_actions)",
                        f.name
                    ));
                }
                self.check_speech(f, c, o.cards.len())?;
                if c.combine && c.action.is_none() {
                    return reject(format!(
                        "{}: only a G card with a non-combat action can combine it with a move (16.9.4)",
                        f.name
                    ));
                }
                self.check_missile_order(o.figure, c)?;
                if let Err(why) = f.condition.allows(c.card) {
                    return reject(format!("{} cannot play {}: {why}", f.name, c.card));
                }
            }
            self.check_brawl_orders(f, &o.cards)?;
        }
        Ok(())
    }
}

impl Battle {
    /// Shakhàn 16.9.5: a player gets one sentence while the sides choose, or
    /// three by playing G and only G this round. The engine cannot hear the
    /// table; it holds the player who says they speak at length (`speaks`)
    /// to the one card.
    fn check_speech(
        &self,
        f: &super::state::Figure,
        c: &CardOrder,
        cards: usize,
    ) -> Result<(), Rejection> {
        if !c.speaks {
            return Ok(());
        }
        let why = if !self.options.communication_limits {
            "the scenario does not limit communication (16.9.5; option communication_limits)"
        } else if c.card != Card::G {
            "three sentences of instructions come with the G card only (16.9.5)"
        } else if cards > 1 {
            "a player who gives three sentences plays only that one G card this round (16.9.5)"
        } else {
            return Ok(());
        };
        Err(Rejection(format!("{}: {why}", f.name)))
    }
}

/// A side's claimed 16.15.1 modifier as a table factor.
fn party_factor(m: &crate::rulesets::shakhan::scenario::PartyModifier) -> Option<InitiativeFactor> {
    use InitiativeModifierId as I;
    Some(match m.modifier {
        I::OutnumbersPerMultiple | I::MilitaryTrainingPerGrade => return None,
        I::DisciplinedVsUntrained => InitiativeFactor::DisciplinedVsUntrained,
        I::MuchLargerSpecies => InitiativeFactor::MuchLargerSpecies,
        I::AttackedSuddenly => InitiativeFactor::AttackedSuddenly,
        I::ExpectingAttack => InitiativeFactor::ExpectingAttack,
        I::PreparedAmbush => InitiativeFactor::PreparedAmbush,
        I::FightingHidden => InitiativeFactor::FightingHidden {
            points: m.value.unwrap_or(10),
        },
        I::VisionMode => InitiativeFactor::VisionMode,
        I::Arguing => InitiativeFactor::Arguing,
        I::LightSourceInDark => InitiativeFactor::LightSourceInDark,
    })
}

/// Steps that never wait for input are never the current prompt; `advance`
/// always runs past them.
fn unreachable_prompt() -> Prompt {
    Prompt::Finished { winner: None }
}

fn command_name(c: &Command) -> &'static str {
    match c {
        Command::Orders { .. } => "orders",
        Command::MovementPriority { .. } => "a movement priority choice",
        Command::DivineIntervention { .. } => "a divine intervention ruling",
        Command::Move { .. } => "a move",
        Command::RaiseShield { .. } => "a shield choice",
        Command::MidAction { .. } => "a choice to defend or carry on",
        Command::DodgeBlow { .. } => "a choice to dodge a blow or not",
        Command::FreshInitiative => "a fresh initiative call",
        Command::Referee(_) => "a referee override",
        Command::Dodge { .. } => "a dodge choice",
        Command::Pairings { .. } => "pairings",
        Command::Hazard { .. } => "a hazard",
        Command::QuickMelee { .. } => "a quick melee switch",
    }
}

fn prompt_name(p: &Prompt) -> String {
    match p {
        Prompt::Orders { .. } => "the call for orders".into(),
        Prompt::MovementPriority { .. } => "the movement priority question".into(),
        Prompt::DivineIntervention => "the divine intervention question".into(),
        Prompt::Movement { .. } => "the call for movement".into(),
        Prompt::FigureMovement { .. } => "the call for one figure's movement".into(),
        Prompt::RaiseShield { .. } => "the shield question".into(),
        Prompt::MidAction { .. } => "the question whether to defend".into(),
        Prompt::DodgeBlow { .. } => "the question whether to dodge the blow".into(),
        Prompt::Dodge { .. } => "the dodge question".into(),
        Prompt::Pairings => "the call for pairings".into(),
        Prompt::Finished { .. } => "the end of the battle".into(),
    }
}
