#!/usr/bin/env bash
# Fails when the modules under src/ import each other in a cycle (issue 23).
#
# A module is a top-level file or directory of src/ (src/url.rs, src/parser/, ...). An
# edge A -> B is a `crate::B` path in A's code outside comments and outside its
# `#[cfg(test)] mod tests` block (tests may reach anywhere). `pub use` re-exports in
# src/lib.rs are the crate's public face and are left out. Prints every cycle found.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 - <<'PY'
import os, re, sys

edges = {}
for root, _, files in os.walk("src"):
    for name in files:
        # `x_tests.rs`: the body of a `#[cfg(test)] mod tests` kept in a file of its own.
        if not name.endswith(".rs") or name.endswith("_tests.rs"):
            continue
        path = os.path.join(root, name)
        rel = os.path.relpath(path, "src").split(os.sep)
        if rel == ["lib.rs"]:
            continue
        module = rel[0][:-3] if len(rel) == 1 else rel[0]
        code = []
        for line in open(path, encoding="utf-8"):
            if re.match(r"\s*mod tests\b", line):
                break
            code.append(line.split("//")[0])
        text = "".join(code)
        for target in re.findall(r"\bcrate::([a-z_][a-z0-9_]*)", text):
            if target != module:
                edges.setdefault(module, set()).add(target)
        # `use crate::{a, b::c}` groups.
        for group in re.findall(r"\bcrate::\{([^}]*)\}", text):
            for target in re.findall(r"(?:^|,)\s*([a-z_][a-z0-9_]*)", group):
                if target != module:
                    edges.setdefault(module, set()).add(target)

# Tarjan's strongly connected components.
index, low, stack, on, sccs, counter = {}, {}, [], set(), [], [0]
def visit(v):
    index[v] = low[v] = counter[0]; counter[0] += 1
    stack.append(v); on.add(v)
    for w in sorted(edges.get(v, ())):
        if w not in index:
            visit(w); low[v] = min(low[v], low[w])
        elif w in on:
            low[v] = min(low[v], index[w])
    if low[v] == index[v]:
        comp = []
        while True:
            w = stack.pop(); on.discard(w); comp.append(w)
            if w == v:
                break
        if len(comp) > 1:
            sccs.append(sorted(comp))
sys.setrecursionlimit(10000)
for v in sorted(edges):
    if v not in index:
        visit(v)
if sccs:
    for comp in sccs:
        inner = [f"{a} -> {b}" for a in comp for b in sorted(edges.get(a, ())) if b in comp]
        print("import cycle among src/ modules: " + ", ".join(comp))
        print("  edges: " + "; ".join(inner))
    sys.exit(1)
print(f"no import cycle among {len(set(edges) | {b for s in edges.values() for b in s})} src/ modules")
PY
