//! A DragonQuest battle's spec (`crate::rulesets::dragonquest::spec`)
//! checked once and turned into the engine's figures.

use super::state::{Figure, Held, HeldShield, ItemState};
use crate::hex::MOST_BODY_HEXES;
use crate::rulesets::dragonquest::rules::damage::Standing;
use crate::rulesets::dragonquest::rules::tables::tables;
use crate::rulesets::dragonquest::rules::tables::weapons::Hands;
use crate::rulesets::dragonquest::spec::{BattleSpec, FigureSpec, SpecError, err};
use crate::seam::{FigureId, SideId};

impl BattleSpec {
    /// Check every figure against the tables, the map and each other, and
    /// make the figures' battle state.
    pub fn check(&self) -> Result<Vec<Figure>, SpecError> {
        if self.sides.len() < 2 {
            return err(
                "sides",
                format!(
                    "a battle needs two sides or more; this one has {}",
                    self.sides.len()
                ),
            );
        }
        if let Some(SideId(s)) = self.surprise {
            if s >= self.sides.len() {
                return err("surprise", format!("there is no side #{s}"));
            }
        }
        for (i, side) in self.sides.iter().enumerate() {
            if let Some(l) = side.leader {
                if self.figures.get(l).map(|f| f.side) != Some(SideId(i)) {
                    return err(
                        format!("side {}", side.name),
                        format!("its leader #{l} is not one of its figures"),
                    );
                }
            }
        }
        let mut figures = Vec::with_capacity(self.figures.len());
        for (i, f) in self.figures.iter().enumerate() {
            figures.push(self.figure(i, f)?);
        }
        Ok(figures)
    }

    fn figure(&self, i: usize, f: &FigureSpec) -> Result<Figure, SpecError> {
        let t = tables();
        let who = format!("figure {} ({})", i, f.name);
        if f.side.0 >= self.sides.len() {
            return err(who, format!("there is no side #{}", f.side.0));
        }
        if !(1..=MOST_BODY_HEXES).contains(&f.size) {
            return err(
                who,
                format!("its size is {}; 1 to {MOST_BODY_HEXES} hexes", f.size),
            );
        }
        if !f.pose.body(f.size).all(|h| self.map.is_passable(h)) {
            return err(who, "it stands off the map or in a blocked hex");
        }
        if let Some(j) = self.figures[..i].iter().position(|g| {
            g.pose
                .body(g.size)
                .any(|h| f.pose.body(f.size).any(|m| m == h))
        }) {
            return err(
                who,
                format!("it stands in the hex of figure {j}; place it elsewhere"),
            );
        }
        if f.endurance == 0 {
            return err(who, "its Endurance is 0 (it would begin dead)");
        }
        let armour = match &f.armour {
            None => None,
            Some(name) => match t.armour.armour.iter().position(|a| &a.name == name) {
                Some(a) => Some(a),
                None => return err(who, format!("there is no armour \"{name}\" in 25.1")),
            },
        };
        let shield = match &f.shield {
            None => None,
            Some(s) => match t.armour.shields.iter().position(|r| r.name == s.name) {
                Some(index) => Some(HeldShield {
                    index,
                    rank: s.rank,
                    prepared: s.prepared,
                    state: ItemState::Carried,
                }),
                None => return err(who, format!("there is no shield \"{}\" in 24.5", s.name)),
            },
        };
        let mut weapons = Vec::with_capacity(f.weapons.len());
        for w in &f.weapons {
            let Some(id) = t.weapons.id(&w.name) else {
                return err(who, format!("there is no weapon \"{}\" in 27.2", w.name));
            };
            if t.weapons.get(id).dm.value().is_none() {
                return err(
                    who,
                    format!(
                        "the {}'s damage depends on what it holds, which this engine does not model yet",
                        w.name
                    ),
                );
            }
            weapons.push(Held {
                weapon: id,
                rank: w.rank,
                two_handed: w.two_handed || t.weapons.get(id).hands == Hands::Two,
                state: ItemState::Carried,
                loaded: w.loaded,
                loading: 0,
            });
        }
        let mut hands = 0usize;
        for (n, &p) in f.prepared.iter().enumerate() {
            let Some(w) = weapons.get(p) else {
                return err(
                    who,
                    format!("it prepares weapon {p}, which it does not carry"),
                );
            };
            if f.prepared[..n].contains(&p) {
                return err(who, format!("it prepares weapon {p} twice"));
            }
            hands = hands.saturating_add(if w.two_handed { 2 } else { 1 });
        }
        hands += usize::from(shield.as_ref().is_some_and(|s| s.prepared));
        if hands > 2 {
            return err(
                who,
                "it holds more than two hands can (27: two one-handed weapons, or one two-handed, a prepared shield taking a hand)",
            );
        }
        let fatigue = u32::from(f.fatigue.saturating_sub(f.fatigue_lost));
        Ok(Figure {
            id: FigureId(i),
            name: f.name.clone(),
            side: f.side,
            pose: f.pose,
            size: f.size,
            mount: f.mount.clone(),
            momentum: false,
            ps: f.ps,
            md: f.md,
            ag: f.ag,
            pc: f.pc,
            wp: f.wp,
            endurance_max: f.endurance,
            fatigue_max: f.fatigue,
            tmr: f.tmr,
            carried_ag_loss: f.carried_ag_loss,
            fatigue,
            endurance: u32::from(f.endurance),
            standing: Standing::Conscious,
            stunned: false,
            prone: false,
            routed: false,
            weapons,
            hands: f.prepared.clone(),
            unarmed_rank: f.unarmed_rank,
            shield,
            armour,
            protection: armour.map_or(0, |a| t.armour.armour[a].protection),
            ag_loss: 0,
            md_loss: 0,
            tmr_loss: 0,
            missile_bc_loss: 0,
            monster: f.monster,
            lodged: Vec::new(),
            action: None,
            moving: false,
            acted: false,
            engaged: false,
            must_pass: false,
            injuries: Vec::new(),
            impairments: Vec::new(),
            bleeding: Vec::new(),
            entangled: 0,
            restrained_by: None,
            combining: false,
            second_action: false,
            wounded: false,
            infection_risks: Vec::new(),
            infected: false,
        })
    }
}
