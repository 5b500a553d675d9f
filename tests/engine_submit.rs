//! `Battle::submit` lends its logs to the copy a command is tried on instead
//! of cloning them: a refused command, at any point of a battle, must still
//! leave the events, the commands and the rest of the battle as they were.

use std::path::Path;

use hexmelee::engine::{Battle, Command, Prompt};
use hexmelee::scenario;
use hexmelee::sim;

#[test]
fn refused_commands_mid_battle_change_nothing() {
    let checked = scenario::load(
        &Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("scenarios")
            .join("skirmish.ron"),
    )
    .unwrap();
    let mut battle = Battle::new(&checked, 3).unwrap();
    let mut refusals = 0;
    while !matches!(battle.prompt(), Prompt::Finished { .. }) && battle.round() <= 30 {
        let prompt = battle.prompt();
        // An answer to some other question is refused whatever is asked now.
        let wrong = match prompt {
            Prompt::MovementPriority { .. } => Command::RaiseShield { raise: true },
            _ => Command::MovementPriority { move_first: true },
        };
        let events = battle.events().to_vec();
        let commands = battle.commands().to_vec();
        let (round, phase) = (battle.round(), battle.phase());
        assert!(battle.submit(wrong).is_err(), "{prompt:?}");
        refusals += 1;
        assert_eq!(battle.events(), events.as_slice());
        assert_eq!(battle.commands(), commands.as_slice());
        assert_eq!((battle.round(), battle.phase()), (round, phase));
        assert_eq!(battle.prompt(), prompt);
        let answer = sim::ai::answer(&battle, &prompt);
        battle.submit(answer).unwrap();
    }
    assert!(refusals > 20);
    // The refusals left no trace: a replay of the accepted commands alone
    // rebuilds the same battle.
    let again = Battle::replay(&checked, 3, battle.commands()).unwrap();
    assert_eq!(again.events(), battle.events());
    assert_eq!(again.figures(), battle.figures());
}
