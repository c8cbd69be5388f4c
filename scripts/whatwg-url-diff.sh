#!/usr/bin/env bash
# Differential run against whatwg-url 17.3.0 (the URL Standard's reference implementation,
# with tr46 6.0.0: the Unicode 17.0 tables this crate uses): every WPT urltestdata input and
# N generated mutations of real URLs from benches/corpus, through `urlinfo --jsonl`.
# Compares failure, href, the valid-URL-string answer, blob: origins (and other origins), and
# the sets of validation errors; prints the count per class of difference with examples.
# Exits non-zero when anything but the validation error sets differs.
#
# whatwg-url is installed at run time into target/whatwg-url-diff (npm; never a crate
# dependency).
#
# Usage: scripts/whatwg-url-diff.sh [N]    (N generated inputs, default 60000)
# Env:   SEED (generator seed, default 1), EXAMPLES (examples per class, default 3)
set -euo pipefail
cd "$(dirname "$0")/.."

N=${1:-60000}
SCRATCH=target/whatwg-url-diff
mkdir -p "$SCRATCH"
cat > "$SCRATCH/package.json" <<'JSON'
{
  "name": "microurl-whatwg-url-diff",
  "private": true,
  "dependencies": { "whatwg-url": "17.3.0" },
  "overrides": { "tr46": "6.0.0" }
}
JSON
installed() {
  node -e 'const v = (p) => require(`./${p}/package.json`).version;
    process.exit(v("node_modules/whatwg-url") === "17.3.0" && v("node_modules/tr46") === "6.0.0" ? 0 : 1)' \
    2>/dev/null
}
if ! (cd "$SCRATCH" && installed); then
  (cd "$SCRATCH" && npm install --no-audit --no-fund --silent)
fi
(cd "$SCRATCH" && installed) || { echo "whatwg-url 17.3.0 / tr46 6.0.0 not installed" >&2; exit 1; }

cargo build --quiet --example urlinfo
NODE_PATH="$PWD/$SCRATCH/node_modules" node scripts/whatwg-url-diff.js "$PWD" \
  "$PWD/target/debug/examples/urlinfo" "$N"
