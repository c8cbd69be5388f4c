#!/usr/bin/env bash
# The Unicode tables of the `idna` feature, each beside its `xz -9e` bound.
#
# build.rs writes every table's bytes as stored (`$OUT_DIR/tables/NAME.bin`) and their list
# (`report.txt`); this prints, per table and per group of tables read by one lookup, the
# bytes, `xz -9e` of those bytes alone (raw LZMA2 stream, no container header) and the
# ratio, then the whole set against `xz -9e` of all of them concatenated in source order
# (the bound with shared context: the figure the design is held to).
#
# A table smaller than its own xz bound has a ratio under 1: it holds no redundancy that xz
# finds on its own. Cheap: one `cargo check` of the library (the build script runs, and
# checks that the IDNA trie's geometry is still the smallest; no codegen) and a few xz runs.
#
# Usage: scripts/table-report.sh        Env: CARGO_TARGET_DIR (as cargo)
set -euo pipefail
cd "$(dirname "$0")/.."
command -v xz >/dev/null || { echo "xz not found (apt-get install xz-utils)" >&2; exit 1; }

# With MICROURL_TABLE_SEARCH set, the build script also searches every geometry of the IDNA
# trie it tries and fails if one is smaller than the one it builds (build/offset_trie.rs).
log=$(mktemp)
out_dir=$(MICROURL_TABLE_SEARCH=1 cargo check -q --no-default-features --features idna --message-format=json 2>"$log" |
    grep '"reason":"build-script-executed"' | grep '#microurl@' |
    sed -n 's/.*"out_dir":"\([^"]*\)".*/\1/p' | tail -n1) || { cat "$log" >&2; rm -f "$log"; exit 1; }
rm -f "$log"
[[ -f "$out_dir/tables/report.txt" ]] || { echo "no table report (built with idna?): '$out_dir'" >&2; exit 1; }
tables="$out_dir/tables"

bound() { xz --format=raw --lzma2=preset=9e -c "$@" | wc -c; }

# The group of a table: the lookup that reads it.
group() {
    case $1 in
        IDNA_ENTRIES) echo "IDNA entries" ;;
        IDNA_*) echo "IDNA trie" ;;
        MAPPING_*) echo "mapping strings" ;;
        PROPS*) echo "properties trie" ;;
        CJK_*) echo "CJK compatibility" ;;
        DECOMP_* | SECONDS | COMPOSE) echo "decompositions" ;;
        *) echo "$1" ;;
    esac
}

printf '%-26s %8s %8s %6s\n' table bytes "xz -9e" ratio
declare -A gbytes=() gfiles=()
order=()
total=0
files=()
while read -r name bytes; do
    f="$tables/$name.bin"
    x=$(bound "$f")
    awk -v n="$name" -v b="$bytes" -v x="$x" 'BEGIN {printf "%-26s %8d %8d %6.2f\n", n, b, x, b / x}'
    g=$(group "$name")
    [[ -z ${gbytes[$g]:-} ]] && order+=("$g") && gbytes[$g]=0
    gbytes[$g]=$((gbytes[$g] + bytes))
    gfiles[$g]+="$f "
    total=$((total + bytes))
    files+=("$f")
done <"$tables/report.txt"

printf '\n%-26s %8s %8s %6s\n' "group (one lookup)" bytes "xz -9e" ratio
for g in "${order[@]}"; do
    # shellcheck disable=SC2086
    x=$(cat ${gfiles[$g]} | bound)
    awk -v n="$g" -v b="${gbytes[$g]}" -v x="$x" 'BEGIN {printf "%-26s %8d %8d %6.2f\n", n, b, x, b / x}'
done

x=$(cat "${files[@]}" | bound)
printf '\n'
awk -v b="$total" -v x="$x" 'BEGIN {printf "%-26s %8d %8d %6.2f\n", "all tables", b, x, b / x}'
