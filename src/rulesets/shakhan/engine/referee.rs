//! Referee overrides (docs/RULINGS.md, "Referee overrides"): changes by fiat,
//! made as commands so that the log, and every replay of it, keeps them.
//! Each is checked like any command, becomes one [`Event::Overridden`], and
//! is applied in `apply.rs` like every other event.

use std::sync::Arc;

use super::command::{Override, RequisiteName, ReserveName};
use super::event::Event;
use super::state::{Battle, Figure};
use crate::hex::Pose;
use crate::rulesets::shakhan::rules::character::derive_with;
use crate::rulesets::shakhan::rules::condition::{Healing, SideFortune};
use crate::rulesets::shakhan::rules::wound::{Bleed, Wound};
use crate::rulesets::shakhan::scenario::{self, REQUISITE_RANGE};
use crate::seam::{FigureId, Rejection, View};
use crate::words::possessive;

/// The largest amount of damage, pain, fatigue or reserve an override takes:
/// far beyond any figure, small enough that sums cannot overflow.
const MAX_POINTS: i32 = 10_000;

impl Battle {
    /// Check an override against the battle as it stands, and make its event.
    pub(super) fn execute_override(&mut self, o: &Override) -> Result<(), Rejection> {
        self.check_override(o)?;
        let discarded = match o {
            Override::Reroll { dice, .. } => (0..*dice).map(|_| self.dice.roll(100)).collect(),
            _ => Vec::new(),
        };
        self.push(Event::Overridden {
            change: o.clone(),
            discarded,
        });
        Ok(())
    }

    fn check_override(&self, o: &Override) -> Result<(), Rejection> {
        let reject = |why: String| Err(Rejection(why));
        let points = |what: &str, v: f64| {
            if v.is_finite() && (0.0..=f64::from(MAX_POINTS)).contains(&v) {
                Ok(())
            } else {
                Err(Rejection(format!(
                    "{what} must be 0 to {MAX_POINTS}, not {v}"
                )))
            }
        };
        match o {
            Override::SetRequisite { figure, value, .. } => {
                self.on_field(*figure)?;
                if !REQUISITE_RANGE.contains(value) {
                    return reject(format!(
                        "a requisite must be {} to {}, not {value}",
                        REQUISITE_RANGE.start(),
                        REQUISITE_RANGE.end()
                    ));
                }
            }
            Override::SetReserve { figure, value, .. } => {
                self.on_field(*figure)?;
                if !(1..=MAX_POINTS).contains(value) {
                    return reject(format!("a reserve must be 1 to {MAX_POINTS}, not {value}"));
                }
            }
            Override::Wound {
                figure,
                damage,
                pain,
                bleeding,
                bleeding_rounds,
                ..
            } => {
                self.on_field(*figure)?;
                points("damage", f64::from(*damage))?;
                points("pain", *pain)?;
                if *bleeding > 100 || *bleeding_rounds > 100 {
                    return reject("bleeding and its rounds must be 0 to 100".into());
                }
            }
            Override::Heal {
                figure,
                damage,
                pain,
                fatigue,
                ..
            } => {
                self.on_field(*figure)?;
                points("damage healed", f64::from(*damage))?;
                points("pain healed", *pain)?;
                points("fatigue restored", *fatigue)?;
            }
            Override::Place { figure, to } => {
                self.on_field(*figure)?;
                self.free_hex(to, Some(*figure))?;
            }
            Override::AddFigure { figure } => {
                if !self.sides.iter().any(|s| s.name == figure.side) {
                    let sides = crate::words::quoted(self.sides.iter().map(|s| s.name.as_str()));
                    return reject(format!(
                        "{} is on side {:?}, which is not in the battle (sides: {sides})",
                        figure.name, figure.side
                    ));
                }
                if let Some(fault) = crate::text::name_fault(&figure.name) {
                    return reject(format!("the new figure's name {fault}"));
                }
                let key = crate::text::name_key(&figure.name);
                if self
                    .figures
                    .iter()
                    .any(|f| crate::text::name_key(&f.name) == key)
                {
                    return reject(format!("a figure is already named {:?}", figure.name));
                }
                self.free_hex(&Pose::new(figure.at, figure.facing), None)?;
                scenario::check_figure(figure, self.options.cf_modifier).map_err(|problems| {
                    let all: Vec<String> = problems.into_iter().map(|p| p.message).collect();
                    Rejection(all.join("; "))
                })?;
            }
            Override::RemoveFigure { figure }
            | Override::SetMorale { figure, .. }
            | Override::Entangle { figure, .. } => {
                self.on_field(*figure)?;
            }
            Override::SetInitiative { side }
            | Override::SetFortune {
                side: Some(side), ..
            } => {
                if side.0 >= self.sides.len() {
                    return reject(format!("there is no side {}", side.0));
                }
            }
            Override::SetFortune { side: None, .. } => {}
            Override::Reroll { reason, dice } => {
                if reason.trim().is_empty() {
                    return reject("say why the dice are re-rolled".into());
                }
                if !(1..=10).contains(dice) {
                    return reject(format!("discard 1 to 10 dice, not {dice}"));
                }
                if self.dice.is_scripted() && self.dice.scripted_left() < usize::from(*dice) {
                    return reject("the scripted dice have no faces left to discard".into());
                }
            }
        }
        Ok(())
    }

    /// The figure exists and has not been taken off the field.
    fn on_field(&self, id: FigureId) -> Result<&Figure, Rejection> {
        match self.figures.get(id.0) {
            None => Err(Rejection(format!("there is no figure {id}"))),
            Some(f)
                if f.condition.status()
                    == crate::rulesets::shakhan::rules::condition::Status::Removed =>
            {
                Err(Rejection(format!(
                    "{} has been taken off the field",
                    f.name
                )))
            }
            Some(f) => Ok(f),
        }
    }

    /// `to` is on the map, passable, and no other figure holds it.
    fn free_hex(&self, to: &Pose, moving: Option<FigureId>) -> Result<(), Rejection> {
        let (col, row) = (to.hex.col, to.hex.row);
        if !self.map.in_bounds(to.hex) {
            return Err(Rejection(format!(
                "({col}, {row}) is off the {}x{} map",
                self.map.width(),
                self.map.height()
            )));
        }
        if !self.map.is_passable(to.hex) {
            return Err(Rejection(format!("({col}, {row}) is blocked terrain")));
        }
        if let Some(f) = self.holder(to.hex, moving) {
            return Err(Rejection(format!("{} stands at ({col}, {row})", f.name)));
        }
        Ok(())
    }

    /// Apply an override's event: the only place its changes are made.
    pub(super) fn apply_override(&mut self, o: &Override) {
        match o {
            Override::SetRequisite {
                figure,
                requisite,
                value,
            } => {
                let f = &mut self.figures[figure.0];
                let mut sheet = (*f.character).clone();
                let r = &mut sheet.requisites;
                *match requisite {
                    RequisiteName::Agility => &mut r.agility,
                    RequisiteName::Strength => &mut r.strength,
                    RequisiteName::Dexterity => &mut r.dexterity,
                    RequisiteName::Constitution => &mut r.constitution,
                    RequisiteName::Willpower => &mut r.willpower,
                    RequisiteName::Vision => &mut r.vision,
                    RequisiteName::NightVision => &mut r.night_vision,
                    RequisiteName::MagicResistance => &mut r.magic_resistance,
                } = *value;
                if *requisite == RequisiteName::Willpower {
                    let mut reserves = *f.condition.reserves();
                    reserves.willpower = *value;
                    f.condition.set_reserves(reserves);
                }
                f.factors = Arc::new(derive_with(&sheet, self.tables, self.options.cf_modifier));
                f.character = Arc::new(sheet);
            }
            Override::SetReserve {
                figure,
                reserve,
                value,
            } => {
                let c = &mut self.figures[figure.0].condition;
                let mut r = *c.reserves();
                match reserve {
                    ReserveName::Bdr => r.bdr = *value,
                    ReserveName::Fpr => r.fpr = *value,
                    ReserveName::PainReserve => r.pain_reserve = *value,
                }
                c.set_reserves(r);
            }
            Override::Wound {
                figure,
                area,
                damage,
                pain,
                bleeding,
                bleeding_rounds,
            } => {
                let wound = Wound {
                    area: *area,
                    damage: *damage,
                    pain: *pain,
                    unbalanced: 0,
                    bleeding: (*bleeding > 0).then_some(Bleed {
                        per_round: *bleeding,
                        rounds: *bleeding_rounds,
                        internal: false,
                    }),
                    critical: None,
                };
                self.figures[figure.0].condition.apply_wound(&wound);
            }
            Override::Heal {
                figure,
                damage,
                pain,
                fatigue,
                stop_bleeding,
                wake,
            } => self.figures[figure.0].condition.heal(&Healing {
                damage: *damage,
                pain: *pain,
                fatigue: *fatigue,
                stop_bleeding: *stop_bleeding,
                wake: *wake,
            }),
            Override::Place { figure, to } => self.place(*figure, *to),
            Override::AddFigure { figure: spec } => {
                // Checked before the event was made: the derivation cannot fail.
                let Ok((character, factors)) =
                    scenario::check_figure(spec, self.options.cf_modifier)
                else {
                    return;
                };
                let side = self
                    .sides
                    .iter()
                    .position(|s| s.name == spec.side)
                    .unwrap_or(0);
                let id = FigureId(self.figures.len());
                self.figures.push(Figure::enter(
                    id,
                    side,
                    spec,
                    Arc::new(character),
                    Arc::new(factors),
                ));
                self.places.enter(id, self.figures[id.0].pose.hex);
                self.tramplers = super::trample::anyone_tramples(&self.figures);
            }
            Override::RemoveFigure { figure } => {
                self.figures[figure.0].condition.remove_from_field();
            }
            Override::SetMorale { figure, morale } => {
                self.figures[figure.0].condition.force_morale(*morale);
            }
            Override::SetInitiative { side } => {
                // The Referee's word stands for this round's check (16.14.2).
                self.initiative = Some(*side);
                self.initiative_held = true;
            }
            Override::SetFortune { side, fortune } => match side {
                Some(side) => self.fortune_calls[side.0] = *fortune,
                None => self.fortune_calls = [*fortune; 2],
            },
            Override::Entangle { figure, entangled } => {
                self.figures[figure.0].entangled = *entangled;
            }
            Override::Reroll { .. } => {}
        }
    }

    /// "Referee override: …". The table is not told the numbers of things
    /// it could not see: sheets, reserves, and the size of wounds and cures
    /// (16.10; docs/RULINGS.md).
    pub(super) fn describe_override(&self, o: &Override, discarded: &[u32], view: View) -> String {
        let referee = view == View::Referee;
        let name = |id: &FigureId| {
            self.figures
                .get(id.0)
                .map_or_else(|| id.to_string(), |f| f.name.clone())
        };
        let what = match o {
            Override::SetRequisite {
                figure,
                requisite,
                value,
            } if referee => format!("{} {requisite} is now {value}", possessive(&name(figure))),
            Override::SetRequisite {
                figure, requisite, ..
            } => format!("{} {requisite} changes", possessive(&name(figure))),
            Override::SetReserve {
                figure,
                reserve,
                value,
            } if referee => format!(
                "{} {} is now {value}",
                possessive(&name(figure)),
                reserve_name(*reserve)
            ),
            Override::SetReserve {
                figure, reserve, ..
            } => format!(
                "{} {} changes",
                possessive(&name(figure)),
                reserve_name(*reserve)
            ),
            Override::Wound {
                figure,
                area,
                damage,
                pain,
                bleeding,
                bleeding_rounds,
            } if referee => format!(
                "{} takes {damage} damage and {pain} pain to the {}, bleeding {bleeding} for {}",
                name(figure),
                area.name(),
                crate::words::counted(*bleeding_rounds as usize, "round")
            ),
            Override::Wound {
                figure,
                area,
                bleeding,
                ..
            } => format!(
                "{} is wounded in the {}{}",
                name(figure),
                area.name(),
                if *bleeding > 0 { " and bleeds" } else { "" }
            ),
            Override::Heal {
                figure,
                damage,
                pain,
                fatigue,
                stop_bleeding,
                wake,
            } => {
                let mut parts = Vec::new();
                if referee {
                    parts.push(format!(
                        "{damage} damage, {pain} pain and {fatigue} fatigue healed"
                    ));
                } else {
                    parts.push("is tended".to_string());
                }
                if *stop_bleeding {
                    parts.push("bleeding stopped".into());
                }
                if *wake {
                    parts.push("brought round".into());
                }
                format!("{}: {}", name(figure), parts.join(", "))
            }
            Override::Place { figure, to } => format!(
                "{} is placed at ({}, {}) facing {}",
                name(figure),
                to.hex.col,
                to.hex.row,
                to.facing
            ),
            Override::AddFigure { figure } => format!(
                "{} joins {} at ({}, {})",
                figure.name, figure.side, figure.at.col, figure.at.row
            ),
            Override::RemoveFigure { figure } => {
                format!("{} is taken off the field", name(figure))
            }
            Override::SetMorale { figure, morale } => format!("{} is {morale}", name(figure)),
            Override::Entangle {
                figure,
                entangled: true,
            } => format!("{} is tangled up in a net", name(figure)),
            Override::Entangle {
                figure,
                entangled: false,
            } => format!("{} is free of the net", name(figure)),
            Override::SetInitiative { side } => format!(
                "{} has the Initiative",
                self.sides.get(side.0).map_or("?", |s| s.name.as_str())
            ),
            Override::SetFortune { side, fortune } => {
                let who = side.map_or("each side", |s| {
                    self.sides.get(s.0).map_or("?", |s| s.name.as_str())
                });
                let how = match fortune {
                    Some(SideFortune::Winning) => "counts as winning",
                    Some(SideFortune::LosingBadly) => "counts as losing badly",
                    Some(SideFortune::Even) => "counts as neither winning nor losing",
                    None => "is judged by the scenario's morale_standing again",
                };
                format!("{who} {how} for morale (16.9.6)")
            }
            Override::Reroll { reason, .. } if referee => {
                format!("dice re-rolled ({reason}); discarded {discarded:?}")
            }
            Override::Reroll { reason, .. } => format!("dice re-rolled ({reason})"),
        };
        format!("Referee override: {what}")
    }
}

fn reserve_name(r: ReserveName) -> &'static str {
    match r {
        ReserveName::Bdr => "BDR",
        ReserveName::Fpr => "FPR",
        ReserveName::PainReserve => "Pain Reserve",
    }
}
