#!/usr/bin/env python3
"""Self cost (Ir) per source line and per function from a callgrind output file.

Usage: callgrind_lines.py CALLGRIND_OUT [PREFIX] [N]

Only lines whose file path contains PREFIX (default "src/", the crate's sources) are listed
in the per-line table; the per-function table covers everything. Used by
scripts/callgrind.sh to show where microurl spends its instructions.
"""
import collections
import re
import sys


def parse(path):
    names = {"fl": {}, "fn": {}}
    per_line = collections.Counter()
    per_fn = collections.Counter()
    total = 0
    fl = fi = fn = None
    last_line = 0
    skip_next = False  # the cost line after calls= is the call's inclusive cost
    name_re = re.compile(r"^(fl|fi|fe|fn|cfl|cfi|cfn)=\((\d+)\)(?: (.*))?$")
    with open(path, encoding="utf-8", errors="replace") as f:
        for raw in f:
            line = raw.rstrip("\n")
            m = name_re.match(line)
            if m:
                kind, ident, name = m.groups()
                table = names["fn" if kind.endswith("fn") else "fl"]
                if name is not None:
                    table[ident] = name
                if kind == "fl":
                    fl = fi = table[ident]
                elif kind in ("fi", "fe"):
                    fi = table[ident]
                elif kind == "fn":
                    fn = table[ident]
                    fi = fl
                continue
            if line.startswith("calls="):
                skip_next = True
                continue
            if not line or not (line[0].isdigit() or line[0] in "+-*"):
                continue
            parts = line.split()
            pos = parts[0]
            if pos == "*":
                lineno = last_line
            elif pos[0] in "+-":
                lineno = last_line + int(pos)
            else:
                lineno = int(pos)
            last_line = lineno
            if skip_next:
                skip_next = False
                continue
            cost = int(parts[1]) if len(parts) > 1 else 0
            total += cost
            per_line[(fi, lineno, fn)] += cost
            per_fn[fn] += cost
    return total, per_line, per_fn


def source(path, lineno, cache={}):
    if path not in cache:
        try:
            with open(path, encoding="utf-8", errors="replace") as f:
                cache[path] = f.read().split("\n")
        except OSError:
            cache[path] = []
    lines = cache[path]
    return lines[lineno - 1].strip() if 0 < lineno <= len(lines) else ""


def main():
    path = sys.argv[1]
    prefix = sys.argv[2] if len(sys.argv) > 2 else "src/"
    n = int(sys.argv[3]) if len(sys.argv) > 3 else 20
    total, per_line, per_fn = parse(path)
    print(f"total Ir in the measured region: {total:,}")
    print("\nself cost by function:")
    for fn, c in per_fn.most_common(n):
        print(f"{c:>13,} {100 * c / total:5.1f}%  {fn}")
    print(f"\nself cost by source line (files matching {prefix!r}):")
    shown = 0
    for (fi, lineno, fn), c in per_line.most_common():
        if fi is None or prefix not in fi or "/rustc/" in fi or "/.cargo/" in fi:
            continue
        short = fi[fi.rfind("/src/") + 1 :] if "/src/" in fi else fi
        print(f"{c:>13,} {100 * c / total:5.1f}%  {short}:{lineno}  {source(fi, lineno)[:90]}")
        shown += 1
        if shown == n:
            break


if __name__ == "__main__":
    main()
