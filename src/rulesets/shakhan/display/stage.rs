//! Shakhàn's battle as the map sees it.

use crate::hex::{Hex, HexMap};
use crate::rulesets::shakhan::engine::{Battle, Figure, Prompt};
use crate::rulesets::shakhan::rules::character::MissileSource;
use crate::rulesets::shakhan::rules::condition::{Life, Withdrawal};
use crate::rulesets::shakhan::rules::tables::tables;
use crate::tui::map::{Focus, Piece, Scene, Stage, State};

impl Stage for Battle {
    fn scene(&self, focus: Focus) -> Scene<'_> {
        let map = self.map();
        let mut scene = Scene {
            map,
            pieces: self.figures().iter().map(|f| piece(self, f)).collect(),
            strike_zone: Vec::new(),
            missile_zone: Vec::new(),
            threats: Vec::new(),
        };
        // A selection not of this battle (a stale view) selects nothing.
        let selected = focus.selected.and_then(|i| self.figures().get(i));
        if let Some(f) = selected {
            scene.strike_zone = strike_zone(map, f).collect();
            let range = missile_range(map, f);
            if range > 0 {
                scene.missile_zone = map
                    .missile_zone(f.pose, range, f.character.missile_zone)
                    .collect();
            }
        }
        if focus.threats
            && let Some(side) = selected.map(|f| f.side).or_else(|| waiting_side(self))
        {
            for e in self.figures().iter().filter(|e| e.side != side) {
                scene.threats.extend(strike_zone(map, e));
            }
        }
        scene
    }
}

fn piece<'a>(battle: &'a Battle, f: &'a Figure) -> Piece<'a> {
    let cond = &f.condition;
    let state = match cond.life() {
        Life::Dead => State::Dead,
        Life::Unconscious { .. } | Life::Coma => State::Unconscious,
        Life::Active if cond.is_incapacitated() => State::Unconscious,
        Life::Active if cond.withdrawn().is_some() => State::Yielded,
        Life::Active if cond.is_prone() => State::Prone,
        Life::Active => State::Active,
    };
    Piece {
        name: &f.name,
        hexes: vec![f.pose.hex],
        facing: f.pose.facing,
        colour: battle.sides().get(f.side).map(|s| s.colour),
        state,
        out: cond.is_out(),
        gone: cond.withdrawn() == Some(Withdrawal::Fled),
        occupies: f.occupies(),
        engaged: engaged(battle, f),
    }
}

/// Whether the figure can strike at all now: in the fight, standing, armed.
fn can_strike(f: &Figure) -> bool {
    !f.condition.is_out() && !f.condition.is_prone() && f.reach() > 0
}

/// Shakhàn 16.10.2: the hexes a figure able to strike can strike into, as
/// the engine decides who may strike whom (front arc, `Figure::reach`).
fn strike_zone<'m>(map: &'m HexMap, f: &Figure) -> impl Iterator<Item = Hex> + 'm {
    let reach = if can_strike(f) { f.reach() } else { 0 };
    map.strike_zone(f.pose, reach, f.character.strike_zone)
}

fn in_strike_zone(map: &HexMap, f: &Figure, hex: Hex) -> bool {
    can_strike(f) && map.in_strike_zone(f.pose, f.reach(), f.character.strike_zone, hex)
}

/// Engaged: in the fight, with an enemy in its Strike Zone or standing in
/// an enemy's.
fn engaged(battle: &Battle, f: &Figure) -> bool {
    let map = battle.map();
    !f.condition.is_out()
        && battle.figures().iter().any(|e| {
            e.side != f.side
                && !e.condition.is_out()
                && (in_strike_zone(map, e, f.pose.hex) || in_strike_zone(map, f, e.pose.hex))
        })
}

/// Shakhàn 16.10.3: the longest normal maximum range (16.15.14) of the
/// missiles the figure still has, in whole hexes of the map.
fn missile_range(map: &HexMap, f: &Figure) -> u32 {
    let t = &tables().weapons;
    let strength = u32::try_from(f.character.requisites.strength).unwrap_or(0);
    let metres = f
        .character
        .missile_weapons
        .iter()
        .filter(|m| m.ammunition > 0)
        .map(|m| match m.source {
            MissileSource::Launcher(k) => t.missile(k).max_range_m,
            MissileSource::Thrown(k) => {
                t.melee(k).thrown.map_or(0.0, |th| th.max_range_m(strength))
            }
        })
        .fold(0.0, f64::max);
    // Ranges are tens of metres and hexes at least one metre: no overflow.
    (metres / map.scale().metres_per_hex()).floor() as u32
}

/// The side the engine is waiting on, whose enemies the threat overlay
/// counts when nobody is selected.
fn waiting_side(battle: &Battle) -> Option<usize> {
    match battle.prompt() {
        Prompt::Orders { side }
        | Prompt::MovementPriority { side }
        | Prompt::Movement { side, .. } => Some(side.0),
        Prompt::RaiseShield { defender, .. }
        | Prompt::MidAction { defender, .. }
        | Prompt::Dodge { defender, .. }
        | Prompt::DodgeBlow { defender, .. }
        | Prompt::FigureMovement {
            figure: defender, ..
        } => Some(battle.figure(defender).side),
        Prompt::DivineIntervention | Prompt::Pairings | Prompt::Finished { .. } => None,
    }
}
