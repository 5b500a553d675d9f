use super::*;

const PLACEHOLDER: &str = include_str!("../../../../../../assets/harnmaster/placeholder.ron");
const OTHER: &str = include_str!("../../../../../../tests/packs/harnmaster-other.ron");

fn line_of(text: &str, needle: &str) -> usize {
    text[..text.find(needle).unwrap()].lines().count()
}

#[test]
fn the_placeholder_pack_loads_and_says_it_is_a_placeholder() {
    let pack = placeholder();
    assert!(pack.is_placeholder());
    assert!(
        pack.label().starts_with("PLACEHOLDER table pack"),
        "{}",
        pack.label()
    );
    assert!(pack.label().contains("not the game's"));
    // Every location can be struck by some aim and roll.
    let mut struck = vec![false; pack.locations.len()];
    for aim in Aim::ALL {
        for roll in Percentile::all() {
            struck[pack.location(aim, roll)] = true;
        }
    }
    assert!(struck.iter().all(|s| *s));
}

#[test]
fn l23_melee_table_cells_are_read_by_defence_and_levels() {
    let pack = placeholder();
    assert_eq!(
        pack.melee(Defence::Block, Level::CS, Some(Level::CF)),
        &[Effect::Strike(Party::Attacker, 3)]
    );
    assert_eq!(
        pack.melee(Defence::Counterstrike, Level::MF, Some(Level::CS)),
        &[Effect::Strike(Party::Defender, 3)]
    );
    assert_eq!(
        pack.melee(Defence::Ignore, Level::MS, None),
        &[Effect::Strike(Party::Attacker, 3)]
    );
}

#[test]
fn l42_weapon_class_modifier_reads_the_end_beyond_the_table() {
    let pack = placeholder();
    assert_eq!(pack.weapon_class(0), 0);
    assert_eq!(pack.weapon_class(2), 10);
    assert_eq!(pack.weapon_class(9), 15);
    assert_eq!(pack.weapon_class(-9), -15);
}

#[test]
fn l117_injury_bands_read_the_highest_band_reached_and_the_aspect() {
    let pack = placeholder();
    let arm = &pack.locations[pack.locations.iter().position(|l| l.name == "Arm").unwrap()];
    assert!(arm.marks(0, Aspect::Edge).is_empty());
    assert_eq!(arm.marks(4, Aspect::Edge), vec![Mark::Shock(1)]);
    assert_eq!(
        arm.marks(13, Aspect::Edge),
        vec![Mark::Shock(3), Mark::Fumble(4), Mark::Amputate(3)]
    );
    assert_eq!(
        arm.marks(40, Aspect::Blunt),
        vec![Mark::Shock(3), Mark::Fumble(4)]
    );
}

#[test]
fn a_gap_in_a_d100_table_is_refused_with_file_line_col() {
    let text = PLACEHOLDER.replace("((9, 12), \"Face\")", "((10, 12), \"Face\")");
    let err = Pack::parse("my-pack.ron", &text).unwrap_err();
    let shown = err.to_string();
    assert!(shown.starts_with("my-pack.ron:"), "{shown}");
    assert!(shown.contains("leave 09 uncovered"), "{shown}");
    let at = err.at.unwrap();
    // ron places a whole-table problem at the table's end: the Any table.
    let table = line_of(&text, "(Any, [");
    assert!((table..table + 6).contains(&at.line), "{shown}");
    assert!(at.col >= 1);
}

#[test]
fn an_overlap_in_a_d100_table_is_refused_with_file_line_col() {
    let text = PLACEHOLDER.replace("((46, 80), \"Face\")", "((40, 80), \"Face\")");
    let err = Pack::parse("my-pack.ron", &text).unwrap_err();
    let shown = err.to_string();
    assert!(shown.contains("overlap at 40"), "{shown}");
    assert_eq!(err.at.unwrap().line, line_of(&text, "(Head, [((1, 45)"));
}

#[test]
fn a_missing_level_and_an_unknown_location_are_placed() {
    let text = PLACEHOLDER.replace("            (CF, [Fumble(Attacker, 3)]),\n", "");
    let err = Pack::parse("p.ron", &text).unwrap_err();
    assert!(err.message.contains("CF cell is missing"), "{err}");
    let text = PLACEHOLDER.replace(
        "covers: [\"Head\"]),\n        (name: \"Steel",
        "covers: [\"Hed\"]),\n        (name: \"Steel",
    );
    let err = Pack::parse("p.ron", &text).unwrap_err();
    assert!(err.message.contains("\"Hed\""), "{err}");
    assert_eq!(err.at.unwrap().line, line_of(&text, "\"Hed\""));
}

#[test]
fn a_second_pack_replaces_every_placeholder_value() {
    let p = placeholder();
    let o = Pack::parse("tests/packs/harnmaster-other.ron", OTHER).unwrap();
    assert!(!o.is_placeholder());
    assert!(o.label().contains("referee's table pack"));
    assert_ne!(p.skill, o.skill);
    for d in [Defence::Block, Defence::Counterstrike, Defence::Dodge] {
        for a in Level::ALL {
            for b in Level::ALL {
                assert_ne!(
                    p.melee(d, a, Some(b)),
                    o.melee(d, a, Some(b)),
                    "{d:?} {a} {b}"
                );
            }
        }
    }
    for a in Level::ALL {
        assert_ne!(
            p.melee(Defence::Ignore, a, None),
            o.melee(Defence::Ignore, a, None)
        );
    }
    for diff in -4..=4 {
        assert_ne!(p.weapon_class(diff), o.weapon_class(diff));
    }
    for aim in Aim::ALL {
        for roll in Percentile::all() {
            let (a, b) = (
                &p.locations[p.location(aim, roll)],
                &o.locations[o.location(aim, roll)],
            );
            assert_ne!(a.name, b.name);
            assert_ne!(a.bands, b.bands);
        }
    }
    for a in Level::ALL {
        for d in [Defence::Block, Defence::Dodge] {
            for b in Level::ALL {
                assert_ne!(
                    p.missile(d, a, Some(b)),
                    o.missile(d, a, Some(b)),
                    "{d:?} {a} {b}"
                );
            }
        }
        assert_ne!(
            p.missile(Defence::Ignore, a, None),
            o.missile(Defence::Ignore, a, None)
        );
    }
    for w in &p.weapons {
        assert!(o.weapon(&w.name).is_none());
        let theirs = o.weapon(&format!("Ref {}", w.name)).unwrap();
        assert_ne!(
            (w.class, w.quality, w.impact),
            (theirs.class, theirs.quality, theirs.impact)
        );
    }
    for a in &p.armour {
        assert!(o.armour(&a.name).is_none());
        let theirs = o.armour(&format!("Ref {}", a.name)).unwrap();
        assert_ne!(a.protection, theirs.protection);
    }
}

#[test]
fn l81_a_missile_weapons_range_modifier_is_its_band_and_nothing_beyond() {
    let pack = placeholder();
    let bow = pack.weapon("Short bow").unwrap().missile.as_ref().unwrap();
    assert_eq!(bow.range(1), Some(0));
    assert_eq!(bow.range(5), Some(0));
    assert_eq!(bow.range(6), Some(-10));
    assert_eq!(bow.range(40), Some(-45));
    assert_eq!(bow.range(41), None);
    assert_eq!(
        pack.missile(Defence::Ignore, Level::MS, None),
        &[Effect::Strike(Party::Attacker, 2)]
    );
}
