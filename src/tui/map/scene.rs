//! What the map draws, as plain data: the ground, each figure's hexes,
//! facing, side colour, label and state, the selected figure's zones and
//! the threats counted for a side. Each ruleset's battle makes its own
//! ([`Stage`]); the map widget knows no ruleset.

use crate::hex::{Facing, Hex, HexMap};
use crate::scenario::SideColour;

/// What the view asks of a scene: whose zones to show, and whether to count
/// threats.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Focus {
    /// The selected figure, by its place in the battle's list.
    pub selected: Option<usize>,
    pub threats: bool,
}

/// A battle as the map sees it.
#[derive(Debug, Clone)]
pub struct Scene<'a> {
    pub map: &'a HexMap,
    /// Every figure, in the battle's order (a label's place).
    pub pieces: Vec<Piece<'a>>,
    /// The selected figure's Strike (or Melee) Zone.
    pub strike_zone: Vec<Hex>,
    /// The selected figure's Missile Zone, out to its longest range.
    pub missile_zone: Vec<Hex>,
    /// With threats asked for: a hex once for each enemy that can strike it.
    pub threats: Vec<Hex>,
}

/// One figure on the map.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Piece<'a> {
    pub name: &'a str,
    /// The hexes it covers; its label and facing mark are drawn in the first.
    pub hexes: Vec<Hex>,
    pub facing: Facing,
    /// Its side's colour (`None`: drawn plain).
    pub colour: Option<SideColour>,
    pub state: State,
    /// Out of the fight: no facing mark, not counted when fitting the map.
    pub out: bool,
    /// Not drawn at all (fled the field).
    pub gone: bool,
    /// Takes up its hex, so it is drawn over the dead lying there.
    pub occupies: bool,
    /// An enemy in its zone, or it in an enemy's.
    pub engaged: bool,
}

impl Piece<'_> {
    /// The hex its label is drawn in.
    pub fn hex(&self) -> Hex {
        self.hexes.first().copied().unwrap_or(Hex::new(0, 0))
    }
}

/// A figure's state as the map marks it beside the label.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum State {
    Active,
    Dead,
    /// Unconscious or otherwise unable to act for good.
    Unconscious,
    /// Surrendered or withdrawn from the fight.
    Yielded,
    Prone,
    /// DragonQuest 22.4: Stunned, up but unable to act this Pulse.
    Stunned,
}

/// A battle the map can draw.
pub trait Stage {
    fn scene(&self, focus: Focus) -> Scene<'_>;
}
