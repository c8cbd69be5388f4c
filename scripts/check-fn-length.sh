#!/usr/bin/env bash
# Fails when a library function under src/ is longer than 60 lines (small
# functions named after the spec step they implement).
#
# A function runs from its `fn` line to the line of its closing brace, both counted, blank
# lines and comments included (what a reader scrolls through). Code from a file's
# `#[cfg(test)] mod tests` block on is left out (tests may be long tables), as are the
# `*_tests.rs` files such a block includes, and so are
# build/ and the generated tables. Braces inside string and character literals and
# comments are ignored. Prints every function over the limit.
set -euo pipefail
cd "$(dirname "$0")/.."
LIMIT=${LIMIT:-60}
python3 - "$LIMIT" <<'PY'
import os, re, sys

limit = int(sys.argv[1])
FN = re.compile(r"^\s*(?:pub(?:\([^)]*\))?\s+)?(?:const\s+)?(?:async\s+)?(?:unsafe\s+)?(?:extern\s+\"[^\"]*\"\s+)?fn\s+([A-Za-z_][A-Za-z0-9_]*)")
LITERAL = re.compile(r'"(?:\\.|[^"\\])*"|\'(?:\\.|[^\'\\])\'|//.*')


def code_of(line):
    """The line without literals and comments (enough for counting braces)."""
    return LITERAL.sub('""', line)


over = []
for root, _, files in os.walk("src"):
    for name in sorted(files):
        # `x_tests.rs`: the body of a `#[cfg(test)] mod tests` kept in a file of its own.
        if not name.endswith(".rs") or name.endswith("_tests.rs"):
            continue
        path = os.path.join(root, name)
        lines = []
        for line in open(path, encoding="utf-8"):
            if re.match(r"\s*mod tests\b", line):
                break
            lines.append(line)
        i = 0
        while i < len(lines):
            m = FN.match(lines[i])
            if not m:
                i += 1
                continue
            depth, opened, j = 0, False, i
            while j < len(lines):
                code = code_of(lines[j])
                # A declaration without a body (trait method, extern fn) ends at `;`.
                if not opened and "{" not in code and code.rstrip().endswith(";"):
                    break
                for c in code:
                    if c == "{":
                        depth += 1
                        opened = True
                    elif c == "}":
                        depth -= 1
                if opened and depth <= 0:
                    break
                j += 1
            length = j - i + 1
            if opened and length > limit:
                over.append((length, f"{path}:{i + 1}", m.group(1)))
            # Nested functions are counted inside their parent and on their own.
            i += 1
for length, where, name in sorted(over, reverse=True):
    print(f"{where}: fn {name} is {length} lines (limit {limit})")
if over:
    sys.exit(1)
print(f"function length: none over {limit} lines")
PY
