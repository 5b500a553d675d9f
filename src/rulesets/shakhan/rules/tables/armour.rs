//! Shakhàn 16.15.11–12: armour and shield charts, which armour fits whom,
//! the Quality Dice Roll, and the composition factors of armour materials.

use std::collections::BTreeMap;
use std::fmt;
use std::marker::PhantomData;

use serde::{Deserialize, Deserializer, Serialize};

use super::{RangeTable, TableError, invalid, parse};
use crate::rulesets::shakhan::rules::{BodyArea, Quality};

const FILE: &str = "armour.ron";

/// A worn piece of armour (16.15.12.1–3; gauntlets from 16.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum ArmourPiece {
    Breastplate,
    AbdominalCovering,
    Helmet,
    ArmPieces,
    LegPieces,
    /// Halve the wearer's Dexterity (16.4, 16.4.1.6, 16.5). No chart of their
    /// own: they use the helmet/arm/leg chart and cover no area (see [`areas`]).
    Gauntlets,
}

impl ArmourPiece {
    pub const ALL: [ArmourPiece; 6] = [
        ArmourPiece::Breastplate,
        ArmourPiece::AbdominalCovering,
        ArmourPiece::Helmet,
        ArmourPiece::ArmPieces,
        ArmourPiece::LegPieces,
        ArmourPiece::Gauntlets,
    ];
}

/// Shakhàn 16.15.12.1–3: the six armour compositions (chart columns).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum ArmourMaterial {
    /// "Fur / Clothes".
    Fur,
    Leather,
    Wood,
    Chain,
    Scale,
    Plate,
}

impl ArmourMaterial {
    pub const ALL: [ArmourMaterial; 6] = [
        ArmourMaterial::Fur,
        ArmourMaterial::Leather,
        ArmourMaterial::Wood,
        ArmourMaterial::Chain,
        ArmourMaterial::Scale,
        ArmourMaterial::Plate,
    ];

    /// Shakhàn 16.15.4 'a' (chance of armour damage = 100 − this): the Armour
    /// Protection Table column the material names (fur 10 … plate 60), which
    /// 16.10.4.5 equates with a composition factor; chainmail is "about 40".
    pub fn composition_factor(self) -> u32 {
        match self {
            ArmourMaterial::Fur => 10,
            ArmourMaterial::Leather => 20,
            ArmourMaterial::Wood => 30,
            ArmourMaterial::Chain => 40,
            ArmourMaterial::Scale => 50,
            ArmourMaterial::Plate => 60,
        }
    }
}

/// Shakhàn 16.15.12.4: shield compositions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum ShieldMaterial {
    Leather,
    Wood,
    Metal,
}

impl ShieldMaterial {
    pub const ALL: [ShieldMaterial; 3] = [
        ShieldMaterial::Leather,
        ShieldMaterial::Wood,
        ShieldMaterial::Metal,
    ];

    /// Shakhàn 16.15.4 'a': leather and wood as their Armour Protection Table
    /// columns (20, 30); metal has no column, so its Good-quality APV (50).
    pub fn composition_factor(self) -> u32 {
        match self {
            ShieldMaterial::Leather => 20,
            ShieldMaterial::Wood => 30,
            ShieldMaterial::Metal => 50,
        }
    }
}

/// Shakhàn 16.15.12.4: shield sizes (16.15.4: DMod 3 small, 4 large to raise it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum ShieldSize {
    Small,
    Large,
}

impl ShieldSize {
    pub const ALL: [ShieldSize; 2] = [ShieldSize::Small, ShieldSize::Large];
}

/// One chart cell: Armour Protection Value, Agility Reduction, Encumbrance.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArmourStats {
    pub apv: u32,
    pub agr: u32,
    pub enc_kg: f64,
}

/// Shakhàn 16.15.12.3: how much of the neck a helmet guards (d100 per helmet).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum NeckGuard {
    Unprotected,
    BackAndSides,
    /// Front, back and sides.
    AllRound,
}

/// Shakhàn 16.15.12.3: how arm or leg pieces guard their limbs (d100 per piece).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum LimbGuard {
    /// Only against strikes from the front or sides.
    FrontAndSides,
    AllRound,
}

/// Shakhàn 16.15.11.1: the body form a piece of armour is made for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum FormFit {
    /// Human, Bènli, …
    StandardHumanoid,
    /// Arda, Hàmyé, …
    QuadrupedHumanoid,
    /// Nika'Khàdra, Chàngalà, …
    OtherQuadrupedHumanoid,
    /// Hlon, Môtnat'tà, …
    Unusual,
    /// Self-adjusting: fits every form.
    All,
}

/// Shakhàn 16.15.11.2: body size classes, smallest first. Each names a height
/// class and the weight class that goes with it: VeryShort/VeryLight,
/// Short/Light, Average/Average, Tall/Heavy, VeryTall/Massive, Huge/Bloated
/// (the weight words are accepted as aliases).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum BodySize {
    #[serde(alias = "VeryLight")]
    VeryShort,
    #[serde(alias = "Light")]
    Short,
    Average,
    #[serde(alias = "Heavy")]
    Tall,
    #[serde(alias = "Massive")]
    VeryTall,
    #[serde(alias = "Bloated")]
    Huge,
}

/// Shakhàn 16.15.11.2: how many size classes apart `a` and `b` are. One step:
/// the piece's Agility Reduction is doubled; two or more: it cannot be worn.
pub fn size_steps(a: BodySize, b: BodySize) -> u32 {
    (a as i32 - b as i32).unsigned_abs()
}

/// Shakhàn 16.15.11.2: the body size a piece of armour is made for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SizeFit {
    Size(BodySize),
    /// Self-adjusting: fits every size.
    All,
}

impl SizeFit {
    /// Size steps between the piece and a wearer of these height and weight
    /// classes: the piece fits if either class matches, so the nearer counts.
    pub fn steps_from(self, height: BodySize, weight: BodySize) -> u32 {
        match self {
            SizeFit::All => 0,
            SizeFit::Size(s) => size_steps(s, height).min(size_steps(s, weight)),
        }
    }
}

/// Shakhàn 16.15.12.1–3: the body areas a piece covers. A helmet's cover of
/// the neck is its [`NeckGuard`]; gauntlets cover only the hands, which the
/// Strike Location Table does not separate from the arms, so nothing.
pub fn areas(piece: ArmourPiece) -> &'static [BodyArea] {
    match piece {
        ArmourPiece::Breastplate => &[BodyArea::UpperBody],
        ArmourPiece::AbdominalCovering => &[BodyArea::LowerBody],
        ArmourPiece::Helmet => &[BodyArea::Head],
        ArmourPiece::ArmPieces => &[BodyArea::Arms],
        ArmourPiece::LegPieces => &[BodyArea::Legs],
        ArmourPiece::Gauntlets => &[],
    }
}

type Chart = Total<Quality, Total<ArmourMaterial, ArmourStats>>;

/// Shakhàn 16.15.11–12: the armour charts and the d100 tables that go with them.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArmourCharts {
    quality_roll: RangeTable<Quality>,
    form_fit: RangeTable<FormFit>,
    size_fit: RangeTable<SizeFit>,
    neck_guard: RangeTable<NeckGuard>,
    limb_guard: RangeTable<LimbGuard>,
    breastplates: Chart,
    abdominal_coverings: Chart,
    helmets_arm_and_leg_pieces: Chart,
    shields: Total<Quality, Total<ShieldMaterial, Total<ShieldSize, ArmourStats>>>,
}

impl ArmourCharts {
    /// Shakhàn 16.15.12.1–3: one piece's APV, AGR and ENC. Gauntlets use the
    /// helmet/arm/leg chart (16.15.12.3).
    pub fn piece(
        &self,
        piece: ArmourPiece,
        material: ArmourMaterial,
        quality: Quality,
    ) -> &ArmourStats {
        let chart = match piece {
            ArmourPiece::Breastplate => &self.breastplates,
            ArmourPiece::AbdominalCovering => &self.abdominal_coverings,
            ArmourPiece::Helmet
            | ArmourPiece::ArmPieces
            | ArmourPiece::LegPieces
            | ArmourPiece::Gauntlets => &self.helmets_arm_and_leg_pieces,
        };
        chart.get(quality).get(material)
    }

    /// Shakhàn 16.15.12.4: a shield's APV, AGR and ENC.
    pub fn shield(
        &self,
        material: ShieldMaterial,
        size: ShieldSize,
        quality: Quality,
    ) -> &ArmourStats {
        self.shields.get(quality).get(material).get(size)
    }

    /// Shakhàn 16.15.12 "Quality Dice Roll" (also printed on the weapon tables).
    pub fn quality_roll(&self) -> &RangeTable<Quality> {
        &self.quality_roll
    }

    /// Shakhàn 16.15.11.1 Body Forms Fit by Armour.
    pub fn form_fit(&self) -> &RangeTable<FormFit> {
        &self.form_fit
    }

    /// Shakhàn 16.15.11.2 Body Sizes Fit by Armour.
    pub fn size_fit(&self) -> &RangeTable<SizeFit> {
        &self.size_fit
    }

    /// Shakhàn 16.15.12.3: a helmet's neck protection.
    pub fn neck_guard(&self) -> &RangeTable<NeckGuard> {
        &self.neck_guard
    }

    /// Shakhàn 16.15.12.3: whether arm or leg pieces guard from all directions.
    pub fn limb_guard(&self) -> &RangeTable<LimbGuard> {
        &self.limb_guard
    }
}

pub(super) fn load() -> Result<ArmourCharts, TableError> {
    let charts: ArmourCharts = parse(
        FILE,
        include_str!("../../../../../assets/shakhan/armour.ron"),
    )?;
    check(&charts).map_err(|what| invalid(FILE, what))?;
    Ok(charts)
}

/// Meaning checks that catch a mistyped cell: better quality never lowers the
/// APV nor raises the Agility Reduction.
fn check(charts: &ArmourCharts) -> Result<(), String> {
    check_quality_roll(&charts.quality_roll).map_err(|e| format!("quality_roll: {e}"))?;
    let charts_by_name = [
        ("breastplates", &charts.breastplates),
        ("abdominal_coverings", &charts.abdominal_coverings),
        (
            "helmets_arm_and_leg_pieces",
            &charts.helmets_arm_and_leg_pieces,
        ),
    ];
    for (name, chart) in charts_by_name {
        for m in ArmourMaterial::ALL {
            check_by_quality(|q| *chart.get(q).get(m)).map_err(|e| format!("{name} {m:?}: {e}"))?;
        }
    }
    for m in ShieldMaterial::ALL {
        for s in ShieldSize::ALL {
            check_by_quality(|q| *charts.shields.get(q).get(m).get(s))
                .map_err(|e| format!("shields {m:?} {s:?}: {e}"))?;
        }
    }
    Ok(())
}

fn check_by_quality(cell: impl Fn(Quality) -> ArmourStats) -> Result<(), String> {
    for pair in Quality::ALL.windows(2) {
        let (worse, better) = (cell(pair[0]), cell(pair[1]));
        if better.apv < worse.apv || better.agr > worse.agr {
            return Err(format!("{:?} is worse than {:?}", pair[1], pair[0]));
        }
    }
    Ok(())
}

/// The Quality Dice Roll must list each quality once, Poor to Exceptional.
pub(super) fn check_quality_roll(roll: &RangeTable<Quality>) -> Result<(), String> {
    let order: Vec<Quality> = roll.rows().map(|(_, q)| *q).collect();
    if order != Quality::ALL {
        return Err(format!(
            "rows must be Poor to Exceptional once each, found {order:?}"
        ));
    }
    Ok(())
}

/// An enum every variant of which a table must give.
pub(super) trait EveryKey: Ord + Copy + fmt::Debug + 'static {
    /// Every variant, in declaration order.
    const ALL: &'static [Self];

    /// The key's place in [`EveryKey::ALL`] (`tests::every_key_indexes_its_place`).
    fn index(self) -> usize;
}

impl EveryKey for Quality {
    const ALL: &'static [Self] = &Quality::ALL;

    fn index(self) -> usize {
        self as usize
    }
}

impl EveryKey for ArmourMaterial {
    const ALL: &'static [Self] = &ArmourMaterial::ALL;

    fn index(self) -> usize {
        self as usize
    }
}

impl EveryKey for ShieldMaterial {
    const ALL: &'static [Self] = &ShieldMaterial::ALL;

    fn index(self) -> usize {
        self as usize
    }
}

impl EveryKey for ShieldSize {
    const ALL: &'static [Self] = &ShieldSize::ALL;

    fn index(self) -> usize {
        self as usize
    }
}

/// A RON map that deserialising proves has an entry for every key, so
/// [`Total::get`] cannot fail. Kept as values in key order: looked up on
/// every strike, where a map's search showed in profiles.
#[derive(Debug)]
pub(super) struct Total<K, V>(Vec<V>, PhantomData<K>);

impl<K: EveryKey, V> Total<K, V> {
    pub(super) fn get(&self, key: K) -> &V {
        &self.0[key.index()]
    }

    pub(super) fn iter(&self) -> impl Iterator<Item = (K, &V)> {
        K::ALL.iter().copied().zip(&self.0)
    }
}

impl<'de, K, V> Deserialize<'de> for Total<K, V>
where
    K: EveryKey + Deserialize<'de>,
    V: Deserialize<'de>,
{
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let mut map = BTreeMap::<K, V>::deserialize(d)?;
        match K::ALL.iter().find(|k| !map.contains_key(k)) {
            Some(missing) => Err(serde::de::Error::custom(format!(
                "no entry for {missing:?}"
            ))),
            None => Ok(Total(
                K::ALL.iter().filter_map(|k| map.remove(k)).collect(),
                PhantomData,
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::Percentile;

    fn charts() -> ArmourCharts {
        load().unwrap_or_else(|e| panic!("{e}"))
    }

    fn stats(apv: u32, agr: u32, enc_kg: f64) -> ArmourStats {
        ArmourStats { apv, agr, enc_kg }
    }

    fn roll<T: Copy>(table: &RangeTable<T>, face: u8) -> T {
        *table.get(Percentile::new(face).unwrap()).1
    }

    use ArmourMaterial::*;
    use ArmourPiece::*;
    use Quality::*;

    fn indexes_its_place<K: EveryKey>() {
        for (i, k) in K::ALL.iter().enumerate() {
            assert_eq!(k.index(), i, "{k:?}");
        }
    }

    #[test]
    fn every_key_indexes_its_place() {
        indexes_its_place::<Quality>();
        indexes_its_place::<ArmourMaterial>();
        indexes_its_place::<ShieldMaterial>();
        indexes_its_place::<ShieldSize>();
        indexes_its_place::<crate::rulesets::shakhan::rules::tables::weapons::WeaponKind>();
        indexes_its_place::<crate::rulesets::shakhan::rules::tables::weapons::MissileKind>();
    }

    #[test]
    fn armour_16_4_petron_example_agr_5() {
        let c = charts();
        let breastplate = c.piece(Breastplate, Wood, Usual);
        let shield = c.shield(ShieldMaterial::Wood, ShieldSize::Small, Good);
        assert_eq!(breastplate.agr, 2);
        assert_eq!(shield.agr, 3);
        assert_eq!(breastplate.agr + shield.agr, 5);
    }

    /// 16.14.4: "APV 20 overall (wood armour)" and Agility 11 − 6 = 5. Poor
    /// wood gives APV 20; the combination documented for the scenario is a
    /// Poor breastplate, a Poor abdominal covering and a Usual helmet.
    #[test]
    fn armour_16_14_4_level_v_example_wood_apv_20_agr_6() {
        let c = charts();
        let worn = [
            c.piece(Breastplate, Wood, Poor),
            c.piece(AbdominalCovering, Wood, Poor),
            c.piece(Helmet, Wood, Usual),
        ];
        assert_eq!(worn.iter().map(|s| s.agr).sum::<u32>(), 6);
        assert_eq!((worn[0].apv, worn[1].apv, worn[2].apv), (20, 20, 25));
        // The alternative, a full Usual wood suit, also totals 6 at APV 25.
        let suit: u32 = [Breastplate, AbdominalCovering, Helmet, ArmPieces, LegPieces]
            .into_iter()
            .map(|p| c.piece(p, Wood, Usual).agr)
            .sum();
        assert_eq!(suit, 6);
    }

    #[test]
    fn breastplates_16_15_12_1_corners_and_middle() {
        let c = charts();
        assert_eq!(*c.piece(Breastplate, Fur, Poor), stats(3, 2, 1.0));
        assert_eq!(*c.piece(Breastplate, Plate, Poor), stats(50, 5, 4.0));
        assert_eq!(*c.piece(Breastplate, Fur, Exceptional), stats(20, 0, 0.1));
        assert_eq!(*c.piece(Breastplate, Plate, Exceptional), stats(75, 2, 2.0));
        assert_eq!(*c.piece(Breastplate, Chain, Good), stats(40, 3, 3.0));
        assert_eq!(*c.piece(Breastplate, Fur, Excellent), stats(20, 0, 0.3));
        assert_eq!(*c.piece(Breastplate, Scale, Excellent), stats(60, 2, 3.0));
    }

    #[test]
    fn abdominal_coverings_16_15_12_2_corners_and_middle() {
        let c = charts();
        assert_eq!(*c.piece(AbdominalCovering, Fur, Poor), stats(3, 1, 0.5));
        assert_eq!(*c.piece(AbdominalCovering, Plate, Poor), stats(50, 4, 3.0));
        assert_eq!(
            *c.piece(AbdominalCovering, Fur, Exceptional),
            stats(20, 0, 0.1)
        );
        assert_eq!(
            *c.piece(AbdominalCovering, Plate, Exceptional),
            stats(75, 1, 1.0)
        );
        assert_eq!(
            *c.piece(AbdominalCovering, Chain, Excellent),
            stats(50, 1, 1.0)
        );
        assert_eq!(
            *c.piece(AbdominalCovering, Scale, Excellent),
            stats(60, 1, 2.0)
        );
        assert_eq!(
            *c.piece(AbdominalCovering, Leather, Usual),
            stats(15, 0, 0.5)
        );
    }

    #[test]
    fn helmets_arm_and_leg_pieces_16_15_12_3_corners_and_middle() {
        let c = charts();
        for piece in [Helmet, ArmPieces, LegPieces, Gauntlets] {
            assert_eq!(*c.piece(piece, Fur, Poor), stats(3, 1, 0.2));
            assert_eq!(*c.piece(piece, Plate, Poor), stats(50, 3, 3.0));
            assert_eq!(*c.piece(piece, Fur, Exceptional), stats(20, 0, 0.1));
            assert_eq!(*c.piece(piece, Plate, Exceptional), stats(75, 1, 0.5));
        }
        assert_eq!(*c.piece(Helmet, Wood, Good), stats(30, 1, 0.5));
        assert_eq!(*c.piece(ArmPieces, Scale, VeryGood), stats(55, 1, 1.0));
        assert_eq!(*c.piece(LegPieces, Leather, Excellent), stats(30, 0, 0.2));
    }

    #[test]
    fn shields_16_15_12_4_corners_and_middle() {
        let c = charts();
        use ShieldMaterial as M;
        use ShieldSize::*;
        assert_eq!(*c.shield(M::Leather, Small, Poor), stats(3, 2, 1.0));
        assert_eq!(*c.shield(M::Metal, Large, Poor), stats(40, 5, 4.0));
        assert_eq!(*c.shield(M::Leather, Small, Exceptional), stats(20, 0, 0.5));
        assert_eq!(*c.shield(M::Metal, Large, Exceptional), stats(65, 2, 3.0));
        // Excellent is the row where small and large first differ.
        assert_eq!(*c.shield(M::Leather, Large, Excellent), stats(20, 1, 0.5));
        assert_eq!(*c.shield(M::Wood, Small, Excellent), stats(40, 1, 1.0));
        assert_eq!(*c.shield(M::Wood, Large, Exceptional), stats(45, 1, 1.0));
        assert_eq!(*c.shield(M::Metal, Small, Exceptional), stats(65, 2, 2.0));
    }

    #[test]
    fn quality_roll_16_15_12_first_middle_last() {
        let c = charts();
        let q = c.quality_roll();
        assert_eq!(roll(q, 1), Poor);
        assert_eq!(roll(q, 10), Poor);
        assert_eq!(roll(q, 11), Usual);
        assert_eq!(roll(q, 90), Good);
        assert_eq!(roll(q, 95), VeryGood);
        assert_eq!(roll(q, 98), Excellent);
        assert_eq!(roll(q, 99), Exceptional);
        assert_eq!(roll(q, 100), Exceptional);
    }

    #[test]
    fn fit_tables_16_15_11_1_and_2() {
        let c = charts();
        assert_eq!(roll(c.form_fit(), 60), FormFit::StandardHumanoid);
        assert_eq!(roll(c.form_fit(), 61), FormFit::QuadrupedHumanoid);
        assert_eq!(roll(c.form_fit(), 90), FormFit::OtherQuadrupedHumanoid);
        assert_eq!(roll(c.form_fit(), 98), FormFit::Unusual);
        assert_eq!(roll(c.form_fit(), 99), FormFit::All);
        assert_eq!(roll(c.size_fit(), 8), SizeFit::Size(BodySize::VeryShort));
        assert_eq!(roll(c.size_fit(), 23), SizeFit::Size(BodySize::Short));
        assert_eq!(roll(c.size_fit(), 68), SizeFit::Size(BodySize::Average));
        assert_eq!(roll(c.size_fit(), 78), SizeFit::Size(BodySize::Tall));
        assert_eq!(roll(c.size_fit(), 88), SizeFit::Size(BodySize::VeryTall));
        assert_eq!(roll(c.size_fit(), 98), SizeFit::Size(BodySize::Huge));
        assert_eq!(roll(c.size_fit(), 100), SizeFit::All);
    }

    #[test]
    fn guards_16_15_12_3() {
        let c = charts();
        assert_eq!(roll(c.neck_guard(), 25), NeckGuard::Unprotected);
        assert_eq!(roll(c.neck_guard(), 26), NeckGuard::BackAndSides);
        assert_eq!(roll(c.neck_guard(), 75), NeckGuard::BackAndSides);
        assert_eq!(roll(c.neck_guard(), 76), NeckGuard::AllRound);
        assert_eq!(roll(c.limb_guard(), 75), LimbGuard::FrontAndSides);
        assert_eq!(roll(c.limb_guard(), 76), LimbGuard::AllRound);
    }

    #[test]
    fn size_steps_16_15_11_2() {
        use BodySize::*;
        assert_eq!(size_steps(Average, Average), 0);
        assert_eq!(size_steps(Average, Tall), 1);
        assert_eq!(size_steps(Tall, Average), 1);
        assert_eq!(size_steps(VeryShort, Huge), 5);
        // Either the height or the weight class may match.
        assert_eq!(SizeFit::Size(Tall).steps_from(Short, Tall), 0);
        assert_eq!(SizeFit::Size(Tall).steps_from(Short, Average), 1);
        assert_eq!(SizeFit::All.steps_from(VeryShort, Huge), 0);
        assert_eq!(ron::from_str::<BodySize>("Massive").unwrap(), VeryTall);
    }

    #[test]
    fn areas_16_15_12() {
        assert_eq!(areas(Breastplate), &[BodyArea::UpperBody]);
        assert_eq!(areas(AbdominalCovering), &[BodyArea::LowerBody]);
        assert_eq!(areas(Helmet), &[BodyArea::Head]);
        assert_eq!(areas(ArmPieces), &[BodyArea::Arms]);
        assert_eq!(areas(LegPieces), &[BodyArea::Legs]);
        assert!(areas(Gauntlets).is_empty());
    }

    #[test]
    fn composition_factors_16_15_4() {
        assert_eq!(Chain.composition_factor(), 40);
        assert_eq!(Wood.composition_factor(), 30);
        // Each armour material's factor is its Good (C) breastplate APV.
        let c = charts();
        for m in ArmourMaterial::ALL {
            assert_eq!(m.composition_factor(), c.piece(Breastplate, m, Good).apv);
        }
        assert_eq!(ShieldMaterial::Metal.composition_factor(), 50);
    }

    const TEXT: &str = include_str!("../../../../../assets/shakhan/armour.ron");

    fn refused(text: &str) -> String {
        match ron::from_str::<ArmourCharts>(text) {
            Ok(c) => check(&c).expect_err("a broken copy was accepted"),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn broken_copies_are_refused_with_a_message() {
        let gap = TEXT.replacen("((11, 45), Usual)", "((12, 45), Usual)", 1);
        assert!(
            refused(&gap).contains("leave 11 uncovered"),
            "{}",
            refused(&gap)
        );
        let swapped = TEXT.replacen("((11, 45), Usual)", "((11, 45), Good)", 1);
        assert!(
            refused(&swapped).contains("quality_roll"),
            "{}",
            refused(&swapped)
        );
        let missing = TEXT.replacen("Plate:   (apv: 75, agr: 2, enc_kg: 2.0),", "", 1);
        assert!(
            refused(&missing).contains("no entry for Plate"),
            "{}",
            refused(&missing)
        );
        let typo = TEXT.replacen(
            "apv:  5, agr: 1, enc_kg: 0.5",
            "apv:  2, agr: 1, enc_kg: 0.5",
            1,
        );
        assert!(
            refused(&typo).contains("breastplates Fur: Usual is worse"),
            "{}",
            refused(&typo)
        );
    }
}
