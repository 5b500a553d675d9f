//! Issue 44: hexmelee reads and replaces only files. A named pipe is
//! refused instead of waited on for ever, a save never puts a file in place
//! of a pipe, a directory or a device, and a symbolic link is written
//! through (docs/SAVES.md, "Writing").

use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// `hexmelee ARGS`, ended (and failed) if it takes more than 20 seconds.
fn bounded(args: &[&str]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_hexmelee"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(20);
    while child.try_wait().unwrap().is_none() {
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("hexmelee {args:?} waited for ever");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

/// A named pipe at `path`, or `None` where `mkfifo` is missing.
fn fifo(path: &Path) -> Option<()> {
    let made = Command::new("mkfifo").arg(path).status().ok()?;
    made.success().then_some(())
}

fn is_fifo(path: &Path) -> bool {
    use std::os::unix::fs::FileTypeExt;
    std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_fifo())
}

#[test]
fn a_named_pipe_is_refused_instead_of_waited_on() {
    let dir = tempfile::tempdir().unwrap();
    let pipe = dir.path().join("scenario.ron");
    if fifo(&pipe).is_none() {
        return;
    }
    let pipe = pipe.to_str().unwrap();
    for args in [
        &["check", pipe][..],
        &["sim", pipe],
        &["check-save", pipe],
        &["sim", "scenarios/duel.ron", "--orders", pipe],
    ] {
        let out = bounded(args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.contains("it is a named pipe, not a file"),
            "{args:?}: {stderr}"
        );
    }
}

#[test]
fn a_save_never_replaces_a_pipe_or_a_directory() {
    let dir = tempfile::tempdir().unwrap();
    let pipe = dir.path().join("save.ron");
    if fifo(&pipe).is_none() {
        return;
    }
    let out = bounded(&[
        "sim",
        "scenarios/duel.ron",
        "--save",
        pipe.to_str().unwrap(),
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_ne!(out.status.code(), Some(0), "{stderr}");
    assert!(stderr.contains("it is a named pipe"), "{stderr}");
    assert!(is_fifo(&pipe), "the pipe is still a pipe");
    let out = bounded(&[
        "sim",
        "scenarios/duel.ron",
        "--save",
        dir.path().to_str().unwrap(),
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("it is a directory"), "{stderr}");
    assert!(dir.path().is_dir());
}

#[test]
fn a_save_through_a_symbolic_link_replaces_the_file_it_names() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("battle.ron");
    std::fs::write(&file, "an older save").unwrap();
    let link = dir.path().join("latest.ron");
    std::os::unix::fs::symlink(&file, &link).unwrap();
    let out = bounded(&[
        "sim",
        "scenarios/duel.ron",
        "--save",
        link.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink(),
        "the link stays a link"
    );
    let saved = std::fs::read_to_string(&file).unwrap();
    assert!(saved.starts_with("SaveFile("), "{saved}");
    // A link to nothing is refused, and stays as it was.
    let dangling = dir.path().join("gone.ron");
    std::os::unix::fs::symlink(dir.path().join("nowhere/x.ron"), &dangling).unwrap();
    let out = bounded(&[
        "sim",
        "scenarios/duel.ron",
        "--save",
        dangling.to_str().unwrap(),
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("a symbolic link to nothing"), "{stderr}");
    assert!(std::fs::read_link(&dangling).is_ok());
}

/// A full disk under standard output is said in words, never as the
/// system's "(os error 28)".
#[test]
fn a_full_standard_output_is_said_in_words() {
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        return;
    };
    let out = Command::new(env!("CARGO_BIN_EXE_hexmelee"))
        .args(["check", "scenarios/duel.ron"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(full)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("cannot write the output: the disk is full"),
        "{stderr}"
    );
    assert!(!stderr.contains("os error"), "{stderr}");
}
