//! Checking what a parsed scenario means: every problem found is reported,
//! each with where it is and a hint.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use super::{Figure, MoraleStanding, Scenario, SideSpec};
use crate::hex::HexMap;
use crate::rulesets::shakhan::rules::character::{
    ArmourWorn, CfModifier, Character, Factors, MeleeLoadout, MissileLoadout, MissileSource,
    OccupationLevel, Requisites, ShieldCarried, derive_with,
};
use crate::rulesets::shakhan::rules::tables::armour::{ArmourPiece, NeckGuard};
use crate::rulesets::shakhan::rules::tables::initiative::InitiativeModifierValue;
use crate::rulesets::shakhan::rules::tables::{Tables, tables};
use crate::scenario::Problem;
use crate::scenario::locate::find_key;
use crate::scenario::placed::{Report, check_map, entry_spans};

/// A scenario that passed every check, with its map built and every figure's
/// factors derived. Map, characters and factors are shared with every battle
/// fought on it (a batch fights thousands), never copied.
#[derive(Debug, Clone)]
pub struct Checked {
    pub scenario: Scenario,
    pub map: Arc<HexMap>,
    pub characters: Vec<Arc<Character>>,
    pub factors: Vec<Arc<Factors>>,
}

/// Requisite scores a scenario may give (Book A scores run 3–18 for most
/// characters; creatures and magic go far beyond).
pub const REQUISITE_RANGE: std::ops::RangeInclusive<i32> = 1..=60;

pub fn check(scenario: Scenario, text: &str) -> Result<Checked, Vec<Problem>> {
    let mut r = Report::on(text, scenario.figures.len())?;
    let t = tables();
    let map = check_map(&scenario.map, &mut r);
    let o = &scenario.options;
    if o.visibility_percent > 100 {
        r.at(
            find_key(text, "visibility_percent", 0, text.len()),
            format!("visibility of {}% is more than 100%", o.visibility_percent),
            "give 100 for clear daylight, less for mist or dark (16.15.14)",
        );
    }
    if !(o.wind_kmh.is_finite() && o.wind_kmh >= 0.0) {
        r.at(
            find_key(text, "wind_kmh", 0, text.len()),
            format!("wind speed {} km/h is not a speed", o.wind_kmh),
            "give the wind in km/h, 0 or more (16.15.14)",
        );
    }
    if !(o.dodge_dmod.is_finite() && (0.0..=10.0).contains(&o.dodge_dmod)) {
        r.at(
            find_key(text, "dodge_dmod", 0, text.len()),
            format!("a Dodge DMod of {} is not one", o.dodge_dmod),
            "give the DMod of the Dodge check, between 0 and 10 (16.11; 3 by default)",
        );
    }
    if let MoraleStanding::Headcount(ratio) | MoraleStanding::Strength(ratio) = o.morale_standing {
        if !(ratio.is_finite() && ratio > 1.0) {
            r.at(
                find_key(text, "morale_standing", 0, text.len()),
                format!("a ratio of {ratio} cannot tell winning from losing"),
                "give how many times the other side's count a side needs to be winning, \
                 more than 1 (16.9.6; Headcount(2.0) by default)",
            );
        }
    }
    for (key, cards) in [
        ("close_quarters_cards", o.close_quarters_cards),
        ("entangled_cards", o.entangled_cards),
    ] {
        if !(1..=8).contains(&cards) {
            r.at(
                find_key(text, key, 0, text.len()),
                format!("{key}: {cards} Tactic Cards a round is not a limit"),
                "give the most cards such a figure may play, 1 to 8 (16.3)",
            );
        }
    }
    check_sides(&scenario, t, &mut r);
    let mut characters = Vec::new();
    let mut factors = Vec::new();
    let mut seen_names = BTreeSet::new();
    let mut occupied = BTreeMap::new();
    for (i, fig) in scenario.figures.iter().enumerate() {
        r.figure = i;
        let here = |r: &Report, key| r.in_figure(key);
        // Empty and unprintable names are refused at their quotes (`text_problems`).
        // Names that differ only by characters that show nothing are the same.
        if !fig.name.trim().is_empty() && !seen_names.insert(crate::text::name_key(&fig.name)) {
            r.at(
                here(&r, "name"),
                format!("two figures are named {:?}", fig.name),
                "names must be unique: add a number or epithet",
            );
        }
        if !scenario.sides.iter().any(|s| s.name == fig.side) {
            let sides = crate::words::quoted(scenario.sides.iter().map(|s| s.name.as_str()));
            r.at(
                here(&r, "side"),
                format!(
                    "{} is on side {:?}, which is not in `sides`",
                    fig.name, fig.side
                ),
                &format!("use one of {sides}"),
            );
        }
        if let Some(map) = &map {
            if !map.in_bounds(fig.at) {
                r.at(
                    here(&r, "at"),
                    format!(
                        "{} stands at {:?}, off the {}x{} map",
                        fig.name,
                        (fig.at.col, fig.at.row),
                        map.width(),
                        map.height()
                    ),
                    "columns run 0..width-1 and rows 0..height-1, from the top left",
                );
            } else if !map.is_passable(fig.at) {
                r.at(
                    here(&r, "at"),
                    format!(
                        "{} stands on a blocked hex {:?}",
                        fig.name,
                        (fig.at.col, fig.at.row)
                    ),
                    "move the figure or repaint that hex",
                );
            }
        }
        if let Some(other) = occupied.insert(fig.at, fig.name.as_str()) {
            r.at(
                here(&r, "at"),
                format!(
                    "{} and {other} both stand at {:?}",
                    fig.name,
                    (fig.at.col, fig.at.row)
                ),
                "one figure per hex",
            );
        }
        if !check_numbers(fig, &mut r) {
            // Factors from implausible numbers would only add noise.
            continue;
        }
        if fig
            .armour
            .iter()
            .any(|a| a.neck.is_some() && a.piece != ArmourPiece::Helmet)
        {
            r.at(
                here(&r, "neck"),
                format!(
                    "{} has a neck guard on armour that is not a helmet",
                    fig.name
                ),
                "only helmets guard the neck (16.15.12.3)",
            );
        }
        check_training(fig, t, &mut r);
        let character = character(fig);
        let f = derive_with(&character, t, o.cf_modifier);
        for p in &f.armour_problems {
            r.at(
                here(&r, "armour"),
                format!("{}: {p}", fig.name),
                "choose lighter armour or a better-fitting piece",
            );
        }
        for w in f.weapons.iter().filter(|w| !w.usable()) {
            r.at(
                here(&r, "weapons"),
                format!(
                    "{} cannot use the {}: {}",
                    fig.name,
                    w.name,
                    w.why.as_deref().unwrap_or("")
                ),
                "give a weapon within the figure's Strength and Dexterity",
            );
        }
        for m in f.missile_weapons.iter().filter(|m| m.msf.is_none()) {
            let key = if m.name.starts_with("thrown") {
                "thrown"
            } else {
                "missile_weapons"
            };
            r.at(
                here(&r, key),
                format!(
                    "{} cannot use the {}: {}",
                    fig.name,
                    m.name,
                    m.why.as_deref().unwrap_or("")
                ),
                "give a missile weapon within the figure's Strength and Dexterity",
            );
        }
        characters.push(Arc::new(character));
        factors.push(Arc::new(f));
    }
    let sides_with_figures: BTreeSet<&str> =
        scenario.figures.iter().map(|f| f.side.as_str()).collect();
    if sides_with_figures.len() < 2 {
        r.at(
            find_key(text, "figures", 0, text.len()),
            "a battle needs figures on at least two sides".into(),
            "add figures for the other side",
        );
    }
    match map {
        Some(map) if r.problems.is_empty() => Ok(Checked {
            scenario,
            map: Arc::new(map),
            characters,
            factors,
        }),
        _ => Err(r.problems),
    }
}

fn check_sides(s: &Scenario, t: &Tables, r: &mut Report) {
    let mut names = BTreeSet::new();
    let spans = entry_spans(r.text, "sides");
    for (i, side) in s.sides.iter().enumerate() {
        let at = spans
            .get(i)
            .map(|&(start, end)| find_key(r.text, "name", start, end).unwrap_or(start));
        if !side.name.trim().is_empty() && !names.insert(crate::text::name_key(&side.name)) {
            r.at(
                at,
                format!("two sides are named {:?}", side.name),
                "side names must be unique",
            );
        }
        if let Some(leader) = &side.leader
            && !s
                .figures
                .iter()
                .any(|f| &f.name == leader && f.side == side.name)
        {
            r.at(
                at,
                format!(
                    "side {:?} is led by {leader:?}, who is not one of its figures",
                    side.name
                ),
                "name a figure of this side as leader, or leave it out",
            );
        }
        let modifiers_at = find_key(
            r.text,
            "initiative_modifiers",
            at.unwrap_or(0),
            r.text.len(),
        );
        check_party_modifiers(side, t, modifiers_at.or(at), r);
    }
}

/// Shakhàn 16.15.1: a side claims the situational modifiers; those per
/// multiple or grade are worked out from the figures and `training_grades`,
/// and a ranged one needs its value inside the range.
fn check_party_modifiers(side: &SideSpec, t: &Tables, at: Option<usize>, r: &mut Report) {
    let mut seen = BTreeSet::new();
    for m in &side.initiative_modifiers {
        if !seen.insert(m.modifier) {
            r.at(
                at,
                format!("side {:?} claims {:?} twice", side.name, m.modifier),
                "list each modifier once",
            );
        }
        match (t.initiative.modifier_value(m.modifier), m.value) {
            (InitiativeModifierValue::PerStep(_), _) => r.at(
                at,
                format!(
                    "side {:?} lists {:?}, which is worked out, not claimed",
                    side.name, m.modifier
                ),
                "outnumbering comes from the figures, training from `training_grades`",
            ),
            (InitiativeModifierValue::Range(lo, hi), Some(v)) if (lo..=hi).contains(&v) => {}
            (InitiativeModifierValue::Range(lo, hi), v) => r.at(
                at,
                format!(
                    "side {:?}: {:?} needs a value from {lo} to {hi}, not {v:?}",
                    side.name, m.modifier
                ),
                "e.g. (modifier: FightingHidden, value: Some(30))",
            ),
            (InitiativeModifierValue::Flat(_), Some(v)) => r.at(
                at,
                format!(
                    "side {:?}: {:?} has a fixed value; drop `value: Some({v})`",
                    side.name, m.modifier
                ),
                "only ranged modifiers take a value",
            ),
            (InitiativeModifierValue::Flat(_), None) => {}
        }
    }
}

/// Plausible ranges for every number on a figure; true when all are in range.
fn check_numbers(fig: &Figure, r: &mut Report) -> bool {
    let before = r.problems.len();
    let s = &fig.stats;
    let requisites = [
        ("agility", s.agility),
        ("strength", s.strength),
        ("dexterity", s.dexterity),
        ("constitution", s.constitution),
        ("willpower", s.willpower),
        ("vision", s.vision),
        ("night_vision", s.night_vision.unwrap_or(s.vision)),
        ("magic_resistance", s.magic_resistance),
    ];
    for (key, value) in requisites {
        if !REQUISITE_RANGE.contains(&value) {
            r.at(
                r.in_figure(key),
                format!(
                    "{}'s {key} is {value}, outside {} to {}",
                    fig.name,
                    REQUISITE_RANGE.start(),
                    REQUISITE_RANGE.end()
                ),
                "requisites are scores like 3–18 for people",
            );
        }
    }
    if !(0.05..=100.0).contains(&fig.height_m) {
        r.at(
            r.in_figure("height_m"),
            format!("{}'s height {} m is not plausible", fig.name, fig.height_m),
            "give metres, e.g. 1.7",
        );
    }
    if !(0.1..=1_000_000.0).contains(&fig.weight_kg) {
        r.at(
            r.in_figure("weight_kg"),
            format!(
                "{}'s weight {} kg is not plausible",
                fig.name, fig.weight_kg
            ),
            "give kilograms, e.g. 70.0",
        );
    }
    if !(0.0..=1_000_000.0).contains(&fig.carried_kg) {
        r.at(
            r.in_figure("carried_kg"),
            format!(
                "{}'s burden {} kg is not plausible",
                fig.name, fig.carried_kg
            ),
            "give kilograms carried beyond armour, e.g. 5.0",
        );
    }
    let weights = fig
        .weapons
        .iter()
        .map(|w| w.weight_kg)
        .chain(fig.missile_weapons.iter().map(|m| m.weight_kg))
        .chain(fig.thrown.iter().map(|t| t.weight_kg));
    for kg in weights.filter(|kg| !(0.0..=1_000.0).contains(kg)) {
        r.at(
            r.in_figure("weight_kg"),
            format!("{}'s weapon weight {kg} kg is not plausible", fig.name),
            "give the weapon's kilograms, e.g. 1.5",
        );
    }
    let levels = std::iter::once(fig.level).chain(fig.other_occupations.iter().map(|o| o.level));
    if levels.into_iter().any(|l| !(1..=40).contains(&l)) {
        r.at(
            r.in_figure("level"),
            format!("{} has an Experience Level outside 1 to 40", fig.name),
            "a Level I character has level 1",
        );
    }
    let small = |v: u32| v <= 100;
    let counts = [
        ("martial_arts", fig.martial_arts),
        ("hide_apv", fig.hide_apv),
        ("bleeding", fig.state.bleeding),
        ("bleeding_rounds", fig.state.bleeding_rounds),
    ]
    .into_iter()
    .chain(fig.weapons.iter().map(|w| ("training", w.training)))
    .chain(fig.missile_weapons.iter().map(|w| ("training", w.training)))
    .chain(fig.thrown.iter().map(|w| ("training", w.training)));
    for (key, value) in counts {
        if !small(value) {
            r.at(
                r.in_figure(key),
                format!("{}'s {key} is {value}, more than 100", fig.name),
                "use the numbers of a character sheet",
            );
        }
    }
    let magic = fig
        .weapons
        .iter()
        .map(|w| w.magic)
        .chain(fig.missile_weapons.iter().map(|w| w.magic))
        .chain(fig.thrown.iter().map(|w| w.magic));
    for m in magic {
        if !(-100..=100).contains(&m) {
            r.at(
                r.in_figure("magic"),
                format!("{}'s magic bonus {m} is outside -100 to 100", fig.name),
                "Magic Bonuses are a few points (16.4.1.3)",
            );
        }
    }
    for w in fig
        .weapons
        .iter()
        .filter(|w| !(-100..=100).contains(&w.plus_to_hit))
    {
        r.at(
            r.in_figure("plus_to_hit"),
            format!(
                "{}'s plus to hit {} is outside -100 to 100",
                fig.name, w.plus_to_hit
            ),
            "a Plus to hit is a few points on the Success Threshold (16.4.1.3)",
        );
    }
    for (key, v) in [("fpr", fig.fpr), ("bdr", fig.bdr)] {
        if v.is_some_and(|v| !(1..=10_000).contains(&v)) {
            r.at(
                r.in_figure(key),
                format!("{}'s {key} must be 1 to 10000", fig.name),
                "or leave it out to derive it",
            );
        }
    }
    let st = &fig.state;
    if !(0..=10_000).contains(&st.damage)
        || !(0.0..=10_000.0).contains(&st.pain)
        || !(0.0..=10_000.0).contains(&st.fatigue)
    {
        r.at(
            r.in_figure("state"),
            format!(
                "{}'s starting damage, pain and fatigue must be 0 to 10000",
                fig.name
            ),
            "they count what the figure has already lost",
        );
    }
    r.problems.len() == before
}

/// Shakhàn 16.4.1.2 and 16.5: one Weapon Training Bonus per weapon per level
/// (two Marksmanship Bonuses), never beyond the occupation's allowance for
/// artificial weapons.
fn check_training(fig: &Figure, t: &Tables, r: &mut Report) {
    let stats = t.character.occupation(fig.occupation);
    let per_level = t.character.weapon_bonuses_per_level * fig.level;
    let limit = per_level.min(stats.artificial_bonus_limit);
    for w in &fig.weapons {
        let natural = t.weapons.melee(w.kind).natural;
        let cap = if natural { per_level } else { limit };
        if w.training > cap {
            r.at(r.in_figure("training"), format!("{} has {} training bonuses with the {:?}; at level {} as a {:?} the most is {cap}", fig.name, w.training, w.kind, fig.level, fig.occupation), "one bonus per weapon per Experience Level, up to the occupation's allowance (16.4.1.2)");
        }
    }
    let marks =
        (t.character.marksmanship_bonuses_per_level * fig.level).min(stats.artificial_bonus_limit);
    let missile = fig
        .missile_weapons
        .iter()
        .map(|m| (format!("{:?}", m.kind), m.training));
    let thrown = fig
        .thrown
        .iter()
        .map(|m| (format!("thrown {:?}", m.kind), m.training));
    for (name, training) in missile.chain(thrown) {
        if training > marks {
            r.at(r.in_figure("training"), format!("{} has {training} Marksmanship bonuses with the {name}; at level {} the most is {marks}", fig.name, fig.level), "two Marksmanship bonuses per Experience Level, up to the occupation's allowance (16.5)");
        }
    }
}

/// Shakhàn 16.8.1: the weapons' weights, each thrown one counted.
fn weapons_kg(fig: &Figure) -> f64 {
    let melee = fig.weapons.iter().map(|w| w.weight_kg);
    let missile = fig.missile_weapons.iter().map(|m| m.weight_kg);
    let thrown = fig.thrown.iter().map(|t| t.weight_kg * f64::from(t.count));
    melee.chain(missile).chain(thrown).sum()
}

/// The character sheet a figure describes.
pub fn character(fig: &Figure) -> Character {
    let s = &fig.stats;
    let occupations = std::iter::once(OccupationLevel {
        occupation: fig.occupation,
        level: fig.level,
    })
    .chain(fig.other_occupations.iter().map(|o| OccupationLevel {
        occupation: o.occupation,
        level: o.level,
    }))
    .collect();
    let missiles = fig.missile_weapons.iter().map(|m| MissileLoadout {
        source: MissileSource::Launcher(m.kind),
        quality: m.quality,
        training: m.training,
        magic: m.magic,
        ammunition: m.ammunition,
    });
    let thrown = fig.thrown.iter().map(|m| MissileLoadout {
        source: MissileSource::Thrown(m.kind),
        quality: m.quality,
        training: m.training,
        magic: m.magic,
        ammunition: m.count,
    });
    Character {
        name: fig.name.as_str().into(),
        body_form: fig.body_form,
        body_size: fig.size,
        occupations,
        requisites: Requisites {
            agility: s.agility,
            strength: s.strength,
            dexterity: s.dexterity,
            constitution: s.constitution,
            willpower: s.willpower,
            vision: s.vision,
            night_vision: s.night_vision.unwrap_or(s.vision),
            magic_resistance: s.magic_resistance,
        },
        height_m: fig.height_m,
        weight_kg: fig.weight_kg,
        carried_kg: fig.carried_kg,
        weapons_kg: weapons_kg(fig),
        martial_arts_level: fig.martial_arts,
        hide_apv: fig.hide_apv,
        strike_zone: fig.strike_zone,
        missile_zone: fig.missile_zone,
        weapons: fig
            .weapons
            .iter()
            .map(|w| MeleeLoadout {
                kind: w.kind,
                quality: w.quality,
                training: w.training,
                magic: w.magic,
                plus_to_hit: w.plus_to_hit,
                paired_with: w.paired_with.as_ref().map(|p| (p.kind, p.quality)),
            })
            .collect(),
        missile_weapons: missiles.chain(thrown).collect(),
        armour: fig
            .armour
            .iter()
            .map(|a| ArmourWorn {
                piece: a.piece,
                material: a.material,
                quality: a.quality,
                fits: a.fits,
                neck: a.neck.unwrap_or(NeckGuard::Unprotected),
            })
            .collect(),
        shield: fig.shield.as_ref().map(|s| ShieldCarried {
            material: s.material,
            size: s.size,
            quality: s.quality,
        }),
        fpr: fig.fpr,
        bdr: fig.bdr,
    }
}

/// A figure joining a battle under way (a Referee override): the same number
/// and training checks as a scenario's figures, and its sheet and derived
/// factors. Where it stands and its name are the battle's to check.
pub fn check_figure(
    fig: &Figure,
    cf_modifier: CfModifier,
) -> Result<(Character, Factors), Vec<Problem>> {
    let mut r = Report {
        text: "",
        problems: Vec::new(),
        figures: Vec::new(),
        figure: 0,
    };
    if !check_numbers(fig, &mut r) {
        return Err(r.problems);
    }
    let t = tables();
    check_training(fig, t, &mut r);
    let character = character(fig);
    let f = derive_with(&character, t, cf_modifier);
    for p in &f.armour_problems {
        r.at(None, format!("{}: {p}", fig.name), "");
    }
    for w in f.weapons.iter().filter(|w| !w.usable()) {
        let why = w.why.as_deref().unwrap_or("");
        r.at(
            None,
            format!("{} cannot use the {}: {why}", fig.name, w.name),
            "",
        );
    }
    if r.problems.is_empty() {
        Ok((character, f))
    } else {
        Err(r.problems)
    }
}
