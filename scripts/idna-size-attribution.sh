#!/usr/bin/env bash
# Where the flash that `idna` adds to the one-URL size probe goes (M4F, the size profile, as
# embedded-tests/run.sh builds the probe): the probe is built without and with `idna`, and the
# symbols of the second (`llvm-nm -S`) are grouped by what they implement, each symbol's size
# less its size without `idna` (a symbol that only grows, such as the host parser into which
# the glue is inlined, counts its growth).
#
# Groups follow the module that holds the code, so inlined code counts where it is inlined:
# the counter (`process::bound`) holds the copies of the mapping and NFC streams it inlines,
# the host parser the glue of domain to ASCII. The tables are listed one by one
# (`scripts/table-report.sh` gives their xz bounds).
#
# Not part of scripts/test.sh (two probe builds, about a minute). Usage:
#   scripts/idna-size-attribution.sh [-v]      -v: every symbol with its group
# Env: CARGO_TARGET_DIR (default: target/size-attribution in this tree).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
llvm="$(rustc --print sysroot)/lib/rustlib/x86_64-unknown-linux-gnu/bin"
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$root/target/size-attribution}
elf=$CARGO_TARGET_DIR/thumbv7em-none-eabihf/size/microurl-probe
flash() { "$llvm/llvm-size" -A "$1" | awk '$1 ~ /^\.(vector_table|text|rodata|data)$/ {s += $2} END {print s}'; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for f in no-idna idna; do
    feature=()
    [[ $f = idna ]] && feature=(--features idna)
    (cd embedded-tests && cargo build -q --profile size -p microurl-probe \
        --target thumbv7em-none-eabihf "${feature[@]}")
    flash "$elf" >"$tmp/$f.flash"
    "$llvm/llvm-nm" -S -C "$elf" >"$tmp/$f.nm"
done
echo "probe flash: $(cat "$tmp/no-idna.flash") B without idna, $(cat "$tmp/idna.flash") B with"
python3 - "$tmp/no-idna.nm" "$tmp/idna.nm" "${1:-}" <<'EOF'
import re, sys

def symbols(path):
    sizes = {}
    for line in open(path):
        parts = line.split(None, 3)
        if len(parts) < 4:
            continue
        # Hashes and anonymous constants' numbers differ between the builds.
        name = re.sub(r"::h[0-9a-f]{16}$", "", parts[3].strip())
        name = re.sub(r"\.Lanon\.[0-9a-f]+\.\d+", ".Lanon", name)
        sizes[name] = sizes.get(name, 0) + int(parts[1], 16)
    return sizes

# First match wins: (group, pattern on the demangled name).
GROUPS = [
    ("tables", r"tables::generated::"),
    ("counter (process::bound: needed without storing)", r"idna::process::bound"),
    ("decider (verdict, in-order settle, ordered decoding, streamed NFC)",
     r"idna::(verdict|ordered)|idna::nfc::streamed|StreamedNfc"),
    ("writer (process: labels in the buffer)", r"idna::process"),
    ("NFC (decompose, compose, in place, check)", r"idna::nfc"),
    ("validity criteria, Bidi, ContextJ", r"idna::validate"),
    ("Punycode", r"idna::punycode"),
    ("mapping stream", r"idna::mapping"),
    ("table lookups", r"microurl::tables|MappingStr"),
    ("domain to ASCII glue (idna::, host::domain::to_ascii)", r"microurl::idna|host::domain::to_ascii"),
    ("host parser (grown)", r"microurl::host"),
    ("rest of the parser (grown)", r"microurl::"),
    ("compiler builtins, core, machine-outlined", r""),
]

before, after = symbols(sys.argv[1]), symbols(sys.argv[2])
verbose = sys.argv[3] == "-v"
totals, tables = {}, []
for name in sorted(set(before) | set(after)):
    delta = after.get(name, 0) - before.get(name, 0)
    if delta == 0:
        continue
    # Trait impls keep their mangled form (`_$LT$microurl..idna..nfc..Decomposed...`).
    group = next(g for g, p in GROUPS if re.search(p, name.replace("..", "::")))
    totals[group] = totals.get(group, 0) + delta
    if group == "tables":
        tables.append((delta, name.split("generated::")[1]))
    if verbose:
        print(f"{delta:7d}  {group[:24]:24}  {name}")
print(f"\n{'group':70} {'bytes':>7}")
for group, _ in GROUPS:
    if group in totals:
        print(f"{group:70} {totals[group]:7d}")
print(f"{'all symbols':70} {sum(totals.values()):7d}")
print(f"\n{'table':70} {'bytes':>7}")
for size, name in sorted(tables, reverse=True):
    print(f"{name:70} {size:7d}")
EOF
