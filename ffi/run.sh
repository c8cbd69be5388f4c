#!/usr/bin/env bash
# ffi/run.sh — everything for microurl's C API, from any directory:
#
#  1. fmt, clippy and docs of the microurl-ffi crate;
#  2. libmicrourl.a for the host and for thumbv6m, thumbv7m and thumbv7em;
#  3. the header: regenerated with cbindgen and compared with the checked-in
#     ffi/include/microurl.h (stale: fails; MICROURL_FFI_BLESS=1 rewrites it);
#  4. the WPT vectors (urltestdata + javascript-only, setters, toascii) turned into a C table
#     (tests/gen_vectors.py, into target/: never checked in);
#  5. the host C test, -Wall -Wextra -Werror, under AddressSanitizer and UBSan: every vector,
#     the buffer-size sweep, the API's argument checks, the firmware helpers (tests/helpers.c:
#     ports, request-targets, server name, CoAP options both ways, MQTT); the README's C
#     example (built, run, output compared); the C OTA example (examples/ota.c) against
#     scripts/servers/redirect_server.py on 127.0.0.1; the header as C89, C99 and C++; and a negative
#     control (one expected value broken on purpose must fail the run);
#  6. the C firmware for the Cortex-M4F (QEMU mps2-an386), no C library: the link map must
#     hold no malloc/free/realloc/calloc/_sbrk; the same run under QEMU;
#  7. flash sizes: C probes (baseline, parse, every API function but the firmware helpers,
#     every API function) next to the Rust size probe of embedded-tests, with and without
#     idna: one parse through the C API held to its ratchet above the Rust probe
#     (MICROURL_FFI_RUST_PROBE=0 skips building the Rust probes and these checks); the same
#     two parse probes linked with link-time LTO (a bitcode archive linked by rustup's lld,
#     printed only, and each difference split by it: the part gone with link-time LTO and
#     the part kept; MICROURL_FFI_LINK_LTO=0 skips it); the parse
#     probe also on the M0 (microbit) and M3 (lm3s6965evb), from the thumbv6m/thumbv7m archives;
#  7b. the static stack bound of every C function on the M4F (stack-bound.py), beside Rust's
#     `parse` in embedded-tests' own stack image (built as embedded-tests/run.sh builds it:
#     nothing to do after that script); microurl_parse held to its ratchets;
#  8. the CMake package and pkg-config file (cmake-test.sh): find_package, add_subdirectory
#     and pkg-config consumers on the host, the M0 and the M4F (QEMU), idna on and off, and
#     with MICROURL_LINK_LTO (MICROURL_FFI_CMAKE=0 skips it);
#  9. compare.sh: http-parser (strict and not) and libcurl beside the URL Standard on WPT and
#     the real-URL corpora, and http_parser_parse_url's flash beside the C parse probe; the
#     README's table must match (MICROURL_FFI_COMPARE=0 skips it).
set -uo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
cd "$here"
start=$(date +%s)
failures=()
summary=()
fail() { echo "ffi/run.sh: FAIL: $*" >&2; failures+=("$*"); }
step() { echo; echo "=== [$(($(date +%s) - start))s] $*"; }
# need_tool COMMAND DEBIAN-PACKAGE: installs the package when the command is missing.
need_tool() {
  command -v "$1" >/dev/null && return
  local sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "ffi/run.sh: $1 missing, installing Debian package $2"
  { $sudo apt-get update -qq &&
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "$2"; } ||
    { echo "ffi/run.sh: cannot install $2 (for $1)" >&2; exit 1; }
}
need_tool cbindgen cbindgen
need_tool cc gcc
need_tool arm-none-eabi-gcc gcc-arm-none-eabi
need_tool qemu-system-arm qemu-system-arm
need_tool python3 python3

TD="$here/target"
LLVM_BIN="$(rustc --print sysroot)/lib/rustlib/$(rustc -vV | sed -n 's/^host: //p')/bin"
[ -x "$LLVM_BIN/llvm-nm" ] || { echo "llvm-nm missing (rustup component llvm-tools)" >&2; exit 1; }
C="$TD/c"
mkdir -p "$C"
HOSTS=(thumbv6m-none-eabi thumbv7m-none-eabi thumbv7em-none-eabihf)
FW_FLAGS=(-mcpu=cortex-m4 -mthumb -mfloat-abi=hard -mfpu=fpv4-sp-d16)
flash_of() {
  arm-none-eabi-size -A "$1" |
    awk '$1==".vector_table"||$1==".isr_vector"||$1==".text"||$1==".rodata"||$1==".data"||$1==".ARM.exidx"{s+=$2} END{print s}'
}

# ---------------------------------------------------------------------------------------- 1
step "fmt, clippy, doc (microurl-ffi)"
cargo fmt --check || fail "cargo fmt --check"
cargo clippy -q --release -- -D warnings || fail "clippy"
RUSTDOCFLAGS="-D warnings" cargo doc -q --no-deps || fail "cargo doc"

# ---------------------------------------------------------------------------------------- 2
step "libmicrourl.a: host and ${HOSTS[*]}"
cargo build -q --release || { fail "host staticlib"; }
for t in "${HOSTS[@]}"; do
  cargo build -q --release --target "$t" || fail "staticlib $t"
  # No C library needed: nothing undefined but what the archive itself defines.
  # (LLVM's nm: GNU nm cannot read compiler_builtins' objects, which carry LLVM bitcode.)
  undef="$("$LLVM_BIN/llvm-nm" -u "$TD/$t/release/libmicrourl.a" | awk '{print $NF}' | grep -v ':$' | sort -u)"
  defd="$("$LLVM_BIN/llvm-nm" --defined-only "$TD/$t/release/libmicrourl.a" | awk 'NF>=3{print $3}' | sort -u)"
  missing="$(comm -23 <(echo "$undef") <(echo "$defd") | grep -v '^$' || true)"
  if [ -n "$missing" ]; then fail "libmicrourl.a ($t) needs symbols from elsewhere: $(echo $missing)"; fi
  summary+=("libmicrourl.a $t: $(stat -c %s "$TD/$t/release/libmicrourl.a") B archive, undefined outside it: ${missing:-none}")
done

# ---------------------------------------------------------------------------------------- 3
step "header (cbindgen $(cbindgen --version | awk '{print $2}'))"
cbindgen -q --config cbindgen.toml --crate microurl-ffi -o "$C/microurl.h" || fail "cbindgen"
if ! diff -u include/microurl.h "$C/microurl.h"; then
  if [ "${MICROURL_FFI_BLESS:-0}" = 1 ]; then
    cp "$C/microurl.h" include/microurl.h && echo "include/microurl.h rewritten (MICROURL_FFI_BLESS=1)"
  else
    fail "include/microurl.h is stale: regenerate with MICROURL_FFI_BLESS=1 ffi/run.sh"
  fi
else
  summary+=("header: include/microurl.h matches cbindgen's output ($(wc -l <include/microurl.h) lines)")
fi

# ---------------------------------------------------------------------------------------- 4
step "vectors"
python3 tests/gen_vectors.py "$root/tests/data" "$C/vectors.c" || fail "gen_vectors.py"

# ---------------------------------------------------------------------------------------- 5
step "host C test: -Wall -Wextra -Werror, ASan + UBSan"
HOST_CFLAGS=(-std=c11 -Wall -Wextra -Wpedantic -Werror -g -O1 -fsanitize=address,undefined
             -fno-sanitize-recover=all -fno-omit-frame-pointer -Iinclude -Itests)
host_build() { # out extra-flags...
  local out=$1; shift
  cc "${HOST_CFLAGS[@]}" "$@" tests/conformance.c tests/helpers.c tests/cstr.c tests/random.c tests/host_main.c "$C/vectors.c" \
    "$TD/release/libmicrourl.a" -o "$out"
}
host_test() { # name staticlib
  local name=$1 lib=$2 log="$C/host_test_$1.log"
  if cc "${HOST_CFLAGS[@]}" tests/conformance.c tests/helpers.c tests/cstr.c tests/random.c tests/host_main.c "$C/vectors.c" "$lib" \
       -o "$C/host_test_$name"; then
    ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 UBSAN_OPTIONS=print_stacktrace=1 \
      "$C/host_test_$name" --needed >"$log" 2>&1
    local rc=$?
    grep -vE '^FAIL' "$log"; grep -E '^FAIL' "$log" | head -20
    [ $rc -eq 0 ] || fail "host C test ($name): exit $rc"
    grep -qE 'ERROR: AddressSanitizer|runtime error' "$log" && fail "host C test ($name): sanitizer report"
    summary+=("host, $name (ASan+UBSan): $(grep -E '^(urltestdata|setters_tests|toascii|needed|api checks|helpers|cstr|random|ffi:)' "$log" | paste -sd';' | sed 's/;/; /g')")
  else
    fail "host C test ($name): build"
  fi
}
host_test default "$TD/release/libmicrourl.a"
# Without the canonical fast path every URL (bases too) goes through the full parser and
# the arena: the C API's other placement paths.
if cargo build -q --release --no-default-features --features idna --target-dir "$TD/no-fast-path"; then
  host_test no-fast-path "$TD/no-fast-path/release/libmicrourl.a"
else
  fail "host staticlib without the fast path"
fi
# The README's C example: extracted, built like the test, run, its output compared.
awk '/<!-- ffi-readme-example -->/{f=1;next} f&&/^```c$/{g=1;next} g&&/^```$/{exit} g{print}' \
  "$root/README.md" >"$C/readme_example.c"
if cc "${HOST_CFLAGS[@]}" "$C/readme_example.c" "$TD/release/libmicrourl.a" -o "$C/readme_example"; then
  printf 'GET /fw/v1/manifest.json?board=m4f HTTP/1.1\r\nHost: ota.example\r\nredirected to http://ota.example/fw/v2/image.bin (port 80)\nGET /fw/v2/image.bin HTTP/1.1\r\nHost: ota.example\r\n' >"$C/readme_example.want"
  if "$C/readme_example" >"$C/readme_example.got" && cmp -s "$C/readme_example.want" "$C/readme_example.got"; then
    summary+=("README C example: built with -Werror and sanitizers, output as expected")
  else
    diff "$C/readme_example.want" "$C/readme_example.got"; fail "README C example: wrong output"
  fi
else
  fail "README C example: build"
fi
# The C OTA example (examples/ota.c: POSIX sockets, the NUL-terminated outputs, redirects
# followed with microurl_join) against the redirect server of scripts/real-servers.sh.
if cc "${HOST_CFLAGS[@]}" -D_DEFAULT_SOURCE examples/ota.c "$TD/release/libmicrourl.a" -o "$C/ota"; then
  rm -f "$C/ota.port"
  timeout 60 python3 "$root/scripts/servers/redirect_server.py" >"$C/ota.port" 2>"$C/ota-server.log" &
  server=$!
  for _ in $(seq 50); do [ -s "$C/ota.port" ] && break; sleep 0.1; done
  if timeout 30 "$C/ota" "http://127.0.0.1:$(head -1 "$C/ota.port")/fw/latest" >"$C/ota.out" 2>&1 &&
     grep -qx 'image: 27 bytes after 4 redirects \[301, 302, 307, 308\]' "$C/ota.out"; then
    summary+=("C OTA example (ASan+UBSan) against scripts/servers/redirect_server.py: $(tail -1 "$C/ota.out")")
  else
    cat "$C/ota.out"; fail "C OTA example: wrong output"
  fi
  kill "$server" 2>/dev/null; wait "$server" 2>/dev/null
else
  fail "C OTA example: build"
fi
# The header alone as C89 (a firmware's -std=c89 or gnu89 -pedantic) and as C99.
echo '#include "microurl.h"' >"$C/c99_check.c"
cc -std=c89 -Wall -Wextra -Wpedantic -Werror -Iinclude -c "$C/c99_check.c" -o "$C/c89_check.o" ||
  fail "the header is not C89"
cc -std=c99 -Wall -Wextra -Wpedantic -Werror -Iinclude -c "$C/c99_check.c" -o "$C/c99_check.o" ||
  fail "the header is not C99"
# The C++ compilers see the same header (cbindgen's cpp_compat).
if command -v c++ >/dev/null; then
  echo '#include "microurl.h"
int main() { microurl_url u{}; return (int)microurl_check(&u).status; }' >"$C/cpp_check.cpp"
  c++ -std=c++17 -Wall -Wextra -Werror -Iinclude -c "$C/cpp_check.cpp" -o "$C/cpp_check.o" ||
    fail "the header does not compile as C++"
fi

step "negative control: one expected value broken on purpose must fail the host test"
if host_build "$C/host_fail_demo" -DMICROURL_FAIL_DEMO; then
  "$C/host_fail_demo" >"$C/fail_demo.log" 2>&1
  rc=$?
  grep -E '^(FAIL|ffi:)' "$C/fail_demo.log" | head -3
  if [ $rc -ne 0 ] && grep -q '^ffi: [0-9]* passed, 1 failed' "$C/fail_demo.log"; then
    summary+=("negative control: exit $rc, $(grep '^ffi:' "$C/fail_demo.log")")
  else
    fail "negative control: a broken expectation did not fail the run (exit $rc)"
  fi
else
  fail "negative control: build"
fi

# ---------------------------------------------------------------------------------------- 6
step "C firmware, Cortex-M4F (QEMU mps2-an386), no C library"
T=thumbv7em-none-eabihf
FW_CFLAGS=("${FW_FLAGS[@]}" -std=c11 -Wall -Wextra -Wpedantic -Werror -Os -g -ffreestanding -nostdlib
           -ffunction-sections -fdata-sections -Iinclude -Itests -Ifirmware)
# Linker script: the board's MEMORY, then the sections.
for b in mps2 microbit lm3s6965evb; do cat "firmware/memory/$b.ld" firmware/sections.ld >"$C/$b.ld"; done
FW_LDFLAGS=(-lgcc -Wl,--gc-sections -Wl,-z,noexecstack)
if arm-none-eabi-gcc "${FW_CFLAGS[@]}" firmware/startup.c firmware/main.c tests/conformance.c tests/helpers.c tests/cstr.c tests/random.c \
     "$C/vectors.c" "$TD/$T/release/libmicrourl.a" -T "$C/mps2.ld" "${FW_LDFLAGS[@]}" -Wl,-Map="$C/firmware.map" \
     -o "$C/firmware.elf"; then
  heap="$(grep -nwE 'malloc|free|realloc|calloc|_sbrk|_malloc_r|_free_r' "$C/firmware.map" || true)"
  heap_nm="$(arm-none-eabi-nm "$C/firmware.elf" | grep -wE 'malloc|free|realloc|calloc|_sbrk' || true)"
  if [ -n "$heap$heap_nm" ]; then fail "firmware links a heap: $heap $heap_nm"; fi
  log="$C/firmware.log"
  timeout 300 qemu-system-arm -machine mps2-an386 -nographic -monitor none -serial none \
    -semihosting-config enable=on,target=native -kernel "$C/firmware.elf" >"$log" 2>&1
  rc=$?
  grep -vE '^FAIL' "$log"; grep -E '^FAIL' "$log" | head -20
  [ $rc -eq 0 ] || fail "firmware under QEMU: exit $rc"
  summary+=("firmware M4F (QEMU): $(grep -E '^(urltestdata|setters_tests|toascii|needed|api checks|helpers|cstr|random|ffi:|stack)' "$log" | paste -sd';' | sed 's/;/; /g')")
  summary+=("firmware M4F: flash $(flash_of "$C/firmware.elf") B (vectors and test code included), .bss $(arm-none-eabi-size -A "$C/firmware.elf" | awk '$1==".bss"{print $2}') B; link map: no malloc/free/realloc/calloc/_sbrk")
else
  fail "firmware: build"
fi

# ---------------------------------------------------------------------------------------- 7
step "flash size probes (thumbv7em, opt-level z, fat LTO, no fast path: as embedded-tests' probe)"
declare -A FLASH
# probe_one NAME MACRO: one parse probe from the current size archive, run under QEMU; its
# flash in FLASH[NAME].
probe_one() {
  local name=$1 macro=$2 rc
  if arm-none-eabi-gcc "${FW_FLAGS[@]}" -std=c11 -Wall -Wextra -Wpedantic -Werror -Os -ffreestanding -nostdlib \
       -ffunction-sections -fdata-sections -D$macro -Iinclude -Ifirmware firmware/startup.c \
       firmware/probe.c "$TD/$T/size/libmicrourl.a" -T "$C/mps2.ld" "${FW_LDFLAGS[@]}" -o "$C/probe_$name.elf"; then
    timeout 20 qemu-system-arm -machine mps2-an386 -nographic -monitor none -serial none \
      -semihosting-config enable=on,target=native -kernel "$C/probe_$name.elf" >"$C/probe_$name.out" 2>&1
    rc=$?
    if [ $rc -eq 0 ] && grep -qx "https://user:pass@example.com:8080/a/c?q=1#frag" "$C/probe_$name.out"; then
      FLASH[$name]=$(flash_of "$C/probe_$name.elf")
    else
      fail "probe $name: exit $rc, printed '$(cat "$C/probe_$name.out")'"
    fi
  else
    fail "probe $name: build"
  fi
}
# One parse without idna first (the archive is rebuilt with idna below).
if cargo build -q --profile size --no-default-features --target $T; then
  probe_one PARSE_NOIDNA PROBE_PARSE
  probe_one PARSE_ABSOLUTE_NOIDNA PROBE_PARSE_ABSOLUTE
else
  fail "size staticlib without idna"
fi
cargo build -q --profile size --no-default-features --features idna --target $T || fail "size staticlib"
probe_one PARSE_ABSOLUTE PROBE_PARSE_ABSOLUTE
for m in BASELINE PARSE CORE ALL; do
  elf="$C/probe_$m.elf"
  if arm-none-eabi-gcc "${FW_FLAGS[@]}" -std=c11 -Wall -Wextra -Wpedantic -Werror -Os -ffreestanding -nostdlib \
       -ffunction-sections -fdata-sections -DPROBE_$m -Iinclude -Ifirmware firmware/startup.c \
       firmware/probe.c "$TD/$T/size/libmicrourl.a" -T "$C/mps2.ld" "${FW_LDFLAGS[@]}" -o "$elf"; then
    # (Into a file: QEMU's semihosting console does not write into a pipe here.)
    timeout 20 qemu-system-arm -machine mps2-an386 -nographic -monitor none -serial none \
      -semihosting-config enable=on,target=native -kernel "$elf" >"$C/probe_$m.out" 2>&1
    rc=$?
    printed="$(cat "$C/probe_$m.out")"
    want="https://user:pass@example.com:8080/a/c?q=1#frag"
    [ $m = BASELINE ] && want="https://user:pass@Example.COM:8080/a/./b/../c?q=1#frag"
    [ $rc -eq 0 ] && [ "$printed" = "$want" ] || fail "probe $m: exit $rc, printed '$printed'"
    FLASH[$m]=$(flash_of "$elf")
  else
    fail "probe $m: build"
  fi
done
for m in PARSE CORE ALL; do
  [ -n "${FLASH[$m]:-}" ] && [ -n "${FLASH[BASELINE]:-}" ] &&
    summary+=("$(printf 'size C probe %-8s flash %6d B, minus the C baseline (%d B): %6d B' \
      "$m" "${FLASH[$m]}" "${FLASH[BASELINE]}" $((FLASH[$m] - FLASH[BASELINE])))")
done
[ -n "${FLASH[ALL]:-}" ] && [ -n "${FLASH[CORE]:-}" ] &&
  summary+=("size C probe: the firmware helpers (ports, request-targets, server name, CoAP, MQTT) add $((FLASH[ALL] - FLASH[CORE])) B (ALL minus CORE)")
# The M0 and M3 archives from C too: the parse probe on QEMU microbit and lm3s6965evb.
for spec in "thumbv6m-none-eabi cortex-m0 microbit M0" "thumbv7m-none-eabi cortex-m3 lm3s6965evb M3"; do
  read -r t cpu board core <<<"$spec"
  elf="$C/probe_PARSE_$core.elf"
  if cargo build -q --profile size --no-default-features --features idna --target "$t" &&
     arm-none-eabi-gcc -mcpu=$cpu -mthumb -mfloat-abi=soft -std=c11 -Wall -Wextra -Wpedantic -Werror -Os \
       -ffreestanding -nostdlib -ffunction-sections -fdata-sections -DPROBE_PARSE -Iinclude \
       -Ifirmware firmware/startup.c firmware/probe.c "$TD/$t/size/libmicrourl.a" -T "$C/$board.ld" \
       "${FW_LDFLAGS[@]}" -o "$elf"; then
    timeout 20 qemu-system-arm -machine "$board" -nographic -monitor none -serial none \
      -semihosting-config enable=on,target=native -kernel "$elf" >"$C/probe_PARSE_$core.out" 2>&1
    rc=$?
    if [ $rc -eq 0 ] && grep -qx "https://user:pass@example.com:8080/a/c?q=1#frag" "$C/probe_PARSE_$core.out"; then
      summary+=("$(printf 'size C probe PARSE on %-3s (%s) flash %6d B, href printed' "$core" "$board" "$(flash_of "$elf")")")
    else
      fail "probe PARSE on $core ($board): exit $rc, printed '$(cat "$C/probe_PARSE_$core.out")'"
    fi
  else
    fail "probe PARSE on $core: build"
  fi
done
if [ "${MICROURL_FFI_RUST_PROBE:-1}" = 1 ]; then
  # The Rust probes record validation errors, as every C API build does (`microurl_url`
  # carries them): the same parse on both sides.
  (cd "$root/embedded-tests" &&
     cargo build -q --profile size -p microurl-probe --target $T --features baseline &&
     cp target/$T/size/microurl-probe target/$T/size/ffi-cmp-baseline.elf &&
     cargo build -q --profile size -p microurl-probe --target $T --features idna,validation-errors &&
     cp target/$T/size/microurl-probe target/$T/size/ffi-cmp-idna.elf &&
     cargo build -q --profile size -p microurl-probe --target $T --features validation-errors &&
     cp target/$T/size/microurl-probe target/$T/size/ffi-cmp-noidna.elf) || fail "Rust size probe"
  rb="$(flash_of "$root/embedded-tests/target/$T/size/ffi-cmp-baseline.elf")"
  ri="$(flash_of "$root/embedded-tests/target/$T/size/ffi-cmp-idna.elf")"
  rn="$(flash_of "$root/embedded-tests/target/$T/size/ffi-cmp-noidna.elf")"
  summary+=("$(printf 'size Rust probe (microurl-idna) flash %6d B, minus its baseline (%d B): %6d B' "$ri" "$rb" $((ri - rb)))")
  summary+=("$(printf 'size Rust probe (no idna)     flash %6d B, minus its baseline (%d B): %6d B' "$rn" "$rb" $((rn - rb)))")
  # One parse through the C API against the same parse in Rust, each above its own runtime,
  # held to a ratchet on the difference (MICROURL_FFI_FLASH_OVER_RUST_<PROBE>, bytes; 32 B
  # above the last measured figures: builds of equivalent source differ by a few bytes, as the
  # symbols' hashes, which depend on the checkout's path and the source text, change the
  # outliner's choices). The
  # issue's aim is 1 KiB; what the C side links beyond the Rust probe is in LIMITS.md.
  parity() { # LABEL PROBE RUST-ABOVE-BASELINE RATCHET
    [ -n "${FLASH[$2]:-}" ] && [ -n "${FLASH[BASELINE]:-}" ] || return
    local over=$((FLASH[$2] - FLASH[BASELINE] - $3))
    summary+=("$(printf 'size parity, %-30s C %6d B (flash %6d B) vs Rust %6d B above their baselines: C %5d B more (ratchet %d B; aim 1,024 B: %s)' \
      "$1:" $((FLASH[$2] - FLASH[BASELINE])) "${FLASH[$2]}" "$3" "$over" "$4" "$([ "$over" -le 1024 ] && echo met || echo not met)")")
    [ "$over" -le "$4" ] || fail "flash: $1 links $over B more than the Rust probe (ratchet $4 B)"
  }
  # utf8_of ELF: the bytes of core::str::from_utf8 in it (0 when inlined).
  utf8_of() {
    local s=0 h
    for h in $("$LLVM_BIN/llvm-nm" -S --defined-only "$1" | awk '$4 ~ /4core3str8converts9from_utf8/ {print $2}'); do
      s=$((s + 16#$h))
    done
    echo "$s"
  }
  # own_code ELF: the C API's own functions in a parse probe (the wrappers, the argument
  # checks, the struct written and checked, the base string's placement and stand-in), the
  # largest first, and their sum; then core::str::from_utf8 (the strings' UTF-8 check).
  own_code() {
    local sum=0 list="" size name
    while read -r size name; do
      sum=$((sum + size)); list+="$name $size, "
    done < <("$LLVM_BIN/llvm-nm" -S -C --defined-only "$1" |
      awk 'NF>=4 && $3 ~ /^[tT]$/ {n=$4; for (i=5; i<=NF; i++) n=n" "$i; print $2, n}' |
      sed -E 's/::h[0-9a-f]{16}$//' |
      grep -E ' (microurl_[a-z_0-9]+|microurl::(io|store|needed|absolute)::.*|microurl::(parse_arguments|is_struct_of|view)(<.*)?)$' |
      while read -r hex name; do echo "$((16#$hex)) ${name#microurl::}"; done | sort -rn)
    echo "$sum B: ${list%, }; core::str::from_utf8 $(utf8_of "$1") B"
  }
  for spec in "no idna:PARSE_NOIDNA" "no idna:PARSE_ABSOLUTE_NOIDNA" "idna:PARSE"; do
    probe=${spec#*:}
    [ -f "$C/probe_$probe.elf" ] && [ -n "${FLASH[$probe]:-}" ] &&
      summary+=("size parity, the C API's own code in probe $probe (${spec%%:*}): $(own_code "$C/probe_$probe.elf")")
  done
  parity "idna, microurl_parse" PARSE $((ri - rb)) "${MICROURL_FFI_FLASH_OVER_RUST_PARSE:-4796}"
  parity "idna, microurl_parse_absolute" PARSE_ABSOLUTE $((ri - rb)) "${MICROURL_FFI_FLASH_OVER_RUST_PARSE_ABSOLUTE:-3812}"
  parity "no idna, microurl_parse" PARSE_NOIDNA $((rn - rb)) "${MICROURL_FFI_FLASH_OVER_RUST_PARSE_NOIDNA:-5032}"
  parity "no idna, microurl_parse_absolute" PARSE_ABSOLUTE_NOIDNA $((rn - rb)) "${MICROURL_FFI_FLASH_OVER_RUST_PARSE_ABSOLUTE_NOIDNA:-4000}"
  # The same probes linked with link-time LTO (MICROURL_FFI_LINK_LTO=0 skips it): the archive
  # as LLVM bitcode (-C linker-plugin-lto), linked through gcc by rustup's lld
  # (-fuse-ld=lld), which optimizes the library for the functions the firmware calls, as
  # rustc does for the Rust probe, not for every function of the C API as the archive is.
  # What that part of the difference is; printed, not held to a ratchet. Each ordinary
  # probe's difference is then split by structure: the part the link-time LTO link drops
  # (the archive optimized for every function of the C API), and the part it keeps: the C
  # API's own code (argument checks, the struct written and checked again by microurl_href,
  # the result codes, a base string's handling), what the Rust probe's buffer sizes, known
  # to its compiler, let it drop, and the input's UTF-8 check, core::str::from_utf8, which
  # the Rust probe links too but in its baseline (its input is checked the same way).
  if [ "${MICROURL_FFI_LINK_LTO:-1}" = 1 ]; then
    for spec in "noidna:$((rn - rb))" "idna:$((ri - rb))"; do
      v=${spec%%:*} rust=${spec#*:} feat=()
      [ "$v" = idna ] && feat=(--features idna)
      lib="$TD/link-lto-$v/$T/size/libmicrourl.a"
      RUSTFLAGS="-C linker-plugin-lto" cargo build -q --profile size --no-default-features "${feat[@]}" \
        --target $T --target-dir "$TD/link-lto-$v" || { fail "bitcode archive ($v)"; continue; }
      line="" parts=()
      for m in PARSE PARSE_ABSOLUTE; do
        elf="$C/probe_link_lto_${m}_$v.elf"
        if arm-none-eabi-gcc "${FW_FLAGS[@]}" -std=c11 -Wall -Wextra -Wpedantic -Werror -Os -ffreestanding -nostdlib \
             -ffunction-sections -fdata-sections -DPROBE_$m -Iinclude -Ifirmware firmware/startup.c \
             firmware/probe.c "$lib" -T "$C/mps2.ld" -B"$LLVM_BIN/gcc-ld" -fuse-ld=lld "${FW_LDFLAGS[@]}" -o "$elf" &&
           timeout 20 qemu-system-arm -machine mps2-an386 -nographic -monitor none -serial none \
             -semihosting-config enable=on,target=native -kernel "$elf" >"$elf.out" 2>&1 &&
           grep -qx "https://user:pass@example.com:8080/a/c?q=1#frag" "$elf.out"; then
          lto_over=$(( $(flash_of "$elf") - FLASH[BASELINE] - rust ))
          line+="$(printf 'microurl_%s C %6d B (%d B more), ' "${m,,}" $(( $(flash_of "$elf") - FLASH[BASELINE] )) "$lto_over")"
          probe=$m; [ "$v" = noidna ] && probe=${m}_NOIDNA
          if [ -n "${FLASH[$probe]:-}" ]; then
            over=$((FLASH[$probe] - FLASH[BASELINE] - rust))
            parts+=("$(printf 'size parity by structure, %-6s microurl_%-14s C %5d B more than Rust = %5d B gone with link-time LTO (the archive optimized for every C function) + %5d B kept (of it core::str::from_utf8 %d B)' \
              "$v," "${m,,}:" "$over" $((over - lto_over)) "$lto_over" "$(utf8_of "$C/probe_$probe.elf")")")
          fi
        else
          fail "link-time LTO probe $m ($v)"
        fi
      done
      summary+=("size parity with link-time LTO (bitcode archive, lld), $v: ${line%, } vs Rust $rust B" "${parts[@]}")
    done
  fi
fi

# ---------------------------------------------------------------------------------------- 7b
step "static stack bound of the C API (M4F, release, idna without fast path: embedded-tests' build)"
# The archive with .stack_sizes (-Z emit-stack-sizes through RUSTC_BOOTSTRAP, its own target
# dir), every function linked (PROBE_ALL); embedded-tests/stack-bound.py from each microurl_*.
STACK_TD="$TD/stack"
if RUSTC_BOOTSTRAP=1 RUSTFLAGS="-Z emit-stack-sizes" cargo build -q --release --no-default-features --features idna \
     --target $T --target-dir "$STACK_TD" &&
   arm-none-eabi-gcc "${FW_FLAGS[@]}" -std=c11 -Wall -Wextra -Wpedantic -Werror -Os -ffreestanding -nostdlib \
     -ffunction-sections -fdata-sections -DPROBE_ALL -Iinclude -Ifirmware firmware/startup.c firmware/probe.c \
     "$STACK_TD/$T/release/libmicrourl.a" -T "$C/mps2.ld" "${FW_LDFLAGS[@]}" -o "$C/stack_probe.elf"; then
  # Every function is bounded: the ones that write a library value's text (origin,
  # percent_encode, form_encode, origin_cstr) call its `write_to`, not core::fmt's
  # indirect calls, which no static analysis follows; one that did is a failure below.
  python3 "$root/embedded-tests/stack-bound.py" "$C/stack_probe.elf" $T --llvm-bin "$LLVM_BIN" \
    --entry-prefix microurl_ --chains >"$C/stack-bound.log" 2>&1
  bounds="$(sed -n 's/^static stack bound: [^ ]* \([a-z_0-9]*\) \([0-9]*\) B$/\1 \2/p' "$C/stack-bound.log")"
  if [ -z "$bounds" ]; then
    fail "static stack bound: no figure (see $C/stack-bound.log)"
  else
    grep -A1 -E '^static stack bound: [^ ]+ (parse|parse_absolute|join) ' "$C/stack-bound.log" | cut -c1-300
    b_of() { echo "$bounds" | awk -v n="$1" '$1==n{print $2}'; }
    unresolved="$(grep -oE '^stack-bound: ERROR: [a-z_0-9]+' "$C/stack-bound.log" | awk '{print $3}' | sort -u | paste -sd' ')"
    [ -z "$unresolved" ] || fail "static stack bound: no bound for $unresolved (an indirect call: $C/stack-bound.log)"
    # Rust's `parse` beside it: the bound of embedded-tests' entry point in its own stack
    # image (release, idna, no fast path: the build above), built as embedded-tests/run.sh
    # builds it, so that after that script this is only the analysis.
    rust_parse=""
    if [ "${MICROURL_FFI_RUST_PROBE:-1}" = 1 ]; then
      RUST_STACK_TD="$root/embedded-tests/target/stack"
      if (cd "$root/embedded-tests" && MICROURL_SHARD=0/1 RUSTC_BOOTSTRAP=1 RUSTFLAGS="-Z emit-stack-sizes" \
            CARGO_TARGET_DIR="$RUST_STACK_TD" cargo build -q --release --bin conformance --target $T) &&
         python3 "$root/embedded-tests/stack-bound.py" "$RUST_STACK_TD/$T/release/conformance" $T \
           --llvm-bin "$LLVM_BIN" >"$C/rust-stack-bound.log" 2>&1; then
        rust_parse="$(sed -n 's/^static stack bound: [^ ]* parse \([0-9]*\) B$/\1/p' "$C/rust-stack-bound.log")"
      fi
      [ -n "$rust_parse" ] || fail "static stack bound of Rust's parse (embedded-tests' stack image, $C/rust-stack-bound.log)"
    fi
    # Ratchets on microurl_parse: its bound (MICROURL_FFI_PARSE_STACK_MAX), and its excess
    # over Rust's parse (MICROURL_FFI_PARSE_STACK_OVER_RUST_MAX: the issue's 128 B, met).
    # The excess is one frame holding the base's URL and the input's over the parser's.
    max=${MICROURL_FFI_PARSE_STACK_MAX:-1360}
    over_max=${MICROURL_FFI_PARSE_STACK_OVER_RUST_MAX:-128}
    [ "$(b_of parse)" -le "$max" ] || fail "static stack bound of microurl_parse $(b_of parse) B > $max B"
    beside=""
    if [ -n "$rust_parse" ]; then
      for f in parse parse_absolute join; do
        beside+="$f $(b_of $f) B ($(( $(b_of $f) - rust_parse )) B over Rust's parse), "
      done
      over=$(( $(b_of parse) - rust_parse ))
      [ "$over" -le "$over_max" ] || fail "static stack bound of microurl_parse $over B over Rust's parse (ratchet $over_max B)"
      summary+=("static stack bound M4F, one parse: Rust parse $rust_parse B (embedded-tests' image); C ${beside%, }; aim within 128 B: parse $([ "$over" -le 128 ] && echo met || echo not met), parse_absolute $([ $(( $(b_of parse_absolute) - rust_parse )) -le 128 ] && echo met || echo not met)")
    fi
    summary+=("static stack bound M4F: parse $(b_of parse) B, parse_absolute $(b_of parse_absolute) B, join $(b_of join) B, can_parse $(b_of can_parse) B, href $(b_of href) B, set_href $(b_of set_href) B, server_name_cstr $(b_of server_name_cstr) B, request_target_cstr $(b_of request_target_cstr) B, host_header_cstr $(b_of host_header_cstr) B; largest of the $(echo "$bounds" | wc -l) entries: $(echo "$bounds" | sort -k2 -n | tail -1); unresolved: ${unresolved:-none}")
  fi
else
  fail "static stack bound: build"
fi

# ---------------------------------------------------------------------------------------- 8
if [ "${MICROURL_FFI_CMAKE:-1}" = 1 ]; then
  step "CMake package, pkg-config (cmake-test.sh)"
  "$here/cmake-test.sh" >"$C/cmake-test.log" 2>&1
  rc=$?
  sed -n '/^=== cmake-test summary/,$p' "$C/cmake-test.log"
  if [ $rc -eq 0 ]; then
    while read -r line; do summary+=("cmake: $line"); done \
      < <(sed -n '/^=== cmake-test summary/,/^total time/p' "$C/cmake-test.log" | sed '1d')
  else
    grep -E 'FAIL' "$C/cmake-test.log" | head -20
    fail "cmake-test.sh: exit $rc (log: $C/cmake-test.log)"
  fi
fi

# ---------------------------------------------------------------------------------------- 9
if [ "${MICROURL_FFI_COMPARE:-1}" = 1 ]; then
  step "beside http-parser and libcurl (compare.sh)"
  if "$here/compare.sh" >"$C/compare.log" 2>&1; then
    grep -E '^\| ' "$C/compare.log"
    summary+=("compare: http-parser strict / non-strict and libcurl beside the URL Standard: the README table matches this run ($(grep -c '^| [WEep]' "$C/compare.log") rows); flash above the C baseline: $(grep 'http_parser_parse_url' "$C/compare.log" | awk -F'|' '{print $3}' | xargs) for http_parser_parse_url, $(sed -n 's/^microurl_parse above the same C baseline: \(.*\) B (without \/ with idna)$/\1 B/p' "$C/compare.log") for microurl_parse (no idna / idna)")
  else
    tail -30 "$C/compare.log"
    fail "compare.sh (log: $C/compare.log)"
  fi
fi

# ---------------------------------------------------------------------------------------- summary
step "summary"
printf '%s\n' "${summary[@]}"
echo "total time $(($(date +%s) - start)) s"
if [ ${#failures[@]} -ne 0 ]; then
  echo "ffi/run.sh: ${#failures[@]} failure(s):"; printf '  - %s\n' "${failures[@]}"
  exit 1
fi
echo "ffi/run.sh: all C API checks passed"
