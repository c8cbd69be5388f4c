#!/usr/bin/env bash
# ffi/compare.sh — the URL parsers C firmware uses today beside microurl (called by ffi/run.sh):
#
#  1. compare/compare.c, built twice (nodejs http-parser 2.9.4 from compare/http-parser,
#     HTTP_PARSER_STRICT=1 and =0) with libcurl (Debian libcurl4-openssl-dev) and
#     libmicrourl.a, on the WPT urltestdata inputs (each alone) and benches/corpus/
#     embedded.txt and paracrawl.txt: per parser, how many inputs it rejects that the URL
#     Standard accepts, accepts that it rejects, and splits into another host, port or
#     request-target (see compare.c for what counts);
#  2. flash on the Cortex-M4F (thumbv7em, -Os, QEMU mps2-an386 runs each probe): one
#     http_parser_parse_url (compare/hp_probe.c) beside microurl's C parse probe
#     (firmware/probe.c) with and without idna, each above the same C runtime baseline;
#  3. the table between <!-- c-compare --> and <!-- /c-compare --> in README.md must be
#     what this run printed (stale: fails; MICROURL_COMPARE_BLESS=1 rewrites it).
set -uo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
cd "$here"
fail() { echo "ffi/compare.sh: FAIL: $*" >&2; exit 1; }
if ! echo '#include <curl/curl.h>' | cc -E - >/dev/null 2>&1; then
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "ffi/compare.sh: curl/curl.h missing, installing Debian package libcurl4-openssl-dev"
  { $sudo apt-get update -qq &&
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends libcurl4-openssl-dev; } ||
    fail "cannot install libcurl4-openssl-dev"
fi
for t in arm-none-eabi-gcc qemu-system-arm python3; do command -v $t >/dev/null || fail "$t missing (ffi/run.sh installs it)"; done
# http_parser.c includes the C library's headers (assert.h, stddef.h, ...), which the cross
# compiler finds in newlib's package, only a recommendation of gcc-arm-none-eabi.
if ! echo '#include <assert.h>' | arm-none-eabi-gcc -E - >/dev/null 2>&1; then
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "ffi/compare.sh: assert.h missing for arm-none-eabi-gcc, installing Debian package libnewlib-arm-none-eabi"
  { $sudo apt-get update -qq &&
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends libnewlib-arm-none-eabi; } ||
    fail "cannot install libnewlib-arm-none-eabi"
fi

TD="$here/target"
C="$TD/compare"
mkdir -p "$C"
HP=compare/http-parser
T=thumbv7em-none-eabihf
FW=(-mcpu=cortex-m4 -mthumb -mfloat-abi=hard -mfpu=fpv4-sp-d16)
flash_of() {
  arm-none-eabi-size -A "$1" |
    awk '$1==".isr_vector"||$1==".text"||$1==".rodata"||$1==".data"||$1==".ARM.exidx"{s+=$2} END{print s}'
}

# ------------------------------------------------------------------------------ 1. counts
cargo build -q --release || fail "host staticlib"
python3 tests/gen_vectors.py "$root/tests/data" "$C/vectors.c" >/dev/null || fail "gen_vectors.py"
: >"$C/counts.tsv"
for strict in 1 0; do
  flavor="http_parser strict"; [ $strict = 0 ] && flavor="http_parser non-strict"
  cc -std=c11 -D_DEFAULT_SOURCE -O1 -Wall -Wextra -Werror -DHTTP_PARSER_STRICT=$strict \
    -DHP_FLAVOR="\"$flavor\"" -Iinclude -Itests -I$HP compare/compare.c $HP/http_parser.c "$C/vectors.c" \
    "$TD/release/libmicrourl.a" -lcurl -o "$C/compare_$strict" || fail "build compare ($flavor)"
  "$C/compare_$strict" "$root/benches/corpus/embedded.txt" "$root/benches/corpus/paracrawl.txt" \
    >>"$C/counts.tsv" || fail "compare ($flavor)"
done

# ------------------------------------------------------------------------------ 2. flash
for m in BASELINE PARSE; do
  for idna in idna noidna; do
    [ $m = BASELINE ] && [ $idna = noidna ] && continue
    feats=(--no-default-features); [ $idna = idna ] && feats+=(--features idna)
    cargo build -q --profile size "${feats[@]}" --target $T || fail "size staticlib ($idna)"
    cat firmware/memory/mps2.ld firmware/sections.ld >"$C/mps2.ld"
    elf="$C/probe_${m}_$idna.elf"
    arm-none-eabi-gcc "${FW[@]}" -std=c11 -Os -ffreestanding -nostdlib -ffunction-sections -fdata-sections \
      -DPROBE_$m -Iinclude -Ifirmware firmware/startup.c firmware/probe.c "$TD/$T/size/libmicrourl.a" \
      -T "$C/mps2.ld" -lgcc -Wl,--gc-sections -Wl,-z,noexecstack -o "$elf" || fail "probe $m"
    declare "FLASH_${m}_$idna=$(flash_of "$elf")"
  done
done
for strict in 1 0; do
  elf="$C/hp_probe_$strict.elf"
  # (newlib's memset for http_parser_url_init: nothing else of a C library is linked.)
  arm-none-eabi-gcc "${FW[@]}" -std=c11 -Os -DNDEBUG -DHTTP_PARSER_STRICT=$strict -ffreestanding -nostdlib \
    -ffunction-sections -fdata-sections -I$HP -Ifirmware firmware/startup.c compare/hp_probe.c $HP/http_parser.c \
    -T "$C/mps2.ld" -lc_nano -lgcc -Wl,--gc-sections -Wl,-z,noexecstack -o "$elf" || fail "http_parser probe"
  timeout 20 qemu-system-arm -machine mps2-an386 -nographic -monitor none -serial none \
    -semihosting-config enable=on,target=native -kernel "$elf" >"$C/hp_probe_$strict.out" 2>&1
  [ "$(cat "$C/hp_probe_$strict.out")" = "Example.COM" ] || fail "http_parser probe printed '$(cat "$C/hp_probe_$strict.out")'"
  declare "FLASH_HP_$strict=$(flash_of "$elf")"
done
base=$FLASH_BASELINE_idna

# ------------------------------------------------------------------------------ 3. the table
table="$C/table.md"
{
  echo "| corpus (inputs) | parser | both accept | rejects a valid URL | accepts an invalid one | other host | other port | other request-target |"
  echo "|---|---|---|---|---|---|---|---|"
  awk -F'\t' '{printf "| %s (%s) | %s | %s | %s | %s | %s | %s | %s |\n", $1, $3, $2, $4, $5, $6, $7, $8, $9}' "$C/counts.tsv" |
    sed 's/(inputs alone) (\([0-9]*\))/(\1, each alone)/' | sort -t'|' -k2,2 -s
  echo
  echo "| flash, Cortex-M4F, -Os / opt-level z, above the same C baseline ($base B) | |"
  echo "|---|---|"
  echo "| \`http_parser_parse_url\`, strict / non-strict | $((FLASH_HP_1 - base)) / $((FLASH_HP_0 - base)) B |"
} >"$table"
# microurl's own flash changes with every change of the library: it is printed here and kept
# in LIMITS.md's current figures (the C probes), not in the table the README holds.
echo "microurl_parse above the same C baseline: $((FLASH_PARSE_noidna - base)) / $((FLASH_PARSE_idna - base)) B (without / with idna)"
cat "$table"
awk '/<!-- c-compare -->/{f=1;next} /<!-- \/c-compare -->/{f=0} f' "$root/README.md" >"$C/readme-table.md"
if ! diff -u "$C/readme-table.md" "$table"; then
  if [ "${MICROURL_COMPARE_BLESS:-0}" = 1 ]; then
    python3 - "$root/README.md" "$table" <<'PY'
import sys
readme, table = sys.argv[1], open(sys.argv[2]).read()
s = open(readme).read()
a, b = s.index("<!-- c-compare -->\n") + len("<!-- c-compare -->\n"), s.index("<!-- /c-compare -->")
open(readme, "w").write(s[:a] + table + s[b:])
PY
    echo "README.md comparison table rewritten (MICROURL_COMPARE_BLESS=1)"
  else
    fail "README.md's comparison table is stale: MICROURL_COMPARE_BLESS=1 ffi/compare.sh"
  fi
fi
echo "ffi/compare.sh: comparison done"
