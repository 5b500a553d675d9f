//! The display's state and what each input does to it. No IO here: the
//! terminal loop (`terminal.rs`) turns crossterm events into [`Input`]s,
//! and drawing (`ui`) reads an `&App`. The battle changes only through
//! [`App::submit`].

mod history;
mod moves;
mod orders;
mod referee;
mod seats;
mod standing;

use ratatui::crossterm::event::{
    KeyCode, KeyEventKind, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::layout::Rect;
use std::path::PathBuf;

use crate::hex::Hex;
use crate::rulesets::shakhan::ai;
use crate::rulesets::shakhan::engine::{Battle, Command, Prompt};
use crate::rulesets::shakhan::rules::trample::DodgeChoice;
use crate::rulesets::shakhan::scenario::Checked;
use crate::rulesets::shakhan::session::Session;
use crate::seam::{FigureId, SideId, View};
use crate::session::SessionError;
use crate::session::autosave::Keeper;

use super::keys::{self, Action, Mode};
use crate::tui::input::{Effect, Input, Note};
use crate::tui::layout::Areas;
use crate::tui::map::MapView;
use crate::tui::pager::{Move, Pager};
use crate::tui::theme::Theme;

pub use moves::{MovePreview, MovesDraft};
pub use orders::{Budget, OddsPreview, OrdersDraft, activity_word, ap_with, budget};
pub use referee::{LineInput, LineKind};
pub use seats::{Seat, Seats};
pub use standing::{DivineDefault, PriorityDefault, Standing};

/// Layers over the map modes; Esc closes the top one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Overlay {
    Help,
    Log,
    Quit,
    /// The undo points, to jump to one.
    History,
    /// A one-line input: the Referee's command line or a save's path.
    Line,
    /// An autosave was found: resume it or start new.
    Resume,
    /// The Referee's standing answers.
    Options,
    /// `A`: this round or the rest of the battle?
    AiAsk,
    /// What every symbol and shading means.
    Legend,
    /// `v` while orders are secret: the referee view would show them.
    ViewConfirm,
    /// The player seats: links, QR codes, who has sealed.
    Seats,
}

/// The log's place (lines up from the latest) and figure filter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct LogView {
    pub pager: Pager,
    pub filter: Option<FigureId>,
}

/// The whole display: the battle behind its one funnel, and what the user
/// is looking at and entering.
#[derive(Debug, Clone)]
pub struct App {
    // The battle with its scenario, seed and command log. All other code
    // reads `&Battle`; only `submit` (and undo, redo, goto) change it.
    session: Session,
    /// Where autosaves go (`None`: no autosave, as in most tests).
    pub autosave: Keeper,
    /// The file last saved or opened, offered again by the save key.
    pub save_path: Option<PathBuf>,
    /// Replay mode: stepping through the log; nothing can be submitted.
    pub replay: bool,
    /// The history overlay's cursor: an index into `Session::points`.
    pub history: usize,
    /// The command line or the save-path input, while open.
    pub line: Option<LineInput>,
    /// The autosave offered at start, until taken or declined.
    offer: Option<Box<Session>>,

    pub map: MapView,
    pub theme: Theme,
    pub light: bool,
    pub view: View,
    /// The Referee said yes to the referee view while orders are secret;
    /// forgotten at the next hand-over.
    peek: bool,
    /// Cards being entered show face down (`■`), odds and AP hidden, until
    /// revealed: for a table where onlookers might glance.
    pub hide_cards: bool,
    overlays: Vec<Overlay>,
    /// The side that has the keyboard for its sealed orders.
    handed_to: Option<SideId>,
    pub orders: Option<OrdersDraft>,
    pub moves: Option<MovesDraft>,
    /// Per side: answered by the AI for the rest of the battle.
    pub ai: Vec<bool>,
    /// Per side: answered by the AI in this round only (`A` … `r`).
    ai_round: Vec<Option<u32>>,
    /// The Referee's standing answers (`O`).
    pub standing: Standing,
    /// Pinned orders (`p`): a figure's row starts with them every round.
    templates: Vec<crate::rulesets::shakhan::engine::FigureOrders>,
    /// AI sides answer on every tick, without a key.
    pub auto: bool,
    pub log: LogView,
    /// Lines of the help or legend overlay scrolled past (they scroll when
    /// they have more rows than the screen).
    pub help_scroll: usize,
    pub note: Option<Note>,
    pub size: Rect,
    /// Player seats, when the battle is served to them (`play --seats`).
    pub seats: Option<Seats>,
    /// The battle as the last round began, for its summary at the
    /// hand-over; worked out once a round, by replay.
    round_start: Option<Box<Battle>>,
}

impl App {
    /// A display of a new battle on `checked` with `seed`, laid out for
    /// 80×24 until the first [`Input::Resize`].
    pub fn new(checked: Checked, seed: u64, light: bool) -> Result<App, String> {
        let battle = Battle::new(&checked, seed).map_err(|e| e.to_string())?;
        Ok(App::with_battle(checked, seed, battle, light))
    }

    /// A display of a battle already made (tests script its dice).
    pub fn with_battle(checked: Checked, seed: u64, battle: Battle, light: bool) -> App {
        App::from_session(Session::with_battle(checked, seed, battle), light)
    }

    /// A display of a session (a new battle, a save resumed).
    pub fn from_session(session: Session, light: bool) -> App {
        let battle = session.battle();
        let sides = battle.sides().len();
        let mut app = App {
            map: MapView::new(battle),
            session,
            autosave: Keeper::default(),
            save_path: None,
            replay: false,
            history: 0,
            line: None,
            offer: None,
            theme: if light { Theme::light() } else { Theme::dark() },
            light,
            view: View::Table,
            peek: false,
            hide_cards: false,
            overlays: Vec::new(),
            help_scroll: 0,
            handed_to: None,
            orders: None,
            moves: None,
            ai: vec![false; sides],
            ai_round: vec![None; sides],
            standing: Standing::default(),
            templates: Vec::new(),
            auto: false,
            log: LogView::default(),
            note: None,
            size: Rect::new(0, 0, 80, 24),
            seats: None,
            round_start: None,
        };
        app.fit_map();
        app.sync();
        app
    }

    pub fn battle(&self) -> &Battle {
        self.session.battle()
    }

    pub fn session(&self) -> &Session {
        &self.session
    }

    pub fn checked(&self) -> &Checked {
        self.session.checked()
    }

    pub fn seed(&self) -> u64 {
        self.session.seed()
    }

    /// The screen's parts for the current size; `None` when too small.
    pub fn areas(&self) -> Option<Areas> {
        Areas::of(self.size, self.battle().figures().len())
    }

    /// Move the log by `m` within the lines its panel shows now, a page
    /// being the panel's own rows.
    fn log_move(&mut self, m: Move) {
        let Some(area) = self.log_area() else {
            return;
        };
        let (width, rows) = crate::tui::pager::inner(area);
        let total =
            super::log_text::lines(self.battle(), self.shown_view(), self.log.filter, width).len();
        self.log.pager.apply(m, total, rows);
    }

    /// Where the log is drawn: the whole body while it is read (`l`), else
    /// its panel.
    pub fn log_area(&self) -> Option<Rect> {
        let areas = self.areas()?;
        Some(if self.mode() == Mode::Log {
            areas.body
        } else {
            areas.log
        })
    }

    /// The mode whose keys apply now.
    pub fn mode(&self) -> Mode {
        match self.overlays.last() {
            Some(Overlay::Quit) => Mode::QuitConfirm,
            _ if self.areas().is_none() => Mode::TooSmall,
            Some(Overlay::Help) => Mode::Help,
            Some(Overlay::Log) => Mode::Log,
            Some(Overlay::History) => Mode::History,
            Some(Overlay::Resume) => Mode::Resume,
            Some(Overlay::Options) => Mode::Options,
            Some(Overlay::AiAsk) => Mode::AiAsk,
            Some(Overlay::Legend) => Mode::Legend,
            Some(Overlay::ViewConfirm) => Mode::ViewConfirm,
            Some(Overlay::Seats) => Mode::Seats,
            Some(Overlay::Line) => match self.line.as_ref().map(|l| l.kind) {
                Some(LineKind::SaveAs) => Mode::SaveAs,
                _ => Mode::Command,
            },
            None => self.base_mode(),
        }
    }

    /// The mode under any overlay: what the battle is waiting for.
    pub fn base_mode(&self) -> Mode {
        if self.replay {
            return Mode::Replay;
        }
        let prompt = self.battle().prompt();
        if self.owner(&prompt).is_some_and(|s| self.played_by_ai(s)) {
            return Mode::AiTurn;
        }
        if self.asking_seat().is_some() {
            return Mode::SeatWait;
        }
        match prompt {
            Prompt::Finished { .. } => Mode::Finished,
            Prompt::Orders { side } if self.handed_to == Some(side) => Mode::Orders,
            Prompt::Orders { .. } => Mode::Handover,
            Prompt::MovementPriority { .. } => Mode::Priority,
            Prompt::DivineIntervention => Mode::Divine,
            Prompt::Movement { .. } | Prompt::FigureMovement { .. } => Mode::Movement,
            Prompt::RaiseShield { .. } => Mode::Shield,
            Prompt::Dodge { .. } => Mode::Dodge,
            Prompt::DodgeBlow { .. } => Mode::DodgeBlow,
            Prompt::Pairings => Mode::Pairings,
            Prompt::MidAction { .. } => Mode::Busy,
        }
    }

    /// The mode the help overlay explains: the one beneath it.
    pub fn under_help(&self) -> Mode {
        let below = self.overlays.iter().rev().find(|o| **o != Overlay::Help);
        match below {
            Some(Overlay::Log) => Mode::Log,
            Some(Overlay::History) => Mode::History,
            _ => self.base_mode(),
        }
    }

    /// The side a prompt waits on (`None`: the Referee's own question).
    pub fn owner(&self, prompt: &Prompt) -> Option<SideId> {
        match *prompt {
            Prompt::Orders { side }
            | Prompt::MovementPriority { side }
            | Prompt::Movement { side, .. } => Some(side),
            Prompt::RaiseShield { defender, .. }
            | Prompt::MidAction { defender, .. }
            | Prompt::Dodge { defender, .. }
            | Prompt::DodgeBlow { defender, .. }
            | Prompt::FigureMovement {
                figure: defender, ..
            } => Some(SideId(self.battle().figure(defender).side)),
            Prompt::DivineIntervention | Prompt::Pairings | Prompt::Finished { .. } => None,
        }
    }

    /// The side whose turn it is, for the threat overlay and the AI toggle:
    /// the prompt's owner, else the first side.
    pub fn side_to_answer(&self) -> SideId {
        self.owner(&self.battle().prompt()).unwrap_or(SideId(0))
    }

    /// The side entering its sealed orders, which may see them (nobody
    /// else's are shown on the shared screen).
    pub fn entering_side(&self) -> Option<SideId> {
        (self.base_mode() == Mode::Orders)
            .then_some(self.handed_to)
            .flatten()
    }

    /// Whether some side's orders are sealed but not revealed, or being
    /// written: the referee view would show them.
    pub fn orders_secret(&self) -> bool {
        matches!(self.battle().prompt(), Prompt::Orders { .. })
    }

    /// The view drawn: the table view while orders are secret, unless the
    /// Referee said yes to the referee view since the last hand-over.
    pub fn shown_view(&self) -> View {
        if self.orders_secret() && !self.peek {
            View::Table
        } else {
            self.view
        }
    }

    /// The one place the battle changes. A refusal is shown and changes
    /// nothing; what was being entered is kept.
    pub fn submit(&mut self, command: Command) -> bool {
        if self.replay {
            self.error("replay: nothing can be entered; p plays from here");
            return false;
        }
        let dropped = self.session.log().len() - self.session.cursor();
        let orders_of = match &command {
            Command::Orders { side, .. } => Some(*side),
            _ => None,
        };
        match self.session.submit(command) {
            Ok(_) => {
                self.log.pager.latest();
                if let Some(side) = orders_of {
                    self.sealed_on_laptop(side);
                }
                self.hand_in_seats();
                self.answer_standing();
                self.sync();
                if dropped > 0 {
                    self.info(format!(
                        "redo dropped: {} after this point — a new branch",
                        crate::words::count(dropped, "command", "commands")
                    ));
                }
                self.autosave();
                true
            }
            Err(SessionError::Refused(why)) => {
                self.error(why.0);
                false
            }
            Err(e) => {
                self.error(e.to_string());
                false
            }
        }
    }

    pub(crate) fn info(&mut self, text: impl Into<String>) {
        self.note = Some(Note {
            text: text.into(),
            error: false,
        });
    }

    pub(crate) fn error(&mut self, text: impl Into<String>) {
        self.note = Some(Note {
            text: text.into(),
            error: true,
        });
    }

    /// Bring the drafts in line with the prompt after the battle moved on.
    fn sync(&mut self) {
        let prompt = self.battle().prompt();
        match prompt {
            Prompt::Orders { side } => {
                if self.orders.as_ref().is_none_or(|d| d.side != side) {
                    self.orders = Some(OrdersDraft::new(self.battle(), side, self.standing.moves));
                    self.fill_pinned();
                    self.handed_to = None;
                    self.peek = false;
                }
            }
            _ => {
                self.orders = None;
                self.handed_to = None;
            }
        }
        match prompt {
            Prompt::Movement { side, pulse } => {
                let key = (self.battle().round(), pulse, side);
                if self.moves.as_ref().is_none_or(|d| d.key != key) {
                    self.moves = Some(MovesDraft::planned(self.battle(), key));
                    self.select_first_of(side, true);
                }
            }
            // 16.9.10: one figure's own Action Phase, entered like a side's.
            Prompt::FigureMovement { figure, pulse } => {
                let side = SideId(self.battle().figure(figure).side);
                let key = (self.battle().round(), pulse, side);
                if self.moves.as_ref().is_none_or(|d| d.key != key) {
                    self.moves = Some(MovesDraft::new(key));
                    self.map.selected = Some(figure);
                    self.map.cursor = self.battle().figure(figure).pose.hex;
                }
            }
            _ => self.moves = None,
        }
        self.remember_round_start();
        self.refresh();
        self.publish();
    }

    /// Keep the battle as the last round began (its first point in the
    /// log), when the round has changed since it was kept.
    fn remember_round_start(&mut self) {
        let last = self.battle().round().saturating_sub(1);
        if last == 0 {
            self.round_start = None;
            return;
        }
        if self.round_start.as_ref().is_some_and(|b| b.round() == last) {
            return;
        }
        let cursor = self.session.cursor();
        let at = self
            .session
            .points()
            .into_iter()
            .find(|p| p.at.round == last && p.index <= cursor)
            .map(|p| p.index);
        self.round_start = at.and_then(|i| {
            let mut s = self.session.clone();
            s.goto(i).ok()?;
            Some(Box::new(s.battle().clone()))
        });
    }

    /// The last round in a few lines, in the view shown: its number and
    /// its lines (none in the first round).
    pub fn round_summary(&self) -> Option<(u32, Vec<String>)> {
        let before = self.round_start.as_deref()?;
        Some((
            before.round(),
            super::summary::lines(before, self.battle(), self.shown_view()),
        ))
    }

    /// Recompute what depends on the drafts and the cursor: the path
    /// preview and the strike odds.
    fn refresh(&mut self) {
        self.map.path.clear();
        self.map.path_label.clear();
        if let Some(d) = &mut self.moves {
            d.preview =
                moves::preview(self.session.battle(), d, self.map.selected, self.map.cursor);
            if let Some(p) = &d.preview {
                self.map.path = p.hexes.clone();
                self.map.path_label = p.label();
            }
        }
        self.map.reach.clear();
        if let Some(d) = &mut self.orders {
            d.odds = orders::odds(self.session.battle(), d, self.map.selected);
            // Hidden cards hide the reach too: it would tell the best card.
            if self.handed_to == Some(d.side)
                && !self.hide_cards
                && let Some(o) = self.map.selected.and_then(|id| d.of(id))
            {
                self.map.reach = orders::reach(self.session.battle(), o);
            }
        }
        // Only the side at the keyboard sees where its figure means to go.
        if self.entering_side().is_some()
            && !self.hide_cards
            && let Some(d) = &self.orders
            && let Some((hexes, label)) =
                orders::plan_preview(self.session.battle(), d, self.map.selected)
        {
            self.map.path = hexes;
            self.map.path_label = label;
        }
    }

    /// Select the first figure of `side` still in the fight (that can still
    /// move this pulse, if `moving`).
    fn select_first_of(&mut self, side: SideId, moving: bool) {
        let first = self
            .session
            .battle()
            .figures()
            .iter()
            .find(|f| f.side == side.0 && f.condition.can_act() && (!moving || can_move(f)));
        if let Some(f) = first {
            self.map.selected = Some(f.id);
            self.map.cursor = f.pose.hex;
        }
    }

    /// Handle one input.
    pub fn handle(&mut self, input: Input) -> Effect {
        let effect = self.handle_input(input);
        self.keep_seats_current();
        effect
    }

    fn handle_input(&mut self, input: Input) -> Effect {
        match input {
            Input::Key(key) if key.kind != KeyEventKind::Release => {
                let mode = self.mode();
                // Raw mode turns Ctrl-C into a key: it asks to quit, as q
                // does, from every screen; a second one quits.
                // Ctrl alone: AltGr arrives as Ctrl+Alt and types a character.
                if key.modifiers == KeyModifiers::CONTROL {
                    if key.code == KeyCode::Char('c') {
                        self.note = None;
                        let action = if mode == Mode::QuitConfirm {
                            Action::ConfirmQuit
                        } else {
                            Action::Quit
                        };
                        return self.act(action);
                    }
                    // Ctrl-U clears the line being typed, as in a shell.
                    if key.code == KeyCode::Char('u')
                        && matches!(mode, Mode::Command | Mode::SaveAs)
                        && let Some(l) = &mut self.line
                    {
                        l.text.clear();
                        return Effect::Continue;
                    }
                    self.info(format!(
                        "Ctrl-{} does nothing here; ? lists the keys",
                        crate::tui::input::key_name(key.code)
                    ));
                    return Effect::Continue;
                }
                if let (Mode::Command | Mode::SaveAs, KeyCode::Char(c)) = (mode, key.code) {
                    self.type_char(c);
                    return Effect::Continue;
                }
                match keys::action(mode, key.code) {
                    Some(action) => {
                        self.note = None;
                        return self.act(action);
                    }
                    None => self.info(format!(
                        "{} does nothing in {}; ? lists the keys",
                        crate::tui::input::key_name(key.code),
                        mode.title()
                    )),
                }
            }
            Input::Key(_) => {}
            Input::Mouse(m) => self.mouse(m),
            Input::Resize(w, h) => {
                self.size = Rect::new(0, 0, w, h);
                self.fit_map();
            }
            Input::Tick => {
                if self.auto && self.mode() == Mode::AiTurn {
                    self.ai_answer();
                }
            }
        }
        Effect::Continue
    }

    /// Fit the map to its area (at the largest zoom that shows it whole).
    fn fit_map(&mut self) {
        if let Some(a) = self.areas() {
            self.map.fit(self.session.battle(), a.map);
        }
    }

    fn act(&mut self, action: Action) -> Effect {
        match action {
            Action::Quit => self.overlays.push(Overlay::Quit),
            Action::ConfirmQuit => return Effect::Quit,
            Action::Help => {
                self.help_scroll = 0;
                self.overlays.push(Overlay::Help);
            }
            Action::Legend => {
                self.help_scroll = 0;
                self.overlays.push(Overlay::Legend);
            }
            Action::ToggleLargeLabels => {
                let large = !self.map.large;
                self.map.set_large(self.session.battle(), large);
                self.fit_map();
                self.info(if large {
                    "large labels: three-letter names on bigger hexes (N: small again)"
                } else {
                    "small labels: two letters (N: large again)"
                });
            }
            Action::LogFocus => self.overlays.push(Overlay::Log),
            Action::Back => self.back(),
            Action::ToggleView => match self.shown_view() {
                View::Table if self.orders_secret() => self.overlays.push(Overlay::ViewConfirm),
                View::Table => self.view = View::Referee,
                View::Referee => {
                    self.view = View::Table;
                    self.peek = false;
                }
            },
            Action::ConfirmView => {
                self.overlays.pop();
                self.view = View::Referee;
                self.peek = true;
                self.info(
                    "referee view: every sealed card and die shows (v back to the table view)",
                );
            }
            Action::ToggleHideCards => {
                self.hide_cards = !self.hide_cards;
                self.refresh();
                self.info(if self.hide_cards {
                    "cards hidden: they show as ■ until revealed, with the odds and AP"
                } else {
                    "cards shown as they are written"
                });
            }
            Action::ToggleTheme => {
                self.light = !self.light;
                self.theme = if self.light {
                    Theme::light()
                } else {
                    Theme::dark()
                };
            }
            Action::ToggleThreats => self.map.threats = !self.map.threats,
            Action::ZoomIn | Action::ZoomOut => {
                if action == Action::ZoomIn {
                    self.map.zoom_in()
                } else {
                    self.map.zoom_out()
                }
                self.keep_cursor_visible();
            }
            Action::Cursor(dx, dy) => {
                let c = self.map.cursor;
                let next = Hex::new(c.col + dx, c.row + dy);
                if self.battle().map().in_bounds(next) {
                    self.map.cursor = next;
                    self.keep_cursor_visible();
                    self.refresh();
                }
            }
            Action::NextFigure | Action::PrevFigure => {
                self.cycle_figure(if action == Action::NextFigure { 1 } else { -1 })
            }
            Action::ToggleAi => self.toggle_ai(),
            Action::AiFor(rest) => self.ai_for(rest),
            Action::Options => self.open_options(),
            Action::CycleDivine => self.cycle_divine(),
            Action::CyclePriority => self.cycle_priority(),
            Action::CycleMovesDefault => self.cycle_moves_default(),
            Action::TogglePace => {
                self.auto = !self.auto;
                self.info(if self.auto {
                    "pace: auto — AI sides answer by themselves"
                } else {
                    "pace: step — nothing moves on without a key"
                });
            }
            Action::Advance => self.advance(),
            Action::Ready => {
                if let Prompt::Orders { side } = self.battle().prompt() {
                    self.handed_to = Some(side);
                    self.take_seat_back(side);
                    self.peek = false;
                    self.select_first_of(side, false);
                    self.refresh();
                }
            }
            Action::Card(_)
            | Action::CycleMoves
            | Action::RepeatOrders
            | Action::PinOrders
            | Action::TargetCursor
            | Action::CycleAim
            | Action::CycleShield
            | Action::CycleDodge
            | Action::CycleBrawl
            | Action::ToggleLethal
            | Action::CycleMissile
            | Action::ToggleHold
            | Action::ToggleWarn
            | Action::CycleActivity
            | Action::ToggleSpeaks
            | Action::ToggleCombine
            | Action::Propose
            | Action::ProposeAll
            | Action::Seal => self.orders_action(action),
            Action::Seats => self.open_seats_overlay(),
            Action::SeatNext => self.next_seat(),
            Action::SeatReissue => self.reissue_seat(),
            Action::SeatRevoke => self.revoke_seat(),
            Action::SeatRelease => self.release_seat(),
            Action::TakeBack => self.take_back_question(),
            Action::AddMove | Action::Face(_) | Action::ProposeMoves => self.moves_action(action),
            Action::MoveFirst(first) => {
                self.submit(Command::MovementPriority { move_first: first });
            }
            Action::Intervention(called) => {
                let note = called
                    .then(|| "the Referee records a call for Divine Intervention".to_string());
                self.submit(Command::DivineIntervention { note });
            }
            Action::RaiseShield(raise) => {
                self.submit(Command::RaiseShield { raise });
            }
            Action::DodgeBlow(dodge) => {
                self.submit(Command::DodgeBlow { dodge });
            }
            Action::Defend(defend) => {
                self.submit(Command::MidAction { defend });
            }
            Action::Dodge(half) => {
                let choice = if half {
                    DodgeChoice::HalfKeepCards
                } else {
                    DodgeChoice::FullLoseCard
                };
                self.submit(Command::Dodge { choice });
            }
            Action::Scroll(by)
                if matches!(self.overlays.last(), Some(Overlay::Help | Overlay::Legend)) =>
            {
                // The overlay clamps it to what there is to show; a bound here
                // keeps ↑ answering at once after too many ↓ (a row wraps to
                // two rows at most on a narrow screen).
                let rows = if self.overlays.last() == Some(&Overlay::Legend) {
                    super::marks::entries(&self.theme).len()
                } else {
                    keys::bindings(self.under_help()).count()
                };
                let bound = 2 * rows + 8;
                self.help_scroll = self
                    .help_scroll
                    .saturating_add_signed(by as isize)
                    .min(bound);
            }
            Action::Scroll(by) => self.log_move(Move::Lines(by as isize)),
            Action::Page(by) => self.log_move(Move::Pages(by as isize)),
            Action::ScrollEnd(latest) => {
                self.log_move(if latest { Move::Latest } else { Move::Top });
            }
            Action::Undo
            | Action::Redo
            | Action::History
            | Action::HistoryMove(_)
            | Action::HistoryGo
            | Action::Save
            | Action::Export
            | Action::Step(_)
            | Action::StepPulse(_)
            | Action::ReplayEnd(_)
            | Action::PlayFromHere
            | Action::Resume(_) => self.session_action(action),
            Action::CommandLine | Action::LineEnter | Action::LineComplete | Action::LineDelete => {
                self.line_action(action)
            }
            Action::CycleFilter => {
                let n = self.battle().figures().len();
                self.log.filter = match self.log.filter {
                    None if n > 0 => Some(FigureId(0)),
                    Some(FigureId(i)) if i + 1 < n => Some(FigureId(i + 1)),
                    _ => None,
                };
                self.log.pager.latest();
            }
        }
        Effect::Continue
    }

    /// Esc: close the top overlay, else step back within the mode.
    fn back(&mut self) {
        if let Some(top) = self.overlays.pop() {
            match top {
                Overlay::Line => self.line = None,
                Overlay::Options => self.options_closed(),
                _ => {}
            }
            return;
        }
        match self.mode() {
            Mode::Orders => {
                self.handed_to = None;
                self.peek = false;
                self.refresh();
            }
            Mode::Movement => {
                if let Some(d) = &mut self.moves {
                    d.facing = None;
                }
                if let Some(f) = self.map.selected {
                    self.map.cursor = self.battle().figure(f).pose.hex;
                }
                self.refresh();
            }
            _ => {}
        }
    }

    /// The single advance key: the AI answers an AI side's prompt or gives
    /// its choice; a side's moves are made as entered.
    fn advance(&mut self) {
        match self.mode() {
            Mode::Movement => {
                let moves = self
                    .moves
                    .as_ref()
                    .map(|d| d.moves.clone())
                    .unwrap_or_default();
                self.submit(Command::Move { moves });
            }
            _ => self.ai_answer(),
        }
    }

    fn ai_answer(&mut self) {
        let prompt = self.battle().prompt();
        if matches!(prompt, Prompt::Finished { .. }) {
            return;
        }
        let command = ai::answer(self.battle(), &prompt);
        self.submit(command);
    }

    fn keep_cursor_visible(&mut self) {
        if let Some(a) = self.areas() {
            self.map.ensure_visible(self.map.cursor, a.map);
        }
    }

    /// Tab: the next figure — of the side entering orders or moves, else of all.
    fn cycle_figure(&mut self, by: i32) {
        let side = match self.mode() {
            Mode::Orders | Mode::Movement => Some(self.side_to_answer().0),
            _ => None,
        };
        let ids: Vec<FigureId> = self
            .battle()
            .figures()
            .iter()
            .filter(|f| side.is_none_or(|s| f.side == s && f.condition.can_act()))
            .map(|f| f.id)
            .collect();
        if ids.is_empty() {
            return;
        }
        let at = self
            .map
            .selected
            .and_then(|s| ids.iter().position(|&i| i == s));
        let next = match at {
            Some(i) => (i as i32 + by).rem_euclid(ids.len() as i32) as usize,
            None => 0,
        };
        let id = ids[next];
        self.map.selected = Some(id);
        self.map.cursor = self.battle().figure(id).pose.hex;
        if let Some(d) = &mut self.moves {
            d.facing = None;
        }
        self.keep_cursor_visible();
        self.refresh();
    }

    fn mouse(&mut self, m: MouseEvent) {
        let Some(areas) = self.areas() else { return };
        let inside =
            |r: Rect| m.column >= r.x && m.column < r.right() && m.row >= r.y && m.row < r.bottom();
        match m.kind {
            MouseEventKind::ScrollUp | MouseEventKind::ScrollDown => {
                let up = m.kind == MouseEventKind::ScrollUp;
                if inside(areas.log) {
                    self.act(Action::Scroll(if up { -3 } else { 3 }));
                } else if inside(areas.map) {
                    self.map.pan(0, if up { -1 } else { 1 });
                }
            }
            MouseEventKind::Down(MouseButton::Left) if inside(areas.map) => {
                let Some(hex) = self.map.hex_at(areas.map, m.column, m.row) else {
                    return;
                };
                if !self.battle().map().in_bounds(hex) {
                    return;
                }
                self.click_hex(hex);
            }
            _ => {}
        }
    }

    /// A click on the map: the cursor goes there; a figure there is
    /// selected, or targeted when it is an enemy of the side entering
    /// orders; a second click on a move's end takes the move.
    fn click_hex(&mut self, hex: Hex) {
        if matches!(self.overlays.last(), Some(Overlay::Help | Overlay::Legend)) {
            return;
        }
        let mode = self.mode();
        let again = self.map.cursor == hex;
        self.map.cursor = hex;
        let here = self
            .battle()
            .figures()
            .iter()
            .find(|f| f.pose.hex == hex && f.occupies())
            .map(|f| (f.id, f.side));
        let own = self.side_to_answer().0;
        match (mode, here) {
            (Mode::Orders, Some((_, side))) if side != own => {
                self.orders_action(Action::TargetCursor)
            }
            (Mode::Orders | Mode::Movement, Some((id, side))) if side == own => {
                self.map.selected = Some(id);
                if let Some(d) = &mut self.moves {
                    d.facing = None;
                }
            }
            (Mode::Movement, _) if again => self.moves_action(Action::AddMove),
            (Mode::Orders | Mode::Movement, _) => {}
            (_, Some((id, _))) => self.map.selected = Some(id),
            (_, None) => {}
        }
        self.refresh();
    }

    /// The keys of a mode, for the hint bar and help.
    pub fn bindings(&self) -> impl Iterator<Item = &'static keys::Binding> {
        keys::bindings(self.mode())
    }
}

/// Whether a figure may still move in this pulse.
fn can_move(f: &crate::rulesets::shakhan::engine::Figure) -> bool {
    f.condition.can_act() && !f.round.moved_this_pulse && f.round.pulse_left >= 1.0
}
