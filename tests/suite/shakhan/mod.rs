//! Shakhàn regular melee: its rules and engine, the odds, the AI and the
//! generator, and its display.

mod ai_play;
mod engine_brawl;
mod engine_close_quarters;
mod engine_dodge;
mod engine_missiles;
mod engine_props;
mod engine_rules;
mod engine_set_weapon;
mod engine_smoke;
mod engine_submit;
mod letter_requisites;
mod letter_weapons;
mod letter_zones;
mod log_as_it_happened;
mod melee_generator;
mod odds;
mod overrides;
mod quick_rules;
mod tui_app;
mod tui_intents;
mod tui_legible;
mod tui_log_paging;
mod tui_map;
mod tui_orders_secret;
mod tui_props;
mod tui_rules_modes;
mod tui_session;
mod tui_snapshots;
mod tui_table_round;
