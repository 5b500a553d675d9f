//! What a DragonQuest session says of itself: `check-save`'s lines.

use super::Session;
use crate::engine::dragonquest::Battle;
use crate::rules::dragonquest::damage::Standing;

/// Where a DragonQuest session stands, for `hexmelee check-save`: the
/// heading, then each figure's state.
pub fn describe(s: &Session<Battle>) -> String {
    let b = s.battle();
    let mut out = super::heading(s);
    for f in b.figures() {
        let status = match f.standing {
            Standing::Dead => "dead",
            Standing::Unconscious => "unconscious",
            _ if f.routed => "routed",
            _ => "fighting",
        };
        out.push_str(&format!(
            "  {:<14} {:<10} {:<12} Endurance {}/{}, Fatigue {}/{}\n",
            f.name,
            b.sides()[f.side.0].name,
            status,
            f.endurance,
            f.endurance_max,
            f.fatigue,
            f.fatigue_max
        ));
    }
    out
}
