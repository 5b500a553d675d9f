//! A HârnMaster battle kept by a session: undo and redo replay the log, a
//! save reads back to the same battle.

use std::path::Path;

use hexmelee::rulesets::harnmaster::ai;
use hexmelee::rulesets::harnmaster::engine::Battle;
use hexmelee::seam::Engine;
use hexmelee::session::Session;
use hexmelee::session::file::load_text_of;

fn duel() -> (std::path::PathBuf, String) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/hm-duel.ron");
    let text = std::fs::read_to_string(&path).unwrap();
    (path, text)
}

#[test]
fn undo_redo_and_a_saves_round_trip_keep_the_same_battle() {
    let (path, text) = duel();
    let mut s = Session::<Battle>::open(&path, text, Some(5)).unwrap();
    s.play_out(100, ai::answer).unwrap();
    let played = s.log().len();
    let events = s.battle().all_events().to_vec();
    assert!(s.battle().outcome().is_some());
    assert!(s.undo());
    assert_eq!(s.cursor(), played - 1);
    assert!(s.battle().outcome().is_none() || played == 1);
    assert!(s.redo());
    assert_eq!(s.battle().all_events(), &events[..]);
    let saved = s.to_save().to_ron();
    let back = load_text_of::<Battle>(Path::new("hm-save.ron"), &saved).unwrap();
    assert_eq!(back.session.log(), s.log());
    assert_eq!(back.session.battle().all_events(), &events[..]);
    // Going back to the start and forward again replays the same events.
    let mut again = back.session;
    again.goto(0).unwrap();
    assert!(again.battle().all_events().len() < events.len());
    again.goto(played).unwrap();
    assert_eq!(again.battle().all_events(), &events[..]);
}
