//! Shared by the DragonQuest engine tests: figures and battles built from
//! typed values, and a chooser of legal commands.

use std::sync::Arc;

use hexmelee::dice::Dice;
use hexmelee::hex::{Facing, Hex, HexMap, Pose, Step};
use hexmelee::rulesets::dragonquest::engine::{
    Action, Battle, BattleSpec, Command, Event, FigureSpec, Item, Multiple, Posture, Prompt,
    ShieldSpec, SideSpec, SpecialAttack, StrikeEvent, Task, WeaponSpec,
};
use hexmelee::rulesets::dragonquest::rules::{Rank, Tmr};
use hexmelee::seam::{FigureId, SideId};

pub fn weapon(name: &str, rank: Option<u8>) -> WeaponSpec {
    WeaponSpec {
        name: name.into(),
        rank: rank.map(Rank),
        two_handed: false,
        loaded: false,
    }
}

/// A human of middling characteristics with one weapon in hand.
pub fn fighter(name: &str, side: usize, at: (i32, i32), facing: Facing, arm: &str) -> FigureSpec {
    FigureSpec {
        name: name.into(),
        side: SideId(side),
        pose: Pose::new(Hex::new(at.0, at.1), facing),
        ps: 15,
        md: 15,
        ag: 15,
        pc: 10,
        wp: 12,
        endurance: 16,
        fatigue: 20,
        fatigue_lost: 0,
        tmr: Tmr(5),
        carried_ag_loss: 0,
        armour: Some("Leather".into()),
        shield: None,
        weapons: vec![weapon(arm, Some(2))],
        prepared: vec![0],
        unarmed_rank: None,
        size: 1,
        mount: None,
        monster: false,
    }
}

pub fn shield(name: &str, rank: u8) -> Option<ShieldSpec> {
    Some(ShieldSpec {
        name: name.into(),
        rank: Some(Rank(rank)),
        prepared: true,
    })
}

pub fn sides(n: usize) -> Vec<SideSpec> {
    (0..n)
        .map(|i| SideSpec {
            name: format!("side {i}"),
            leader: None,
            military_scientist: None,
        })
        .collect()
}

pub fn spec(figures: Vec<FigureSpec>) -> BattleSpec {
    BattleSpec {
        map: Arc::new(HexMap::open(16, 12).unwrap()),
        sides: sides(2),
        figures,
        surprise: None,
        lighting: None,
        strength_damage: false,
        alusia_loading: false,
        dice: Vec::new(),
    }
}

/// Two swordsmen facing each other two hexes apart, a spearman and an
/// archer behind: every kind of action has a use.
pub fn skirmish() -> BattleSpec {
    let mut archer = fighter("Archer", 0, (2, 5), Facing::SE, "Short Bow");
    archer.weapons[0].loaded = true;
    archer.weapons.push(weapon("Dagger", Some(1)));
    let mut knight = fighter("Knight", 0, (5, 5), Facing::SE, "Broadsword");
    knight.shield = shield("Kite", 2);
    knight.armour = Some("Chainmail".into());
    let mut brute = fighter("Brute", 1, (8, 5), Facing::NW, "Battle Axe");
    brute.ps = 18;
    let spear = fighter("Spearman", 1, (10, 6), Facing::NW, "Spear");
    spec(vec![archer, knight, brute, spear])
}

fn steps(n: usize, seed: u64) -> Vec<Step> {
    let all = [
        Step::Forward,
        Step::ForwardLeft,
        Step::ForwardRight,
        Step::Backward,
    ];
    (0..n)
        .map(|i| all[((seed >> (2 * i)) & 3) as usize])
        .collect()
}

/// Candidate answers to the prompt, most aggressive first, rotated by `r`;
/// the last always a Pass doing nothing, which is legal for any figure that
/// may act.
pub fn candidates(battle: &Battle, r: u64) -> Vec<Command> {
    let figure = match battle.prompt() {
        Prompt::LeadChoice { .. } | Prompt::SideChoice { .. } => {
            return vec![Command::ActNow { now: r % 2 == 0 }];
        }
        Prompt::EngagedAction { figure } => figure,
        Prompt::SideAction { ready, .. } => ready[(r as usize) % ready.len()],
        Prompt::Finished { .. } => return Vec::new(),
    };
    let me = battle.figure(figure);
    let foes: Vec<FigureId> = battle
        .figures()
        .iter()
        .filter(|f| f.side != me.side && f.is_up())
        .map(|f| f.id)
        .collect();
    let mut out = Vec::new();
    let act = |action| Command::Act { figure, action };
    for &t in &foes {
        out.push(act(Action::Grapple { target: t }));
        out.push(act(Action::Fire {
            path: vec![],
            target: t,
        }));
        for n in 0..3 {
            let path = steps(n, r);
            out.push(act(Action::Melee {
                path: path.clone(),
                target: t,
                multiple: Multiple::Single,
                after_strike: Vec::new(),
            }));
            out.push(act(Action::Close { path, target: t }));
        }
        for attack in [
            SpecialAttack::Restrain,
            SpecialAttack::Trip,
            SpecialAttack::Entangle,
            SpecialAttack::ShieldRush,
            SpecialAttack::Knockout,
            SpecialAttack::Disarm {
                item: Item::Weapon(0),
            },
        ] {
            for n in 0..2 {
                out.push(act(Action::Special {
                    path: steps(n, r >> 5),
                    target: t,
                    attack,
                }));
            }
        }
        let toward = me.pose.hex.facing_toward(battle.figure(t).pose.hex);
        if let Some(to) = toward {
            out.push(act(Action::Move {
                path: vec![Step::Pivot { to }, Step::Forward, Step::Forward],
            }));
            out.push(act(Action::Move {
                path: vec![Step::Pivot { to }, Step::Forward],
            }));
        }
        out.push(act(Action::Withdraw {
            path: vec![Step::Backward],
            posture: Posture::Offensive { target: t },
        }));
    }
    out.push(act(Action::Withdraw {
        path: vec![Step::Backward],
        posture: Posture::Defensive,
    }));
    out.push(act(Action::Evade {
        path: steps(1, r >> 7),
    }));
    out.push(act(Action::Retreat {
        path: vec![Step::Backward],
    }));
    out.push(act(Action::Move {
        path: steps(3, r >> 3),
    }));
    for task in [
        Task::Load,
        Task::DrawOut,
        Task::Prone { down: false },
        Task::PickUp { item: 0 },
        Task::Prepare { item: 0 },
        Task::Prepare { item: 1 },
        Task::PrepareShield,
    ] {
        out.push(act(Action::Pass { path: vec![], task }));
    }
    let n = out.len();
    out.rotate_left((r as usize) % n);
    // 30: the run after a mounted Charge is the one action then.
    if let Some(path) = battle.momentum_path(figure) {
        out.insert(0, act(Action::Move { path }));
    }
    out.push(act(Action::Pass {
        path: vec![],
        task: Task::Nothing,
    }));
    out
}

/// Submit the first acceptable candidate; panics if none is (a prompt no
/// legal answer meets would be a bug).
pub fn play_one(battle: &mut Battle, r: u64) -> Command {
    for c in candidates(battle, r) {
        if battle.submit(c.clone()).is_ok() {
            return c;
        }
    }
    panic!("no legal answer at {:?}", battle.prompt());
}

/// A battle whose dice are `dice`, in order.
pub fn battle(spec: &BattleSpec, dice: impl IntoIterator<Item = u32>) -> Battle {
    Battle::with_dice(spec, Dice::scripted(dice)).unwrap()
}

/// `figure` does `action`, which must be accepted; its events.
pub fn act(b: &mut Battle, figure: FigureId, action: Action) -> Vec<Event> {
    match b.submit(Command::Act { figure, action }) {
        Ok(e) => e.to_vec(),
        Err(e) => panic!("{} refused: {e}", b.figure(figure).name),
    }
}

/// `figure` is refused `action`, which changes nothing; the reason.
pub fn refused(b: &mut Battle, figure: FigureId, action: Action) -> String {
    let before = b.events().len();
    let why = b
        .submit(Command::Act { figure, action })
        .expect_err("refused")
        .0;
    assert_eq!(b.events().len(), before, "a refusal changes nothing");
    why
}

/// A Pass doing nothing.
pub fn pass() -> Action {
    Action::Pass {
        path: vec![],
        task: Task::Nothing,
    }
}

/// The first Strike Check among `events`.
pub fn strike(events: &[Event]) -> StrikeEvent {
    events
        .iter()
        .find_map(|e| match e {
            Event::Strike(s) => Some((**s).clone()),
            _ => None,
        })
        .expect("a Strike Check")
}

/// Answer lead and side choices (act now) until a figure must choose; it.
pub fn turn(b: &mut Battle) -> FigureId {
    loop {
        match b.prompt() {
            Prompt::LeadChoice { .. } | Prompt::SideChoice { .. } => {
                b.submit(Command::ActNow { now: true }).unwrap();
            }
            Prompt::EngagedAction { figure } => return figure,
            Prompt::SideAction { ready, .. } => return ready[0],
            p => panic!("{p:?}"),
        }
    }
}

/// Let everyone but `figure` Pass until it is `figure`'s turn.
pub fn until(b: &mut Battle, figure: FigureId) {
    loop {
        let f = turn(b);
        if f == figure {
            return;
        }
        act(b, f, pass());
    }
}
