// Differential run of microurl (examples/urlinfo --jsonl) against whatwg-url, the URL
// Standard's reference implementation. Run by scripts/whatwg-url-diff.sh, which installs
// whatwg-url into target/ and builds urlinfo; see that script for the usage.
//
// Inputs: every WPT urltestdata input (with its base), the real-world corpora as they are
// (benches/corpus paracrawl and embedded: strict mode is checked on them), then GENERATED
// mutations of real URLs
// from benches/corpus (tabs, case, `..`, `%`, backslashes, drive letters, IPv4 forms, IPv6,
// userinfo, non-ASCII and fullwidth hosts, trailing dots, blob: wrappers, relative forms
// against a base). Every input goes through the USVString conversion the URL API applies
// (lone surrogates to U+FFFD) before either side sees it.
//
// Compared per input: failure, href, isValidURLString (urlinfo's "valid"), the origin of
// blob: URLs (whatwg-url's URL#origin against urlinfo's, which takes an arena), and the
// ORDERED list of validation errors, repeats included (parseURLWithValidationErrors against
// the names of urlinfo's "validation"; whatwg-url gives no positions, so only the names in
// order are compared). On the real-world corpora, strict mode (urlinfo's "strict") must accept
// every input whatwg-url reports no validation error for. Differences are counted per class
// with up to EXAMPLES examples each; the classes that remain are documented in
// scripts/whatwg-url-diff.sh.
"use strict";

const fs = require("fs");
const path = require("path");
const { spawnSync } = require("child_process");
const whatwg = require("whatwg-url");

const [, , root, urlinfo, countArg] = process.argv;
const GENERATED = Number(countArg || 60000);
const EXAMPLES = Number(process.env.EXAMPLES || 3);

// A deterministic xorshift generator, so that runs are reproducible.
let state = 0x9e3779b9 ^ Number(process.env.SEED || 1);
function rand() {
  state ^= state << 13;
  state >>>= 0;
  state ^= state >>> 17;
  state ^= state << 5;
  state >>>= 0;
  return state / 4294967296;
}
const pick = (a) => a[Math.floor(rand() * a.length)];
const int = (n) => Math.floor(rand() * n);

function readLines(file) {
  return fs
    .readFileSync(path.join(root, file), "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "");
}

function wptCases() {
  const cases = [];
  for (const file of ["urltestdata.json", "urltestdata-javascript-only.json"]) {
    const data = JSON.parse(fs.readFileSync(path.join(root, "tests/data", file), "utf8"));
    for (const c of data) {
      if (typeof c === "object" && typeof c.input === "string") {
        cases.push({ input: c.input, base: c.base ?? null });
      }
    }
  }
  return cases;
}

const corpus = [
  ...readLines("benches/corpus/paracrawl.txt"),
  ...readLines("benches/corpus/embedded.txt"),
  ...readLines("benches/corpus/wpt.txt").filter((l) => /^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(l))
];

const hosts = [
  "0x7f.1", "127.0.0.1.", "1.2.3", "0300.0250.0.1", "4294967295", "4294967296", "256.1.1.1",
  "1.2.3.4.5", "0x100000000", "08.1.1.1", "1..2", "127.0.0.01", "0.0.0.0", "example.255",
  "[::1]", "[0:0::1]", "[1:2:3:4:5:6:7:8]", "[1:2:3:4:5:6:7:8:9]", "[::ffff:1.2.3.4]", "[::1",
  "[::01]", "[1::2::3]", "[::1.2.3]", "[::ffff:256.1.1.1]", "[:1]", "[1:]", "[ABCD::]",
  "ｅｘａｍｐｌｅ.com", "bücher.de", "BÜCHER.de", "１２７.０.０.１", "①.②.③.④", "a。b", "xn--a.com",
  "xn--bcher-kva.de", "faß.de", "EXAMPLE.COM.", "a.", "ex%41mple.com", "exa%23mple.org", "%zz",
  "a b", "a_b.com", "-a.com", "ab--c.com", "xn--ls8h.la", "☕.example", "a\u00adb.com",
  "\u0661.example", "xn--mgbh0fb.1a", "1a.xn--mgbh0fb", "ab.xn--mgbh0fb", "localhost", "LOCALHOST", "%30x7f.1", "0X7F.1", "a.b.c.d.1", "x.0x", ""
];
const userinfos = ["user@", "user:pw@", ":@", "@", "a@b@", "us%40er:p%3Aw@", "ü:ö@", "u:p:q@"];
const schemes = ["http", "https", "HTTP", "ws", "wss", "ftp", "file", "FILE", "foo", "mqtt", "blob", "data", "javascript"];
const bits = [
  "\t", "\n", "\r", " ", "..", ".", "%2e", "%2E%2e", "%", "%4", "%zz", "%41", "\\", "/", "//", "?",
  "#", "'", "\"", "<", ">", "`", "{", "}", "|", "^", "@", ":", "[", "]", "é", "\u3000", "\u00a0",
  "\u0000", "\u001f", "\u007f", "\u0080", "\ufdd0", "\uffff", "\u{1F600}", "C:", "c|", "/C:/", "%2f"
];

// Splits a URL at its authority: [scheme ":" slashes, authority, rest], or null.
function splitUrl(url) {
  const m = /^([a-zA-Z][a-zA-Z0-9+.-]*:)(\/*)([^/?#\\]*)(.*)$/su.exec(url);
  return m ? { scheme: m[1], slashes: m[2], authority: m[3], rest: m[4] } : null;
}

const mutations = [
  // tabs and newlines anywhere
  (u) => insertAt(u, pick(["\t", "\n", "\r", "\t\n"])),
  // case
  (u) => u.toUpperCase(),
  (u) => [...u].map((c) => (rand() < 0.3 ? c.toUpperCase() : c)).join(""),
  // dot segments and percent signs
  (u) => insertAt(u, pick(["/..", "/../", "/./", "/%2e%2e/", "/.%2E/", "..", "/a/../"])),
  (u) => insertAt(u, pick(["%", "%2", "%zz", "%41", "%25", "%%"])),
  // backslashes
  (u) => u.replace(/\//gu, () => (rand() < 0.5 ? "\\" : "/")),
  // drive letters
  (u) => pick(["file:///C|/", "file:C:/", "file://C:/", "file:/c|", "file:///c:/a/../../", "C|/", "file://host/C:/"]) + tail(u),
  // hosts: IPv4 forms, IPv6, non-ASCII, fullwidth, trailing dots, ...
  (u) => replaceHost(u, () => pick(hosts)),
  (u) => replaceHost(u, (h) => h + "."),
  (u) => replaceHost(u, (h) => h + pick([":", ":0", ":80", ":443", ":65536", ":8x", ":0080"])),
  // userinfo
  (u) => replaceHost(u, (h) => pick(userinfos) + h),
  // scheme swap
  (u) => {
    const s = splitUrl(u);
    return s ? pick(schemes) + ":" + s.slashes + s.authority + s.rest : u;
  },
  // slashes
  (u) => {
    const s = splitUrl(u);
    return s ? s.scheme + pick(["", "/", "//", "///", "\\\\", "/\\"]) + s.authority + s.rest : u;
  },
  // odd code points anywhere
  (u) => insertAt(u, pick(bits)),
  // leading and trailing spaces and controls
  (u) => pick([" ", "\u0000", "\u001f ", ""]) + u + pick([" ", "\u0001", ""]),
  // blob: wrapper
  (u) => "blob:" + u
];

function insertAt(u, s) {
  const at = int(u.length + 1);
  return u.slice(0, at) + s + u.slice(at);
}
function tail(u) {
  const s = splitUrl(u);
  return s ? s.rest.replace(/^\//u, "") : u;
}
function replaceHost(u, f) {
  const s = splitUrl(u);
  if (!s) {
    return u;
  }
  const at = s.authority.lastIndexOf("@");
  const host = s.authority.slice(at + 1);
  return s.scheme + (s.slashes || "//") + s.authority.slice(0, at + 1) + f(host) + s.rest;
}

function generated(n) {
  const out = [];
  for (let i = 0; i < n; ++i) {
    let u = pick(corpus);
    const k = 1 + int(3);
    for (let j = 0; j < k; ++j) {
      u = pick(mutations)(u);
    }
    if (rand() < 0.15) {
      // A relative form against the URL it came from.
      const base = pick(corpus);
      const s = splitUrl(u);
      const rel = s ? pick([s.rest, "//" + s.authority + s.rest, s.rest.replace(/^\//u, ""), "?" + s.rest, "#" + s.rest]) : u;
      out.push({ input: rel, base });
    } else {
      out.push({ input: u, base: null });
    }
  }
  return out;
}

function reference(c) {
  const r = {};
  let base = null;
  if (c.base !== null) {
    base = whatwg.parseURL(c.base);
    if (base === null) {
      return null;
    }
  }
  const { url, validationErrors } = whatwg.parseURLWithValidationErrors(c.input, { baseURL: base });
  r.failure = url === null;
  r.href = url === null ? null : whatwg.serializeURL(url);
  r.origin = url === null ? null : whatwg.serializeURLOrigin(url);
  r.blob = url !== null && url.scheme === "blob";
  r.valid = whatwg.isValidURLString(c.input, { baseURL: base });
  r.errors = validationErrors;
  return r;
}

function main() {
  const real = [...readLines("benches/corpus/paracrawl.txt"), ...readLines("benches/corpus/embedded.txt")];
  const cases = [
    ...wptCases().map((c) => ({ ...c, wpt: true })),
    ...real.map((input) => ({ input, base: null, corpus: true })),
    ...generated(GENERATED)
  ];
  for (const c of cases) {
    c.input = c.input.toWellFormed();
    c.base = c.base === null ? null : c.base.toWellFormed();
  }
  const refs = cases.map(reference);
  const keep = cases.filter((_, i) => refs[i] !== null);
  const keptRefs = refs.filter((r) => r !== null);
  const request = keep.map((c) => JSON.stringify({ input: c.input, base: c.base })).join("\n") + "\n";
  const run = spawnSync(urlinfo, ["--jsonl"], { input: request, maxBuffer: 1 << 30, encoding: "utf8" });
  if (run.status !== 0) {
    console.error(run.stderr);
    throw new Error(`urlinfo exited with ${run.status}`);
  }
  const ours = run.stdout.split("\n").filter((l) => l !== "").map((l) => JSON.parse(l));
  if (ours.length !== keep.length) {
    throw new Error(`urlinfo answered ${ours.length} lines for ${keep.length} inputs`);
  }

  const classes = new Map();
  const note = (cls, c, detail) => {
    if (!classes.has(cls)) {
      classes.set(cls, { count: 0, examples: [] });
    }
    const e = classes.get(cls);
    e.count += 1;
    if (e.examples.length < EXAMPLES) {
      e.examples.push({ input: c.input, base: c.base, ...detail });
    }
  };
  const totals = { wpt: 0, corpus: 0, generated: 0, blob: 0, listsAgree: 0, valid: 0, clean: 0, strictRejects: 0 };
  for (let i = 0; i < keep.length; ++i) {
    const c = keep[i];
    const r = keptRefs[i];
    const o = ours[i];
    totals[c.wpt ? "wpt" : c.corpus ? "corpus" : "generated"] += 1;
    if (c.corpus && !r.failure && r.errors.length === 0) {
      // Strict mode fails at the first validation error microurl reports.
      totals.clean += 1;
      if (o.strict !== true) {
        totals.strictRejects += 1;
        note("strict mode rejects a corpus input without validation errors", c, { microurl: o.validation });
      }
    }
    totals.valid += r.valid ? 1 : 0;
    const failed = o.failure === true;
    if (failed !== r.failure) {
      note("failure", c, { whatwg: r.failure, microurl: failed, error: o.error });
    } else if (!failed && o.href !== r.href) {
      note("href", c, { whatwg: r.href, microurl: o.href });
    }
    if (o.valid !== r.valid) {
      note(`valid: whatwg-url ${r.valid}, microurl ${o.valid}`, c, {});
    }
    if (r.blob && !failed) {
      totals.blob += 1;
      if (o.origin !== r.origin) {
        note("blob origin", c, { whatwg: r.origin, microurl: o.origin });
      }
    } else if (!failed && !r.failure && o.origin !== r.origin) {
      note("origin", c, { whatwg: r.origin, microurl: o.origin });
    }
    const ourList = (o.validation || []).map((e) => e.error);
    if (JSON.stringify(ourList) === JSON.stringify(r.errors)) {
      totals.listsAgree += 1;
    } else {
      // Classed by the first place the lists part.
      let k = 0;
      while (k < ourList.length && k < r.errors.length && ourList[k] === r.errors[k]) {
        ++k;
      }
      const theirs = r.errors[k] ?? "end";
      const mine = ourList[k] ?? "end";
      const when = r.failure ? " (parse fails)" : "";
      note(`errors: whatwg-url ${theirs}, microurl ${mine}${when}`, c, { whatwg: r.errors, microurl: ourList });
    }
  }

  const n = keep.length;
  console.log(`inputs: ${n} (WPT ${totals.wpt}, real-world corpus ${totals.corpus}, generated ${totals.generated}; skipped ${cases.length - n} whose base whatwg-url rejects)`);
  console.log(`real-world corpus inputs without a validation error (whatwg-url): ${totals.clean}; strict mode would reject ${totals.strictRejects} of them`);
  console.log(`valid URL strings (whatwg-url): ${totals.valid}; blob URLs parsed: ${totals.blob}`);
  console.log(`ordered validation error lists agree: ${totals.listsAgree}/${n}`);
  const sorted = [...classes.entries()].sort((a, b) => b[1].count - a[1].count);
  for (const [cls, { count, examples }] of sorted) {
    console.log(`\n${count}\t${cls}`);
    for (const e of examples) {
      console.log(`\t${JSON.stringify(e)}`);
    }
  }
  // Every difference fails the run.
  const total = sorted.reduce((s, [, v]) => s + v.count, 0);
  console.log(`\ndifferences: ${total}`);
  process.exitCode = total === 0 ? 0 : 1;
}

main();
