//! Fuzz target `orders`: see `orders_input` in tests/suite/hardening.rs.
#![no_main]

#[path = "../../tests/suite/hardening.rs"]
mod hardening;

libfuzzer_sys::fuzz_target!(|data: &[u8]| hardening::orders_input(data));
