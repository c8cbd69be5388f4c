#!/usr/bin/env bash
# Fails when modules under src/ import each other in a cycle.
#
# Every module is checked against its siblings: the top-level files and directories of src/
# (src/url.rs, src/parser/, ...), and within each directory its files and subdirectories
# (src/parser/entry.rs, src/parser/needed.rs, ...). An edge A -> B is a path from A's code to
# B's, written `crate::b::...` or `super::b::...` (`super::{a, b}` groups too), outside
# comments and outside A's `#[cfg(test)] mod tests` block (tests may reach anywhere). A
# module reaching into its own parent (`super::Parser`) or its own child is nesting, not an
# edge between siblings. `pub use` re-exports in src/lib.rs are the crate's public face and
# are left out. Prints every cycle found.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 - <<'PY'
import os, re, sys

def module_of(path):
    rel = os.path.relpath(path, "src")[:-3].split(os.sep)
    if rel[-1] == "mod":
        rel = rel[:-1]
    return tuple(rel)

files = {}
for root, _, names in os.walk("src"):
    for name in names:
        # `x_tests.rs`: the body of a `#[cfg(test)] mod tests` kept in a file of its own.
        if name.endswith(".rs") and not name.endswith("_tests.rs"):
            path = os.path.join(root, name)
            if os.path.relpath(path, "src") != "lib.rs":
                files[module_of(path)] = path
modules = set(files)
for m in list(modules):
    for i in range(1, len(m)):
        modules.add(m[:i])

def resolve(base, segments):
    """The deepest module named by `base` followed by `segments`."""
    target = base
    for seg in segments:
        if target + (seg,) in modules:
            target = target + (seg,)
        else:
            break
    return target

def code_of(path):
    code = []
    for line in open(path, encoding="utf-8"):
        if re.match(r"\s*mod tests\b", line):
            break
        code.append(line.split("//")[0])
    return "".join(code)

# edges[parent][a] = {b}: siblings a -> b, children of `parent`.
edges = {}
PATH = r"[a-z_][a-z0-9_]*(?:::[a-z_][a-z0-9_]*)*"
for m, path in files.items():
    text = code_of(path)
    targets = []
    for prefix, rest in re.findall(r"\b((?:super::)+|crate::)(" + PATH + r"|\{[^}]*\})", text):
        base = () if prefix == "crate::" else m[: len(m) - prefix.count("super::")]
        if rest.startswith("{"):
            for item in re.findall(r"(?:^|[{,])\s*(" + PATH + ")", rest):
                targets.append(resolve(base, item.split("::")))
        else:
            targets.append(resolve(base, rest.split("::")))
    for t in targets:
        common = 0
        while common < min(len(m), len(t)) and m[common] == t[common]:
            common += 1
        if common == len(m) or common == len(t):
            continue  # the module itself, an ancestor or a descendant: nesting
        parent = m[:common]
        a, b = m[: common + 1], t[: common + 1]
        edges.setdefault(parent, {}).setdefault(a, set()).add(b)

def sccs_of(graph):
    index, low, stack, on, out, counter = {}, {}, [], set(), [], [0]
    def visit(v):
        index[v] = low[v] = counter[0]; counter[0] += 1
        stack.append(v); on.add(v)
        for w in sorted(graph.get(v, ())):
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
                out.append(sorted(comp))
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out

sys.setrecursionlimit(10000)
name = lambda m: "::".join(m)
found = False
for parent, graph in sorted(edges.items()):
    for comp in sccs_of(graph):
        found = True
        inner = [f"{name(a)} -> {name(b)}" for a in comp for b in sorted(graph.get(a, ())) if b in comp]
        where = name(parent) or "src/"
        print(f"import cycle among the modules of {where}: " + ", ".join(map(name, comp)))
        print("  edges: " + "; ".join(inner))
if found:
    sys.exit(1)
print(f"no import cycle among {len(modules)} src/ modules (each against its siblings)")
PY
