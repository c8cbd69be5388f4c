#!/usr/bin/env bash
# Rebuilds the committed corpus fuzz/corpus/<target>/ from a working corpus
# fuzz/corpus-full/<target>/ (seeds from make_seeds.py plus what fuzzing found): libFuzzer's
# -merge=1 keeps the inputs that add coverage, then at most $CAP of them (<= 256 bytes, a fixed
# pseudo-random choice) are kept so the repository stays small.
#   fuzz/minimize-corpus.sh [target...]
set -euo pipefail
cd "$(dirname "$0")"
CAP="${CAP:-50}"
B=target/x86_64-unknown-linux-gnu/release
TARGETS=("$@"); [ "${#TARGETS[@]}" -gt 0 ] || TARGETS=(parse differential_url differential_ada idna setters form c_api)
for t in "${TARGETS[@]}"; do
    tmp="$(mktemp -d)"
    "$B/$t" -merge=1 -max_len=1024 -rss_limit_mb=4096 "$tmp" "corpus-full/$t" >/dev/null 2>&1
    rm -rf "corpus/$t"; mkdir -p "corpus/$t"
    find "$tmp" -type f -size -257c | sort | python3 -c '
import random, sys
files = [l.strip() for l in sys.stdin]
random.Random(7).shuffle(files)
print("\n".join(files[:int(sys.argv[1])]))' "$CAP" | xargs -r -I{} cp {} "corpus/$t/"
    echo "$t: $(find "$tmp" -type f | wc -l) after merge, $(ls "corpus/$t" | wc -l) kept"
    rm -rf "$tmp"
done
