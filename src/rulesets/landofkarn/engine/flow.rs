//! The Combat Melee Quick Chart as the battle's flow: initiative, the
//! winner's attacks, the defender's answer, the winner's defence, roll and
//! compare, damage at the end of the melee, start over. Every command is
//! checked whole before its first event.

use super::apply::standing_at;
use super::command::{Act, Command, Cover, Part, Plan, Slot};
use super::event::{Event, Modifier, PlanStep, Wound};
use super::prompt::Prompt;
use super::state::{Battle, Grip, Step};
use crate::rulesets::landofkarn::rules::actions::splits_one_action;
use crate::rulesets::landofkarn::rules::roll::{D20, Total, initiative_winner};
use crate::rulesets::landofkarn::rules::tables::{Fumble, Weapon};
use crate::rulesets::landofkarn::rules::terms::Share;
use crate::seam::{FigureId, Rejection, SideId};

fn refuse<T>(why: String) -> Result<T, Rejection> {
    Err(Rejection(why))
}

impl Battle {
    pub(super) fn ask(&self) -> Prompt {
        let (w, d) = (self.current.winner, self.current.defender);
        match (&self.step, w, d) {
            (Step::Initiative { forfeits }, _, _) => forfeits
                .iter()
                .position(Option::is_none)
                .map_or(Prompt::Over, |i| Prompt::Initiative {
                    figure: self.current.pair[i],
                }),
            (Step::Attack, Some(figure), Some(opponent)) => Prompt::Attack { figure, opponent },
            (Step::Defend, Some(w), Some(figure)) => Prompt::Defend {
                figure,
                opponent: w,
            },
            (Step::Answer, Some(figure), Some(opponent)) => Prompt::Answer { figure, opponent },
            _ => Prompt::Over,
        }
    }

    /// Check `command` against the prompt and the rules; `Ok` means it
    /// will be played whole.
    pub fn check(&self, command: &Command) -> Result<(), Rejection> {
        let prompt = self.ask();
        match (command, &prompt) {
            (Command::Initiative { figure, .. }, Prompt::Initiative { figure: f })
                if figure == f =>
            {
                Ok(())
            }
            (Command::Attack { figure, plan }, Prompt::Attack { figure: f, .. }) if figure == f => {
                self.check_plan(*figure, plan, PlanStep::Attack)
            }
            (Command::Defend { figure, plan }, Prompt::Defend { figure: f, .. }) if figure == f => {
                self.check_plan(*figure, plan, PlanStep::Defend)
            }
            (Command::Answer { figure, covers }, Prompt::Answer { figure: f, .. })
                if figure == f =>
            {
                self.check_covers(covers)
            }
            (_, Prompt::Over) => refuse("the battle is over".into()),
            _ => refuse(format!(
                "that is not the answer asked for: {}",
                self.asked(&prompt)
            )),
        }
    }

    fn asked(&self, prompt: &Prompt) -> String {
        let name = |f: &FigureId| self.figures[f.0].name().to_string();
        match prompt {
            Prompt::Initiative { figure } => {
                format!("{} rolls for initiative or forfeits", name(figure))
            }
            Prompt::Attack { figure, .. } => {
                format!("{} chooses its attacks (step 2)", name(figure))
            }
            Prompt::Defend { figure, .. } => {
                format!("{} chooses its defences (step 3)", name(figure))
            }
            Prompt::Answer { figure, .. } => {
                format!("{} chooses its defences (step 4)", name(figure))
            }
            Prompt::Over => "nothing: the battle is over".into(),
        }
    }

    /// "Splitting Actions", steps 2 and 3: a plan's shape and acts.
    fn check_plan(&self, figure: FigureId, plan: &Plan, step: PlanStep) -> Result<(), Rejection> {
        let fig = &self.figures[figure.0];
        let who = fig.name();
        if plan.0.len() > usize::from(fig.spec.actions) {
            return refuse(format!(
                "{who} has {} full actions; the plan has {}",
                fig.spec.actions,
                plan.0.len()
            ));
        }
        for (i, action) in plan.0.iter().enumerate() {
            let shares: Vec<Share> = action.0.iter().map(|p| p.share).collect();
            if !splits_one_action(&shares) {
                return refuse(format!(
                    "action {} is split as {}: a full action is one full part, two halves, four \
                     quarters, or a half and two quarters",
                    i + 1,
                    shares
                        .iter()
                        .map(|s| s.word())
                        .collect::<Vec<_>>()
                        .join(", ")
                ));
            }
        }
        match step {
            PlanStep::Attack => {
                if let Some((_, p)) = plan
                    .parts()
                    .find(|(_, p)| !matches!(p.act, Act::Strike { .. } | Act::Save | Act::Idle))
                {
                    return refuse(format!(
                        "in step 2 the winner strikes, saves an action for defence or leaves it; \
                         {:?} answers nothing yet",
                        p.act
                    ));
                }
            }
            PlanStep::Defend => {
                let strikes = self.current.attack.strikes().len();
                if plan.dodges() {
                    let alone = plan.0.len() == 1
                        && plan.0[0].0
                            == [Part {
                                share: Share::Full,
                                act: Act::Dodge,
                            }];
                    if !alone {
                        return refuse(
                            "a dodge uses all the defender's actions: give it alone, as one full action"
                                .into(),
                        );
                    }
                }
                let mut parried = vec![false; strikes];
                for (_, p) in plan.parts() {
                    match p.act {
                        Act::Parry { against } if against >= strikes => {
                            return refuse(format!(
                                "there is no strike {} to parry: the winner strikes {strikes} time(s)",
                                against + 1
                            ));
                        }
                        Act::Parry { against } if parried[against] => {
                            return refuse(format!(
                                "strike {} is parried twice: one defence per attack",
                                against + 1
                            ));
                        }
                        Act::Parry { against } => parried[against] = true,
                        Act::Counter { .. } if !fig.spec.counterstrike => {
                            return refuse(format!(
                                "{who} has not the Counterstrike skill: defend, or leave the action"
                            ));
                        }
                        Act::Strike { .. } | Act::Save => {
                            return refuse(
                                "the defender parries, dodges or counterattacks; it does not \
                                 strike first or save actions"
                                    .into(),
                            );
                        }
                        _ => {}
                    }
                }
            }
        }
        Ok(())
    }

    /// Step 4: each cover a saved action or a cancelled attack, used once,
    /// against a counterattack, each defended once.
    fn check_covers(&self, covers: &[Cover]) -> Result<(), Rejection> {
        let counters = self.current.defence.strikes().len();
        let mut slots: Vec<Slot> = Vec::new();
        let mut against: Vec<usize> = Vec::new();
        for c in covers {
            match self.current.attack.part(c.slot).map(|p| p.act) {
                Some(Act::Save | Act::Strike { .. }) => {}
                Some(_) => {
                    return refuse(format!(
                        "action {} part {} is neither a saved action nor an attack to cancel",
                        c.slot.action + 1,
                        c.slot.part + 1
                    ));
                }
                None => {
                    return refuse(format!(
                        "the plan has no action {} part {}",
                        c.slot.action + 1,
                        c.slot.part + 1
                    ));
                }
            }
            if c.against >= counters {
                return refuse(format!(
                    "there is no counterattack {}: the defender makes {counters}",
                    c.against + 1
                ));
            }
            if slots.contains(&c.slot) {
                return refuse("one part of an action cannot defend twice".into());
            }
            if against.contains(&c.against) {
                return refuse(format!(
                    "counterattack {} is defended twice: one defence per attack",
                    c.against + 1
                ));
            }
            slots.push(c.slot);
            against.push(c.against);
        }
        Ok(())
    }

    /// Play a checked command.
    pub(super) fn play(&mut self, command: Command) {
        match command {
            Command::Initiative { figure, forfeit } => {
                self.emit(Event::Chooses { figure, forfeit });
                if matches!(&self.step, Step::Initiative { forfeits } if forfeits.iter().all(Option::is_some))
                {
                    self.initiative();
                }
            }
            Command::Attack { figure, plan } => self.emit(Event::Planned {
                figure,
                step: PlanStep::Attack,
                plan,
            }),
            Command::Defend { figure, plan } => {
                let counters = !plan.strikes().is_empty();
                self.emit(Event::Planned {
                    figure,
                    step: PlanStep::Defend,
                    plan,
                });
                if !counters {
                    self.resolve();
                }
            }
            Command::Answer { figure, covers } => {
                let saved = covers
                    .iter()
                    .map(|c| self.current.attack.part(c.slot).map(|p| p.act) == Some(Act::Save))
                    .collect();
                self.emit(Event::Covered {
                    figure,
                    covers,
                    saved,
                });
                self.resolve();
            }
        }
    }

    /// Modifiers every roll of `figure` takes now: "Bad Miss", "All Turned
    /// Around", lasting penalties.
    pub(super) fn penalties(
        &self,
        figure: FigureId,
        into: &mut Vec<Modifier>,
        spent: &mut Vec<FigureId>,
    ) {
        let fig = &self.figures[figure.0];
        if fig.next_action != 0 {
            into.push(Modifier {
                what: "bad miss",
                value: fig.next_action,
            });
            spent.push(figure);
        }
        if fig.turned_through >= self.melee {
            into.push(Modifier {
                what: "all turned around",
                value: -1,
            });
        }
        if fig.combat != 0 {
            into.push(Modifier {
                what: "lasting injury",
                value: fig.combat,
            });
        }
    }

    /// Step 1: every figure that did not forfeit rolls d20 + bonus; ties go to
    /// ALT, then those still tied roll again.
    fn initiative(&mut self) {
        let Step::Initiative { forfeits } = self.step.clone() else {
            return;
        };
        let pair = self.current.pair.clone();
        let mut rolling: Vec<usize> = (0..pair.len())
            .filter(|&i| forfeits[i] == Some(false))
            .collect();
        let mut reroll = false;
        let mut by_alt = false;
        let winner = loop {
            let mut rolls = Vec::new();
            let mut totals = Vec::new();
            for (i, &f) in pair.iter().enumerate() {
                let fig = &self.figures[f.0];
                let roll = rolling.contains(&i).then(|| {
                    let turned = if fig.turned_through >= self.melee {
                        -1
                    } else {
                        0
                    };
                    D20 {
                        face: self.dice.roll(20) as u8,
                        share: Share::Full,
                        modifier: fig.spec.initiative.0 + turned,
                    }
                });
                let total = roll.map_or(Total::NegInf, D20::total);
                if !reroll || roll.is_some() {
                    rolls.push((f, roll, total));
                }
                totals.push((roll.map(|_| total), fig.spec.alt));
            }
            self.emit(Event::InitiativeRolled { rolls, reroll });
            let best = totals.iter().filter_map(|t| t.0).max();
            let top = totals
                .iter()
                .filter(|t| t.0.is_some() && t.0 == best)
                .count();
            match initiative_winner(&totals) {
                Ok(w) => {
                    by_alt = by_alt || (top > 1 && w.is_some());
                    break w;
                }
                Err(tied) => {
                    rolling = tied;
                    reroll = true;
                }
            }
        };
        let winner = winner.map(|i| pair[i]);
        let defender = winner.and_then(|w| pair.iter().copied().find(|f| *f != w));
        self.emit(Event::Leads {
            winner,
            defender,
            by_alt,
        });
        if winner.is_none() {
            self.end_melee();
        }
    }

    /// The weapon `figure` strikes with now.
    pub(super) fn weapon(&self, figure: FigureId) -> Weapon {
        let fig = &self.figures[figure.0];
        match (fig.grip, fig.spec.weapons.first()) {
            (Grip::Flung, _) | (_, None) => self.spec.fists().clone(),
            (_, Some(w)) => w.clone(),
        }
    }

    /// Step 5: the actions rolled in order, the winner's first full action
    /// then the defender's, and so on; then step 6.
    fn resolve(&mut self) {
        let (Some(w), Some(d)) = (self.current.winner, self.current.defender) else {
            return;
        };
        let n = self
            .current
            .attack
            .0
            .len()
            .max(self.current.defence.0.len());
        for i in 0..n {
            self.act(w, d, i, true);
            self.act(d, w, i, false);
        }
        self.end_melee();
    }

    /// One figure's full action `i` of this melee.
    fn act(&mut self, figure: FigureId, opponent: FigureId, i: usize, winner: bool) {
        let plan = if winner {
            &self.current.attack
        } else {
            &self.current.defence
        };
        let Some(action) = plan.0.get(i).cloned() else {
            return;
        };
        let strikes = plan.strikes();
        let strikes_here = action
            .0
            .iter()
            .any(|p| matches!(p.act, Act::Strike { .. } | Act::Counter { .. }));
        // "Dropped Weapon": the rule lets a later action pick it up.
        if strikes_here && self.figures[figure.0].grip == Grip::Dropped {
            self.emit(Event::PicksUp { figure, action: i });
            return;
        }
        let mut lost: Option<&'static str> = None;
        for (p, part) in action.0.iter().enumerate() {
            let slot = Slot { action: i, part: p };
            let called = match part.act {
                Act::Strike { called } | Act::Counter { called } => called,
                _ => continue,
            };
            if let Some(why) = lost {
                self.emit(Event::Lost {
                    figure,
                    action: i,
                    part: p,
                    why,
                });
                continue;
            }
            let index = strikes.iter().position(|s| *s == slot).unwrap_or(0);
            if winner && self.current.covers.iter().any(|c| c.slot == slot) {
                let parried = self
                    .current
                    .defence
                    .parts()
                    .any(|(_, d)| d.act == Act::Parry { against: index });
                self.emit(Event::Feint {
                    figure,
                    strike: index,
                    parried,
                });
                continue;
            }
            if self.figures[figure.0].grip == Grip::Flung && self.flung_this_melee(figure) {
                self.emit(Event::Lost {
                    figure,
                    action: i,
                    part: p,
                    why: "its weapon was flung away",
                });
                continue;
            }
            let fumble = self.strike(figure, opponent, part.share, called, winner, index);
            match fumble {
                Some(Fumble::DroppedWeapon) => lost = Some("befuddled, its weapon at its feet"),
                Some(Fumble::FlungWeapon) => lost = Some("its weapon was flung away"),
                _ => {}
            }
        }
    }

    fn flung_this_melee(&self, figure: FigureId) -> bool {
        self.events
            .iter().rev().take_while(|e| !matches!(e, Event::MeleeBegins { .. })).any(|e| {
            matches!(e, Event::Fumbled(f) if f.figure == figure && f.fumble == Fumble::FlungWeapon)
        })
    }

    /// Step 6: the melee's damage taken, who falls; step 7: over, or the
    /// next melee.
    pub(super) fn end_melee(&mut self) {
        let wounds: Vec<Wound> = self
            .figures
            .iter()
            .enumerate()
            .filter(|(_, f)| f.pending_hp != 0 || f.pending_sp != 0 || f.pending_combat != 0)
            .map(|(i, f)| Wound {
                figure: FigureId(i),
                hp: f.pending_hp,
                sp: f.pending_sp,
                combat: f.pending_combat,
                hp_left: f.hp.0 - f.pending_hp,
                sp_left: f.sp.0 - f.pending_sp,
                standing: if f.is_up() {
                    standing_at(f.hp.0 - f.pending_hp, f.sp.0 - f.pending_sp)
                } else {
                    f.standing
                },
            })
            .collect();
        self.emit(Event::MeleeEnds {
            melee: self.melee,
            wounds,
        });
        let sides: Vec<SideId> = {
            let mut s: Vec<SideId> = self
                .figures
                .iter()
                .filter(|f| f.is_up())
                .map(|f| f.spec.side)
                .collect();
            s.dedup();
            s.sort();
            s.dedup();
            s
        };
        match sides.as_slice() {
            [] => self.emit(Event::Ends { winner: None }),
            [one] => self.emit(Event::Ends { winner: Some(*one) }),
            _ => {
                let pair = self.pairing();
                self.emit(Event::MeleeBegins {
                    melee: self.melee + 1,
                    pair,
                });
            }
        }
    }

    /// "Combat Pairings": this slice plays the one pairing of every figure
    /// standing.
    pub(super) fn pairing(&self) -> Vec<FigureId> {
        (0..self.figures.len())
            .filter(|&i| self.figures[i].is_up())
            .map(FigureId)
            .collect()
    }
}
