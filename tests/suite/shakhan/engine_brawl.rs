//! Brawling and Martial Arts (Shakhàn 16.10.4, 16.14.3.5) through the
//! engine's public seam, with scripted dice. Test names carry the section.

use std::path::Path;

use hexmelee::dice::Dice;
use hexmelee::hex::{Facing, Hex, Step};
use hexmelee::rulesets::shakhan::engine::{
    Battle, BrawlEvent, BusyStance, CardOrder, Command, Event, FigureMove, FigureOrders, Phase,
    Prompt, ShieldStance, StrikeEvent,
};
use hexmelee::rulesets::shakhan::rules::brawl::{BrawlForm, BrawlIntent};
use hexmelee::rulesets::shakhan::rules::condition::{PlayedCard, round_fatigue};
use hexmelee::rulesets::shakhan::rules::{BodyArea, Card};
use hexmelee::rulesets::shakhan::scenario::Checked;
use hexmelee::seam::{FigureId, SideId, View};
use hexmelee::sim;

fn parse(text: &str) -> Checked {
    hexmelee::rulesets::shakhan::scenario::parse(Path::new("test.ron"), text)
        .unwrap_or_else(|e| panic!("{e}"))
}

/// Two bare-handed figures on an open 8x8 map: A at `a_at` facing S, B at
/// (3, 4) facing N; `a` and `b` add to their bodies (hands and feet unless
/// they give weapons).
fn two(a_at: (i32, i32), a: &str, b: &str) -> Checked {
    let bare = |body: &str| {
        if body.contains("weapons:") {
            body.to_string()
        } else {
            format!("weapons: [(kind: HandsFeet, quality: Usual)], {body}")
        }
    };
    let (a, b) = (bare(a), bare(b));
    parse(&format!(
        r#"Scenario(name: "t", ruleset: Shakhan, options: (free_rounds: false),
            map: (width: 8, height: 8),
            sides: [(name: "A", colour: Red), (name: "B", colour: Blue)],
            figures: [
                (name: "Ana", side: "A", occupation: Warrior, level: 2, height_m: 1.75,
                 weight_kg: 72.0, at: ({}, {}), facing: S, {a}),
                (name: "Bo", side: "B", occupation: Warrior, level: 1, height_m: 1.7,
                 weight_kg: 70.0, at: (3, 4), facing: N, {b}),
            ])"#,
        a_at.0, a_at.1
    ))
}

const STATS: &str = "stats: (agility: 12, strength: 12, dexterity: 12, constitution: 12, willpower: 12, vision: 11)";

/// One card: the card, its target, and its brawling form.
type Written = (Card, Option<usize>, Option<BrawlIntent>);

fn orders(side: usize, figure: usize, cards: &[Written]) -> Command {
    Command::Orders {
        side: SideId(side),
        orders: vec![FigureOrders {
            figure: FigureId(figure),
            cards: cards
                .iter()
                .map(|(c, t, b)| CardOrder {
                    brawl: *b,
                    ..CardOrder::new(*c, t.map(FigureId))
                })
                .collect(),
            shield: ShieldStance::Raise,
            when_busy: BusyStance::Ask,
            dodge: Default::default(),
            moves: Default::default(),
        }],
    }
}

fn form(f: BrawlForm) -> Option<BrawlIntent> {
    Some(BrawlIntent::new(f))
}

fn settle(b: &mut Battle) {
    b.submit(Command::MovementPriority { move_first: true })
        .unwrap();
    b.submit(Command::DivineIntervention { note: None })
        .unwrap();
}

fn stand_until_orders(b: &mut Battle) {
    while let Prompt::Movement { .. } = b.prompt() {
        b.submit(Command::Move { moves: vec![] }).unwrap();
    }
}

fn strikes(b: &Battle) -> Vec<&StrikeEvent> {
    b.events()
        .iter()
        .filter_map(|e| match e {
            Event::Strike(s) => Some(s.as_ref()),
            _ => None,
        })
        .collect()
}

fn brawl_events(b: &Battle) -> Vec<&BrawlEvent> {
    b.events()
        .iter()
        .filter_map(|e| match e {
            Event::Brawl(x) => Some(x),
            _ => None,
        })
        .collect()
}

/// Initiative 95 v 30: side A has it (plain A*), as in tests/suite/shakhan/engine_rules.rs.
const A_FIRST: [u32; 2] = [95, 30];

fn dice(rest: &[u32]) -> Dice {
    Dice::scripted(A_FIRST.iter().chain(rest).copied())
}

#[test]
fn s16_10_4_brawling_is_announced_with_the_orders_and_checked() {
    let c = two((3, 3), STATS, &format!("{STATS}, martial_arts: 2"));
    let mut b = Battle::with_dice(&c, dice(&[])).unwrap();
    // A hand-chop needs Martial Arts; a punch is made under B, A or C; a
    // haymaker is aimed at the head; only chops and kicks may be lethal.
    for (card, intent, why) in [
        (Card::B, form(BrawlForm::HandChop), "Martial Arts"),
        (Card::D, form(BrawlForm::Punch), "B, A or C"),
        (Card::B, form(BrawlForm::Block), "D or E"),
        (
            Card::B,
            Some(BrawlIntent {
                form: BrawlForm::Punch,
                lethal: true,
            }),
            "lethal",
        ),
    ] {
        let err = b
            .submit(orders(0, 0, &[(card, Some(1), intent)]))
            .unwrap_err();
        assert!(err.0.contains(why), "{err}");
    }
    let mut aimed = CardOrder::new(Card::B, Some(FigureId(1)));
    aimed.brawl = form(BrawlForm::Haymaker);
    aimed.aim = Some(BodyArea::Legs);
    let err = b
        .submit(Command::Orders {
            side: SideId(0),
            orders: vec![FigureOrders {
                figure: FigureId(0),
                cards: vec![aimed],
                shield: ShieldStance::Raise,
                when_busy: BusyStance::Ask,
                dodge: Default::default(),
                moves: Default::default(),
            }],
        })
        .unwrap_err();
    assert!(err.0.contains("head"), "{err}");
    assert!(b.events().iter().all(|e| !matches!(e, Event::Brawl(_))));
    b.submit(orders(0, 0, &[(Card::D, Some(1), form(BrawlForm::Block))]))
        .unwrap();
    b.submit(orders(
        1,
        1,
        &[(
            Card::D,
            Some(0),
            Some(BrawlIntent {
                form: BrawlForm::MartialBlock,
                lethal: false,
            }),
        )],
    ))
    .unwrap();
    let announced: Vec<String> = b
        .events()
        .iter()
        .filter(|e| matches!(e, Event::Brawl(BrawlEvent::Announced { .. })))
        .filter_map(|e| b.describe(e, View::Table))
        .collect();
    assert_eq!(
        announced,
        [
            "Ana announces brawling — card 1: block",
            "Bo announces brawling — card 1: martial-arts block"
        ]
    );
}

#[test]
fn s16_10_4_lethal_declaration_is_for_the_referee_only() {
    let c = two((3, 3), &format!("{STATS}, martial_arts: 2"), STATS);
    let mut b = Battle::with_dice(&c, dice(&[])).unwrap();
    let lethal = Some(BrawlIntent {
        form: BrawlForm::HandChop,
        lethal: true,
    });
    b.submit(orders(0, 0, &[(Card::B, Some(1), lethal)]))
        .unwrap_or_else(|e| panic!("{e}"));
    b.submit(orders(1, 1, &[(Card::D, Some(0), None)])).unwrap();
    let e = b
        .events()
        .iter()
        .find(|e| matches!(e, Event::Brawl(BrawlEvent::Announced { .. })))
        .unwrap();
    let table = b.describe(e, View::Table).unwrap();
    let referee = b.describe(e, View::Referee).unwrap();
    assert!(!table.contains("lethal"), "{table}");
    assert!(
        referee.contains("martial-arts hand-chop (lethal)"),
        "{referee}"
    );
}

#[test]
fn s16_10_4_2_punch_uses_the_basic_cf_and_half_an_ap() {
    // Ana (Warrior 2) has trained her fists, but a brawler's CF is the 16.4
    // base and Level Modifier only (36, not her weapon CF). Strike 10;
    // location 30 upper body; armour check 10 on skin: p; 2D2 = 2+2, half =
    // 2 damage; Bo's morale check 20.
    let c = two(
        (3, 3),
        &STATS.replace(
            "stats",
            "weapons: [(kind: HandsFeet, quality: Usual, training: 2)], stats",
        ),
        STATS,
    );
    let mut b = Battle::with_dice(&c, dice(&[10, 30, 10, 2, 2, 20])).unwrap();
    b.submit(orders(0, 0, &[(Card::C, Some(1), form(BrawlForm::Punch))]))
        .unwrap();
    b.submit(orders(1, 1, &[(Card::D, Some(0), None)])).unwrap();
    let ap_before = b.figure(FigureId(0)).round.ap_left;
    settle(&mut b);
    let s = strikes(&b);
    assert_eq!(s.len(), 1);
    let e = &s[0].explanation();
    assert!(
        e.starts_with("Ana (C, punch) on Bo (D): brawling CF"),
        "{e}"
    );
    assert_eq!(s[0].wounds[0].damage, 2, "{e}");
    assert_eq!(s[0].ap, 0.5);
    assert_eq!(b.figure(FigureId(0)).round.ap_left, ap_before - 0.5);
    let ana = b.figure(FigureId(0));
    assert_eq!(ana.factors.basic_cf.0, 36);
    assert!(ana.factors.weapons[0].cf.unwrap().0 > 36);
    // Bo's CF too is his basic one.
    assert!(
        e.contains(&format!(
            "brawling CF 36 against {}",
            b.figure(FigureId(1)).factors.basic_cf
        )),
        "{e}"
    );
}

#[test]
fn s16_10_4_3_haymaker_knocks_the_victim_out_cold() {
    // Ana, Strength 16, against Bo's Willpower 10: (16 − 10) × 6 = 36.
    // Strike 01; aimed at the head, Dexterity 12 × 5 = 60: 30 lands; armour
    // check 10: p; 2D2 = 1+1 → 1; knockout 36 within 36; 1D10 = 4 minutes.
    let c = two(
        (3, 3),
        "stats: (agility: 12, strength: 16, dexterity: 12, constitution: 12, willpower: 12, vision: 11)",
        "stats: (agility: 12, strength: 12, dexterity: 12, constitution: 12, willpower: 10, vision: 11)",
    );
    let mut b = Battle::with_dice(&c, dice(&[1, 30, 10, 1, 1, 36, 4])).unwrap();
    b.submit(orders(
        0,
        0,
        &[(Card::C, Some(1), form(BrawlForm::Haymaker))],
    ))
    .unwrap();
    b.submit(orders(1, 1, &[(Card::D, Some(0), None)])).unwrap();
    settle(&mut b);
    let s = strikes(&b);
    assert!(
        s[0].explanation()
            .contains("knockout chance 36: rolled 36 — out cold for 1D10 = 4 minutes"),
        "{}",
        s[0].explanation()
    );
    assert!(!b.figure(FigureId(1)).condition.can_act());
    let table = b.describe(&Event::Strike(Box::new(s[0].clone())), View::Table);
    assert!(table.unwrap().contains("knocked out cold"));
    stand_until_orders(&mut b);
    assert_eq!(b.outcome(), Some(Some(SideId(0))));
}

/// Ana, Strength 14 and Agility 14, grapples Bo (12 and 12): (28 − 24) × 5 = 20.
fn grapplers() -> Checked {
    two(
        (3, 3),
        "stats: (agility: 14, strength: 14, dexterity: 12, constitution: 12, willpower: 12, vision: 11)",
        STATS,
    )
}

#[test]
fn s16_10_4_1_grapple_holds_then_the_check_is_repeated_each_round() {
    // Round 1: strike 10, grapple check 15 within 20: held. Round 2: the
    // check at its end, 50 over 20: Bo breaks free.
    let mut b = Battle::with_dice(&grapplers(), dice(&[10, 15, 50])).unwrap();
    b.submit(orders(
        0,
        0,
        &[(Card::C, Some(1), form(BrawlForm::Grapple))],
    ))
    .unwrap();
    b.submit(orders(1, 1, &[(Card::C, Some(0), form(BrawlForm::Punch))]))
        .unwrap();
    settle(&mut b);
    let s = strikes(&b);
    assert_eq!(s.len(), 1, "Bo, held, does not strike back");
    assert!(
        s[0].explanation().contains("grapple check"),
        "{}",
        s[0].explanation()
    );
    assert!(s[0].explanation().contains("= 20; rolled 15 — Bo is held"));
    assert!(b.in_hold(FigureId(1)) && b.in_hold(FigureId(0)));
    assert_eq!(b.holding(FigureId(0)), Some(FigureId(1)));
    assert_eq!(b.holders_of(FigureId(1)), [FigureId(0)]);
    let err = b
        .check_moves(
            SideId(1),
            &[FigureMove {
                figure: FigureId(1),
                steps: vec![Step::Forward],
            }],
        )
        .unwrap_err();
    assert!(err.0.contains("hold"), "{err}");
    // Nobody in the hold may move, so every Action Phase passes unasked and
    // the next round's orders are called for; the hold is not checked again
    // in the round it was taken.
    assert_eq!(b.prompt(), Prompt::Orders { side: SideId(0) });
    assert!(b.events().iter().all(|e| !matches!(e, Event::Moved { .. })));
    assert!(
        brawl_events(&b)
            .iter()
            .all(|e| !matches!(e, BrawlEvent::HoldChecked { .. }))
    );
    // Round 2: Ana keeps her hold with G; Bo's B is played as G.
    b.submit(orders(0, 0, &[(Card::G, None, None)])).unwrap();
    b.submit(orders(1, 1, &[(Card::B, Some(0), form(BrawlForm::Punch))]))
        .unwrap();
    let revealed = b
        .events()
        .iter()
        .rev()
        .find_map(|e| match e {
            Event::OrdersRevealed { orders, .. } => Some(orders.clone()),
            _ => None,
        })
        .unwrap();
    assert_eq!(revealed[1].cards[0].card, Card::G);
    let fatigue_before = [0, 1].map(|i| b.figure(FigureId(i)).condition.fatigue_lost());
    settle(&mut b);
    stand_until_orders(&mut b);
    let checked = brawl_events(&b)
        .into_iter()
        .find_map(|e| match e {
            BrawlEvent::HoldChecked {
                threshold,
                roll,
                kept,
                ..
            } => Some((*threshold, *roll, *kept)),
            _ => None,
        })
        .expect("the hold is checked at the end of round 2");
    assert_eq!(checked, (20, 50, false));
    assert!(!b.in_hold(FigureId(1)));
    // 1 Fatigue to hold, 2 to try to break free, beyond the G card's own.
    let g = round_fatigue(&[PlayedCard::plain(Card::G)]);
    let spent = [0, 1].map(|i| b.figure(FigureId(i)).condition.fatigue_lost() - fatigue_before[i]);
    assert_eq!(spent, [g + 1.0, g + 2.0]);
}

#[test]
fn s16_10_4_1_a_holder_playing_another_card_lets_go() {
    let mut b = Battle::with_dice(&grapplers(), dice(&[10, 15])).unwrap();
    b.submit(orders(
        0,
        0,
        &[(Card::C, Some(1), form(BrawlForm::Grapple))],
    ))
    .unwrap();
    b.submit(orders(1, 1, &[(Card::D, Some(0), None)])).unwrap();
    settle(&mut b);
    stand_until_orders(&mut b);
    assert!(b.in_hold(FigureId(1)));
    b.submit(orders(0, 0, &[(Card::D, Some(1), None)])).unwrap();
    b.submit(orders(1, 1, &[(Card::D, Some(0), None)])).unwrap();
    assert!(brawl_events(&b).iter().any(|e| matches!(
        e,
        BrawlEvent::Released {
            holder: FigureId(0),
            held: FigureId(1)
        }
    )));
    assert!(!b.in_hold(FigureId(1)));
}

#[test]
fn s16_10_4_5_block_lands_on_the_arms_halved() {
    // Bo blocks with the arms (Dexterity 12 × 5 = 60; Agility 12 is no
    // better): 40 passes. Kick: strike 10, armour check 10: p; 2D2 = 2+2 →
    // 2, +1 kick = 3, halved to 1; Bo's morale 20.
    let c = two((3, 3), STATS, STATS);
    let mut b = Battle::with_dice(&c, dice(&[10, 40, 10, 2, 2, 20])).unwrap();
    b.submit(orders(0, 0, &[(Card::C, Some(1), form(BrawlForm::Kick))]))
        .unwrap();
    b.submit(orders(1, 1, &[(Card::D, Some(0), form(BrawlForm::Block))]))
        .unwrap();
    settle(&mut b);
    let w = &strikes(&b)[0].wounds[0];
    assert_eq!((w.area, w.damage), (BodyArea::Arms, 1));
}

#[test]
fn s16_10_4_10_throw_puts_the_oncoming_attacker_down_beyond_the_thrower() {
    // Ana (Martial Arts 4) plays D with a throw; Bo attacks under B and
    // misses (99); throw chance (4 − 0) × 10 = 40: 20 throws Bo over Ana to
    // (3, 2), prone and unbalanced.
    let c = two((3, 3), &format!("{STATS}, martial_arts: 4"), STATS);
    let mut b = Battle::with_dice(&c, dice(&[99, 20])).unwrap();
    b.submit(orders(0, 0, &[(Card::D, Some(1), form(BrawlForm::Throw))]))
        .unwrap();
    b.submit(orders(1, 1, &[(Card::B, Some(0), form(BrawlForm::Punch))]))
        .unwrap();
    settle(&mut b);
    let bo = b.figure(FigureId(1));
    assert!(bo.condition.is_prone());
    assert_eq!(bo.pose.hex, Hex::new(3, 2));
    assert_eq!(bo.condition.cards_to_lose(), 1);
    let e = brawl_events(&b)
        .into_iter()
        .find(|e| matches!(e, BrawlEvent::Throw { .. }))
        .unwrap();
    let line = b.describe(&Event::Brawl(e.clone()), View::Table).unwrap();
    assert!(
        line.contains("= 40; rolled 20 — Bo is thrown to the ground at (3, 2)"),
        "{line}"
    );
}

#[test]
fn s16_10_4_10_failed_throw_unbalances_the_thrower() {
    let c = two((3, 3), &format!("{STATS}, martial_arts: 4"), STATS);
    let mut b = Battle::with_dice(&c, dice(&[99, 41])).unwrap();
    b.submit(orders(0, 0, &[(Card::D, Some(1), form(BrawlForm::Throw))]))
        .unwrap();
    b.submit(orders(1, 1, &[(Card::B, Some(0), form(BrawlForm::Punch))]))
        .unwrap();
    settle(&mut b);
    let ana = b.figure(FigureId(0));
    assert!(!ana.condition.is_prone());
    assert!(ana.round.cards[0].lost || ana.condition.cards_to_lose() == 1);
    assert!(!b.figure(FigureId(1)).condition.is_prone());
}

#[test]
fn s16_10_4_10_no_throw_against_a_figure_not_oncoming() {
    // Bo plays E (no attack): nothing to throw, no die rolled.
    let c = two((3, 3), &format!("{STATS}, martial_arts: 4"), STATS);
    let mut b = Battle::with_dice(&c, dice(&[])).unwrap();
    b.submit(orders(0, 0, &[(Card::D, Some(1), form(BrawlForm::Throw))]))
        .unwrap();
    b.submit(orders(1, 1, &[(Card::E, Some(0), None)])).unwrap();
    settle(&mut b);
    assert!(
        brawl_events(&b)
            .iter()
            .all(|e| !matches!(e, BrawlEvent::Throw { .. }))
    );
}

/// Ana, a martial artist (level 3) with Agility and Dexterity for two
/// cards, two hexes north of Bo, facing him.
fn kicker(level: u32, agility: u32) -> Checked {
    two(
        (3, 2),
        &format!(
            "stats: (agility: {agility}, strength: 12, dexterity: 16, constitution: 12, willpower: 12, vision: 11), martial_arts: {level}"
        ),
        STATS,
    )
}

#[test]
fn s16_14_3_5_s16_10_4_8_drop_kick_lands_in_the_special_manoeuvre_phase() {
    // Run-up (16 + 30) × 5 = 230: 50 passes. Strike 10; location 30 upper
    // body; armour check 10 +5: p; 2D2 = 2+2 → 2, +1D4 = 3: 5 damage and one
    // card lost; Bo's morale 20. Ana lands behind Bo at (3, 5).
    let c = kicker(3, 16);
    let mut b = Battle::with_dice(&c, dice(&[50, 10, 30, 10, 2, 2, 3, 20])).unwrap();
    let dk = form(BrawlForm::FlyingDropKick);
    b.submit(orders(
        0,
        0,
        &[(Card::B, Some(1), dk), (Card::B, Some(1), dk)],
    ))
    .unwrap();
    b.submit(orders(1, 1, &[(Card::D, Some(0), None)])).unwrap();
    let ap = b.figure(FigureId(0)).round.ap_left;
    settle(&mut b);
    // In order: the phase, the run-up, the strike, the landing, then pulse 1.
    let at = |pred: &dyn Fn(&Event) -> bool| b.events().iter().position(pred).unwrap();
    let phase = at(&|e| {
        matches!(
            e,
            Event::PhaseBegan {
                phase: Phase::SpecialManeuver
            }
        )
    });
    let run = at(&|e| matches!(e, Event::Brawl(BrawlEvent::RunUp { passed: true, .. })));
    let strike = at(&|e| matches!(e, Event::Strike(_)));
    let landed = at(&|e| matches!(e, Event::Brawl(BrawlEvent::Landed { .. })));
    let pulse = at(&|e| {
        matches!(
            e,
            Event::PhaseBegan {
                phase: Phase::Attack { pulse: 1, .. }
            }
        )
    });
    assert!(phase < run && run < strike && strike < landed && landed < pulse);
    let s = &strikes(&b)[0];
    assert!(
        s.explanation()
            .starts_with("Ana (B, flying drop-kick) on Bo (D)"),
        "{}",
        s.explanation()
    );
    assert_eq!((s.wounds[0].damage, s.wounds[0].unbalanced), (5, 1));
    let ana = b.figure(FigureId(0));
    assert_eq!(ana.pose.hex, Hex::new(3, 5));
    assert_eq!(ana.pose.facing, Facing::S);
    // Five steps of run-up and the kick: 5.5 AP; both cards are spent.
    assert_eq!(ana.round.ap_left, ap - 5.5);
    assert_eq!(b.current_card(FigureId(0)), None);
}

#[test]
fn s16_10_4_8_failed_run_up_falls_prone_half_way() {
    // Martial Arts 1, Agility 9 (one card a round: the kick is begun in
    // round 1 and made in round 2): (9 + 10) × 5 = 95; 96 fails. Ana falls
    // prone at (3, 3), doubly unbalanced.
    let c = kicker(1, 9);
    let mut b = Battle::with_dice(&c, dice(&[96])).unwrap();
    let dk = form(BrawlForm::FlyingDropKick);
    for _ in 0..2 {
        b.submit(orders(0, 0, &[(Card::B, Some(1), dk)]))
            .unwrap_or_else(|e| panic!("{e}"));
        b.submit(orders(1, 1, &[(Card::D, Some(0), None)])).unwrap();
        settle(&mut b);
        if b.figure(FigureId(0)).condition.is_prone() {
            break;
        }
        stand_until_orders(&mut b);
    }
    let ana = b.figure(FigureId(0));
    assert!(ana.condition.is_prone());
    assert_eq!(ana.pose.hex, Hex::new(3, 3));
    assert_eq!(ana.condition.cards_to_lose(), 2);
    assert!(strikes(&b).is_empty());
}

#[test]
fn s16_10_4_8_drop_kick_over_two_rounds_is_seen_coming() {
    // Round 1: the kick is begun on the only card. Round 2: carried on with
    // the first card; Bo's CF is doubled. Run-up 50; strike 99: a miss. Ana
    // still lands behind Bo.
    let c = kicker(3, 16);
    let mut b = Battle::with_dice(&c, dice(&[50, 99])).unwrap();
    let dk = form(BrawlForm::FlyingDropKick);
    b.submit(orders(0, 0, &[(Card::B, Some(1), dk)])).unwrap();
    b.submit(orders(1, 1, &[(Card::D, Some(0), None)])).unwrap();
    assert!(
        brawl_events(&b)
            .iter()
            .any(|e| matches!(e, BrawlEvent::KickBegun { .. }))
    );
    settle(&mut b);
    assert!(
        strikes(&b).is_empty(),
        "the card begun on does not strike: {:?}",
        b.events()
            .iter()
            .filter_map(|e| b.describe(e, View::Referee))
            .collect::<Vec<_>>()
    );
    stand_until_orders(&mut b);
    b.submit(orders(0, 0, &[(Card::B, Some(1), dk)])).unwrap();
    b.submit(orders(1, 1, &[(Card::D, Some(0), None)])).unwrap();
    settle(&mut b);
    let s = &strikes(&b)[0];
    assert!(
        s.explanation().contains("(doubled: seen coming)"),
        "{}",
        s.explanation()
    );
    assert_eq!(b.figure(FigureId(0)).pose.hex, Hex::new(3, 5));
}

#[test]
fn s16_10_4_8_drop_kick_takes_two_consecutive_cards() {
    let c = kicker(3, 16);
    let mut b = Battle::with_dice(&c, dice(&[])).unwrap();
    let dk = form(BrawlForm::FlyingDropKick);
    let err = b
        .submit(orders(
            0,
            0,
            &[(Card::B, Some(1), dk), (Card::B, Some(1), None)],
        ))
        .unwrap_err();
    assert!(err.0.contains("two consecutive cards"), "{err}");
    let err = b.submit(orders(0, 0, &[(Card::B, None, dk)])).unwrap_err();
    assert!(err.0.contains("target"), "{err}");
}

#[test]
fn s16_10_4_8_drop_kick_needs_a_straight_leap() {
    // Bo one hex to the side: the kick comes to nothing, its cards spent.
    let c = two(
        (2, 3),
        "stats: (agility: 16, strength: 12, dexterity: 16, constitution: 12, willpower: 12, vision: 11), martial_arts: 3",
        STATS,
    );
    let mut b = Battle::with_dice(&c, dice(&[])).unwrap();
    let dk = form(BrawlForm::FlyingDropKick);
    b.submit(orders(
        0,
        0,
        &[(Card::B, Some(1), dk), (Card::B, Some(1), dk)],
    ))
    .unwrap();
    b.submit(orders(1, 1, &[(Card::D, Some(0), None)])).unwrap();
    settle(&mut b);
    let why = brawl_events(&b).into_iter().find_map(|e| match e {
        BrawlEvent::KickAbandoned { why, .. } => Some(why.clone()),
        _ => None,
    });
    assert_eq!(
        why.as_deref(),
        Some("the target is not one or two hexes straight ahead")
    );
    assert!(strikes(&b).is_empty());
}

#[test]
fn s16_10_4_tavern_brawl_plays_to_the_end_with_brawling() {
    let c = hexmelee::rulesets::shakhan::scenario::load(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/tavern-brawl.ron"),
    )
    .unwrap();
    assert!(c.scenario.options.brawl);
    let mut kinds = std::collections::BTreeSet::new();
    for seed in 0..20 {
        let mut b = Battle::new(&c, seed).unwrap();
        sim::play(&mut b, 100, hexmelee::rulesets::shakhan::ai::answer).unwrap();
        assert!(b.outcome().is_some(), "seed {seed}");
        for e in b.events() {
            match e {
                Event::Brawl(x) => {
                    kinds.insert(
                        format!("{x:?}")
                            .split([' ', '{'])
                            .next()
                            .unwrap()
                            .to_string(),
                    );
                }
                Event::Strike(s) if s.explanation().contains("brawling CF") => {
                    let explanation = s.explanation();
                    let form = explanation.split(['(', ')']).nth(1).unwrap_or("");
                    kinds.insert(form.split(", ").nth(1).unwrap_or("").to_string());
                }
                _ => {}
            }
        }
    }
    for kind in [
        "Announced",
        "RunUp",
        "Landed",
        "flying drop-kick",
        "martial-arts kick",
        "grapple",
        "haymaker",
    ] {
        assert!(kinds.contains(kind), "no {kind} in {kinds:?}");
    }
}

#[test]
fn s16_9_8_a_drop_kick_under_way_is_spoiled_by_a_blow() {
    // Ana begins a kick on her only card; Bo, beside her, punches: strike
    // 10, location 30, armour check 10: p; 1D2 = 2 → 1; Ana's morale 20.
    let c = two(
        (3, 3),
        "stats: (agility: 16, strength: 12, dexterity: 16, constitution: 12, willpower: 12, vision: 11), martial_arts: 3",
        STATS,
    );
    let mut b = Battle::with_dice(&c, dice(&[10, 30, 10, 2, 20])).unwrap();
    let dk = form(BrawlForm::FlyingDropKick);
    b.submit(orders(0, 0, &[(Card::B, Some(1), dk)])).unwrap();
    b.submit(orders(1, 1, &[(Card::C, Some(0), form(BrawlForm::Punch))]))
        .unwrap();
    settle(&mut b);
    let why = brawl_events(&b).into_iter().find_map(|e| match e {
        BrawlEvent::KickAbandoned { why, .. } => Some(why.clone()),
        _ => None,
    });
    assert_eq!(why.as_deref(), Some("struck in mid-manoeuvre (16.9.8)"));
    assert_eq!(b.figure(FigureId(0)).brawl.kick, None);
}

#[test]
fn s16_10_4_6_a_lethal_chop_looks_like_any_other_to_the_table() {
    // Strike 99: a miss; the referee's line says lethal, the table's not.
    let c = two((3, 3), &format!("{STATS}, martial_arts: 2"), STATS);
    let mut b = Battle::with_dice(&c, dice(&[99])).unwrap();
    let lethal = Some(BrawlIntent {
        form: BrawlForm::HandChop,
        lethal: true,
    });
    b.submit(orders(0, 0, &[(Card::C, Some(1), lethal)]))
        .unwrap();
    b.submit(orders(1, 1, &[(Card::D, Some(0), None)])).unwrap();
    settle(&mut b);
    let e = Event::Strike(Box::new(strikes(&b)[0].clone()));
    let referee = b.describe(&e, View::Referee).unwrap();
    let table = b.describe(&e, View::Table).unwrap();
    assert!(referee.contains("declared lethal"), "{referee}");
    assert!(!table.contains("lethal"), "{table}");
}

#[test]
fn s16_10_4_a_brawler_needs_no_weapon_in_hand() {
    // Ana carries nothing at all and punches: strike 10, location 30, armour
    // check 10: p; 2D2 = 1+1 → 1; Bo's morale 20.
    let c = two((3, 3), &format!("weapons: [], {STATS}"), STATS);
    let mut b = Battle::with_dice(&c, dice(&[10, 30, 10, 1, 1, 20])).unwrap();
    b.submit(orders(0, 0, &[(Card::C, Some(1), form(BrawlForm::Punch))]))
        .unwrap();
    b.submit(orders(1, 1, &[(Card::D, Some(0), None)])).unwrap();
    settle(&mut b);
    let s = strikes(&b);
    assert_eq!(s.len(), 1);
    assert_eq!(s[0].wounds[0].damage, 1, "{}", s[0].explanation());
}

#[test]
fn s16_10_4_2_5_a_brawler_s_other_cards_take_the_default_forms() {
    // Ana announces a kick on her first card: her second (D) is a block.
    // Bo, a martial artist in a brawl scenario, brawls without saying how:
    // a Martial Arts block.
    let c = two(
        (3, 3),
        "stats: (agility: 16, strength: 12, dexterity: 16, constitution: 12, willpower: 12, vision: 11)",
        &format!("{STATS}, martial_arts: 1"),
    );
    let mut c = c;
    c.scenario.options.brawl = true;
    let mut b = Battle::with_dice(&c, dice(&[])).unwrap();
    b.submit(orders(
        0,
        0,
        &[
            (Card::C, Some(1), form(BrawlForm::Kick)),
            (Card::D, Some(1), None),
        ],
    ))
    .unwrap();
    b.submit(orders(1, 1, &[(Card::D, Some(0), None)])).unwrap();
    let announced: Vec<String> = b
        .events()
        .iter()
        .filter(|e| matches!(e, Event::Brawl(BrawlEvent::Announced { .. })))
        .filter_map(|e| b.describe(e, View::Table))
        .collect();
    assert_eq!(
        announced,
        [
            "Ana announces brawling — card 1: kick, card 2: block",
            "Bo announces brawling — card 1: martial-arts block"
        ]
    );
}

#[test]
fn s16_10_4_1_comrades_declaring_a_grapple_grab_hold_automatically() {
    // Ana strikes (10) and the check counts Cai too: (28 + 24 − 24) × 5 =
    // 140, doubled as their 142 kg is more than twice Bo's 70: 280; 90 holds.
    let c = parse(&format!(
        r#"Scenario(name: "t", ruleset: Shakhan, options: (free_rounds: false),
            map: (width: 8, height: 8),
            sides: [(name: "A", colour: Red), (name: "B", colour: Blue)],
            figures: [
                (name: "Ana", side: "A", occupation: Warrior, level: 2, height_m: 1.75,
                 weight_kg: 72.0, at: (3, 3), facing: S,
                 weapons: [(kind: HandsFeet, quality: Usual)],
                 stats: (agility: 14, strength: 14, dexterity: 12, constitution: 12, willpower: 12, vision: 11)),
                (name: "Bo", side: "B", occupation: Warrior, level: 1, height_m: 1.7,
                 weight_kg: 70.0, at: (3, 4), facing: N,
                 weapons: [(kind: HandsFeet, quality: Usual)], {STATS}),
                (name: "Cai", side: "A", occupation: Warrior, level: 1, height_m: 1.7,
                 weight_kg: 70.0, at: (3, 5), facing: N,
                 weapons: [(kind: HandsFeet, quality: Usual)], {STATS}),
            ])"#
    ));
    let mut b = Battle::with_dice(&c, dice(&[10, 90])).unwrap();
    let grapple = form(BrawlForm::Grapple);
    let card = |f: usize| FigureOrders {
        figure: FigureId(f),
        cards: vec![CardOrder {
            brawl: grapple,
            ..CardOrder::new(Card::C, Some(FigureId(1)))
        }],
        shield: ShieldStance::Raise,
        when_busy: BusyStance::Ask,
        dodge: Default::default(),
        moves: Default::default(),
    };
    b.submit(Command::Orders {
        side: SideId(0),
        orders: vec![card(0), card(2)],
    })
    .unwrap();
    b.submit(orders(1, 1, &[(Card::D, Some(0), None)])).unwrap();
    settle(&mut b);
    let s = strikes(&b);
    assert_eq!(s.len(), 1, "Cai need not strike");
    assert!(
        s[0].explanation().contains("+28 × DMod 10"),
        "{}",
        s[0].explanation()
    );
    assert_eq!(b.holders_of(FigureId(1)), [FigureId(0), FigureId(2)]);
    assert!(b.in_hold(FigureId(2)));
}
