//! Hardening shared by the property tests (`tests/suite/shakhan/engine_props.rs`), the
//! corpus replay (`tests/suite/frame/fuzz_corpus.rs`) and the fuzz targets (`fuzz/`):
//! what each fuzz target does with one input, and random battles of legal
//! and illegal commands with the engine's invariants checked after every
//! step (RELIABILITY.md "Fuzzing", "Engine invariants").
//!
//! Every step: a refused command changes nothing; no two standing figures
//! share a hex; Action Points never go negative; damage, pain and fatigue
//! spent only grow unless the Referee overrides; and at the end, replaying
//! the accepted commands gives the same state byte for byte.

// Each includer (two tests, four fuzz targets) uses a part.
#![allow(dead_code)]

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use hexmelee::dice::Dice;
use hexmelee::hex::{Facing, Hex, Pose, Step};
use hexmelee::rulesets::dragonquest::script::DqScript;
use hexmelee::rulesets::harnmaster::script::HmScript;
use hexmelee::rulesets::runemaster::script::RmScript;
use hexmelee::rulesets::shakhan::engine::{
    Battle, BusyStance, CardOrder, Command, DodgeStance, FigureMove, FigureOrders, Override,
    Pairing, Prompt, ReserveName, ShieldStance,
};
use hexmelee::rulesets::shakhan::rules::Card;
use hexmelee::rulesets::shakhan::rules::brawl::{BrawlForm, BrawlIntent};
use hexmelee::rulesets::shakhan::rules::tables::actions::Activity;
use hexmelee::rulesets::shakhan::rules::trample::DodgeChoice;
use hexmelee::rulesets::shakhan::scenario::{Checked, InitiativeSystem};
use hexmelee::rulesets::shakhan::script::Script;
use hexmelee::rulesets::shakhan::session::SaveFile;
use hexmelee::scenario::{self, ScenarioError};
use hexmelee::seam::{FigureId, SideId};

/// The shipped scenarios, embedded so the fuzz crate finds them too.
const SHIPPED: [&str; 6] = [
    include_str!("../../scenarios/duel.ron"),
    include_str!("../../scenarios/unmatched-cards.ron"),
    include_str!("../../scenarios/ambush.ron"),
    include_str!("../../scenarios/tavern-brawl.ron"),
    include_str!("../../scenarios/beast.ron"),
    include_str!("../../scenarios/skirmish.ron"),
];

/// Each shipped scenario under the standard rules, the Optional Initiative
/// System (16.9.10) and Quick Melee (16.12), checked once per process.
fn shipped_modes() -> &'static [Checked] {
    static CHECKED: OnceLock<Vec<Checked>> = OnceLock::new();
    CHECKED.get_or_init(|| {
        SHIPPED
            .iter()
            .flat_map(|text| {
                let c =
                    hexmelee::rulesets::shakhan::scenario::parse(Path::new("shipped.ron"), text)
                        .expect("shipped");
                let mut optional = c.clone();
                optional.scenario.options.initiative = InitiativeSystem::Optional;
                let mut quick = c.clone();
                quick.scenario.options.quick_melee = true;
                [c, optional, quick]
            })
            .collect()
    })
}

/// A checked scenario of whichever ruleset its text names.
#[derive(Debug)]
pub enum Loaded {
    Shakhan(Checked),
    DragonQuest(hexmelee::rulesets::dragonquest::scenario::Checked),
    RuneMaster(hexmelee::rulesets::runemaster::scenario::Checked),
    LandOfKarn(hexmelee::rulesets::landofkarn::scenario::Checked),
}

/// Parse and check scenario text of any ruleset, as the registry reads it.
pub fn parse_any(file: &Path, text: &str) -> Result<Loaded, ScenarioError> {
    use hexmelee::rulesets::{dragonquest, landofkarn, of_scenario, runemaster, shakhan};
    match of_scenario(text).name() {
        "DragonQuest" => dragonquest::scenario::parse(file, text).map(Loaded::DragonQuest),
        "RuneMaster" => runemaster::scenario::parse(file, text).map(Loaded::RuneMaster),
        "LandOfKarn" => landofkarn::scenario::parse(file, text).map(Loaded::LandOfKarn),
        _ => shakhan::scenario::parse(file, text).map(Loaded::Shakhan),
    }
}

/// Read and check a scenario file of any ruleset.
pub fn load_any(path: &Path) -> Result<Loaded, ScenarioError> {
    let text = scenario::read_text(path, "a scenario", "docs/SCENARIOS.md")?;
    parse_any(path, &text)
}

/// A file holding `bytes`, for inputs that are not UTF-8 (only a file can
/// carry them to a loader); one per thread, rewritten for each input.
fn as_file(bytes: &[u8]) -> PathBuf {
    thread_local! {
        static DIR: tempfile::TempDir = tempfile::tempdir().expect("a temporary directory");
    }
    let path = DIR.with(|d| d.path().join("input.ron"));
    std::fs::write(&path, bytes).expect("the input is written");
    path
}

/// Fuzz target `scenario`: any bytes are a checked scenario or problems.
pub fn scenario_input(bytes: &[u8]) {
    let result = match std::str::from_utf8(bytes) {
        Ok(text) => parse_any(Path::new("fuzz.ron"), text),
        Err(_) => load_any(&as_file(bytes)),
    };
    match result {
        Ok(Loaded::Shakhan(c)) => {
            assert_eq!(c.characters.len(), c.scenario.figures.len())
        }
        Ok(Loaded::DragonQuest(c)) => {
            assert_eq!(c.spec.figures.len(), c.scenario.figures.len())
        }
        Ok(Loaded::RuneMaster(c)) => {
            assert_eq!(c.setup.figures.len(), c.scenario.figures.len())
        }
        Ok(Loaded::LandOfKarn(c)) => {
            assert_eq!(c.spec.figures.len(), c.scenario.figures.len())
        }
        Err(e) => {
            assert!(!e.problems.is_empty());
            let _ = e.to_string();
        }
    }
}

/// Fuzz target `save`: any bytes are a save that loads and replays, or a
/// refusal.
pub fn save_input(bytes: &[u8]) {
    let path = Path::new("fuzz.ron");
    let result = match std::str::from_utf8(bytes) {
        Ok(text) => SaveFile::parse(path, text).and_then(|s| s.into_session(path)),
        Err(_) => hexmelee::rulesets::shakhan::session::load(&as_file(bytes)),
    };
    match result {
        Ok(loaded) => assert!(loaded.session.cursor() <= loaded.session.log().len()),
        Err(e) => {
            let _ = e.to_string();
        }
    }
}

/// Fuzz target `orders`: any bytes are orders for the duel, or problems.
pub fn orders_input(bytes: &[u8]) {
    let duel = &shipped_modes()[0];
    let result = match std::str::from_utf8(bytes) {
        Ok(text) => Script::parse(Path::new("fuzz.ron"), text, duel),
        Err(_) => Script::load(&as_file(bytes), duel),
    };
    if let Err(e) = result {
        assert!(!e.problems.is_empty());
        let _ = e.to_string();
    }
    // The same bytes as DragonQuest orders for section 32, whose script
    // places problems at an entry's own fields.
    let example = dragonquest_example();
    let result = match std::str::from_utf8(bytes) {
        Ok(text) => DqScript::parse(Path::new("fuzz.ron"), text, example),
        Err(_) => DqScript::load(&as_file(bytes), example),
    };
    if let Err(e) = result {
        assert!(!e.problems.is_empty());
        let _ = e.to_string();
    }
    // And as Rune Master orders for its duel.
    let duel = runemaster_duel();
    let result = match std::str::from_utf8(bytes) {
        Ok(text) => RmScript::parse(Path::new("fuzz.ron"), text, duel),
        Err(_) => RmScript::load(&as_file(bytes), duel),
    };
    if let Err(e) = result {
        assert!(!e.problems.is_empty());
        let _ = e.to_string();
    }
    // And as HârnMaster orders for its duel.
    let duel = harnmaster_duel();
    let result = match std::str::from_utf8(bytes) {
        Ok(text) => HmScript::parse(Path::new("fuzz.ron"), text, duel),
        Err(_) => HmScript::load(&as_file(bytes), duel),
    };
    if let Err(e) = result {
        assert!(!e.problems.is_empty());
        let _ = e.to_string();
    }
}

fn runemaster_duel() -> &'static hexmelee::rulesets::runemaster::scenario::Checked {
    static CHECKED: OnceLock<hexmelee::rulesets::runemaster::scenario::Checked> = OnceLock::new();
    CHECKED.get_or_init(|| {
        let text = include_str!("../../scenarios/rm-duel.ron");
        hexmelee::rulesets::runemaster::scenario::parse(Path::new("rm-duel.ron"), text)
            .expect("shipped")
    })
}

fn harnmaster_duel() -> &'static hexmelee::rulesets::harnmaster::scenario::Checked {
    static CHECKED: OnceLock<hexmelee::rulesets::harnmaster::scenario::Checked> = OnceLock::new();
    CHECKED.get_or_init(|| {
        let text = include_str!("../../scenarios/hm-duel.ron");
        hexmelee::rulesets::harnmaster::scenario::parse(Path::new("hm-duel.ron"), text)
            .expect("shipped")
    })
}

fn dragonquest_example() -> &'static hexmelee::rulesets::dragonquest::scenario::Checked {
    static CHECKED: OnceLock<hexmelee::rulesets::dragonquest::scenario::Checked> = OnceLock::new();
    CHECKED.get_or_init(|| {
        let text = include_str!("../../scenarios/dq-example-32.ron");
        hexmelee::rulesets::dragonquest::scenario::parse(Path::new("dq-example-32.ron"), text)
            .expect("shipped")
    })
}

/// Fuzz target `battle`: the first byte picks a shipped scenario and rule
/// mode, the next eight the seed, the rest every choice of a battle of legal
/// and odd commands ([`play`]).
pub fn battle_input(bytes: &[u8]) {
    let Some((which, rest)) = bytes.split_first() else {
        return;
    };
    let modes = shipped_modes();
    let c = &modes[usize::from(*which) % modes.len()];
    let (seed, rest) = rest.split_at(rest.len().min(8));
    let seed = seed.iter().fold(0u64, |s, b| s << 8 | u64::from(*b));
    let how = Play {
        odd_one_in: 3,
        rounds: 4,
        commands: 400,
    };
    play(c, seed, &mut Choices::Bytes(rest), &how);
}

/// Where the random choices come from: a seeded generator (property tests,
/// the campaign) or the fuzzer's bytes, which end the battle when they run
/// out so that the fuzzer's mutations steer the play.
pub enum Choices<'a> {
    Seeded(Dice),
    Bytes(&'a [u8]),
}

impl Choices<'_> {
    /// 1..=sides.
    pub fn roll(&mut self, sides: u32) -> u32 {
        match self {
            Choices::Seeded(d) => d.roll(sides),
            Choices::Bytes(b) => match b.split_first() {
                Some((first, rest)) => {
                    *b = rest;
                    u32::from(*first) % sides + 1
                }
                None => 1,
            },
        }
    }

    fn exhausted(&self) -> bool {
        matches!(self, Choices::Bytes(b) if b.is_empty())
    }
}

fn pick<T: Copy>(choice: &mut Choices, items: &[T]) -> Option<T> {
    (!items.is_empty()).then(|| items[choice.roll(items.len() as u32) as usize - 1])
}

/// A random answer that the engine must accept: orders within TCA and the
/// figure's allowed cards, and moves kept only if the engine's own check
/// passes them.
pub fn random_answer(b: &Battle, prompt: &Prompt, choice: &mut Choices) -> Command {
    match *prompt {
        Prompt::Orders { side } => Command::Orders {
            side,
            orders: b
                .figures()
                .iter()
                .filter(|f| f.side == side.0 && !f.condition.is_out())
                .filter_map(|f| {
                    let enemies: Vec<_> = b
                        .figures()
                        .iter()
                        .filter(|e| e.side != f.side && !e.condition.is_out())
                        .map(|e| Some(e.id))
                        .chain([None])
                        .collect();
                    let allowed: Vec<Card> = Card::ALL
                        .into_iter()
                        .filter(|c| f.condition.allows(*c).is_ok())
                        .collect();
                    let n = choice.roll(f.factors.tca.max(1));
                    let cards: Vec<CardOrder> = (0..n)
                        .filter_map(|_| {
                            let mut order =
                                CardOrder::new(pick(choice, &allowed)?, pick(choice, &enemies)?);
                            // Half the G cards carry a non-combat action of 1 to 10 AP.
                            if order.card == Card::G && choice.roll(2) == 1 {
                                order.action = Some(Activity::Other(choice.roll(10) as u8));
                            }
                            // Half the cards carry a brawling form (16.10.4)
                            // that suits the card and the figure.
                            let form = pick(choice, &BrawlForm::ALL)?;
                            let intent = BrawlIntent {
                                form,
                                lethal: form.may_be_lethal() && choice.roll(2) == 1,
                            };
                            if choice.roll(2) == 1
                                && intent
                                    .refusal(order.card, f.character.martial_arts_level)
                                    .is_none()
                                && (form != BrawlForm::FlyingDropKick || order.target.is_some())
                            {
                                order.brawl = Some(intent);
                            }
                            Some(order)
                        })
                        .collect();
                    let cards = drop_kicks_placed(cards, f.brawl.kick);
                    (!cards.is_empty()).then(|| FigureOrders {
                        figure: f.id,
                        cards,
                        shield: pick(
                            choice,
                            &[ShieldStance::Ask, ShieldStance::Raise, ShieldStance::Lower],
                        )
                        .unwrap(),
                        when_busy: pick(
                            choice,
                            &[BusyStance::Ask, BusyStance::Defend, BusyStance::Ignore],
                        )
                        .unwrap(),
                        dodge: pick(
                            choice,
                            &[DodgeStance::Ask, DodgeStance::Always, DodgeStance::Never],
                        )
                        .unwrap(),
                        moves: Default::default(),
                    })
                })
                .collect(),
        },
        Prompt::MovementPriority { .. } => Command::MovementPriority {
            move_first: choice.roll(2) == 1,
        },
        Prompt::DivineIntervention => Command::DivineIntervention { note: None },
        Prompt::RaiseShield { .. } => Command::RaiseShield {
            raise: choice.roll(2) == 1,
        },
        Prompt::MidAction { .. } => Command::MidAction {
            defend: choice.roll(2) == 1,
        },
        Prompt::DodgeBlow { .. } => Command::DodgeBlow {
            dodge: choice.roll(2) == 1,
        },
        Prompt::Pairings => Command::Pairings {
            pairs: b
                .figures()
                .iter()
                .filter(|f| !f.condition.is_out())
                .filter_map(|f| {
                    let enemies: Vec<_> = b
                        .figures()
                        .iter()
                        .filter(|e| e.side != f.side && !e.condition.is_out())
                        .map(|e| e.id)
                        .collect();
                    pick(choice, &enemies).map(|defender| Pairing {
                        attacker: f.id,
                        defender,
                    })
                })
                .collect(),
        },
        Prompt::Dodge { .. } => Command::Dodge {
            choice: pick(
                choice,
                &[DodgeChoice::HalfKeepCards, DodgeChoice::FullLoseCard],
            )
            .unwrap(),
        },
        Prompt::Movement { .. } | Prompt::FigureMovement { .. } => {
            let (side, only) = match *prompt {
                Prompt::FigureMovement { figure, .. } => {
                    (SideId(b.figure(figure).side), Some(figure))
                }
                Prompt::Movement { side, .. } => (side, None),
                _ => unreachable!(),
            };
            let mut moves: Vec<FigureMove> = Vec::new();
            for f in b
                .figures()
                .iter()
                .filter(|f| f.side == side.0 && f.condition.can_act())
                .filter(|f| only.is_none_or(|id| id == f.id))
            {
                let steps: Vec<Step> = (0..choice.roll(4) - 1)
                    .map(|_| match choice.roll(4) {
                        1 | 2 => Step::Forward,
                        3 => Step::Backward,
                        _ => Step::Pivot {
                            to: pick(choice, &Facing::ALL).unwrap(),
                        },
                    })
                    .collect();
                moves.push(FigureMove {
                    figure: f.id,
                    steps,
                });
                if b.check_moves(side, &moves).is_err() {
                    moves.pop();
                }
            }
            Command::Move { moves }
        }
        Prompt::Finished { .. } => unreachable!("play stops at the end"),
    }
}

/// Shakhàn 16.10.4.8: drop-kicks only on the cards the engine accepts them
/// on (the first two, a carried one's first, or the last); others are
/// stripped of the form.
fn drop_kicks_placed(mut cards: Vec<CardOrder>, carried: Option<FigureId>) -> Vec<CardOrder> {
    let kicks = |cards: &[CardOrder], i: usize| {
        cards
            .get(i)
            .filter(|c| c.brawl.is_some_and(|b| b.form == BrawlForm::FlyingDropKick))
            .map(|c| c.target)
    };
    let from = match (kicks(&cards, 0), kicks(&cards, 1)) {
        (Some(t), _) if t.is_some() && t == carried => 1,
        (Some(a), Some(b)) if a == b => 2,
        _ => 0,
    };
    let last = cards.len().saturating_sub(1);
    for c in cards.iter_mut().take(last).skip(from) {
        if c.brawl.is_some_and(|b| b.form == BrawlForm::FlyingDropKick) {
            c.brawl = None;
        }
    }
    cards
}

/// A command that may well be refused: the wrong kind for the prompt,
/// figures and sides that do not exist or are not the one asked, impossible
/// moves, and Referee overrides with odd numbers (some accepted, some not).
pub fn random_odd_command(b: &Battle, choice: &mut Choices) -> Command {
    let n = b.figures().len() as u32;
    // Mostly real figures, sometimes one past the end or far beyond.
    let figure = |choice: &mut Choices| {
        FigureId(match choice.roll(8) {
            1 => n as usize,
            2 => usize::MAX,
            _ => choice.roll(n.max(1)) as usize - 1,
        })
    };
    let number = |choice: &mut Choices| -> f64 {
        match choice.roll(6) {
            1 => f64::NAN,
            2 => f64::INFINITY,
            3 => -f64::from(choice.roll(20)),
            _ => f64::from(choice.roll(40)) / 2.0,
        }
    };
    let side = SideId(choice.roll(3) as usize - 1);
    match choice.roll(16) {
        1 => Command::MovementPriority {
            move_first: choice.roll(2) == 1,
        },
        2 => Command::RaiseShield {
            raise: choice.roll(2) == 1,
        },
        3 => Command::MidAction {
            defend: choice.roll(2) == 1,
        },
        4 => Command::DodgeBlow {
            dodge: choice.roll(2) == 1,
        },
        5 => Command::Dodge {
            choice: DodgeChoice::FullLoseCard,
        },
        6 => Command::FreshInitiative,
        7 => Command::DivineIntervention {
            note: Some("\u{1b}[2J".into()),
        },
        8 => Command::Move {
            moves: vec![FigureMove {
                figure: figure(choice),
                steps: (0..choice.roll(12))
                    .map(|_| match choice.roll(3) {
                        1 => Step::Backward,
                        _ => Step::Forward,
                    })
                    .collect(),
            }],
        },
        9 => Command::Orders {
            side,
            orders: (0..choice.roll(3))
                .map(|_| FigureOrders {
                    figure: figure(choice),
                    cards: (0..choice.roll(8) - 1)
                        .map(|_| {
                            let card = Card::ALL[choice.roll(7) as usize - 1];
                            CardOrder::new(card, Some(figure(choice)))
                        })
                        .collect(),
                    shield: ShieldStance::Raise,
                    when_busy: BusyStance::Defend,
                    dodge: DodgeStance::Never,
                    moves: Default::default(),
                })
                .collect(),
        },
        10 => Command::Pairings {
            pairs: vec![Pairing {
                attacker: figure(choice),
                defender: figure(choice),
            }],
        },
        11 => Command::Referee(Override::Heal {
            figure: figure(choice),
            damage: choice.roll(30) as i32 - 10,
            pain: number(choice),
            fatigue: number(choice),
            stop_bleeding: choice.roll(2) == 1,
            wake: choice.roll(2) == 1,
        }),
        12 => Command::Referee(Override::Wound {
            figure: figure(choice),
            area: hexmelee::rulesets::shakhan::rules::BodyArea::UpperBody,
            damage: choice.roll(30) as i32 - 10,
            pain: number(choice),
            bleeding: choice.roll(4) - 1,
            bleeding_rounds: choice.roll(4) - 1,
        }),
        13 => {
            let map = b.map();
            let near =
                |choice: &mut Choices, side: u16| choice.roll(u32::from(side) + 4) as i32 - 3;
            Command::Referee(Override::Place {
                figure: figure(choice),
                to: Pose::new(
                    Hex::new(near(choice, map.width()), near(choice, map.height())),
                    Facing::ALL[choice.roll(6) as usize - 1],
                ),
            })
        }
        14 => Command::Referee(Override::SetReserve {
            figure: figure(choice),
            reserve: [ReserveName::Bdr, ReserveName::Fpr, ReserveName::PainReserve]
                [choice.roll(3) as usize - 1],
            value: choice.roll(80) as i32 - 20,
        }),
        15 => Command::Referee(Override::RemoveFigure {
            figure: figure(choice),
        }),
        _ => Command::QuickMelee {
            on: choice.roll(2) == 1,
        },
    }
}

/// What a refused command must leave exactly as it was.
fn same_state(before: &Battle, after: &Battle) -> bool {
    before.figures() == after.figures()
        && before.prompt() == after.prompt()
        && before.round() == after.round()
        && before.phase() == after.phase()
        && before.outcome() == after.outcome()
        && before.initiative() == after.initiative()
        && before.priority() == after.priority()
        && before.commands() == after.commands()
        && before.events() == after.events()
}

/// What each figure has lost so far: damage, pain, fatigue spent.
fn losses(b: &Battle) -> Vec<(i32, f64, f64)> {
    b.figures()
        .iter()
        .map(|f| {
            let c = &f.condition;
            (c.damage(), c.pain(), c.fatigue_lost())
        })
        .collect()
}

/// The invariants that hold after every step of any battle.
fn invariants(b: &Battle, before: &[(i32, f64, f64)], overridden: bool, command: &Command) {
    let mut hexes = BTreeSet::new();
    for f in b.figures() {
        assert!(
            f.round.ap_left >= 0.0 && f.round.pulse_left >= 0.0,
            "{}: negative AP after {command:?}",
            f.name
        );
        if f.occupies() {
            assert!(
                hexes.insert(f.pose.hex),
                "two standing figures at {:?} after {command:?}",
                f.pose.hex
            );
        }
    }
    if overridden {
        return;
    }
    for (f, (damage, pain, fatigue)) in b.figures().iter().zip(before) {
        let c = &f.condition;
        assert!(
            c.damage() >= *damage && c.pain() >= *pain && c.fatigue_lost() >= *fatigue,
            "{}'s losses fell from {:?} to {:?} after {command:?}",
            f.name,
            (damage, pain, fatigue),
            (c.damage(), c.pain(), c.fatigue_lost())
        );
    }
}

/// How a random battle is played.
pub struct Play {
    /// One command in this many is an odd one (0: legal answers only).
    pub odd_one_in: u32,
    /// Normal Melee Rounds played at most.
    pub rounds: u32,
    /// Commands submitted at most.
    pub commands: u32,
}

/// What a random battle came to.
#[derive(Debug, Default, Clone, Copy)]
pub struct Tally {
    pub accepted: u64,
    pub refused: u64,
}

/// Play a random battle on `c` with `seed`, checking every invariant after
/// every step and the replay at the end; panics on the first broken one.
pub fn play(c: &Checked, seed: u64, choice: &mut Choices, how: &Play) -> Tally {
    let mut b = Battle::new(c, seed).expect("two sides");
    let mut tally = Tally::default();
    while !matches!(b.prompt(), Prompt::Finished { .. })
        && b.round() <= how.rounds
        && tally.accepted + tally.refused < u64::from(how.commands)
        && !choice.exhausted()
    {
        let prompt = b.prompt();
        let odd = how.odd_one_in > 0 && choice.roll(how.odd_one_in) == 1;
        let command = if odd {
            random_odd_command(&b, choice)
        } else {
            random_answer(&b, &prompt, choice)
        };
        let before = b.clone();
        let losses_before = losses(&b);
        match b.submit(command.clone()) {
            Ok(_) => {
                tally.accepted += 1;
                let overridden = matches!(command, Command::Referee(_));
                invariants(&b, &losses_before, overridden, &command);
            }
            Err(e) => {
                assert!(
                    odd,
                    "a legal answer was refused: {e}\n{prompt:?}\n{command:?}"
                );
                assert!(
                    same_state(&before, &b),
                    "refused {command:?} ({e}) changed the battle"
                );
                tally.refused += 1;
            }
        }
    }
    let again = Battle::replay(c, seed, b.commands()).expect("the accepted commands replay");
    assert_eq!(
        format!("{:?}{:?}", again.figures(), again.events()),
        format!("{:?}{:?}", b.figures(), b.events()),
        "the replay differs"
    );
    assert!(same_state(&again, &b), "the replay differs");
    tally
}
