#!/usr/bin/env bash
# Instructions per URL for microurl, url and ada-url, measured with valgrind's callgrind.
#
# Instruction counts do not depend on the machine's load: they are the stable figure here.
# Each parser runs alone in its own process: the `compare` bench binary with
# `--callgrind PARSER WORKLOAD OP ITERS` loads the corpora, makes one warm-up pass, then
# ITERS measured passes. The baseline is the same command with ITERS=0 (corpus loading and
# the warm-up pass only, so one-time costs such as ada's IDNA table decompression are not
# charged to the URLs):
#
#   instructions/URL = (Ir(ITERS) - Ir(0)) / (URLs * ITERS)
#
# The figures include the harness loop (printed as the `none` parser, which only walks the
# inputs). Then the adversarial inputs at 1 KiB and 1 MiB (instructions per byte; the
# 1M/1K ratio is the load-free form of the linearity requirement), and the top microurl
# functions and source lines by self cost (benches/callgrind_lines.py over callgrind's output,
# collected only inside the timed loop) on the paracrawl, embedded and relative parse runs.
#
# Ops: parse (with a base: the base string is parsed on every call, as ada's API does),
# can_parse, and join (resolve against a base parsed before the loop; microurl and url only).
#
# Usage: scripts/callgrind.sh [--quick]    (--quick: parse only, no can_parse, no adversarial)
# Env:   ITERS (default 3), OUT (default target/callgrind), PARSERS (default "microurl url ada"),
#        OPS (default "parse can_parse join"), BIN (a compare binary built before, e.g. of an
#        older commit, instead of building the current one), FEATURES (default "": the
#        crate's default build; "firmware": the build without default features, `idna` only;
#        "minimal": without default features, no `idna` either),
#        ADVERSARIAL (default 1; 0: the corpora and hotspots only)
#
# The binary is built with the release profile as Cargo has it: 16 codegen units, whose
# partition of the crate's functions moves with unrelated code and with it which functions
# LLVM specializes across calls (the firmware build's figures moved by up to 4% so,
# BENCHMARKS.md session 40). To compare two versions of the code free of that,
# `CARGO_PROFILE_RELEASE_CODEGEN_UNITS=1 scripts/callgrind.sh`: one unit, as the firmware
# profiles of embedded-tests/ build (the published figures keep the default).
set -euo pipefail
cd "$(dirname "$0")/.."

QUICK=0
[[ "${1:-}" == "--quick" ]] && QUICK=1
ITERS=${ITERS:-3}
OUT=${OUT:-target/callgrind}
PARSERS=${PARSERS:-"microurl url ada"}
mkdir -p "$OUT"

command -v valgrind >/dev/null || { echo "valgrind not found (apt-get install valgrind)" >&2; exit 1; }

# The per-line hotspot table needs debug line tables: the bench profile inherits
# `[profile.release] debug = 1` from Cargo.toml (same binary as `cargo bench`).
FEATURES=${FEATURES:-}
feature_args=()
[[ -n $FEATURES ]] && feature_args=(--no-default-features --features "$FEATURES")
BIN=${BIN:-$(cargo bench -p microurl-bench --bench compare "${feature_args[@]}" --no-run --message-format=json 2>/dev/null |
    sed -n 's/.*"target":{[^}]*"name":"compare".*"executable":"\([^"]*\)".*/\1/p' | tail -n1)}
[[ -x "$BIN" ]] || { echo "could not build/find the compare bench binary" >&2; exit 1; }
echo "binary: $BIN (features: ${FEATURES:-default})"

# Skip microurl when its adapter is compiled out.
if [[ $("$BIN" --has-microurl) != 1 ]]; then
    PARSERS=${PARSERS//microurl/}
    echo "note: microurl adapter is compiled out; measuring url and ada only"
fi

# Total instructions (Ir) of one callgrind run of the bench binary with the given arguments.
ir() {
    local tag=$1
    shift
    valgrind --tool=callgrind --callgrind-out-file="$OUT/$tag.out" "$BIN" "$@" \
        >"$OUT/$tag.stdout" 2>"$OUT/$tag.log"
    awk '/^(summary|totals):/ {print $2; exit}' "$OUT/$tag.out"
}

WORKLOADS=$("$BIN" --list | awk '{print $1}')
OPS=${OPS:-"parse can_parse join"}
[[ $QUICK == 1 ]] && OPS="parse"

printf '\n## Instructions per URL (callgrind, %s passes after a warm-up, minus a warm-up-only run)\n\n' "$ITERS"
printf '| workload | op | URLs |'
for p in $PARSERS; do printf ' %s Ir/URL |' "$p"; done
printf ' harness loop (none) |' 
[[ $PARSERS == *microurl* ]] && printf ' microurl/ada | microurl/url |'
printf '\n|---|---|---:|'
for p in $PARSERS none; do printf -- '---:|'; done
[[ $PARSERS == *microurl* ]] && printf -- '---:|---:|'
printf '\n'
for op in $OPS; do
    for w in $WORKLOADS; do
        n=$("$BIN" --list | awk -v w="$w" '$1 == w {print $2}')
        has_base=$("$BIN" --list | awk -v w="$w" '$1 == w {print $4}')
        # join: resolve against a base parsed before the loop; only for workloads with a
        # base, and not for ada (its Rust API parses the base string on every call).
        [[ $op == join && $has_base != 1 ]] && continue
        declare -A per=()
        printf '| %s | %s | %s |' "$w" "$op" "$n"
        for p in $PARSERS none; do
            if [[ $op == join && $p == ada ]]; then
                printf ' n/a |'
                continue
            fi
            b=$(ir "$p.$w.$op.0" --callgrind "$p" "$w" "$op" 0)
            t=$(ir "$p.$w.$op" --callgrind "$p" "$w" "$op" "$ITERS")
            per[$p]=$(awk -v t="$t" -v b="$b" -v n="$n" -v i="$ITERS" 'BEGIN {printf "%.0f", (t - b) / (n * i)}')
            printf ' %s |' "${per[$p]}"
        done
        if [[ $PARSERS == *microurl* ]]; then
            awk -v m="${per[microurl]}" -v a="${per[ada]:-0}" -v u="${per[url]:-0}" \
                'BEGIN {printf " %s | %s |", (a > 0 ? sprintf("%.2f", m / a) : "n/a"), (u > 0 ? sprintf("%.2f", m / u) : "n/a")}'
        fi
        printf '\n'
        unset per
    done
done

if [[ $QUICK == 0 && ${ADVERSARIAL:-1} != 0 ]]; then
    KINDS="canonical-path dotdot deep-then-up pct-dots many-dots-host huge-host idn-labels pct-path pct-host encode-path encode-query file-drive-up backslashes ipv4-zeros combining-marks mapped-full-stops"
    # adversarial OP KINDS...: the table of instructions per byte at 1 KiB and 1 MiB.
    adversarial() {
        local op=$1 k p
        shift
        printf '| input | op | parser | 1K | 1M | 1M/1K |\n|---|---|---|---:|---:|---:|\n'
        for k in "$@"; do
            for p in $PARSERS; do
                printf '| %s | %s | %s |' "$k" "$op" "$p"
                # 1 KiB is parsed 256 times, so that both sizes parse 256 KiB or more in all.
                b1=$(ir "$p.adv.$op.$k.1K.0" --callgrind-adv "$p" "$k" 1024 0 "$op")
                t1=$(ir "$p.adv.$op.$k.1K" --callgrind-adv "$p" "$k" 1024 256 "$op")
                b2=$(ir "$p.adv.$op.$k.1M.0" --callgrind-adv "$p" "$k" 1048576 0 "$op")
                t2=$(ir "$p.adv.$op.$k.1M" --callgrind-adv "$p" "$k" 1048576 1 "$op")
                # checksum=0: the parser rejected the input (the figure is then its cost to reject).
                f1=$(grep -q 'checksum=0$' "$OUT/$p.adv.$op.$k.1K.stdout" && echo ' rejected' || true)
                f2=$(grep -q 'checksum=0$' "$OUT/$p.adv.$op.$k.1M.stdout" && echo ' rejected' || true)
                awk -v t1="$t1" -v b1="$b1" -v t2="$t2" -v b2="$b2" -v f1="$f1" -v f2="$f2" 'BEGIN {
                    x = (t1 - b1) / (1024 * 256); y = (t2 - b2) / 1048576;
                    printf " %.1f%s | %.1f%s | %.2f |\n", x, f1, y, f2, (x > 0 ? y / x : 0) }'
            done
        done
    }
    printf '\n## Adversarial inputs: instructions per byte (callgrind, minus a warm-up-only run)\n\n'
    adversarial parse $KINDS
    # can_parse on the families where it can stop early (a long path or query after a valid
    # authority) or where it judges a host without an arena (IDNA, combining marks).
    printf '\n## Adversarial inputs, can_parse: instructions per byte\n\n'
    adversarial can_parse canonical-path encode-query idn-labels combining-marks
fi

if [[ $PARSERS == *microurl* ]]; then
    for w in paracrawl embedded relative; do
        # A dedicated run that collects only inside the timed loop (run_pass and callees).
        valgrind --tool=callgrind --toggle-collect='*run_pass*' \
            --callgrind-out-file="$OUT/hot.microurl.$w.out" \
            "$BIN" --callgrind microurl "$w" parse 10 >/dev/null 2>"$OUT/hot.microurl.$w.log"
        printf '\n## microurl hotspots, %s parse (self cost in the timed loop, top 20)\n\n```\n' "$w"
        python3 benches/callgrind_lines.py "$OUT/hot.microurl.$w.out" src/ 20
        printf '```\n'
    done
    printf '\nFull annotations: callgrind_annotate --inclusive=yes %s/hot.microurl.paracrawl.out src/*.rs\n' "$OUT"
fi
