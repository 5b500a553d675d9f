//! A DragonQuest battle as a session (issue 18): undo, redo and going back
//! are replays of its log; a save loads to the same battle, its undone
//! branch kept; a broken DragonQuest save is refused in plain words and
//! placed (tests/suite/frame/save_fuzz.rs: no DragonQuest save text panics).

use std::path::Path;
use std::sync::LazyLock;

use crate::refusal;

use hexmelee::rulesets::dragonquest::ai::answer;
use hexmelee::rulesets::dragonquest::engine::Battle;
use hexmelee::session::Session;
use hexmelee::session::file::{self, Loaded, SaveError};

const DUEL: &str = "scenarios/dq-duel.ron";

fn duel() -> Session<Battle> {
    Session::<Battle>::open_file(Path::new(DUEL), None).unwrap()
}

/// The duel played by the AI to its end.
fn played() -> Session<Battle> {
    let mut s = duel();
    s.play_out(100, answer).unwrap();
    s
}

/// The finished duel's save, undone by three commands.
static SAVE: LazyLock<String> = LazyLock::new(|| {
    let mut s = played();
    for _ in 0..3 {
        assert!(s.undo());
    }
    s.to_save().to_ron()
});

fn load(text: &str) -> Result<Loaded<Battle>, SaveError> {
    file::load_text_of(Path::new("dq.ron"), text)
}

#[test]
fn undo_redo_and_goto_replay_the_same_battle() {
    let s = played();
    assert!(s.battle().outcome().is_some(), "the duel ends");
    let end = format!("{:?}", s.battle().events());
    let mut back = s.clone();
    let half = s.log().len() / 2;
    back.goto(half).unwrap();
    assert_eq!(back.cursor(), half);
    assert!(back.battle().events().len() < s.battle().events().len());
    // Forward again, one command at a time: the very same events.
    while back.redo() {}
    assert_eq!(format!("{:?}", back.battle().events()), end);
    // Undo to the start is the battle before any command.
    while back.undo() {}
    assert_eq!(
        format!("{:?}", back.battle().events()),
        format!("{:?}", duel().battle().events())
    );
}

#[test]
fn a_new_command_after_an_undo_starts_a_new_branch() {
    let mut s = duel();
    s.play_out(3, answer).unwrap();
    let len = s.log().len();
    assert!(s.undo() && s.undo());
    let next = answer(s.battle(), &s.battle().prompt());
    s.submit(next).unwrap();
    assert_eq!(s.log().len(), len - 1, "the redo tail is dropped");
    assert!(!s.can_redo());
}

#[test]
fn points_say_the_pulse_and_whose_turn_in_plain_words() {
    let s = played();
    let points = s.points();
    assert_eq!(points.len(), s.log().len() + 1);
    assert!(
        points[0].label.starts_with("Pulse 1, "),
        "{}",
        points[0].label
    );
    assert!(
        points.iter().any(|p| p.label.contains("Aldric's")),
        "{:?}",
        points.iter().map(|p| &p.label).collect::<Vec<_>>()
    );
    assert!(points.last().unwrap().label.ends_with("— latest"));
    assert!(
        points.windows(2).all(|w| w[0].at <= w[1].at),
        "Pulses only go on"
    );
}

#[test]
fn a_save_loads_to_the_same_battle_with_its_undone_branch() {
    let loaded = load(&SAVE).unwrap();
    assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings);
    let s = loaded.session;
    let mut original = played();
    for _ in 0..3 {
        original.undo();
    }
    assert_eq!(s.cursor(), original.cursor());
    assert_eq!(s.log(), original.log());
    assert_eq!(s.undone(), 3);
    assert_eq!(
        format!("{:?}", s.battle().events()),
        format!("{:?}", original.battle().events())
    );
    // Written again, byte for byte the same file.
    assert_eq!(s.to_save().to_ron(), *SAVE);
}

#[test]
fn a_save_is_written_atomically_and_autosaved_by_scenario() {
    let dir = tempfile::tempdir().unwrap();
    let s = played();
    let path = s.autosave_in(dir.path()).unwrap();
    assert!(
        path.file_name()
            .unwrap()
            .to_string_lossy()
            .starts_with("dq-duel-")
    );
    assert_eq!(
        file::load_of::<Battle>(&path).unwrap().session.log(),
        s.log()
    );
    // No temporary file is left beside it.
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
}

#[test]
fn a_shakhan_only_load_refuses_a_dragonquest_save_in_plain_words() {
    let e =
        hexmelee::rulesets::shakhan::session::load_text(Path::new("dq.ron"), &SAVE).unwrap_err();
    let text = e.to_string();
    assert!(
        text.starts_with("dq.ron:7:5: this is a save of a DragonQuest battle"),
        "{text}"
    );
    assert!(text.contains("hint: `hexmelee check-save`"), "{text}");
}

#[test]
fn a_refused_command_is_placed_at_its_line() {
    // The first figure acts for the second: refused on replay.
    let first = SAVE.find("Act(figure: FigureId(").unwrap();
    let broken = format!(
        "{}Act(figure: FigureId(9), {}",
        &SAVE[..first],
        &SAVE[first + "Act(figure: FigureId(0), ".len()..]
    );
    let e = load(&broken).unwrap_err().to_string();
    let line = SAVE[..first].lines().count();
    assert!(
        e.starts_with(&format!(
            "dq.ron:{line}:9: the log does not replay: command "
        )),
        "{e}"
    );
    refusal::assert_refusal(&e, "dq.ron");
}

#[test]
fn a_cut_off_save_says_so() {
    let cut = &SAVE[..SAVE.len() / 2 + 40];
    let e = load(cut).unwrap_err().to_string();
    refusal::assert_refusal(&e, "dq.ron");
    assert!(e.contains("hint:"), "{e}");
}
