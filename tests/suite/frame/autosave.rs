//! Autosaves: where they go, finding one again, and a save killed half-way
//! (a truncated temporary file beside the autosave) never costs the last
//! good one. One test: it sets the process's HEXMELEE_DATA_DIR, so it runs
//! alone in a child process of the suite: the suite's other tests share this
//! process, and the processes they start would inherit the setting.

use std::path::Path;
use std::process::Command;

use hexmelee::rulesets::shakhan::ai;
use hexmelee::rulesets::shakhan::engine::Battle;
use hexmelee::rulesets::shakhan::session::Session;
use hexmelee::session::autosave;

/// Set in the child process that runs the test alone.
const CHILD: &str = "HEXMELEE_AUTOSAVE_TEST_CHILD";

#[test]
fn a_killed_autosave_never_corrupts_the_last_good_one() {
    if std::env::var_os(CHILD).is_none() {
        in_a_child_process("a_killed_autosave_never_corrupts_the_last_good_one");
        return;
    }
    let data = tempfile::tempdir().unwrap();
    // SAFETY: the child process runs this test alone (`--exact`, one test
    // thread); nothing else reads the environment.
    unsafe { std::env::set_var("HEXMELEE_DATA_DIR", data.path()) };
    let scenario = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/duel.ron");
    let text = std::fs::read_to_string(&scenario).unwrap();

    // Nothing to resume yet.
    assert!(
        autosave::find::<Battle>(&scenario, &text)
            .unwrap()
            .is_none()
    );

    // Two rounds, autosaved after every phase as the display does.
    let mut s = Session::start(&scenario, text.clone(), None).unwrap();
    let mut path = None;
    while s.battle().round() < 3 {
        let phase = s.battle().phase();
        let p = s.battle().prompt();
        s.submit(ai::answer(s.battle(), &p)).unwrap();
        if s.battle().phase() != phase {
            path = Some(s.autosave().unwrap());
        }
    }
    let path = path.unwrap();
    assert!(path.starts_with(data.path().join("autosave")));
    let name = path.file_name().unwrap().to_str().unwrap();
    assert!(
        name.starts_with("duel-") && name.ends_with(".ron"),
        "{name}"
    );
    assert_eq!(path, autosave::path(&scenario, &text).unwrap());
    let good = std::fs::read_to_string(&path).unwrap();

    // A later save is killed while writing: its temporary file is left cut
    // off half-way, and the rename never happened.
    s.submit(ai::answer(s.battle(), &s.battle().prompt()))
        .unwrap();
    let later = s.to_save().to_ron();
    let leftover = path.with_file_name(format!(".{name}.x7Qk2p.tmp"));
    std::fs::write(&leftover, &later[..later.len() / 2]).unwrap();

    // The autosave is the last whole one; the leftover is cleaned away.
    assert_eq!(std::fs::read_to_string(&path).unwrap(), good);
    let found = autosave::find::<Battle>(&scenario, &text)
        .unwrap()
        .expect("an autosave");
    assert!(!leftover.exists());
    assert!(found.warnings.is_empty());
    let resumed = found.session;
    assert_eq!(resumed.log(), &s.log()[..resumed.cursor()]);
    let mut replayed = Session::start(&scenario, text.clone(), None).unwrap();
    for c in resumed.log() {
        replayed.submit(c.clone()).unwrap();
    }
    assert_eq!(replayed.battle().events(), resumed.battle().events());

    // Another scenario text has its own autosave.
    let edited = text.replace("Duel of the Level V warriors", "Another duel");
    assert!(
        autosave::find::<Battle>(&scenario, &edited)
            .unwrap()
            .is_none()
    );

    // A damaged autosave is an error to show, not a panic or a silent loss.
    std::fs::write(&path, &good[..good.len() / 3]).unwrap();
    let err = autosave::find::<Battle>(&scenario, &text)
        .unwrap_err()
        .to_string();
    assert!(err.contains("ends early"), "{err}");

    // Discarded, it is gone.
    autosave::discard(&scenario, &text).unwrap();
    assert!(
        autosave::find::<Battle>(&scenario, &text)
            .unwrap()
            .is_none()
    );
}

/// Runs the test `name` of this module alone in a child process of the suite
/// (the same test binary, `--exact`, one test thread), and fails unless it
/// ran there and passed.
fn in_a_child_process(name: &str) {
    let module = module_path!()
        .split_once("::")
        .expect("a module of the suite")
        .1;
    let test = format!("{module}::{name}");
    let out = Command::new(std::env::current_exe().unwrap())
        .args(["--exact", test.as_str(), "--test-threads=1"])
        .env(CHILD, "1")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success() && stdout.contains("test result: ok. 1 passed"),
        "{test} in a child process:\n{stdout}\n{stderr}"
    );
}
