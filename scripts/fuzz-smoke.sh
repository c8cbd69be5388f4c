#!/usr/bin/env bash
# Fuzz smoke test: every fuzz target for a short time on one core, starting from the
# committed corpus (fuzz/corpus/<target>/, read-only here). Exits non-zero if a target
# crashes (panic, failed property, unexplained differential disagreement) or fails to build.
#
#   scripts/fuzz-smoke.sh                 # every target, 30 s each
#   FUZZ_SECONDS=120 scripts/fuzz-smoke.sh parse setters
#
# Needs the nightly toolchain (`rustup toolchain install nightly`); installs cargo-fuzz if
# missing. Crash inputs are written to fuzz/artifacts/<target>/.
set -euo pipefail
cd "$(dirname "$0")/.."

SECONDS_PER_TARGET="${FUZZ_SECONDS:-30}"
ALL_TARGETS=(parse differential_url differential_ada idna setters form firmware c_api)
if [ "$#" -gt 0 ]; then TARGETS=("$@"); else TARGETS=("${ALL_TARGETS[@]}"); fi

if ! cargo fuzz --version >/dev/null 2>&1; then
    echo "== installing cargo-fuzz"
    cargo install cargo-fuzz --locked
fi

echo "== build (nightly, release, debug assertions on)"
cargo +nightly fuzz build -O

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
failed=()
for t in "${TARGETS[@]}"; do
    echo "== $t (${SECONDS_PER_TARGET}s)"
    mkdir -p "$work/$t" "fuzz/corpus/$t" "fuzz/artifacts/$t"
    # New units go to the scratch directory; the committed corpus is only read. With -jobs,
    # libFuzzer writes the job's log to ./fuzz-0.log: folded into our log below.
    rm -f fuzz-0.log
    status=0
    cargo +nightly fuzz run -O "$t" "$work/$t" "fuzz/corpus/$t" -- \
        -jobs=1 -workers=1 -max_total_time="$SECONDS_PER_TARGET" -max_len=1024 \
        -rss_limit_mb=4096 -print_final_stats=1 \
        -artifact_prefix="fuzz/artifacts/$t/" >"$work/$t.log" 2>&1 || status=$?
    if [ -f fuzz-0.log ]; then cat fuzz-0.log >>"$work/$t.log"; rm -f fuzz-0.log; fi
    if [ "$status" -eq 0 ]; then
        grep -E "stat::(number_of_executed_units|average_exec_per_sec)" "$work/$t.log" | sort -u || true
        grep -E "^#[0-9]+.*(cov|DONE)" "$work/$t.log" | tail -1 || true
    else
        echo "!! $t FAILED"
        grep -E -A3 "panicked|unexplained|SUMMARY|Test unit written" "$work/$t.log" | head -20 || tail -20 "$work/$t.log"
        failed+=("$t")
    fi
done

if [ "${#failed[@]}" -gt 0 ]; then
    echo "== fuzz smoke FAILED: ${failed[*]}"
    exit 1
fi
echo "== fuzz smoke passed: ${TARGETS[*]}"
