//! Missile combat in a battle: loading under G (16.5.2), aiming and loosing
//! in the Missile Weapon Phase (16.14.3.4), flights of more than a second
//! arriving in the next round's Missile Arrival Phase (16.14.3.2), the free
//! round's restriction (16.9.9.1), and each flight checked against every
//! figure it passes (16.12.1). The shot itself is resolved from values by
//! `rules::shakhan::missile`.

use std::sync::Arc;

use super::command::{MissileIntent, ShieldStance};
use super::event::{Event, Flight, FlightEvent, Phase};
use super::state::Battle;
use super::strike::damaging;
use crate::hex::{Aspect, Hex, Terrain};
use crate::rulesets::shakhan::rules::Card;
use crate::rulesets::shakhan::rules::character::derive;
use crate::rulesets::shakhan::rules::condition::{MoraleCause, wound_calls_for_morale};
use crate::rulesets::shakhan::rules::melee::{self, Equipment};
use crate::rulesets::shakhan::rules::missile::{self, Conditions, MissileBlow, Role, Shooter};
use crate::rulesets::shakhan::rules::tables::actions::Activity;
use crate::rulesets::shakhan::rules::wound::Wound;
use crate::seam::{FigureId, Rejection, View};
use crate::words::possessive;

/// What a check on one hex of the flight found.
struct Hit {
    figure: FigureId,
    blow: MissileBlow,
    /// Why a shield the figure carries was not raised (16.15.4).
    shield_down: Option<missile::ShieldDown>,
}

impl Battle {
    /// Missiles still in the air (16.14.3.2).
    pub fn missiles_in_flight(&self) -> &[Flight] {
        &self.in_flight
    }

    /// Shakhàn 16.14.3.2 Missile Arrival Phase: every missile that was more
    /// than a second in the air arrives, in the order loosed.
    pub(super) fn missile_arrival(&mut self) {
        while let Some(flight) = self.in_flight.first().cloned() {
            self.fly(flight, true);
        }
        self.push(Event::PhaseBegan {
            phase: Phase::Spell,
        });
    }

    /// Shakhàn 16.14.3.4 Missile Weapon Phase: the side with Initiative first,
    /// figures in scenario order, each fires a loaded weapon its card names,
    /// then (under G, 16.5.2) begins loading the next.
    pub(super) fn missile_weapon_phase(&mut self) {
        let first = self.initiative.map_or(0, |s| s.0);
        for side in [first, 1 - first] {
            for id in (0..self.figures.len()).map(FigureId) {
                if self.figures[id.0].side != side {
                    continue;
                }
                self.fire_if_ready(id);
                self.load_if_wanted(id);
            }
        }
        self.push(Event::PhaseBegan {
            phase: Phase::SpecialManeuver,
        });
    }

    /// The figure's first card (not lost) with a missile intent.
    /// In a free round the surprised side writes no orders (16.9.9.1); a
    /// loaded weapon of theirs is fired at the nearest enemy under the card
    /// they are given.
    fn missile_card(&self, id: FigureId) -> Option<(usize, MissileIntent)> {
        let f = &self.figures[id.0];
        let written = f
            .round
            .cards
            .iter()
            .enumerate()
            .find_map(|(k, c)| c.order.missile.filter(|_| !c.lost).map(|m| (k, m)));
        let surprised = self.free_round && self.initiative.is_some_and(|s| s.0 != f.side);
        match (written, f.missile.loaded) {
            (None, Some(weapon)) if surprised && !f.round.cards.is_empty() => Some((
                0,
                MissileIntent {
                    weapon,
                    hold: false,
                    warn: false,
                },
            )),
            _ => written,
        }
    }

    /// Shakhàn 16.9.4: aim (2) and fire (1) or throw (1), plus a shouted
    /// warning (1) when given.
    pub(super) fn shot_ap(&self, id: FigureId, intent: MissileIntent) -> f64 {
        let a = &self.tables.actions;
        let release = match self.figures[id.0].character.missile_weapons[intent.weapon].source {
            crate::rulesets::shakhan::rules::character::MissileSource::Launcher(_) => {
                Activity::FireMissile
            }
            crate::rulesets::shakhan::rules::character::MissileSource::Thrown(_) => {
                Activity::ThrowProjectile
            }
        };
        a.cost(Activity::AimMissile)
            + a.cost(release)
            + if intent.warn {
                a.cost(Activity::Shout)
            } else {
                0.0
            }
    }

    /// Shakhàn 16.10.3, 16.12.1: whether `shooter` may shoot `target` with its
    /// weapon `w`: an enemy in the fight, in its Missile Zone out to the
    /// weapon's normal maximum range, with a clear line of sight.
    pub fn can_shoot(&self, shooter: FigureId, w: usize, target: FigureId) -> bool {
        let f = &self.figures[shooter.0];
        let t = &self.figures[target.0];
        if t.side == f.side || t.condition.is_out() || !t.occupies() {
            return false;
        }
        let Some(m) = f.character.missile_weapons.get(w) else {
            return false;
        };
        let range = missile::max_range_m(m.source, f.character.requisites.strength, self.tables);
        let hexes = (range / self.map.scale().metres_per_hex()).floor() as u32;
        self.map
            .in_missile_zone(f.pose, hexes, f.character.missile_zone, t.pose.hex)
            && self
                .map
                .line_of_sight(f.pose.hex, t.pose.hex)
                .is_ok_and(|l| l.clear)
    }

    /// The nearest enemy `shooter` may shoot with weapon `w`.
    pub fn nearest_shootable(&self, shooter: FigureId, w: usize) -> Option<FigureId> {
        let from = self.figures[shooter.0].pose.hex;
        self.figures
            .iter()
            .filter(|t| self.can_shoot(shooter, w, t.id))
            .min_by_key(|t| (from.distance(t.pose.hex), t.id))
            .map(|t| t.id)
    }

    /// Shakhàn 16.14.3.4, 16.9.9.1: loose a loaded weapon if the card names
    /// it, a target is in sight and the AP are there. In a free round only a
    /// weapon already pointed within 30° of its target (the hexside sector
    /// the figure faces) may be used.
    fn fire_if_ready(&mut self, id: FigureId) {
        let f = &self.figures[id.0];
        if !f.condition.can_act() || f.condition.is_prone() {
            return;
        }
        let Some((k, intent)) = self.missile_card(id) else {
            return;
        };
        let loaded = f.missile.loaded == Some(intent.weapon);
        if intent.hold || (!loaded && !self.free_round) {
            return;
        }
        let order = &f.round.cards[k].order;
        let Some(target) = order
            .target
            .filter(|t| self.can_shoot(id, intent.weapon, *t))
            .or_else(|| self.nearest_shootable(id, intent.weapon))
        else {
            return;
        };
        let ap = self.shot_ap(id, intent);
        if f.round.ap_left + 1e-9 < ap {
            return;
        }
        let at = self.figures[target.0].pose.hex;
        let source = f.character.missile_weapons[intent.weapon].source;
        let pointed = f.pose.hex.facing_toward(at) == Some(f.pose.facing);
        if self.free_round && !(loaded && pointed) {
            // 16.9.9.1: otherwise only a weapon loaded and fired in under 5 AP,
            // on an Adjusted Agility × 3 check.
            let mft = &self.tables.missile_fire;
            let load = if loaded {
                0.0
            } else {
                missile::reload_ap(source, self.tables)
            };
            let fire = self.tables.actions.cost(Activity::FireMissile);
            let has_shot = f.missile.shots.get(intent.weapon).is_some_and(|n| *n > 0);
            if !has_shot || load + fire >= mft.free_round_ap_below {
                return;
            }
            let threshold = f.factors.adjusted_agility * mft.free_round_check_dmod;
            let roll = self.dice.d100();
            let passed = i32::from(roll.value()) <= threshold;
            self.push(Event::QuickShot {
                figure: id,
                weapon: intent.weapon,
                threshold,
                roll: roll.value(),
                passed,
            });
            if !passed {
                return;
            }
        }
        let f = &self.figures[id.0];
        let order = &f.round.cards[k].order;
        let kind = missile::missile_type(source, self.tables);
        let range_m = self.map.distance_in_metres(f.pose.hex, at);
        let seconds = range_m / self.tables.missile_fire.flight_speed(kind);
        let flight = Flight {
            firer: id,
            weapon: intent.weapon,
            target,
            from: f.pose.hex,
            at,
            aim: order.aim,
            warned: intent.warn,
            card: order.card,
            moving: f.missile.moving,
            seconds,
        };
        let delayed = seconds > 1.0;
        self.push(Event::MissileLoosed {
            flight: flight.clone(),
            ap,
            delayed,
        });
        if !delayed {
            self.fly(flight, false);
        }
    }

    /// Shakhàn 16.5.2, 16.14.3.4: a figure playing G with a missile intent and
    /// nothing loaded begins loading (not while another action is under way,
    /// nor without a shot left).
    fn load_if_wanted(&mut self, id: FigureId) {
        let f = &self.figures[id.0];
        if !f.condition.can_act() || f.action.is_some() || f.missile.loaded.is_some() {
            return;
        }
        let Some((k, intent)) = self.missile_card(id) else {
            return;
        };
        if f.round.cards[k].card() != Card::G
            || f.missile.shots.get(intent.weapon).is_none_or(|n| *n == 0)
        {
            return;
        }
        let source = f.character.missile_weapons[intent.weapon].source;
        self.push(Event::LoadBegun {
            figure: id,
            weapon: intent.weapon,
            needed: missile::reload_ap(source, self.tables),
        });
    }

    /// At the reveal (16.5.2): a load under way goes on into a new round only
    /// while the figure plays G with a missile intent for the same weapon.
    pub(super) fn load_continues(&self, id: FigureId) -> Option<Activity> {
        let f = &self.figures[id.0];
        let loading = f.missile.loading?;
        let same =
            f.round.cards.iter().any(|c| {
                c.card() == Card::G && c.order.missile.is_some_and(|m| m.weapon == loading)
            });
        (same
            && f.action
                .is_some_and(|a| a.activity == Activity::LoadMissile))
        .then_some(Activity::LoadMissile)
    }

    /// Orders: a missile intent names a missile weapon the figure can use.
    /// (A bare `LoadMissile` action stays the generic 16.9.4 activity, for a
    /// weapon the sheet does not carry; it loads nothing the engine tracks.)
    pub(super) fn check_missile_order(
        &self,
        id: FigureId,
        card: &super::command::CardOrder,
    ) -> Result<(), Rejection> {
        let f = &self.figures[id.0];
        let Some(m) = card.missile else {
            return Ok(());
        };
        match f.factors.missile_weapons.get(m.weapon) {
            None => Err(Rejection(format!(
                "{} has no missile weapon {} (it has {})",
                f.name,
                m.weapon,
                f.factors.missile_weapons.len()
            ))),
            Some(w) if w.msf.is_none() => Err(Rejection(format!(
                "{} cannot use the {}: {}",
                f.name,
                w.name,
                w.why.clone().unwrap_or_default()
            ))),
            Some(_) => Ok(()),
        }
    }

    /// The firer as the missile rules see it, with the Vision and Missile
    /// Factor of the time of day (16.15.14 note ***; 16.5 "Day, or Night,
    /// Vision score (as appropriate)").
    fn shooter(&self, id: FigureId, w: usize) -> Shooter {
        let f = &self.figures[id.0];
        let c = &f.character;
        let m = &c.missile_weapons[w];
        let day = self.options.daylight;
        let vision = if day {
            c.requisites.vision
        } else {
            c.requisites.night_vision
        };
        let msf = if day {
            f.factors.missile_weapons[w].msf
        } else {
            let mut night = (**c).clone();
            night.requisites.vision = c.requisites.night_vision;
            derive(&night, self.tables).missile_weapons[w].msf
        };
        let kind = missile::missile_type(m.source, self.tables);
        Shooter {
            name: f.name.clone(),
            msf: msf.map_or(0, |v| v.0),
            source: m.source,
            quality: m.quality,
            max_range_m: missile::max_range_m(m.source, c.requisites.strength, self.tables),
            vision,
            strength: c.requisites.strength,
            projectile_kg: self.tables.missile_fire.projectile_kg(kind),
            magic_magnitude: None,
        }
    }

    /// Shakhàn 16.12.1: the missile flies from the firer's hex through the
    /// target's; each figure in a hex on the way is checked; if nothing is
    /// struck it flies on to its maximum range ± 1D6 m, checking every figure
    /// on that stretch too, until a wall or the map edge.
    fn fly(&mut self, flight: Flight, arrived: bool) {
        let t = self.tables;
        let map = Arc::clone(&self.map);
        let shooter = self.shooter(flight.firer, flight.weapon);
        let conditions = Conditions {
            visibility_percent: self.options.visibility_percent,
            wind_kmh: self.options.wind_kmh,
            card: flight.card,
            moving: flight.moving,
        };
        let weapon_name = self.figures[flight.firer.0].factors.missile_weapons[flight.weapon]
            .name
            .clone();
        let mut lines = vec![format!(
            "{} {} {}at {}{}",
            possessive(&shooter.name),
            weapon_name,
            if arrived { "arrives " } else { "" },
            self.figures[flight.target.0].name,
            flight
                .aim
                .map_or(String::new(), |a| format!(" (aimed at the {})", a.name()))
        )];
        let mut table = vec![lines[0].clone()];
        let mut checked = Vec::new();
        let mut path = map
            .line_of_sight(flight.from, flight.at)
            .map(|l| l.hexes)
            .unwrap_or_default();
        path.push(flight.at);
        let mut hit = None;
        for hex in &path {
            hit = self.check_hex(
                *hex,
                &flight,
                &shooter,
                &conditions,
                &mut checked,
                &mut lines,
                &mut table,
            );
            if hit.is_some() {
                break;
            }
        }
        let mut landed_m = None;
        if hit.is_none() {
            let o = missile::overshoot(shooter.max_range_m, t, &mut self.dice);
            lines.push(o.to_string());
            let hexes = (o.landed_m / map.scale().metres_per_hex()).floor() as u32;
            for hex in map.ray(flight.from, flight.at, hexes, Terrain::blocks_attacks) {
                hit = self.check_hex(
                    hex,
                    &flight,
                    &shooter,
                    &conditions,
                    &mut checked,
                    &mut lines,
                    &mut table,
                );
                if hit.is_some() {
                    break;
                }
            }
            if hit.is_none() {
                landed_m = Some(o.landed_m);
                table.push(format!("it comes down {:.0} m away", o.landed_m));
            }
        }
        let mut event = FlightEvent {
            flight,
            arrived,
            checked,
            struck: None,
            wounds: Vec::new(),
            equipment: Vec::new(),
            action_spoiled: false,
            landed_m,
            explanation: String::new(),
            table_view: String::new(),
        };
        if let Some(Hit {
            figure,
            blow,
            shield_down,
        }) = hit
        {
            let defender = &self.figures[figure.0];
            let name = defender.name.clone();
            if let Some(why) = shield_down {
                let line = format!("{} shield is not raised: {why}", possessive(&name));
                lines.push(line.clone());
                table.push(line);
            }
            lines.extend(blow.blow.describe(&shooter.name, &name));
            let ignored = blow
                .blow
                .hits
                .iter()
                .any(|h| h.penetration.result.unbalanced > 0);
            if !blow.may_unbalance && ignored {
                lines.push(
                    "the imbalance is ignored: no Critical Hit, no magic, a light missile (16.12.1)"
                        .into(),
                );
            }
            table.extend(blow.blow.symptoms());
            event.struck = Some(figure);
            event.wounds = blow
                .blow
                .hits
                .iter()
                .filter_map(|h| h.wound.clone())
                .collect();
            event.equipment = blow
                .blow
                .equipment
                .iter()
                .filter_map(|c| c.damage.map(|(_, d)| (c.item, d)))
                .collect();
            if let Some((text, spoiled)) = self.spoil_by_missile(figure, &blow, &event.wounds) {
                lines.push(text);
                event.action_spoiled = spoiled;
            }
        }
        event.explanation = lines.join("; ");
        event.table_view = table.join("; ");
        let struck = event.struck;
        let calls = event.wounds.iter().any(wound_calls_for_morale);
        let spoiled = event.action_spoiled;
        let was_out = struck.is_some_and(|d| self.figures[d.0].condition.is_out());
        self.push(Event::MissileFlew(Box::new(event)));
        if let Some(d) = struck {
            if spoiled {
                self.push(Event::ActionSpoiled { figure: d });
            }
            self.morale_after_blow(d, was_out, calls);
        }
    }

    /// One hex of a flight: the figure holding it (not the firer) is checked,
    /// the intended target with the firer's MSF, anyone else with it taken
    /// off, a warned friend at half (16.12.1). A friend next to the firer is
    /// the rank in front of it, which the second rank shoots past (16.12.1).
    #[allow(clippy::too_many_arguments)]
    fn check_hex(
        &mut self,
        hex: Hex,
        flight: &Flight,
        shooter: &Shooter,
        conditions: &Conditions,
        checked: &mut Vec<FigureId>,
        lines: &mut Vec<String>,
        table: &mut Vec<String>,
    ) -> Option<Hit> {
        let t = self.tables;
        let firer_side = self.figures[flight.firer.0].side;
        let fig = self.holder(hex, Some(flight.firer))?;
        if checked.contains(&fig.id) {
            return None;
        }
        let (id, name) = (fig.id, fig.name.clone());
        let friend = fig.side == firer_side;
        if friend && flight.from.distance(hex) == 1 {
            lines.push(format!(
                "{name} is in the rank in front: the second rank shoots past (16.12.1)"
            ));
            return None;
        }
        let role = if id == flight.target {
            Role::Target { aim: flight.aim }
        } else {
            Role::InTheWay {
                warned_friend: friend && flight.warned,
            }
        };
        // A shield covers the front and flanks; against missiles it is raised
        // unless the orders keep it down (there is no time to ask).
        let shield_down = fig.character.shield.as_ref().and_then(|_| {
            missile::ShieldDown::why(
                fig.round.shield == ShieldStance::Lower,
                fig.pose.aspect_of(flight.from) == Some(Aspect::Rear),
                fig.gear.shield > 0.0,
            )
        });
        let raise = shield_down.is_none();
        let target =
            super::strike::target(&fig.character, &fig.factors, &fig.gear, Card::G, raise, t);
        let (height_m, weight_kg) = (fig.character.height_m, fig.character.weight_kg);
        let range_m = self.map.distance_in_metres(flight.from, hex);
        let cover = self
            .map
            .line_of_sight(flight.from, hex)
            .map_or(0, |l| l.cover_percent);
        let threshold = missile::threshold(
            shooter,
            conditions,
            role,
            range_m,
            height_m,
            u32::from(cover),
            t,
        );
        let check = missile::roll(&name, role, threshold, t, &mut self.dice);
        lines.push(check.to_string());
        table.push(format!(
            "{} {}",
            match role {
                Role::Target { .. } => format!("at {name}"),
                Role::InTheWay { .. } => format!("past {name}"),
            },
            if check.struck {
                "— struck"
            } else {
                "— missed"
            }
        ));
        checked.push(id);
        if !check.struck {
            return None;
        }
        let aim = match role {
            Role::Target { aim } => aim,
            Role::InTheWay { .. } => None,
        };
        let blow = missile::blow(shooter, &target, weight_kg, aim, range_m, t, &mut self.dice);
        Some(Hit {
            figure: id,
            blow,
            shield_down,
        })
    }

    /// Shakhàn 16.5.2 and 16.9.4.1: a figure loading a missile weapon loses
    /// the load to a blow that does damage or unbalances it; any other action
    /// (and a load the blow did not hurt) is spoiled on the 2D12+75 roll.
    fn spoil_by_missile(
        &mut self,
        id: FigureId,
        blow: &MissileBlow,
        wounds: &[Wound],
    ) -> Option<(String, bool)> {
        let action = self.figures[id.0].action?;
        let name = self.figures[id.0].name.clone();
        if loading_lost(action.activity, wounds) {
            return Some((
                format!("{name} loses the load: struck while loading (16.5.2)"),
                true,
            ));
        }
        let spoil = melee::spoil(&blow.blow, self.tables, &mut self.dice);
        Some((spoil.describe(&name), spoil.spoiled()))
    }

    /// Shakhàn 16.5.2: after a melee blow, a figure loading a missile weapon
    /// loses the load when the blow did damage or cost it cards.
    pub(super) fn loading_lost_to_blow(&mut self, id: FigureId, damaging: bool, spoiled: bool) {
        let lost = self.figures[id.0]
            .action
            .is_some_and(|a| a.activity == Activity::LoadMissile && damaging);
        if lost && !spoiled {
            self.push(Event::ActionSpoiled { figure: id });
        }
    }

    /// Morale after a blow (16.9.6): the wounded figure when its wounds call
    /// for a check, and its comrades when it has just fallen.
    pub(super) fn morale_after_blow(&mut self, defender: FigureId, was_out: bool, calls: bool) {
        if calls {
            self.morale_check(defender, MoraleCause::Wounded);
        }
        if !was_out && self.figures[defender.0].condition.is_out() {
            let side = self.figures[defender.0].side;
            let comrades: Vec<FigureId> = self.active(side).map(|f| f.id).collect();
            for c in comrades {
                self.morale_check(c, MoraleCause::ComradeFell);
            }
        }
    }

    /// Applying missile events (called from `apply`, rolls nothing).
    pub(super) fn apply_missile(&mut self, event: &Event) {
        match event {
            Event::LoadBegun {
                figure,
                weapon,
                needed,
            } => {
                let f = &mut self.figures[figure.0];
                f.action = Some(super::state::ActionUnderWay {
                    activity: Activity::LoadMissile,
                    needed: *needed,
                    spent: 0.0,
                });
                f.missile.loading = Some(*weapon);
            }
            Event::MissileLoosed {
                flight,
                ap,
                delayed,
            } => {
                let f = &mut self.figures[flight.firer.0];
                f.round.ap_left = (f.round.ap_left - ap).max(0.0);
                f.missile.loaded = None;
                if let Some(n) = f.missile.shots.get_mut(flight.weapon) {
                    *n = n.saturating_sub(1);
                }
                if *delayed {
                    self.in_flight.push(flight.clone());
                }
            }
            Event::MissileFlew(e) => {
                if e.arrived && !self.in_flight.is_empty() {
                    self.in_flight.remove(0);
                }
                if let Some(d) = e.struck {
                    for (item, damage) in &e.equipment {
                        let gear = &mut self.figures[d.0].gear;
                        let g = match item {
                            Equipment::Weapon => continue,
                            Equipment::Shield => &mut gear.shield,
                            Equipment::Armour(area) => &mut gear.armour[*area as usize],
                        };
                        *g *= damage.remaining();
                    }
                    self.take_wounds(d, &e.wounds);
                }
            }
            Event::QuickShot {
                figure,
                weapon,
                passed: true,
                ..
            } => self.figures[figure.0].missile.loaded = Some(*weapon),
            Event::ActionDone {
                figure,
                activity: Activity::LoadMissile,
            } => {
                let q = &mut self.figures[figure.0].missile;
                if let Some(w) = q.loading.take() {
                    q.loaded = Some(w);
                }
            }
            Event::ActionAbandoned { figure } => {
                self.figures[figure.0].missile.loading = None;
            }
            _ => {}
        }
    }
}

impl Battle {
    /// Missile events in words: the referee sees every threshold and roll,
    /// the table what flew where and the symptoms of what it did (16.10).
    pub(super) fn describe_missile(&self, event: &Event, view: View) -> Option<String> {
        let name = |id: FigureId| self.figures[id.0].name.as_str();
        let weapon = |id: FigureId, w: usize| {
            self.figures[id.0]
                .factors
                .missile_weapons
                .get(w)
                .map_or("missile weapon", |m| m.name.as_str())
        };
        Some(match event {
            Event::LoadBegun {
                figure,
                weapon: w,
                needed,
            } => format!(
                "{} begins loading the {} ({needed:.0} AP, 16.5.2)",
                name(*figure),
                weapon(*figure, *w)
            ),
            Event::MissileLoosed {
                flight,
                ap,
                delayed,
            } => format!(
                "{} aims and looses the {} at {} ({:.0} m, {ap:.0} AP){}{}",
                name(flight.firer),
                weapon(flight.firer, flight.weapon),
                name(flight.target),
                self.map.distance_in_metres(flight.from, flight.at),
                if flight.warned {
                    ", shouting a warning"
                } else {
                    ""
                },
                if *delayed {
                    format!(
                        "; {:.1} s in the air: it arrives next round (16.14.3.2)",
                        flight.seconds
                    )
                } else {
                    String::new()
                }
            ),
            Event::QuickShot {
                figure,
                weapon: w,
                threshold,
                roll,
                passed,
            } => format!(
                "{} readies the {} in the free round: Adjusted Agility × 3 = {threshold}, rolled {roll:02} — {}",
                name(*figure),
                weapon(*figure, *w),
                if *passed {
                    "ready (16.9.9.1)"
                } else {
                    "too slow (16.9.9.1)"
                }
            ),
            Event::MissileFlew(e) => match view {
                View::Referee => e.explanation.clone(),
                View::Table => e.table_view.clone(),
            },
            _ => return None,
        })
    }
}

/// Shakhàn 16.5.2: a blow that does damage of any sort or costs cards ruins
/// a load under way.
fn loading_lost(activity: Activity, wounds: &[Wound]) -> bool {
    activity == Activity::LoadMissile && damaging(wounds)
}
