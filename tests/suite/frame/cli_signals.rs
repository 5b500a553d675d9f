//! The real display in a real pseudo-terminal (util-linux `script`), ended
//! by a signal: the terminal must come back — alternate screen left, mouse
//! reporting off, cursor shown — and the exit status tell the signal.

use std::io::Read;
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
    if Command::new("script").arg("--version").output().is_err() {
        eprintln!("util-linux `script` is not installed: no pseudo-terminal to test in");
        return None;
    }
    let data = tempfile::tempdir().unwrap();
    let bin = env!("CARGO_BIN_EXE_hexmelee");
    let scenario = format!("{}/scenarios/{scenario}", env!("CARGO_MANIFEST_DIR"));
    let mut script = Command::new("script")
        .args(["-qfec", &format!("exec {bin} play {scenario}"), "/dev/null"])
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
    kill(signal, run.display);
    let deadline = Instant::now() + Duration::from_secs(20);
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
    Some((
        String::from_utf8_lossy(&run.seen).into_owned(),
        status.code(),
    ))
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
}
