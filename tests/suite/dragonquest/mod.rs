//! DragonQuest: its rules and engine, scenarios, sessions, odds, the AI, its
//! display and the command line on its scenarios.

// Helpers shared by this group's modules.
mod dq_common;
mod dq_screen;

mod cli_dragonquest;
mod dq_ai;
mod dq_combined;
mod dq_display;
mod dq_display_32;
mod dq_engine;
mod dq_example_32;
mod dq_history;
mod dq_infection;
mod dq_monsters;
mod dq_odds;
mod dq_orders;
mod dq_props;
mod dq_route;
mod dq_rules;
mod dq_scenarios;
mod dq_session;
mod dq_special;
