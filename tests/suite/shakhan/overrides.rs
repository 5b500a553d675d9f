//! Referee overrides: each kind does what it says, is refused when it makes
//! no sense (changing nothing), shows as an override in both views, and
//! replays identically from the log.

use std::path::Path;

use hexmelee::hex::{Facing, Hex, Pose};
use hexmelee::rulesets::shakhan::ai;
use hexmelee::rulesets::shakhan::engine::{
    Battle, Command, Event, Override, Prompt, RequisiteName, ReserveName,
};
use hexmelee::rulesets::shakhan::rules::BodyArea;
use hexmelee::rulesets::shakhan::rules::condition::{Life, Morale, Rout, Status};
use hexmelee::rulesets::shakhan::rules::tables::morale::MoraleOutcome;
use hexmelee::rulesets::shakhan::scenario::Checked;
use hexmelee::seam::{FigureId, SideId, View};
use hexmelee::sim::{self};

const AULOS: FigureId = FigureId(0);
const BERRIN: FigureId = FigureId(1);

fn duel() -> Checked {
    hexmelee::rulesets::shakhan::scenario::load(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/duel.ron"),
    )
    .unwrap()
}

fn battle() -> Battle {
    Battle::new(&duel(), 1).unwrap()
}

/// Submit an override; it must be accepted and make one override event.
fn fiat(b: &mut Battle, o: Override) -> String {
    let events = b.submit(Command::Referee(o)).unwrap().to_vec();
    let Some(e @ Event::Overridden { .. }) = events.first() else {
        panic!("{events:?}");
    };
    let table = b.describe(e, View::Table).unwrap();
    let referee = b.describe(e, View::Referee).unwrap();
    assert!(table.starts_with("Referee override: "), "{table}");
    assert!(referee.starts_with("Referee override: "), "{referee}");
    referee
}

/// A refused override changes nothing.
fn refused(b: &mut Battle, o: Override) -> String {
    let before = b.clone();
    let why = b.submit(Command::Referee(o)).unwrap_err().to_string();
    assert_eq!(b.events(), before.events());
    assert_eq!(b.figures(), before.figures());
    assert_eq!(b.commands(), before.commands());
    why
}

/// The AI plays on to the end.
fn finish(b: &mut Battle) {
    sim::play(b, 60, ai::answer).unwrap();
}

#[test]
fn set_requisite_changes_the_sheet_and_its_derived_factors() {
    let mut b = battle();
    let cf = b.figure(AULOS).factors.weapons[0].cf;
    let line = fiat(
        &mut b,
        Override::SetRequisite {
            figure: AULOS,
            requisite: RequisiteName::Strength,
            value: 18,
        },
    );
    assert_eq!(line, "Referee override: Aulos' Strength is now 18");
    assert_eq!(b.figure(AULOS).character.requisites.strength, 18);
    assert_ne!(b.figure(AULOS).factors.weapons[0].cf, cf);
    fiat(
        &mut b,
        Override::SetRequisite {
            figure: AULOS,
            requisite: RequisiteName::Willpower,
            value: 17,
        },
    );
    assert_eq!(b.figure(AULOS).condition.reserves().willpower, 17);
    let why = refused(
        &mut b,
        Override::SetRequisite {
            figure: AULOS,
            requisite: RequisiteName::Agility,
            value: 0,
        },
    );
    assert!(why.contains("1 to 60"), "{why}");
}

#[test]
fn set_reserve_below_the_damage_taken_puts_the_figure_in_a_coma() {
    let mut b = battle();
    fiat(
        &mut b,
        Override::Wound {
            figure: BERRIN,
            area: BodyArea::UpperBody,
            damage: 10,
            pain: 0.0,
            bleeding: 0,
            bleeding_rounds: 0,
        },
    );
    fiat(
        &mut b,
        Override::SetReserve {
            figure: BERRIN,
            reserve: ReserveName::Bdr,
            value: 10,
        },
    );
    assert_eq!(b.figure(BERRIN).condition.reserves().bdr, 10);
    assert_eq!(b.figure(BERRIN).condition.life(), Life::Coma);
    // Blue has nobody left: the battle ends at the next check, Red winning.
    finish(&mut b);
    assert_eq!(b.outcome(), Some(Some(SideId(0))));
    let why = refused(
        &mut battle(),
        Override::SetReserve {
            figure: AULOS,
            reserve: ReserveName::Fpr,
            value: 0,
        },
    );
    assert!(why.contains("1 to 10000"), "{why}");
}

#[test]
fn wound_goes_through_the_wound_code_and_the_table_sees_no_numbers() {
    let mut b = battle();
    let bdr = b.figure(AULOS).condition.bdr_left();
    let line = fiat(
        &mut b,
        Override::Wound {
            figure: AULOS,
            area: BodyArea::Arms,
            damage: 7,
            pain: 4.5,
            bleeding: 2,
            bleeding_rounds: 5,
        },
    );
    assert!(line.contains("7 damage and 4.5 pain"), "{line}");
    let c = &b.figure(AULOS).condition;
    assert_eq!(c.bdr_left(), bdr - 7);
    assert_eq!(c.pain(), 4.5);
    assert_eq!(c.bleeding_per_round(), 2);
    let e = b.events().last().unwrap();
    let table = b.describe(e, View::Table).unwrap();
    assert_eq!(
        table,
        "Referee override: Aulos is wounded in the arms and bleeds"
    );
    // Past the BDR the figure dies (16.7).
    fiat(
        &mut b,
        Override::Wound {
            figure: AULOS,
            area: BodyArea::Head,
            damage: 1000,
            pain: 0.0,
            bleeding: 0,
            bleeding_rounds: 0,
        },
    );
    assert_eq!(b.figure(AULOS).condition.life(), Life::Dead);
    finish(&mut b);
    assert_eq!(b.outcome(), Some(Some(SideId(1))));
    let why = refused(
        &mut battle(),
        Override::Wound {
            figure: AULOS,
            area: BodyArea::Head,
            damage: 1,
            pain: f64::NAN,
            bleeding: 0,
            bleeding_rounds: 0,
        },
    );
    assert!(why.contains("pain"), "{why}");
}

#[test]
fn heal_gives_back_losses_stops_bleeding_and_wakes() {
    let mut b = battle();
    fiat(
        &mut b,
        Override::Wound {
            figure: AULOS,
            area: BodyArea::Head,
            damage: 5,
            pain: 6.0,
            bleeding: 3,
            bleeding_rounds: 9,
        },
    );
    let full = b.figure(AULOS).condition.reserves().bdr;
    fiat(
        &mut b,
        Override::SetReserve {
            figure: AULOS,
            reserve: ReserveName::Bdr,
            value: 5,
        },
    );
    assert_eq!(b.figure(AULOS).condition.life(), Life::Coma);
    fiat(
        &mut b,
        Override::SetReserve {
            figure: AULOS,
            reserve: ReserveName::Bdr,
            value: full,
        },
    );
    let line = fiat(
        &mut b,
        Override::Heal {
            figure: AULOS,
            damage: 5,
            pain: 6.0,
            fatigue: 100.0,
            stop_bleeding: true,
            wake: true,
        },
    );
    assert!(line.contains("bleeding stopped, brought round"), "{line}");
    let c = &b.figure(AULOS).condition;
    assert_eq!((c.damage(), c.pain(), c.fatigue_lost()), (0, 0.0, 0.0));
    assert_eq!(c.bleeding_per_round(), 0);
    assert_eq!(c.life(), Life::Active);
    let e = b.events().last().unwrap();
    assert_eq!(
        b.describe(e, View::Table).unwrap(),
        "Referee override: Aulos: is tended, bleeding stopped, brought round"
    );
}

#[test]
fn place_moves_and_turns_a_figure_onto_a_free_hex_only() {
    let mut b = battle();
    let to = Pose::new(Hex::from((5, 3)), Facing::N);
    let line = fiat(&mut b, Override::Place { figure: AULOS, to });
    assert_eq!(line, "Referee override: Aulos is placed at (5, 3) facing N");
    assert_eq!(b.figure(AULOS).pose, to);
    // Turning in place is a place on its own hex.
    let turned = Pose::new(Hex::from((5, 3)), Facing::SE);
    fiat(
        &mut b,
        Override::Place {
            figure: AULOS,
            to: turned,
        },
    );
    assert_eq!(b.figure(AULOS).pose, turned);
    let occupied = refused(
        &mut b,
        Override::Place {
            figure: AULOS,
            to: Pose::new(Hex::from((6, 3)), Facing::N),
        },
    );
    assert!(occupied.contains("Berrin stands at (6, 3)"), "{occupied}");
    let off = refused(
        &mut b,
        Override::Place {
            figure: AULOS,
            to: Pose::new(Hex::from((40, 3)), Facing::N),
        },
    );
    assert!(off.contains("off the 9x7 map"), "{off}");
    let nobody = refused(
        &mut b,
        Override::Place {
            figure: FigureId(9),
            to,
        },
    );
    assert_eq!(nobody, "there is no figure #9");
}

#[test]
fn add_figure_derives_it_like_a_scenario_and_gives_it_the_next_number() {
    let checked = duel();
    let mut b = Battle::new(&checked, 2).unwrap();
    let mut spec = checked.scenario.figures[0].clone();
    spec.name = "Cassia".into();
    spec.at = Hex::from((2, 5));
    let line = fiat(
        &mut b,
        Override::AddFigure {
            figure: Box::new(spec.clone()),
        },
    );
    assert_eq!(line, "Referee override: Cassia joins Red at (2, 5)");
    let cassia = b.figure(FigureId(2));
    assert_eq!((cassia.name.as_str(), cassia.side), ("Cassia", 0));
    assert_eq!(cassia.factors, checked.factors[0]);
    // Red now has two in the fight, and the battle plays on to its end.
    finish(&mut b);
    assert!(b.outcome().is_some());
    let mut b = battle();
    let twice = refused(
        &mut b,
        Override::AddFigure {
            figure: Box::new(checked.scenario.figures[1].clone()),
        },
    );
    assert!(twice.contains("already named \"Berrin\""), "{twice}");
    spec.side = "Green".into();
    let side = refused(
        &mut b,
        Override::AddFigure {
            figure: Box::new(spec.clone()),
        },
    );
    assert!(side.contains("not in the battle"), "{side}");
    spec.side = "Red".into();
    spec.stats.strength = 200;
    let numbers = refused(
        &mut b,
        Override::AddFigure {
            figure: Box::new(spec),
        },
    );
    assert!(numbers.contains("strength is 200"), "{numbers}");
}

#[test]
fn remove_figure_takes_it_off_the_field_and_the_battle_ends() {
    let mut b = battle();
    let line = fiat(&mut b, Override::RemoveFigure { figure: BERRIN });
    assert_eq!(line, "Referee override: Berrin is taken off the field");
    let f = b.figure(BERRIN);
    assert_eq!(f.condition.status(), Status::Removed);
    assert!(!f.occupies() && f.condition.is_out());
    // Its hex is free, its number kept, and nothing more can be done to it.
    fiat(
        &mut b,
        Override::Place {
            figure: AULOS,
            to: Pose::new(Hex::from((6, 3)), Facing::N),
        },
    );
    let gone = refused(&mut b, Override::RemoveFigure { figure: BERRIN });
    assert!(gone.contains("taken off the field"), "{gone}");
    finish(&mut b);
    assert_eq!(b.outcome(), Some(Some(SideId(0))));
}

#[test]
fn set_morale_forces_a_result_and_a_routed_figure_runs() {
    let mut b = battle();
    fiat(
        &mut b,
        Override::SetMorale {
            figure: AULOS,
            morale: Morale::Fanatic,
        },
    );
    assert_eq!(b.figure(AULOS).condition.morale(), Morale::Fanatic);
    let rout = Morale::Routed(Rout {
        outcome: MoraleOutcome::Demoralized,
        minutes: 10,
        return_chance: 20,
    });
    let line = fiat(
        &mut b,
        Override::SetMorale {
            figure: BERRIN,
            morale: rout,
        },
    );
    assert!(line.starts_with("Referee override: Berrin is "), "{line}");
    assert_eq!(b.figure(BERRIN).condition.status(), Status::Fled);
    finish(&mut b);
    assert_eq!(b.outcome(), Some(Some(SideId(0))));
}

#[test]
fn set_initiative_gives_the_side_the_initiative() {
    let mut b = battle();
    let side = SideId(1 - b.initiative().unwrap().0);
    let line = fiat(&mut b, Override::SetInitiative { side });
    assert!(line.ends_with("has the Initiative"), "{line}");
    assert_eq!(b.initiative(), Some(side));
    let why = refused(&mut b, Override::SetInitiative { side: SideId(2) });
    assert_eq!(why, "there is no side 2");
}

#[test]
fn reroll_discards_dice_and_needs_a_reason() {
    let mut a = battle();
    let mut b = battle();
    let line = fiat(
        &mut b,
        Override::Reroll {
            reason: "cocked die".into(),
            dice: 2,
        },
    );
    assert!(
        line.starts_with("Referee override: dice re-rolled (cocked die); discarded ["),
        "{line}"
    );
    let e = b.events().last().unwrap();
    assert_eq!(
        b.describe(e, View::Table).unwrap(),
        "Referee override: dice re-rolled (cocked die)"
    );
    finish(&mut a);
    finish(&mut b);
    assert_ne!(
        a.events(),
        &b.events()[..a.events().len().min(b.events().len())]
    );
    let why = refused(
        &mut battle(),
        Override::Reroll {
            reason: "".into(),
            dice: 1,
        },
    );
    assert!(why.contains("say why"), "{why}");
    let why = refused(
        &mut battle(),
        Override::Reroll {
            reason: "x".into(),
            dice: 0,
        },
    );
    assert!(why.contains("1 to 10"), "{why}");
}

#[test]
fn overrides_are_refused_once_the_battle_is_over() {
    let mut b = battle();
    finish(&mut b);
    assert!(matches!(b.prompt(), Prompt::Finished { .. }));
    let why = refused(&mut b, Override::SetInitiative { side: SideId(0) });
    assert_eq!(why, "the battle is over");
}

/// Every kind in one battle, at every kind of prompt: the log replays to the
/// same events and figures.
#[test]
fn every_override_kind_replays_identically() {
    let checked = duel();
    let mut b = Battle::new(&checked, 5).unwrap();
    let mut spec = checked.scenario.figures[1].clone();
    spec.name = "Dardo".into();
    spec.at = Hex::from((7, 1));
    let kinds = vec![
        Override::SetRequisite {
            figure: AULOS,
            requisite: RequisiteName::Dexterity,
            value: 14,
        },
        Override::SetReserve {
            figure: BERRIN,
            reserve: ReserveName::PainReserve,
            value: 30,
        },
        Override::Wound {
            figure: BERRIN,
            area: BodyArea::Legs,
            damage: 3,
            pain: 2.0,
            bleeding: 1,
            bleeding_rounds: 3,
        },
        Override::Heal {
            figure: BERRIN,
            damage: 1,
            pain: 0.5,
            fatigue: 1.0,
            stop_bleeding: false,
            wake: false,
        },
        Override::Place {
            figure: AULOS,
            to: Pose::new(Hex::from((3, 3)), Facing::SE),
        },
        Override::AddFigure {
            figure: Box::new(spec),
        },
        Override::SetMorale {
            figure: AULOS,
            morale: Morale::Shaken,
        },
        Override::SetInitiative { side: SideId(0) },
        Override::Reroll {
            reason: "test".into(),
            dice: 1,
        },
        Override::RemoveFigure {
            figure: FigureId(2),
        },
    ];
    let mut kinds = kinds.into_iter();
    let mut n = 0;
    while !matches!(b.prompt(), Prompt::Finished { .. }) && b.round() < 40 {
        if n % 3 == 0
            && let Some(o) = kinds.next()
        {
            b.submit(Command::Referee(o)).unwrap();
        }
        let p = b.prompt();
        if matches!(p, Prompt::Finished { .. }) {
            break;
        }
        b.submit(ai::answer(&b, &p)).unwrap();
        n += 1;
    }
    assert!(kinds.next().is_none(), "every kind was used");
    let again = Battle::replay(&checked, 5, b.commands()).unwrap();
    assert_eq!(again.events(), b.events());
    assert_eq!(again.figures(), b.figures());
    assert_eq!(
        b.events()
            .iter()
            .filter(|e| matches!(e, Event::Overridden { .. }))
            .count(),
        10
    );
}
