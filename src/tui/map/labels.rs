//! Short labels for figures: two characters (three in large-label mode),
//! unique in a battle.

use super::scene::{Focus, Stage};
use crate::seam::FigureId;

/// Each figure's label, by figure index.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Labels(Vec<String>);

impl Labels {
    /// Labels for the battle's figures: the name's first letter followed by
    /// the first of (later words' initials and digits, the name's other
    /// letters, 1–9, A–Z, a–z) that makes a label no earlier figure has.
    pub fn new(battle: &impl Stage) -> Labels {
        let scene = battle.scene(Focus::default());
        Labels::from_names(scene.pieces.iter().map(|p| p.name), 2)
    }

    /// Three-letter labels: the name's first two letters and the first of
    /// the same list that makes a label no earlier figure has.
    pub fn large(battle: &impl Stage) -> Labels {
        let scene = battle.scene(Focus::default());
        Labels::from_names(scene.pieces.iter().map(|p| p.name), 3)
    }

    /// Labels of `len` characters (2 or 3; fewer for a one-letter name).
    pub fn from_names<'n>(names: impl IntoIterator<Item = &'n str>, len: usize) -> Labels {
        let mut taken: Vec<String> = Vec::new();
        for name in names {
            let label = candidates(name, len)
                .find(|c| !taken.contains(c))
                .unwrap_or_else(|| "?".repeat(len));
            taken.push(label);
        }
        Labels(taken)
    }

    /// The figure's label; `??` for a figure the labels were not made for.
    pub fn get(&self, id: FigureId) -> &str {
        self.at(id.0)
    }

    /// The label of the figure at place `i` in the battle's list.
    pub fn at(&self, i: usize) -> &str {
        self.0.get(i).map_or("??", String::as_str)
    }
}

fn candidates(name: &str, len: usize) -> impl Iterator<Item = String> + '_ {
    let lower = |c: char| c.to_lowercase().next().unwrap_or(c);
    let mut chars = name.chars().filter(|c| !c.is_whitespace());
    let first = chars
        .next()
        .unwrap_or('?')
        .to_uppercase()
        .next()
        .unwrap_or('?');
    let letters: Vec<char> = name
        .chars()
        .skip(1)
        .filter(|c| c.is_alphanumeric())
        .map(lower)
        .collect();
    // The letters after the first that every candidate keeps.
    let kept = len.saturating_sub(2).min(letters.len());
    let prefix: String = std::iter::once(first)
        .chain(letters[..kept].iter().copied())
        .collect();
    let initials = name
        .split_whitespace()
        .skip(1)
        .filter_map(|w| w.chars().next())
        .chain(name.chars().filter(char::is_ascii_digit));
    let fallback = ('1'..='9').chain('A'..='Z').chain('a'..='z');
    initials
        .chain(letters.into_iter().skip(kept))
        .chain(fallback)
        .map(move |last| format!("{prefix}{last}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_are_short_and_unique() {
        let names = [
            "Aulos",
            "Aulus",
            "Big Harro",
            "Dockhand 1",
            "Dockhand 2",
            "Au",
            "A",
            "",
            "Ärn",
        ];
        let labels = Labels::from_names(names, 2);
        let all: Vec<&str> = (0..names.len()).map(|i| labels.get(FigureId(i))).collect();
        assert_eq!(all, ["Au", "Al", "BH", "D1", "D2", "A1", "A2", "?1", "Är"]);
        for (i, a) in all.iter().enumerate() {
            assert_eq!(a.chars().count(), 2);
            assert!(!all[..i].contains(a), "{a} twice");
        }
    }

    #[test]
    fn labels_unique_even_when_names_collide() {
        let names = vec!["Guard"; 40];
        let labels = Labels::from_names(names.iter().copied(), 2);
        let all: std::collections::HashSet<&str> =
            (0..40).map(|i| labels.get(FigureId(i))).collect();
        assert_eq!(all.len(), 40);
    }

    #[test]
    fn large_labels_have_three_letters_and_stay_unique() {
        let names = [
            "Petron",
            "Pete",
            "Big Harro",
            "Dockhand 1",
            "Dockhand 2",
            "Merchant Oblan",
            "Al",
        ];
        let labels = Labels::from_names(names, 3);
        let all: Vec<&str> = (0..names.len()).map(|i| labels.get(FigureId(i))).collect();
        assert_eq!(all, ["Pet", "Pee", "BiH", "Do1", "Do2", "MeO", "Al1"]);
        let many = Labels::from_names(vec!["Guard"; 40], 3);
        let set: std::collections::HashSet<&str> = (0..40).map(|i| many.get(FigureId(i))).collect();
        assert_eq!(set.len(), 40);
    }
}
