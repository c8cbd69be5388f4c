#!/usr/bin/env bash
# The long fuzz runs, by hand (not part of the tests): each target for 930 s in
# one process, two at a time (one per core), with every differential disagreement printed
# and its class (`MICROURL_DIFF_LOG=all`), so that unexplained ones can be counted.
#
#   fuzz/long-run.sh [TARGET ...]      (default: all six)
#
# Output in $OUT (default /tmp/microurl-fuzz): TARGET.log (libFuzzer's output and the DIFF
# lines), new/TARGET (the corpus the run grows; reused as seeds next time), art/TARGET
# (crash artifacts), summary. Afterwards, per target:
#   grep -c 'DIFF UNCLASSIFIED' $OUT/TARGET.log         # must be 0
#   grep -ao '^DIFF [^ (]*' $OUT/TARGET.log | sort | uniq -c
set -uo pipefail
cd "$(dirname "$0")"
OUT=${OUT:-/tmp/microurl-fuzz}
SECONDS_PER_TARGET=${SECONDS_PER_TARGET:-930}
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(differential_ada differential_url parse setters idna form)
mkdir -p "$OUT"
cargo +nightly fuzz build -O || exit 1
[ -d corpus-full ] || python3 make_seeds.py

run1() {
  local t=$1 start rc
  mkdir -p "$OUT/new/$t" "$OUT/art/$t"
  start=$(date +%s)
  echo "== $t start $(date -u +%T) ($(git rev-parse --short HEAD))" >> "$OUT/summary"
  MICROURL_DIFF_LOG=all target/x86_64-unknown-linux-gnu/release/"$t" \
    -max_total_time="$SECONDS_PER_TARGET" -max_len=1024 -rss_limit_mb=4096 -timeout=10 \
    -print_final_stats=1 -artifact_prefix="$OUT/art/$t/" \
    "$OUT/new/$t" "corpus/$t" "corpus-full/$t" > "$OUT/$t.log" 2>&1
  rc=$?
  echo "== $t rc=$rc elapsed=$(( $(date +%s) - start ))s" >> "$OUT/summary"
}

set -- "${targets[@]}"
while [ $# -gt 0 ]; do
  run1 "$1" &
  if [ $# -gt 1 ]; then run1 "$2" & fi
  wait
  shift
  [ $# -gt 0 ] && shift
done
cat "$OUT/summary"
