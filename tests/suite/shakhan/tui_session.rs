//! The display's session keys (issue 8) driven with key events: save and
//! resume, undo and redo, the Referee's command line, replay mode and the
//! autosave offer. Autosaves go to a directory each test makes for itself
//! (passed to the App, never through the environment).

use crate::tui_common;

use std::path::{Path, PathBuf};

use hexmelee::rulesets::shakhan::display::app::App;
use hexmelee::rulesets::shakhan::display::keys::Mode;
use hexmelee::rulesets::shakhan::engine::{Event, Override, Phase, Prompt};
use hexmelee::rulesets::shakhan::session::Session;
use hexmelee::seam::FigureId;
use hexmelee::session::autosave::{Keeper, LastSave};
use hexmelee::tui::input::Input;
use insta::assert_snapshot;
use ratatui::crossterm::event::KeyCode;
use tui_common::*;

fn duel_file() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/duel.ron")
}

/// A fresh directory, removed when the test ends (passed or failed).
fn scratch(name: &str) -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix(&format!("hexmelee-tui-{name}-"))
        .tempdir()
        .unwrap()
}

/// The duel from its file at its own seed, autosaving into `autosave`.
fn duel_app(autosave: Option<&Path>) -> App {
    let session = Session::start_file(&duel_file(), None).unwrap();
    let mut app = App::from_session(session, false);
    asking(&mut app);
    app.autosave = Keeper::new(autosave.map(Path::to_path_buf));
    app.handle(Input::Resize(120, 40));
    app
}

/// Answer by keys until `done`, or the battle ends.
fn play_until(app: &mut App, done: impl Fn(&App) -> bool) {
    let mut steps = 0;
    while !done(app) && !matches!(app.battle().prompt(), Prompt::Finished { .. }) {
        answer_by_keys(app);
        steps += 1;
        assert!(steps < 500, "stuck in {:?}", app.mode());
    }
}

fn figures_dump(app: &App) -> String {
    format!("{:?}", app.battle().figures())
}

fn pulse_of(app: &App) -> Option<(u32, u8)> {
    match app.battle().phase() {
        Phase::Attack { pulse, .. } | Phase::Action { pulse, .. } => {
            Some((app.battle().round(), pulse))
        }
        _ => None,
    }
}

#[test]
fn two_rounds_saved_by_keys_resume_to_the_same_state() {
    let tmp = scratch("save");
    let dir = tmp.path();
    let mut app = duel_app(None);
    play_until(&mut app, |a| a.battle().round() >= 3);
    let file = dir.join("duel-two-rounds.ron");
    typed(&mut app, "S");
    assert_eq!(app.mode(), Mode::SaveAs);
    let offered = app.line.as_ref().unwrap().text.clone();
    assert_eq!(offered, "duel-save.ron", "the default path is offered");
    for _ in 0..offered.len() {
        press(&mut app, KeyCode::Backspace);
    }
    typed(&mut app, &file.display().to_string());
    press(&mut app, KeyCode::Enter);
    let note = app.note.clone().unwrap();
    assert!(!note.error && note.text.contains("saved to"), "{note:?}");
    assert!(
        note.text.contains("duel-two-rounds.ron"),
        "says where: {note:?}"
    );
    assert_ne!(app.mode(), Mode::SaveAs, "the line closes");

    // A new App on the file, as `play --resume` opens it.
    let loaded = hexmelee::rulesets::shakhan::session::load(&file).unwrap();
    let resumed = App::from_session(loaded.session, false);
    assert_eq!(resumed.battle().events(), app.battle().events());
    assert_eq!(figures_dump(&resumed), figures_dump(&app));
    assert_eq!(resumed.battle().prompt(), app.battle().prompt());
    assert_eq!(resumed.session().log(), app.session().log());
}

#[test]
fn a_save_to_a_bad_path_keeps_the_line_open_with_why() {
    let mut app = duel_app(None);
    typed(&mut app, "S");
    for _ in 0..40 {
        press(&mut app, KeyCode::Backspace);
    }
    typed(&mut app, "/nonexistent-dir/x/save.ron");
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.mode(), Mode::SaveAs);
    let line = app.line.as_ref().unwrap();
    assert_eq!(line.text, "/nonexistent-dir/x/save.ron");
    assert!(line.error.is_some());
}

#[test]
fn undo_a_pulse_then_redo_gives_identical_events() {
    let mut app = duel_app(None);
    play_until(&mut app, |a| pulse_of(a) == Some((1, 2)));
    // One command into pulse 2, then back into pulse 1 by undo.
    let into = app.session().cursor() + 1;
    play_until(&mut app, |a| a.session().cursor() >= into);
    let events = app.battle().events().to_vec();
    let figures = figures_dump(&app);
    let at = app.session().cursor();
    let mut undone = 0;
    while pulse_of(&app) == Some((1, 2)) {
        typed(&mut app, "u");
        undone += 1;
        assert!(undone < 50);
    }
    assert!(app.battle().events().len() < events.len());
    assert_eq!(app.session().cursor(), at - undone);
    for _ in 0..undone {
        typed(&mut app, "U");
    }
    assert_eq!(
        app.battle().events(),
        &events[..],
        "redo replays the same events"
    );
    assert_eq!(figures_dump(&app), figures);

    // A new command after an undo drops the redo tail, and says so.
    typed(&mut app, "u");
    assert!(app.session().can_redo());
    let mut tries = 0;
    while app.session().can_redo() && tries < 5 {
        answer_by_keys(&mut app);
        tries += 1;
    }
    assert_eq!(app.session().log().len(), app.session().cursor());
    assert!(
        app.note
            .as_ref()
            .is_some_and(|n| n.text.contains("redo dropped")),
        "{:?}",
        app.note
    );
    typed(&mut app, "U");
    assert!(app.note.as_ref().unwrap().text.contains("nothing to redo"));
}

#[test]
fn the_history_overlay_jumps_to_an_earlier_point() {
    let mut app = duel_app(None);
    play_until(&mut app, |a| pulse_of(a) == Some((1, 2)));
    let end = app.session().cursor();
    typed(&mut app, "h");
    assert_eq!(app.mode(), Mode::History);
    assert_eq!(app.history, end);
    for _ in 0..3 {
        press(&mut app, KeyCode::Up);
    }
    assert_snapshot!(screen(&app));
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.session().cursor(), end - 3);
    assert_ne!(app.mode(), Mode::History);
    assert!(app.note.as_ref().unwrap().text.starts_with("went to"));
    // And forward again through the list.
    typed(&mut app, "h");
    press(&mut app, KeyCode::PageDown);
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.session().cursor(), end);
}

#[test]
fn a_wound_overridden_by_the_command_line_changes_the_figure_and_shows_in_the_log() {
    let mut app = duel_app(None);
    let aulos = FigureId(0);
    press(&mut app, KeyCode::Enter); // Red's orders: the map's keys
    typed(&mut app, ":");
    assert!(
        app.note.as_ref().is_some_and(|n| n.error),
        "the table view has no command line"
    );
    assert_ne!(app.mode(), Mode::Command);
    typed(&mut app, "vy:");
    assert_eq!(app.mode(), Mode::Command);
    typed(&mut app, "wound aulos upper 6 pain 3 bleed 1");
    press(&mut app, KeyCode::Enter);
    assert_ne!(app.mode(), Mode::Command, "{:?}", app.line);
    let c = &app.battle().figure(aulos).condition;
    assert_eq!(c.damage(), 6);
    assert_eq!(c.pain(), 3.0);
    assert!(app.battle().events().iter().any(|e| matches!(
        e,
        Event::Overridden {
            change: Override::Wound { damage: 6, .. },
            ..
        }
    )));
    assert!(screen(&app).contains("Referee override"));
    assert!(matches!(
        app.session().log().last(),
        Some(hexmelee::rulesets::shakhan::engine::Command::Referee(_))
    ));

    // Heal it all again.
    typed(&mut app, ":heal Aulos all");
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.battle().figure(aulos).condition.damage(), 0);
}

#[test]
fn a_bad_command_line_shows_the_error_under_it_and_keeps_the_text() {
    let mut app = duel_app(None);
    press(&mut app, KeyCode::Enter);
    typed(&mut app, "vy:wound Zed upper 6");
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.mode(), Mode::Command);
    let line = app.line.as_ref().unwrap();
    assert_eq!(line.text, "wound Zed upper 6");
    let error = line.error.as_deref().unwrap();
    assert!(error.contains("one of: Aulos, Berrin"), "{error}");
    assert_snapshot!(screen(&app));
    // Esc closes it; nothing changed.
    press(&mut app, KeyCode::Esc);
    assert!(app.line.is_none());
    assert!(app.session().log().is_empty());
}

#[test]
fn tab_completes_kinds_names_and_words() {
    let mut app = duel_app(None);
    press(&mut app, KeyCode::Enter);
    typed(&mut app, "vy:wo");
    press(&mut app, KeyCode::Tab);
    typed(&mut app, "be");
    press(&mut app, KeyCode::Tab);
    typed(&mut app, "ne");
    press(&mut app, KeyCode::Tab);
    assert_eq!(app.line.as_ref().unwrap().text, "wound Berrin neck ");
    typed(&mut app, "2");
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.battle().figure(FigureId(1)).condition.damage(), 2);
    // Ambiguous: the choices are listed.
    typed(&mut app, ":re");
    press(&mut app, KeyCode::Tab);
    let line = app.line.as_ref().unwrap();
    assert_eq!(line.text, "re");
    assert!(
        line.error
            .as_deref()
            .unwrap()
            .contains("reserve  remove  reroll")
    );
}

#[test]
fn replay_mode_steps_to_the_start_and_forward_again_and_plays_from_here() {
    let tmp = scratch("replay");
    let dir = tmp.path();
    let file = dir.join("duel-sim.ron");
    let mut s = Session::start_file(&duel_file(), None).unwrap();
    s.play(2, hexmelee::rulesets::shakhan::ai::answer).unwrap();
    s.save(&file).unwrap();
    let saved = hexmelee::rulesets::shakhan::session::load(&file)
        .unwrap()
        .session;
    let whole = saved.battle().events().to_vec();
    let len = saved.log().len();

    let mut app = App::from_session(saved, false);
    app.handle(Input::Resize(120, 40));
    app.start_replay();
    assert_eq!(app.mode(), Mode::Replay);
    assert_eq!(app.session().cursor(), 0);
    // Nothing can be entered: the play keys do nothing.
    typed(&mut app, " fnyd");
    assert_eq!(app.session().cursor(), 0);
    assert_eq!(app.session().log().len(), len);

    // A pulse at a time, then a command at a time.
    typed(&mut app, "]]");
    let two_pulses = app.session().cursor();
    assert!(two_pulses > 0);
    typed(&mut app, "]");
    assert!(app.session().cursor() > two_pulses);
    typed(&mut app, "[");
    assert_eq!(app.session().cursor(), two_pulses);
    typed(&mut app, ".");
    assert_eq!(app.session().cursor(), two_pulses + 1);
    typed(&mut app, ",,");
    assert_eq!(app.session().cursor(), two_pulses - 1);
    assert_eq!(
        app.battle().events(),
        &whole[..app.battle().events().len()],
        "the log follows the replay"
    );
    assert_snapshot!(
        "replay_mode_header",
        format!(
            "{}{}",
            row_with_marks(&app, 0),
            screen(&app).lines().last().unwrap()
        )
    );
    press(&mut app, KeyCode::End);
    assert_eq!(app.battle().events(), &whole[..]);
    press(&mut app, KeyCode::Home);
    assert_eq!(app.session().cursor(), 0);
    while app.session().cursor() < 5 {
        typed(&mut app, ".");
    }

    // Play from here: the next command drops the rest of the log.
    typed(&mut app, "p");
    assert!(!app.replay);
    assert!(app.note.as_ref().unwrap().text.contains("drops"));
    let before = app.session().log().len();
    play_until(&mut app, |a| a.session().log().len() != before);
    assert_eq!(app.session().log().len(), 6);
}

#[test]
fn the_resume_offer_appears_when_an_unfinished_autosave_exists() {
    let tmp = scratch("offer");
    let dir = tmp.path();
    let mut first = duel_app(Some(dir));
    play_until(&mut first, |a| pulse_of(a) == Some((1, 2)));
    let autosaved = std::fs::read_dir(dir).unwrap().count();
    assert_eq!(autosaved, 1, "one autosave per scenario");

    // The next start of the duel is offered it.
    let mut second = duel_app(Some(dir));
    second.offer_autosave();
    assert_eq!(second.mode(), Mode::Resume);
    let s = screen(&second);
    assert!(s.contains("Round 1, pulse 2"), "{s}");
    typed(&mut second, "r");
    assert_eq!(second.battle().events(), first.battle().events());
    assert_eq!(figures_dump(&second), figures_dump(&first));

    // Declined, it is gone.
    let mut third = duel_app(Some(dir));
    third.offer_autosave();
    assert_eq!(third.mode(), Mode::Resume);
    typed(&mut third, "n");
    assert!(third.session().log().is_empty());
    assert_eq!(std::fs::read_dir(dir).unwrap().count(), 0);
    let mut fourth = duel_app(Some(dir));
    fourth.offer_autosave();
    assert_ne!(fourth.mode(), Mode::Resume);
}

/// Issue 44: a signal while the resume question is up (the terminal loop's
/// `save_on_exit`) leaves the offered autosave as it was; the fresh battle
/// on screen is nothing until the referee answers.
#[test]
fn a_signal_at_the_resume_question_keeps_the_unfinished_autosave() {
    let tmp = scratch("offer-signal");
    let dir = tmp.path();
    let mut first = duel_app(Some(dir));
    play_until(&mut first, |a| pulse_of(a) == Some((1, 2)));
    let files = || {
        let mut all: Vec<_> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| std::fs::read(e.unwrap().path()).unwrap())
            .collect();
        all.sort();
        all
    };
    let before = files();
    assert_eq!(before.len(), 1, "one unfinished autosave");
    let mut second = duel_app(Some(dir));
    second.offer_autosave();
    assert_eq!(second.mode(), Mode::Resume);
    let kept = second.save_on_exit();
    assert_eq!(
        files(),
        before,
        "the offered autosave is kept byte for byte"
    );
    let LastSave::Offered(on_disk) = &kept else {
        panic!("{kept:?}")
    };
    assert_eq!(on_disk.commands, first.session().log().len());
    assert!(on_disk.path.starts_with(dir), "{kept}");
    assert!(kept.to_string().contains("kept as it was"), "{kept}");
    // Declined (the autosave discarded), a new battle with no command yet
    // writes nothing; once it has one, it is the one autosaved.
    typed(&mut second, "n");
    let nothing = second.save_on_exit();
    assert!(matches!(nothing, LastSave::Nothing(_)), "{nothing:?}");
    assert!(files().is_empty());
    play_until(&mut second, |a| !a.session().log().is_empty());
    let saved = second.save_on_exit();
    assert_eq!(files().len(), 1);
    assert_ne!(files(), before);
    assert!(matches!(saved, LastSave::Saved(_)), "{saved:?}");
}

/// Issue 44: an autosave that fails is a warning in the header that stays
/// until a save succeeds, and a signal's exit says the battle is not on disk
/// instead of "autosaved".
#[test]
fn a_failing_autosave_stays_in_sight_and_the_exit_says_so() {
    let tmp = scratch("autosave-fails");
    // A file where the autosave folder should be: every autosave fails.
    let blocked = tmp.path().join("autosave");
    std::fs::write(&blocked, "in the way").unwrap();
    let mut app = duel_app(Some(&blocked));
    play_until(&mut app, |a| pulse_of(a) == Some((1, 2)));
    assert!(app.autosave.trouble().is_some());
    let shown = screen(&app);
    assert!(shown.contains("NOT AUTOSAVED"), "{shown}");
    // The warning outlives the note: another key, another note.
    typed(&mut app, "?");
    typed(&mut app, "?");
    assert!(screen(&app).contains("NOT AUTOSAVED"));
    let last = app.save_on_exit();
    assert!(
        matches!(&last, LastSave::Failed { before: None, .. }),
        "{last:?}"
    );
    assert!(
        last.to_string().contains("the battle is not on disk"),
        "{last}"
    );
    // The folder comes back: the next autosave clears the warning.
    std::fs::remove_file(&blocked).unwrap();
    let last = app.save_on_exit();
    assert!(matches!(last, LastSave::Saved(_)), "{last:?}");
    assert!(!screen(&app).contains("NOT AUTOSAVED"));
}

#[test]
fn export_writes_markdown_and_text_beside_the_save() {
    let tmp = scratch("export");
    let dir = tmp.path();
    let mut app = duel_app(None);
    play_until(&mut app, |a| a.battle().round() >= 2);
    app.save_path = Some(dir.join("evening.ron"));
    typed(&mut app, "E");
    let note = app.note.clone().unwrap();
    assert!(!note.error, "{note:?}");
    let md = std::fs::read_to_string(dir.join("evening.md")).unwrap();
    let txt = std::fs::read_to_string(dir.join("evening.txt")).unwrap();
    assert!(md.starts_with("# "), "{md}");
    assert!(md.contains("## "), "rounds as headings");
    assert!(!txt.is_empty());
    assert!(note.text.contains("evening.md") && note.text.contains("evening.txt"));
}

#[test]
fn a_reroll_by_the_command_line_makes_the_last_command_again_with_fresh_dice() {
    let mut app = duel_app(None);
    play_until(&mut app, |a| {
        a.battle()
            .events()
            .iter()
            .any(|e| matches!(e, Event::Strike(_)))
    });
    let last = app.session().log().last().cloned().unwrap();
    let len = app.session().log().len();
    typed(&mut app, "v:reroll the die rolled off the table");
    press(&mut app, KeyCode::Enter);
    assert!(app.line.is_none(), "{:?}", app.line);
    let log = app.session().log();
    assert_eq!(log.len(), len + 1, "the reroll is one more command");
    assert!(matches!(
        &log[len - 1],
        hexmelee::rulesets::shakhan::engine::Command::Referee(Override::Reroll { reason, .. }) if reason == "the die rolled off the table"
    ));
    assert_eq!(log[len], last, "then the same command again");
    assert!(screen(&app).contains("Referee override"));
}

#[test]
fn the_resume_offer_says_where_the_battle_stopped() {
    let tmp = scratch("offer-snapshot");
    let dir = tmp.path();
    let mut first = duel_app(Some(dir));
    play_until(&mut first, |a| pulse_of(a) == Some((1, 3)));
    let mut second = duel_app(Some(dir));
    second.offer_autosave();
    assert_snapshot!(screen(&second));
}

/// Replay of a save made after undoing stops at the save point: the undone
/// commands are a branch, marked in the history list, reached by redo.
#[test]
fn replay_stops_at_the_saved_cursor_and_lists_the_undone_branch() {
    let tmp = scratch("undone");
    let dir = tmp.path();
    let file = dir.join("duel-undone.ron");
    let mut s = Session::start_file(&duel_file(), None).unwrap();
    s.play(1, hexmelee::rulesets::shakhan::ai::answer).unwrap();
    for _ in 0..3 {
        assert!(s.undo());
    }
    s.save(&file).unwrap();
    let saved = hexmelee::rulesets::shakhan::session::load(&file)
        .unwrap()
        .session;
    let at = saved.cursor();
    let len = saved.log().len();
    assert_eq!(len, at + 3);

    let mut app = App::from_session(saved, false);
    app.handle(Input::Resize(80, 24));
    app.start_replay();
    press(&mut app, KeyCode::End);
    assert_eq!(app.session().cursor(), at, "End stops at the save point");
    typed(&mut app, ".]");
    assert_eq!(app.session().cursor(), at, "stepping stops there too");
    assert!(
        app.note
            .as_ref()
            .unwrap()
            .text
            .contains("3 undone commands after it"),
        "{:?}",
        app.note
    );
    typed(&mut app, "h");
    assert_eq!(app.mode(), Mode::History);
    assert_snapshot!(screen(&app));
    // Going to a point on the branch restores it up to there.
    press(&mut app, KeyCode::Down);
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.session().cursor(), at + 1);
    assert_eq!(app.session().undone(), 2);
    // Playing on from here, redo restores the next.
    typed(&mut app, "pU");
    assert_eq!(app.session().cursor(), at + 2, "redo restores one");
    assert_eq!(app.session().undone(), 1);
}

#[test]
fn a_long_command_line_error_wraps_whole_at_80x24() {
    let mut app = duel_app(None);
    app.handle(Input::Resize(80, 24));
    press(&mut app, KeyCode::Enter);
    typed(&mut app, "vy:frobnicate");
    press(&mut app, KeyCode::Enter);
    let error = app.line.as_ref().unwrap().error.clone().unwrap();
    assert!(error.len() > 78, "a long error: {error}");
    // Every word of the error is on the screen, the last one included.
    let s = screen(&app);
    let last = error.split_whitespace().last().unwrap();
    assert!(s.contains(last), "{last:?} cut off:\n{s}");
    let words = |t: &str| t.split_whitespace().count();
    let shown: usize = s
        .lines()
        .filter(|l| l.contains('┃'))
        .map(|l| l.split('┃').nth(1).map_or(0, words))
        .sum();
    assert!(shown >= words(&error), "{s}");
}

/// Issue 25: a note in a save carrying ESC sequences and a bidi override is
/// drawn with neither in any cell (ratatui drops controls and zero-width
/// characters; any other unsafe one left in a cell is drawn as `?`), in
/// either view of the log.
#[test]
fn a_note_with_escapes_never_reaches_a_cell() {
    let save = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/hostile/note-with-escapes.ron");
    let loaded = hexmelee::rulesets::shakhan::session::load(&save).unwrap();
    let mut app = App::from_session(loaded.session, false);
    app.handle(Input::Resize(160, 50));
    for view in [None, Some('v')] {
        if let Some(key) = view {
            press(&mut app, KeyCode::Char(key));
        }
        let shown = screen(&app);
        let bad = shown
            .chars()
            .find(|&c| c != '\n' && hexmelee::text::is_unsafe(c));
        assert_eq!(bad, None, "{shown}");
        assert!(shown.contains("prays[2J]0;owned loud"), "{shown}");
    }
}

/// Issue 39: behind the "Resume?" question the seats hold no table (a seal
/// there would play a battle the referee may not keep), and resuming writes
/// the autosave at once, so quitting later cannot lose the resumed battle
/// whatever became of the file meanwhile.
#[cfg(feature = "seats")]
#[test]
fn the_seats_open_after_the_resume_answer_and_resuming_autosaves() {
    use hexmelee::rulesets::shakhan::seats::ToServer;
    use hexmelee::seats::Token;
    let tmp = scratch("offer-seats");
    let dir = tmp.path();
    let mut first = duel_app(Some(dir));
    play_until(&mut first, |a| pulse_of(a) == Some((1, 2)));
    let commands = first.session().log().len();
    let mut second = duel_app(Some(dir));
    second.offer_autosave();
    assert_eq!(second.mode(), Mode::Resume);
    let tokens = vec![Token::from_bytes([1; 16]), Token::from_bytes([2; 16])];
    second.open_seats("192.0.2.10:8080".parse().unwrap(), tokens);
    let out = second.take_outbox();
    assert!(out.iter().any(|m| matches!(m, ToServer::Issue(..))));
    assert!(
        !out.iter().any(|m| matches!(m, ToServer::Table(_))),
        "the seats were sent a table behind the resume question"
    );
    // The file goes meanwhile (as a seal's new battle overwrote it before).
    for e in std::fs::read_dir(dir).unwrap() {
        std::fs::remove_file(e.unwrap().path()).unwrap();
    }
    typed(&mut second, "r");
    assert!(
        second
            .take_outbox()
            .iter()
            .any(|m| matches!(m, ToServer::Table(_)))
    );
    let saved: Vec<_> = std::fs::read_dir(dir).unwrap().collect();
    assert_eq!(saved.len(), 1, "resuming wrote no autosave");
    let found =
        hexmelee::session::autosave::find_in::<hexmelee::rulesets::shakhan::engine::Battle>(
            dir,
            second.session().origin(),
            second.session().source(),
        )
        .unwrap()
        .unwrap();
    assert_eq!(found.session.log().len(), commands);
}
