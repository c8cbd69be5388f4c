#!/usr/bin/env bash
# embedded-tests/profile.sh OP CORPUS [TARGET] [PROFILE] [FEATURES] [FUNCTION]
#
# Where the instructions of one operation of the speed image (speed/) go on a Cortex-M, under
# QEMU: the image built to run only OP (parse, can_parse) over CORPUS (paracrawl, embedded),
# three passes, each instruction it executes logged (`-singlestep -d exec,nochain`) and
# counted by address, then summed per function of the image's symbol table, per URL.
# With FUNCTION (a substring of a symbol's name), that function's count by source line
# (arm-none-eabi-addr2line, Debian gcc-arm-none-eabi; inlined code counts at its innermost line). A development tool: not in the
# test command. TARGET: thumbv7em-none-eabihf (default) or thumbv6m-none-eabi; PROFILE:
# release (opt-level s, default) or size (z); FEATURES: "" (default) or idna.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cd "$here"
op=$1 corpus=$2 target=${3:-thumbv7em-none-eabihf} profile=${4:-release} feats=${5:-} fn=${6:-}
td="$here/target/profile"
MICROURL_SPEED_ONLY="$op:$corpus" CARGO_TARGET_DIR="$td" cargo build -q --profile "$profile" \
  -p microurl-speed ${feats:+--features $feats} --target "$target"
elf="$td/$target/$profile/microurl-speed"
case $target in thumbv6m*) board=microbit ;; *) board=mps2-an386 ;; esac
pcs="$(mktemp)"
out="$(timeout 600 qemu-system-arm -machine $board -nographic -monitor none -serial none \
  -semihosting-config enable=on,target=native -kernel "$elf" -singlestep -d exec,nochain \
  -D >(awk '/^Trace/ { split($4, a, "/"); n[a[2]]++ } END { for (k in n) print k, n[k] }' >"$pcs") 2>&1)"
# (The log's reader ends after QEMU: wait until it has written the counts.)
for _ in $(seq 100); do [ -s "$pcs" ] && break; sleep 0.1; done
sleep 0.2
urls="$(sed -n 's/^profile .*: \([0-9]*\) URLs, 3 passes$/\1/p' <<<"$out")"
[ -n "$urls" ] || { echo "profile.sh: the image printed: $out" >&2; rm -f "$pcs"; exit 1; }
LLVM_BIN="$(rustc --print sysroot)/lib/rustlib/$(rustc -vV | sed -n 's/^host: //p')/bin"
python3 - "$elf" "$pcs" "$((3 * urls))" "$fn" "$LLVM_BIN" <<'PY'
import bisect, collections, re, subprocess, sys
elf, pcs, runs, fn, llvm = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5]
syms = []
for line in subprocess.check_output([f"{llvm}/llvm-nm", "-S", "-C", elf], text=True).splitlines():
    p = line.split(None, 3)
    if len(p) == 4 and p[2] in "tTwW":
        # (Legacy-mangled names llvm-nm leaves escaped: `$LT$impl$u20$...`.)
        n = re.sub(r"::h[0-9a-f]{16}$", "", p[3])
        for a, b in (("$LT$", "<"), ("$GT$", ">"), ("$u20$", " "), ("$RF$", "&"), ("..", "::"), ("_<", "<")):
            n = n.replace(a, b)
        syms.append((int(p[0], 16) & ~1, int(p[1], 16), n))
syms.sort()
starts = [s[0] for s in syms]
def name(pc):
    i = bisect.bisect_right(starts, pc) - 1
    return syms[i][2] if i >= 0 and pc < syms[i][0] + syms[i][1] else "?"
rows = [(int(a, 16), int(c)) for a, c in (l.split() for l in open(pcs))]
total = sum(c for _, c in rows)
print(f"{total / runs:.1f} instructions per URL in all ({runs} calls)")
if not fn:
    by = collections.Counter()
    for pc, c in rows:
        by[name(pc)] += c
    for k, v in by.most_common(30):
        print(f"{v / runs:8.1f}  {k[:150]}")
else:
    mine = [(pc, c) for pc, c in rows if fn in name(pc)]
    locs = subprocess.run(["arm-none-eabi-addr2line", "-e", elf] + [hex(pc) for pc, _ in mine],
                          capture_output=True, text=True).stdout.splitlines()
    by = collections.Counter()
    for (pc, c), loc in zip(mine, locs):
        by[re.sub(r".*/library/", "core:", loc.split(" (")[0])] += c
    for k, v in by.most_common(40):
        print(f"{v / runs:8.1f}  {k}")
PY
rm -f "$pcs"
