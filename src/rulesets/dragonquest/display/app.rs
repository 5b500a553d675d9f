//! The DragonQuest display's state and what each key does to it. No IO but
//! saves and autosaves (atomic, through `session`); the battle changes only
//! through [`App::submit`].

use std::path::PathBuf;

use ratatui::crossterm::event::{
    KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEventKind,
};
use ratatui::layout::Rect;

pub mod history;

use super::choices::{self, Choice};
use super::keys::{self, Key};
pub use super::overlay::Overlay;
use super::route::{self, Route};
use super::scene::{Table, asked_side};
use super::word::{self, Word};
use crate::hex::Hex;
use crate::rulesets::dragonquest::ai;
use crate::rulesets::dragonquest::engine::{Action, Battle, Command, Fiat, Prompt};
use crate::scenario::SideColour;
use crate::seam::{FigureId, SideId, View};
use crate::session::autosave::{Keeper, LastSave};
use crate::session::{Session, SessionError};
use crate::tui::input::{Effect, Input, Note};
use crate::tui::layout::Areas;
use crate::tui::map::MapView;
use crate::tui::pager::{Move, Pager};
use crate::tui::terminal::signalled;
use crate::tui::theme::Theme;

/// The most commands the AI plays for one key: far beyond any battle's
/// length, so a battle that cannot end does not hang the display.
const AI_LIMIT: usize = 20_000;

/// Where each panel goes on a screen of `size` with `figures` in the
/// roster (three to a row): the drawing and the mouse read the same.
pub fn areas(size: Rect, figures: usize) -> Option<Areas> {
    Areas::of(size, figures.div_ceil(3))
}

/// The DragonQuest display.
#[derive(Debug, Clone)]
pub struct App {
    session: Session<Battle>,
    /// Each side's colour, from the scenario.
    colours: Vec<SideColour>,
    /// Where autosaves go (`None`: none, as in tests).
    pub autosave: Keeper,
    /// The file last saved or resumed, offered again by the save key.
    pub save_path: Option<PathBuf>,
    offer: Option<Box<Session<Battle>>>,
    pub map: MapView,
    pub theme: Theme,
    pub view: View,
    overlays: Vec<Overlay>,
    /// The figure whose action is being chosen.
    pub actor: Option<FigureId>,
    /// What it (or its side) may do now, the AI's choice first.
    pub choices: Vec<Choice>,
    /// The highlighted choice.
    pub pick: usize,
    /// The path drawn for the actor (`w`, `<` `>`); forgotten at each answer.
    pub route: Route,
    /// Per side: the AI answers for it.
    pub ai: Vec<bool>,
    pub note: Option<Note>,
    pub size: Rect,
    /// The log's place: lines up from the latest, paged by its rows.
    pub log: Pager,
    /// The history list's chosen point, the legend's scroll.
    pub story: history::Browse,
}

impl App {
    /// A display of a session (a new battle, a save resumed), laid out for
    /// 80×24 until the first [`Input::Resize`].
    pub fn from_session(session: Session<Battle>, light: bool) -> App {
        let colours = session
            .checked()
            .scenario
            .sides
            .iter()
            .map(|s| s.colour)
            .collect();
        let sides = session.battle().sides().len();
        let mut app = App {
            map: MapView::new(&Table {
                battle: session.battle(),
                colours: &[],
            }),
            session,
            colours,
            autosave: Keeper::default(),
            save_path: None,
            offer: None,
            theme: if light { Theme::light() } else { Theme::dark() },
            view: View::Table,
            overlays: Vec::new(),
            actor: None,
            choices: Vec::new(),
            pick: 0,
            route: Route::default(),
            ai: vec![false; sides],
            note: None,
            size: Rect::new(0, 0, 80, 24),
            log: Pager::default(),
            story: history::Browse::default(),
        };
        app.fit_map();
        app.sync(true);
        app
    }

    pub fn battle(&self) -> &Battle {
        self.session.battle()
    }

    pub fn session(&self) -> &Session<Battle> {
        &self.session
    }

    /// The battle with its colours, as the map draws it.
    pub fn table(&self) -> Table<'_> {
        Table {
            battle: self.session.battle(),
            colours: &self.colours,
        }
    }

    pub fn colour(&self, side: SideId) -> Option<SideColour> {
        self.colours.get(side.0).copied()
    }

    /// The top overlay, if any.
    pub fn overlay(&self) -> Option<&Overlay> {
        self.overlays.last()
    }

    /// The screen's parts for the current size; `None` when too small.
    pub fn areas(&self) -> Option<Areas> {
        areas(self.size, self.battle().figures().len())
    }

    /// Page the log by `m` within what it shows now, a page its panel's
    /// own rows, so no line is lost between pages.
    fn log_move(&mut self, m: Move) {
        let Some(area) = self.areas().map(|a| a.log) else {
            return;
        };
        let (width, rows) = crate::tui::pager::inner(area);
        let total = super::log_text::log_lines(self.battle(), self.view, width).len();
        self.log.apply(m, total, rows);
    }

    /// Whether the AI answers the battle's question now.
    pub fn ai_asked(&self) -> bool {
        asked_side(self.battle()).is_some_and(|s| self.ai.get(s.0) == Some(&true))
    }

    /// Offer the autosave of this scenario, if a battle on it was left
    /// unfinished (at the start of a new battle).
    pub fn offer_autosave(&mut self) {
        let Some(dir) = self.autosave.dir() else {
            return;
        };
        let s = &self.session;
        match crate::session::autosave::find_in::<Battle>(dir, s.origin(), s.source()) {
            Ok(Some(found)) if found.session.battle().outcome().is_none() => {
                self.offer = Some(Box::new(found.session));
                self.overlays.push(Overlay::Resume);
            }
            Ok(_) => {}
            Err(e) => self.error(format!(
                "the autosave could not be read (a new battle): {e}"
            )),
        }
    }

    fn info(&mut self, text: impl Into<String>) {
        self.note = Some(Note {
            text: text.into(),
            error: false,
        });
    }

    fn error(&mut self, text: impl Into<String>) {
        self.note = Some(Note {
            text: text.into(),
            error: true,
        });
    }

    /// The one place the battle changes. A refusal is shown in words and
    /// changes nothing. AI sides then answer until a person is asked.
    pub fn submit(&mut self, command: Command) -> bool {
        let dropped = self.session.log().len() - self.session.cursor();
        match self.session.submit(command) {
            Ok(_) => {
                self.log.latest();
                self.play_ai_sides();
                if dropped > 0 {
                    self.info(format!(
                        "redo dropped: {} after this point — a new branch",
                        crate::words::count(dropped, "command", "commands")
                    ));
                }
                self.sync(false);
                self.autosave();
                true
            }
            Err(SessionError::Refused(why)) => {
                self.error(format!("not allowed: {}", why.0));
                false
            }
            Err(e) => {
                self.error(e.to_string());
                false
            }
        }
    }

    /// Let the AI answer while it plays the side asked; a signal stops it
    /// at the next command, so the loop saves the last one done and leaves.
    fn play_ai_sides(&mut self) {
        for _ in 0..AI_LIMIT {
            if !self.ai_asked() || signalled() {
                return;
            }
            let b = self.session.battle();
            let command = ai::answer(b, &b.prompt());
            if self.session.submit(command).is_err() {
                return;
            }
        }
    }

    /// The AI answers while `more` says so (at most [`AI_LIMIT`] times, and
    /// not past a signal).
    fn ai_while(&mut self, more: impl Fn(&Battle) -> bool) {
        let before = self.session.cursor();
        for _ in 0..AI_LIMIT {
            let b = self.session.battle();
            let prompt = b.prompt();
            if matches!(prompt, Prompt::Finished { .. }) || !more(b) || signalled() {
                break;
            }
            let command = ai::answer(b, &prompt);
            if self.session.submit(command).is_err() {
                break;
            }
        }
        let n = self.session.cursor() - before;
        self.info(format!(
            "the AI answered {}",
            crate::words::count(n, "question", "questions")
        ));
        self.log.latest();
        self.sync(false);
        self.autosave();
    }

    /// Bring the actor, cursor and choices in line with the battle.
    fn sync(&mut self, start: bool) {
        let b = self.session.battle();
        let actor = match b.prompt() {
            Prompt::LeadChoice { figure } | Prompt::EngagedAction { figure } => Some(figure),
            Prompt::SideAction { ready, .. } => self
                .actor
                .filter(|a| ready.contains(a))
                .or_else(|| ready.first().copied()),
            Prompt::SideChoice { .. } | Prompt::Finished { .. } => None,
        };
        if actor != self.actor || start {
            self.actor = actor;
            if let Some(a) = actor {
                self.map.cursor = b.figure(a).pose.hex;
                if let Some(area) = self.areas() {
                    self.map.ensure_visible(self.map.cursor, area.map);
                }
            }
        }
        self.map.selected = self.actor;
        self.route = Route::default();
        self.choices = choices::list(b, &b.prompt(), self.actor, self.map.cursor, &self.route);
        self.pick = 0;
        self.refresh_path();
    }

    /// The choices again after the cursor moved, the same one kept
    /// highlighted if it is still there.
    fn recheck(&mut self) {
        let kept = self.choices.get(self.pick).map(|c| c.command.clone());
        let b = self.session.battle();
        self.choices = choices::list(b, &b.prompt(), self.actor, self.map.cursor, &self.route);
        let along = |app: &App| {
            let id = app.actor?;
            route::along(
                app.battle(),
                id,
                &app.route,
                app.map.cursor,
                app.choices.iter().map(|c| &c.command),
            )
        };
        self.pick = kept
            .and_then(|k| self.choices.iter().position(|c| c.command == k))
            .or_else(|| along(self))
            .unwrap_or(0);
        self.refresh_path();
    }

    /// The highlighted action's path, drawn on the map; a path the Referee
    /// drew with what it spends of the movement allowed.
    fn refresh_path(&mut self) {
        self.map.path.clear();
        self.map.path_label.clear();
        if let Some(p) = self.pending() {
            self.map.path = p.hexes;
            self.map.path_label = p.label;
            return;
        }
        let Some(Choice {
            command: Command::Act { figure, action },
            ..
        }) = self.choices.get(self.pick)
        else {
            return;
        };
        let steps = action.path();
        if steps.is_empty() {
            return;
        }
        let start = self.battle().figure(*figure).pose;
        if let Ok(hexes) = self.battle().map().hexes_passed(start, steps) {
            self.map.path = std::iter::once(start.hex).chain(hexes).collect();
        }
    }

    /// Write the autosave; a failure is a note and a warning that stays in
    /// sight until a save succeeds, never a stop.
    fn autosave(&mut self) {
        if let Err(e) = self.autosave.save(&self.session) {
            self.error(format!("autosave failed (play goes on): {e}"));
        }
    }

    /// The last autosave, as the display ends on a signal, and what is on
    /// disk after it: none in a replay (the autosave keeps the battle as it
    /// was played), nor while an unfinished autosave is offered (until the
    /// referee answers, the one on disk is the battle, and the fresh one is
    /// nothing).
    pub fn save_on_exit(&mut self) -> LastSave {
        if let Some(offered) = &self.offer {
            return self.autosave.offered(offered);
        }
        if self.replaying() {
            return LastSave::replay();
        }
        self.autosave.on_exit(&self.session)
    }

    fn fit_map(&mut self) {
        if let Some(a) = self.areas() {
            let table = Table {
                battle: self.session.battle(),
                colours: &self.colours,
            };
            self.map.fit(&table, a.map);
        }
    }

    /// Handle one input.
    pub fn handle(&mut self, input: Input) -> Effect {
        match input {
            Input::Key(key) if key.kind != KeyEventKind::Release => return self.key(key),
            Input::Key(_) | Input::Tick => {}
            Input::Resize(w, h) => {
                self.size = Rect::new(0, 0, w, h);
                self.fit_map();
            }
            Input::Mouse(m) => {
                if let (MouseEventKind::Down(MouseButton::Left), Some(a)) = (m.kind, self.areas())
                    && let Some(hex) = self.map.hex_at(a.map, m.column, m.row)
                {
                    self.move_cursor_to(hex);
                }
            }
        }
        Effect::Continue
    }

    fn key(&mut self, key: KeyEvent) -> Effect {
        let ctrl_c = key.modifiers == KeyModifiers::CONTROL && key.code == KeyCode::Char('c');
        if let Some(Overlay::SaveAs(text)) = self.overlays.last_mut() {
            match key.code {
                KeyCode::Char(c) if !ctrl_c => text.push(c),
                KeyCode::Backspace => {
                    text.pop();
                }
                KeyCode::Enter => {
                    let path = PathBuf::from(text.trim());
                    self.save_to(path);
                }
                _ => {
                    self.overlays.pop();
                }
            }
            return Effect::Continue;
        }
        if !ctrl_c && matches!(self.overlay(), Some(Overlay::Word(_))) {
            self.note = None;
            self.word_key(key.code);
            return Effect::Continue;
        }
        if ctrl_c {
            return self.act(if self.overlay() == Some(&Overlay::Quit) {
                Key::ConfirmQuit
            } else {
                Key::Quit
            });
        }
        match keys::action(self.overlay(), key.code) {
            Some(action) => {
                self.note = None;
                self.act(action)
            }
            None => {
                self.info(format!(
                    "{} does nothing here; ? lists the keys",
                    crate::tui::input::key_name(key.code)
                ));
                Effect::Continue
            }
        }
    }

    fn act(&mut self, action: Key) -> Effect {
        match action {
            Key::Quit => self.overlays.push(Overlay::Quit),
            Key::ConfirmQuit => return Effect::Quit,
            Key::Back => match self.overlays.pop() {
                Some(Overlay::Resume) => self.decline_offer(),
                // No referee view: no word either.
                Some(Overlay::ViewConfirm) if matches!(self.overlay(), Some(Overlay::Word(_))) => {
                    self.overlays.pop();
                }
                _ => {}
            },
            Key::Help => {
                self.story.help_row = 0;
                self.overlays.push(Overlay::Help);
            }
            Key::Play => match self.choices.get(self.pick) {
                Some(Choice {
                    command:
                        Command::Act {
                            figure,
                            action: Action::Spell { .. },
                        },
                    ..
                }) => {
                    let caster = *figure;
                    self.open_word(Word::spell(caster));
                }
                Some(c) => {
                    let command = c.command.clone();
                    self.submit(command);
                }
                None => self.info("nothing to answer: the battle is over (u undoes)"),
            },
            Key::Pick(n) => {
                if n < self.choices.len() {
                    self.pick = n;
                    self.refresh_path();
                } else {
                    self.info(format!("there are {} choices", self.choices.len()));
                }
            }
            Key::Down => self.step_pick(1),
            Key::Up => self.step_pick(-1),
            Key::AiNow => {
                let b = self.battle();
                let command = choices::ai_choice(b, &b.prompt(), self.actor);
                if matches!(b.prompt(), Prompt::Finished { .. }) {
                    self.info("the battle is over");
                } else {
                    self.submit(command);
                }
            }
            Key::AiPulse => {
                let pulse = self.battle().pulse();
                self.ai_while(|b| b.pulse() == pulse);
            }
            Key::AiBattle => self.ai_while(|_| true),
            Key::AiSide => self.toggle_ai(),
            Key::NextActor => self.next_actor(),
            Key::NextFoe => self.next_foe(),
            Key::Cursor(dc, dr) => {
                let c = self.map.cursor;
                self.move_cursor_to(step_cursor(c, dc, dr));
            }
            Key::Referee => self.open_word(Word::ruling()),
            Key::Waypoint | Key::Unwaypoint | Key::TurnEnd(_) | Key::ClearRoute => {
                self.draw_route(action)
            }
            Key::Threats => self.map.threats = !self.map.threats,
            Key::ZoomIn => self.map.zoom_in(),
            Key::ZoomOut => self.map.zoom_out(),
            Key::View => match self.view {
                View::Referee => self.view = View::Table,
                View::Table => self.overlays.push(Overlay::ViewConfirm),
            },
            Key::Yes => match self.overlays.pop() {
                Some(Overlay::ViewConfirm) => self.view = View::Referee,
                Some(Overlay::Resume) => self.take_offer(),
                Some(Overlay::Quit) => return Effect::Quit,
                _ => {}
            },
            Key::Undo => self.undo(),
            Key::Redo => self.redo(),
            Key::Save => {
                let path = self.default_save_path();
                self.overlays
                    .push(Overlay::SaveAs(path.to_string_lossy().into_owned()));
            }
            Key::LogUp => self.log_move(Move::Pages(-1)),
            Key::LogDown => self.log_move(Move::Pages(1)),
            Key::LogTop => self.log_move(Move::Top),
            Key::LogLatest => self.log_move(Move::Latest),
            Key::Story(story) => self.story(story),
        }
        Effect::Continue
    }

    /// Open the Referee's menu; in the table view ask first, as `v` does.
    fn open_word(&mut self, w: Word) {
        self.overlays.push(Overlay::Word(w));
        if self.view == View::Table {
            self.overlays.push(Overlay::ViewConfirm);
        }
    }

    fn word_mut(&mut self) -> Option<&mut Word> {
        match self.overlays.last_mut() {
            Some(Overlay::Word(w)) => Some(w),
            _ => None,
        }
    }

    /// A key in the Referee's menu: digits pick a ruling for the figure
    /// under the cursor (or type its points), the arrows and `t` move the
    /// cursor, Enter casts the spell, Backspace takes back, Esc closes.
    fn word_key(&mut self, code: KeyCode) {
        let Some(w) = self.word_mut() else { return };
        if let Some((figure, ruling, digits)) = &mut w.typing {
            match code {
                KeyCode::Char(c @ '0'..='9') if digits.len() < 4 => digits.push(c),
                KeyCode::Backspace => {
                    if digits.pop().is_none() {
                        w.typing = None;
                    }
                }
                KeyCode::Enter => match digits.parse::<u32>() {
                    Ok(points) => {
                        let (figure, ruling) = (*figure, *ruling);
                        let fiat = word::fiat(self.battle(), figure, ruling, points);
                        self.give(fiat);
                    }
                    Err(_) => self.error("type the points of damage, then Enter"),
                },
                KeyCode::Esc => w.typing = None,
                _ => self.info("type the points of damage (digits), Enter gives them"),
            }
            return;
        }
        match code {
            KeyCode::Char(d @ '1'..='9') => {
                let n = d as usize - '1' as usize;
                let b = self.battle();
                let Some(figure) = word::figure_at(b, self.map.cursor) else {
                    self.info("put the cursor on a figure first (arrows, t)");
                    return;
                };
                let Some(&ruling) = word::rulings(b, figure).get(n) else {
                    self.info(format!("no ruling {d} for {}", b.figure(figure).name));
                    return;
                };
                if let word::Ruling::Damage { .. } = ruling {
                    if let Some(w) = self.word_mut() {
                        w.typing = Some((figure, ruling, String::new()));
                    }
                } else {
                    let fiat = word::fiat(b, figure, ruling, 0);
                    self.give(fiat);
                }
            }
            KeyCode::Up | KeyCode::Down | KeyCode::Left | KeyCode::Right => {
                if let Some(Key::Cursor(dc, dr)) = keys::action(None, code) {
                    let c = self.map.cursor;
                    self.move_cursor_to(step_cursor(c, dc, dr));
                }
            }
            KeyCode::Char('t') => self.next_figure(),
            KeyCode::Enter => self.cast(),
            KeyCode::Backspace => {
                if w.effects.pop().is_none() {
                    self.info("no effect given yet");
                }
            }
            KeyCode::Esc => {
                self.overlays.pop();
                self.info("no word given");
            }
            _ => self.info("in the Referee's menu: a number, arrows or t, Enter, Esc"),
        }
    }

    /// A ruling goes to the battle at once; a spell's effect joins the list.
    fn give(&mut self, fiat: Fiat) {
        let Some(w) = self.word_mut() else { return };
        w.typing = None;
        if w.caster.is_some() {
            w.effects.push(fiat);
        } else if self.submit(Command::Referee(fiat)) {
            self.overlays.pop();
        }
    }

    /// Enter in the menu: the caster looses the spell with the effects given.
    fn cast(&mut self) {
        let Some(Word {
            caster: Some(figure),
            effects,
            ..
        }) = self.word_mut().cloned()
        else {
            self.info("pick a ruling by its number (Esc: none)");
            return;
        };
        let action = Action::Spell { effects };
        if self.submit(Command::Act { figure, action }) {
            self.overlays.pop();
        }
    }

    /// `t` in the Referee's menu: the cursor to the next figure still up,
    /// friend or foe (a spell may strike its caster).
    fn next_figure(&mut self) {
        let hexes: Vec<Hex> = self
            .battle()
            .figures()
            .iter()
            .filter(|f| f.is_up())
            .map(|f| f.pose.hex)
            .collect();
        let at = hexes.iter().position(|&h| h == self.map.cursor);
        let next = at.map_or(0, |i| (i + 1) % hexes.len());
        if let Some(&hex) = hexes.get(next) {
            self.move_cursor_to(hex);
        }
    }

    /// The path drawn, as the map and panel show it before it is confirmed.
    pub fn pending(&self) -> Option<route::Pending> {
        let highlighted = match self.choices.get(self.pick) {
            Some(Choice {
                command: Command::Act { action, .. },
                ..
            }) => Some(action),
            _ => None,
        };
        let id = self.actor?;
        route::pending(self.battle(), id, &self.route, self.map.cursor, highlighted)
    }

    /// Whether a path is in play: drawn, or walked by the highlighted choice.
    pub fn drawing(&self) -> bool {
        self.route.is_drawn() || !self.map.path.is_empty()
    }

    /// `w`, `W`, `<` `>`, Esc: the path drawn changes; a waypoint the
    /// engine would not walk to is refused with its reason, nothing changed.
    fn draw_route(&mut self, key: Key) {
        let Some(id) = self.actor else {
            self.info("a path is drawn for the figure asked to act");
            return;
        };
        let b = self.battle();
        let next = match key {
            Key::Waypoint => self.route.with_waypoint(b, id, self.map.cursor),
            Key::Unwaypoint => Ok(self.route.taken_back()),
            Key::TurnEnd(by) => Ok(self
                .route
                .turned(route::end_facing(b, id, &self.route, self.map.cursor), by)),
            _ => Ok(Route::default()),
        };
        match next {
            Ok(r) => {
                self.route = r;
                self.recheck();
                // The path drawn is what the Referee means: highlight it.
                if let Some(i) = route::along(
                    self.battle(),
                    id,
                    &self.route,
                    self.map.cursor,
                    self.choices.iter().map(|c| &c.command),
                ) {
                    self.pick = i;
                    self.refresh_path();
                }
            }
            Err(why) => self.error(format!("not allowed: {why}")),
        }
    }

    fn step_pick(&mut self, by: isize) {
        let n = self.choices.len();
        if n > 0 {
            self.pick = (self.pick as isize + by).rem_euclid(n as isize) as usize;
            self.refresh_path();
        }
    }

    fn move_cursor_to(&mut self, hex: Hex) {
        if !self.battle().map().in_bounds(hex) {
            return;
        }
        self.map.cursor = hex;
        if let Some(a) = self.areas() {
            self.map.ensure_visible(hex, a.map);
        }
        self.recheck();
    }

    /// `A`: the AI plays the side asked from now on, or stops.
    fn toggle_ai(&mut self) {
        let Some(side) = asked_side(self.battle()) else {
            self.info("nobody is asked: the battle is over");
            return;
        };
        let on = !self.ai[side.0];
        self.ai[side.0] = on;
        let name = self.battle().sides()[side.0].name.clone();
        if on {
            self.info(format!("the AI plays {name} (A again: a person)"));
            self.play_ai_sides();
            self.sync(false);
            self.autosave();
        } else {
            self.info(format!("a person plays {name}"));
        }
    }

    /// Tab in a side's turn: the next of its ready figures acts.
    fn next_actor(&mut self) {
        let Prompt::SideAction { ready, .. } = self.battle().prompt() else {
            self.info("Tab picks which figure of a side acts, in the side's turn");
            return;
        };
        let at = self
            .actor
            .and_then(|a| ready.iter().position(|&r| r == a))
            .map_or(0, |i| (i + 1) % ready.len().max(1));
        if let Some(&next) = ready.get(at) {
            self.actor = Some(next);
            self.map.cursor = self.battle().figure(next).pose.hex;
            self.sync(false);
        }
    }

    /// `t`: the cursor to the next foe still up, to charge or strike it.
    fn next_foe(&mut self) {
        let b = self.battle();
        let Some(me) = self.actor.map(|a| b.figure(a)) else {
            return;
        };
        let foes: Vec<Hex> = b
            .figures()
            .iter()
            .filter(|f| f.side != me.side && f.is_up())
            .map(|f| f.pose.hex)
            .collect();
        let at = foes.iter().position(|&h| h == self.map.cursor);
        let next = at.map_or(0, |i| (i + 1) % foes.len());
        if let Some(&hex) = foes.get(next) {
            self.move_cursor_to(hex);
        }
    }

    /// Back to the last question a person answered (over the AI's answers).
    fn undo(&mut self) {
        if !self.session.undo() {
            self.info("nothing to undo");
            return;
        }
        while self.ai_asked() && self.session.undo() {}
        self.info(format!("undone: back to {}", self.battle_where()));
        self.sync(true);
        self.autosave();
    }

    fn redo(&mut self) {
        if !self.session.redo() {
            self.info("nothing to redo");
            return;
        }
        while self.ai_asked() && self.session.redo() {}
        self.info(format!("redone: {}", self.battle_where()));
        self.sync(true);
        self.autosave();
    }

    fn battle_where(&self) -> String {
        use crate::session::Ruleset;
        self.battle().where_in()
    }

    /// The save key's first suggestion: the last file, else the session's.
    fn default_save_path(&self) -> PathBuf {
        self.save_path
            .clone()
            .unwrap_or_else(|| self.session.save_name())
    }

    /// Save to `path`; on failure the line stays open with why.
    pub fn save_to(&mut self, path: PathBuf) {
        match self.session.save(&path) {
            Ok(()) => {
                self.overlays.pop();
                let shown = std::path::absolute(&path).unwrap_or_else(|_| path.clone());
                self.autosave
                    .saved_by_hand(shown.clone(), self.session.log().len());
                self.info(format!(
                    "saved to {} ({})",
                    shown.display(),
                    crate::words::count(self.session.log().len(), "command", "commands")
                ));
                self.save_path = Some(path);
            }
            Err(e) => self.error(format!("not saved: {e}")),
        }
    }

    fn take_offer(&mut self) {
        if let Some(found) = self.offer.take() {
            self.session = *found;
            self.autosave.took_offer(&self.session);
            self.info(format!("resumed: {}", self.battle_where()));
            self.sync(true);
            self.fit_map();
        }
    }

    fn decline_offer(&mut self) {
        self.offer = None;
        self.info("a new battle; the autosave is replaced at the first answer");
    }
}

/// The hex one step from `c`: left and right along the row, up and down the
/// column.
fn step_cursor(c: Hex, dc: i32, dr: i32) -> Hex {
    Hex::new(c.col.saturating_add(dc), c.row.saturating_add(dr))
}
