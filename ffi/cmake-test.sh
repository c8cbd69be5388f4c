#!/usr/bin/env bash
# ffi/cmake-test.sh — microurl's C build integration as a firmware developer uses it, from any
# directory (called by ffi/run.sh; alone it takes about a minute once ffi/target is warm):
#
#  for the host, the Cortex-M0 (thumbv6m, QEMU microbit) and the Cortex-M4F (thumbv7em,
#  QEMU mps2-an386), with idna on and off (the Cortex-M builds without idna also drop the
#  fast path, the smallest firmware):
#  1. the CMake package (ffi/CMakeLists.txt) configured, built by cargo and installed with
#     `cmake --install --prefix` somewhere else than configured (the package is relocatable);
#  2. the consumer (tests/cmake: main.c) configured against it with find_package(microurl),
#     built and run (Cortex-M: under QEMU, with ffi/firmware's startup code; the toolchain
#     file is ffi/cmake/arm-none-eabi.cmake);
#  3. the same consumer with add_subdirectory(ffi), built and run;
#  4. `pkg-config --cflags --libs microurl` on the installed tree, the consumer built with
#     those flags alone (and, cross, the CPU's -mcpu= and -mthumb and ffi/firmware's startup
#     code: the .pc carries the float ABI of the archive) and run;
#  and with MICROURL_LINK_LTO (the archive as LLVM bitcode, the consumer linked by rustc's
#  lld) on the host and on the M4F, without idna and the fast path (a short build).
# The consumer prints "consumer: ok" and exits 0 only when the NUL-terminated outputs are
# right and an internationalized host is converted (idna on) or refused with
# MICROURL_ERROR_IDNA_UNAVAILABLE (idna off), as the package's MICROURL_HAS_IDNA says.
# cargo's target directory is ffi/target (shared with ffi/run.sh); CMake's build trees are
# made fresh under ffi/target/cmake-test.
#
# Not built here (no Zephyr or ESP-IDF tree): ffi/zephyr and ffi/esp-idf/microurl, documented
# in the README with the commands a user runs.
set -uo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
cd "$here"
start=$(date +%s)
failures=()
summary=()
fail() { echo "ffi/cmake-test.sh: FAIL: $*" >&2; failures+=("$*"); }
# need_tool COMMAND DEBIAN-PACKAGE: installs the package when the command is missing.
need_tool() {
  command -v "$1" >/dev/null && return
  local sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "ffi/cmake-test.sh: $1 missing, installing Debian package $2"
  { $sudo apt-get update -qq &&
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "$2"; } ||
    { echo "ffi/cmake-test.sh: cannot install $2 (for $1)" >&2; exit 1; }
}
need_tool cmake cmake
need_tool pkg-config pkgconf
need_tool cc gcc
need_tool arm-none-eabi-gcc gcc-arm-none-eabi
need_tool qemu-system-arm qemu-system-arm

B="$here/target/cmake-test"
rm -rf "$B"
mkdir -p "$B"
TC="$here/cmake/arm-none-eabi.cmake"
CARGO_TD=(-DMICROURL_CARGO_TARGET_DIR="$here/target")

# run_consumer NAME CPU BOARD BUILD-DIR: runs the consumer (host, or QEMU for the board);
# 0 when it exited 0 and said "consumer: ok".
run_consumer() {
  local name=$1 cpu=$2 board=$3 dir=$4 rc machine
  if [ "$cpu" = host ]; then
    "$dir/consumer" >"$dir/out" 2>&1
  else
    machine=$board; [ "$board" = mps2 ] && machine=mps2-an386
    # (Into a file: QEMU's semihosting console does not write into a pipe here.)
    timeout 30 qemu-system-arm -machine "$machine" -nographic -monitor none -serial none \
      -semihosting-config enable=on,target=native -kernel "$dir/consumer" >"$dir/out" 2>&1
  fi
  rc=$?
  if [ $rc -ne 0 ] || ! grep -qx 'consumer: ok' "$dir/out"; then
    sed 's/^/    /' "$dir/out"
    fail "$name: consumer exit $rc"
    return 1
  fi
}

# configure DIR SOURCE ARGS...: cmake configure, quiet unless it fails.
configure() {
  local dir=$1 src=$2; shift 2
  cmake -S "$src" -B "$dir" "$@" >"$dir.configure.log" 2>&1 || { cat "$dir.configure.log"; return 1; }
}
build() { cmake --build "$1" >"$1.build.log" 2>&1 || { cat "$1.build.log"; return 1; }; }

# one NAME CPU BOARD IDNA FAST_PATH [LINK_LTO]
one() {
  local name=$1 cpu=$2 board=$3 idna=$4 fast=$5 lto=${6:-OFF} t0 cross=() opts elf notes=()
  t0=$(date +%s)
  opts=(-DMICROURL_IDNA="$idna" -DMICROURL_FAST_PATH="$fast" -DMICROURL_LINK_LTO="$lto")
  [ "$cpu" = host ] || cross=(-DCMAKE_TOOLCHAIN_FILE="$TC" -DMICROURL_CPU="$cpu" -DMICROURL_BOARD="$board")
  local d="$B/$name" prefix="$B/$name/installed"
  mkdir -p "$d"
  echo "--- $name: package (idna $idna, fast path $fast, link-time LTO $lto)"
  # 1. The package: installed with --prefix elsewhere than configured (relocatable).
  if ! { configure "$d/pkg" . "${cross[@]}" "${opts[@]}" "${CARGO_TD[@]}" -DCMAKE_INSTALL_PREFIX=/nonexistent &&
         build "$d/pkg" && cmake --install "$d/pkg" --prefix "$prefix" >"$d/install.log" 2>&1; }; then
    fail "$name: package build or install"; return
  fi
  grep -E 'cargo:' "$d/pkg.build.log" | sed 's/^\[[ 0-9]*%\] /    /'
  # 2. find_package.
  if configure "$d/find" tests/cmake "${cross[@]}" -DCMAKE_PREFIX_PATH="$prefix" && build "$d/find"; then
    run_consumer "$name find_package" "$cpu" "$board" "$d/find" && notes+=("find_package ok")
  else
    fail "$name: find_package consumer build"
  fi
  # 3. add_subdirectory.
  if configure "$d/subdir" tests/cmake "${cross[@]}" "${opts[@]}" "${CARGO_TD[@]}" -DMICROURL_CONSUMER=add_subdirectory &&
     build "$d/subdir"; then
    run_consumer "$name add_subdirectory" "$cpu" "$board" "$d/subdir" && notes+=("add_subdirectory ok")
  else
    fail "$name: add_subdirectory consumer build"
  fi
  # 4. pkg-config: the consumer built with its flags alone, beside the CPU's -mcpu= and
  #    -mthumb (cross: no float ABI flag of its own, the .pc carries the archive's).
  local flags pc_cc=(cc -std=c11) pc_fw=()
  if [ "$cpu" != host ]; then
    pc_cc=(arm-none-eabi-gcc -mcpu="$cpu" -mthumb -std=c11 -Os -ffreestanding)
    cat "firmware/memory/$board.ld" firmware/sections.ld >"$d/pc.ld"
    pc_fw=(-DCONSUMER_FIRMWARE=1 -Ifirmware firmware/startup.c -nostdlib -T "$d/pc.ld" -lgcc -Wl,-z,noexecstack)
  fi
  if flags="$(PKG_CONFIG_PATH="$prefix/lib/pkgconfig" pkg-config --cflags --libs microurl)"; then
    echo "    pkg-config --cflags --libs microurl: $flags"
    mkdir -p "$d/pc"
    # shellcheck disable=SC2086 # the flags are words
    if "${pc_cc[@]}" -Wall -Wextra -Wpedantic -Werror tests/cmake/main.c $flags "${pc_fw[@]}" -o "$d/pc/consumer"; then
      run_consumer "$name pkg-config" "$cpu" "$board" "$d/pc" && notes+=("pkg-config ok")
    else
      fail "$name: build with pkg-config's flags"
    fi
  else
    fail "$name: pkg-config --cflags --libs microurl"
  fi
  if [ "$cpu" != host ]; then
    elf="$d/find/consumer"
    notes+=("$(arm-none-eabi-size -A "$elf" | awk '$1==".isr_vector"||$1==".text"||$1==".rodata"||$1==".data"||$1==".ARM.exidx"{s+=$2} END{print "consumer flash " s " B"}')")
  fi
  summary+=("$(printf '%-16s idna %-3s fast path %-3s: %s (%d s)' "$name" "$idna" "$fast" \
    "$(IFS=,; echo "${notes[*]}" | sed 's/,/, /g')" $(($(date +%s) - t0)))")
}

one host host - ON ON
one host-no-idna host - OFF ON
one m0 cortex-m0 microbit ON ON
one m0-no-idna cortex-m0 microbit OFF OFF
one m4f cortex-m4 mps2 ON ON
one m4f-no-idna cortex-m4 mps2 OFF OFF
# Configure only: a toolchain file of its own whose CMAKE_SYSTEM_PROCESSOR is the generic
# `arm` gets the Rust target from the -mcpu= and -mfloat-abi= of its C flags; and the M4F's
# installed package (thumbv7em-none-eabihf) refuses a Cortex-M0 firmware and a soft-float
# one with a message, instead of the linker's error.
toolchain_checks() {
  local t0 tc="$B/generic-arm.cmake" out
  t0=$(date +%s)
  echo "--- toolchain checks"
  generic() { # FILE C-FLAGS
    printf '%s\n' 'set(CMAKE_SYSTEM_NAME Generic)' 'set(CMAKE_SYSTEM_PROCESSOR arm)' \
      'set(CMAKE_C_COMPILER arm-none-eabi-gcc)' 'set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)' \
      "set(CMAKE_C_FLAGS_INIT \"$2\")" >"$1"
  }
  generic "$tc" "-mcpu=cortex-m4 -mthumb -mfloat-abi=hard -mfpu=fpv4-sp-d16"
  if configure "$B/generic-arm" . -DCMAKE_TOOLCHAIN_FILE="$tc" "${CARGO_TD[@]}" &&
     grep -q -- '--target thumbv7em-none-eabihf' "$B/generic-arm/CMakeFiles/microurl_cargo.dir/build.make"; then
    summary+=("$(printf '%-16s CMAKE_SYSTEM_PROCESSOR arm, -mcpu=cortex-m4 -mfloat-abi=hard: thumbv7em-none-eabihf' 'toolchain')")
  else
    fail "generic arm toolchain file: not configured for thumbv7em-none-eabihf"
  fi
  local spec name flags want
  for spec in "m0|-mcpu=cortex-m0 -mthumb|whose instructions a -mcpu=cortex-m0 firmware cannot run" \
              "m4-soft|-mcpu=cortex-m4 -mthumb -mfloat-abi=soft|firmware's C flags say -mfloat-abi=soft"; do
    IFS='|' read -r name flags want <<<"$spec"
    generic "$B/$name.cmake" "$flags"
    mkdir -p "$B/refuse-$name"
    if out="$(cmake -S tests/cmake -B "$B/refuse-$name" -DCMAKE_TOOLCHAIN_FILE="$B/$name.cmake" \
                -DCMAKE_PREFIX_PATH="$B/m4f/installed" -DMICROURL_BOARD=mps2 2>&1)"; then
      fail "find_package of the M4F package for $flags: configured, should stop"
    elif ! tr -s ' \n' ' ' <<<"$out" | grep -qF "$want"; then
      echo "$out" | tail -8; fail "find_package of the M4F package for $flags: not the expected message"
    else
      summary+=("$(printf '%-16s the M4F package refuses %s: %s' 'toolchain' "$flags" "$want")")
    fi
  done
  echo "    ($(($(date +%s) - t0)) s)"
}
toolchain_checks
# MICROURL_LINK_LTO: the archive as bitcode, the consumer linked by rustc's lld through the
# C compiler (the package's link options, and pkg-config's).
one host-link-lto host - OFF OFF ON
one m4f-link-lto cortex-m4 mps2 OFF OFF ON

echo
echo "=== cmake-test summary"
printf '%s\n' "${summary[@]}"
echo "total time $(($(date +%s) - start)) s"
if [ ${#failures[@]} -ne 0 ]; then
  echo "ffi/cmake-test.sh: ${#failures[@]} failure(s):"; printf '  - %s\n' "${failures[@]}"
  exit 1
fi
echo "ffi/cmake-test.sh: the CMake package and pkg-config file work (Zephyr and ESP-IDF wrappers: not built here)"
