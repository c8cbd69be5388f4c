#!/usr/bin/env bash
# One source for the published figures. The flash and stack figures live in LIMITS.md,
# between `<!-- figures:begin -->` and `<!-- figures:end -->` ("Current figures", written
# from the latest runs of embedded-tests/run.sh and ffi/run.sh). This fails when README.md,
# src/lib.rs, Cargo.toml or ffi/Cargo.toml quote a figure that is not there:
#   - on a line about flash, stack, RAM or a size probe, every number of a byte figure
#     ("14,316 B", "1,432 / 1,300 B", "656-880 B", "16 KiB") must be in that section;
#   - any other byte figure must be somewhere in LIMITS.md or BENCHMARKS.md.
# The table between `<!-- c-compare -->` and `<!-- /c-compare -->` is `ffi/compare.sh`'s
# output, which that script checks on every run: not read here.
# It also checks that the minimum Rust version the README and the crate docs state is
# Cargo.toml's `rust-version`.
set -euo pipefail
cd "$(dirname "$0")/.."

python3 - <<'PY'
import re
import sys

NUM = r"\d{1,3}(?:,\d{3})+|\d+"
# A run of numbers ending in a byte unit: "1,136 / 952 / 944 B", "656-880 B", "1,512 and 1,504 B".
RUN = re.compile(rf"(?<![\w.,])(?:{NUM})(?:(?: ?[/-] ?| and | or )(?:{NUM}))* ?(?:B|KiB|bytes)\b")
TOPIC = re.compile(r"flash|stack|\bRAM\b|size probe|firmware", re.I)

limits = open("LIMITS.md", encoding="utf-8").read()
try:
    section = limits.split("<!-- figures:begin -->", 1)[1].split("<!-- figures:end -->", 1)[0]
except IndexError:
    sys.exit("check-figures: LIMITS.md has no <!-- figures:begin --> ... <!-- figures:end --> section")
numbers = lambda text: set(re.findall(rf"(?<![\d,])(?:{NUM})(?![\d,]\d)", text))
current = numbers(section)
anywhere = numbers(limits) | numbers(open("BENCHMARKS.md", encoding="utf-8").read())

bad = []
for path in ["README.md", "src/lib.rs", "Cargo.toml", "ffi/Cargo.toml"]:
    generated = False
    for lineno, line in enumerate(open(path, encoding="utf-8"), 1):
        # The comparison table `ffi/compare.sh` writes and checks on every run is its own
        # source.
        if line.startswith("<!-- c-compare") or line.startswith("<!-- /c-compare"):
            generated = line.startswith("<!-- c-compare")
            continue
        if generated:
            continue
        # The README's tables put the topic in the first cell and the figure in another.
        about_size = TOPIC.search(line)
        for run in RUN.finditer(line):
            source, allowed = (("LIMITS.md's current figures", current) if about_size
                               else ("LIMITS.md or BENCHMARKS.md", anywhere))
            for n in re.findall(NUM, run.group(0)):
                if n not in allowed:
                    bad.append(f"{path}:{lineno}: {n} (in \"{run.group(0)}\") is not in {source}")

cargo = open("Cargo.toml", encoding="utf-8").read()
msrv = re.search(r'^rust-version = "([0-9.]+)"', cargo, re.M).group(1)
for path, pattern in [("README.md", r"minimum supported Rust version: ([0-9]+\.[0-9]+(?:\.[0-9]+)?)"),
                      ("src/lib.rs", r"minimum supported Rust version is ([0-9]+\.[0-9]+(?:\.[0-9]+)?)")]:
    text = open(path, encoding="utf-8").read()
    stated = re.search(pattern, text, re.M | re.I)
    if not stated:
        bad.append(f"{path}: states no minimum supported Rust version")
    elif stated.group(1) != msrv:
        bad.append(f"{path}: states Rust {stated.group(1)}, Cargo.toml's rust-version is {msrv}")

if bad:
    print("check-figures: figures that disagree with their source:", *bad, sep="\n  ")
    sys.exit(1)
print(f"check-figures: the README, crate docs and Cargo.toml agree with LIMITS.md ({len(current)} current figures)")
PY
