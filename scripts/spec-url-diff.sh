#!/bin/sh
# Differential test of microurl::Reference against spec-url 3.0.0 (npm, installed at run time
# into target/spec-url-diff, never a crate dependency). Usage: scripts/spec-url-diff.sh [COUNT] [SEED]
set -eu
cd "$(dirname "$0")/.."
dir=target/spec-url-diff
mkdir -p "$dir"
if [ ! -d "$dir/node_modules/spec-url" ]; then
    printf '%s\n' '{"name":"spec-url-diff","private":true,"type":"module","overrides":{"tr46":"6.0.0"}}' > "$dir/package.json"
    (cd "$dir" && npm install --no-audit --no-fund spec-url@3.0.0 >/dev/null)
fi
cargo build --quiet --example urlinfo
cp scripts/spec-url-diff.mjs "$dir/diff.mjs"
node "$dir/diff.mjs" "$PWD/target/debug/examples/urlinfo" "${1:-100000}" "${2:-1}"
