//! One keymap table per mode: the same rows drive key handling, the hint bar
//! and the help overlay, so the three can never disagree.

use ratatui::crossterm::event::KeyCode;

use crate::rulesets::shakhan::rules::Card;

/// What the display is doing, which decides the keys that apply.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// The terminal is smaller than the layout needs.
    TooSmall,
    QuitConfirm,
    Help,
    /// The log has the keys: scrolling and filtering.
    Log,
    /// The undo points, to jump to one.
    History,
    /// The Referee's command line for overrides.
    Command,
    /// The path to save to.
    SaveAs,
    /// Stepping through a saved battle; nothing can be entered.
    Replay,
    /// An unfinished autosave was found: resume or start new.
    Resume,
    /// The Referee's standing answers (asked once per battle, not per round).
    Options,
    /// `A` on a human side: the AI plays it this round or for the rest.
    AiAsk,
    /// `v` while orders are secret: show the referee view? (asks first)
    ViewConfirm,
    /// The player seats: each side's link and QR code (issue 23).
    Seats,
    /// Between sides: the keyboard is handed over; nothing secret is shown.
    Handover,
    /// One side writes its sealed orders.
    Orders,
    /// One side's moves in an Action Phase, by cursor path.
    Movement,
    /// The side with Initiative chooses to move first or second.
    Priority,
    /// The Referee records Divine Intervention, or none.
    Divine,
    /// A defender with a shield: raise it against this blow?
    Shield,
    /// A defender busy with an action: defend or carry on?
    Busy,
    /// A defender trampled by a creature: how does it Dodge (16.11)?
    Dodge,
    /// A defender struck at: try to dodge the blow (16.9.4)?
    DodgeBlow,
    /// Quick Melee: the Referee pairs attackers with defenders (16.12).
    Pairings,
    /// The prompt belongs to an AI-controlled side.
    AiTurn,
    /// A player seat answers the prompt on its own device (issue 23).
    SeatWait,
    /// The battle is over.
    Finished,
    /// What every symbol and shading of the display means.
    Legend,
}

impl Mode {
    /// The name shown in the hint bar and the help title.
    pub fn title(self) -> &'static str {
        match self {
            Mode::TooSmall => "too small",
            Mode::QuitConfirm => "quit?",
            Mode::Help => "help",
            Mode::Log => "log",
            Mode::Handover => "hand-over",
            Mode::Orders => "orders",
            Mode::Movement => "movement",
            Mode::Priority => "movement priority",
            Mode::Divine => "divine intervention",
            Mode::Shield => "shield",
            Mode::Busy => "defend or carry on",
            Mode::Dodge => "dodge",
            Mode::DodgeBlow => "dodge the blow",
            Mode::Pairings => "pairings",
            Mode::AiTurn => "AI to answer",
            Mode::SeatWait => "seat to answer",
            Mode::Finished => "battle over",
            Mode::History => "history",
            Mode::Command => "command",
            Mode::SaveAs => "save as",
            Mode::Replay => "replay",
            Mode::Resume => "resume?",
            Mode::Options => "standing answers",
            Mode::AiAsk => "AI plays?",
            Mode::Legend => "legend",
            Mode::ViewConfirm => "referee view?",
            Mode::Seats => "player seats",
        }
    }

    /// Whether the map and the keys every map mode shares apply.
    pub fn has_map_keys(self) -> bool {
        matches!(
            self,
            Mode::Orders
                | Mode::Movement
                | Mode::Priority
                | Mode::Divine
                | Mode::Shield
                | Mode::Busy
                | Mode::Dodge
                | Mode::DodgeBlow
                | Mode::Pairings
                | Mode::AiTurn
                | Mode::SeatWait
                | Mode::Finished
                | Mode::Replay
        )
    }
}

/// Everything a key can ask for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    Help,
    Quit,
    ConfirmQuit,
    Back,
    ToggleView,
    ToggleTheme,
    ToggleThreats,
    ZoomIn,
    ZoomOut,
    /// Three-letter labels (names at the largest zoom) and bigger hexes.
    ToggleLargeLabels,
    /// The legend overlay: every symbol and shading.
    Legend,
    Cursor(i32, i32),
    NextFigure,
    PrevFigure,
    LogFocus,
    ToggleAi,
    TogglePace,
    /// The single key that moves the battle on: the AI answers an AI side's
    /// prompt; a human side's entry is handed in as it stands.
    Advance,
    Ready,
    Card(Card),
    /// 16.9.7: how the selected figure moves this round (with its card,
    /// stands, asked each pulse).
    CycleMoves,
    /// Last round's orders again, for every figure of the side.
    RepeatOrders,
    /// The selected figure's orders start its row every round (or not).
    PinOrders,
    TargetCursor,
    CycleAim,
    CycleShield,
    CycleDodge,
    /// 16.10.4: the last card's brawling form (cycles those it allows).
    CycleBrawl,
    /// 16.10.4.6–7: a Martial Arts hand-chop or kick declared lethal, or not.
    ToggleLethal,
    /// 16.12.1: the last card's missile weapon (cycles the figure's, then none).
    CycleMissile,
    /// 16.14.3.4: keep the loaded missile instead of firing it.
    ToggleHold,
    /// 16.12.1: shout a warning to friends in the line of fire.
    ToggleWarn,
    /// 16.9.4: under G, the non-combat action (cycles a short list).
    CycleActivity,
    /// 16.9.5: the player gives three sentences of instructions (G alone).
    ToggleSpeaks,
    /// 16.9.4: under G, the action combined with the moves of each pulse.
    ToggleCombine,
    Propose,
    ProposeAll,
    Seal,
    /// The player seats overlay: links, QR codes, who has sealed.
    Seats,
    /// The next side's link in the seats overlay.
    SeatNext,
    /// A new link for the side shown; its old link opens nothing.
    SeatReissue,
    /// The question a seat is asked is answered on the laptop instead.
    TakeBack,
    /// The side shown has no link: the laptop writes its orders.
    SeatRevoke,
    /// The side shown's seat belongs to no device: the next to open its
    /// link takes it.
    SeatRelease,
    AddMove,
    Face(i32),
    ProposeMoves,
    MoveFirst(bool),
    Intervention(bool),
    RaiseShield(bool),
    DodgeBlow(bool),
    Defend(bool),
    /// 16.11: `true` half the DMod keeping the cards; `false` the full DMod losing one.
    Dodge(bool),
    Scroll(i32),
    /// The log a page of its own rows back (negative) or on.
    Page(i32),
    ScrollEnd(bool),
    CycleFilter,
    /// One command back / forward along the session's log.
    Undo,
    Redo,
    /// The list of undo points.
    History,
    HistoryMove(i32),
    HistoryGo,
    /// Write the session to a file (asks for the path).
    Save,
    /// The log as Markdown and text beside the save.
    Export,
    /// The Referee's command line (`:`), for overrides.
    CommandLine,
    LineEnter,
    LineComplete,
    LineDelete,
    /// Replay: a command forward or back.
    Step(i32),
    /// Replay: a pulse forward or back.
    StepPulse(i32),
    /// Replay: the start (false) or the end (true) of the log.
    ReplayEnd(bool),
    PlayFromHere,
    /// The autosave offered at start: resume it (true) or start new.
    Resume(bool),
    /// The Referee's standing answers: open the overlay.
    Options,
    /// Divine Intervention: asked each round, or none without asking.
    CycleDivine,
    /// Movement priority: asked, the AI's choice, first, second.
    CyclePriority,
    /// How figures move when their orders say nothing.
    CycleMovesDefault,
    /// The AI plays the side: for the rest of the battle (`true`) or this round.
    AiFor(bool),
    /// Yes to the referee view while orders are secret.
    ConfirmView,
    /// Show the cards being entered face down until revealed, or not.
    ToggleHideCards,
}

/// One row of a keymap: the keys, what the hint bar says (`key word`;
/// empty: not in the bar), what help says (empty: the row above covers it).
#[derive(Debug)]
pub struct Binding {
    pub keys: &'static [KeyCode],
    pub label: &'static str,
    pub help: &'static str,
    pub action: Action,
    /// The key that moves the mode on (seal, go, take, ready): the hint bar
    /// shows it first, at any width.
    pub decisive: bool,
}

const fn b(
    keys: &'static [KeyCode],
    label: &'static str,
    help: &'static str,
    action: Action,
) -> Binding {
    Binding {
        keys,
        label,
        help,
        action,
        decisive: false,
    }
}

/// A row whose key moves the mode on (see [`Binding::decisive`]).
const fn go(
    keys: &'static [KeyCode],
    label: &'static str,
    help: &'static str,
    action: Action,
) -> Binding {
    Binding {
        decisive: true,
        ..b(keys, label, help, action)
    }
}

use KeyCode::{
    BackTab, Backspace, Char as C, Down, End, Enter, Esc, Home, Left, PageDown, PageUp, Right, Tab,
    Up,
};

/// Keys every map mode shares, listed after the mode's own.
pub const MAP: &[Binding] = &[
    b(
        &[Up, Down, Left, Right],
        "←↑↓→ cursor",
        "move the map cursor (the mouse clicks too)",
        Action::Cursor(0, 0),
    ),
    b(
        &[Tab],
        "Tab figure",
        "select the next figure",
        Action::NextFigure,
    ),
    b(
        &[BackTab],
        "",
        "select the previous figure",
        Action::PrevFigure,
    ),
    b(
        &[C('x')],
        "x threats",
        "threats: every hex an enemy can strike, with the count",
        Action::ToggleThreats,
    ),
    b(&[C('+'), C('=')], "+- zoom", "zoom in", Action::ZoomIn),
    b(&[C('-')], "", "zoom out", Action::ZoomOut),
    b(
        &[C('N')],
        "N names",
        "large labels: three-letter names (full names at the largest zoom) on bigger hexes",
        Action::ToggleLargeLabels,
    ),
    b(
        &[C('L')],
        "L legend",
        "legend: what every symbol and shading on the map, timeline and panels means",
        Action::Legend,
    ),
    b(
        &[C('v')],
        "v view",
        "switch table view / referee view",
        Action::ToggleView,
    ),
    b(
        &[C('l')],
        "l log",
        "focus the log (scroll, filter by figure)",
        Action::LogFocus,
    ),
    b(
        &[C('A')],
        "A AI",
        "the AI plays the side to answer, this round or for the rest (asks); A again: a person",
        Action::ToggleAi,
    ),
    b(
        &[C('P')],
        "P pace",
        "pace: step (a key per step) or auto (AI sides answer by themselves)",
        Action::TogglePace,
    ),
    b(
        &[C('T')],
        "T theme",
        "switch dark / light colours",
        Action::ToggleTheme,
    ),
    b(
        &[C('?')],
        "? help",
        "help: every key of this mode",
        Action::Help,
    ),
    // No label: the bar stays as it was; the seats show K where they are.
    b(
        &[C('K')],
        "",
        "player seats (play --seats): each side's link and QR code, who has sealed; new links, closing a seat",
        Action::Seats,
    ),
    b(&[C('q')], "q quit", "quit (asks first)", Action::Quit),
];

const ORDERS: &[Binding] = &[
    b(
        &[C('a')],
        "a-g card",
        "add card A-G for the selected figure (target: the enemy under the cursor, else the nearest)",
        Action::Card(Card::A),
    ),
    b(&[C('b')], "", "", Action::Card(Card::B)),
    b(&[C('c')], "", "", Action::Card(Card::C)),
    b(&[C('d')], "", "", Action::Card(Card::D)),
    b(&[C('e')], "", "", Action::Card(Card::E)),
    b(&[C('f')], "", "", Action::Card(Card::F)),
    b(&[C('g')], "", "", Action::Card(Card::G)),
    b(
        &[C('M')],
        "M moves",
        "how the selected figure moves this round: with its card (toward its target, back under E/F) / stands / asked each pulse (16.9.7)",
        Action::CycleMoves,
    ),
    b(
        &[C('.')],
        ". repeat",
        "last round's orders again for every figure of the side (then edit them)",
        Action::RepeatOrders,
    ),
    b(
        &[C('p')],
        "p pin",
        "pin the selected figure's orders: its row starts with them every round (p again unpins)",
        Action::PinOrders,
    ),
    b(
        &[C('t')],
        "t target",
        "target the last card at the enemy under the cursor",
        Action::TargetCursor,
    ),
    b(
        &[C('m')],
        "m aim",
        "aim the last card at a body area (cycles; A-C only)",
        Action::CycleAim,
    ),
    b(
        &[C('s')],
        "s shield",
        "shield stance: ask / raise / lower",
        Action::CycleShield,
    ),
    b(
        &[C('D')],
        "D dodge",
        "dodge stance against blows that strike (1 AP, 16.9.4): ask / always / never",
        Action::CycleDodge,
    ),
    b(
        &[C('r')],
        "r AI card",
        "the AI's proposal for the selected figure (then edit it)",
        Action::Propose,
    ),
    b(
        &[C('R')],
        "R AI all",
        "the AI's proposal for every figure of the side",
        Action::ProposeAll,
    ),
    b(
        &[C('w')],
        "w brawl",
        "brawl form of the last card (cycles the forms its card allows, then none; 16.10.4)",
        Action::CycleBrawl,
    ),
    b(
        &[C('k')],
        "",
        "lethal or not: a Martial Arts hand-chop or kick (16.10.4.6–7)",
        Action::ToggleLethal,
    ),
    b(
        &[C('o')],
        "o missile",
        "missile weapon of the last card (cycles the figure's, then none; target as t)",
        Action::CycleMissile,
    ),
    b(
        &[C('H')],
        "",
        "hold the loaded missile this round instead of firing (16.14.3.4)",
        Action::ToggleHold,
    ),
    b(
        &[C('W')],
        "",
        "shout a warning to friends in the line of fire first (16.12.1)",
        Action::ToggleWarn,
    ),
    b(
        &[C('n')],
        "n action",
        "under G: the non-combat action (cycles: load, pick up, drop, …; 16.9.4)",
        Action::CycleActivity,
    ),
    b(
        &[C('I')],
        "",
        "under G: the player gives three sentences of instructions, so G is the only card (16.9.5)",
        Action::ToggleSpeaks,
    ),
    b(
        &[C('J')],
        "",
        "under G: join the action to this round's moves, if the Referee allows (16.9.4; a Saving Throw)",
        Action::ToggleCombine,
    ),
    b(&[Backspace], "", "undo, as u", Action::Undo),
    go(
        &[Enter],
        "Enter seal",
        "seal the side's orders (figures without cards play G)",
        Action::Seal,
    ),
    b(
        &[C('*')],
        "* hide",
        "hide the cards being written (■) with their odds and AP until revealed, for every side",
        Action::ToggleHideCards,
    ),
    b(
        &[Esc],
        "Esc back",
        "back to the hand-over screen",
        Action::Back,
    ),
];

/// `v` while orders are secret: the referee view is shown only on yes.
const VIEW_CONFIRM: &[Binding] = &[
    b(
        &[C('y')],
        "y show",
        "yes: switch to the referee view (players look away)",
        Action::ConfirmView,
    ),
    b(
        &[C('n'), Esc],
        "n/Esc no",
        "no: stay in the table view",
        Action::Back,
    ),
];

const HANDOVER: &[Binding] = &[
    go(
        &[Enter, C(' ')],
        "Enter ready",
        "the side named is at the keyboard: show its orders",
        Action::Ready,
    ),
    b(
        &[C('A')],
        "A AI",
        "let the AI play this side (asks: this round or the rest of the battle)",
        Action::ToggleAi,
    ),
    b(
        &[C('l')],
        "l log",
        "read the log (every line, page by page) before handing over",
        Action::LogFocus,
    ),
    b(
        &[C('L')],
        "L legend",
        "legend: what every symbol and shading means",
        Action::Legend,
    ),
    b(
        &[C('v')],
        "v view",
        "referee view (asks first: it shows sealed cards)",
        Action::ToggleView,
    ),
    // No label: the bar stays as it was without seats; the hand-over
    // panel names the key when seats are open.
    b(
        &[C('K')],
        "",
        "player seats: each side's link and QR code, who has sealed; new links, closing a seat",
        Action::Seats,
    ),
    b(&[C('?')], "? help", "help", Action::Help),
    b(&[C('q')], "q quit", "quit (asks first)", Action::Quit),
];

const MOVEMENT: &[Binding] = &[
    go(
        &[Enter],
        "Enter take",
        "take the previewed path as the selected figure's move",
        Action::AddMove,
    ),
    b(
        &[C('['), C(',')],
        "[] facing",
        "choose the facing at the end of the path (pivot)",
        Action::Face(-1),
    ),
    b(&[C(']'), C('.')], "", "", Action::Face(1)),
    b(
        &[C('r')],
        "r AI moves",
        "the AI's moves for the side (then edit them)",
        Action::ProposeMoves,
    ),
    b(&[Backspace], "", "undo, as u", Action::Undo),
    go(
        &[C(' ')],
        "Space go",
        "make the side's moves (figures without a move stand)",
        Action::Advance,
    ),
    b(&[Esc], "Esc reset", "clear the path preview", Action::Back),
];

const PRIORITY: &[Binding] = &[
    b(&[C('f')], "f first", "move first", Action::MoveFirst(true)),
    b(
        &[C('s')],
        "s second",
        "move second",
        Action::MoveFirst(false),
    ),
    b(
        &[Enter, C(' ')],
        "Enter AI",
        "let the AI choose (O: answer this without asking every round)",
        Action::Advance,
    ),
];

const DIVINE: &[Binding] = &[
    b(
        &[C('n'), C(' '), Enter],
        "n none",
        "no Divine Intervention (O: none without asking every round)",
        Action::Intervention(false),
    ),
    b(
        &[C('d')],
        "d call",
        "record a call for Divine Intervention",
        Action::Intervention(true),
    ),
];

const SHIELD: &[Binding] = &[
    b(
        &[C('y')],
        "y raise",
        "raise the shield",
        Action::RaiseShield(true),
    ),
    b(
        &[C('n')],
        "n lower",
        "keep the shield down",
        Action::RaiseShield(false),
    ),
    b(
        &[Enter, C(' ')],
        "Enter AI",
        "let the AI choose",
        Action::Advance,
    ),
];

const DODGE_BLOW: &[Binding] = &[
    b(
        &[C('y')],
        "y dodge",
        "try to dodge the blow if it strikes (1 AP, Dodge check)",
        Action::DodgeBlow(true),
    ),
    b(
        &[C('n')],
        "n take it",
        "do not dodge",
        Action::DodgeBlow(false),
    ),
    b(
        &[Enter, C(' ')],
        "Enter AI",
        "let the AI choose",
        Action::Advance,
    ),
];

const DODGE: &[Binding] = &[
    b(
        &[C('k')],
        "k keep cards",
        "Dodge at half the DMod, keeping every card",
        Action::Dodge(true),
    ),
    b(
        &[C('f')],
        "f full DMod",
        "Dodge at the full DMod, losing the next card",
        Action::Dodge(false),
    ),
    b(
        &[Enter, C(' ')],
        "Enter AI",
        "let the AI choose",
        Action::Advance,
    ),
];

const PAIRINGS: &[Binding] = &[go(
    &[C(' '), Enter],
    "Space accept",
    "accept the proposed pairings (each attacker on its card's target, else the nearest enemy)",
    Action::Advance,
)];

const BUSY: &[Binding] = &[
    b(
        &[C('d')],
        "d defend",
        "defend (the action is spoiled)",
        Action::Defend(true),
    ),
    b(
        &[C('i')],
        "i ignore",
        "ignore the attack and carry on",
        Action::Defend(false),
    ),
    b(
        &[Enter, C(' ')],
        "Enter AI",
        "let the AI choose",
        Action::Advance,
    ),
];

const AI_TURN: &[Binding] = &[go(
    &[C(' '), Enter],
    "Space AI answers",
    "let the AI answer for this side",
    Action::Advance,
)];

const SEAT_WAIT: &[Binding] = &[go(
    &[Enter],
    "Enter answer here",
    "take the question back from the seat: the referee answers it on the laptop (the seat is told)",
    Action::TakeBack,
)];

const FINISHED: &[Binding] = &[];

const LOG: &[Binding] = &[
    b(
        &[Up, C('k')],
        "↑↓ scroll",
        "scroll a line",
        Action::Scroll(-1),
    ),
    b(&[Down, C('j')], "", "", Action::Scroll(1)),
    b(&[PageUp], "PgUp/Dn page", "scroll a page", Action::Page(-1)),
    b(&[PageDown, C(' ')], "", "", Action::Page(1)),
    b(
        &[Home],
        "Home top",
        "the first line",
        Action::ScrollEnd(false),
    ),
    b(
        &[End],
        "End latest",
        "the latest line",
        Action::ScrollEnd(true),
    ),
    b(
        &[C('f')],
        "f filter",
        "show one figure's lines (cycles; all again at the end)",
        Action::CycleFilter,
    ),
    b(
        &[C('v')],
        "v view",
        "switch table view / referee view",
        Action::ToggleView,
    ),
    b(&[Esc, C('l')], "Esc back", "back to the map", Action::Back),
    b(&[C('?')], "? help", "help", Action::Help),
];

const HELP: &[Binding] = &[
    b(
        &[Esc, C('?'), C('q')],
        "Esc close",
        "close help",
        Action::Back,
    ),
    b(
        &[Up, C('k')],
        "↑↓ scroll",
        "scroll the help up a line",
        Action::Scroll(-1),
    ),
    b(&[Down, C('j')], "", "", Action::Scroll(1)),
    b(
        &[PageUp],
        "",
        "scroll the help a page up or down",
        Action::Scroll(-10),
    ),
    b(&[PageDown, C(' ')], "", "", Action::Scroll(10)),
];

const LEGEND: &[Binding] = &[
    b(
        &[Esc, C('L'), C('q')],
        "Esc close",
        "close the legend",
        Action::Back,
    ),
    b(
        &[Up, C('k')],
        "↑↓ scroll",
        "scroll the legend a line",
        Action::Scroll(-1),
    ),
    b(&[Down, C('j')], "", "", Action::Scroll(1)),
    b(&[PageUp], "", "scroll a page", Action::Scroll(-10)),
    b(&[PageDown, C(' ')], "", "", Action::Scroll(10)),
];

const SEATS: &[Binding] = &[
    b(
        &[Tab, BackTab, Right, Left],
        "Tab side",
        "show the next side's link and QR code",
        Action::SeatNext,
    ),
    b(
        &[C('r')],
        "r new link",
        "a new link for this side; the old one opens nothing from now on",
        Action::SeatReissue,
    ),
    b(
        &[C('u')],
        "u release seat",
        "release this side's seat: the device that opened it loses it, the next to open the link takes it",
        Action::SeatRelease,
    ),
    b(
        &[C('x')],
        "x close seat",
        "close this side's seat: its link opens nothing and the laptop writes its orders (r: a new link)",
        Action::SeatRevoke,
    ),
    b(
        &[Esc, C('K'), C('q')],
        "Esc close",
        "close the seats",
        Action::Back,
    ),
    b(&[C('?')], "? help", "help", Action::Help),
];

const QUIT: &[Binding] = &[
    b(
        &[C('y'), C('q')],
        "y quit",
        "yes, quit",
        Action::ConfirmQuit,
    ),
    b(&[C('n'), Esc], "n/Esc stay", "no, go on", Action::Back),
];

const OPTIONS: &[Binding] = &[
    b(
        &[C('d')],
        "d divine",
        "Divine Intervention: asked every round, or none without asking",
        Action::CycleDivine,
    ),
    b(
        &[C('p')],
        "p priority",
        "movement priority: asked, the AI's choice, the side with Initiative moves first, or second",
        Action::CyclePriority,
    ),
    b(
        &[C('m')],
        "m moves",
        "figures' moves when their orders say nothing: with their card / they stand / asked each pulse",
        Action::CycleMovesDefault,
    ),
    b(&[Esc, C('O'), Enter], "Esc close", "close", Action::Back),
];

const AI_ASK: &[Binding] = &[
    b(
        &[C('r'), Enter],
        "r this round",
        "the AI plays the side this round only",
        Action::AiFor(false),
    ),
    b(
        &[C('b')],
        "b the battle",
        "the AI plays the side for the rest of the battle (A again gives it back)",
        Action::AiFor(true),
    ),
    b(
        &[Esc, C('n')],
        "Esc no",
        "a person goes on playing it",
        Action::Back,
    ),
];

const TOO_SMALL: &[Binding] = &[b(&[C('q')], "q quit", "quit (asks first)", Action::Quit)];

/// The session's keys (issue 8), in every mode that plays the battle.
pub const SESSION: &[Binding] = &[
    b(
        &[C('u')],
        "u undo",
        "undo: the last entry of the orders or moves being written, else back to the last question a person answered",
        Action::Undo,
    ),
    b(&[C('U')], "U redo", "redo the step undone", Action::Redo),
    b(
        &[C('h')],
        "h history",
        "history: every phase and pulse so far, to jump back (or forward) to",
        Action::History,
    ),
    b(
        &[C(':')],
        ": override",
        "Referee command line: overrides, reroll, quick on|off, hazard (referee view; Tab)",
        Action::CommandLine,
    ),
    b(
        &[C('O')],
        "O answers",
        "the Referee's standing answers: Divine Intervention and movement priority, asked or answered without a key",
        Action::Options,
    ),
    b(
        &[C('S')],
        "S save",
        "save the battle to a file (asks where)",
        Action::Save,
    ),
    b(
        &[C('E')],
        "E export",
        "export the log as Markdown and text beside the save, in the current view",
        Action::Export,
    ),
];

const HISTORY: &[Binding] = &[
    b(
        &[Up, C('k')],
        "↑↓ choose",
        "the point before or after",
        Action::HistoryMove(-1),
    ),
    b(&[Down, C('j')], "", "", Action::HistoryMove(1)),
    b(&[PageUp], "", "ten points back", Action::HistoryMove(-10)),
    b(&[PageDown], "", "ten points on", Action::HistoryMove(10)),
    go(
        &[Enter],
        "Enter go",
        "go to the chosen point (replays the log to it; redo comes back)",
        Action::HistoryGo,
    ),
    b(&[Esc, C('h')], "Esc back", "back to the map", Action::Back),
    b(&[C('?')], "? help", "help", Action::Help),
];

/// The command line and the save path: characters are typed into the line.
const LINE: &[Binding] = &[
    go(
        &[Enter],
        "Enter run",
        "run the line (an error shows under it, the text is kept)",
        Action::LineEnter,
    ),
    b(
        &[Tab],
        "Tab complete",
        "complete the word: kinds, figures, sides, areas, requisites, hazards",
        Action::LineComplete,
    ),
    b(
        &[Backspace],
        "⌫ delete",
        "delete the last character",
        Action::LineDelete,
    ),
    b(&[Esc], "Esc cancel", "close the line", Action::Back),
];

const REPLAY: &[Binding] = &[
    b(
        &[C('.')],
        "., step",
        "a command forward (`.`) or back (`,`)",
        Action::Step(1),
    ),
    b(&[C(',')], "", "", Action::Step(-1)),
    b(
        &[C(']')],
        "[] pulse",
        "a pulse forward (`]`) or back (`[`)",
        Action::StepPulse(1),
    ),
    b(&[C('[')], "", "", Action::StepPulse(-1)),
    b(
        &[Home],
        "Home start",
        "the start of the battle",
        Action::ReplayEnd(false),
    ),
    b(
        &[End],
        "End end",
        "the end of the log",
        Action::ReplayEnd(true),
    ),
    b(
        &[C('p')],
        "p play here",
        "play from here: leave replay (the next command drops the rest of the log)",
        Action::PlayFromHere,
    ),
    b(
        &[C('h')],
        "h history",
        "history: jump to any point",
        Action::History,
    ),
    b(
        &[C('E')],
        "E export",
        "export the log up to here as Markdown and text",
        Action::Export,
    ),
];

const RESUME: &[Binding] = &[
    go(
        &[C('r'), Enter],
        "r resume",
        "resume the autosaved battle where it stopped",
        Action::Resume(true),
    ),
    b(
        &[C('n'), Esc],
        "n new",
        "start a new battle (the autosave is discarded)",
        Action::Resume(false),
    ),
    b(&[C('q')], "q quit", "quit (asks first)", Action::Quit),
];

/// The mode's own keys (before the shared map keys, where they apply).
pub fn own(mode: Mode) -> &'static [Binding] {
    match mode {
        Mode::TooSmall => TOO_SMALL,
        Mode::QuitConfirm => QUIT,
        Mode::Help => HELP,
        Mode::Log => LOG,
        Mode::Handover => HANDOVER,
        Mode::Orders => ORDERS,
        Mode::Movement => MOVEMENT,
        Mode::Priority => PRIORITY,
        Mode::Divine => DIVINE,
        Mode::Shield => SHIELD,
        Mode::Busy => BUSY,
        Mode::Dodge => DODGE,
        Mode::DodgeBlow => DODGE_BLOW,
        Mode::Pairings => PAIRINGS,
        Mode::AiTurn => AI_TURN,
        Mode::SeatWait => SEAT_WAIT,
        Mode::Finished => FINISHED,
        Mode::History => HISTORY,
        Mode::Command | Mode::SaveAs => LINE,
        Mode::Replay => REPLAY,
        Mode::Resume => RESUME,
        Mode::Options => OPTIONS,
        Mode::AiAsk => AI_ASK,
        Mode::Legend => LEGEND,
        Mode::ViewConfirm => VIEW_CONFIRM,
        Mode::Seats => SEATS,
    }
}

/// Every binding of a mode, its own first.
pub fn bindings(mode: Mode) -> impl Iterator<Item = &'static Binding> {
    let (shared, session) = shared(mode);
    own(mode).iter().chain(session).chain(shared)
}

/// The map's shared keys and the session's, where the mode has them.
fn shared(mode: Mode) -> (&'static [Binding], &'static [Binding]) {
    let map = if mode.has_map_keys() { MAP } else { &[] };
    let plays = mode == Mode::Handover || (mode.has_map_keys() && mode != Mode::Replay);
    (map, if plays { SESSION } else { &[] })
}

/// The hint bar's rows in the order it shows them while they fit: the
/// mode's decisive key, its other keys, then the map's shared keys (cursor
/// and figure first) and the session's.
pub fn hints(mode: Mode) -> Vec<&'static Binding> {
    let (map, session) = shared(mode);
    let own = own(mode);
    own.iter()
        .filter(|b| b.decisive)
        .chain(own.iter().filter(|b| !b.decisive))
        .chain(map)
        .chain(session)
        .filter(|b| !b.label.is_empty())
        .collect()
}

/// The action a key asks for in `mode`. Arrow keys carry their direction.
pub fn action(mode: Mode, key: KeyCode) -> Option<Action> {
    let found = bindings(mode).find(|b| b.keys.contains(&key))?;
    Some(match (found.action, key) {
        (Action::Cursor(..), Up) => Action::Cursor(0, -1),
        (Action::Cursor(..), Down) => Action::Cursor(0, 1),
        (Action::Cursor(..), Left) => Action::Cursor(-1, 0),
        (Action::Cursor(..), Right) => Action::Cursor(1, 0),
        (a, _) => a,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const ALL: [Mode; 28] = [
        Mode::Seats,
        Mode::SeatWait,
        Mode::Options,
        Mode::AiAsk,
        Mode::Legend,
        Mode::ViewConfirm,
        Mode::Dodge,
        Mode::DodgeBlow,
        Mode::Pairings,
        Mode::History,
        Mode::Command,
        Mode::SaveAs,
        Mode::Replay,
        Mode::Resume,
        Mode::ViewConfirm,
        Mode::TooSmall,
        Mode::QuitConfirm,
        Mode::Help,
        Mode::Log,
        Mode::Handover,
        Mode::Orders,
        Mode::Movement,
        Mode::Priority,
        Mode::Divine,
        Mode::Shield,
        Mode::Busy,
        Mode::AiTurn,
        Mode::Finished,
    ];

    #[test]
    fn no_key_is_bound_twice_in_a_mode() {
        for mode in ALL {
            let mut seen = Vec::new();
            for b in bindings(mode) {
                for k in b.keys {
                    assert!(!seen.contains(k), "{mode:?}: {k:?} bound twice");
                    seen.push(*k);
                }
            }
        }
    }

    #[test]
    fn every_mode_but_help_and_quit_can_open_help_or_back_out() {
        for mode in ALL {
            let keys: Vec<Action> = bindings(mode).map(|b| b.action).collect();
            assert!(
                keys.contains(&Action::Help)
                    || keys.contains(&Action::Back)
                    || keys.contains(&Action::Quit),
                "{mode:?}"
            );
        }
    }

    #[test]
    fn every_mode_with_a_move_on_key_hints_it_first() {
        for mode in ALL {
            let hints = hints(mode);
            if let Some(i) = hints.iter().position(|b| b.decisive) {
                assert_eq!(i, 0, "{mode:?}");
            }
            assert_eq!(
                hints.len(),
                bindings(mode).filter(|b| !b.label.is_empty()).count(),
                "{mode:?}: the bar and help list the same rows"
            );
        }
        assert_eq!(hints(Mode::Orders)[0].label, "Enter seal");
        assert_eq!(hints(Mode::Handover)[0].label, "Enter ready");
        let movement: Vec<&str> = hints(Mode::Movement).iter().map(|b| b.label).collect();
        assert_eq!(movement[..2], ["Enter take", "Space go"]);
    }

    #[test]
    fn arrows_move_the_cursor_their_way() {
        assert_eq!(action(Mode::Orders, Left), Some(Action::Cursor(-1, 0)));
        assert_eq!(action(Mode::Log, Up), Some(Action::Scroll(-1)));
        assert_eq!(action(Mode::Orders, C('c')), Some(Action::Card(Card::C)));
    }
}
