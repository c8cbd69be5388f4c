#!/usr/bin/env bash
# The long form of the wire-contract properties (tests/wire_contract.rs, and make_relative's
# round trip in tests/make_relative.rs): each property on PROPTEST_CASES generated inputs
# (1,000,000 by default; the test command runs 3,000), in release mode, one at a time,
# with its time. The C side's long form is ffi/tests/random.c's tampered structs:
# MICROURL_TAMPERED=1000000 on the host test binary ffi/run.sh builds (target/c/host_test_*).
#
#   scripts/wire-soak.sh                       # 1,000,000 per property
#   PROPTEST_CASES=100000 scripts/wire-soak.sh server_name socket_addr
set -euo pipefail
cd "$(dirname "$0")/.."
export PROPTEST_CASES="${PROPTEST_CASES:-1000000}"
ALL=(request_target absolute_form host_header_and_authority_form credentials server_name
     socket_addr mqtt_broker coap_options url_from_options from_parts_accepts_only_the_parsers_url
     make_relative_round_trips)
if [ "$#" -gt 0 ]; then PROPS=("$@"); else PROPS=("${ALL[@]}"); fi
cargo test -q --release -p microurl-tests --test wire_contract --test make_relative --no-run 2>/dev/null
failed=0
for p in "${PROPS[@]}"; do
    file=wire_contract
    [ "$p" = make_relative_round_trips ] && file=make_relative
    start=$(date +%s)
    if cargo test -q --release -p microurl-tests --test "$file" -- --exact "$p" --test-threads=1 \
        >/tmp/wire-soak.$$ 2>&1; then
        echo "$p: $PROPTEST_CASES cases passed in $(($(date +%s) - start)) s"
    else
        echo "$p: FAILED after $(($(date +%s) - start)) s"
        grep -E "panicked|minimal failing input|Test failed|rejects" /tmp/wire-soak.$$ | head -6
        failed=$((failed + 1))
    fi
done
rm -f /tmp/wire-soak.$$
echo "wire soak: ${#PROPS[@]} properties, $failed failed"
[ "$failed" -eq 0 ]
