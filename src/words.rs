//! Words for people: counts with the right form of the noun and
//! possessives of names, one rule each, used wherever text is made
//! (docs/RULINGS.md, "Words").

/// `n` and the noun in the form for it: "1 figure", "2 figures", "0 figures".
pub fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", noun(n, one, many))
}

/// The noun's form for `n` things, without the number.
pub fn noun<'a>(n: usize, one: &'a str, many: &'a str) -> &'a str {
    if n == 1 { one } else { many }
}

/// `n` and a noun that takes a plain `s` in the plural ("1 round", "3 rounds").
pub fn counted(n: usize, one: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {one}s")
    }
}

/// A name's possessive: a bare apostrophe after a final s ("Aulos'", "the
/// Raiders'"), else 's ("Berrin's", "Blue's"). One rule, right for
/// singular names and for plural side names alike. A name that is already
/// a possessive (a side called "Aldric's") is its own: "Aldric's choice",
/// not "Aldric's' choice".
pub fn possessive(name: &str) -> String {
    let already = ["'s", "'S", "’s", "s'", "S'", "s’"];
    if already.iter().any(|end| name.ends_with(end)) {
        name.to_string()
    } else if name.ends_with(['s', 'S']) {
        format!("{name}'")
    } else {
        format!("{name}'s")
    }
}

/// Names in quotes, separated by commas: `"Beast", "Hunters"` (never a
/// programmer's list with brackets).
pub fn quoted<'a>(all: impl IntoIterator<Item = &'a str>) -> String {
    all.into_iter()
        .map(|n| format!("\"{n}\""))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A modifier with its sign, a true minus for the negative ("+5", "−10"):
/// one minus sign in every line (docs/RULINGS.md, "Words").
pub fn signed(n: i32) -> String {
    if n < 0 {
        format!("−{}", n.unsigned_abs())
    } else {
        format!("+{n}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_modifier_is_signed_with_a_true_minus() {
        assert_eq!(signed(-10), "−10");
        assert_eq!(signed(5), "+5");
        assert_eq!(signed(0), "+0");
        assert_eq!(signed(i32::MIN), "−2147483648");
    }

    #[test]
    fn one_is_singular_and_every_other_count_plural() {
        assert_eq!(count(1, "figure", "figures"), "1 figure");
        assert_eq!(count(0, "figure", "figures"), "0 figures");
        assert_eq!(count(2, "hex", "hexes"), "2 hexes");
        assert_eq!(counted(1, "grade"), "1 grade");
        assert_eq!(counted(3, "grade"), "3 grades");
        assert_eq!(noun(1, "was", "were"), "was");
        assert_eq!(noun(5, "was", "were"), "were");
    }

    #[test]
    fn possessive_after_a_final_s_is_a_bare_apostrophe() {
        assert_eq!(possessive("Aulos"), "Aulos'");
        assert_eq!(possessive("Raiders"), "Raiders'");
        assert_eq!(possessive("Berrin"), "Berrin's");
        assert_eq!(possessive("Blue"), "Blue's");
        assert_eq!(possessive("ORCS"), "ORCS'");
        // DragonQuest's sides "Aldric's" and "Brenna's" (issue 40).
        assert_eq!(possessive("Aldric's"), "Aldric's");
        assert_eq!(possessive("the Raiders'"), "the Raiders'");
    }

    #[test]
    fn names_are_quoted_without_brackets() {
        assert_eq!(quoted(["Beast", "Hunters"]), "\"Beast\", \"Hunters\"");
        assert_eq!(quoted([]), "");
    }
}
