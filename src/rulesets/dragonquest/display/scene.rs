//! DragonQuest's battle as the map sees it: a figure's front hexes are its
//! Melee Zone (16), its Ranged Zone the front fan out to its prepared
//! Ranged weapon's range (21.7).

use crate::hex::{Hex, ZoneShape};
use crate::rulesets::dragonquest::engine::{Battle, Figure, Prompt};
use crate::rulesets::dragonquest::rules::damage::Standing;
use crate::rulesets::dragonquest::rules::tables::weapons::Range;
use crate::scenario::SideColour;
use crate::tui::map::{Focus, Piece, Scene, Stage, State};

/// A DragonQuest battle with its sides' colours (the scenario's, which the
/// battle does not keep).
#[derive(Debug, Clone, Copy)]
pub struct Table<'a> {
    pub battle: &'a Battle,
    pub colours: &'a [SideColour],
}

impl Stage for Table<'_> {
    fn scene(&self, focus: Focus) -> Scene<'_> {
        let b = self.battle;
        let mut scene = Scene {
            map: b.map(),
            pieces: b.figures().iter().map(|f| self.piece(f)).collect(),
            strike_zone: Vec::new(),
            missile_zone: Vec::new(),
            threats: Vec::new(),
        };
        let selected = focus.selected.and_then(|i| b.figures().get(i));
        if let Some(f) = selected {
            scene.strike_zone = melee_zone(f).collect();
            let range = ranged_reach(f);
            if range > 0 {
                scene.missile_zone = b
                    .map()
                    .missile_zone(f.pose, range, ZoneShape::Front)
                    .collect();
            }
        }
        let side = selected.map(|f| f.side).or_else(|| asked_side(b));
        if focus.threats
            && let Some(side) = side
        {
            for e in b.figures().iter().filter(|e| e.side != side) {
                scene.threats.extend(melee_zone(e));
            }
        }
        scene
    }
}

impl Table<'_> {
    fn piece<'b>(&'b self, f: &'b Figure) -> Piece<'b> {
        let state = match f.standing {
            Standing::Dead => State::Dead,
            Standing::Unconscious => State::Unconscious,
            Standing::Conscious if f.routed => State::Yielded,
            // 23.5 Restrain: pinned, incapacitated until the hold breaks.
            Standing::Conscious if f.restrained_by.is_some() => State::Unconscious,
            Standing::Conscious if f.stunned => State::Stunned,
            Standing::Conscious if f.prone => State::Prone,
            Standing::Conscious => State::Active,
        };
        Piece {
            name: &f.name,
            // 29: a monster's head first, then its body.
            hexes: f.hexes().collect(),
            facing: f.pose.facing,
            colour: self.colours.get(f.side.0).copied(),
            state,
            out: !f.is_up(),
            gone: false,
            occupies: f.standing != Standing::Dead,
            engaged: engaged(self.battle, f),
        }
    }
}

/// DragonQuest 16, 29: the Melee Zone, the front hexes of a figure able to
/// strike (`Figure::has_melee_zone`): three, or a monster's two.
fn melee_zone(f: &Figure) -> impl Iterator<Item = Hex> {
    let zone: Vec<Hex> = if f.has_melee_zone() {
        f.front_hexes_at(f.pose).collect()
    } else {
        Vec::new()
    };
    zone.into_iter()
}

/// Engaged (19.4): up, with a foe (any hex of it) in its Melee Zone or it
/// in a foe's.
fn engaged(b: &Battle, f: &Figure) -> bool {
    let in_zone = |a: &Figure, b: &Figure| b.hexes().any(|h| a.zone_holds(h));
    f.is_up()
        && b.figures()
            .iter()
            .any(|e| e.side != f.side && e.is_up() && (in_zone(e, f) || in_zone(f, e)))
}

/// 21.7: the range in hexes of the Ranged weapon in hand, if any.
fn ranged_reach(f: &Figure) -> u32 {
    if !f.can_act() {
        return 0;
    }
    f.hands
        .iter()
        .map(|&i| f.weapon(i))
        .filter(|w| w.uses.ranged)
        .filter_map(|w| match w.range {
            Range::Hexes(n) => Some(u32::from(n)),
            _ => None,
        })
        .max()
        .unwrap_or(0)
}

/// The side the battle asks now.
pub fn asked_side(b: &Battle) -> Option<crate::seam::SideId> {
    match b.prompt() {
        Prompt::LeadChoice { figure } | Prompt::EngagedAction { figure } => {
            Some(b.figure(figure).side)
        }
        Prompt::SideChoice { side } | Prompt::SideAction { side, .. } => Some(side),
        Prompt::Finished { .. } => None,
    }
}
