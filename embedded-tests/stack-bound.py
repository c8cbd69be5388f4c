#!/usr/bin/env python3
"""Static worst-case stack bound of every microurl entry point in a linked firmware (issue 20).

Usage: stack-bound.py ELF TARGET [--budget BYTES] [--allow NAME=BYTES ...] [--painted LOG]
                      [--llvm-bin DIR] [--entry-prefix PREFIX]

Inputs, all from the ELF itself:
- per-function frame sizes from the `.stack_sizes` section the compiler writes with
  `-Z emit-stack-sizes` (read with `llvm-readobj --stack-sizes`); functions compiled without
  it (compiler_builtins: memcpy, __aeabi_*) get their frame from their prologue (`push`,
  `sub sp`, `vpush`), and any other stack-pointer write in them is an error;
- the call graph from the disassembly (`llvm-objdump -d`): `bl`/`blx <label>` calls and
  branches that leave the function (tail calls). Indirect calls (`blx rN`) and indirect
  jumps that are not a jump table of their own function fail the bound when an entry point
  can reach them: "every indirect call resolved or shown absent" is checked, not assumed.

TARGET `riscv*` (riscv32imc-unknown-none-elf, embedded-tests/riscv.sh) reads RV32 code
instead (class RiscvGraph): calls `auipc ra` + `jalr LO(ra)`, `jal`/`c.jal`, `call`; tail calls
`auipc t1` + `jr LO(t1)`, `j`/`c.j`, `tail`, or a conditional branch leaving the function;
`ret` returns; any other `jalr`/`jr` is an indirect call or jump, which fails the bound unless
it loads its target from a jump table in .rodata whose words point into its own function
(RiscvGraph.jump_table: the code analysed is the user's, built with jump tables; their index
range is the switch's, not proven). Prologues without .stack_sizes: `addi sp, sp, -N`
(`c.addi16sp`, `c.addi`); any other write of sp there is an error. The Thumb path is unchanged.

The walk starts at every `microurl_entry_<name>` symbol (embedded-tests/src/entries.rs), or
every function named `PREFIX<name>` with --entry-prefix (`microurl_`: the C API's functions,
ffi/run.sh).
A cycle reachable from an entry point (recursion) fails. A tail call is counted with the
caller's frame still on the stack (conservative). Calls into the panic machinery
(`core::panicking::*` and the `*_fail` helpers that lead there) end the program, so they are
listed but not walked: the bound is for every call that returns.

Prints `static stack bound: TARGET NAME N B` per entry point and the deepest chain of each.
Exit status 1 when a painted high-water in --painted (the firmware's `stack: entry NAME
painted N B`, `stack: parser high-water N B`, `stack: stress inputs high-water N B` lines)
is above the bound of its entry point, or on any of the errors above; 2 when the analysis
holds but a bound exceeds --budget, or for an entry point named by --allow (a glob, e.g.
`urlbuf_*=1780`) exceeds the bytes given there instead: a ratchet for the entry points known
to be above the budget, so that the others are still held to it.

With --painted, each entry point's painted figure is compared with its bound: within 10%, or
else explained by a note of --notes (the callees its inputs cannot reach: the bound over the
other chains), or by its tail calls alone. For that comparison (not for the bound, which stays
conservative) a tail call is counted at its caller's entry SP, where it runs. An entry point
short of both, or not painted, is an error (exit 1), unless --short-allow names it.
"""

import argparse
import bisect
import fnmatch
import re
import subprocess
import sys

ENTRY_PREFIX = "microurl_entry_"

BRANCH = re.compile(
    r"^(b|bl|blx)(eq|ne|cs|hs|cc|lo|mi|pl|vs|vc|hi|ls|ge|lt|gt|le|al)?(\.w|\.n)?$"
)
REG = re.compile(r"^(r\d+|sb|sl|fp|ip|lr|sp|pc)$")


def run(cmd):
    return subprocess.run(cmd, check=True, capture_output=True, text=True).stdout


def is_panic(name):
    """Functions that only lead to the panic handler (the program ends there)."""
    return (
        name.startswith("core::panicking::")
        or name.startswith("rust_begin_unwind")
        or re.search(r"(_fail|_failed|_fail_rt|panic_[a-z_]+)(::h[0-9a-f]+)?$", name) is not None
        and name.startswith("core::")
    )


class Elf:
    def __init__(self, path, llvm, frames=True, riscv=False):
        self.path = path
        self.llvm = llvm
        self.riscv = riscv
        self.funcs = {}  # start address -> [mangled, demangled, size]
        self.load_symbols()
        self.starts = sorted(self.funcs)
        self.frames = self.load_stack_sizes() if frames else {}
        self.insns = self.load_disassembly()

    def load_symbols(self):
        raw = run([f"{self.llvm}/llvm-nm", "-S", "--defined-only", self.path]).splitlines()
        dem = run([f"{self.llvm}/llvm-nm", "-S", "-C", "--defined-only", self.path]).splitlines()
        assert len(raw) == len(dem), "llvm-nm -C listed a different number of symbols"
        for r, d in zip(raw, dem):
            parts = r.split(None, 3)
            if len(parts) != 4 or parts[2] not in "tTwW":
                continue
            addr, size = int(parts[0], 16) & ~1, int(parts[1], 16)
            if size == 0:
                continue
            dname = d.split(None, 3)[3]
            old = self.funcs.get(addr)
            # Aliases: keep the global name.
            if old is None or parts[2] in "TW":
                self.funcs[addr] = [parts[3], dname, size]

    def rodata_word(self, addr):
        """The little-endian word at `addr` in .rodata (RISC-V's jump tables), or None."""
        if not hasattr(self, "rodata"):
            import struct

            data = open(self.path, "rb").read()
            (shoff,) = struct.unpack_from("<I", data, 0x20)
            shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x2E)
            sh = [struct.unpack_from("<10I", data, shoff + j * shentsize) for j in range(shnum)]
            names = sh[shstrndx][4]
            name = lambda s: data[names + s[0] : data.index(b"\0", names + s[0])].decode()
            # SHT_PROGBITS, allocated, not writable, not executable.
            self.rodata = [(s[3], data[s[4] : s[4] + s[5]]) for s in sh if name(s) == ".rodata" and s[1] == 1 and s[2] & 7 == 2]
        for base, body in self.rodata:
            if base <= addr and addr + 4 <= base + len(body):
                return int.from_bytes(body[addr - base : addr - base + 4], "little")
        return None

    def func_at(self, addr):
        i = bisect.bisect_right(self.starts, addr) - 1
        if i < 0:
            return None
        start = self.starts[i]
        return start if addr < start + self.funcs[start][2] else None

    def load_stack_sizes(self):
        out = run([f"{self.llvm}/llvm-readobj", "--stack-sizes", self.path])
        by_name = {v[0]: a for a, v in self.funcs.items()}
        frames = {}
        for m in re.finditer(r"Functions: \[([^\]]*)\]\s*\n\s*Size: (0x[0-9A-Fa-f]+|\d+)", out):
            size = int(m.group(2), 0)
            for name in m.group(1).split(","):
                a = by_name.get(name.strip())
                if a is not None:
                    frames[a] = max(frames.get(a, 0), size)
        if not frames:
            sys.exit(f"stack-bound: {self.path} has no .stack_sizes (build with -Z emit-stack-sizes)")
        return frames

    def load_disassembly(self):
        """start address -> list of (address, mnemonic, operands)."""
        out = run([f"{self.llvm}/llvm-objdump", "-d", "--no-show-raw-insn", "--section=.text", self.path])
        insns = {}
        cur = None
        for line in out.splitlines():
            m = re.match(r"^([0-9a-f]+) <(.*)>:$", line)
            if m:
                a = int(m.group(1), 16)
                cur = insns.setdefault(a, []) if a in self.funcs else cur
                continue
            # Data in code (jump tables, literal pools) keeps its raw bytes before `.word`.
            # (RISC-V's addresses, 8 digits, are not indented.)
            m = re.match(r"^\s%s([0-9a-f]+):\s+(?:(?:[0-9a-f]{2} )+\s*)?(\S+)\s*(.*)$" % ("*" if self.riscv else "+"), line)
            if m and cur is not None:
                ops = m.group(3).split("@")[0].strip()
                cur.append((int(m.group(1), 16), m.group(2), ops))
        return insns


class Graph:
    def __init__(self, elf):
        self.elf = elf
        self.edges = {}  # func -> set of (callee, kind)
        self.frame = {}
        self.problems = {}  # func -> list of strings (unresolved indirect, unknown SP writes)
        self.panics = {}  # func -> set of panic functions called
        self.sites = []  # (call address, caller, panic function)
        self.calls = []  # (call address, caller, callee) for the other direct calls

    def name(self, a):
        return self.elf.funcs[a][1]

    def analyse(self, f):
        if f in self.edges:
            return
        elf = self.elf
        start, size = f, elf.funcs[f][2]
        insns = elf.insns.get(f, [])
        edges, problems, panics = set(), [], set()
        prologue = 0
        for i, (a, mn, ops) in enumerate(insns):
            if not (start <= a < start + size):
                continue
            m = BRANCH.match(mn)
            target = re.match(r"^(0x[0-9a-f]+|[0-9a-f]+)\b", ops)
            if m and target:
                t = int(target.group(1), 16)
                if start <= t < start + size:
                    continue  # a branch within the function
                kind = "call" if m.group(1) != "b" else "tail"
                self.record(f, a, f"{mn} {ops}", t, kind, edges, problems, panics)
                continue
            first = ops.split(",")[0].strip()
            if mn in ("blx",) and REG.match(first):
                problems.append(f"{a:#x}: {mn} {ops}: indirect call")
            elif mn in ("bx",) and first != "lr":
                problems.append(f"{a:#x}: {mn} {ops}: indirect jump")
            elif mn.startswith(("mov", "add", "ldr")) and first == "pc":
                if not self.jump_table(insns, i, start, start + size):
                    problems.append(f"{a:#x}: {mn} {ops}: indirect jump")
            elif mn.startswith(("pop", "ldm")) and "pc" in ops:
                pass  # return
            if f not in elf.frames:
                prologue += self.sp_change(mn, ops, problems, a)
        if f in elf.frames:
            self.frame[f] = elf.frames[f]
        else:
            self.frame[f] = prologue
        self.edges[f] = edges
        if problems:
            self.problems[f] = problems
        if panics:
            self.panics[f] = panics

    def record(self, f, a, text, t, kind, edges, problems, panics):
        """The direct branch at `a` (`text`) from `f` to `t`, outside `f`: a call or tail call
        (`kind`) of the function that starts at `t`, or a call into the panic machinery
        (listed, not walked); a problem when `t` starts no function."""
        callee = self.elf.func_at(t)
        if callee is None or callee != t:
            problems.append(f"{a:#x}: {text}: target is not a function start")
            return
        if is_panic(self.name(callee)):
            panics.add(callee)
            self.sites.append((a, f, callee))
            return
        edges.add((callee, kind))
        self.calls.append((a, f, callee))

    @staticmethod
    def jump_table(insns, i, start, end):
        """A switch lowered to a jump table (thumbv6m has no `tbb`): `add pc, rN` jumps
        relative to the PC into the byte/halfword table right after it; `mov pc, rN` /
        `ldr pc, ..` after an `adr` must be followed by a table of `.word`s that all point
        into the same function."""
        a, mn, ops = insns[i]
        if mn.startswith("add"):
            return True
        if not any(m.startswith("adr") for _, m, _ in insns[max(0, i - 4) : i]):
            return False
        words = []
        for _, m, o in insns[i + 1 :]:
            # Alignment padding before the table (`mov r8, r8`, thumbv6m's nop) is skipped.
            if not words and (m == "nop" or (m == "mov" and o.replace(" ", "") == "r8,r8")):
                continue
            if m != ".word":
                break
            words.append(int(o.split()[0], 16) & ~1)
        return bool(words) and all(start <= w < end for w in words)

    @staticmethod
    def sp_change(mn, ops, problems, a):
        """Bytes a prologue instruction allocates (functions without a .stack_sizes entry)."""
        regs = lambda s: sum(
            (int(r[1].lstrip("rds")) - int(r[0].lstrip("rds")) + 1) if len(r) == 2 else 1
            for r in (x.strip().split("-") for x in s.strip("{} ").split(","))
        )
        if mn.startswith("push") or (mn.startswith("stmdb") and ops.startswith("sp!")):
            body = ops[ops.index("{") :]
            return 4 * regs(body)
        if mn.startswith("vpush"):
            body = ops[ops.index("{") :]
            return (8 if "d" in body else 4) * regs(body)
        m = re.match(r"^sub(s|\.w)?$", mn)
        if m and ops.startswith("sp"):
            imm = re.search(r"#(0x[0-9a-f]+|\d+)$", ops)
            if imm:
                return int(imm.group(1), 0)
        first = ops.split(",")[0].strip()
        if first == "sp" and not mn.startswith(("add", "str", "ldr", "mov")):
            problems.append(f"{a:#x}: {mn} {ops}: stack pointer write not understood")
        elif first == "sp" and mn.startswith("mov"):
            problems.append(f"{a:#x}: {mn} {ops}: stack pointer write not understood")
        return 0

    def bound(self, f, stack, memo, cycles, cut=None, tail_exact=False, active=frozenset()):
        """Worst-case bytes from f's entry SP, and the chain that reaches it; with `cut` (see
        [`cut_set`]), over the chains that enter none of those functions or calls (a note's
        reachable chains), those of a context only under a function of that context
        (`active`: the contexts entered). With `tail_exact`, a tail call is counted at its
        caller's entry SP (the caller's frame is gone when it branches: the callee returns
        to the caller's caller) rather than below the caller's frame; the chain then lists
        such a caller as `(f, 0)`."""
        plain, contexts = cut or (frozenset(), ())
        active = active | {i for i, (where, _) in enumerate(contexts) if f in where}
        key = (f, active)
        if key in memo:
            return memo[key]
        if f in stack:
            cycles.append(stack[stack.index(f) :] + [f])
            return (0, [])
        self.analyse(f)
        stack.append(f)
        best, best_tail = (0, []), (0, [])
        for callee, kind in sorted(self.edges[f]):
            named = lambda s: callee in s or (f, callee) in s or (f, callee, kind) in s
            if named(plain) or any(named(contexts[i][1]) for i in active):
                continue
            b = self.bound(callee, stack, memo, cycles, cut, tail_exact, active)
            if tail_exact and kind == "tail":
                if b[0] > best_tail[0]:
                    best_tail = b
            elif b[0] > best[0]:
                best = b
        stack.pop()
        result = (self.frame[f] + best[0], [f] + best[1])
        if best_tail[0] > result[0]:
            result = (best_tail[0], [(f, 0)] + best_tail[1])
        memo[key] = result
        return result

    def chain_text(self, chain):
        """`name frame -> ...`; a caller whose tail call the chain takes (`tail_exact`) shows
        `tail call` for its frame, which is not under the callee."""
        return " -> ".join(
            f"{short(self.name(f[0]))} (tail call)" if isinstance(f, tuple) else f"{short(self.name(f))} {self.frame[f]}"
            for f in chain
        )

    def reachable(self, f):
        seen, todo = set(), [f]
        while todo:
            g = todo.pop()
            if g in seen:
                continue
            seen.add(g)
            self.analyse(g)
            todo.extend(c for c, _ in self.edges[g])
        return seen


class RiscvGraph(Graph):
    """The call graph of RV32 code (riscv32imc: TARGET `riscv*`), as `llvm-objdump -d` shows
    it: a call is `auipc ra, HI` + `jalr LO(ra)` (the linker does not relax them here),
    `jal [ra,] <f>` or the pseudo `call <f>`; a tail call is `auipc t1, HI` + `jr LO(t1)`,
    `j <f>` (`jal zero`), the pseudo `tail <f>`, or a conditional branch, that leaves the
    function; `ret` (`jalr zero, 0(ra)`) returns. Any other `jalr`/`jr` (`c.jalr`, `c.jr`) is an
    indirect call or jump, which fails the bound unless it is a jump table of its own
    function (see [`RiscvGraph.jump_table`]). Frames without a .stack_sizes entry come from
    the prologue: `addi sp, sp, -N` (`c.addi16sp`, `c.addi sp`); any other write of sp there
    is an error."""

    def __init__(self, elf):
        super().__init__(elf)
        self.tables = []  # (jr address, table address, entries): the jump tables resolved

    BRANCH = re.compile(r"^(c\.)?(beq|bne|blt|bge|bltu|bgeu|beqz|bnez|blez|bgez|bltz|bgtz|bgt|ble|bgtu|bleu)$")
    STORE = ("sb", "sh", "sw", "c.sw", "c.swsp", "fsw", "fsd")

    def analyse(self, f):
        if f in self.edges:
            return
        elf = self.elf
        start, size = f, elf.funcs[f][2]
        end = start + size
        insns = [x for x in elf.insns.get(f, []) if start <= x[0] < end]
        insns = [(a, mn, re.sub(r"\s*<[^<>]*>$", "", ops).strip()) for a, mn, ops in insns]
        edges, problems, panics = set(), [], set()
        prologue = 0
        if not insns:
            problems.append("no code in .text's disassembly: its calls are unknown")

        def direct(a, text, t, kind):
            if start <= t < end:
                if kind == "call":
                    problems.append(f"{a:#x}: {text}: a call into its own function")
                return  # a branch within the function
            self.record(f, a, text, t, kind, edges, problems, panics)

        for i, (a, mn, ops) in enumerate(insns):
            text = f"{mn} {ops}"
            regs = [x.strip() for x in ops.split(",")] if ops else []
            base = mn[2:] if mn.startswith("c.") else mn
            if base in ("jal", "j", "call", "tail"):
                rd = "zero" if base in ("j", "tail") else regs[0] if len(regs) == 2 else "ra"
                t = int(regs[-1], 16)
                if rd not in ("ra", "zero"):
                    problems.append(f"{a:#x}: {text}: link register {rd}")
                    continue
                direct(a, text, t, "call" if rd == "ra" else "tail")
                continue
            if self.BRANCH.match(mn):
                t = int(regs[-1], 16)
                direct(a, text, t, "tail")
                continue
            if base in ("jalr", "jr", "ret"):
                rd = "zero" if base in ("jr", "ret") else "ra"
                target = regs[-1] if regs else "0(ra)"
                if base == "jalr" and len(regs) >= 2 and not re.search(r"\(", regs[-1]) and not re.match(r"^-?(0x[0-9a-f]+|\d+)$", regs[-1]):
                    rd, target = regs[0], regs[1]  # jalr rd, rs
                elif base == "jalr" and len(regs) == 3:
                    rd, target = regs[0], f"{regs[2]}({regs[1]})"  # jalr rd, rs, imm
                elif base == "jalr" and len(regs) == 2:
                    rd = regs[0]
                m = re.match(r"^(-?(?:0x[0-9a-f]+|\d+))?\(?(\w+)\)?$", target)
                if not m:
                    problems.append(f"{a:#x}: {text}: not understood")
                    continue
                off, rs = int(m.group(1) or "0", 0), m.group(2)
                if rd == "zero" and rs == "ra" and off == 0:
                    continue  # return
                if rd not in ("ra", "zero"):
                    problems.append(f"{a:#x}: {text}: link register {rd}")
                    continue
                prev = insns[i - 1] if i else None
                if prev and prev[1] == "auipc" and prev[2].split(",")[0].strip() == rs and prev[0] + 4 == a:
                    hi = int(prev[2].split(",")[1].strip(), 0)
                    t = (prev[0] + (hi << 12) + off) & 0xFFFFFFFF
                    direct(a, text, t, "call" if rd == "ra" else "tail")
                elif rd == "ra":
                    problems.append(f"{a:#x}: {text}: indirect call")
                elif not self.jump_table(insns, i, start, end):
                    problems.append(f"{a:#x}: {text}: indirect jump")
                continue
            if f not in elf.frames:
                prologue += self.sp_write(mn, regs, problems, a)
        self.frame[f] = elf.frames[f] if f in elf.frames else prologue
        self.edges[f] = edges
        if problems:
            self.problems[f] = problems
        if panics:
            self.panics[f] = panics

    def jump_table(self, insns, i, start, end):
        """A switch lowered to a jump table: `jr rX` after `lw rX, 0(rA)`, `add rA, rI, rB`
        (either order) and `slli rI, rJ, 2` (each the last write of its register, in the same
        block), with rB the table's address: a constant (`lui rB, HI` + `addi rB, rB, LO`, the
        last write of rB before the `add`, or else every write of rB in the function but the
        epilogue's reloads from sp) in .rodata, whose words from there point into the
        function (at least one). The index's range is the switch's (mostly an enum's
        discriminant, with no range check in the code) and is not proven here: what is
        checked is that the jump reads a table of its function's own code addresses (LLVM's
        jump tables hold only blocks of their function), not a function pointer. The tables
        so resolved are listed (`self.tables`)."""
        writes = lambda mn, ops, r: ops.split(",")[0].strip() == r and mn not in self.STORE and not self.BRANCH.match(mn)

        def last_write(j, r, limit=12):
            for k in range(j - 1, max(-1, j - 1 - limit), -1):
                _, mn, ops = insns[k]
                if mn in ("j", "jr", "ret", "c.j", "c.jr") or self.BRANCH.match(mn):
                    return None  # another block: stop
                if writes(mn, ops, r):
                    return k
            return None

        def const(j, r):
            """The constant a `lui r` + `addi r, r` pair ending at j writes, or None."""
            regs = [x.strip() for x in insns[j][2].split(",")]
            if insns[j][1] not in ("addi", "c.addi") or regs[:2] != [r, r] or j == 0:
                return None
            regs0 = [x.strip() for x in insns[j - 1][2].split(",")]
            if insns[j - 1][1] not in ("lui", "c.lui") or regs0[0] != r:
                return None
            return ((int(regs0[1], 0) << 12) + int(regs[2], 0)) & 0xFFFFFFFF

        a, _, ops = insns[i]
        k = last_write(i, ops.strip())
        if k is None or insns[k][1] not in ("lw", "c.lw"):
            return False
        m = re.match(r"^\w+,\s*(?:0x0|0)?\((\w+)\)$", insns[k][2])
        if not m:
            return False
        k = last_write(k, m.group(1))
        if k is None or insns[k][1] not in ("add", "c.add"):
            return False
        regs = [x.strip() for x in insns[k][2].split(",")]
        operands = regs[1:] if len(regs) == 3 else regs  # c.add rd, rs: rd += rs
        for ri, rb in (operands, operands[::-1]):
            s = last_write(k, ri)
            if s is None or insns[s][1] not in ("slli", "c.slli") or insns[s][2].split(",")[-1].strip() not in ("2", "0x2"):
                continue
            b = last_write(k, rb)
            if b is not None:
                bases = {const(b, rb)}
            else:
                reload = lambda j: insns[j][1] in ("lw", "c.lwsp") and insns[j][2].endswith("(sp)")
                hi = lambda j: insns[j][1] in ("lui", "c.lui") and j + 1 < len(insns) and const(j + 1, rb) is not None
                defs = [j for j, (_, mn, o) in enumerate(insns) if writes(mn, o, rb)]
                bases = {const(j, rb) for j in defs if not reload(j) and not hi(j)}
            if not bases or None in bases:
                continue
            ok = True
            for base in bases:
                n = 0
                while start <= (self.elf.rodata_word(base + 4 * n) or 0) < end:
                    n += 1
                ok = ok and n > 0
                self.tables.append((a, base, n))
            return ok
        return False

    def sp_write(self, mn, regs, problems, a):
        """Bytes a prologue instruction allocates (functions without a .stack_sizes entry)."""
        if not regs or regs[0] != "sp" or mn in self.STORE or self.BRANCH.match(mn):
            return 0
        imm = regs[-1]
        if mn in ("addi", "c.addi", "c.addi16sp") and regs[1:-1] in ([], ["sp"]) and re.match(r"^-?(0x[0-9a-f]+|\d+)$", imm):
            n = int(imm, 0)
            return -n if n < 0 else 0  # positive: the epilogue
        problems.append(f"{a:#x}: {mn} {', '.join(regs)}: stack pointer write not understood")
        return 0


def read_notes(path):
    """The notes file (--notes): `ENTRY | FUNCTIONS | WHY` per line, `#` comments. ENTRY is
    a glob of entry points (`TARGET:NAME` for one target's); FUNCTIONS, comma-separated regular expressions on function
    names (demangled, without hash), are the callees whose chains the entry point cannot
    reach (`CALLER -> CALLEE`: only the calls from CALLER; `CALLER -call-> CALLEE`: only
    those that are not tail calls; `CONTEXT >> ...`: only under a function CONTEXT names),
    or `-` when the bound's chain is reachable but not all of its frames are written (a
    callee's locals that only some calls use); WHY says why."""
    notes = []
    for lineno, line in enumerate(open(path, encoding="utf-8"), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        parts = [p.strip() for p in line.split("|")]
        if len(parts) != 3 or not all(parts):
            sys.exit(f"stack-bound: {path}:{lineno}: expected `ENTRY | FUNCTIONS | WHY`")
        pattern, funcs, why = parts
        regexes = []
        for r in [] if funcs == "-" else funcs.split(","):
            context, arrows, r = r.rpartition(" >> ")
            kind = "call" if " -call-> " in r else None
            caller, arrow, callee = r.partition(" -call-> " if kind else " -> ")
            compiled = lambda s: re.compile(s.strip()) if s.strip() else None
            regexes.append((compiled(context), compiled(caller) if arrow else None, compiled(callee if arrow else r), kind))
        notes.append((pattern, regexes, why))
    return notes


def cut_set(g, reach, regexes):
    """The functions (and `(caller, callee)` calls, `(caller, callee, "call")` for the
    calls that are not tail calls) of `reach` that a note's regular
    expressions name: `(plain, contexts)`, the ones cut everywhere, and per context (the
    functions under which they are cut) the ones cut there. Empty (falsy) when none."""
    named = lambda r, f: r.search(short(g.name(f))) is not None
    plain, by_context = set(), {}
    for context, caller, callee, kind in regexes:
        cut = plain
        if context is not None:
            where = frozenset(f for f in reach if named(context, f))
            cut = by_context.setdefault(where, set())
        for f in reach:
            if caller is None:
                if named(callee, f):
                    cut.add(f)
                continue
            if named(caller, f):
                cut.update((f, c, k) if kind else (f, c) for c, k in g.edges[f] if named(callee, c) and kind in (None, k))
    contexts = tuple((where, frozenset(s)) for where, s in by_context.items() if where and s)
    if not plain and not contexts:
        return None
    return (frozenset(plain), contexts)


def percent(part, whole):
    """`part` as a whole percentage of `whole`, rounded down (never above 100% unless it is)."""
    return f"{100 * part // whole}%" if whole else "-"


def short(name):
    return re.sub(r"::h[0-9a-f]{16}$", "", name)


def painted_figures(path):
    """Entry name -> painted high-water from the firmware's log."""
    painted = {}
    text = open(path, encoding="utf-8", errors="replace").read()
    for m in re.finditer(r"^stack: entry (\S+) painted (\d+) B", text, re.M):
        painted[m.group(1)] = max(painted.get(m.group(1), 0), int(m.group(2)))
    # Vectors (base: parse; input: parse_with_base) and stress inputs (parse).
    hw = [int(x) for x in re.findall(r"^stack: parser high-water (\d+) B", text, re.M)]
    st = [int(x) for x in re.findall(r"^stack: stress inputs high-water (\d+) B", text, re.M)]
    return painted, max(hw, default=None), max(st, default=None)


def source_lines(elf, addrs):
    """Call address -> the innermost `file:line` outside core/alloc of its inline chain
    (arm-none-eabi-addr2line -i reads DWARF's inlined-subroutine records)."""
    out = run(["arm-none-eabi-addr2line", "-a", "-i", "-e", elf.path] + [f"{a:#x}" for a in addrs])
    lines, cur = {}, None
    for line in out.splitlines():
        if line.startswith("0x"):
            cur = int(line, 16)
        elif cur is not None and cur not in lines and "/rustc/" not in line and "/library/" not in line:
            lines[cur] = re.sub(r" \(discriminator \d+\)", "", line)
    return lines


def demangle(name):
    """What llvm-nm -C leaves of legacy Rust mangling in some names."""
    for a, b in (("$LT$", "<"), ("$GT$", ">"), ("$u20$", " "), ("$u5b$", "["), ("$u5d$", "]"), ("$RF$", "&"), ("..", "::")):
        name = name.replace(a, b)
    return re.sub(r"^_<", "<", name)


def panic_sites(elf, root):
    """Every call into the panic machinery reachable from `root`, with its source line."""
    g = Graph(elf)
    starts = [a for a, v in elf.funcs.items() if v[0] == root]
    if not starts:
        sys.exit(f"stack-bound: no symbol {root}")
    reach = g.reachable(starts[0])
    mine = [(a, f, p) for a, f, p in g.sites if f in reach]
    # An outlined core helper holding the panic (`Range::index_mut`, `copy_from_slice`): the
    # sites are its callers.
    is_core = lambda f: demangle(g.name(f)).startswith(("core::", "<core::"))
    helpers = {f for _, f, _ in mine if is_core(f)}
    while True:  # helpers of helpers (`RangeTo::index_mut` calls `Range::index_mut`)
        more = {f for _, f, h in g.calls if h in helpers and f in reach and is_core(f)} - helpers
        if not more:
            break
        helpers |= more
    mine = [s for s in mine if s[1] not in helpers]
    mine += [(a, f, h) for a, f, h in g.calls if h in helpers and f in reach and f not in helpers]
    lines = source_lines(elf, sorted({a for a, _, _ in mine}))
    sites = sorted(
        {(lines.get(a, "?"), demangle(short(g.name(f))), demangle(short(g.name(p)))) for a, f, p in mine}
    )
    for line, f, p in sites:
        line = re.sub(r"^.*/(embedded-tests/|src/)", r"\1", line)
        print(f"panic site: {line} in {f} -> {p}")
    print(f"panic sites reachable from {root}: {len(sites)}")
    return len(sites)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("elf")
    ap.add_argument("target")
    ap.add_argument("--budget", type=int, default=0)
    ap.add_argument(
        "--allow",
        action="append",
        default=[],
        metavar="NAME=BYTES",
        help="entry points (a glob) held to BYTES instead of --budget",
    )
    ap.add_argument("--painted")
    ap.add_argument("--llvm-bin", required=True)
    ap.add_argument("--chains", action="store_true", help="print every entry's deepest chain")
    ap.add_argument(
        "--notes",
        help="why a painted figure cannot reach the bound: per entry point, the callees its "
        "inputs cannot reach (the bound is computed again without them) (see read_notes)",
    )
    ap.add_argument(
        "--short-allow",
        action="append",
        default=[],
        metavar="NAME",
        help="entry points (globs) whose painted figure may stay short of both its bound and a "
        "note's (a ratchet: any other such entry point is an error)",
    )
    ap.add_argument("--panic-sites", metavar="ROOT", help="only list the panic calls reachable from ROOT")
    ap.add_argument(
        "--entry-prefix",
        default=ENTRY_PREFIX,
        help="entry points are the functions whose name starts with this (microurl_ for the C API)",
    )
    args = ap.parse_args()

    allowed = []
    for a in args.allow:
        pattern, _, limit = a.partition("=")
        if not pattern or not limit.isdigit():
            sys.exit(f"stack-bound: --allow {a!r}: expected NAME=BYTES")
        allowed.append((pattern, int(limit)))

    def limit_of(name):
        return next((v for p, v in allowed if fnmatch.fnmatchcase(name, p)), args.budget)

    elf = Elf(args.elf, args.llvm_bin, frames=not args.panic_sites, riscv=args.target.startswith("riscv"))
    if args.panic_sites:
        sys.exit(1 if panic_sites(elf, args.panic_sites) else 0)
    g = (RiscvGraph if args.target.startswith("riscv") else Graph)(elf)
    prefix = args.entry_prefix
    entries = sorted((v[0][len(prefix) :], a) for a, v in elf.funcs.items() if v[0].startswith(prefix))
    if not entries:
        sys.exit(f"stack-bound: no {prefix}* symbol in {args.elf}")
    errors = []
    over = []
    bounds = {}
    memo = {}
    all_panics = {}
    for name, a in entries:
        cycles = []
        b, chain = g.bound(a, [], memo, cycles)
        for c in cycles:
            errors.append(f"{name}: recursion: " + " -> ".join(short(g.name(x)) for x in c))
        reach = g.reachable(a)
        for f in sorted(reach):
            for p in g.problems.get(f, []):
                errors.append(f"{name}: {short(g.name(f))}: {p}")
            for p in g.panics.get(f, []):
                all_panics.setdefault((f, p), set()).add(name)
        no_frame = [f for f in reach if f not in elf.frames]
        bounds[name] = b
        print(f"static stack bound: {args.target} {name} {b} B")
        limit = limit_of(name) if args.budget else 0
        if args.chains or (args.budget and b > args.budget):
            print("    chain: " + " -> ".join(f"{short(g.name(f))} {g.frame[f]}" for f in chain))
        if args.budget and args.budget < b <= limit:
            print(f"    above the {args.budget} B budget, within its allowance of {limit} B (--allow)")
        if no_frame:
            print(
                "    frames from prologues (no .stack_sizes): "
                + ", ".join(f"{short(g.name(f))} {g.frame[f]}" for f in sorted(no_frame))
            )
        if args.budget and b > limit:
            what = "budget" if limit == args.budget else "allowance"
            over.append(f"{name}: static bound {b} B > {what} {limit} B")
    if all_panics:
        callers = sorted({f for f, _ in all_panics})
        print(f"panic calls reachable from the entry points (not walked): {len(all_panics)} call edges in {len(callers)} functions")
        for f, p in sorted(all_panics, key=lambda k: (g.name(k[0]), g.name(k[1]))):
            print(f"    {short(g.name(f))} -> {short(g.name(p))}")
    else:
        print("panic calls reachable from the entry points: none")
    if args.painted:
        painted, hw, stress = painted_figures(args.painted)
        checks = [(f"entry {n}", n, v) for n, v in sorted(painted.items())]
        if hw is not None:
            # One figure for bases (parse) and inputs (parse_with_base): held to the larger bound.
            both = max(("parse", "parse_with_base"), key=lambda n: bounds.get(n, 0))
            checks.append(("vectors (parse, parse_with_base)", both, hw))
        if stress is not None:
            checks.append(("stress inputs (parse)", "parse", stress))
        if not painted:
            errors.append("no painted figure in the firmware log")
        for what, entry, v in checks:
            b = bounds.get(entry)
            if b is None:
                errors.append(f"painted {what}: no entry point {entry}")
            elif v > b:
                errors.append(f"painted {what}: {v} B is above the static bound {b} B of {entry}")
            else:
                print(f"painted within bound: {args.target} {what} {v} B <= {b} B ({percent(v, b)})")
        notes = read_notes(args.notes) if args.notes else []
        within = lambda p, b: p * 10 >= b * 9
        near = [n for n, _ in entries if n in painted and within(painted[n], bounds[n])]
        short_of = [(n, a) for n, a in entries if n in painted and n not in near]
        unpainted = [n for n, _ in entries if n not in painted]
        noted, unexplained = [], []
        # The tail calls on a chain: counted below their caller's frame by the bound
        # (conservative), at their caller's entry SP here, where they run.
        tail_why = "its tail calls run at their caller's entry SP (the caller's frame is gone when it branches), not under the caller's frame, where the bound counts them"
        for n, a in short_of:
            note = next((x for x in notes if any(fnmatch.fnmatchcase(s, x[0]) for s in (n, f"{args.target}:{n}"))), None)
            line = f"    painted short of the bound: {args.target} {n} {painted[n]} B of {bounds[n]} B ({percent(painted[n], bounds[n])})"
            _, regexes, why = note if note else (None, [], None)
            cut = cut_set(g, g.reachable(a), regexes)
            reach, chain = g.bound(a, [], {}, [], cut, tail_exact=True)
            if args.chains:
                print("    reachable chain: " + g.chain_text(chain))
            tails = f"; {tail_why}" if reach < (g.bound(a, [], {}, [], cut)[0] if cut else bounds[n]) else ""
            if note is None and tails and within(painted[n], reach):
                noted.append(n)
                print(line + f"; {reach} B over the chains it can reach ({percent(painted[n], reach)}): {tail_why}")
            elif note is None:
                unexplained.append(n)
                print(line + f"; {reach} B with its tail calls at their caller's SP ({percent(painted[n], reach)}): no note")
            elif regexes and not cut:
                print(line + f": note matches no function it reaches (stale?): {why}")
                unexplained.append(n)
            elif regexes and painted[n] > reach:
                # The painted input went deeper than the chains the note leaves: it cuts a
                # chain the input reaches.
                unexplained.append(n)
                print(line + f"; {reach} B over the chains the note leaves, below the painted figure: the note is wrong: {why}")
            elif regexes:
                ok = within(painted[n], reach)
                (noted if ok else unexplained).append(n)
                print(line + f"; {reach} B over the chains it can reach ({percent(painted[n], reach)}): {why}{tails}")
            else:
                noted.append(n)
                print(line + f": {why}")
        allowed_short = [n for n in unexplained if any(fnmatch.fnmatchcase(n, p) for p in args.short_allow)]
        for n in unpainted:
            errors.append(f"entry point {n}: no painted figure in the firmware log")
        for p in args.short_allow:
            if not any(fnmatch.fnmatchcase(n, p) for n in unexplained):
                print(f"    --short-allow {p}: not needed any more (every entry point it names is within 10% or explained)")
        for n in unexplained:
            if n not in allowed_short:
                errors.append(f"painted {n}: {painted[n]} B, short of 90% of its bound {bounds[n]} B with no note that explains it (stack-notes.txt)")
        print(
            f"painted within 10% of the static bound: {args.target} {len(near)} of {len(entries)} entry points"
            + f"; within 10% of the bound over the chains it can reach (its note, or its tail calls at their caller's SP): {len(noted)}"
            + f"; short of both or without a note: {len(unexplained)}"
            + (f" ({', '.join(unexplained)})" if unexplained else "")
            + (f", of which allowed (--short-allow): {len(allowed_short)}" if unexplained else "")
            + (f"; not painted: {', '.join(unpainted)}" if unpainted else "")
        )
    walked = set()
    for _, a in entries:
        walked |= g.reachable(a)
    indirect = sum(1 for f in walked for p in g.problems.get(f, []) if "indirect" in p)
    print(
        f"call graph: {len(entries)} entry points, {len(walked)} functions reachable, "
        f"{indirect} unresolved indirect calls or jumps, "
        f"{'no recursion' if not any('recursion' in e for e in errors) else 'RECURSION'}"
    )
    for e in errors:
        print(f"stack-bound: ERROR: {e}")
    for e in over:
        print(f"stack-bound: OVER BUDGET: {e}")
    # 1: the analysis failed (recursion, unresolved indirect call, painted above the bound);
    # 2: it holds but a bound is over the budget.
    sys.exit(1 if errors else 2 if over else 0)


if __name__ == "__main__":
    main()
