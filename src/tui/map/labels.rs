//! Short labels for figures: two characters, unique in a battle.

use crate::engine::{Battle, FigureId};

/// Each figure's label, by figure index.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Labels(Vec<String>);

impl Labels {
    /// Labels for the battle's figures: the name's first letter followed by
    /// the first of (later words' initials and digits, the name's other
    /// letters, 1–9, A–Z, a–z) that makes a label no earlier figure has.
    pub fn new(battle: &Battle) -> Labels {
        Labels::from_names(battle.figures().iter().map(|f| f.name.as_str()))
    }

    pub fn from_names<'n>(names: impl IntoIterator<Item = &'n str>) -> Labels {
        let mut taken: Vec<String> = Vec::new();
        for name in names {
            let label = candidates(name)
                .find(|c| !taken.contains(c))
                .unwrap_or_else(|| "??".into());
            taken.push(label);
        }
        Labels(taken)
    }

    /// The figure's label; `??` for a figure the labels were not made for.
    pub fn get(&self, id: FigureId) -> &str {
        self.0.get(id.0).map_or("??", String::as_str)
    }
}

fn candidates(name: &str) -> impl Iterator<Item = String> + '_ {
    let mut chars = name.chars().filter(|c| !c.is_whitespace());
    let first = chars
        .next()
        .unwrap_or('?')
        .to_uppercase()
        .next()
        .unwrap_or('?');
    let initials = name
        .split_whitespace()
        .skip(1)
        .filter_map(|w| w.chars().next())
        .chain(name.chars().filter(char::is_ascii_digit));
    let letters = name.chars().skip(1).filter(|c| c.is_alphanumeric());
    let fallback = ('1'..='9').chain('A'..='Z').chain('a'..='z');
    initials
        .chain(letters.map(|c| c.to_lowercase().next().unwrap_or(c)))
        .chain(fallback)
        .map(move |second| format!("{first}{second}"))
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
        let labels = Labels::from_names(names);
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
        let labels = Labels::from_names(names.iter().copied());
        let all: std::collections::HashSet<&str> =
            (0..40).map(|i| labels.get(FigureId(i))).collect();
        assert_eq!(all.len(), 40);
    }
}
