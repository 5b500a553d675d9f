//! Issue 16, "Shakhàn to the letter": all-round Strike and Missile Zones for
//! the creatures a scenario gives them to (16.10.2, 16.10.3), through the
//! engine's seam.

use std::path::Path;

use hexmelee::dice::Dice;
use hexmelee::hex::{Facing, Hex, Step};
use hexmelee::rulesets::shakhan::engine::{
    Battle, BusyStance, CardOrder, Command, Event, FigureMove, FigureOrders, MissileIntent, Prompt,
    ShieldStance, StrikeEvent,
};
use hexmelee::rulesets::shakhan::rules::Card;
use hexmelee::rulesets::shakhan::scenario::Checked;
use hexmelee::seam::{FigureId, SideId};

const STATS: &str = "stats: (agility: 12, strength: 12, dexterity: 11, constitution: 12, willpower: 12, vision: 11)";

fn two(a: &str, b: &str) -> Checked {
    let text = format!(
        r#"Scenario(name: "t", ruleset: Shakhan, options: (free_rounds: false),
            map: (width: 8, height: 8),
            sides: [(name: "A", colour: Red), (name: "B", colour: Blue)],
            figures: [
                (side: "A", occupation: Warrior, level: 2, height_m: 1.75, weight_kg: 72.0, {a}),
                (side: "B", occupation: Warrior, level: 1, height_m: 1.7, weight_kg: 70.0, {b}),
            ])"#
    );
    hexmelee::rulesets::shakhan::scenario::parse(Path::new("test.ron"), &text)
        .unwrap_or_else(|e| panic!("{e}"))
}

fn orders(side: usize, figure: usize, card: Card, target: Option<usize>) -> Command {
    Command::Orders {
        side: SideId(side),
        orders: vec![FigureOrders {
            figure: FigureId(figure),
            cards: vec![CardOrder::new(card, target.map(FigureId))],
            shield: ShieldStance::Raise,
            when_busy: BusyStance::Ask,
            dodge: hexmelee::rulesets::shakhan::engine::DodgeStance::Never,
            moves: Default::default(),
        }],
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

/// A runner passes behind a guard at (3, 3) facing N: through (2, 4), the
/// guard's rear-flank hex, into (3, 4), straight behind it.
fn pass_behind(guard_zone: &str) -> Battle {
    let c = two(
        "name: \"Runner\", at: (1, 4), facing: NE, stats: (agility: 20, strength: 20, dexterity: 11, constitution: 12, willpower: 12, vision: 11), weapons: [(kind: Dagger, quality: Good, training: 1)]",
        &format!(
            "name: \"Guard\", at: (3, 3), facing: N, {STATS}, weapons: [(kind: ShortSword, quality: Good, training: 1)] {guard_zone}"
        ),
    );
    // Initiative 95 v 30 for the runner's side; a reaction would roll 99: a miss.
    let mut b = Battle::with_dice(&c, Dice::scripted([95, 30, 99])).unwrap();
    b.submit(orders(0, 0, Card::G, None)).unwrap();
    b.submit(orders(1, 1, Card::C, Some(0))).unwrap();
    b.submit(Command::MovementPriority { move_first: true })
        .unwrap();
    b.submit(Command::DivineIntervention { note: None })
        .unwrap();
    assert_eq!(
        b.prompt(),
        Prompt::Movement {
            side: SideId(0),
            pulse: 1
        }
    );
    b.submit(Command::Move {
        moves: vec![FigureMove {
            figure: FigureId(0),
            steps: vec![Step::Forward, Step::Pivot { to: Facing::SE }, Step::Forward],
        }],
    })
    .unwrap();
    assert_eq!(b.figure(FigureId(0)).pose.hex, Hex::new(3, 4));
    b
}

#[test]
fn s16_10_1_and_16_10_2_an_all_round_strike_zone_reacts_behind() {
    // Facing N, the guard's usual zone is in front: the runner passes unseen.
    assert!(strikes(&pass_behind("")).is_empty());
    let b = pass_behind(", strike_zone: AllRound");
    let s = strikes(&b);
    assert_eq!(s.len(), 1, "one reaction attack from behind");
    assert!(s[0].reaction && s[0].attacker == FigureId(1));
}

#[test]
fn s16_10_3_an_all_round_missile_zone_shoots_behind() {
    // An archer facing N with a foe straight behind, 3 hexes off.
    let flights = |zone: &str| {
        let c = two(
            &format!(
                "name: \"Archer\", at: (3, 2), facing: N, {STATS},
                 missile_weapons: [(kind: ShortBow, quality: Good, training: 2, ammunition: 5)],
                 state: (missile_loaded: true) {zone}"
            ),
            &format!("name: \"Foe\", at: (3, 5), facing: N, {STATS}"),
        );
        let mut b = Battle::with_dice(&c, Dice::seeded(5)).unwrap();
        let shoot = CardOrder {
            missile: Some(MissileIntent {
                weapon: 0,
                hold: false,
                warn: false,
            }),
            ..CardOrder::new(Card::G, Some(FigureId(1)))
        };
        b.submit(Command::Orders {
            side: SideId(0),
            orders: vec![FigureOrders {
                figure: FigureId(0),
                cards: vec![shoot],
                shield: ShieldStance::Raise,
                when_busy: BusyStance::Ask,
                dodge: hexmelee::rulesets::shakhan::engine::DodgeStance::Never,
                moves: Default::default(),
            }],
        })
        .unwrap();
        b.submit(orders(1, 1, Card::G, None)).unwrap();
        b.submit(Command::MovementPriority { move_first: true })
            .unwrap();
        b.submit(Command::DivineIntervention { note: None })
            .unwrap();
        b.events()
            .iter()
            .filter(|e| matches!(e, Event::MissileFlew(_)))
            .count()
    };
    assert_eq!(flights(""), 0, "the foe is behind a front fan: no shot");
    assert_eq!(flights(", missile_zone: AllRound"), 1);
}

#[test]
fn s16_10_2_the_display_shades_an_all_round_strike_zone() {
    use hexmelee::tui::map::{MapView, MapWidget, Zoom};
    use hexmelee::tui::theme::Theme;
    use ratatui::buffer::Buffer;
    use ratatui::layout::Rect;
    use ratatui::style::Color;
    use ratatui::widgets::Widget;

    let shaded = |zone: &str| {
        let c = two(
            &format!(
                "name: \"Guard\", at: (3, 3), facing: N, {STATS}, weapons: [(kind: ShortSword, quality: Good, training: 1)] {zone}"
            ),
            &format!("name: \"Far\", at: (7, 7), facing: N, {STATS}"),
        );
        let b = Battle::new(&c, 1).unwrap();
        let mut view = MapView::new(&b);
        view.zoom = Zoom::Normal;
        view.selected = Some(FigureId(0));
        view.cursor = Hex::new(7, 0);
        let area = Rect::new(0, 0, 80, 40);
        let mut buf = Buffer::empty(area);
        MapWidget {
            battle: &b,
            view: &view,
            theme: &Theme::dark(),
        }
        .render(area, &mut buf);
        buf.content()
            .iter()
            .filter(|c| c.bg != Color::Reset)
            .count()
    };
    let (front, all_round) = (shaded(""), shaded(", strike_zone: AllRound"));
    assert!(front > 0);
    // Six hexes shaded instead of three.
    assert_eq!(all_round, 2 * front, "front {front}, all round {all_round}");
}
