//! Issue 38: the log pages by its own rows at every size, so a finished
//! battle's whole log can be read page by page, no line lost or shown twice.

use crate::tui_common::{press, screen, shipped, typed};
use hexmelee::rulesets::shakhan::display::app::App;
use hexmelee::rulesets::shakhan::display::keys::Mode;
use hexmelee::rulesets::shakhan::engine::Battle;
use hexmelee::rulesets::shakhan::session::render;
use hexmelee::seam::View;
use hexmelee::session::export::Format;
use hexmelee::tui::input::Input;
use ratatui::crossterm::event::KeyCode;

/// The skirmish played to its end by the AI, shown at `w`×`h`.
fn finished_skirmish(w: u16, h: u16) -> App {
    let checked = shipped("skirmish.ron");
    let seed = checked.scenario.seed;
    let mut b = Battle::new(&checked, seed).unwrap();
    hexmelee::sim::play(&mut b, u32::MAX, hexmelee::rulesets::shakhan::ai::answer).unwrap();
    assert!(b.outcome().is_some(), "the skirmish ends");
    let mut app = App::with_battle(checked, seed, b, false);
    app.handle(Input::Resize(w, h));
    app
}

/// The log panel's title and text rows as they are drawn now.
fn log_panel(app: &App) -> (String, Vec<String>) {
    let area = app.log_area().unwrap();
    let text = screen(app);
    let rows: Vec<&str> = text.lines().collect();
    let cut = |y: u16| -> String {
        rows[usize::from(y)]
            .chars()
            .skip(usize::from(area.x) + 1)
            .take(usize::from(area.width) - 2)
            .collect::<String>()
            .trim_end()
            .to_string()
    };
    let title: String = rows[usize::from(area.y)]
        .chars()
        .skip(usize::from(area.x))
        .take(usize::from(area.width))
        .collect();
    (title, (area.y + 1..area.bottom() - 1).map(cut).collect())
}

/// Where the page stands, from "lines a–b of n" in the title.
fn place(title: &str) -> (usize, usize, usize) {
    let at = title
        .find("lines ")
        .unwrap_or_else(|| panic!("the title says where the page is: {title}"))
        + 6;
    let rest = &title[at..];
    let (a, rest) = rest.split_once('–').unwrap();
    let (b, rest) = rest.split_once(" of ").unwrap();
    let n: String = rest.chars().take_while(char::is_ascii_digit).collect();
    (a.parse().unwrap(), b.parse().unwrap(), n.parse().unwrap())
}

/// The words of a text, the dashes of headings left out.
fn words(text: &str) -> Vec<String> {
    text.split_whitespace()
        .filter(|w| !w.chars().all(|c| c == '—' || c == '-' || c == '='))
        .map(str::to_string)
        .collect()
}

#[test]
fn paging_a_finished_skirmish_shows_every_line_of_its_export_once() {
    for (w, h) in [(80, 24), (120, 40), (200, 60)] {
        let mut app = finished_skirmish(w, h);
        typed(&mut app, "l");
        assert_eq!(app.mode(), Mode::Log);
        press(&mut app, KeyCode::Home);
        let mut shown: Vec<String> = Vec::new();
        let mut pages = 0;
        loop {
            let (title, rows) = log_panel(&app);
            let (a, b, n) = place(&title);
            assert_eq!(b - a + 1, rows.len(), "{w}×{h}: a full page of {title}");
            // The page starts where the last one ended, or overlaps it at
            // the very end only.
            assert!(a <= shown.len() + 1, "{w}×{h}: a line skipped at {title}");
            shown.extend(rows.into_iter().skip(shown.len() + 1 - a));
            pages += 1;
            if b == n {
                break;
            }
            press(&mut app, KeyCode::PageDown);
            assert!(pages < 1000);
        }
        assert!(pages > 2, "{w}×{h}: the log is pages long");
        let export = render(app.session(), Format::Text, View::Table);
        let lines: Vec<&str> = export.lines().collect();
        // The record's title block and its ending are not log lines.
        let body: Vec<&str> = lines[4..]
            .iter()
            .copied()
            .take_while(|l| !l.ends_with(" won.") && *l != "Nobody won.")
            .collect();
        assert_eq!(
            words(&shown.join("\n")),
            words(&body.join("\n")),
            "{w}×{h}: the pages read as the export"
        );
    }
}

#[test]
fn down_and_page_down_answer_at_once_after_home() {
    let mut app = finished_skirmish(120, 40);
    typed(&mut app, "l");
    press(&mut app, KeyCode::Home);
    let (title, _) = log_panel(&app);
    assert_eq!(place(&title).0, 1, "{title}");
    press(&mut app, KeyCode::Down);
    let (title, _) = log_panel(&app);
    assert_eq!(place(&title).0, 2, "{title}");
    press(&mut app, KeyCode::PageDown);
    let (after, rows) = log_panel(&app);
    assert_eq!(place(&after).0, 2 + rows.len(), "{after}");
    press(&mut app, KeyCode::PageUp);
    let (back, _) = log_panel(&app);
    assert_eq!(back, title);
}

/// The skirmish by keys at `w`×`h` from its file, as the table plays it.
fn skirmish_by_keys(w: u16, h: u16) -> App {
    let checked = shipped("skirmish.ron");
    let seed = checked.scenario.seed;
    let mut app = App::new(checked, seed, false).unwrap();
    app.handle(Input::Resize(w, h));
    app
}

/// Issue 38: at the hand-over of round 3 the popup reads round 2 out (who
/// struck at whom), and `l` shows the whole log instead of the popup.
#[test]
fn the_hand_over_reads_the_last_round_out_and_l_shows_the_log() {
    let mut app = skirmish_by_keys(120, 40);
    let mut steps = 0;
    while !(app.battle().round() == 3 && app.mode() == Mode::Handover) {
        crate::tui_common::answer_by_keys(&mut app);
        steps += 1;
        assert!(steps < 600, "stuck in {:?}", app.mode());
    }
    let shown = screen(&app);
    assert!(shown.contains("Round 2, as it went"), "{shown}");
    assert!(
        shown.contains("Petron struck at Vakh: missed; Vakh struck at Petron: missed."),
        "{shown}"
    );
    assert!(shown.contains("(l: the whole log)"), "{shown}");
    typed(&mut app, "l");
    assert_eq!(app.mode(), Mode::Log);
    let read = screen(&app);
    assert!(!read.contains("Hand the keyboard"), "{read}");
    assert!(
        read.contains("lines "),
        "the log says where it stands: {read}"
    );
    press(&mut app, KeyCode::Esc);
    assert_eq!(app.mode(), Mode::Handover);
}

/// Issue 38: a round's summary names who fell and who fled. At the
/// skirmish's own seed, played by the AI, Vakh, Brannoc and Kell break and
/// run off the field in round 2; the referee view adds the damage each pair of blows did.
#[test]
fn a_round_summary_names_who_struck_whom_and_who_ran() {
    use hexmelee::rulesets::shakhan::display::summary;
    let checked = shipped("skirmish.ron");
    let mut b = Battle::new(&checked, checked.scenario.seed).unwrap();
    let ai = hexmelee::rulesets::shakhan::ai::answer;
    let upto = |b: &mut Battle, round: u32| {
        while b.round() < round {
            let p = b.prompt();
            let c = ai(b, &p);
            b.submit(c).unwrap();
        }
    };
    upto(&mut b, 2);
    let before = b.clone();
    upto(&mut b, 3);
    let table = summary::lines(&before, &b, View::Table);
    assert_eq!(
        table.last().map(String::as_str),
        Some("Fled: Vakh (off the field), Brannoc (off the field), Kell (off the field)."),
        "{table:?}"
    );
    assert!(table[0].starts_with("Petron struck at Vakh: missed; Quintar struck at Vakh: hit"));
    assert!(
        !table[0].contains("damage"),
        "the table view keeps numbers back"
    );
    let referee = summary::lines(&before, &b, View::Referee);
    assert!(referee[0].contains(" damage"), "{referee:?}");
}

/// Issue 38: with eight figures at 80×24 the question panel has five rows;
/// a long note of what was answered without a key no longer pushes the
/// question's choices below its foot (a refusal stays pinned).
#[test]
fn a_note_never_pushes_the_choices_below_the_fold() {
    let mut app = skirmish_by_keys(80, 24);
    crate::tui_common::asking(&mut app);
    let mut steps = 0;
    while app.mode() != Mode::Divine {
        crate::tui_common::answer_by_keys(&mut app);
        steps += 1;
        assert!(steps < 50, "stuck in {:?}", app.mode());
    }
    app.note = Some(hexmelee::tui::input::Note {
        text: "answered without a key: Divine Intervention (none), movement priority \
               (O changes the standing answers; M a figure's moves)"
            .into(),
        error: false,
    });
    let shown = screen(&app);
    assert!(shown.contains("n: no · d: record a call"), "{shown}");
}

/// Issue 38: the end of a battle in words with no "round(s)" and no verb
/// that agrees with a side's name.
#[test]
fn the_end_says_who_won_after_how_many_rounds() {
    let app = finished_skirmish(120, 40);
    let shown = screen(&app);
    assert!(shown.contains("Legion won after 5 rounds."), "{shown}");
    assert!(!shown.contains("round(s)"), "{shown}");
}

/// Issue 38: Ctrl-U clears the save line (it said "does nothing here"), so
/// a path of the referee's own is typed in whole.
#[test]
fn ctrl_u_clears_the_save_line() {
    use ratatui::crossterm::event::{KeyEvent, KeyModifiers};
    let mut app = skirmish_by_keys(120, 40);
    typed(&mut app, "S");
    assert_eq!(app.mode(), Mode::SaveAs);
    assert!(
        !app.line.as_ref().unwrap().text.is_empty(),
        "a path is offered"
    );
    app.handle(Input::Key(KeyEvent::new(
        KeyCode::Char('u'),
        KeyModifiers::CONTROL,
    )));
    assert_eq!(app.line.as_ref().unwrap().text, "");
    typed(&mut app, "mine.ron");
    assert_eq!(app.line.as_ref().unwrap().text, "mine.ron");
}
