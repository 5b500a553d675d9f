//! DragonQuest 19: the Pulse — Initiative for the non-engaged, engagements
//! ordered by Initiative Value, then the sides' non-engaged figures — and
//! the automatic steps between prompts (Stun recovery, lost turns, the end).

use std::collections::BTreeMap;

use super::event::{Engaged, Event};
use super::prompt::Prompt;
use super::state::{Battle, Turn};
use crate::rulesets::dragonquest::rules::damage::recovers_from_stun;
use crate::rulesets::dragonquest::rules::initiative::{engaged_order, side_initiative};
use crate::rulesets::dragonquest::rules::strike::Through;
use crate::seam::{FigureId, SideId};

impl Battle {
    /// What the battle needs next.
    pub fn prompt(&self) -> Prompt {
        if let Some(winner) = self.winner {
            return Prompt::Finished { winner };
        }
        match self.turns.front() {
            Some(Turn::Figure {
                figure, lead: true, ..
            }) => Prompt::LeadChoice { figure: *figure },
            Some(Turn::Figure { figure, .. }) => Prompt::EngagedAction { figure: *figure },
            Some(Turn::Side { side, choice: true }) => Prompt::SideChoice { side: *side },
            Some(Turn::Side { side, .. }) => Prompt::SideAction {
                side: *side,
                ready: self.ready(*side),
            },
            // `advance` always leaves a turn waiting or the battle over.
            None => Prompt::Finished { winner: None },
        }
    }

    /// 21: the side's non-engaged figures that may still choose an action
    /// this Pulse; Stunned ones act after them all (26), automatically.
    pub(super) fn ready(&self, side: SideId) -> Vec<FigureId> {
        // 22.3: a figure's second combined action comes straight after its first.
        if let Some(f) = self
            .figures
            .iter()
            .find(|f| f.side == side && f.second_action && f.can_act())
        {
            return vec![f.id];
        }
        self.figures
            .iter()
            .filter(|f| f.side == side && !f.engaged && !f.acted && f.can_act())
            .map(|f| f.id)
            .collect()
    }

    /// Run the automatic steps until someone must answer or the battle ends.
    pub(super) fn advance(&mut self) {
        while self.winner.is_none() {
            self.loosen_holds();
            if let Some(winner) = self.decided() {
                self.infection_checks();
                self.push(Event::BattleEnded { winner });
                return;
            }
            match self.turns.front().cloned() {
                None => self.begin_pulse(),
                Some(Turn::Figure { figure, .. }) => {
                    let f = self.figure(figure);
                    if !f.is_up() || f.acted || f.restrained_by.is_some() {
                        self.push(Event::TurnLost { figure });
                    } else if f.stunned {
                        self.recover(figure);
                    } else {
                        return;
                    }
                }
                Some(Turn::Side { side, choice }) => {
                    if choice || !self.ready(side).is_empty() {
                        return;
                    }
                    let stunned = self
                        .figures
                        .iter()
                        .find(|f| {
                            f.side == side
                                && !f.engaged
                                && !f.acted
                                && f.is_up()
                                && f.restrained_by.is_none()
                        })
                        .map(|f| f.id);
                    match stunned {
                        Some(figure) => self.recover(figure),
                        None => self.push(Event::SideDone { side }),
                    }
                }
            }
        }
    }

    /// The fight is over when no more than one side has a figure up.
    pub(super) fn decided(&self) -> Option<Option<SideId>> {
        let mut up = self.figures.iter().filter(|f| f.is_up()).map(|f| f.side);
        let first = up.next();
        match first {
            None => Some(None),
            Some(s) if up.all(|o| o == s) => Some(Some(s)),
            Some(_) => None,
        }
    }

    /// 26: a Stunned figure's turn: the recovery roll, D100 at or under
    /// WP × 2 + current Fatigue.
    fn recover(&mut self, figure: FigureId) {
        let f = self.figure(figure);
        let (wp, fatigue) = (f.wp, f.fatigue);
        let roll = self.dice.d100();
        self.push(Event::StunRecovery {
            figure,
            roll,
            needed: 2 * u32::from(wp) + fatigue,
            recovered: recovers_from_stun(wp, fatigue, roll.value()),
        });
    }

    /// 19: a new Pulse: engagements (19.4), the Initiative roll of the sides
    /// (19.2, not in a free Pulse of surprise, 18.1), then the turns.
    fn begin_pulse(&mut self) {
        let free_for = self.surprise;
        self.push(Event::PulseBegan {
            pulse: self.pulse + 1,
            free_for,
        });
        self.bleed();
        if self.decided().is_some() {
            return;
        }
        let mut engagements = self.engagements();
        let engaged: Vec<FigureId> = engagements.iter().flatten().map(|e| e.figure).collect();
        let winner = match free_for {
            Some(side) => Some(side),
            None => self.roll_initiative(&engaged),
        };
        if free_for.is_none() {
            self.push(Event::InitiativeWon { side: winner });
        }
        let mut sides: Vec<SideId> = (0..self.sides.len())
            .map(SideId)
            .filter(|&s| {
                self.figures
                    .iter()
                    .any(|f| f.side == s && f.is_up() && !engaged.contains(&f.id))
            })
            .collect();
        if let Some(w) = winner {
            sides.sort_by_key(|&s| s != w);
        }
        if let Some(side) = free_for {
            sides.retain(|&s| s == side);
            for e in &mut engagements {
                e.retain(|g| self.figure(g.figure).side == side);
            }
            engagements.retain(|e| !e.is_empty());
        }
        self.push(Event::TurnsSet { engagements, sides });
    }

    /// 19.4: figures in adjacent hexes or one hex with an enemy that is up,
    /// grouped by who touches whom (the GM's judgement of intent is left to
    /// the players' choice of targets, docs/RULINGS.md); each group in 19.3's
    /// order. Groups come in the order of their first figure.
    fn engagements(&self) -> Vec<Vec<Engaged>> {
        let n = self.figures.len();
        let mut group: Vec<usize> = (0..n).collect();
        fn root(g: &mut [usize], mut i: usize) -> usize {
            while g[i] != i {
                g[i] = g[g[i]];
                i = g[i];
            }
            i
        }
        let mut engaged = vec![false; n];
        // The figures that are up by the columns their bodies span, leftmost
        // first: two touch only when their columns come within one of each
        // other, so each is measured only against those that follow it that
        // closely (issue 19: no pair of figures far apart is looked at).
        let mut spans: Vec<(i32, i32, usize)> = (self.figures.iter())
            .filter(|f| f.is_up())
            .map(|f| {
                let cols = f.hexes().map(|h| h.col);
                let (first, last) = (cols.clone().min(), cols.max());
                (first.unwrap_or(0), last.unwrap_or(0), f.id.0)
            })
            .collect();
        spans.sort_unstable();
        for (k, &(_, last, i)) in spans.iter().enumerate() {
            let a = &self.figures[i];
            for &(first, _, j) in spans[k + 1..].iter() {
                if first > last.saturating_add(1) {
                    break;
                }
                let b = &self.figures[j];
                if a.side != b.side && a.distance_to(b) <= 1 {
                    engaged[i] = true;
                    engaged[j] = true;
                    // The root is the lowest figure of the group, whatever
                    // order the pairs come in.
                    let (ra, rb) = (root(&mut group, i), root(&mut group, j));
                    group[ra.max(rb)] = ra.min(rb);
                }
            }
        }
        let mut groups: BTreeMap<usize, Vec<FigureId>> = BTreeMap::new();
        for i in (0..n).filter(|&i| engaged[i]) {
            let r = root(&mut group, i);
            groups.entry(r).or_default().push(FigureId(i));
        }
        groups
            .into_values()
            .map(|members| {
                let values: Vec<_> = members
                    .iter()
                    .map(|&id| {
                        let f = self.figure(id);
                        let rear = members.iter().any(|&o| {
                            let g = self.figure(o);
                            g.side != f.side
                                && g.is_up()
                                && f.through_from(g.nearest_hex(f.pose.hex)) == Through::Rear
                        });
                        (f.initiative_value(), f.stunned || rear)
                    })
                    .collect();
                engaged_order(&values)
                    .into_iter()
                    .map(|i| Engaged {
                        figure: members[i],
                        value: values[i].0,
                        last: values[i].1,
                    })
                    .collect()
            })
            .collect()
    }

    /// 19.2: each side with a non-engaged figure able to roll rolls D10 + PC
    /// (+ Military Scientist Rank for the Leader himself); ties re-roll. A
    /// side alone in rolling wins unopposed; none rolling, no one wins.
    fn roll_initiative(&mut self, engaged: &[FigureId]) -> Option<SideId> {
        let rollers: Vec<(SideId, FigureId, bool)> = (0..self.sides.len())
            .filter_map(|s| self.roller(SideId(s), engaged))
            .collect();
        if rollers.len() < 2 {
            return rollers.first().map(|r| r.0);
        }
        loop {
            let mut best: Vec<(SideId, i32)> = Vec::new();
            for &(side, roller, leader) in &rollers {
                let d10 = self.dice.roll(10) as u8;
                let mil_sci = if leader {
                    self.sides[side.0].military_scientist
                } else {
                    None
                };
                let total = side_initiative(d10, self.figure(roller).pc, mil_sci);
                self.push(Event::InitiativeRolled {
                    side,
                    roller,
                    d10,
                    total,
                    leader,
                });
                best.push((side, total));
            }
            let top = best.iter().map(|b| b.1).max().unwrap_or(0);
            let winners: Vec<SideId> = best.iter().filter(|b| b.1 == top).map(|b| b.0).collect();
            if let [w] = winners[..] {
                return Some(w);
            }
        }
    }

    /// 19.2: who rolls for a side: its Leader if he is up, unstunned and not
    /// engaged; else the able non-engaged figure with the best Perception
    /// (the first listed on a tie; docs/RULINGS.md).
    fn roller(&self, side: SideId, engaged: &[FigureId]) -> Option<(SideId, FigureId, bool)> {
        let able = |id: FigureId| {
            let f = self.figure(id);
            f.side == side && f.can_act() && !engaged.contains(&id)
        };
        if let Some(l) = self.sides[side.0].leader.map(FigureId) {
            if able(l) {
                return Some((side, l, true));
            }
        }
        self.figures
            .iter()
            .filter(|f| able(f.id))
            .min_by_key(|f| (std::cmp::Reverse(f.pc), f.id))
            .map(|f| (side, f.id, false))
    }
}
