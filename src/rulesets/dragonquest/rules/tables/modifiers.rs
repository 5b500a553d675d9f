//! DragonQuest 24.8: the Strike Chance Modifier Tables.

use serde::{Deserialize, Serialize};

use super::{Key, Total};

macro_rules! keys {
    ($(#[$doc:meta])* $name:ident { $($(#[$vdoc:meta])* $v:ident,)* }) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
        pub enum $name { $($(#[$vdoc])* $v,)* }

        impl Key for $name {
            const ALL: &'static [Self] = &[$($name::$v,)*];

            fn index(self) -> usize {
                self as usize
            }
        }
    };
}

keys!(
    /// DragonQuest 24.8 Close Combat Modifiers.
    Close {
        /// Per point the attacker's PS exceeds the target's.
        PerPointStrongerThanTarget,
        TargetOutOfFatigue,
        TargetStunned,
        /// Per point the target's PS exceeds the attacker's.
        PerPointTargetStronger,
        AttackerOutOfFatigue,
    }
);

keys!(
    /// DragonQuest 24.8 Melee Combat Modifiers.
    Melee {
        TargetOutOfFatigue,
        ThroughFlankHex,
        TargetStunned,
        TargetKneelingOrProne,
        ChargingWithPoleOrShield,
        ThroughRearHex,
        /// Per Rank the Evading target has with his prepared weapon.
        PerTargetRankWhileEvading,
        /// On top of the per-Rank penalty.
        TargetEvading,
        AttackerOutOfFatigue,
        ChargingWithNonPole,
        AttackingWhileWithdrawing,
    }
);

keys!(
    /// DragonQuest 24.8 Ranged Combat Modifiers.
    Ranged {
        ThroughFlankHex,
        TargetStunned,
        AttackerKneeling,
        ThroughRearHex,
        /// Per hex a Thrown Weapon travels.
        PerHexThrown,
        /// Per five hexes, or part of five, a Missile Weapon travels beyond the first five.
        PerFiveHexesMissileBeyondFive,
        TargetMoving,
        TargetKneelingOrProne,
        TargetEvading,
        TargetSheltered,
    }
);

keys!(
    /// DragonQuest 24.8 Lighting Condition Modifiers.
    Lighting {
        StarryNightOrShadowyInterior,
        CloudyNight,
        CaveOrUnlitInterior,
        PitchBlackness,
        TargetInvisible,
    }
);

keys!(
    /// DragonQuest 24.8 Miscellaneous Modifiers.
    Misc {
        SecondaryHand,
        MultipleStrikePrimaryHand,
        MultipleStrikeSecondaryHand,
        MultipleStrikeAmbidextrous,
        MultipleStrikeClassBTwoHanded,
    }
);

/// Every 24.8 chart, each proved at load to list all of its conditions once.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ModifierTables {
    pub close: Total<Close, i8>,
    pub melee: Total<Melee, i8>,
    pub ranged: Total<Ranged, i8>,
    pub lighting: Total<Lighting, i8>,
    pub misc: Total<Misc, i8>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::dragonquest::rules::tables::tables;

    fn sum<K: Key>(t: &Total<K, i8>) -> (i32, i32, usize) {
        let plus = t
            .iter()
            .map(|(_, v)| i32::from(*v))
            .filter(|v| *v > 0)
            .sum();
        let minus = t
            .iter()
            .map(|(_, v)| i32::from(*v))
            .filter(|v| *v < 0)
            .sum();
        (plus, minus, t.iter().count())
    }

    /// Every cell, by the sums of each chart's advantages and penalties and its
    /// row count (a changed or dropped cell changes one of them), and the cells
    /// the worked example of section 32 uses.
    #[test]
    fn strike_chance_modifiers_24_8_every_chart() {
        let m = &tables().modifiers;
        assert_eq!(sum(&m.close), (41, -21, 5));
        assert_eq!(sum(&m.melee), (110, -59, 11));
        assert_eq!(sum(&m.ranged), (50, -61, 10));
        assert_eq!(sum(&m.lighting), (0, -150, 5));
        assert_eq!(sum(&m.misc), (0, -90, 5));
        assert_eq!(*m.melee.get(Melee::ThroughRearHex), 30);
        assert_eq!(*m.melee.get(Melee::ChargingWithNonPole), -15);
        assert_eq!(*m.melee.get(Melee::TargetStunned), 15);
        assert_eq!(*m.melee.get(Melee::TargetKneelingOrProne), 20);
        assert_eq!(*m.ranged.get(Ranged::ThroughRearHex), 20);
    }

    #[test]
    fn every_key_indexes_its_place() {
        fn check<K: Key>() {
            for (i, k) in K::ALL.iter().enumerate() {
                assert_eq!(k.index(), i, "{k:?}");
            }
        }
        check::<Close>();
        check::<Melee>();
        check::<Ranged>();
        check::<Lighting>();
        check::<Misc>();
    }

    #[test]
    fn a_chart_missing_a_condition_is_refused() {
        let err =
            ron::from_str::<Total<Lighting, i8>>("[(CloudyNight, -20),\n (PitchBlackness, -40)]")
                .unwrap_err();
        assert!(
            err.to_string()
                .contains("missing: StarryNightOrShadowyInterior"),
            "{err}"
        );
        let err = ron::from_str::<Total<Lighting, i8>>("[(CloudyNight, -20), (CloudyNight, -2)]")
            .unwrap_err();
        assert!(
            err.to_string().contains("CloudyNight is listed twice"),
            "{err}"
        );
    }
}
