//! The rulesets, each whole in its own folder, and the one registry the
//! frame dispatches through: a file's `ruleset` word names its [`Front`].
//! Adding a ruleset is a folder beside these and one line in [`ALL`].

pub mod dragonquest;
pub mod harnmaster;
pub mod landofkarn;
pub mod runemaster;
pub mod shakhan;

use crate::front::Front;

/// Every ruleset, the default first: a file that names none (or names one
/// not listed) is the first's to read, and refuse in its own words.
pub static ALL: &[&dyn Front] = &[
    &shakhan::RULESET,
    &dragonquest::RULESET,
    &runemaster::RULESET,
    &landofkarn::RULESET,
    &harnmaster::RULESET,
];

/// The ruleset named `word`, if one is.
pub fn named(word: &str) -> Option<&'static dyn Front> {
    ALL.iter().copied().find(|r| r.name() == word)
}

/// The ruleset a scenario's text names: the default when it names none
/// this build has.
pub fn of_scenario(text: &str) -> &'static dyn Front {
    crate::scenario::ruleset_of(text)
        .and_then(|word| named(&word))
        .unwrap_or(ALL[0])
}

/// The ruleset a save's text names, once the save reads as one.
pub fn of_save(
    path: &std::path::Path,
    text: &str,
) -> Result<&'static dyn Front, crate::session::SaveError> {
    let word = crate::session::file::header(path, text)?;
    Ok(word.and_then(|word| named(&word)).unwrap_or(ALL[0]))
}

/// The ruleset whose embedded scenario opens when no file is named.
pub fn default() -> (&'static dyn Front, &'static str, &'static str) {
    ALL.iter()
        .find_map(|r| r.default_scenario().map(|(path, text)| (*r, path, text)))
        .expect("a ruleset embeds the default scenario")
}
