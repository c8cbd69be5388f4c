#!/usr/bin/env bash
# The library on its minimum supported Rust version (`rust-version` in Cargo.toml), which is
# older than the pinned development toolchain: a firmware team builds microurl with the
# compiler its vendor SDK ships. Builds the library for the M0 and M4F targets with and
# without `idna` and runs its unit tests on the host with that compiler, installing it
# (minimal profile, the two thumb targets) when it is missing.
#
# Only the library is held to that version: the `tests/`, `benches/` and `examples/net`
# packages and the pinned toolchain's lints may use newer Rust, and a unit-test build
# compiles just the library and its own dev-dependencies.
set -euo pipefail
cd "$(dirname "$0")/.."

msrv="$(sed -n 's/^rust-version = "\([0-9.]*\)"/\1/p' Cargo.toml | head -1)"
[ -n "$msrv" ] || { echo "error: no rust-version in Cargo.toml"; exit 1; }
# "1.87" names the release 1.87.0; a full version is taken as it is.
case "$msrv" in *.*.*) toolchain="$msrv" ;; *) toolchain="$msrv.0" ;; esac
targets=(thumbv6m-none-eabi thumbv7em-none-eabihf)

if ! rustup run "$toolchain" rustc --version >/dev/null 2>&1; then
    rustup toolchain install "$toolchain" --profile minimal --no-self-update >/dev/null 2>&1 ||
        rustup toolchain install "$toolchain" --profile minimal --no-self-update
fi
installed="$(rustup target list --installed --toolchain "$toolchain")"
for target in "${targets[@]}"; do
    grep -qx "$target" <<<"$installed" || rustup target add --toolchain "$toolchain" "$target" >/dev/null
done
echo "rust-version $msrv: $(rustup run "$toolchain" rustc --version)"

for target in "${targets[@]}"; do
    for features in "--no-default-features" "--no-default-features --features idna" ""; do
        # shellcheck disable=SC2086 # the features are words
        cargo +"$toolchain" build -q -p microurl --lib --target "$target" $features
    done
done
echo "the library builds with Rust $msrv for ${targets[*]}, with and without idna"
cargo +"$toolchain" test -q -p microurl --lib
echo "the unit tests pass with Rust $msrv"
