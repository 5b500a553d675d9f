//! Writes an N-against-N open-field melee for benchmarks (issue 19,
//! BENCHMARKS.md): warriors of level 1–4 with mixed weapons, two lines facing
//! each other. The scenario is checked before it is written.
//!
//! `cargo run --example melee -- N [--seed S] [-o FILE]` (stdout without `-o`)

use std::path::Path;
use std::process::ExitCode;

mod generate;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut n = None;
    let mut seed = 1;
    let mut out = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--seed" => match it.next().and_then(|s| s.parse().ok()) {
                Some(s) => seed = s,
                None => return usage("--seed takes a whole number"),
            },
            "-o" => match it.next() {
                Some(f) => out = Some(f.clone()),
                None => return usage("-o takes a file name"),
            },
            _ => match a.parse::<usize>() {
                Ok(k) if (1..=hexmelee::limits::FIGURES / 2).contains(&k) => n = Some(k),
                _ => return usage(&format!("`{a}` is not a number of figures a side")),
            },
        }
    }
    let Some(n) = n else {
        return usage("say how many figures a side");
    };
    let text = generate::melee(n, seed);
    let name = out.as_deref().unwrap_or("<generated>");
    if let Err(e) = hexmelee::rulesets::shakhan::scenario::parse(Path::new(name), &text) {
        eprintln!("the generated scenario does not check (a bug in the generator):\n{e}");
        return ExitCode::FAILURE;
    }
    match out {
        Some(file) => {
            if let Err(e) = std::fs::write(&file, text) {
                eprintln!("cannot write {file}: {e}");
                return ExitCode::FAILURE;
            }
        }
        None => print!("{text}"),
    }
    ExitCode::SUCCESS
}

fn usage(problem: &str) -> ExitCode {
    eprintln!(
        "{problem}\nusage: melee N [--seed S] [-o FILE]  (N from 1 to {})",
        hexmelee::limits::FIGURES / 2
    );
    ExitCode::from(2)
}
