// Differential run of `Reference::resolve` (examples/urlinfo --jsonl, op "resolve") against
// whatwg-url, the URL Standard's reference implementation: `new URL(reference, base)`,
// the base parsed on its own first (no base: `new URL(reference)`). Run by
// scripts/whatwg-url-diff.sh, which installs whatwg-url into target/ and builds urlinfo.
//
// Inputs: GENERATED references in the reverse specification's grammar (schemes in any case,
// `//` or `\\` authorities, drive letters `c:` and `C|` with and without a leading slash,
// dot segments plain and percent-encoded, `\` separators, odd code points, queries,
// fragments, tab/LF/CR and C0 space around and inside), each against a base: none, a
// canonical base, a NON-CANONICAL special base (written without `//`, with three or more
// slashes or backslashes, a dot segment or `%2E` as its first path segment, uppercase, a
// drive letter), a file base with a drive letter, an opaque base, a relative string (which
// is no URL: it fails), or another generated reference.
//
// Compared per pair: failure, and the href when both parse. urlinfo parses the reference in
// the base's mode (`Reference::parse_against`), as its documentation asks. Every difference
// fails the run (no class of difference is explained). Prints the counts and up to
// EXAMPLES examples per class.
//
// Usage: node scripts/whatwg-url-resolve-diff.js <root> <urlinfo> [N]   (N pairs, default 40000)
// Env:   SEED (generator seed, default 1), EXAMPLES (examples per class, default 5)
"use strict";

const { spawnSync } = require("child_process");
const whatwg = require("whatwg-url");

const [, , , urlinfo, countArg] = process.argv;
const COUNT = Number(countArg || 40000);
const EXAMPLES = Number(process.env.EXAMPLES || 5);

// A deterministic xorshift generator, so that runs are reproducible.
let state = 0x85ebca6b ^ Number(process.env.SEED || 1);
function rand() {
  state ^= state << 13;
  state >>>= 0;
  state ^= state >>> 17;
  state ^= state << 5;
  state >>>= 0;
  return state / 4294967296;
}
const pick = (a) => a[Math.floor(rand() * a.length)];
const maybe = (p, f) => (rand() < p ? f() : "");

const SCHEMES = ["http:", "HTTP:", "https:", "ws:", "wss:", "WsS:", "ftp:", "file:", "FiLe:", "sch:",
  "a+b.c-d:", "otp:", "c:", "x1:", "urn:", "mailto:"];
const AUTHS = ["", "host", "h:80", "h:0080", "h:", "u@h", "u:p@h:8080", ":@h", "u:@h", "@h",
  "[::1]", "[1:0:0:0::1]:0", "[::1", "c:", "C|", "h%41", "ü", "xn--vh8h", "a b", "h:99999",
  "h:x", "localhost", "1.2.3.4", "0x7f.1", "h:1:2", "u@v@h", "a{b}", "%00", "..", ".%2E", "EX.com."];
const SEGS = ["", ".", "..", "%2e", ".%2E", "%2E%2e", "a", "b", "b c", "x:y", "c:", "d|", "C|", "C:",
  "é", "🌲", "%41", "'", "{}", "^", "`", "\"", "<>", "|", "a\tb", "\\", "x?", "%", "~", "%2f"];
const QUERIES = ["?", "?q", "?a='b'", "?x y", "?é", "?`{}", "?\"<>", "?/\\"];
const FRAGS = ["#", "#f", "#a b", "#`", "#é", "#/?#", "#<\""];

function path() {
  const n = Math.floor(rand() * 5);
  // Drive letters with and without the slash before them, in both spellings.
  let s = maybe(0.45, () => pick(["/", "\\", "/c:/", "c|/", "/C|\\", "c:", "/c:", "C:/", "/c|", "c:\\", "//c:/"]));
  for (let i = 0; i < n; i++) {
    s += pick(SEGS) + (i < n - 1 || rand() < 0.4 ? pick(["/", "/", "\\"]) : "");
  }
  return s;
}

function reference() {
  let s = maybe(0.35, () => pick(SCHEMES));
  s += maybe(0.35, () => pick(["//", "\\\\", "/\\", "\\/", "///", "////"]) + pick(AUTHS) + pick(["", "/", "\\"]));
  s += path();
  s += maybe(0.25, () => pick(QUERIES));
  s += maybe(0.2, () => pick(FRAGS));
  // Preprocessing: surrounding C0 space, tab/LF/CR anywhere.
  if (rand() < 0.05) {
    s = pick([" ", "\x01", "\t"]) + s + pick([" ", "\n", ""]);
  }
  if (rand() < 0.05 && s.length) {
    const cps = Array.from(s);
    const i = Math.floor(rand() * cps.length);
    cps.splice(i, 0, pick(["\t", "\n", "\r"]));
    s = cps.join("");
  }
  return s;
}

// Bases: canonical ones, and special bases the URL parser forces (the reverse
// specification's rebase keeps them as written).
const BASES = [
  "http://h/a/b", "http://h/a/b/", "http://u:p@h:8080/a?q#f", "https://EX.com/a/../b", "ws://h",
  "file:///c:/x/y", "file:///C|/x", "file://host/share/f", "file:///x", "file:", "file:c:/x",
  "file:/c|/y", "file://h/c:/", "file:////h/x", "file:\\\\h\\c:\\x",
  "sch:/a/b", "sch://h/a/", "sch://h", "sch:opaque", "sch:", "sch:?q", "mailto:x@y", "x1:/p",
  // special, no `//`: the first segment is the host
  "wss:.%2E/^\\", "http:h/a", "https:\\h\\a", "ws:/\\h/x", "HTTP:H/a/b?q", "ftp:..", "http:%2E/x",
  // special, three or more slashes: skipped
  "http:///h/a", "https:////h/a/", "ws:\\\\\\h\\x", "http:/\\/\\h/a", "wss:////..%2e/^",
  // a host that fails, and relative strings (no URL: the resolve fails)
  "http://a b/", "http://h:99999/", "//h/a", "/a/b", "a/b", "", "#f", "?q", "c|/x", "/c:/y/z",
];

function oracle(c) {
  let base;
  if (c.base !== null) {
    base = whatwg.parseURL(c.base);
    if (base === null) {
      return { failure: true };
    }
  }
  const url = whatwg.parseURL(c.reference, base === undefined ? {} : { baseURL: base });
  return url === null ? { failure: true } : { href: whatwg.serializeURL(url) };
}

function main() {
  const cases = [];
  for (let i = 0; i < COUNT; i++) {
    const r = rand();
    const base = r < 0.15 ? null : r < 0.75 ? pick(BASES) : reference();
    cases.push({ reference: reference().toWellFormed(), base: base === null ? null : base.toWellFormed() });
  }
  const request = cases.map((c) => JSON.stringify({ ...c, op: "resolve" })).join("\n") + "\n";
  const run = spawnSync(urlinfo, ["--jsonl"], { input: request, maxBuffer: 1 << 30, encoding: "utf8" });
  if (run.status !== 0) {
    console.error(run.stderr);
    throw new Error(`urlinfo exited with ${run.status}`);
  }
  const ours = run.stdout.split("\n").filter((l) => l !== "").map((l) => JSON.parse(l));
  if (ours.length !== cases.length) {
    throw new Error(`urlinfo answered ${ours.length} lines for ${cases.length} pairs`);
  }
  const classes = new Map();
  const totals = { parsed: 0, failed: 0, noBase: 0, drive: 0, forcedBase: 0 };
  const forced = new Set(BASES.slice(BASES.indexOf("wss:.%2E/^\\"), BASES.indexOf("http://a b/")));
  for (let i = 0; i < cases.length; i++) {
    const c = cases[i];
    const want = oracle(c);
    const got = ours[i];
    totals[want.failure ? "failed" : "parsed"] += 1;
    totals.noBase += c.base === null ? 1 : 0;
    totals.drive += /(^|[/\\])[a-zA-Z][:|]($|[/\\?#])/u.test(c.reference.trim()) ? 1 : 0;
    totals.forcedBase += forced.has(c.base) ? 1 : 0;
    let cls = null;
    if (!!want.failure !== !!got.failure) {
      cls = `failure: whatwg-url ${!!want.failure}, microurl ${!!got.failure}`;
    } else if (!want.failure && want.href !== got.href) {
      cls = "href";
    }
    if (cls === null) {
      continue;
    }
    if (!classes.has(cls)) {
      classes.set(cls, { count: 0, examples: [] });
    }
    const e = classes.get(cls);
    e.count += 1;
    if (e.examples.length < EXAMPLES) {
      e.examples.push({ reference: c.reference, base: c.base, whatwg: want.href ?? null, microurl: got.href ?? got.error });
    }
  }
  console.log(`resolve against whatwg-url: ${cases.length} pairs (${totals.parsed} parse, ${totals.failed} fail; ` +
    `${totals.noBase} without a base, ${totals.forcedBase} against a base the parser forces, ` +
    `${totals.drive} references with a drive letter)`);
  const sorted = [...classes.entries()].sort((a, b) => b[1].count - a[1].count);
  for (const [cls, { count, examples }] of sorted) {
    console.log(`\n${count}\t${cls}`);
    for (const e of examples) {
      console.log(`\t${JSON.stringify(e)}`);
    }
  }
  const total = sorted.reduce((s, [, v]) => s + v.count, 0);
  console.log(`resolve differences (none explained): ${total}`);
  process.exitCode = total === 0 ? 0 : 1;
}

main();
