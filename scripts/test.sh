#!/usr/bin/env bash
# The whole test suite: formatting, lints, host tests with and without IDNA, docs,
# no_std builds for the Cortex-M targets, and (when present) the QEMU firmware tests.
set -euo pipefail
cd "$(dirname "$0")/.."
# When each half ended, printed at the end: the test command is held to 35 minutes on two cores.
test_start=$(date +%s)

# Everything this script needs, installed when missing, so it passes on a fresh machine:
# the pinned toolchain with its components and thumb and riscv32imc targets
# (rust-toolchain.toml), and the Debian packages of the firmware and peer tests
# (qemu-system-misc: qemu-system-riscv32; embedded-tests/run.sh adds defmt-print), and
# qemu-user with the aarch64 cross linker for the NEON scan test.
echo "== setup"
rustup toolchain install >/dev/null 2>&1 || rustup toolchain install
rustup component add clippy rustfmt llvm-tools >/dev/null
rustup target add thumbv6m-none-eabi thumbv7m-none-eabi thumbv7em-none-eabihf riscv32imc-unknown-none-elf \
    aarch64-unknown-linux-gnu >/dev/null
rustup show active-toolchain
missing=()
# Every package of both halves (below), installed here before they run side by side: two
# apt-get runs at once would contend for its lock.
for pkg in qemu-system-arm qemu-system-misc qemu-user gcc-aarch64-linux-gnu libc6-dev-arm64-cross gcc-arm-none-eabi libnewlib-arm-none-eabi \
           cbindgen cmake pkgconf libcurl4-openssl-dev libcoap3-dev libcoap3-bin mosquitto; do
    dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
done
if [ "${#missing[@]}" -gt 0 ]; then
    sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# The firmware half (scripts/test-firmware.sh: QEMU images, stack bounds, the C API, the fuzz
# smoke) builds with one thread most of the time: it runs beside the host steps below, in its
# own process group (stopped if this script stops first), and its log is printed at the end.
firmware_log="$(mktemp)"
setsid scripts/test-firmware.sh >"$firmware_log" 2>&1 &
firmware_pid=$!
trap 'kill -- -"$firmware_pid" 2>/dev/null || true' EXIT

echo "== fmt";     cargo fmt --check
echo "== figures (README, crate docs, Cargo.toml against LIMITS.md)"; scripts/check-figures.sh
echo "== import cycles"; scripts/check-cycles.sh
echo "== function length"; scripts/check-fn-length.sh
echo "== scan's NEON form against the byte loop (aarch64, under qemu-aarch64)"
CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER=aarch64-linux-gnu-gcc \
CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_RUNNER="qemu-aarch64 -L /usr/aarch64-linux-gnu" \
    cargo test -q -p microurl --lib --target aarch64-unknown-linux-gnu scan::
echo "== clippy";  cargo clippy --all-targets -- -D warnings
cargo clippy --all-targets --no-default-features -- -D warnings
echo "== doc";     RUSTDOCFLAGS="-D warnings" cargo doc --no-deps -q
# The private items' docs too: their links to the spec steps and to each other must resolve,
# also in the firmware builds (without default features, with and without `idna`), which
# lack some of the items the default build has.
RUSTDOCFLAGS="-D warnings" cargo doc --no-deps -q --document-private-items
RUSTDOCFLAGS="-D warnings" cargo doc --no-deps -q --document-private-items --no-default-features --features idna
RUSTDOCFLAGS="-D warnings" cargo doc --no-deps -q --document-private-items --no-default-features
echo "== minimum supported Rust version (rust-version in Cargo.toml: the library for M0 and M4F, its unit tests)"
scripts/msrv.sh
# The no_std builds for the three Cortex-M targets are the firmware half's: embedded-tests
# builds the library without default features and with `idna` for each, and ffi/run.sh
# with the default features (its archives); msrv.sh above, the M0 and M4F on rust-version.
# The library never names alloc or std outside tests: every `extern crate` must follow
# `#[cfg(test)]`, and `std::`/`alloc::` paths appear only in `mod tests` blocks or in the
# `*_tests.rs` files such blocks include (`#[cfg(test)] #[path = "x_tests.rs"] mod tests;`).
if awk 'FNR==1{prev=""; intest=(FILENAME ~ /_tests\.rs$/)} /^#\[cfg\(test\)\]/{t=1} /mod tests/{intest=1}
        /extern crate (alloc|std)/ && prev !~ /cfg\(test\)/ {print FILENAME": "$0; bad=1}
        /(^|[^_a-z])(alloc|std)::/ && !intest {print FILENAME": "$0; bad=1}
        {prev=$0} END{exit !bad}' $(find src -name '*.rs'); then
    echo "error: src/ mentions alloc or std outside tests"; exit 1
fi
echo "== package (what a user downloads: no test or benchmark data, under 4 MiB, no warnings)"
pkg_log="$(mktemp)"
# Verified in a target directory of its own: the packaged copy's build script has the same
# unit as the workspace's, and its fingerprint there would then name the copy's files, so
# that an edit of build/ no longer rebuilt the workspace's build script (stale tables).
cargo publish --dry-run -p microurl --allow-dirty --target-dir target/package-verify 2>&1 | tee "$pkg_log" | grep -v '^ *\(Compiling\|Checking\|Updating\|Downloaded\|Downloading\|Locking\)' || true
if grep -v 'aborting upload due to dry run' "$pkg_log" | grep -q '^warning\|^error'; then echo "error: cargo publish --dry-run warned"; exit 1; fi
if cargo package -p microurl --list --allow-dirty 2>/dev/null | grep -E '^(tests|benches|fuzz|embedded-tests)/|NormalizationTest|IdnaTestV2|^[^.].*\.json$'; then
    echo "error: the package holds test or benchmark data"; exit 1
fi
cargo package -p microurl --allow-dirty --no-verify -q
crate="target/package/microurl-$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -1).crate"
unpacked="$(mktemp -d)"
tar xzf "$crate" -C "$unpacked"
size=$(du -sb --exclude=target "$unpacked"/microurl-* | cut -f1)
echo "package: $size bytes unpacked"
[ "$size" -lt 4194304 ] || { echo "error: the package is 4 MiB or more"; exit 1; }
cp rust-toolchain.toml "$unpacked"/microurl-*/
(cd "$unpacked"/microurl-* && CARGO_TARGET_DIR="$unpacked/target" cargo build -q --release --lib --target thumbv7em-none-eabihf)
echo "the packaged crate builds for thumbv7em-none-eabihf"
rm -rf "$unpacked" "$pkg_log"
if cargo +nightly --version >/dev/null 2>&1; then
    echo "== docs.rs build (nightly, every feature, feature badges)"
    RUSTDOCFLAGS="--cfg docsrs -D warnings" cargo +nightly doc --all-features -p microurl --no-deps -q
fi
# CI runs the property tests on one fixed seed, so that the landing run is reproducible;
# elsewhere each run draws new cases (scripts/proptest-soak.sh runs many seeds).
if [ "${CI:-}" = true ]; then export PROPTEST_RNG_SEED="${PROPTEST_RNG_SEED:-20261124}"; fi
# Every feature combination builds and passes: none, idna and fast-path here, without
# `validation-errors` (`errors` checks that a URL then keeps no validation errors), and all
# of them (the default) below.
for features in "" "idna" "fast-path"; do
    echo "== tests with features [$features] (no defaults)"
    cargo clippy -p microurl --lib --tests --no-default-features --features "$features" -q -- -D warnings
    cargo test -p microurl --no-default-features --features "$features" -q
    cargo test -p microurl-tests --no-default-features --features "$features" -q \
        --test wpt --test setters --test idna_wpt --test errors
done
# The Unicode tables of `idna`, each beside its xz -9e bound: a report, not a
# gate (one `cargo check`, a few seconds).
echo "== Unicode tables and their xz bounds"
scripts/table-report.sh
# Every public type is `defmt::Format` (a list that does not compile when one is not, and a
# scan of src/ for public types missing from the list), and every pure public function and
# lazy value is `#[must_use]`.
echo "== defmt on every public type; must_use on the public API"
cargo clippy -p microurl --lib --tests --all-features -q -- -D warnings -W clippy::must_use_candidate
cargo test -p microurl --lib --features defmt -q defmt::
# The promises in the size build too (IDNA without `fast-path`: Punycode counted by
# its own code, `needed` within 2 of what works).
cargo test -p microurl-tests --no-default-features --features idna -q --test promises
echo "== tests"
cargo test -- --nocapture
cargo test -p microurl-macros -q
# The user-task examples run (the no_std ones also build for the device), CoAP
# options against libcoap, and the examples against real servers on 127.0.0.1 (each script
# installs mosquitto / libcoap3-bin / libcoap3-dev with apt-get when missing).
echo "== examples"
cargo clippy -q -p microurl-examples --examples -- -D warnings
for ex in http_request_head mqtt_params url_from_parts bad_input coap_options; do
    cargo run -q --example "$ex" > /dev/null
done
cargo run -q -p microurl-examples --example reqwless_request > /dev/null
(cd examples/net && cargo build -q --target thumbv7em-none-eabihf --example http_request_head \
    --example mqtt_params --example url_from_parts --example bad_input --example reqwless_request)
echo "== CoAP options against libcoap"; scripts/coap-compare.sh
echo "== real servers (HTTP redirects, coap-server, mosquitto)"; scripts/real-servers.sh
if command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1; then
    echo "== Reference against spec-url 3.0.0 (npm, installed into target/)"
    scripts/spec-url-diff.sh 20000 1
    echo "== Validation errors, failures, valid URL strings, origins, setters against whatwg-url 17.3.0 (npm)"
    scripts/whatwg-url-diff.sh 60000
else
    echo "== spec-url and whatwg-url differentials skipped: no node/npm"
fi
host_ended=$(($(date +%s) - test_start))
echo "== firmware half (scripts/test-firmware.sh, run beside the steps above)"
firmware_rc=0
wait "$firmware_pid" || firmware_rc=$?
cat "$firmware_log"
# (Its log's last write is when the firmware half ended.)
echo "== ended, in seconds from the start: the host steps at $host_ended, the firmware half at" \
    "$(($(stat -c %Y "$firmware_log") - test_start)), all at $(($(date +%s) - test_start))"
rm -f "$firmware_log"
[ "$firmware_rc" -eq 0 ] || { echo "error: scripts/test-firmware.sh failed (exit $firmware_rc)"; exit 1; }
