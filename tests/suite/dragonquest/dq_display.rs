//! The DragonQuest display (issue 18) on ratatui's `TestBackend`: snapshots
//! of the table and referee views, a scripted key session that plays the
//! duel to its end, the table view keeping the Referee's numbers hidden, a
//! refusal in words, undo, save and the autosave's resume offer.

use super::dq_screen;

use dq_screen::*;

use hexmelee::rulesets::dragonquest::display::App;
use hexmelee::rulesets::dragonquest::engine::{Action, Battle, Command, Prompt, Task};
use hexmelee::seam::{FigureId, View};
use hexmelee::session::autosave::{Keeper, LastSave};
use hexmelee::session::{Ruleset, Session};
use insta::assert_snapshot;
use ratatui::crossterm::event::KeyCode;

fn finished(app: &App) -> bool {
    matches!(app.battle().prompt(), Prompt::Finished { .. })
}

/// The duel as the table first sees it: the map, who is asked in words
/// (Aldric's side won the Initiative), the figure panel and the two
/// choices with the AI's first, the log in the table's words.
#[test]
fn dq_duel_table_view_at_the_start() {
    let app = open("dq-duel.ron", 120, 40);
    assert_eq!(app.view, View::Table);
    assert_snapshot!(screen(&app));
}

/// Three Pulses on by Enter alone, then the referee view (asked first):
/// Endurance and Fatigue in the roster and panel, the log with every roll.
#[test]
fn dq_duel_referee_view_after_three_pulses() {
    let mut app = open("dq-duel.ron", 120, 40);
    while app.battle().pulse() < 4 && !finished(&app) {
        press(&mut app, KeyCode::Enter);
    }
    press(&mut app, KeyCode::Char('v'));
    assert_eq!(app.view, View::Table, "the referee view asks first");
    assert!(screen(&app).contains("Players look away."));
    press(&mut app, KeyCode::Char('y'));
    assert_eq!(app.view, View::Referee);
    assert_snapshot!(screen(&app));
    press(&mut app, KeyCode::Char('v'));
    assert_eq!(app.view, View::Table, "back without asking");
}

/// A Pulse costs a key a question: Enter takes the AI's choice each time,
/// and the duel ends, every frame drawn on the way.
#[test]
fn dq_duel_played_to_the_end_by_keys() {
    let mut app = open("dq-duel.ron", 100, 30);
    let mut keys = 0;
    while !finished(&app) {
        assert!(keys < 2_000, "the duel should end");
        press(&mut app, KeyCode::Enter);
        keys += 1;
        screen(&app);
    }
    let pulses = app.battle().pulse();
    assert!(pulses >= 3, "several Pulses: {pulses}");
    assert_eq!(app.session().log().len(), keys);
    // Each Pulse is a handful of keys: a choice or two and each figure's action.
    assert!(
        keys <= 4 * pulses as usize,
        "{keys} keys for {pulses} Pulses"
    );
    assert!(screen(&app).contains("The battle is over"));
    // The same battle as the AI plays it headless.
    let mut headless = Session::<Battle>::open_file(app.session().origin(), None).unwrap();
    headless
        .play_out(u32::MAX, hexmelee::rulesets::dragonquest::ai::answer)
        .unwrap();
    assert_eq!(headless.log(), app.session().log());
}

/// What the table sees never holds the Referee's numbers: at every step of
/// a whole battle (the party against the monsters), no Endurance, Fatigue,
/// roll, Strike Chance or Defense on the screen in the table view.
#[test]
fn dq_table_view_never_shows_the_referee_s_numbers() {
    for name in ["dq-duel.ron", "dq-party-vs-monsters.ron"] {
        let mut app = open(name, 120, 40);
        let mut steps = 0;
        while !finished(&app) && steps < 400 {
            let text = screen(&app);
            for hidden in [
                " En ",
                " Ft ",
                "Endurance",
                "Fatigue",
                "rolled",
                "Strike Chance",
                "Defense",
                "D10",
                "D100",
            ] {
                assert!(!text.contains(hidden), "{name}: {hidden:?} in\n{text}");
            }
            press(&mut app, KeyCode::Char('a'));
            steps += 1;
        }
        // The referee view does show them.
        press(&mut app, KeyCode::Char('v'));
        press(&mut app, KeyCode::Char('y'));
        assert!(screen(&app).contains(" En "), "{name}");
    }
}

/// Order entry: a choice other than the AI's by its number, the cursor on
/// the foe offering a charge, and a refusal in plain words that changes
/// nothing (and never panics).
#[test]
fn dq_choices_by_number_cursor_and_refusal() {
    let mut app = open("dq-duel.ron", 120, 40);
    press(&mut app, KeyCode::Enter); // Aldric's side acts first
    assert_eq!(app.actor, Some(FigureId(0)));
    assert!(app.choices[0].words.ends_with("(AI)"), "{:?}", app.choices);
    // Every choice offered passes the battle's own check.
    for c in &app.choices {
        if let Command::Act { figure, action } = &c.command {
            assert!(
                app.battle().check_act(*figure, action).is_ok(),
                "{}",
                c.words
            );
        }
    }
    // The cursor to the foe: a charge at it is among the choices.
    press(&mut app, KeyCode::Char('t'));
    assert_eq!(app.map.cursor, app.battle().figure(FigureId(1)).pose.hex);
    let pass = app
        .choices
        .iter()
        .position(|c| c.words == "pass")
        .expect("a plain pass");
    press(&mut app, KeyCode::Char(char::from(b'1' + pass as u8)));
    assert_eq!(app.pick, pass);
    let before = app.session().log().len();
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.session().log().len(), before + 1);
    assert!(matches!(
        app.session().log().last(),
        Some(Command::Act {
            action: Action::Pass {
                task: Task::Nothing,
                ..
            },
            ..
        })
    ));
    // A figure whose turn it is not: refused, in words, nothing changed.
    let log = app.session().log().to_vec();
    assert!(!app.submit(Command::Act {
        figure: FigureId(0),
        action: Action::Pass {
            path: Vec::new(),
            task: Task::Nothing,
        },
    }));
    let note = app.note.clone().unwrap();
    assert!(
        note.error && note.text.starts_with("not allowed: "),
        "{note:?}"
    );
    assert_eq!(app.session().log(), log.as_slice());
    assert!(screen(&app).contains("not allowed:"));
}

/// `A` hands a side to the AI (an NPC side): it answers at once and after
/// every answer of the other side; undo steps back over its answers to the
/// last question a person answered; redo forward again.
#[test]
fn dq_ai_side_and_undo_over_its_answers() {
    let mut app = open("dq-party-vs-monsters.ron", 120, 40);
    // The monsters' side to the AI whenever it is asked.
    let monsters = app.battle().sides().len() - 1;
    while hexmelee::rulesets::dragonquest::display::scene::asked_side(app.battle()).map(|s| s.0)
        != Some(monsters)
    {
        press(&mut app, KeyCode::Enter);
    }
    press(&mut app, KeyCode::Char('A'));
    assert!(app.ai[monsters]);
    assert!(
        !app.ai_asked() || finished(&app),
        "the AI answered its side"
    );
    let person = app.session().cursor();
    press(&mut app, KeyCode::Enter);
    let after = app.session().cursor();
    assert!(after > person);
    press(&mut app, KeyCode::Char('u'));
    assert_eq!(
        app.session().cursor(),
        person,
        "back to the person's question"
    );
    press(&mut app, KeyCode::Char('U'));
    assert_eq!(app.session().cursor(), after);
    // `B` plays the rest of the battle.
    press(&mut app, KeyCode::Char('B'));
    assert!(finished(&app));
}

/// `p` plays the rest of the Pulse; saves and autosaves are the session's,
/// and a new display on the same scenario offers the unfinished autosave.
#[test]
fn dq_pulse_by_ai_save_and_resume_offer() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = open("dq-duel.ron", 120, 40);
    app.autosave = Keeper::new(Some(dir.path().to_path_buf()));
    press(&mut app, KeyCode::Char('p'));
    assert_eq!(app.battle().pulse(), 2);
    press(&mut app, KeyCode::Enter);
    let at = app.session().cursor();
    let save = dir.path().join("duel-save.ron");
    press(&mut app, KeyCode::Char('S'));
    for _ in 0..200 {
        press(&mut app, KeyCode::Backspace);
    }
    for c in save.to_str().unwrap().chars() {
        press(&mut app, KeyCode::Char(c));
    }
    press(&mut app, KeyCode::Enter);
    assert!(app.note.as_ref().unwrap().text.starts_with("saved to "));
    let loaded = hexmelee::session::file::load_of::<Battle>(&save).unwrap();
    assert_eq!(loaded.session.cursor(), at);
    assert_eq!(loaded.session.battle().where_in(), app.battle().where_in());
    // The autosave is offered to the next display on the scenario.
    let mut again = open("dq-duel.ron", 120, 40);
    again.autosave = Keeper::new(Some(dir.path().to_path_buf()));
    again.offer_autosave();
    assert!(screen(&again).contains("y resume it"));
    press(&mut again, KeyCode::Char('y'));
    assert_eq!(again.session().cursor(), at);
    assert_eq!(again.battle().where_in(), app.battle().where_in());
}

/// The scene seam, DragonQuest's side (16, 21.7): at Normal zoom the
/// selected figure's Melee Zone (its three front hexes) is shaded, facing
/// marks sit on the faced hexsides, and after the first moves the engaged
/// figures are marked; shaded cells shown as `#` under the text.
#[test]
fn dq_map_scene_melee_zone_and_engagement() {
    use hexmelee::tui::map::{MapWidget, Zoom};
    use ratatui::buffer::Buffer;
    use ratatui::layout::Rect;
    use ratatui::style::Color;
    use ratatui::widgets::Widget;

    let mut app = open("dq-duel.ron", 120, 40);
    while app.battle().pulse() < 2 {
        press(&mut app, KeyCode::Enter);
    }
    let mut view = app.map.clone();
    view.zoom = Zoom::Normal;
    view.scroll = (0, 0);
    view.selected = Some(FigureId(0));
    view.path.clear();
    let area = Rect::new(0, 0, 90, 36);
    let mut buf = Buffer::empty(area);
    MapWidget {
        battle: &app.table(),
        view: &view,
        theme: &app.theme,
    }
    .render(area, &mut buf);
    let rows = |cell: &dyn Fn(&ratatui::buffer::Cell) -> String| {
        (0..area.height)
            .map(|y| {
                let row: String = (0..area.width).map(|x| cell(&buf[(x, y)])).collect();
                row.trim_end().to_string()
            })
            .collect::<Vec<_>>()
            .join("\n")
    };
    let text = rows(&|c| c.symbol().to_string());
    let shade = rows(&|c| if c.bg == Color::Reset { " " } else { "#" }.into());
    assert!(text.contains('⚔'), "engaged after closing:\n{text}");
    assert_snapshot!(format!("{text}\n-- shaded --\n{}", shade.trim_end()));
}

/// Issue 44: a signal while the resume question is up leaves the offered
/// autosave as it was (the terminal loop's `save_on_exit`), until the
/// referee answers.
#[test]
fn dq_a_signal_at_the_resume_question_keeps_the_unfinished_autosave() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = open("dq-duel.ron", 120, 40);
    app.autosave = Keeper::new(Some(dir.path().to_path_buf()));
    press(&mut app, KeyCode::Char('p'));
    let files = || {
        let mut all: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| std::fs::read(e.unwrap().path()).unwrap())
            .collect();
        all.sort();
        all
    };
    let before = files();
    assert_eq!(before.len(), 1, "one unfinished autosave");
    let mut again = open("dq-duel.ron", 120, 40);
    again.autosave = Keeper::new(Some(dir.path().to_path_buf()));
    again.offer_autosave();
    assert!(screen(&again).contains("y resume it"));
    let kept = again.save_on_exit();
    assert_eq!(
        files(),
        before,
        "the offered autosave is kept byte for byte"
    );
    assert!(matches!(kept, LastSave::Offered(_)), "{kept:?}");
    // Answered, the battle on screen is the one autosaved.
    press(&mut again, KeyCode::Char('y'));
    again.save_on_exit();
    assert_eq!(files(), before);
}

/// Issue 44: an autosave that fails stays in sight in the header until a
/// save succeeds, and the exit on a signal says the battle is not on disk.
#[test]
fn dq_a_failing_autosave_stays_in_sight_and_the_exit_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let blocked = dir.path().join("autosave");
    std::fs::write(&blocked, "in the way").unwrap();
    let mut app = open("dq-duel.ron", 120, 40);
    app.autosave = Keeper::new(Some(blocked.clone()));
    press(&mut app, KeyCode::Char('p'));
    assert!(screen(&app).contains("NOT AUTOSAVED"));
    press(&mut app, KeyCode::Char('?'));
    press(&mut app, KeyCode::Esc);
    assert!(
        screen(&app).contains("NOT AUTOSAVED"),
        "stays past the note"
    );
    let last = app.save_on_exit();
    assert!(
        matches!(&last, LastSave::Failed { before: None, .. }),
        "{last:?}"
    );
    std::fs::remove_file(&blocked).unwrap();
    assert!(matches!(app.save_on_exit(), LastSave::Saved(_)));
    assert!(!screen(&app).contains("NOT AUTOSAVED"));
}

/// Issue 44: with no autosave folder at all, the header says so from the
/// start, before any autosave could fail.
#[test]
fn dq_no_autosave_folder_is_in_sight_from_the_start() {
    let mut app = open("dq-duel.ron", 120, 40);
    app.autosave = Keeper::in_folder(Err("no data directory".into()));
    assert!(screen(&app).contains("NOT AUTOSAVED"));
}

/// Issue 38: `[` and `]` page the log by its own rows, so paging from the
/// first line (`{`) to the latest shows every line once, none lost between
/// pages, and the title says where the page stands.
#[test]
fn dq_log_pages_meet_exactly() {
    let mut app = open("dq-duel.ron", 120, 40);
    while !finished(&app) {
        press(&mut app, KeyCode::Enter);
    }
    press(&mut app, KeyCode::Char('{'));
    let area = app.areas().unwrap().log;
    let rows = usize::from(area.height) - 2;
    let (mut last_end, mut total, mut pages) = (0, 0, 0);
    loop {
        let text = screen(&app);
        let title = text.lines().nth(usize::from(area.y)).unwrap().to_string();
        let Some(at) = title.find("lines ") else {
            // At the latest: its page is the last `rows` lines.
            assert!(total - rows <= last_end, "a line skipped before the latest");
            break;
        };
        let (a, rest) = title[at + 6..].split_once('–').unwrap();
        let (b, rest) = rest.split_once(" of ").unwrap();
        let n: String = rest.chars().take_while(char::is_ascii_digit).collect();
        let (a, b): (usize, usize) = (a.parse().unwrap(), b.parse().unwrap());
        total = n.parse().unwrap();
        assert_eq!(b - a + 1, rows, "a full page: {title}");
        assert!(a <= last_end + 1, "a line skipped: {title}");
        last_end = b;
        pages += 1;
        press(&mut app, KeyCode::Char(']'));
        assert!(pages < 500);
    }
    assert!(pages > 2, "the duel's log is pages long");
}

/// Issue 38: when a Pulse has been played, the panel reads it out (who
/// struck at whom) until the next Pulse's first action.
#[test]
fn dq_a_pulse_is_read_out_at_the_next() {
    let mut app = open("dq-duel.ron", 120, 40);
    let mut seen = false;
    let mut keys = 0;
    while !finished(&app) && !seen {
        press(&mut app, KeyCode::Enter);
        keys += 1;
        assert!(keys < 2_000);
        let text = screen(&app);
        seen = text.contains(", as it went") && text.contains(" struck at ");
    }
    assert!(seen, "a Pulse with a strike was read out");
}

/// Issue 38: at 120×40 no choice, path or summary in the Action panel is
/// cut short with "…": they wrap to the panel.
#[test]
fn dq_choices_are_never_cut_short_at_120_by_40() {
    let mut app = open("dq-party-vs-monsters.ron", 120, 40);
    let mut keys = 0;
    while !finished(&app) && keys < 300 {
        let area = app.areas().unwrap().panel;
        let text = screen(&app);
        for row in text
            .lines()
            .skip(usize::from(area.y))
            .take(usize::from(area.height))
        {
            let cell: String = row
                .chars()
                .skip(usize::from(area.x))
                .take(usize::from(area.width))
                .collect();
            assert!(
                !cell.contains('…'),
                "cut short after {keys} keys: {cell}\n{text}"
            );
        }
        press(&mut app, KeyCode::Enter);
        keys += 1;
    }
}
