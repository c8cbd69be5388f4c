#!/usr/bin/env bash
# The firmware half of the test command: the QEMU images with their flash, stack and
# panic-free checks (embedded-tests/run.sh for Cortex-M, embedded-tests/riscv.sh for
# RISC-V), the C API (ffi/run.sh) and the fuzz smoke.
# Their builds are mostly single-threaded (fat LTO into one codegen unit, QEMU, one
# libFuzzer job), so scripts/test.sh runs this beside its host steps, on the other core.
# Runs on its own too, after scripts/test.sh's setup (the toolchain and Debian packages).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ -x embedded-tests/run.sh ]; then
    # Every vector must pass on every core, within the flash and stack budgets; the static
    # stack bound of every entry point on the M0 within 1,536 B, no exception (run.sh prints
    # every entry point's bound and chain).
    echo "== embedded (QEMU)"
    MICROURL_STACK_BOUND_BUDGET="${MICROURL_STACK_BOUND_BUDGET:-1536}" \
        MICROURL_STACK_BOUND_ALLOW="${MICROURL_STACK_BOUND_ALLOW-}" \
        embedded-tests/run.sh
fi
if [ -x embedded-tests/riscv.sh ]; then
    # The same conformance firmware, panic-free links and size probe on RISC-V
    # (riscv32imc-unknown-none-elf, QEMU virt): every vector must pass, every link hold.
    echo "== embedded RISC-V (QEMU virt, riscv32imc)"
    embedded-tests/riscv.sh
fi
echo "== C API (ffi/: header, host C tests under ASan/UBSan, M4F firmware under QEMU, CMake package)"; ffi/run.sh
if [ -x scripts/fuzz-smoke.sh ] && cargo +nightly --version >/dev/null 2>&1; then
    echo "== fuzz smoke (each target for a short time; fails on a crash)"
    FUZZ_SECONDS="${FUZZ_SECONDS:-20}" scripts/fuzz-smoke.sh
else
    echo "== fuzz smoke skipped: no nightly toolchain (cargo-fuzz needs it)"
fi
