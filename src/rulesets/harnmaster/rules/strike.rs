//! Sheet l.25–30, l.113–117: strike delivery: location, impact, effective
//! impact, injury.

use serde::{Deserialize, Serialize};

use super::tables::Pack;
use super::tables::pack::Mark;
use super::terms::{Aim, Aspect, InjuryPoints};
use crate::dice::{Dice, Percentile};

/// A strike delivered, every die in it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Delivery {
    pub aim: Aim,
    pub aspect: Aspect,
    /// l.27: the d100 and the location it gives (an index into the pack's).
    pub location_roll: Percentile,
    pub location: usize,
    /// l.113: the combat table's impact dice and the weapon's impact.
    pub impact_dice: Vec<u32>,
    pub weapon_impact: u8,
    /// l.115: the armour's protection against the aspect there.
    pub protection: u32,
    /// l.117: the injury's marks.
    pub marks: Vec<Mark>,
}

impl Delivery {
    /// l.113: strike impact.
    pub fn impact(&self) -> u32 {
        self.impact_dice.iter().sum::<u32>() + u32::from(self.weapon_impact)
    }

    /// l.115: effective impact, never below nothing.
    pub fn effective(&self) -> u32 {
        self.impact().saturating_sub(self.protection)
    }

    /// l.117, l.121: the injury in points.
    pub fn injury(&self) -> InjuryPoints {
        InjuryPoints(self.effective())
    }
}

/// Sheet l.27–30: deliver a strike of `dice` d6 plus `weapon_impact` by
/// `aspect`, aimed at `aim`, through `protection` (the armour's protection
/// at a location against the aspect).
pub fn deliver(
    pack: &Pack,
    dice: &mut Dice,
    aim: Aim,
    aspect: Aspect,
    impact_dice: u8,
    weapon_impact: u8,
    protection: impl Fn(usize, Aspect) -> u32,
) -> Delivery {
    let location_roll = dice.d100();
    let location = pack.location(aim, location_roll);
    let impact_dice = (0..impact_dice).map(|_| dice.roll(6)).collect();
    let mut d = Delivery {
        aim,
        aspect,
        location_roll,
        location,
        impact_dice,
        weapon_impact,
        protection: protection(location, aspect),
        marks: Vec::new(),
    };
    d.marks = pack.locations[location].marks(d.effective(), aspect);
    d
}

/// Sheet l.115: the protection of worn armour (indices into the pack's) at a
/// location against an aspect; layers add.
pub fn protection(pack: &Pack, worn: &[usize], location: usize, aspect: Aspect) -> u32 {
    worn.iter()
        .map(|&a| &pack.armour[a])
        .filter(|a| a.covers.contains(&location))
        .map(|a| u32::from(a.protection.of(aspect)))
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::harnmaster::rules::tables::placeholder;

    #[test]
    fn l113_l115_l117_impact_less_armour_is_the_injury() {
        let pack = placeholder();
        let mail = pack
            .armour
            .iter()
            .position(|a| a.name == "Mail shirt")
            .unwrap();
        let padded = pack
            .armour
            .iter()
            .position(|a| a.name == "Padded coat")
            .unwrap();
        // d100 50 strikes the Chest with no aim; 3d6 of 6, 5, 4 plus a sword's
        // edge 5 = 20; mail 7 and padding 2 take 9: 11 IP.
        let d = deliver(
            &pack,
            &mut Dice::scripted([50, 6, 5, 4]),
            Aim::Any,
            Aspect::Edge,
            3,
            5,
            |l, a| protection(&pack, &[mail, padded], l, a),
        );
        assert_eq!(pack.locations[d.location].name, "Chest");
        assert_eq!((d.impact(), d.protection, d.effective()), (20, 9, 11));
        assert_eq!(d.injury(), InjuryPoints(11));
        assert_eq!(d.marks, vec![Mark::Shock(2)]);
    }

    #[test]
    fn l115_armour_stronger_than_the_blow_leaves_no_injury() {
        let pack = placeholder();
        let helm = pack
            .armour
            .iter()
            .position(|a| a.name == "Steel helm")
            .unwrap();
        let d = deliver(
            &pack,
            &mut Dice::scripted([10, 2]),
            Aim::Head,
            Aspect::Edge,
            1,
            5,
            |l, a| protection(&pack, &[helm], l, a),
        );
        assert_eq!(pack.locations[d.location].name, "Head");
        assert_eq!((d.impact(), d.effective()), (7, 0));
        assert!(d.marks.is_empty());
    }

    #[test]
    fn l27_the_aim_chooses_the_location_table() {
        let pack = placeholder();
        let d = deliver(
            &pack,
            &mut Dice::scripted([90, 1]),
            Aim::Legs,
            Aspect::Blunt,
            1,
            0,
            |_, _| 0,
        );
        assert_eq!(pack.locations[d.location].name, "Foot");
    }
}
