//! The real display in a real pseudo-terminal (util-linux `script`), ended
//! by a signal: the terminal must come back — alternate screen left, mouse
//! reporting off, cursor shown — and the exit status tell the signal.

use std::io::Read;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

const LEAVE_ALTERNATE: &str = "\x1b[?1049l";
const ENTER_ALTERNATE: &str = "\x1b[?1049h";
const SHOW_CURSOR: &str = "\x1b[?25h";
const MOUSE_OFF: &str = "\x1b[?1000l";

/// The pid of `parent`'s first child (the display `script` started).
fn child_of(parent: u32) -> Option<u32> {
    let path = format!("/proc/{parent}/task/{parent}/children");
    std::fs::read_to_string(path)
        .ok()?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

/// The display running under `script` in a pseudo-terminal, drawn once.
struct Running {
    script: std::process::Child,
    output: mpsc::Receiver<Vec<u8>>,
    seen: Vec<u8>,
    display: u32,
    _data: tempfile::TempDir,
}

fn start() -> Option<Running> {
    start_on("duel.ron")
}

/// [`start`] on a shipped scenario.
fn start_on(scenario: &str) -> Option<Running> {
    let scenario = format!("{}/scenarios/{scenario}", env!("CARGO_MANIFEST_DIR"));
    start_with(&format!("play {scenario}"), tempfile::tempdir().unwrap())
}

/// The display as `hexmelee ARGS` starts it (ARGS as a shell would split
/// them), its data folder `data`.
fn start_with(args: &str, data: tempfile::TempDir) -> Option<Running> {
    if Command::new("script").arg("--version").output().is_err() {
        eprintln!("util-linux `script` is not installed: no pseudo-terminal to test in");
        return None;
    }
    let bin = env!("CARGO_BIN_EXE_hexmelee");
    let mut script = Command::new("script")
        .args(["-qfec", &format!("exec {bin} {args}"), "/dev/null"])
        .env("XDG_DATA_HOME", data.path())
        .env_remove("HEXMELEE_DATA_DIR")
        .env("TERM", "xterm-256color")
        .env("COLUMNS", "100")
        .env("LINES", "30")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut out = script.stdout.take().unwrap();
    let (tx, output) = mpsc::channel();
    std::thread::spawn(move || {
        let mut buf = [0u8; 4096];
        while let Ok(n) = out.read(&mut buf) {
            if n == 0 || tx.send(buf[..n].to_vec()).is_err() {
                break;
            }
        }
    });
    let mut seen = Vec::new();
    let deadline = Instant::now() + Duration::from_secs(20);
    // In the display once the alternate screen is entered and a frame drawn
    // (the output stops for a tick).
    while Instant::now() < deadline {
        match output.recv_timeout(Duration::from_millis(150)) {
            Ok(bytes) => seen.extend(bytes),
            Err(_) if String::from_utf8_lossy(&seen).contains(ENTER_ALTERNATE) => break,
            Err(_) => {}
        }
    }
    let display = child_of(script.id()).expect("the display runs under script");
    Some(Running {
        script,
        output,
        seen,
        display,
        _data: data,
    })
}

fn kill(signal: &str, pid: u32) {
    let killed = Command::new("kill")
        .args([&format!("-{signal}"), &pid.to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
}

/// Send `signal` to the display; everything it wrote and its exit status.
fn end_by(signal: &str) -> Option<(String, Option<i32>)> {
    let mut run = start()?;
    Some(ended_by(&mut run, signal))
}

/// Send `signal` to `run`'s display and wait (bounded) for it to end:
/// everything it wrote and its exit status.
fn ended_by(run: &mut Running, signal: &str) -> (String, Option<i32>) {
    kill(signal, run.display);
    let deadline = Instant::now() + Duration::from_secs(40);
    let status = loop {
        if let Some(status) = run.script.try_wait().unwrap() {
            break status;
        }
        assert!(Instant::now() < deadline, "the display did not end");
        std::thread::sleep(Duration::from_millis(50));
    };
    while let Ok(bytes) = run.output.recv_timeout(Duration::from_millis(300)) {
        run.seen.extend(bytes);
    }
    (
        String::from_utf8_lossy(&run.seen).into_owned(),
        status.code(),
    )
}

/// The words after the display left the alternate screen, on one line.
fn last_words(out: &str) -> String {
    let left = out
        .rfind(LEAVE_ALTERNATE)
        .map_or(0, |i| i + LEAVE_ALTERNATE.len());
    out[left..].replace(['\r', '\n'], "")
}

fn assert_restored(signal: &str, number: i32) {
    let Some((out, code)) = end_by(signal) else {
        return;
    };
    let entered = out.rfind(ENTER_ALTERNATE).expect("the display started");
    let after = &out[entered..];
    for (what, seq) in [
        ("left the alternate screen", LEAVE_ALTERNATE),
        ("showed the cursor", SHOW_CURSOR),
        ("turned mouse reporting off", MOUSE_OFF),
    ] {
        assert!(after.contains(seq), "SIG{signal}: never {what}");
    }
    assert_eq!(code, Some(128 + number), "SIG{signal}: exit status");
}

#[test]
fn sigterm_restores_the_terminal() {
    assert_restored("TERM", 15);
}

#[test]
fn sigint_restores_the_terminal() {
    assert_restored("INT", 2);
}

#[test]
fn sighup_restores_the_terminal() {
    assert_restored("HUP", 1);
}

#[test]
fn sigquit_restores_the_terminal() {
    assert_restored("QUIT", 3);
}

#[test]
fn a_closed_terminal_ends_the_display_instead_of_spinning() {
    let Some(mut run) = start() else {
        return;
    };
    // The terminal window goes away: its pty master closes under the display.
    kill("KILL", run.script.id());
    let _ = run.script.wait();
    let proc = format!("/proc/{}", run.display);
    let deadline = Instant::now() + Duration::from_secs(10);
    while std::path::Path::new(&proc).exists()
        && !std::fs::read_to_string(format!("{proc}/stat")).is_ok_and(|s| s.contains(") Z "))
    {
        assert!(
            Instant::now() < deadline,
            "the display outlived its terminal"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// The DragonQuest display in a real terminal: `B` has the AI play the duel
/// to its end, autosaved; a TERM then ends it as it ends Shakhàn's, the
/// terminal restored.
#[test]
fn the_dragonquest_display_plays_autosaves_and_restores() {
    use std::io::Write;
    let Some(mut run) = start_on("dq-duel.ron") else {
        return;
    };
    let autosave = run._data.path().join("hexmelee/autosave");
    run.script.stdin.as_mut().unwrap().write_all(b"B").unwrap();
    let deadline = Instant::now() + Duration::from_secs(20);
    let saved = || {
        std::fs::read_dir(&autosave).ok()?.flatten().find_map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            (name.starts_with("dq-duel-") && name.ends_with(".ron")).then(|| e.path())
        })
    };
    let file = loop {
        if let Some(file) = saved() {
            break file;
        }
        assert!(Instant::now() < deadline, "no autosave after B");
        std::thread::sleep(Duration::from_millis(50));
    };
    let loaded =
        hexmelee::session::file::load_of::<hexmelee::rulesets::dragonquest::engine::Battle>(&file)
            .unwrap();
    assert!(
        loaded.session.battle().outcome().is_some(),
        "played to the end"
    );
    kill("TERM", run.display);
    let status = run.script.wait().unwrap();
    assert_eq!(status.code(), Some(128 + 15));
    while let Ok(bytes) = run.output.recv_timeout(Duration::from_millis(300)) {
        run.seen.extend(bytes);
    }
    let out = String::from_utf8_lossy(&run.seen);
    let entered = out.rfind(ENTER_ALTERNATE).expect("the display started");
    assert!(out[entered..].contains(LEAVE_ALTERNATE));
    // Issue 44: the exit says where the battle is and how much of it.
    let words = last_words(&out);
    let commands = loaded.session.log().len();
    assert!(
        words.contains(&format!(
            "ended by signal 15; the battle is saved in {} ({commands} commands)",
            file.display()
        )),
        "{words}"
    );
}

/// Issue 44: a battle with no command yet writes nothing on a signal (it
/// would only replace an autosave the referee chose not to resume), and
/// the exit says so.
#[test]
fn a_signal_before_any_command_writes_nothing_and_says_so() {
    let Some(mut run) = start() else {
        return;
    };
    let dir = run._data.path().join("hexmelee/autosave");
    let (out, code) = ended_by(&mut run, "TERM");
    assert_eq!(code, Some(128 + 15));
    let words = last_words(&out);
    assert!(
        words.contains("ended by signal 15; nothing was saved: no command was given yet"),
        "{words}"
    );
    assert!(std::fs::read_dir(&dir).map_or(true, |mut d| d.next().is_none()));
}

/// Issue 44: a replay writes nothing, and its exit on a signal says so.
#[test]
fn a_signal_in_a_replay_says_nothing_was_saved() {
    let data = tempfile::tempdir().unwrap();
    let save = data.path().join("duel-save.ron");
    let made = Command::new(env!("CARGO_BIN_EXE_hexmelee"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args([
            "sim",
            "scenarios/duel.ron",
            "--save",
            save.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert!(made.status.success());
    let before = std::fs::read(&save).unwrap();
    let Some(mut run) = start_with(&format!("replay {}", save.display()), data) else {
        return;
    };
    let (out, code) = ended_by(&mut run, "TERM");
    assert_eq!(code, Some(128 + 15));
    let words = last_words(&out);
    assert!(
        words.contains("nothing was saved: a replay writes no file"),
        "{words}"
    );
    assert!(!words.contains("is autosaved"), "{words}");
    assert_eq!(std::fs::read(&save).unwrap(), before);
}

/// Issue 44: when no autosave can be written (a file stands where the data
/// folder should be), the exit says the battle is not on disk.
#[test]
fn a_signal_when_autosaves_fail_says_the_battle_is_not_on_disk() {
    use std::io::Write;
    let data = tempfile::tempdir().unwrap();
    std::fs::write(data.path().join("hexmelee"), "in the way").unwrap();
    let scenario = format!("{}/scenarios/dq-duel.ron", env!("CARGO_MANIFEST_DIR"));
    let Some(mut run) = start_with(&format!("play {scenario}"), data) else {
        return;
    };
    // The AI plays the duel to its end: every autosave fails.
    run.script.stdin.as_mut().unwrap().write_all(b"B").unwrap();
    std::thread::sleep(Duration::from_millis(1500));
    let (out, code) = ended_by(&mut run, "TERM");
    assert_eq!(code, Some(128 + 15));
    let words = last_words(&out);
    assert!(words.contains("the autosave failed ("), "{words}");
    assert!(words.contains("the battle is not on disk"), "{words}");
    assert!(!words.contains("is saved"), "{words}");
}

/// Issue 44: a signal while the resume question is up leaves the offered
/// unfinished battle byte for byte, and says so.
#[test]
fn a_signal_at_the_resume_question_keeps_the_offered_battle() {
    let data = tempfile::tempdir().unwrap();
    let scenario = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/duel.ron");
    let dir = data.path().join("hexmelee/autosave");
    let text = std::fs::read_to_string(&scenario).unwrap();
    let autosave = hexmelee::session::autosave::path_in(&dir, &scenario, &text).unwrap();
    let made = Command::new(env!("CARGO_BIN_EXE_hexmelee"))
        .args(["sim", scenario.to_str().unwrap(), "--max-rounds", "1"])
        .args(["--save", autosave.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(made.status.success());
    let before = std::fs::read(&autosave).unwrap();
    let Some(mut run) = start_with(&format!("play {}", scenario.display()), data) else {
        return;
    };
    // The question is up from the first frame (`Screen::begin` offers it),
    // whatever the pseudo-terminal's size lets it draw.
    let (out, code) = ended_by(&mut run, "TERM");
    assert_eq!(code, Some(128 + 15));
    assert_eq!(
        std::fs::read(&autosave).unwrap(),
        before,
        "kept byte for byte"
    );
    let words = last_words(&out);
    assert!(words.contains("kept as it was in"), "{words}");
}

/// A DragonQuest battle of `figures` figures in opposite corners of an open
/// `side` × `side` map: the AI takes seconds to play it out.
fn crowd(side: u16, figures: usize) -> String {
    let mut text = format!(
        "Scenario(name: \"Crowd\", ruleset: DragonQuest, seed: 5,\n map: (width: {side}, height: {side}),\n \
         sides: [(name: \"Red\", colour: Red), (name: \"Blue\", colour: Blue)],\n figures: ["
    );
    let block = (figures.div_ceil(2) as f64).sqrt().ceil() as usize;
    let last = usize::from(side) - 1;
    for i in 0..figures {
        let (k, red) = (i / 2, i % 2 == 0);
        let (dc, dr) = (k % block, k / block);
        let (col, row, facing, name) = if red {
            (dc, dr, "SE", "Red")
        } else {
            (last - dc, last - dr, "NW", "Blue")
        };
        text.push_str(&format!(
            "\n  Figure(name: \"F{i}\", side: \"{name}\", at: ({col}, {row}), facing: {facing}, \
             ps: 15, md: 15, ag: 15, pc: 12, wp: 12, en: 16, ft: 18, tmr: 5, armour: Some(\"Leather\"), \
             weapons: [(name: \"Broadsword\", rank: Some(2), in_hand: true)]),"
        ));
    }
    text + "\n])\n"
}

/// Issue 44: a signal while the AI plays a long run of answers (`B`: the
/// battle to its end) stops it at the next command; the commands done are
/// on disk, and the exit says how many.
#[test]
fn a_signal_while_the_ai_plays_leaves_its_last_command_on_disk() {
    use std::io::Write;
    let data = tempfile::tempdir().unwrap();
    let scenario = data.path().join("crowd.ron");
    std::fs::write(&scenario, crowd(40, 48)).unwrap();
    let Some(mut run) = start_with(&format!("play {}", scenario.display()), data) else {
        return;
    };
    let dir = run._data.path().join("hexmelee/autosave");
    run.script.stdin.as_mut().unwrap().write_all(b"B").unwrap();
    // Well into the AI's run, which takes many seconds.
    std::thread::sleep(Duration::from_millis(800));
    let (out, code) = ended_by(&mut run, "TERM");
    assert_eq!(code, Some(128 + 15));
    let file = std::fs::read_dir(&dir)
        .ok()
        .and_then(|mut d| d.find_map(|e| e.ok().map(|e| e.path())))
        .expect("an autosave was written");
    let loaded =
        hexmelee::session::file::load_of::<hexmelee::rulesets::dragonquest::engine::Battle>(&file)
            .unwrap();
    let commands = loaded.session.log().len();
    assert!(commands > 0, "the AI's answers are on disk");
    assert!(
        loaded.session.battle().outcome().is_none(),
        "stopped before the end"
    );
    let words = last_words(&out);
    assert!(
        words.contains(&format!(
            "is saved in {} ({commands} commands)",
            file.display()
        )),
        "{words}"
    );
}

/// Issue 39: the seats' links (each opens a side's seat for the first
/// device to take it) reach the terminal only when asked, `--print-links`;
/// `K` on the display shows them.
#[cfg(feature = "seats")]
#[test]
fn the_seats_links_are_printed_only_when_asked() {
    let scenario = format!("{}/scenarios/duel.ron", env!("CARGO_MANIFEST_DIR"));
    for (flag, printed) in [("", false), (" --print-links", true)] {
        let args = format!("play {scenario} --seats 127.0.0.1:0{flag}");
        let Some(mut run) = start_with(&args, tempfile::tempdir().unwrap()) else {
            return;
        };
        let (out, _) = ended_by(&mut run, "TERM");
        let before = &out[..out.find(ENTER_ALTERNATE).unwrap_or(out.len())];
        assert!(
            before.contains("K on the display shows each side's link"),
            "{before}"
        );
        assert_eq!(before.contains("/s/"), printed, "{flag}: {before}");
    }
}
