//! HârnMaster: its engine on scripted dice, its scenarios and table packs,
//! and the command line on its scenarios.

mod hm_cli;
mod hm_engine;
mod hm_packs;
mod hm_session;
