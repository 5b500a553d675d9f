//! No save text can make loading panic: mutated saves (Shakhàn's and
//! DragonQuest's) and random text each come back as a loaded session or a
//! message.

use std::path::Path;
use std::sync::LazyLock;

use crate::refusal;

use hexmelee::rulesets::dragonquest::engine::Battle;
use hexmelee::session::Session;
use proptest::prelude::*;

const BASE: &str = include_str!("../../broken_saves/ok-base.ron");

/// A DragonQuest duel played to its end by the AI, three commands undone.
static DQ_BASE: LazyLock<String> = LazyLock::new(|| {
    let mut s = Session::<Battle>::open_file(Path::new("scenarios/dq-duel.ron"), None).unwrap();
    s.play_out(100, hexmelee::rulesets::dragonquest::ai::answer)
        .unwrap();
    for _ in 0..3 {
        s.undo();
    }
    s.to_save().to_ron()
});

/// Splice `insert` into `text` at a char boundary near `at`, replacing `cut` chars.
fn mutate(text: &str, at: usize, cut: usize, insert: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let at = at % (chars.len() + 1);
    let end = (at + cut).min(chars.len());
    chars[..at]
        .iter()
        .chain(insert.chars().collect::<Vec<_>>().iter())
        .chain(chars[end..].iter())
        .collect()
}

fn loads_without_panic(text: &str) {
    let path = Path::new("fuzz.ron");
    use hexmelee::rulesets::{dragonquest, of_save};
    use hexmelee::session::file::load_text_of;
    let loaded = of_save(path, text).and_then(|r| match r.name() {
        "DragonQuest" => load_text_of::<dragonquest::engine::Battle>(path, text)
            .map(|l| (l.session.cursor(), l.session.log().len())),
        _ => load_text_of::<hexmelee::rulesets::shakhan::engine::Battle>(path, text)
            .map(|l| (l.session.cursor(), l.session.log().len())),
    });
    match loaded {
        Ok((cursor, len)) => assert!(cursor <= len),
        // Issue 25: every refusal placed, in our words, safe to print.
        Err(e) => refusal::assert_refusal(&e.to_string(), "fuzz.ron"),
    }
}

/// What a mutation splices in: numbers, RON's own characters, any text,
/// ids past the battle's figures and sides, numbers at the edges of their
/// types, and the rulesets' names.
fn inserts() -> impl Strategy<Value = String> {
    prop_oneof![
        Just(String::new()),
        "[0-9-]{1,4}",
        "[(),:\\[\\]\"#r]{1,3}",
        "\\PC{0,6}",
        Just("FigureId(7)".to_string()),
        Just("SideId(2)".to_string()),
        Just("99999999999".to_string()),
        Just("18446744073709551615".to_string()),
        Just("-1".to_string()),
        Just("1e308".to_string()),
        Just("NaN".to_string()),
        Just("inf".to_string()),
        Just("Shakhan".to_string()),
        Just("DragonQuest".to_string()),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn mutated_saves_never_panic(
        at in any::<usize>(),
        cut in 0usize..12,
        insert in inserts(),
    ) {
        loads_without_panic(&mutate(BASE, at, cut, &insert));
    }

    #[test]
    fn mutated_dragonquest_saves_never_panic(
        at in any::<usize>(),
        cut in 0usize..12,
        insert in inserts(),
    ) {
        loads_without_panic(&mutate(&DQ_BASE, at, cut, &insert));
    }

    #[test]
    fn truncated_dragonquest_saves_never_panic(len in 0usize..6000) {
        let cut: String = DQ_BASE.chars().take(len).collect();
        loads_without_panic(&cut);
    }

    #[test]
    fn truncated_saves_never_panic(len in 0usize..4000) {
        let cut: String = BASE.chars().take(len).collect();
        loads_without_panic(&cut);
    }

    #[test]
    fn random_text_never_panics(text in "\\PC{0,200}") {
        loads_without_panic(&text);
    }
}
