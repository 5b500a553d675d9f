//! Shakhàn 16.10.4 in the battle: brawling announced with the orders,
//! brawling strikes, holds and their per-round check, throws, and flying
//! drop-kicks landing in the Special Manoeuvre Arrival Phase (16.14.3.5).
//! The rules themselves are `rules::shakhan::brawl`; rulings in
//! docs/RULINGS.md ("Brawling").

use super::apply::take_owed_cards;
use super::command::{BusyStance, CardOrder, FigureOrders};
use super::event::{BrawlEvent, Event, StrikeEvent, StrikeResolution};
use super::state::{Battle, Figure, PendingStrike};
use super::strike::target;
use crate::hex::{Hex, Pose};
use crate::rulesets::shakhan::rules::brawl::{
    self, BREAK_FATIGUE, BlockLimb, BrawlForm, BrawlIntent, BrawlStriker, BrawlTarget, Defence,
    GrappleChance, Grappler, HOLD_FATIGUE, RUN_UP_AP, RUN_UP_FAILED_UNBALANCED, THROW_UNBALANCED,
    block_check, brawling_cf, grapple_chance, run_up_check, throw_chance, throwable,
    weapon_allowed,
};
use crate::rulesets::shakhan::rules::melee::{MidAction, StrikeOptions, Striker};
use crate::rulesets::shakhan::rules::tables::actions::Activity;
use crate::rulesets::shakhan::rules::tables::weapons::WeaponKind;
use crate::rulesets::shakhan::rules::wound::Wound;
use crate::rulesets::shakhan::rules::{BodyArea, Card, Quality};
use crate::seam::{FigureId, Rejection, View};
use crate::words::{noun, possessive};

impl Battle {
    /// The brawling form declared for card `k` of `id`, if any.
    fn brawl_intent(&self, id: FigureId, k: usize) -> Option<BrawlIntent> {
        self.figures[id.0]
            .round
            .cards
            .get(k)
            .and_then(|c| c.order.brawl)
    }

    /// Shakhàn 16.10.4: the brawling attack made with card `k`, if its card
    /// declares one (drop-kicks land in their own phase).
    pub(super) fn brawl_attack(&self, id: FigureId, k: usize) -> Option<BrawlIntent> {
        self.brawl_intent(id, k)
            .filter(|i| i.form.is_attack() && i.form != BrawlForm::FlyingDropKick)
    }

    /// The figures holding `id` who are still in the fight.
    pub fn holders_of(&self, id: FigureId) -> Vec<FigureId> {
        self.holders(id).collect()
    }

    /// [`Battle::holders_of`] without collecting: asked on every strike.
    fn holders(&self, id: FigureId) -> impl Iterator<Item = FigureId> + '_ {
        let f = &self.figures[id.0];
        let held_by = if f.condition.is_out() {
            &[][..]
        } else {
            &f.brawl.held_by[..]
        };
        held_by
            .iter()
            .copied()
            .filter(|h| !self.figures[h.0].condition.is_out())
    }

    /// The figure `id` holds, if any.
    pub fn holding(&self, id: FigureId) -> Option<FigureId> {
        let f = &self.figures[id.0];
        if f.condition.is_out() {
            return None;
        }
        (f.brawl.holds.iter().copied())
            .filter(|&v| self.holders(v).any(|h| h == id))
            .min()
    }

    /// Shakhàn 16.10.4.1: held, or holding someone: such a figure can
    /// neither move nor strike until the hold is broken or released.
    pub fn in_hold(&self, id: FigureId) -> bool {
        self.holders(id).next().is_some() || self.holding(id).is_some()
    }

    /// A figure in a hold does not strike, nor does a card given to a
    /// drop-kick (it lands in the Special Manoeuvre Arrival Phase).
    pub(super) fn brawl_bars_strike(&self, id: FigureId, card: usize) -> bool {
        self.in_hold(id)
            || self
                .brawl_intent(id, card)
                .is_some_and(|i| i.form == BrawlForm::FlyingDropKick)
    }

    /// Whether `id` fights bare-handed this round: it announced brawling, or
    /// has no weapon in hand but its body.
    fn is_brawling(&self, id: FigureId) -> bool {
        let f = &self.figures[id.0];
        f.round.cards.iter().any(|c| c.order.brawl.is_some())
            || f.weapon_in_hand().is_none_or(|w| {
                self.tables
                    .weapons
                    .melee(f.character.weapons[w].kind)
                    .natural
            })
    }

    /// Shakhàn 16.10.4, 16.10.4.3, 16.10.4.8: each declared form suits its
    /// card and the figure's Martial Arts; a haymaker is aimed at the head;
    /// a drop-kick names its target and takes two consecutive cards — the
    /// first two of a round, or the last of one round and the first of the
    /// next.
    pub(super) fn check_brawl_orders(
        &self,
        f: &Figure,
        cards: &[CardOrder],
    ) -> Result<(), Rejection> {
        let reject = |why: String| Err(Rejection(format!("{}: {why}", f.name)));
        for c in cards {
            let Some(intent) = c.brawl else { continue };
            if let Some(why) = intent.refusal(c.card, f.character.martial_arts_level) {
                return reject(why);
            }
            if intent.form == BrawlForm::Haymaker && c.aim.is_some_and(|a| a != BodyArea::Head) {
                return reject("a haymaker is aimed at the head (16.10.4.3)".into());
            }
            if intent.form == BrawlForm::FlyingDropKick && c.target.is_none() {
                return reject("a flying drop-kick needs a target (16.10.4.8)".into());
            }
        }
        let kicks = |i: usize| {
            cards
                .get(i)
                .and_then(|c| c.brawl.map(|b| (b.form, c.target)))
                .filter(|(form, _)| *form == BrawlForm::FlyingDropKick)
                .map(|(_, t)| t)
        };
        let from = match (kicks(0), kicks(1)) {
            (Some(t), _) if t.is_some() && t == f.brawl.kick => 1,
            (Some(a), Some(b)) if a == b => 2,
            _ => 0,
        };
        let last = cards.len().saturating_sub(1);
        if (from..last).any(|i| kicks(i).is_some()) {
            return reject(
                "a flying drop-kick takes two consecutive cards: the first two of a round, or the last of one round and the first of the next (16.10.4.8)"
                    .into(),
            );
        }
        Ok(())
    }

    /// At the reveal (16.14.1, 16.10.4): holders that play anything but G let
    /// go; the rest of every hold plays G; brawlers' cards without a form take
    /// the default one, and brawlers are announced; drop-kicks
    /// not carried on are abandoned and new ones begun on a last card.
    pub(super) fn brawl_reveal(&self, orders: &mut [FigureOrders]) -> Vec<Event> {
        let mut events = Vec::new();
        let mut pairs: Vec<(FigureId, FigureId)> = self
            .figures
            .iter()
            .flat_map(|v| self.holders(v.id).map(move |h| (h, v.id)))
            .collect();
        for o in orders.iter() {
            let plays_g = o.cards.first().is_none_or(|c| c.card == Card::G);
            if plays_g {
                continue;
            }
            for &(holder, held) in pairs.iter().filter(|(h, _)| *h == o.figure) {
                events.push(Event::Brawl(BrawlEvent::Released { holder, held }));
            }
            pairs.retain(|(h, _)| *h != o.figure);
        }
        for o in orders.iter_mut() {
            if pairs.iter().any(|(h, v)| *h == o.figure || *v == o.figure) {
                o.cards = vec![CardOrder::new(Card::G, None)];
            }
            let f = &self.figures[o.figure.0];
            // 16.10.4.2, .5, .6, .9: a brawler's other cards take the default
            // forms; in a brawl everyone brawls.
            if self.options.brawl || o.cards.iter().any(|c| c.brawl.is_some()) {
                let level = f.character.martial_arts_level;
                for c in o.cards.iter_mut().filter(|c| c.brawl.is_none()) {
                    c.brawl = BrawlForm::default_for(c.card, level).map(BrawlIntent::new);
                }
            }
            let intents: Vec<(usize, BrawlIntent)> = o
                .cards
                .iter()
                .enumerate()
                .filter_map(|(i, c)| c.brawl.map(|b| (i, b)))
                .collect();
            if !intents.is_empty() {
                events.push(Event::Brawl(BrawlEvent::Announced {
                    figure: o.figure,
                    intents,
                }));
            }
            let kick_at = |i: usize| {
                o.cards
                    .get(i)
                    .filter(|c| c.brawl.is_some_and(|b| b.form == BrawlForm::FlyingDropKick))
                    .and_then(|c| c.target)
            };
            let carried_on = f.brawl.kick.is_some() && kick_at(0) == f.brawl.kick;
            if let Some(target) = f.brawl.kick
                && !carried_on
            {
                events.push(Event::Brawl(BrawlEvent::KickAbandoned {
                    figure: o.figure,
                    target,
                    why: "it was not carried on with the first card of this round".into(),
                    cards: Vec::new(),
                }));
            }
            let used = if carried_on {
                1
            } else if kick_at(0).is_some() && kick_at(0) == kick_at(1) {
                2
            } else {
                0
            };
            let last = o.cards.len() - 1;
            if last >= used
                && let Some(target) = kick_at(last)
            {
                events.push(Event::Brawl(BrawlEvent::KickBegun {
                    figure: o.figure,
                    target,
                    card_index: last,
                }));
            }
        }
        events
    }

    /// Shakhàn 16.10.4.1: what a figure brings to a grapple check.
    fn grappler(&self, id: FigureId) -> Grappler {
        let f = &self.figures[id.0];
        Grappler {
            strength: f.character.requisites.strength,
            adjusted_agility: f.factors.adjusted_agility,
            weight_kg: f.character.weight_kg,
            height_m: f.character.height_m,
        }
    }

    /// Shakhàn 16.10.4.1: the attacker and every comrade beside the defender
    /// who declared a grapple on it this round (they "grab hold
    /// automatically" once one strikes).
    fn grapplers(&self, attacker: FigureId, defender: FigureId) -> Vec<FigureId> {
        let at = self.figures[defender.0].pose.hex;
        let side = self.figures[attacker.0].side;
        // Comrades beside the defender, by the index of where figures stand
        // (asked at every brawling strike), in the order of the figure list.
        let mut beside: Vec<FigureId> = (self.places().near(at, 1))
            .filter(|&(_, distance)| distance == 1)
            .map(|(id, _)| &self.figures[id.0])
            .filter(|f| {
                f.id != attacker
                    && f.side == side
                    && f.condition.can_act()
                    && !f.condition.is_prone()
                    && !self.in_hold(f.id)
                    && f.round.cards.iter().any(|c| {
                        !c.lost
                            && c.order.target == Some(defender)
                            && c.order.brawl.is_some_and(|b| b.form == BrawlForm::Grapple)
                    })
            })
            .map(|f| f.id)
            .collect();
        beside.sort_unstable();
        let mut out = vec![attacker];
        out.extend(beside);
        out
    }

    fn grapple_for(&self, holders: &[FigureId], held: FigureId) -> GrappleChance {
        let under_attack = holders
            .iter()
            .any(|h| !self.figures[h.0].round.attacked_by.is_empty());
        let gs: Vec<Grappler> = holders.iter().map(|h| self.grappler(*h)).collect();
        grapple_chance(&gs, self.grappler(held), under_attack)
    }

    /// Shakhàn 16.10.4.3: the club in hand a haymaker swings, if any.
    fn haymaker_club(&self, id: FigureId, intent: BrawlIntent) -> Option<usize> {
        let f = &self.figures[id.0];
        f.weapon_in_hand().filter(|&w| {
            let weapon = self.tables.weapons.melee(f.character.weapons[w].kind);
            intent.form == BrawlForm::Haymaker
                && !weapon.natural
                && weapon_allowed(intent.form, weapon)
        })
    }

    /// Shakhàn 16.9.4, 16.10.4.8: a brawling strike's AP: body weaponry's,
    /// a club's for a haymaker with one, and the drop-kick's run-up.
    pub(super) fn brawl_strike_cost(&self, id: FigureId, intent: BrawlIntent) -> f64 {
        let strike = self
            .tables
            .actions
            .cost(if self.haymaker_club(id, intent).is_some() {
                Activity::StrikeWeapon
            } else {
                Activity::StrikeBodyWeapon
            });
        let run_up = if intent.form == BrawlForm::FlyingDropKick {
            RUN_UP_AP
        } else {
            0.0
        };
        strike + run_up
    }

    /// The brawling CF (16.10.4) of a figure.
    fn brawl_cf(&self, id: FigureId) -> crate::rulesets::shakhan::rules::character::CombatFactor {
        let f = &self.figures[id.0];
        f.condition
            .cut_combat_factor(brawling_cf(&f.character, &f.factors, self.tables))
    }

    /// Shakhàn 16.10.4: a brawling strike, resolved by the brawling rules and
    /// recorded as a strike; a grapple that takes hold makes a hold.
    pub(super) fn resolve_brawl_strike(
        &mut self,
        s: PendingStrike,
        intent: BrawlIntent,
        defend: Option<bool>,
        seen_coming: bool,
    ) {
        let matched_by = self.matching_card(&s);
        let a = &self.figures[s.attacker.0];
        let d = &self.figures[s.defender.0];
        let defence_card = match matched_by {
            Some(i) if !d.condition.is_prone() => d.round.cards[i].card(),
            _ => Card::G,
        };
        // Hands and feet, unless a haymaker swings a club in hand (16.10.4.3).
        let in_hand = a.weapon_in_hand();
        let club = self.haymaker_club(s.attacker, intent);
        let (kind, quality, damage_factor) = match club {
            Some(w) => {
                let l = &a.character.weapons[w];
                (l.kind, l.quality, a.gear.weapons[w])
            }
            None => (WeaponKind::HandsFeet, Quality::Usual, 1.0),
        };
        let order = &a.round.cards[s.card_index].order;
        let striker = Striker {
            name: a.character.name.clone(),
            cf: self.brawl_cf(s.attacker),
            card: order.card,
            weapon: kind,
            quality,
            level: a.character.primary().level,
            die_choice: 1,
            strength: a.character.requisites.strength,
            dexterity: a.factors.dexterity,
            martial_arts_level: a.character.martial_arts_level,
            to_hit_bonus: 0,
            damage_factor,
        };
        let mut t = target(
            &d.character,
            &d.factors,
            &d.gear,
            defence_card,
            false,
            self.tables,
        );
        if self.is_brawling(s.defender) {
            t.cf = self.brawl_cf(s.defender);
        }
        t.mid_action = d.action.map(|_| {
            if defend.unwrap_or(d.round.when_busy != BusyStance::Ignore) {
                MidAction::Defend
            } else {
                MidAction::Ignore
            }
        });
        t.prone_or_helpless = d.condition.is_prone();
        let r = &d.character.requisites;
        let defence = matched_by
            .filter(|_| !d.condition.is_prone() && d.action.is_none())
            .and_then(|i| d.round.cards[i].order.brawl)
            .filter(|b| matches!(b.form, BrawlForm::Block | BrawlForm::MartialBlock))
            .map(|b| {
                let martial = b.form == BrawlForm::MartialBlock;
                let limb = BlockLimb::best(d.factors.dexterity, r.agility);
                Defence {
                    martial,
                    limb,
                    check: block_check(martial, limb, d.factors.dexterity, r.agility),
                    martial_arts_level: d.character.martial_arts_level,
                }
            });
        let grapplers = self.grapplers(s.attacker, s.defender);
        let grapple =
            (intent.form == BrawlForm::Grapple).then(|| self.grapple_for(&grapplers, s.defender));
        let bs = BrawlStriker {
            striker,
            intent,
            weight_kg: a.character.weight_kg,
            grapple,
        };
        let bt = BrawlTarget {
            target: t,
            willpower: r.willpower,
            weight_kg: d.character.weight_kg,
            defence,
            seen_coming,
        };
        let mut opts = StrikeOptions::new(self.tables);
        opts.aim = order.aim;
        opts.similar_body_form = a.character.body_form == d.character.body_form;
        let report = brawl::resolve(&bs, &bt, &opts, self.tables, &mut self.dice);
        let held = report.held();
        let event = StrikeEvent {
            attacker: s.attacker,
            defender: s.defender,
            card_index: s.card_index,
            matched_by,
            reaction: s.reaction,
            ap: self.brawl_strike_cost(s.attacker, intent),
            dodge_ap: 0.0,
            struck: report.struck(),
            action_spoiled: report.action_spoiled(),
            weapon: in_hand.unwrap_or(0),
            equipment: Vec::new(),
            wounds: report.wounds().cloned().collect(),
            report: StrikeResolution::Brawl(report),
        };
        self.push_strike(event);
        if held {
            self.push(Event::Brawl(BrawlEvent::Held {
                holders: grapplers,
                held: s.defender,
            }));
        }
        if intent.form != BrawlForm::FlyingDropKick {
            self.throw_check(s, matched_by);
        }
    }

    /// Shakhàn 16.10.4.10: a defender whose matching card declared a throw
    /// tries it against an oncoming attacker (B, A or C) once the blow is
    /// done. Returns whether the attacker was thrown.
    pub(super) fn throw_check(&mut self, s: PendingStrike, matched_by: Option<usize>) -> bool {
        let d = &self.figures[s.defender.0];
        let a = &self.figures[s.attacker.0];
        let throws = matched_by
            .and_then(|i| d.round.cards.get(i))
            .is_some_and(|c| !c.lost && c.order.brawl.is_some_and(|b| b.form == BrawlForm::Throw));
        let oncoming = a
            .round
            .cards
            .get(s.card_index)
            .is_some_and(|c| throwable(c.card()));
        if !throws
            || !oncoming
            || !d.condition.can_act()
            || d.condition.is_prone()
            || self.in_hold(s.defender)
            || !a.condition.can_act()
        {
            return false;
        }
        let chance = throw_chance(
            d.character.martial_arts_level,
            a.character.martial_arts_level,
        );
        let roll = self.dice.d100();
        let success = i32::from(roll.value()) <= chance;
        let to = if success {
            self.thrown_to(s.attacker, s.defender)
        } else {
            a.pose
        };
        self.push(Event::Brawl(BrawlEvent::Throw {
            thrower: s.defender,
            thrown: s.attacker,
            chance,
            roll: roll.value(),
            success,
            to,
        }));
        success
    }

    /// Where a thrown attacker lands: over the thrower, in the hex beyond it
    /// on the attacker's line, if open and free; else where it stood
    /// (docs/RULINGS.md).
    fn thrown_to(&self, thrown: FigureId, thrower: FigureId) -> Pose {
        let a = &self.figures[thrown.0];
        let from = self.figures[thrower.0].pose.hex;
        a.pose
            .hex
            .facing_toward(from)
            .map(|dir| from.neighbor(dir))
            .filter(|h| self.free(*h, thrown))
            .map_or(a.pose, |h| Pose::new(h, a.pose.facing))
    }

    /// An open hex on the map no other figure holds.
    fn free(&self, h: Hex, mover: FigureId) -> bool {
        self.map.in_bounds(h) && self.map.is_passable(h) && self.holder(h, Some(mover)).is_none()
    }

    /// Shakhàn 16.14.3.5: flying drop-kicks land, the side with Initiative's
    /// first. A kick lands on its round's first two cards, or on the first
    /// card after one begun last round (seen coming: 16.10.4.8).
    pub(super) fn drop_kicks(&mut self) {
        let first = self.initiative.map_or(0, |s| s.0);
        let n = self.figures.len();
        let order = [first, 1 - first]
            .into_iter()
            .flat_map(|side| (0..n).map(move |i| (side, FigureId(i))));
        for (side, id) in order {
            let f = &self.figures[id.0];
            if f.side != side {
                continue;
            }
            let kick_at = |i: usize| {
                f.round
                    .cards
                    .get(i)
                    .filter(|c| {
                        c.order
                            .brawl
                            .is_some_and(|b| b.form == BrawlForm::FlyingDropKick)
                    })
                    .and_then(|c| c.order.target)
            };
            // A card the kick was begun on this round is spent already.
            let Some(target) = kick_at(0).filter(|_| f.round.cards[0].strikes == 0) else {
                continue;
            };
            let carried = f.brawl.kick == Some(target);
            let cards = if carried {
                vec![0]
            } else if kick_at(1) == Some(target) {
                vec![0, 1]
            } else {
                continue;
            };
            let intent = f.round.cards[0]
                .order
                .brawl
                .unwrap_or(BrawlIntent::new(BrawlForm::FlyingDropKick));
            self.drop_kick(id, target, intent, cards, carried);
        }
    }

    fn drop_kick(
        &mut self,
        id: FigureId,
        target: FigureId,
        intent: BrawlIntent,
        cards: Vec<usize>,
        carried: bool,
    ) {
        let f = &self.figures[id.0];
        let abandon = |why: &str| {
            Event::Brawl(BrawlEvent::KickAbandoned {
                figure: id,
                target,
                why: why.into(),
                cards: cards.clone(),
            })
        };
        let cost = self.brawl_strike_cost(id, intent);
        let why = if !f.condition.can_act() || f.condition.is_prone() || self.in_hold(id) {
            Some("the kicker cannot run")
        } else if cards.iter().any(|&k| f.round.cards[k].lost) {
            Some("its card was lost to imbalance")
        } else if self.figures[target.0].condition.is_out() {
            Some("the target is out of the fight")
        } else if f.round.ap_left < cost {
            Some("too few Action Points for the run-up and the kick")
        } else {
            None
        };
        if let Some(why) = why {
            let e = abandon(why);
            self.push(e);
            return;
        }
        let (between, landing) = match self.kick_line(id, target) {
            Ok(line) => line,
            Err(why) => {
                let e = abandon(why);
                self.push(e);
                return;
            }
        };
        let f = &self.figures[id.0];
        let check = run_up_check(f.factors.adjusted_agility, f.character.martial_arts_level);
        let roll = self.dice.d100();
        let passed = i32::from(roll.value()) <= check;
        let half_way = Pose::new(between.unwrap_or(f.pose.hex), f.pose.facing);
        self.push(Event::Brawl(BrawlEvent::RunUp {
            figure: id,
            target,
            check,
            roll: roll.value(),
            passed,
            to: if passed { f.pose } else { half_way },
            cards,
        }));
        if !passed {
            return;
        }
        let s = PendingStrike {
            attacker: id,
            defender: target,
            card_index: 0,
            reaction: false,
        };
        let matched_by = self.matching_card(&s);
        self.resolve_brawl_strike(s, intent, None, carried);
        if self.throw_check(s, matched_by) {
            return;
        }
        let facing = self.figures[id.0].pose.facing;
        self.push(Event::Brawl(BrawlEvent::Landed {
            figure: id,
            target,
            to: Pose::new(landing, facing),
        }));
    }

    /// Shakhàn 16.10.4.8 (docs/RULINGS.md): the kicker leaps straight ahead
    /// at a target one or two hexes away, over an open hex, and lands in the
    /// open hex behind it. Returns the hex between (if any) and the landing.
    pub fn kick_line(
        &self,
        id: FigureId,
        target: FigureId,
    ) -> Result<(Option<Hex>, Hex), &'static str> {
        let pose = self.figures[id.0].pose;
        let at = self.figures[target.0].pose.hex;
        let next = pose.hex.neighbor(pose.facing);
        let between = if next == at {
            None
        } else if next.neighbor(pose.facing) == at {
            if !self.free(next, id) {
                return Err("the way to the target is blocked");
            }
            Some(next)
        } else {
            return Err("the target is not one or two hexes straight ahead");
        };
        let landing = at.neighbor(pose.facing);
        if !self.free(landing, id) {
            return Err("there is no open hex behind the target to land in");
        }
        Ok((between, landing))
    }

    /// Shakhàn 16.9.8: a martial arts manoeuvre is spoiled by an attack on
    /// the martial artist in mid-manoeuvre: a blow landed on a kicker whose
    /// drop-kick is carried into the next round ends it (docs/RULINGS.md).
    pub(super) fn kick_struck(&mut self, id: FigureId) {
        if let Some(target) = self.figures[id.0].brawl.kick {
            self.push(Event::Brawl(BrawlEvent::KickAbandoned {
                figure: id,
                target,
                why: "struck in mid-manoeuvre (16.9.8)".into(),
                cards: Vec::new(),
            }));
        }
    }

    /// Shakhàn 16.10.4.1: at the end of each round after the one a hold was
    /// taken in, the hold is checked again or broken.
    pub(super) fn hold_checks(&mut self) {
        for i in 0..self.figures.len() {
            let held = FigureId(i);
            let holders = self.holders_of(held);
            if holders.is_empty() || self.figures[i].brawl.held_since >= self.round {
                continue;
            }
            let chance = self.grapple_for(&holders, held);
            let roll = self.dice.d100();
            self.push(Event::Brawl(BrawlEvent::HoldChecked {
                held,
                holders,
                difference: chance.difference,
                dmod: chance.dmod,
                under_attack: chance.under_attack,
                threshold: chance.threshold,
                roll: roll.value(),
                kept: i32::from(roll.value()) <= chance.threshold,
            }));
        }
    }

    pub(super) fn apply_brawl(&mut self, e: &BrawlEvent) {
        match e {
            BrawlEvent::Announced { .. } => {}
            BrawlEvent::Held { holders, held } => {
                let round = self.round;
                for id in holders.iter().chain([held]) {
                    let f = &mut self.figures[id.0];
                    // 16.10.4.1: from now on they count as playing G.
                    for c in f.round.cards.iter_mut().filter(|c| c.strikes == 0) {
                        c.order = CardOrder::new(Card::G, None);
                    }
                    if holders.contains(id) {
                        f.condition.spend_fatigue(HOLD_FATIGUE);
                    }
                }
                for h in holders {
                    let v = &mut self.figures[held.0].brawl;
                    if !v.held_by.contains(h) {
                        v.held_by.push(*h);
                        self.figures[h.0].brawl.holds.push(*held);
                    }
                }
                self.figures[held.0].brawl.held_since = round;
            }
            BrawlEvent::HoldChecked {
                held,
                holders,
                kept,
                ..
            } => {
                for h in holders {
                    self.figures[h.0].condition.spend_fatigue(HOLD_FATIGUE);
                }
                let v = &mut self.figures[held.0];
                v.condition.spend_fatigue(BREAK_FATIGUE);
                if !kept {
                    for h in std::mem::take(&mut v.brawl.held_by) {
                        self.figures[h.0].brawl.holds.retain(|v| v != held);
                    }
                }
            }
            BrawlEvent::Released { holder, held } => {
                self.figures[held.0].brawl.held_by.retain(|h| h != holder);
                self.figures[holder.0].brawl.holds.retain(|v| v != held);
            }
            BrawlEvent::Throw {
                thrower,
                thrown,
                success,
                to,
                ..
            } => {
                if *success {
                    self.place(*thrown, *to);
                    let f = &mut self.figures[thrown.0];
                    f.condition.fall_prone();
                    unbalance(f, THROW_UNBALANCED);
                } else {
                    unbalance(&mut self.figures[thrower.0], THROW_UNBALANCED);
                }
            }
            BrawlEvent::KickBegun {
                figure,
                target,
                card_index,
            } => {
                let f = &mut self.figures[figure.0];
                f.brawl.kick = Some(*target);
                if let Some(c) = f.round.cards.get_mut(*card_index) {
                    c.strikes = u8::MAX;
                }
            }
            BrawlEvent::KickAbandoned { figure, cards, .. } => {
                let f = &mut self.figures[figure.0];
                f.brawl.kick = None;
                spend_cards(f, cards);
            }
            BrawlEvent::RunUp {
                figure,
                passed,
                to,
                cards,
                ..
            } => {
                let f = &mut self.figures[figure.0];
                f.brawl.kick = None;
                spend_cards(f, cards);
                if !passed {
                    self.place(*figure, *to);
                    let f = &mut self.figures[figure.0];
                    f.condition.fall_prone();
                    unbalance(f, RUN_UP_FAILED_UNBALANCED);
                }
            }
            BrawlEvent::Landed { figure, to, .. } => self.place(*figure, *to),
        }
    }

    /// One brawling event in words (table view: no lethal declarations).
    pub(super) fn describe_brawl(&self, e: &BrawlEvent, view: View) -> Option<String> {
        let name = |id: &FigureId| self.figures[id.0].name.as_str();
        let names = |ids: &[FigureId]| ids.iter().map(name).collect::<Vec<_>>().join(" and ");
        let at = |p: &Pose| format!("({}, {})", p.hex.col, p.hex.row);
        Some(match e {
            BrawlEvent::Announced { figure, intents } => {
                let forms: Vec<String> = intents
                    .iter()
                    .map(|(k, i)| {
                        let lethal = view == View::Referee && i.lethal && i.form.may_be_lethal();
                        format!(
                            "card {}: {}{}",
                            k + 1,
                            i.form.name(),
                            if lethal { " (lethal)" } else { "" }
                        )
                    })
                    .collect();
                format!("{} announces brawling — {}", name(figure), forms.join(", "))
            }
            BrawlEvent::Held { holders, held } => format!(
                "{} {} {} fast: both count as playing G until the hold breaks (1 Fatigue to restrain)",
                names(holders),
                noun(holders.len(), "holds", "hold"),
                name(held)
            ),
            BrawlEvent::HoldChecked {
                held,
                holders,
                difference,
                dmod,
                under_attack,
                threshold,
                roll,
                kept,
            } => format!(
                "{} strains against {} hold: (Strength + Adjusted Agility) {difference:+} × DMod {dmod}{} = {threshold}; rolled {roll:02} — {} (Fatigue: 1 to hold, 2 to break)",
                name(held),
                possessive(&names(holders)),
                if *under_attack { " (under attack)" } else { "" },
                if *kept { "held" } else { "breaks free" }
            ),
            BrawlEvent::Released { holder, held } => {
                format!("{} lets {} go", name(holder), name(held))
            }
            BrawlEvent::Throw {
                thrower,
                thrown,
                chance,
                roll,
                success,
                to,
            } => format!(
                "{} tries to throw {}: Martial Arts difference × 10 = {chance}; rolled {roll:02} — {}",
                name(thrower),
                name(thrown),
                if *success {
                    format!(
                        "{} is thrown to the ground at {}, prone and unbalanced",
                        name(thrown),
                        at(to)
                    )
                } else {
                    format!("fails, {} is unbalanced", name(thrower))
                }
            ),
            BrawlEvent::KickBegun { figure, target, .. } => format!(
                "{} starts the run-up of a flying drop-kick at {}",
                name(figure),
                name(target)
            ),
            BrawlEvent::KickAbandoned {
                figure,
                target,
                why,
                ..
            } => format!(
                "{} flying drop-kick at {} comes to nothing: {why}",
                possessive(name(figure)),
                name(target)
            ),
            BrawlEvent::RunUp {
                figure,
                target,
                check,
                roll,
                passed,
                to,
                ..
            } => format!(
                "{} runs at {} and leaps: run-up check (Adjusted Agility + Martial Arts × 10) × 5 = {check}; rolled {roll:02} — {}",
                name(figure),
                name(target),
                if *passed {
                    "airborne".to_string()
                } else {
                    format!("falls prone half way at {}, doubly unbalanced", at(to))
                }
            ),
            BrawlEvent::Landed { figure, target, to } => format!(
                "{} lands at {} behind {}",
                name(figure),
                at(to),
                name(target)
            ),
        })
    }
}

/// Cards a drop-kick used are spent.
fn spend_cards(f: &mut Figure, cards: &[usize]) {
    for &k in cards {
        if let Some(c) = f.round.cards.get_mut(k) {
            c.strikes = u8::MAX;
        }
    }
}

/// Shakhàn 16.15.4 (x): knocked off balance by `n` outside a blow (a throw, a
/// failed run-up): the next cards are lost as after a blow.
fn unbalance(f: &mut Figure, n: u8) {
    f.condition.apply_wound(&Wound {
        area: BodyArea::UpperBody,
        damage: 0,
        pain: 0.0,
        unbalanced: n,
        bleeding: None,
        critical: None,
    });
    take_owed_cards(f);
}
