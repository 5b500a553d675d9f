//! kill -9 at any moment (issue 25): a real process autosaving after every
//! command is killed with SIGKILL at 40 moments spread over its first
//! quarter second; after each kill the autosave loads (or none was written
//! yet) and the next start leaves no temporary file behind.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use hexmelee::dice::Dice;
use hexmelee::rulesets::shakhan::ai;
use hexmelee::rulesets::shakhan::engine::Prompt;
use hexmelee::rulesets::shakhan::session::Session;
use hexmelee::session::autosave;

/// Set in the child: the data directory it autosaves into.
const CHILD: &str = "HEXMELEE_KILL_TEST_CHILD";

fn duel() -> (PathBuf, String) {
    let scenario = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/duel.ron");
    let text = std::fs::read_to_string(&scenario).unwrap();
    (scenario, text)
}

/// The child: play duels for ever, autosaving after every command as the
/// display does after every phase (more often, so kills land mid-write).
#[test]
#[ignore = "the child process of a_process_killed_at_any_moment_leaves_a_loadable_autosave"]
fn child_autosaves_until_killed() {
    if std::env::var_os(CHILD).is_none() {
        return;
    }
    let (scenario, text) = duel();
    loop {
        let mut s = Session::start(&scenario, text.clone(), None).unwrap();
        while !matches!(s.battle().prompt(), Prompt::Finished { .. }) {
            let p = s.battle().prompt();
            s.submit(ai::answer(s.battle(), &p)).unwrap();
            s.autosave().unwrap();
        }
    }
}

/// The full name the test harness knows the test `name` of this module by
/// (`frame::kill_autosave::name`), for `--exact`.
fn test_name(name: &str) -> String {
    let module = module_path!()
        .split_once("::")
        .expect("a module of the suite")
        .1;
    format!("{module}::{name}")
}

fn leftovers(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .flatten()
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|n| n.ends_with(".tmp"))
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn a_process_killed_at_any_moment_leaves_a_loadable_autosave() {
    let data = tempfile::tempdir().unwrap();
    let dir = data.path().join("autosave");
    let (scenario, text) = duel();
    let mut moments = Dice::seeded(25);
    let (mut loaded, mut cut_mid_write) = (0, 0);
    let child_test = test_name("child_autosaves_until_killed");
    for _ in 0..40 {
        let mut child = Command::new(std::env::current_exe().unwrap())
            .args([
                "--exact",
                child_test.as_str(),
                "--ignored",
                "--test-threads=1",
            ])
            .env(CHILD, data.path())
            .env("HEXMELEE_DATA_DIR", data.path())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(u64::from(moments.roll(250))));
        child.kill().unwrap(); // SIGKILL
        child.wait().unwrap();
        if !leftovers(&dir).is_empty() {
            cut_mid_write += 1;
        }
        // The next start: the autosave is whole, the leftovers are gone.
        match autosave::find_in::<hexmelee::rulesets::shakhan::engine::Battle>(
            &dir, &scenario, &text,
        ) {
            Ok(Some(found)) => {
                assert!(found.session.cursor() > 0);
                loaded += 1;
            }
            Ok(None) => {}
            Err(e) => panic!("the autosave a kill left does not load: {e}"),
        }
        assert_eq!(leftovers(&dir), Vec::<String>::new());
    }
    // Most kills come after the first autosave; the count of kills caught
    // mid-write is printed for RELIABILITY.md.
    assert!(loaded >= 30, "only {loaded} of 40 kills left an autosave");
    println!("40 kills: {loaded} autosaves loaded, {cut_mid_write} kills left a temporary file");
}
