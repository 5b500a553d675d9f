//! DragonQuest 27.2: the Weapon Tables.

use serde::{Deserialize, Deserializer};

/// Which of the 27.2 tables a weapon is printed in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub enum Group {
    Sword,
    Hafted,
    Thrown,
    Pole,
    Missile,
    Entangling,
    Special,
}

/// DragonQuest 27.2: how many hands; `Either` is printed (1–2) and gains +1
/// damage wielded two-handed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub enum Hands {
    One,
    Two,
    Either,
}

/// DragonQuest 25.3, 27.2: the kind of damage, for Grievous Injuries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub enum Class {
    /// Thrusting.
    A,
    /// Slashing.
    B,
    /// Crushing.
    C,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub enum Weight {
    Lb(u8),
    Oz(u8),
    Variable,
}

/// DragonQuest 27.2 DM: added to the D10 of a Damage Check.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub enum DamageModifier {
    Book(i8),
    /// The text lost the number; the house value and why it was chosen.
    House(i8, String),
    /// "V": set by what the weapon holds (the grenado).
    Variable,
    /// "*": the blowgun dart's coating decides.
    Coating,
}

impl DamageModifier {
    /// The number, if the table gives one (book or house).
    pub fn value(&self) -> Option<i8> {
        match self {
            DamageModifier::Book(n) | DamageModifier::House(n, _) => Some(*n),
            DamageModifier::Variable | DamageModifier::Coating => None,
        }
    }

    /// Why a house value was chosen; `None` for the book's.
    pub fn house(&self) -> Option<&str> {
        match self {
            DamageModifier::House(_, why) => Some(why),
            _ => None,
        }
    }
}

/// DragonQuest 27.2 Range, in hexes; "P" means it cannot be fired or thrown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub enum Range {
    Prohibited,
    Hexes(u16),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub enum Cost {
    Pennies(u16),
    Variable,
    None,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub enum MaxRank {
    Rank(u8),
    Variable,
    /// "-": no Rank may be had (the torch).
    NoRank,
}

/// DragonQuest 27.2 Use: the attack types a weapon is rated for (23).
/// Written as the book's letters, e.g. `"RMC"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(try_from = "String")]
pub struct Uses {
    pub ranged: bool,
    pub melee: bool,
    pub close: bool,
}

impl TryFrom<String> for Uses {
    type Error = String;
    fn try_from(s: String) -> Result<Self, String> {
        let uses = Uses {
            ranged: s.contains('R'),
            melee: s.contains('M'),
            close: s.contains('C'),
        };
        let canonical: String = [(uses.ranged, 'R'), (uses.melee, 'M'), (uses.close, 'C')]
            .iter()
            .filter(|(on, _)| *on)
            .map(|(_, c)| *c)
            .collect();
        if canonical.is_empty() || canonical != s {
            return Err(format!(
                "uses \"{s}\" is not some of R, M, C in that order (e.g. \"RMC\", \"M\")"
            ));
        }
        Ok(uses)
    }
}

/// One row of the Weapon Tables.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Weapon {
    pub name: String,
    pub group: Group,
    pub hands: Hands,
    /// The footnote letter printed beside the name (27.2 A–P).
    pub note: Option<char>,
    pub weight: Weight,
    /// Minimum Physical Strength.
    pub ps: u8,
    /// Minimum modified Manual Dexterity.
    pub md: u8,
    /// Base Chance, per cent.
    pub bc: u8,
    pub dm: DamageModifier,
    pub range: Range,
    /// `None` is "-": no Grievous Injury, only Endurance damage (25.3).
    pub class: Option<Class>,
    pub uses: Uses,
    pub cost: Cost,
    pub max_rank: MaxRank,
}

impl Weapon {
    /// DragonQuest 21.2–21.3, 24.8: printed in the Pole Weapons table.
    pub fn is_pole(&self) -> bool {
        self.group == Group::Pole
    }

    /// DragonQuest 27.2: a weapon rated for Ranged Combat that is not a Missile
    /// Weapon is thrown (the list under the Thrown Weapons table, and the knife).
    pub fn is_thrown(&self) -> bool {
        self.uses.ranged && self.group != Group::Missile
    }
}

/// A weapon's place in the table, found once by name; lookups by id cannot fail.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct WeaponId(u8);

/// DragonQuest 27.2: every weapon row, names unique, checked while deserialising.
#[derive(Debug)]
pub struct WeaponTable {
    rows: Vec<Weapon>,
}

impl WeaponTable {
    pub fn id(&self, name: &str) -> Option<WeaponId> {
        self.rows
            .iter()
            .position(|w| w.name.eq_ignore_ascii_case(name))
            .map(|i| WeaponId(i as u8))
    }

    pub fn get(&self, id: WeaponId) -> &Weapon {
        &self.rows[id.0 as usize]
    }

    /// The weapon called `name`; for tests and tables known to hold it.
    pub fn named(&self, name: &str) -> Option<&Weapon> {
        self.id(name).map(|id| self.get(id))
    }

    pub fn iter(&self) -> impl Iterator<Item = (WeaponId, &Weapon)> {
        self.rows
            .iter()
            .enumerate()
            .map(|(i, w)| (WeaponId(i as u8), w))
    }

    /// Check every row's meaning: a unique name, a Base Chance on the dice,
    /// a range for every Ranged weapon, Missile Weapons two-handed and Ranged only.
    fn new(rows: Vec<Weapon>) -> Result<Self, String> {
        if rows.len() > u8::MAX as usize {
            return Err("too many weapons".into());
        }
        for (i, w) in rows.iter().enumerate() {
            let row = i + 1;
            if rows[..i]
                .iter()
                .any(|o| o.name.eq_ignore_ascii_case(&w.name))
            {
                return Err(format!("row {row}: weapon \"{}\" is listed twice", w.name));
            }
            if !(1..=100).contains(&w.bc) {
                return Err(format!("{}: bc {} is not 1 to 100", w.name, w.bc));
            }
            if w.uses.ranged && w.range == Range::Prohibited {
                return Err(format!(
                    "{}: rated R (Ranged) but its range is Prohibited; give Hexes(n)",
                    w.name
                ));
            }
            if w.group == Group::Missile && (w.hands != Hands::Two || w.uses.melee || w.uses.close)
            {
                return Err(format!(
                    "{}: Missile Weapons are two-handed and Ranged only (27.2)",
                    w.name
                ));
            }
            if let Some(n) = w.note
                && !('A'..='P').contains(&n)
            {
                return Err(format!("{}: note '{n}' is not one of 27.2's A–P", w.name));
            }
        }
        Ok(WeaponTable { rows })
    }
}

impl<'de> Deserialize<'de> for WeaponTable {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        WeaponTable::new(Vec::deserialize(d)?).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::dragonquest::rules::tables::tables;

    fn weapon(name: &str) -> &'static Weapon {
        tables().weapons.named(name).expect(name)
    }

    /// Row counts per printed table, so a dropped or doubled row fails.
    #[test]
    fn weapon_tables_27_2_have_every_printed_row() {
        let count = |g| {
            tables()
                .weapons
                .iter()
                .filter(|(_, w)| w.group == g)
                .count()
        };
        assert_eq!(count(Group::Sword), 24); // 23 names, the longsword twice
        assert_eq!(count(Group::Hafted), 20);
        assert_eq!(count(Group::Thrown), 3);
        assert_eq!(count(Group::Pole), 10);
        assert_eq!(count(Group::Missile), 9);
        assert_eq!(count(Group::Entangling), 3);
        assert_eq!(count(Group::Special), 4);
    }

    /// A fingerprint of every numeric column (the script check of
    /// docs/TRANSCRIPTION.md passed with these): any changed cell moves a sum.
    #[test]
    fn weapon_tables_27_2_column_sums() {
        let w = || tables().weapons.iter().map(|(_, w)| w);
        let sum = |f: &dyn Fn(&Weapon) -> i32| w().map(f).sum::<i32>();
        assert_eq!(sum(&|w| i32::from(w.ps)), 1036);
        assert_eq!(sum(&|w| i32::from(w.md)), 1028);
        assert_eq!(sum(&|w| i32::from(w.bc)), 3510);
        assert_eq!(sum(&|w| w.dm.value().map_or(0, i32::from)), 209);
        let range = |w: &Weapon| match w.range {
            Range::Hexes(n) => i32::from(n),
            Range::Prohibited => 0,
        };
        assert_eq!(sum(&range), 948);
        let cost = |w: &Weapon| match w.cost {
            Cost::Pennies(n) => i32::from(n),
            Cost::Variable | Cost::None => 0,
        };
        assert_eq!(sum(&cost), 1934);
        let rank = |w: &Weapon| match w.max_rank {
            MaxRank::Rank(n) => i32::from(n),
            MaxRank::Variable | MaxRank::NoRank => 0,
        };
        assert_eq!(sum(&rank), 473);
    }

    #[test]
    fn weapon_cells_27_2_sample_every_column() {
        let b = weapon("broadsword");
        assert_eq!((b.ps, b.md, b.bc, b.dm.value()), (15, 15, 55, Some(4)));
        assert_eq!(
            (b.range, b.class, b.hands),
            (Range::Prohibited, Some(Class::B), Hands::One)
        );
        let h = weapon("Hand Axe");
        assert!(h.uses.ranged && h.uses.melee && h.uses.close && h.is_thrown());
        assert_eq!(h.range, Range::Hexes(8));
        let lb = weapon("Long Bow");
        assert_eq!(
            (lb.range, lb.hands, lb.note),
            (Range::Hexes(180), Hands::Two, Some('G'))
        );
        assert!(!lb.is_thrown());
        assert_eq!(weapon("Net").dm.value(), Some(-5));
        assert_eq!(weapon("Blowgun").dm, DamageModifier::Coating);
        assert_eq!(weapon("Torch").max_rank, MaxRank::NoRank);
        assert_eq!(weapon("Basilard").weight, Weight::Oz(24));
        assert!(weapon("Glaive").is_pole() && !weapon("Glaive").uses.ranged);
        let (a, bb) = (weapon("Longsword (A)"), weapon("Longsword (B)"));
        assert_eq!((a.bc, a.dm.value(), a.class), (45, Some(4), Some(Class::A)));
        assert_eq!(
            (bb.bc, bb.dm.value(), bb.class),
            (55, Some(3), Some(Class::B))
        );
    }

    /// The three Damage Modifiers printed as a bare "D" are house values, and
    /// only they: the label survives loading.
    #[test]
    fn lost_damage_modifiers_27_2_are_labelled_house() {
        let house: Vec<&str> = tables()
            .weapons
            .iter()
            .filter(|(_, w)| w.dm.house().is_some())
            .map(|(_, w)| w.name.as_str())
            .collect();
        assert_eq!(house, ["Dagger", "Throwing Dart", "Boomerang"]);
    }

    #[test]
    fn bad_weapon_rows_are_refused_with_line_and_column() {
        let row = |name: &str, uses: &str, range: &str| {
            format!(
                "(name: \"{name}\", group: Sword, hands: One, note: None, weight: Lb(1), ps: 1, \
                 md: 1, bc: 40, dm: Book(1), range: {range}, class: None, uses: \"{uses}\", \
                 cost: None, max_rank: Rank(1))"
            )
        };
        let table = |rows: &[String]| format!("[\n{}\n]", rows.join(",\n"));
        let twice = table(&[row("Axe", "M", "Prohibited"), row("axe", "M", "Prohibited")]);
        let err = ron::from_str::<WeaponTable>(&twice).unwrap_err();
        assert!(err.to_string().contains("\"axe\" is listed twice"), "{err}");
        assert_eq!(err.span.start.line, 4);
        let no_range = table(&[row("Axe", "RM", "Prohibited")]);
        let err = ron::from_str::<WeaponTable>(&no_range).unwrap_err();
        assert!(err.to_string().contains("give Hexes(n)"), "{err}");
        let letters = table(&[row("Axe", "MR", "Hexes(3)")]);
        let err = ron::from_str::<WeaponTable>(&letters).unwrap_err();
        assert!(err.to_string().contains("R, M, C in that order"), "{err}");
        assert_eq!(err.span.start.line, 2);
    }
}
