//! The display driven end to end with key events, as a player would: sealed
//! orders for both sides behind the hand-over screen, Initiative, movement by
//! cursor, attacks, the log — and the state the battle ends up in.

use crate::tui_common;

use hexmelee::hex::Hex;
use hexmelee::rulesets::shakhan::display::keys::Mode;
use hexmelee::rulesets::shakhan::engine::{Event, Phase, Prompt};
use hexmelee::seam::{FigureId, SideId};
use hexmelee::tui::input::{Effect, Input};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use tui_common::*;

#[test]
fn a_full_melee_round_of_the_duel_by_keys() {
    let mut app = duel(120, 40);
    let aulos = FigureId(0);
    let berrin = FigureId(1);
    assert_eq!(app.mode(), Mode::Handover);
    let s = screen(&app);
    assert!(
        s.contains("Aulos") && s.contains("Hand-over") && !s.contains("if sealed"),
        "the hand-over keeps the table in view, no orders:\n{s}"
    );

    // Red writes C on Berrin by putting the cursor on him and pressing t.
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.mode(), Mode::Orders);
    typed(&mut app, "c");
    for _ in 0..4 {
        press(&mut app, KeyCode::Right);
    }
    assert_eq!(app.map.cursor, Hex::new(6, 3));
    typed(&mut app, "t");
    let draft = app.orders.as_ref().unwrap();
    assert_eq!(draft.orders[0].cards[0].target, Some(berrin));
    assert!(draft.odds.is_some(), "the strike odds show before sealing");
    press(&mut app, KeyCode::Enter);

    // Blue's hand-over: Red's card is face down, not shown.
    assert_eq!(app.mode(), Mode::Handover);
    assert_eq!(app.battle().prompt(), Prompt::Orders { side: SideId(1) });
    press(&mut app, KeyCode::Enter);
    let s = screen(&app);
    assert!(
        s.contains("sealed"),
        "Red's sealed card shows face down:\n{s}"
    );
    assert!(!s.contains("C>Be"), "and not its face:\n{s}");
    // Too many cards are refused with the reason, keeping what was entered.
    typed(&mut app, "cc");
    assert!(
        app.note
            .as_ref()
            .is_some_and(|n| n.error && n.text.contains("TCA"))
    );
    assert_eq!(app.orders.as_ref().unwrap().orders[0].cards.len(), 1);
    press(&mut app, KeyCode::Enter);

    // Revealed; Initiative was rolled before the round.
    let init = app.battle().initiative().expect("initiative rolled");
    assert_eq!(app.mode(), Mode::Priority);
    assert_eq!(app.battle().figure(aulos).round.ap_left, 8.0);
    typed(&mut app, "f");
    typed(&mut app, "n");

    // The side with Initiative moves first: its figure steps one hex toward
    // the enemy by cursor, priced by the engine.
    assert_eq!(app.mode(), Mode::Movement);
    let Prompt::Movement { side, pulse: 1 } = app.battle().prompt() else {
        panic!("movement expected")
    };
    assert_eq!(side, init);
    let mover = app.map.selected.unwrap();
    let start = app.battle().figure(mover).pose;
    let toward = if side.0 == 0 {
        KeyCode::Right
    } else {
        KeyCode::Left
    };
    press(&mut app, toward);
    let preview = app.moves.as_ref().unwrap().preview.clone().unwrap();
    assert_eq!(preview.cost, 1.0);
    assert!(preview.verdict.is_ok(), "{:?}", preview.verdict);
    press(&mut app, KeyCode::Enter);
    typed(&mut app, " ");
    let moved = app.battle().figure(mover);
    assert_ne!(moved.pose.hex, start.hex, "moved");
    assert_eq!(moved.round.ap_left, 7.0, "one AP spent");
    assert!(
        app.battle()
            .events()
            .iter()
            .any(|e| matches!(e, Event::Moved { .. }))
    );

    // Play on by keys until a strike has been made and a round has ended.
    let mut steps = 0;
    while !(app.battle().round() >= 2
        && app.battle().phase() == Phase::Communication
        && app
            .battle()
            .events()
            .iter()
            .any(|e| matches!(e, Event::Strike(_))))
    {
        answer_by_keys(&mut app);
        steps += 1;
        assert!(steps < 400, "stuck in {:?}", app.mode());
        if matches!(app.battle().prompt(), Prompt::Finished { .. }) {
            break;
        }
    }
    assert!(app.battle().round() >= 2, "a full round was played");
    let strike = app
        .battle()
        .events()
        .iter()
        .find_map(|e| match e {
            Event::Strike(s) => Some(s.clone()),
            _ => None,
        })
        .expect("an attack was made");
    assert!([aulos, berrin].contains(&strike.attacker));
    // The log says it in words, in the table view.
    assert_eq!(app.mode(), Mode::Handover);
    press(&mut app, KeyCode::Enter);
    typed(&mut app, "l");
    assert_eq!(app.mode(), Mode::Log);
    let log =
        hexmelee::rulesets::shakhan::display::log_text::lines(app.battle(), app.view, None, 200);
    assert!(log.iter().any(|l| l.contains("(C) on")), "{log:?}");
    assert!(
        log.iter().any(|l| l.contains("— Melee Round 2 —")),
        "{log:?}"
    );
    press(&mut app, KeyCode::Esc);
    assert_ne!(app.mode(), Mode::Log);
}

#[test]
fn q_asks_first_and_esc_backs_out() {
    let mut app = duel(80, 24);
    typed(&mut app, "q");
    assert_eq!(app.mode(), Mode::QuitConfirm);
    press(&mut app, KeyCode::Esc);
    assert_eq!(app.mode(), Mode::Handover);
    typed(&mut app, "?");
    assert_eq!(app.mode(), Mode::Help);
    press(&mut app, KeyCode::Esc);
    typed(&mut app, "q");
    let key = KeyEvent::new(KeyCode::Char('y'), KeyModifiers::NONE);
    assert_eq!(app.handle(Input::Key(key)), Effect::Quit);
}

#[test]
fn a_refused_move_shows_the_engines_reason_and_changes_nothing() {
    let mut app = duel(100, 30);
    for _ in 0..4 {
        answer_by_keys(&mut app);
    }
    typed(&mut app, "f");
    typed(&mut app, "n");
    assert_eq!(app.mode(), Mode::Movement);
    let mover = app.map.selected.unwrap();
    let before = app.battle().events().len();
    // Three hexes away is beyond a 1.6 AP pulse allowance.
    let toward = if app.battle().figure(mover).side == 0 {
        KeyCode::Right
    } else {
        KeyCode::Left
    };
    for _ in 0..3 {
        press(&mut app, toward);
    }
    let p = app.moves.as_ref().unwrap().preview.clone().unwrap();
    let why = p.verdict.clone().unwrap_err();
    assert!(why.contains("Pulse Movement Allowance"), "{why}");
    assert!(screen(&app).contains("refused"));
    press(&mut app, KeyCode::Enter);
    assert!(app.note.as_ref().is_some_and(|n| n.error));
    assert_eq!(app.battle().events().len(), before);
    assert!(app.moves.as_ref().unwrap().moves.is_empty());
}

#[test]
fn auto_pace_lets_ai_sides_play_on_ticks() {
    let mut app = duel(100, 30);
    typed(&mut app, "A");
    assert_eq!(app.mode(), Mode::AiAsk, "A asks: this round or the rest");
    typed(&mut app, "b");
    assert_eq!(app.mode(), Mode::AiTurn);
    assert!(app.auto, "handing a side to the AI sets the auto pace");
    // In the step pace nothing moves on without a key.
    typed(&mut app, "P");
    app.handle(Input::Tick);
    assert_eq!(app.battle().prompt(), Prompt::Orders { side: SideId(0) });
    typed(&mut app, "P");
    for _ in 0..50 {
        app.handle(Input::Tick);
    }
    // Red is AI; Blue's orders wait for a human at the hand-over.
    assert_eq!(app.battle().prompt(), Prompt::Orders { side: SideId(1) });
    assert_eq!(app.mode(), Mode::Handover);
}

#[test]
fn mouse_clicks_pick_targets_and_scroll_the_log() {
    use ratatui::crossterm::event::{MouseButton, MouseEvent, MouseEventKind};
    let mut app = duel(120, 40);
    press(&mut app, KeyCode::Enter);
    typed(&mut app, "c");
    let areas = app.areas().unwrap();
    let berrin = app.battle().figure(FigureId(1)).pose.hex;
    let (x, y) = (areas.map.x..areas.map.right())
        .flat_map(|x| (areas.map.y..areas.map.bottom()).map(move |y| (x, y)))
        .find(|&(x, y)| app.map.hex_at(areas.map, x, y) == Some(berrin))
        .expect("Berrin is on screen");
    let click = MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column: x,
        row: y,
        modifiers: KeyModifiers::NONE,
    };
    app.handle(Input::Mouse(click));
    assert_eq!(app.map.cursor, berrin);
    let card = &app.orders.as_ref().unwrap().orders[0].cards[0];
    assert_eq!(
        card.target,
        Some(FigureId(1)),
        "a click on an enemy targets it"
    );
}

#[test]
fn resizing_relays_out_at_once_and_too_small_never_crashes() {
    let mut app = duel(80, 24);
    app.handle(Input::Resize(40, 10));
    assert_eq!(app.mode(), Mode::TooSmall);
    assert!(screen(&app).contains("please enlarge"));
    app.handle(Input::Resize(1, 1));
    screen(&app);
    app.handle(Input::Resize(200, 60));
    assert_eq!(app.mode(), Mode::Handover);
    assert_eq!(screen(&app).lines().count(), 60);
}

#[test]
fn theme_view_and_log_filter_switch_by_key() {
    use hexmelee::seam::View;
    use hexmelee::tui::theme::Theme;
    let mut app = into_orders_of_skirmish();
    typed(&mut app, "T");
    assert!(app.light);
    assert_eq!(app.theme, Theme::light());
    // While orders are written the referee view asks first (issue 17).
    typed(&mut app, "vy");
    assert_eq!(app.view, View::Referee);
    assert!(screen(&app).contains("REFEREE"));
    typed(&mut app, "l");
    typed(&mut app, "f");
    assert_eq!(app.log.filter, Some(FigureId(0)));
    assert!(screen(&app).contains(&format!("· {} ", app.battle().figure(FigureId(0)).name)));
    press(&mut app, KeyCode::Esc);
    assert_eq!(app.mode(), Mode::Orders);
}

#[test]
fn the_ai_proposal_fills_every_figure_of_the_side_and_seals() {
    let mut app = into_orders_of_skirmish();
    typed(&mut app, "R");
    let draft = app.orders.clone().unwrap();
    assert!(draft.orders.iter().all(|o| !o.cards.is_empty()));
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.mode(), Mode::Handover);
    assert_eq!(app.battle().prompt(), Prompt::Orders { side: SideId(1) });
}

fn into_orders_of_skirmish() -> hexmelee::rulesets::shakhan::display::app::App {
    let mut app =
        hexmelee::rulesets::shakhan::display::app::App::new(shipped("skirmish.ron"), 3, false)
            .unwrap();
    asking(&mut app);
    app.handle(Input::Resize(140, 44));
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.mode(), Mode::Orders);
    app
}

#[test]
fn a_prone_figure_stands_up_by_taking_its_own_hex() {
    let stats = "stats: (agility: 12, strength: 12, dexterity: 11, constitution: 12, willpower: 12, vision: 11)";
    let text = format!(
        r#"Scenario(name: "Prone", ruleset: Shakhan, options: (free_rounds: false),
            map: (width: 8, height: 6),
            sides: [(name: "Red", colour: Red), (name: "Blue", colour: Blue)],
            figures: [
                (side: "Red", occupation: Warrior, level: 2, height_m: 1.75, weight_kg: 72.0, name: "Arlos", at: (1, 2), facing: SE, {stats}, weapons: [(kind: LongSword, quality: Good, training: 2)], state: (prone: true)),
                (side: "Blue", occupation: Warrior, level: 1, height_m: 1.7, weight_kg: 70.0, name: "Bailor", at: (6, 2), facing: NW, {stats}, weapons: [(kind: ShortSword, quality: Good, training: 1)]),
            ])"#
    );
    let checked =
        hexmelee::rulesets::shakhan::scenario::parse(std::path::Path::new("prone.ron"), &text)
            .unwrap();
    let mut app = hexmelee::rulesets::shakhan::display::app::App::new(checked, 2, false).unwrap();
    asking(&mut app);
    app.handle(Input::Resize(100, 30));
    for _ in 0..2 {
        press(&mut app, KeyCode::Enter);
        typed(&mut app, "d");
        press(&mut app, KeyCode::Enter);
    }
    typed(&mut app, "fn");
    if app.battle().prompt()
        == (Prompt::Movement {
            side: SideId(1),
            pulse: 1,
        })
    {
        typed(&mut app, " ");
    }
    assert_eq!(
        app.battle().prompt(),
        Prompt::Movement {
            side: SideId(0),
            pulse: 1
        }
    );
    let p = app
        .moves
        .as_ref()
        .unwrap()
        .preview
        .clone()
        .expect("standing up is offered");
    assert!(p.steps.is_empty() && p.verdict.is_ok(), "{p:?}");
    assert!(screen(&app).contains("standing up"));
    press(&mut app, KeyCode::Enter);
    typed(&mut app, " ");
    assert!(!app.battle().figure(FigureId(0)).condition.is_prone());
}

#[test]
fn s16_9_7_display_cost_of_a_diagonal_forward_step_is_the_engines_charge() {
    let mut app = duel(100, 30);
    for _ in 0..4 {
        answer_by_keys(&mut app);
    }
    typed(&mut app, "f");
    typed(&mut app, "n");
    assert_eq!(app.mode(), Mode::Movement);
    let mover = app.map.selected.unwrap();
    let before = app.battle().figure(mover).clone();
    // Aulos faces SE: the hex below is his front-right one; Berrin faces NW:
    // the hex above is his. Either is in the Strike Zone, so no pivot is paid.
    let (key, facing) = if before.side == 0 {
        (KeyCode::Down, hexmelee::hex::Facing::SE)
    } else {
        (KeyCode::Up, hexmelee::hex::Facing::NW)
    };
    assert_eq!(before.pose.facing, facing);
    press(&mut app, key);
    let preview = app.moves.as_ref().unwrap().preview.clone().unwrap();
    assert!(preview.verdict.is_ok(), "{:?}", preview.verdict);
    assert_eq!(preview.steps.len(), 1, "{:?}", preview.steps);
    assert_eq!(preview.cost, 1.0, "shown: {}", preview.label());
    press(&mut app, KeyCode::Enter);
    typed(&mut app, " ");
    let after = app.battle().figure(mover);
    assert_eq!(after.pose.hex, preview.end.hex, "moved where shown");
    assert_eq!(after.pose.facing, facing, "facing kept");
    assert_eq!(
        before.round.ap_left - after.round.ap_left,
        preview.cost,
        "the engine charged what the display showed"
    );
}

#[test]
fn s16_9_5_the_order_entry_shows_the_communication_limit_and_holds_to_it() {
    let mut checked = hexmelee::rulesets::shakhan::scenario::default_scenario().unwrap();
    checked.scenario.options.communication_limits = true;
    let seed = checked.scenario.seed;
    let mut app =
        hexmelee::rulesets::shakhan::display::app::App::new(checked, seed, false).unwrap();
    asking(&mut app);
    app.handle(hexmelee::tui::input::Input::Resize(120, 40));
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.mode(), Mode::Orders);
    let s = screen(&app);
    assert!(s.contains("16.9.5: one sentence each"), "{s}");
    // I on any card but G says why not.
    typed(&mut app, "cI");
    assert!(
        app.note
            .as_ref()
            .is_some_and(|n| n.error && n.text.contains("G alone")),
        "{:?}",
        app.note
    );
    press(&mut app, KeyCode::Backspace);
    typed(&mut app, "gI");
    let card = &app.orders.as_ref().unwrap().orders[0].cards[0];
    assert!(card.speaks);
    assert!(screen(&app).contains("talks"));
    // G alone with three sentences is sealed as it is.
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.battle().prompt(), Prompt::Orders { side: SideId(1) });
}

#[test]
fn s16_9_2_the_order_panel_names_the_enemy_an_untargeted_card_will_go_to() {
    let mut app = duel(120, 40);
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.mode(), Mode::Orders);
    // C with the cursor on no enemy: stored untargeted, shown going to the
    // nearest enemy (the duel's only one) before it is sealed.
    typed(&mut app, "c");
    assert_eq!(app.orders.as_ref().unwrap().orders[0].cards[0].target, None);
    let s = screen(&app);
    assert!(s.contains("[C>Be (nearest)"), "{s}");
}

#[test]
fn s16_9_4_the_order_entry_combines_an_action_with_moves_only_when_allowed() {
    let start = |allowed: bool| {
        let mut checked = hexmelee::rulesets::shakhan::scenario::default_scenario().unwrap();
        checked.scenario.options.combined_actions = allowed;
        let seed = checked.scenario.seed;
        let mut app =
            hexmelee::rulesets::shakhan::display::app::App::new(checked, seed, false).unwrap();
        asking(&mut app);
        app.handle(Input::Resize(120, 40));
        press(&mut app, KeyCode::Enter);
        typed(&mut app, "gn");
        app
    };
    // Not allowed: J says why and changes nothing.
    let mut app = start(false);
    typed(&mut app, "J");
    assert!(
        app.note
            .as_ref()
            .is_some_and(|n| n.error && n.text.contains("combined_actions")),
        "{:?}",
        app.note
    );
    assert!(!app.orders.as_ref().unwrap().orders[0].cards[0].combine);
    // Allowed: the G card's action is joined to the moves, and says so.
    let mut app = start(true);
    typed(&mut app, "J");
    assert!(app.orders.as_ref().unwrap().orders[0].cards[0].combine);
    assert!(screen(&app).contains("while moving"), "{}", screen(&app));
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.battle().prompt(), Prompt::Orders { side: SideId(1) });
}

#[test]
fn s16_14_2_the_display_shows_initiative_only_after_the_check() {
    let mut app = duel(120, 40);
    // Play the opening round(s) through to round 2's orders.
    while !(app.battle().round() == 2 && matches!(app.battle().prompt(), Prompt::Orders { .. })) {
        answer_by_keys(&mut app);
    }
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.mode(), Mode::Orders);
    let s = screen(&app);
    assert!(!s.contains("Init."), "no Initiative before its check:\n{s}");
    // The timeline puts the Initiative check between orders and priority.
    assert!(s.contains("Ord Ini Pri DI"), "{s}");
    while app.mode() != Mode::Priority {
        answer_by_keys(&mut app);
    }
    let s = screen(&app);
    let init = app.battle().initiative().expect("checked after the orders");
    let name = &app.battle().sides()[init.0].name;
    assert!(s.contains(&format!("Init. {name}")), "{s}");
}

#[test]
fn the_order_panel_tells_stances_in_words() {
    let mut app = duel(120, 40);
    press(&mut app, KeyCode::Enter);
    // A figure does not dodge unless told (16.9.4: a dodge costs an AP).
    typed(&mut app, "c");
    let s = screen(&app);
    assert!(!s.contains("dodge:") && !s.contains("dodges"), "{s}");
    typed(&mut app, "D");
    assert!(screen(&app).contains("dodge: ask"), "{}", screen(&app));
    typed(&mut app, "D");
    assert!(screen(&app).contains("always dodges"), "{}", screen(&app));
}

#[test]
fn ctrl_c_asks_to_quit_from_every_screen_and_never_plays_a_card() {
    let ctrl_c = Input::Key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL));
    let mut app = duel(100, 30);
    assert_eq!(app.mode(), Mode::Handover);
    assert_eq!(app.handle(ctrl_c), Effect::Continue);
    assert_eq!(app.mode(), Mode::QuitConfirm, "asks, as q does");
    press(&mut app, KeyCode::Esc);
    press(&mut app, KeyCode::Enter);
    app.handle(ctrl_c);
    assert_eq!(app.mode(), Mode::QuitConfirm);
    assert!(
        app.orders.as_ref().unwrap().orders[0].cards.is_empty(),
        "Ctrl-C is not the card key c"
    );
    assert_eq!(app.handle(ctrl_c), Effect::Quit, "a second Ctrl-C quits");
}
