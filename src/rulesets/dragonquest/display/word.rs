//! The Referee's word in the display: a ruling on the figure under the
//! cursor (`Command::Referee`), or a spell's effects given as the caster
//! looses it (`Action::Spell`, 20.5, 22.7). Both use the same short menu.

use crate::hex::Hex;
use crate::rulesets::dragonquest::engine::{Battle, Fiat};
use crate::seam::FigureId;

/// What the Referee may rule on one figure.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ruling {
    /// Knock it down, or set it on its feet (whichever it is not).
    Prone,
    Stun,
    /// 25.4: points typed next.
    Damage {
        endurance: bool,
        armour: bool,
    },
    /// 30: its mount runs on.
    RunsOn,
    /// Its whole side breaks and leaves.
    Rout,
}

/// The menu being answered: a ruling, or the effects of `caster`'s spell.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Word {
    /// The figure loosing a spell; `None`: a ruling.
    pub caster: Option<FigureId>,
    /// The spell's effects given so far, applied in this order.
    pub effects: Vec<Fiat>,
    /// A damage ruling whose points are being typed: on whom, and the digits.
    pub typing: Option<(FigureId, Ruling, String)>,
}

impl Word {
    pub fn ruling() -> Word {
        Word {
            caster: None,
            effects: Vec::new(),
            typing: None,
        }
    }

    pub fn spell(caster: FigureId) -> Word {
        Word {
            caster: Some(caster),
            ..Word::ruling()
        }
    }
}

/// The figure the word is about: the one standing in `cursor` (the one still
/// up, if one lies beneath another).
pub fn figure_at(b: &Battle, cursor: Hex) -> Option<FigureId> {
    let here = || b.figures().iter().filter(|f| f.pose.hex == cursor);
    here()
        .find(|f| f.is_up())
        .or_else(|| here().next())
        .map(|f| f.id)
}

/// The rulings that make sense for `figure` now, in the menu's order.
pub fn rulings(b: &Battle, figure: FigureId) -> Vec<Ruling> {
    let f = b.figure(figure);
    if !f.is_up() {
        return Vec::new();
    }
    let mut out = vec![Ruling::Prone];
    if !f.stunned {
        out.push(Ruling::Stun);
    }
    for (endurance, armour) in [(false, false), (true, false), (false, true), (true, true)] {
        out.push(Ruling::Damage { endurance, armour });
    }
    if f.mount.is_some() && !f.momentum {
        out.push(Ruling::RunsOn);
    }
    out.push(Ruling::Rout);
    out
}

/// A ruling in a referee's words.
pub fn ruling_words(b: &Battle, figure: FigureId, ruling: Ruling) -> String {
    let f = b.figure(figure);
    match ruling {
        Ruling::Prone if f.prone => format!("{} gets up", f.name),
        Ruling::Prone => format!("{} falls (knocked down)", f.name),
        Ruling::Stun => format!("{} is Stunned", f.name),
        Ruling::Damage { endurance, armour } => format!(
            "damage to {}{} (type the points)",
            if endurance { "Endurance" } else { "Fatigue" },
            if armour { ", armour absorbs" } else { "" }
        ),
        Ruling::RunsOn => format!("{}'s mount runs on", f.name),
        Ruling::Rout => format!("{} flee the fight", b.sides()[f.side.0].name),
    }
}

/// The Referee's word itself; `points` for damage.
pub fn fiat(b: &Battle, figure: FigureId, ruling: Ruling, points: u32) -> Fiat {
    let f = b.figure(figure);
    match ruling {
        Ruling::Prone => Fiat::Prone {
            figure,
            prone: !f.prone,
        },
        Ruling::Stun => Fiat::Stun { figure },
        Ruling::Damage { endurance, armour } => Fiat::Damage {
            figure,
            points,
            endurance,
            armour,
        },
        Ruling::RunsOn => Fiat::RunsOn { figure },
        Ruling::Rout => Fiat::Rout { side: f.side },
    }
}

/// A spell's effect in a referee's words, as the menu lists those given.
pub fn fiat_words(b: &Battle, fiat: &Fiat) -> String {
    let name = |f: &FigureId| b.figures().get(f.0).map_or("?", |f| f.name.as_str());
    match fiat {
        Fiat::Damage {
            figure,
            points,
            endurance,
            armour,
        } => format!(
            "{} takes {points} to {}{}",
            name(figure),
            if *endurance { "Endurance" } else { "Fatigue" },
            if *armour { ", armour absorbs" } else { "" }
        ),
        Fiat::Prone {
            figure,
            prone: true,
        } => format!("{} falls", name(figure)),
        Fiat::Prone { figure, .. } => format!("{} gets up", name(figure)),
        Fiat::Stun { figure } => format!("{} is Stunned", name(figure)),
        Fiat::Rout { side } => format!(
            "{} flee",
            b.sides().get(side.0).map_or("?", |s| s.name.as_str())
        ),
        Fiat::RunsOn { figure } => format!("{}'s mount runs on", name(figure)),
    }
}
