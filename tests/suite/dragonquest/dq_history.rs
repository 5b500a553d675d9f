//! The DragonQuest display's history (issue 18): `hexmelee replay`'s
//! stepping through a saved battle to the state `--resume` opens and
//! playing on from a point, the history list's jump back, export from the
//! display, the legend and the help's new keys, on ratatui's `TestBackend`.

use super::dq_screen;

use dq_screen::*;

use hexmelee::rulesets::dragonquest::display::App;
use hexmelee::rulesets::dragonquest::display::app::Overlay;
use hexmelee::rulesets::dragonquest::engine::{Battle, Prompt};
use hexmelee::session::export::Format;
use hexmelee::session::file::load_of;
use insta::assert_snapshot;
use ratatui::crossterm::event::KeyCode;

/// The battle's whole state, dice included, to compare two of them.
fn state(app: &App) -> String {
    format!("{:?}", app.battle())
}

/// The duel played `keys` answers on by Enter, the last undone, saved in
/// `dir`: a save with an undone command after its point.
fn saved_duel(dir: &std::path::Path, keys: usize) -> std::path::PathBuf {
    let mut app = open("dq-duel.ron", 120, 40);
    for _ in 0..keys {
        press(&mut app, KeyCode::Enter);
    }
    press(&mut app, KeyCode::Char('u'));
    let path = dir.join("duel-save.ron");
    app.save_to(path.clone());
    assert!(path.exists());
    path
}

/// The display on a save, as `hexmelee play --resume` and `hexmelee
/// replay` open it.
fn opened(path: &std::path::Path) -> App {
    let loaded = load_of::<Battle>(path).unwrap();
    let mut app = App::from_session(loaded.session, false);
    app.save_path = Some(path.to_path_buf());
    app.handle(hexmelee::tui::input::Input::Resize(120, 40));
    app
}

/// `hexmelee replay`: from the start, `.` a command at a time to the end
/// of the battle as saved, which is the state `--resume` opens; `,` and
/// `]` `[` step back and by Pulse; Home and End; the undone command is
/// not stepped onto. Nothing is answered in the replay.
#[test]
fn dq_replay_steps_to_the_state_resume_opens() {
    let dir = tempfile::tempdir().unwrap();
    let path = saved_duel(dir.path(), 14);
    let resumed = opened(&path);
    let mut app = opened(&path);
    app.start_replay();
    assert!(app.replaying());
    assert_eq!(app.session().cursor(), 0);
    assert_eq!(app.battle().pulse(), 1);
    let top = screen(&app);
    assert!(
        top.starts_with(" REPLAY  command 0/13 (+1 undone) · Pulse 1"),
        "{top}"
    );
    assert_snapshot!(top);
    // Enter answers nothing in a replay.
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.session().cursor(), 0);
    for n in 1..=13 {
        press(&mut app, KeyCode::Char('.'));
        assert_eq!(app.session().cursor(), n);
    }
    assert_eq!(
        state(&app),
        state(&resumed),
        "the end of the replay is the save"
    );
    press(&mut app, KeyCode::Char('.'));
    assert_eq!(app.session().cursor(), 13, "not onto the undone command");
    assert!(app.note.as_ref().unwrap().text.contains("1 undone command"));
    press(&mut app, KeyCode::Char(','));
    assert_eq!(app.session().cursor(), 12);
    // A Pulse back, then forward: the first point of each Pulse.
    press(&mut app, KeyCode::Home);
    assert_eq!(app.session().cursor(), 0);
    let mut pulses = vec![app.battle().pulse()];
    loop {
        let at = app.session().cursor();
        press(&mut app, KeyCode::Char(']'));
        if app.session().cursor() == at {
            break;
        }
        pulses.push(app.battle().pulse());
    }
    // Each Pulse's first point, then the end as saved (mid-Pulse).
    assert!(pulses.len() >= 4, "{pulses:?}");
    let starts = &pulses[..pulses.len() - 1];
    assert!(starts.windows(2).all(|w| w[0] < w[1]), "{pulses:?}");
    assert_eq!(app.session().cursor(), 13);
    press(&mut app, KeyCode::Char('['));
    assert_eq!(
        app.battle().pulse(),
        pulses[pulses.len() - 1],
        "this Pulse's start"
    );
    let start = app.session().cursor();
    press(&mut app, KeyCode::Char('['));
    assert_eq!(
        app.battle().pulse(),
        pulses[pulses.len() - 1] - 1,
        "the one before"
    );
    assert!(app.session().cursor() < start);
    press(&mut app, KeyCode::End);
    assert_eq!(state(&app), state(&resumed));
    // Stepping saves nothing: the autosave keeps the battle as played.
    assert!(!screen(&app).contains("autosave failed"));
}

/// `p` in a replay plays on from that point: Enter answers again, and the
/// answer drops the rest of the log as undo's new branch does.
#[test]
fn dq_replay_plays_on_from_a_point() {
    let dir = tempfile::tempdir().unwrap();
    let path = saved_duel(dir.path(), 14);
    let mut app = opened(&path);
    app.start_replay();
    for _ in 0..5 {
        press(&mut app, KeyCode::Char('.'));
    }
    press(&mut app, KeyCode::Char('p'));
    assert!(!app.replaying());
    assert!(
        app.note
            .as_ref()
            .unwrap()
            .text
            .contains("drops the 9 commands"),
        "{:?}",
        app.note
    );
    assert!(!screen(&app).contains("REPLAY"));
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.session().cursor(), 6);
    assert_eq!(app.session().log().len(), 6, "the tail is dropped");
    // Played on as a fresh session would from the same commands.
    let mut fresh =
        hexmelee::session::Session::<Battle>::open_file(app.session().origin(), None).unwrap();
    for c in app.session().log() {
        fresh.submit(c.clone()).unwrap();
    }
    assert_eq!(format!("{:?}", fresh.battle()), state(&app));
}

/// `h` lists each Pulse and action in DragonQuest's words; choosing a
/// point and Enter goes back to it (the log replayed), `U` comes forward.
#[test]
fn dq_history_jumps_back_to_a_point() {
    let mut app = open("dq-duel.ron", 120, 40);
    let mut states = vec![state(&app)];
    for _ in 0..9 {
        press(&mut app, KeyCode::Enter);
        states.push(state(&app));
    }
    press(&mut app, KeyCode::Char('h'));
    assert_eq!(app.overlay(), Some(&Overlay::History));
    let list = screen(&app);
    assert!(list.contains("History — 9 of 9 commands"), "{list}");
    assert!(list.contains("Pulse 1, "), "{list}");
    assert!(list.contains(" — before Aldric's "), "{list}");
    assert!(list.contains("— latest"), "{list}");
    assert_snapshot!(list);
    for _ in 0..4 {
        press(&mut app, KeyCode::Char('k'));
    }
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.overlay(), None);
    assert_eq!(app.session().cursor(), 5);
    assert_eq!(state(&app), states[5], "the same state as when first there");
    assert!(
        app.note
            .as_ref()
            .unwrap()
            .text
            .starts_with("went to 5/9: Pulse ")
    );
    press(&mut app, KeyCode::Char('U'));
    assert_eq!(state(&app), states[6]);
    // Esc leaves the list without going anywhere.
    press(&mut app, KeyCode::Char('h'));
    press(&mut app, KeyCode::PageUp);
    press(&mut app, KeyCode::Esc);
    assert_eq!(app.session().cursor(), 6);
}

/// `E` writes the log as Markdown and text beside the save, atomically,
/// the same record `hexmelee export` prints, and says where.
#[test]
fn dq_export_from_the_display() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = open("dq-duel.ron", 120, 40);
    while app.battle().pulse() < 3 {
        press(&mut app, KeyCode::Enter);
    }
    app.save_path = Some(dir.path().join("duel.ron"));
    press(&mut app, KeyCode::Char('E'));
    let note = app.note.clone().unwrap();
    assert!(!note.error, "{}", note.text);
    let md = dir.path().join("duel.md");
    let txt = dir.path().join("duel.txt");
    assert!(
        note.text.starts_with("exported the Referee's record to "),
        "{}",
        note.text
    );
    assert!(note.text.contains(md.to_str().unwrap()), "{}", note.text);
    assert_eq!(
        std::fs::read_to_string(&md).unwrap(),
        hexmelee::rulesets::dragonquest::session::render(app.session(), Format::Markdown)
    );
    let text = std::fs::read_to_string(&txt).unwrap();
    assert_eq!(
        text,
        hexmelee::rulesets::dragonquest::session::render(app.session(), Format::Text)
    );
    assert!(text.contains("Pulse 2 begins"), "{text}");
    // Nothing but the two files (no temporary left behind).
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 2);
    // A place it cannot write: said, nothing lost.
    app.save_path = Some(dir.path().join("no-such-dir").join("duel.ron"));
    press(&mut app, KeyCode::Char('E'));
    let note = app.note.clone().unwrap();
    assert!(
        note.error && note.text.starts_with("export failed: "),
        "{}",
        note.text
    );
}

/// `L` shows what the map's marks mean in DragonQuest's words; `?` lists
/// the new keys; the hint bar stays as it was.
#[test]
fn dq_legend_and_help() {
    let mut app = open("dq-duel.ron", 120, 60);
    let before = screen(&app);
    press(&mut app, KeyCode::Char('L'));
    assert_eq!(app.overlay(), Some(&Overlay::Legend));
    let legend = screen(&app);
    for words in [
        "Melee Zone",
        "facing N NE SE S SW NW",
        "engaged (19.4)",
        "flank",
        "several figures in one hex",
        "a monster of several hexes (29)",
        "a rider and his mount (30)",
    ] {
        assert!(legend.contains(words), "{words}: {legend}");
    }
    assert_snapshot!(legend);
    press(&mut app, KeyCode::Esc);
    assert_eq!(screen(&app), before);
    press(&mut app, KeyCode::Char('?'));
    let help = screen(&app);
    for words in [
        "history: every Pulse",
        "export the log",
        "legend: what",
        "In a replay",
        "play on from here",
    ] {
        assert!(help.contains(words), "{words}: {help}");
    }
    assert!(!matches!(app.battle().prompt(), Prompt::Finished { .. }));
}

/// On a laptop's 80×24 the help is longer than the screen: it scrolls
/// (↓ and PgDn) to its last section and says how much is left.
#[test]
fn dq_help_scrolls_on_a_small_screen() {
    let mut app = open("dq-duel.ron", 80, 24);
    press(&mut app, KeyCode::Char('?'));
    let top = screen(&app);
    assert!(top.contains("more"), "{top}");
    assert!(!top.contains("In the history list"), "{top}");
    for _ in 0..10 {
        press(&mut app, KeyCode::PageDown);
    }
    let bottom = screen(&app);
    assert!(bottom.contains("In the history list"), "{bottom}");
    press(&mut app, KeyCode::Up);
    press(&mut app, KeyCode::Esc);
    press(&mut app, KeyCode::Char('?'));
    assert_eq!(screen(&app), top, "the help opens at its top again");
}
