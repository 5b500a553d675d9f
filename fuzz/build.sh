#!/bin/sh
# Build the fuzz targets with libFuzzer on the stable toolchain: rustc's
# sanitizer-coverage pass (stable -C flags) feeds libfuzzer-sys's libFuzzer.
# `--target` keeps the flags off build scripts and proc macros.
set -e
cd "$(dirname "$0")"
RUSTFLAGS="--cfg fuzzing -Cpasses=sancov-module \
 -Cllvm-args=-sanitizer-coverage-level=4 \
 -Cllvm-args=-sanitizer-coverage-inline-8bit-counters \
 -Cllvm-args=-sanitizer-coverage-pc-table \
 -Cllvm-args=-sanitizer-coverage-trace-compares" \
  cargo build --release --target "$(rustc -vV | sed -n 's/^host: //p')" "$@"
