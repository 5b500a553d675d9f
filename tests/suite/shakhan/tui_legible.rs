//! Legible from across a table (issue 17): the hex size chosen for the
//! screen, large labels, panels that scroll and say what they hide, the
//! hint bar's order, nothing drawn past a border, the legend, and a path
//! onto a held hex refused with the reason.

use crate::tui_common;

use hexmelee::rulesets::shakhan::display::app::App;
use hexmelee::rulesets::shakhan::display::keys::Mode;
use hexmelee::rulesets::shakhan::display::ui;
use hexmelee::tui::input::Input;
use hexmelee::tui::map::{MapWidget, Zoom};
use insta::assert_snapshot;
use proptest::prelude::*;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::KeyCode;
use ratatui::layout::Rect;
use tui_common::*;

const SIZES: [(u16, u16); 3] = [(80, 24), (120, 40), (200, 60)];

fn scenario(name: &str, w: u16, h: u16) -> App {
    let checked = shipped(name);
    let seed = checked.scenario.seed;
    let mut app = App::new(checked, seed, false).unwrap();
    app.handle(Input::Resize(w, h));
    app
}

/// The skirmish after its first round, played by keys: the Legion is at
/// the hand-over for round 2.
fn skirmish_mid_battle(w: u16, h: u16) -> App {
    let mut app = scenario("skirmish.ron", w, h);
    while app.battle().round() < 2 {
        answer_by_keys(&mut app);
    }
    assert_eq!(app.mode(), Mode::Handover);
    app
}

fn buffer(app: &App) -> Buffer {
    let mut terminal = Terminal::new(TestBackend::new(app.size.width, app.size.height)).unwrap();
    terminal.draw(|f| ui::draw(f, app)).unwrap();
    terminal.backend().buffer().clone()
}

/// A screen at each size, one after the other.
fn at_each_size(make: impl Fn(u16, u16) -> App) -> String {
    SIZES
        .iter()
        .map(|&(w, h)| format!("── {w}×{h} ──\n{}", screen(&make(w, h))))
        .collect()
}

#[test]
fn skirmish_mid_battle_at_each_size() {
    assert_snapshot!(at_each_size(|w, h| {
        let mut app = skirmish_mid_battle(w, h);
        press(&mut app, KeyCode::Enter);
        app
    }));
}

#[test]
fn duel_at_each_size() {
    assert_snapshot!(at_each_size(|w, h| {
        let mut app = duel_at_table(w, h);
        press(&mut app, KeyCode::Enter);
        app
    }));
}

#[test]
fn the_hex_size_grows_with_the_screen() {
    let zoom = |name: &str, w, h| scenario(name, w, h).map.zoom;
    assert_eq!(zoom("skirmish.ron", 80, 24), Zoom::Compact);
    assert_eq!(zoom("skirmish.ron", 200, 60), Zoom::Normal);
    assert_eq!(zoom("duel.ron", 80, 24), Zoom::Compact);
    assert_eq!(zoom("duel.ron", 120, 40), Zoom::Normal);
    assert_eq!(zoom("duel.ron", 200, 60), Zoom::Large);
    // + and - still choose, until the next resize.
    let mut app = scenario("skirmish.ron", 200, 60);
    press(&mut app, KeyCode::Enter);
    typed(&mut app, "+");
    assert_eq!(app.map.zoom, Zoom::Large);
    app.handle(Input::Resize(200, 60));
    assert_eq!(app.map.zoom, Zoom::Normal);
}

#[test]
fn large_labels_on_and_off() {
    let mut app = skirmish_mid_battle(120, 40);
    press(&mut app, KeyCode::Enter);
    let small = screen(&app);
    typed(&mut app, "N");
    assert!(app.map.large);
    assert!(app.map.zoom >= Zoom::Normal);
    let large = screen(&app);
    assert!(large.contains("Pet") && !small.contains("Pet "), "{large}");
    // Never smaller than Normal while large labels are on.
    typed(&mut app, "--");
    assert_eq!(app.map.zoom, Zoom::Normal);
    typed(&mut app, "N");
    assert!(!app.map.large);
    assert_snapshot!(format!("── off ──\n{small}── on ──\n{large}"));
}

/// Eight figures at 120×40: the list follows the selected figure and its
/// borders count those above and below.
#[test]
fn the_figure_list_says_how_many_are_hidden() {
    let mut app = scenario("skirmish.ron", 120, 40);
    press(&mut app, KeyCode::Enter);
    let areas = app.areas().unwrap();
    let list = |app: &App| {
        let buf = buffer(app);
        let a = areas.figures;
        (a.top()..a.bottom())
            .map(|y| {
                let row: String = (a.left()..a.right())
                    .map(|x| buf[(x, y)].symbol())
                    .collect();
                row + "\n"
            })
            .collect::<String>()
    };
    let top = list(&app);
    assert!(top.contains("↓ 3 more") && !top.contains("↑"), "{top}");
    // The Raiders' orders: their first figure selected, in the middle.
    typed(&mut app, "R");
    press(&mut app, KeyCode::Enter);
    press(&mut app, KeyCode::Enter);
    let middle = list(&app);
    assert!(
        middle.contains("↑ 2 more") && middle.contains("↓ 1 more"),
        "{middle}"
    );
    assert!(middle.contains("Vakh"), "{middle}");
    // Their last figure: the list ends with it.
    press(&mut app, KeyCode::BackTab);
    let bottom = list(&app);
    assert!(
        bottom.contains("↑ 3 more") && bottom.contains("Kell"),
        "{bottom}"
    );
    assert!(!bottom.contains("↓"), "{bottom}");
    assert_snapshot!(format!("{top}{middle}{bottom}"));
}

/// The order panel keeps the selected figure's row and its strike odds in
/// sight at 80×24, the rows it hides counted on its border.
#[test]
fn the_order_panel_keeps_the_selected_row_and_its_odds() {
    let mut app = skirmish_mid_battle(80, 24);
    press(&mut app, KeyCode::Enter);
    for _ in 0..3 {
        press(&mut app, KeyCode::Tab);
    }
    typed(&mut app, "b");
    let name = app.battle().figure(app.map.selected.unwrap()).name.clone();
    let text = screen(&app);
    let panel = |needle: &str| text.lines().any(|l| l.contains(needle));
    assert!(panel(&format!("▸{name}")), "{text}");
    assert!(panel("strike"), "{text}");
    assert!(panel("↑ ") || panel("↓ "), "{text}");
    assert_snapshot!(text);
}

#[test]
fn the_hint_bar_shows_the_key_that_moves_on_first() {
    for (w, h) in SIZES {
        let mut app = duel(w, h);
        let bar = |app: &App| screen(app).lines().last().unwrap().to_string();
        assert!(bar(&app).contains("Enter ready"), "{}", bar(&app));
        press(&mut app, KeyCode::Enter);
        let orders = bar(&app);
        assert!(orders.starts_with(" orders  Enter seal"), "{orders}");
        assert!(orders.ends_with("? help"), "{orders}");
        for _ in 0..3 {
            answer_by_keys(&mut app);
        }
        typed(&mut app, "fn");
        assert_eq!(app.mode(), Mode::Movement);
        let moving = bar(&app);
        assert!(
            moving.contains("Enter take") && moving.contains("Space go"),
            "{moving}"
        );
        // The mode's own keys come before the shared ones; from 120
        // columns the bar reaches Tab.
        assert_eq!(moving.contains("Tab figure"), w >= 120, "{moving}");
    }
}

#[test]
fn legend_overlay() {
    let mut app = duel_at_table(120, 40);
    typed(&mut app, "L");
    assert_eq!(app.mode(), Mode::Legend);
    let text = screen(&app);
    assert_snapshot!(text);
    // Scrolled to its end, every symbol has shown.
    let mut seen = text;
    for _ in 0..40 {
        press(&mut app, KeyCode::Down);
        seen.push_str(&screen(&app));
    }
    for sample in [
        "·",
        "░",
        "Msl",
        "Spc",
        ": A —",
        "×",
        "→",
        "▰▰▱",
        "↑↗↘↓↙↖",
        "sealed",
        "■",
    ] {
        assert!(seen.contains(sample), "{sample} missing");
    }
    press(&mut app, KeyCode::Esc);
    assert_eq!(app.mode(), Mode::Handover);
    // From a map mode too; at 80×24 it scrolls and says so.
    let mut small = duel_at_table(80, 24);
    press(&mut small, KeyCode::Enter);
    typed(&mut small, "L");
    assert!(screen(&small).contains("↓ "), "{}", screen(&small));
    for _ in 0..60 {
        press(&mut small, KeyCode::Down);
    }
    let end = screen(&small);
    assert!(
        end.contains("? lists them all") && end.contains("↑ "),
        "{end}"
    );
    typed(&mut small, "L");
    assert_eq!(small.mode(), Mode::Orders);
}

/// A path onto a hex another figure holds is refused, saying who holds
/// it; no path or cost is drawn over that figure's label.
#[test]
fn a_path_onto_a_held_hex_is_refused_with_the_reason() {
    let mut app = scenario("skirmish.ron", 120, 40);
    // Moves asked each pulse, so the side enters them by cursor.
    asking(&mut app);
    for _ in 0..4 {
        answer_by_keys(&mut app);
    }
    while app.mode() != Mode::Movement {
        answer_by_keys(&mut app);
    }
    let mover = app.map.selected.unwrap();
    let from = app.battle().figure(mover).pose.hex;
    let other = app
        .battle()
        .figures()
        .iter()
        .find(|f| f.id != mover && f.occupies() && f.pose.hex.row == from.row)
        .expect("a figure on the same row")
        .clone();
    let toward = if other.pose.hex.col > from.col {
        KeyCode::Right
    } else {
        KeyCode::Left
    };
    while app.map.cursor != other.pose.hex {
        press(&mut app, toward);
    }
    let p = app.moves.as_ref().unwrap().preview.clone().unwrap();
    let why = p.verdict.clone().unwrap_err();
    assert!(why.contains(&other.name), "{why}");
    assert!(app.map.path.is_empty() && app.map.path_label.is_empty());
    let text = screen(&app);
    assert!(
        text.contains("refused:") && text.contains(&format!("{} stands in", other.name)),
        "{text}"
    );
    assert!(!text.contains("standing up where it lies"), "{text}");
    let before = app.battle().events().len();
    press(&mut app, KeyCode::Enter);
    assert!(
        app.note
            .as_ref()
            .is_some_and(|n| n.error && n.text.contains(&other.name))
    );
    assert!(app.moves.as_ref().unwrap().moves.is_empty());
    assert_eq!(app.battle().events().len(), before);
}

/// Characters a border is drawn with.
const BORDER: &str = "│┃╭╮╰╯┏┓┗┛─━";

/// Every bordered panel's left and right borders and corners are intact,
/// and no row of the figure list runs into its right border.
fn borders_hold(app: &App) -> Result<(), String> {
    let buf = buffer(app);
    let Some(a) = app.areas() else { return Ok(()) };
    let sym = |x: u16, y: u16| buf[(x, y)].symbol().to_string();
    let mut panels = vec![a.figures, a.log];
    if app.mode() != Mode::Handover {
        panels.push(a.panel);
    }
    for p in panels.into_iter().filter(|p| p.width > 1 && p.height > 1) {
        for y in p.top()..p.bottom() {
            for x in [p.left(), p.right() - 1] {
                if !BORDER.contains(sym(x, y).as_str()) {
                    return Err(format!("{p:?}: {:?} on the border at {x},{y}", sym(x, y)));
                }
            }
        }
    }
    let f = a.figures;
    for y in f.top() + 1..f.bottom() - 1 {
        if sym(f.right() - 2, y) != " " {
            return Err(format!("figure row {y} runs into the border"));
        }
    }
    Ok(())
}

/// Drawing one panel alone into a part of a larger screen changes nothing
/// outside that part.
fn stays_inside(app: &App, draw: fn(&mut ratatui::Frame, Rect, &App)) -> Result<(), String> {
    let Some(a) = app.areas() else { return Ok(()) };
    let (w, h) = (app.size.width, app.size.height);
    for area in [a.header, a.timeline, a.figures, a.panel, a.log, a.hints] {
        let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
        terminal
            .draw(|f| {
                for y in 0..h {
                    for x in 0..w {
                        f.buffer_mut()[(x, y)].set_symbol("¤");
                    }
                }
                draw(f, area, app);
            })
            .unwrap();
        let buf = terminal.backend().buffer();
        for y in 0..h {
            for x in 0..w {
                let inside = x >= area.x && x < area.right() && y >= area.y && y < area.bottom();
                if !inside && buf[(x, y)].symbol() != "¤" {
                    return Err(format!("drawn outside {area:?} at {x},{y}"));
                }
            }
        }
    }
    Ok(())
}

/// Mouse hit-testing agrees with the drawing at the size chosen: each
/// figure's label seen on the map (whole, between non-letters) maps back,
/// cell by cell, to the figure's hex.
fn labels_hit_their_hexes(app: &App) -> Result<(), String> {
    let buf = buffer(app);
    let Some(a) = app.areas() else { return Ok(()) };
    let letter = |x: u16, y: u16| buf[(x, y)].symbol().chars().all(char::is_alphanumeric);
    for f in app.battle().figures().iter().filter(|f| f.occupies()) {
        let label: Vec<String> = app.map.labels.get(f.id).chars().map(String::from).collect();
        let len = label.len() as u16;
        for y in a.map.top()..a.map.bottom() {
            for x in a.map.left() + 1..a.map.right().saturating_sub(len + 1) {
                let whole = (0..len).all(|i| buf[(x + i, y)].symbol() == label[usize::from(i)])
                    && !letter(x - 1, y)
                    && !letter(x + len, y);
                if whole && (0..len).any(|i| app.map.hex_at(a.map, x + i, y) != Some(f.pose.hex)) {
                    return Err(format!("{}'s label at {x},{y} is not over its hex", f.name));
                }
            }
        }
    }
    Ok(())
}

fn every_panel(f: &mut ratatui::Frame, area: Rect, app: &App) {
    f.render_widget(
        MapWidget {
            battle: app.battle(),
            view: &app.map,
            theme: &app.theme,
        },
        area,
    );
    ui::figures::draw(f, area, app);
    match app.mode() {
        Mode::Orders => ui::orders::draw(f, area, app),
        _ => ui::prompt::draw(f, area, app),
    }
    ui::log::draw(f, area, app);
    ui::timeline::draw(f, area, app);
    ui::status::header(f, area, app);
    ui::help::hints(f, area, app);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// A sampled grid of sizes from 80×24 to 220×70, two scenarios with long
    /// names, at the hand-over, in orders and in movement, large labels or
    /// not: no border is drawn over, no figure row runs into its border, no
    /// panel draws outside its area, and labels hit-test to their hexes.
    #[test]
    fn nothing_draws_past_a_border(
        w in 80u16..=220,
        h in 24u16..=70,
        ambush in any::<bool>(),
        steps in 0usize..8,
        large in any::<bool>(),
    ) {
        let mut app = scenario(if ambush { "ambush.ron" } else { "skirmish.ron" }, w, h);
        for _ in 0..steps {
            answer_by_keys(&mut app);
        }
        if app.mode() == Mode::Handover {
            press(&mut app, KeyCode::Enter);
        }
        if large {
            typed(&mut app, "N");
        }
        prop_assert_eq!(borders_hold(&app), Ok(()));
        prop_assert_eq!(stays_inside(&app, every_panel), Ok(()));
        prop_assert_eq!(labels_hit_their_hexes(&app), Ok(()));
    }
}
