//! Front and rear halves of a one-hex figure: the three hexsides it faces
//! and the three behind. Some rules (DragonQuest 16, 24.5) know only these
//! two, with no flank, for figures of one hex.

use serde::{Deserialize, Serialize};

use super::coord::{Hex, Pose};
use super::facing::Facing;

/// Which half of a figure's six hexsides something comes through.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Half {
    /// The facing hexside or one either side of it.
    Front,
    /// The three hexsides behind.
    Rear,
}

impl Pose {
    /// The half `from` lies across, at any distance: the hexside whose 60°
    /// sector holds `from` ([`Hex::facing_toward`], clockwise on a corner
    /// line) decides. `None` for the pose's own hex.
    pub fn half_toward(self, from: Hex) -> Option<Half> {
        let side = self.hex.facing_toward(from)?;
        Some(if Facing::hexsides_between(self.facing, side) <= 1 {
            Half::Front
        } else {
            Half::Rear
        })
    }

    /// The three adjacent hexes across the front hexsides.
    pub fn front_hexes(self) -> [Hex; 3] {
        [-1, 0, 1].map(|s| self.hex.neighbor(self.facing.rotate(s)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adjacent_hexes_split_three_and_three() {
        let pose = Pose::new(Hex::new(5, 5), Facing::N);
        let halves: Vec<Half> = pose
            .hex
            .neighbors()
            .iter()
            .map(|&h| pose.half_toward(h).unwrap())
            .collect();
        use Half::*;
        // Clockwise from N: N, NE front; SE, S, SW rear; NW front.
        assert_eq!(halves, [Front, Front, Rear, Rear, Rear, Front]);
        assert_eq!(pose.half_toward(pose.hex), None);
        for h in pose.front_hexes() {
            assert_eq!(pose.half_toward(h), Some(Front));
        }
    }

    #[test]
    fn far_hexes_take_the_half_of_their_sector() {
        let pose = Pose::new(Hex::new(5, 5), Facing::SE);
        // Straight ahead and straight behind, three hexes out.
        let mut ahead = pose.hex;
        let mut behind = pose.hex;
        for _ in 0..3 {
            ahead = ahead.neighbor(Facing::SE);
            behind = behind.neighbor(Facing::NW);
        }
        assert_eq!(pose.half_toward(ahead), Some(Half::Front));
        assert_eq!(pose.half_toward(behind), Some(Half::Rear));
    }
}
