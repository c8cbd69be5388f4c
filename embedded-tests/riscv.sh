#!/usr/bin/env bash
# embedded-tests/riscv.sh — microurl on RISC-V: riscv32imc-unknown-none-elf (the ISA of the
# ESP32-C3; the ESP32-C6's riscv32imac runs the same code) under QEMU virt
# (`qemu-system-riscv32 -machine virt -bios none`, semihosting; qemu-run.sh picks it from the
# ELF header). The Cortex-M counterpart of every step is in run.sh, whose builds this script
# leaves alone (its own target triple in the same target dir).
#
#  1. toolchain: rustup target add riscv32imc-unknown-none-elf when missing
#  2. QEMU: apt-get install qemu-system-misc (qemu-system-riscv32) when missing; defmt-print
#     (cargo install) when missing, unless MICROURL_SKIP_DEFMT=1
#  3. conformance firmware (src/main.rs, the same vectors and checks as on Cortex-M, riscv-rt
#     for the runtime), text mode and defmt mode: exit 0 and `embedded: N passed, 0 failed,
#     0 skipped` with N = every vector; the painted stack figures printed (the firmware's own
#     per-parse gate on too, MICROURL_STACK_BUDGET, default 2048 B here). The text-mode image is
#     built with `-Z emit-stack-sizes` (RUSTC_BOOTSTRAP=1: the .stack_sizes section is all it
#     adds, the code is the same) in its own target dir, $TD/stack (run.sh's, for its own
#     triple), for step 3b. (RUSTC_BOOTSTRAP also makes v0 the default symbol mangling, as for
#     run.sh's images: the code is the same but for a few functions (one instruction of
#     UrlBuf::holding); with `-C symbol-mangling-version=legacy` the .text is the ordinary
#     build's, byte for byte, and the bounds the same, but stack-notes.txt's names are v0's.)
#  3b. static stack bound (stack-bound.py, RISC-V path) of every entry point of that image:
#     fails on an unresolved indirect call or jump, recursion, a painted figure of the text
#     run above its entry point's bound, or a bound over MICROURL_STACK_BOUND_BUDGET (default
#     1536 B, the Cortex-M0's budget), or a painted figure short of 90% of its bound with no
#     note of stack-notes.txt that explains it (within 10% of the bound over the chains the
#     note leaves; `riscv32imc-unknown-none-elf:NAME` for this target's), unless
#     MICROURL_RISCV_STACK_SHORT_ALLOW names the entry point (globs; a ratchet, empty by default)
#  4. controls: `fail-demo` (one expected href broken) must exit 1 with exactly one failure
#     more than the text run; `fault-demo` (a breakpoint exception) must exit 102 through
#     rt.rs's exception handler
#  5. panic-free link (src/panic_free.rs and the size probe with `panic-free-link`, with and
#     without idna; the conformance image at opt-level s and z): each must link, and the
#     image with idna runs every vector on QEMU; controls: the probe's runtime alone links,
#     and with one unchecked `slice[i]` (index-demo) it must not
#  6. size probe (size-probe/microurl-probe, profile size: opt-level z, fat LTO, panic abort)
#     without and with idna: prints the right href; its flash printed (reported, not gated)
#  6b. programs (size-probe/microurl-programs, size-probe/nourl-programs; run.sh's step 6b):
#     a bootloader, an MQTT client's configuration and a CoAP client's options, with microurl
#     (without / with idna) and with nourl 0.2 + helpers, and the runtime baseline, profile
#     size: each must exit 0 and print what run.sh expects; their flash (.eh_frame apart) and
#     painted stack since reset printed beside the size probe's flash (reported, not gated)
#
# Flash on riscv32 = every allocated section in memory/riscv-virt.x's FLASH region
# (.text, .init.rust, .rodata, .eh_frame) + .data; the unwind tables (.eh_frame, which no code
# reads with panic=abort: a linker script that discards them saves them) are printed apart.
# Exit status: 0 when everything passed, 1 otherwise. Env: MICROURL_QEMU_TIMEOUT (s, default
# 120), MICROURL_SKIP_DEFMT=1 (no defmt run).
set -uo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
start=$(date +%s)
T=riscv32imc-unknown-none-elf
failures=()
summary=()
fail() { echo "riscv.sh: FAIL: $*" >&2; failures+=("$*"); }
step() { echo; echo "=== [$(($(date +%s) - start))s] $*"; }
# The firmware's painted gate stays on here (2048 B), under the static bound (step 3b).
export MICROURL_STACK_BUDGET="${MICROURL_STACK_BUDGET:-2048}"

# ---------------------------------------------------------------------------------------- 1
step "toolchain: $T"
cd "$root" # rust-toolchain.toml picks the toolchain
if ! rustup target list --installed | grep -qx "$T"; then
  rustup target add "$T" || { echo "cannot add the target $T" >&2; exit 1; }
fi
cd "$here" # cargo reads .cargo/config.toml from the cwd: always build from here
TD="${CARGO_TARGET_DIR:-$here/target}"
PF_TD="$TD/panic-free"
LLVM_BIN="$(rustc --print sysroot)/lib/rustlib/$(rustc -vV | sed -n 's/^host: //p')/bin"
[ -x "$LLVM_BIN/llvm-size" ] || { echo "llvm-size missing (component llvm-tools)" >&2; exit 1; }

# ---------------------------------------------------------------------------------------- 2
step "QEMU (qemu-system-riscv32)"
if ! command -v qemu-system-riscv32 >/dev/null; then
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq &&
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends qemu-system-misc \
    || { echo "cannot install qemu-system-misc" >&2; exit 1; }
fi
qemu-system-riscv32 --version | head -1
if [ "${MICROURL_SKIP_DEFMT:-0}" != 1 ]; then
  command -v defmt-print >/dev/null || cargo install defmt-print --version 1.2.0 --locked \
    || { echo "cannot install defmt-print" >&2; exit 1; }
fi

# flash = the allocated sections in FLASH (memory/riscv-virt.x: 0x8000_0000, 4 MiB) + .data
flash_of() {
  "$LLVM_BIN/llvm-size" -A "$1" | awk '$3 ~ /^[0-9]+$/ && $3 >= 2147483648 && $3 < 2151677952 {s += $2}
    $1 == ".data" {s += $2} END {print s + 0}'
}
section() { "$LLVM_BIN/llvm-size" -A "$1" | awk -v n="$2" '$1==n{print $2}'; }

# ---------------------------------------------------------------------------------------- 3
TEXT_FAILED=""
# The text-mode image carries .stack_sizes (step 3b): its own target dir, so that the other
# builds keep their cache.
STACK_TD="$TD/stack"
STACK_LOG=""
for mode in text defmt; do
  [ "$mode" = defmt ] && [ "${MICROURL_SKIP_DEFMT:-0}" = 1 ] && continue
  step "conformance $mode RV32IMC (QEMU virt, $T)"
  feats=(); [ "$mode" = defmt ] && feats=(--features defmt)
  env=(); td=$TD
  [ "$mode" = text ] && td=$STACK_TD && env=(RUSTC_BOOTSTRAP=1 RUSTFLAGS="-Z emit-stack-sizes" CARGO_TARGET_DIR="$STACK_TD")
  log="$(mktemp)"
  env MICROURL_SHARD=0/1 "${env[@]}" cargo run -q --release --bin conformance --target "$T" "${feats[@]}" >"$log" 2>&1
  rc=$?
  if [ "$mode" = text ]; then mkdir -p "$STACK_TD"; cp "$log" "$STACK_TD/$T.log"; STACK_LOG="$STACK_TD/$T.log"; fi
  grep -E '^(FAIL|  |microurl conformance|sample|stack|embedded:|error|qemu-run|exception|unexpected|panicked)' "$log" |
    grep -v '^stack: entry ' | head -60
  line="$(grep -E '^embedded: [0-9]+ passed, [0-9]+ failed, [0-9]+ skipped$' "$log" | tail -1)"
  total="$(sed -n 's/^microurl conformance: \([0-9]*\) vectors in this image.*/\1/p' "$log" | head -1)"
  elf="$td/$T/release/conformance"
  [ $rc -eq 0 ] || fail "conformance $mode RV32IMC: exit $rc"
  if [[ "$line" =~ ^embedded:\ ([0-9]+)\ passed,\ ([0-9]+)\ failed,\ ([0-9]+)\ skipped$ ]]; then
    passed=${BASH_REMATCH[1]} failed=${BASH_REMATCH[2]} skipped=${BASH_REMATCH[3]}
    [ "$mode" = text ] && TEXT_FAILED=$failed
    [ $((passed + failed + skipped)) -eq "${total:-0}" ] ||
      fail "conformance $mode RV32IMC: counts do not add up to ${total:-?} vectors"
    [ "$skipped" -eq 0 ] || fail "conformance $mode RV32IMC: $skipped skipped"
    stack="$(sed -n 's/^stack: parser high-water \([0-9]*\) B (vector #\([0-9]*\)).*firmware total \([0-9]*\) B.*/\1 B (vector #\2), firmware total \3 B/p' "$log" | tail -1)"
    ascii="$(sed -n 's/^stack: ASCII-only vectors (no IDNA): high-water \([0-9]*\) B (vector #\([0-9]*\)).*/\1 B (#\2)/p' "$log" | tail -1)"
    stress="$(sed -n 's/^stack: stress inputs high-water \([0-9]*\) B.*/\1 B/p' "$log" | tail -1)"
    entry="$(sed -n 's/^stack: entry \([a-z_0-9]*\) painted \([0-9]*\) B$/\2 \1/p' "$log" | sort -n | tail -1 |
      awk '{print $2 " " $1}')"
    byfile="$(sed -n 's/^failed by file: //p' "$log" | tail -1)"
    summary+=("$(printf '%-5s %-7s %-5s %4d passed %4d failed %d skipped (failed: %s) | flash %s B (.eh_frame %s) | stack %s; ASCII-only %s; stress %s; deepest entry point %s B' \
      "$mode" RV32IMC virt "$passed" "$failed" "$skipped" "$byfile" "$(flash_of "$elf")" \
      "$(section "$elf" .eh_frame)" "$stack" "$ascii" "$stress" "${entry:-?}")")
  else
    echo "(no closing line; last output:)"; tail -5 "$log"
    fail "conformance $mode RV32IMC: no 'embedded:' line"
  fi
  rm -f "$log"
done

# ---------------------------------------------------------------------------------------- 3b
step "static stack bound (stack-bound.py: .stack_sizes + call graph of the linked RV32IMC image)"
elf="$STACK_TD/$T/release/conformance"
budget="${MICROURL_STACK_BOUND_BUDGET:-1536}"
if [ -z "$STACK_LOG" ] || [ ! -f "$elf" ]; then
  fail "static stack bound $T: no image (the text-mode build failed)"
else
  bound_start=$(date +%s)
  # Entry points whose painted figure may stay short of 90% of their bound with no note (a
  # ratchet): none at present, every one is within 10% of its bound or of its note's chains.
  short_allow=()
  read -ra items <<<"${MICROURL_RISCV_STACK_SHORT_ALLOW:-}" # (read: no glob expansion)
  for a in "${items[@]}"; do short_allow+=(--short-allow "$a"); done
  out="$(python3 "$here/stack-bound.py" "$elf" "$T" --llvm-bin "$LLVM_BIN" --budget "$budget" \
    "${short_allow[@]}" --painted "$STACK_LOG" --notes "$here/stack-notes.txt")"
  rc=$?
  echo "$out"
  bounds="$(echo "$out" | sed -n "s/^static stack bound: $T \([a-z_0-9]*\) \([0-9]*\) B$/\1 \2/p")"
  of() { echo "$bounds" | awk -v n="$1" '$1 == n {print $2}'; }
  max="$(echo "$bounds" | sort -k2 -n | tail -1)"
  summary+=("static stack bound $T: $(echo "$bounds" | grep -c .) entry points; parse $(of parse) B, join $(of join) B, can_parse $(of can_parse) B; largest ${max% *} ${max#* } B (budget $budget B); $(echo "$out" | grep -E '^call graph:' | sed 's/^call graph: //')")
  summary+=("$(echo "$out" | grep -E '^painted within bound:' | grep -E 'vectors|stress')")
  summary+=("$(echo "$out" | grep -E '^painted within 10%')")
  errs="$(echo "$out" | grep -E '^stack-bound: (ERROR|OVER BUDGET)')" && summary+=("$errs")
  case $rc in
    0) ;;
    2) fail "static stack bound $T: above the ${budget} B budget ($(echo "$out" | grep -c 'OVER BUDGET') entry points: $(echo "$out" | sed -n 's/^stack-bound: OVER BUDGET: \([a-z_0-9]*\): static bound \([0-9]*\) B.*/\1 \2 B/p' | paste -sd, -))" ;;
    *) fail "static stack bound $T: analysis failed (an unresolved indirect call or jump, recursion, or a painted figure above its bound or short of it unallowed: see the ERROR lines)" ;;
  esac
  echo "static stack bound step: $(($(date +%s) - bound_start)) s"
fi

# ---------------------------------------------------------------------------------------- 4
step "negative control: one vector broken on purpose (feature fail-demo) must exit 1"
log="$(mktemp)"
MICROURL_SHARD=0/1 cargo run -q --release --bin conformance --target "$T" --features fail-demo >"$log" 2>&1
rc=$?
grep -E '^(FAIL|  href|embedded:)' "$log" | head -5
want=$((${TEXT_FAILED:-0} + 1))
if [ $rc -eq 1 ] && grep -q "^embedded: [0-9]* passed, $want failed" "$log"; then
  echo "negative control OK: exit 1, firmware reported $want failure(s) (= unbroken run + 1)"
  summary+=("negative control (fail-demo, RV32IMC): exit $rc, $(grep '^embedded:' "$log")")
else
  fail "negative control: a broken vector did not make the run exit 1 with $want failure(s) (exit $rc)"
fi
step "fault control: a breakpoint exception (feature fault-demo) must exit 102"
MICROURL_SHARD=0/1 cargo run -q --release --bin conformance --target "$T" --features fault-demo >"$log" 2>&1
rc=$?
grep -E '^(exception|embedded:)' "$log" | head -3
if [ $rc -eq 102 ] && grep -q '^exception 3 at pc=' "$log"; then
  summary+=("fault control (fault-demo, RV32IMC): exit $rc, $(grep -m1 '^exception' "$log")")
else
  fail "fault control: the exception did not exit 102 through the exception handler (exit $rc)"
fi
rm -f "$log"

# ---------------------------------------------------------------------------------------- 5
step "panic-free link (panic handler calls an undefined symbol)"
declare -A PF_FLASH
# panic_sites ELF: `panic site: FUNCTION -> CALLEE` for each function of a report link
# (MICROURL_PANIC_REPORT=1: linked despite the undefined symbol) that calls or jumps into the
# panic machinery (run.sh lists them with stack-bound.py --panic-sites, whose source lines
# come from arm-none-eabi-addr2line).
panic_sites() {
  "$LLVM_BIN/llvm-objdump" -d -C --no-show-raw-insn "$1" | awk '
    /^[0-9a-f]+ <.*>:$/ { fn = $0; sub(/^[0-9a-f]+ </, "", fn); sub(/>:$/, "", fn); next }
    /<[^>]*>/ && fn !~ /^core::panicking::|rust_begin_unwind/ {
      t = $0; sub(/.*</, "", t); sub(/(\+0x[0-9a-f]+)?>.*/, "", t)
      if (t ~ /^core::panicking::|^core::slice::index::.*fail|^core::option::(unwrap|expect)_failed|^core::result::unwrap_failed|rust_begin_unwind|^microurl_panic_path_survived_optimization/)
        print "panic site: " fn " -> " t
    }' | sed 's/::h[0-9a-f]\{16\}//g' | sort -u
}
for build in probe probe+idna conformance conformance+idna conformance@z conformance@z+idna; do
  feats=panic-free-link; [[ $build == *+idna ]] && feats+=",idna"
  # `@z`: the conformance image at opt-level "z" too (the probe is built at "z" already).
  opt=(); td="$PF_TD"
  [[ $build == *@z* ]] && opt=(CARGO_PROFILE_RELEASE_OPT_LEVEL=z) && td="$PF_TD/z"
  case $build in
    probe*) cmd=(cargo build -q --profile size -p microurl-probe --features "$feats" --target "$T")
            elf="$td/$T/size/microurl-probe" ;;
    *) cmd=(cargo build -q --release --bin panic-free --no-default-features --features "$feats" --target "$T")
       elf="$td/$T/release/panic-free" ;;
  esac
  if env "${opt[@]}" CARGO_TARGET_DIR="$td" "${cmd[@]}" >/tmp/microurl-rv-pf.log 2>&1; then
    PF_FLASH[$build]=$(flash_of "$elf")
    echo "panic-free link: $T $build ok (flash ${PF_FLASH[$build]} B)"
    summary+=("panic-free link: $T $build ok (flash ${PF_FLASH[$build]} B)")
    if [ "$build" = conformance+idna ]; then
      out="$(./qemu-run.sh "$elf" 2>&1 >/dev/null | grep -v '^qemu-run:')"
      rc=$?
      echo "$out"
      summary+=("panic-free image $T (QEMU): $out")
      [ $rc -eq 0 ] || fail "panic-free image $T: exit $rc"
    fi
  elif grep -q 'undefined symbol: microurl_panic_path_survived_optimization' /tmp/microurl-rv-pf.log; then
    # Keep the image despite the undefined symbol, to list the calls into the panic machinery.
    env "${opt[@]}" MICROURL_PANIC_REPORT=1 CARGO_TARGET_DIR="$td" "${cmd[@]}" >/dev/null 2>&1
    panic_sites "$elf" | head -40 | sed 's/^/    /'
    fail "panic-free link $T $build: $(panic_sites "$elf" | wc -l) panic call sites survive (listed above)"
  else
    tail -20 /tmp/microurl-rv-pf.log
    fail "panic-free link $T $build: build failed"
  fi
done
base=(cargo build -q --profile size -p microurl-probe --target "$T")
if CARGO_TARGET_DIR="$PF_TD" "${base[@]}" --features panic-free-link,baseline >/tmp/microurl-rv-pf.log 2>&1; then
  echo "panic-free link: $T probe-baseline ok"
else
  fail "panic-free link control $T: the probe baseline does not link panic-free"
fi
if CARGO_TARGET_DIR="$PF_TD" "${base[@]}" --features panic-free-link,baseline,index-demo >/tmp/microurl-rv-pf.log 2>&1; then
  fail "panic-free link control $T: an unchecked slice[i] linked"
elif grep -q 'undefined symbol: microurl_panic_path_survived_optimization' /tmp/microurl-rv-pf.log; then
  echo "panic-free link control: $T probe-baseline + unchecked slice[i]: link fails, as it must"
  # The lister of the panic call sites above finds this one.
  CARGO_TARGET_DIR="$PF_TD" MICROURL_PANIC_REPORT=1 "${base[@]}" --features panic-free-link,baseline,index-demo \
    >/dev/null 2>&1
  sites="$(panic_sites "$PF_TD/$T/size/microurl-probe")"
  echo "$sites" | sed 's/^/    /'
  grep -q '^panic site: main -> core::panicking::panic_bounds_check$' <<<"$sites" ||
    fail "panic-free link control $T: the panic call site lister did not find the unchecked slice[i]"
  summary+=("panic-free link control $T: baseline ok; + one unchecked slice[i]: link fails (undefined panic symbol)")
else
  tail -20 /tmp/microurl-rv-pf.log
  fail "panic-free link control $T: index-demo build failed for another reason"
fi
rm -f /tmp/microurl-rv-pf.log

# ---------------------------------------------------------------------------------------- 6
step "size probe ($T, profile size: opt-level z, fat LTO, panic abort)"
declare -A PROBE_FLASH
for name in baseline microurl-no-idna microurl-idna; do
  feats=""
  case $name in baseline) feats=baseline ;; microurl-idna) feats=idna ;; esac
  if ! cargo build -q --profile size -p microurl-probe --target "$T" ${feats:+--features "$feats"}; then
    fail "size probe $name: build"; continue
  fi
  elf="$TD/$T/size/$name.elf"
  cp "$TD/$T/size/microurl-probe" "$elf"
  # The probe prints through SYS_WRITEC, which QEMU sends to stderr.
  out="$(./qemu-run.sh "$elf" 2>&1 >/dev/null)"
  rc=$?
  out="$(printf '%s\n' "$out" | grep -v '^qemu-run:')"
  want="https://user:pass@example.com:8080/a/c?q=1#frag"
  [ "$name" = baseline ] && want="https://user:pass@Example.COM:8080/a/./b/../c?q=1#frag"
  [ $rc -eq 0 ] && [ "$out" = "$want" ] || fail "size probe $name: exit $rc, printed '$out'"
  f=$(flash_of "$elf")
  PROBE_FLASH[$name]=$f
  summary+=("$(printf 'size %-18s RV32IMC flash %7d B (.text %6d, .rodata %6d, .eh_frame %5d, .data %4d) .bss %5d | printed: %s' \
    "$name" "$f" "$(section "$elf" .text)" "$(section "$elf" .rodata)" "$(section "$elf" .eh_frame)" \
    "$(section "$elf" .data)" "$(section "$elf" .bss)" "$out")")
  if [ "$name" != baseline ]; then
    st="$("$LLVM_BIN/llvm-nm" -C --defined-only "$elf" | awk '$2 ~ /^[bBdDsSgG]$/' | grep -i microurl || true)"
    if [ -n "$st" ]; then fail "size probe $name: microurl has static RAM: $st"; fi
  fi
done
for name in microurl-no-idna microurl-idna; do
  [ -n "${PROBE_FLASH[$name]:-}" ] && [ -n "${PROBE_FLASH[baseline]:-}" ] &&
    summary+=("$(printf 'size %-18s RV32IMC minus baseline (runtime + semihosting print, no parse): %7d B' \
      "$name" $((PROBE_FLASH[$name] - PROBE_FLASH[baseline])))")
done

# ---------------------------------------------------------------------------------------- 6b
# run.sh's step 6b on RISC-V: the same firmware tasks (size-probe/programs.rs: riscv-rt, the
# stack painted by its post-init hook), the same expected output (programs.sh), profile size,
# in this script's target dir, whose size-profile library builds (step 6's) they reuse. Each
# image prints its task's output, then `stack N`: its painted high-water since reset, buffers
# included.
step "programs: bootloader, MQTT, CoAP (microurl with/without idna, nourl 0.2; $T, profile size)"
programs_start=$(date +%s)
source "$here/programs.sh"
declare -A PROGRAM_FIG
# run_program VARIANT PROGRAM ELF: runs it, checks its output, records `flash (.eh_frame) / stack`.
run_program() {
  local variant=$1 prog=$2 elf=$3 eh
  check_program "$variant" "$prog" "$elf" || fail "program $variant $prog RV32IMC: $PROGRAM_PRINTED"
  eh="$(section "$elf" .eh_frame)"
  PROGRAM_FIG[$variant/$prog]="$(flash_of "$elf") (${eh:-0}) / ${PROGRAM_STACK:-?}"
}
# build_programs VARIANT CARGO-ARGS...: builds, keeps each image as VARIANT-PROGRAM.elf, runs it.
build_programs() {
  local variant=$1 prog pkg=${1%+idna}; shift
  if ! cargo build -q --profile size "$@" --target "$T"; then
    fail "programs $T: build $variant"; return 1
  fi
  for prog in "${PROGRAMS[@]}"; do
    cp "$TD/$T/size/$pkg-$prog" "$TD/$T/size/$variant-$prog.elf" &&
      run_program "$variant" "$prog" "$TD/$T/size/$variant-$prog.elf"
  done
}
if build_programs microurl -p microurl-programs -p nourl-programs; then
  for prog in "${PROGRAMS[@]}"; do
    cp "$TD/$T/size/nourl-$prog" "$TD/$T/size/nourl-$prog.elf" &&
      run_program nourl "$prog" "$TD/$T/size/nourl-$prog.elf"
  done
  run_program baseline baseline "$TD/$T/size/programs-baseline"
fi
build_programs microurl+idna -p microurl-programs --features idna
# The one-URL row: step 6's size probe.
one_url() {
  local eh; eh="$(section "$TD/$T/size/$1.elf" .eh_frame)"
  [ -n "${PROBE_FLASH[$1]:-}" ] && echo "${PROBE_FLASH[$1]} (${eh:-0}) / -" || echo '?'
}
summary+=("programs $T (profile size; flash (its .eh_frame) / painted stack since reset, in B, buffers included; QEMU-run, output checked):")
summary+=("$(printf '  %-26s %-7s %-20s %-20s %s' program core microurl microurl+idna 'nourl 0.2 + helpers')")
summary+=("$(printf '  %-26s %-7s %-20s %-20s %s' 'one URL (size probe)' RV32IMC "$(one_url microurl-no-idna)" \
  "$(one_url microurl-idna)" -)")
for prog in "${PROGRAMS[@]}"; do
  summary+=("$(printf '  %-26s %-7s %-20s %-20s %s' "$prog" RV32IMC "${PROGRAM_FIG[microurl/$prog]:-?}" \
    "${PROGRAM_FIG[microurl+idna/$prog]:-?}" "${PROGRAM_FIG[nourl/$prog]:-?}")")
done
summary+=("$(printf '  %-26s %-7s %s' 'runtime baseline (no URL)' RV32IMC "${PROGRAM_FIG[baseline/baseline]:-?}")")
summary+=("  programs step: $(($(date +%s) - programs_start)) s")

# ---------------------------------------------------------------------------------------- summary
step "summary"
printf '%s\n' "${summary[@]}"
echo "total time $(($(date +%s) - start)) s"
if [ ${#failures[@]} -ne 0 ]; then
  echo "riscv.sh: ${#failures[@]} failure(s):"; printf '  - %s\n' "${failures[@]}"
  exit 1
fi
echo "riscv.sh: all RISC-V checks passed"
