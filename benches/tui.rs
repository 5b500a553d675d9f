//! Display benchmarks: drawing a whole frame must stay well under a
//! millisecond (goal for a full 200×60 frame: < 1 ms).
//!
//! `cargo bench --bench tui -- --warm-up-time 1 --measurement-time 3`
//!
//! Each benchmark draws into a reused `Buffer`, as a terminal backend's
//! frame does; add whole-screen benchmarks beside `map` and list them in
//! `criterion_group!`.

use std::hint::black_box;
use std::path::Path;

use criterion::{Criterion, criterion_group, criterion_main};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

use hexmelee::hex::Hex;
use hexmelee::rulesets::shakhan::engine::Battle;
use hexmelee::sim;
use hexmelee::tui::map::{MapView, MapWidget, Zoom};
use hexmelee::tui::theme::Theme;

#[path = "../examples/melee/generate.rs"]
mod generate;

/// As the binary runs (src/main.rs).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// A shipped scenario after `rounds` rounds of AI play.
fn battle(name: &str, rounds: u32) -> Battle {
    let checked = hexmelee::rulesets::shakhan::scenario::load(
        &Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("scenarios")
            .join(name),
    )
    .expect("a shipped scenario loads");
    let mut battle = Battle::new(&checked, 1).expect("a two-sided scenario");
    sim::play(&mut battle, rounds, hexmelee::rulesets::shakhan::ai::answer).expect("the AI plays");
    battle
}

/// The skirmish map filling a 200×60 frame with every overlay on: the
/// selected figure's Strike and Missile Zones, all hostile Strike Zones,
/// a move path with its label.
fn map(c: &mut Criterion) {
    let battle = battle("skirmish.ron", 1);
    let theme = Theme::dark();
    let area = Rect::new(0, 0, 200, 60);
    let mut view = MapView::new(&battle);
    view.selected = battle.figures().first().map(|f| f.id);
    view.threats = true;
    view.path = vec![Hex::new(7, 7), Hex::new(8, 7), Hex::new(9, 8)];
    view.path_label = "2.5 AP".into();
    let mut buf = Buffer::empty(area);
    for zoom in [Zoom::Normal, Zoom::Large] {
        view.fit(&battle, area);
        view.zoom = zoom;
        let name = format!("map/skirmish 200x60 {zoom:?}");
        c.bench_function(&name, |b| {
            b.iter(|| {
                MapWidget {
                    battle: &battle,
                    view: &view,
                    theme: &theme,
                }
                .render(area, &mut buf);
                black_box(&buf);
            })
        });
    }
}

/// The whole display (header, timeline, map, figures, panel, log, hints)
/// drawn on a 200×60 terminal mid-battle, and the time to first frame:
/// building the app from the embedded default scenario and drawing it.
fn app(c: &mut Criterion) {
    use hexmelee::rulesets::shakhan::display::app::App;
    use hexmelee::rulesets::shakhan::display::ui;
    use hexmelee::tui::input::Input;
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;
    use ratatui::crossterm::event::{KeyCode, KeyEvent};

    let checked = hexmelee::rulesets::shakhan::scenario::load(
        &Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("scenarios")
            .join("skirmish.ron"),
    )
    .expect("a shipped scenario loads");
    let played = battle("skirmish.ron", 1);
    let mut app = App::with_battle(checked, 1, played, false);
    app.handle(Input::Resize(200, 60));
    // Past the hand-over: the side writing orders sees the map and panels.
    app.handle(Input::Key(KeyEvent::from(KeyCode::Enter)));
    app.map.threats = true;
    let mut terminal = Terminal::new(TestBackend::new(200, 60)).expect("a test terminal");
    c.bench_function("app/skirmish frame 200x60", |b| {
        b.iter(|| {
            terminal.draw(|f| ui::draw(f, &app)).expect("drawn");
            black_box(terminal.backend().buffer());
        })
    });

    // Issue 19: 64 figures (a generated 32-against-32 melee) after a round.
    let checked = hexmelee::rulesets::shakhan::scenario::parse(
        Path::new("melee.ron"),
        &generate::melee(32, 1),
    )
    .expect("the generator checks");
    let mut played = Battle::new(&checked, 1).expect("a two-sided scenario");
    sim::play(&mut played, 1, hexmelee::rulesets::shakhan::ai::answer).expect("the AI plays");
    let mut app = App::with_battle(checked, 1, played, false);
    app.handle(Input::Resize(200, 60));
    app.handle(Input::Key(KeyEvent::from(KeyCode::Enter)));
    app.map.threats = true;
    let mut terminal = Terminal::new(TestBackend::new(200, 60)).expect("a test terminal");
    c.bench_function("app/melee 32 a side frame 200x60", |b| {
        b.iter(|| {
            terminal.draw(|f| ui::draw(f, &app)).expect("drawn");
            black_box(terminal.backend().buffer());
        })
    });

    let mut terminal = Terminal::new(TestBackend::new(120, 40)).expect("a test terminal");
    c.bench_function("app/first frame (default scenario, 120x40)", |b| {
        b.iter(|| {
            let checked = hexmelee::rulesets::shakhan::scenario::default_scenario()
                .expect("the embedded duel loads");
            let seed = checked.scenario.seed;
            let mut app = App::new(checked, seed, false).expect("a two-sided scenario");
            app.handle(Input::Resize(120, 40));
            terminal.draw(|f| ui::draw(f, &app)).expect("drawn");
            black_box(terminal.backend().buffer());
        })
    });
}

criterion_group!(benches, map, app);
criterion_main!(benches);
