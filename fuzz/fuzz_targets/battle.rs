//! Fuzz target `battle`: see `battle_input` in tests/hardening/mod.rs.
#![no_main]

#[path = "../../tests/hardening/mod.rs"]
mod hardening;

libfuzzer_sys::fuzz_target!(|data: &[u8]| hardening::battle_input(data));
