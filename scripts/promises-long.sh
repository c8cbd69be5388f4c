#!/usr/bin/env bash
# The long form of tests/promises.rs: the sweep over every storage size with
# 100,000 generated URLs and setter values (the test command runs 2,000), in release mode,
# in the speed build (default features) and the size build (`idna` without `fast-path`).
# Prints the needed/smallest-size ratios (maximum and median) per entry point.
#
#   scripts/promises-long.sh            # 100,000
#   PROMISES_GENERATED=20000 scripts/promises-long.sh
set -euo pipefail
cd "$(dirname "$0")/../tests"
export PROMISES_GENERATED="${PROMISES_GENERATED:-100000}"
for build in speed size; do
    echo "== $build build"
    features=()
    [ "$build" = size ] && features=(--no-default-features --features idna)
    cargo test --release "${features[@]}" --test promises -- --include-ignored --nocapture \
        2>&1 | grep -E "needed ratio|sweep:|can_parse|test result|panicked|FAILED|above 2"
done
