//! Fuzz target `save`: see `save_input` in tests/suite/hardening.rs.
#![no_main]

#[path = "../../tests/suite/hardening.rs"]
mod hardening;

libfuzzer_sys::fuzz_target!(|data: &[u8]| hardening::save_input(data));
