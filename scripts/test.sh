#!/usr/bin/env bash
# The whole test suite: formatting, lints, host tests with and without IDNA, docs,
# no_std builds for the Cortex-M targets, and (when present) the QEMU firmware tests.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== fmt";     cargo fmt --check
echo "== import cycles"; scripts/check-cycles.sh
echo "== clippy";  cargo clippy --all-targets -- -D warnings
cargo clippy --all-targets --no-default-features -- -D warnings
echo "== doc";     RUSTDOCFLAGS="-D warnings" cargo doc --no-deps -q
echo "== no_std builds"
for target in thumbv6m-none-eabi thumbv7m-none-eabi thumbv7em-none-eabihf; do
    cargo build -p microurl --release --lib --target "$target" -q
    cargo build -p microurl --release --lib --target "$target" --no-default-features -q
done
# The library never names alloc or std outside tests: every `extern crate` must follow
# `#[cfg(test)]`, and `std::`/`alloc::` paths appear only in `mod tests` blocks.
if awk 'FNR==1{prev=""; intest=0} /^#\[cfg\(test\)\]/{t=1} /mod tests/{intest=1}
        /extern crate (alloc|std)/ && prev !~ /cfg\(test\)/ {print FILENAME": "$0; bad=1}
        /(^|[^_a-z])(alloc|std)::/ && !intest {print FILENAME": "$0; bad=1}
        {prev=$0} END{exit !bad}' $(find src -name '*.rs'); then
    echo "error: src/ mentions alloc or std outside tests"; exit 1
fi
# Every feature combination builds and passes: none, idna, fast-path, both (issue 23).
for features in "" "idna" "fast-path"; do
    echo "== tests with features [$features] (no defaults)"
    cargo clippy -p microurl --lib --tests --no-default-features --features "$features" -q -- -D warnings
    cargo test -p microurl --no-default-features --features "$features" -q
    cargo test -p microurl-tests --no-default-features --features "$features" -q \
        --test wpt --test setters --test idna_wpt
done
if [ -x embedded-tests/run.sh ]; then
    # Every vector must pass on every core, within the flash and stack budgets (issue 4).
    echo "== embedded (QEMU)"; embedded-tests/run.sh
fi
if [ -x scripts/fuzz-smoke.sh ] && cargo +nightly --version >/dev/null 2>&1; then
    echo "== fuzz smoke (each target for a short time; fails on a crash)"
    FUZZ_SECONDS="${FUZZ_SECONDS:-20}" scripts/fuzz-smoke.sh
else
    echo "== fuzz smoke skipped: no nightly toolchain (cargo-fuzz needs it)"
fi
echo "== tests"
cargo test -- --nocapture
