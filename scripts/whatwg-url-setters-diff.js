// Setter differential of microurl (examples/urlinfo --jsonl, setter requests) against
// whatwg-url, the URL Standard's reference implementation. Run by scripts/whatwg-url-diff.sh
// after the parse differential (same install of whatwg-url 17.3.0 with tr46 6.0.0).
//
// Requests: every URL of the WPT inputs and of benches/corpus/embedded.txt that whatwg-url
// parses (its href), and a few chosen ones (file and localhost, opaque paths with spaces,
// `/.` paths, IPv4-mapped IPv6, credentials), each with every setter but href and every
// value of VALUES (schemes, ports, paths, hosts, tabs and newlines, non-ASCII, `%`, drive
// letters). Compared per request: href and the nine components. urlinfo retries
// `ArenaTooSmall` with the `needed` it reports, so a `needed` that never suffices shows as
// a time-out here (the run is bounded).
"use strict";

const fs = require("fs");
const path = require("path");
const { spawnSync } = require("child_process");
const whatwg = require("whatwg-url");

const [, , root, urlinfo] = process.argv;
const EXAMPLES = Number(process.env.EXAMPLES || 5);

const SETTERS = ["protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash"];
const FIELDS = ["href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash"];
const VALUES = [
  "", "file", "https", "http", "ws", "foo", "mailto", "blob", "x y", "a\tb", "a\nb%zz", "  lead",
  "/a/../b", "?q=1", "#frag", "8080", "80", "443", "99999", "abc", "user@x", "\u00e9", "%2e%2E/x",
  "//x", "\\\\a", "[::1]", "localhost", "C:", "C|/d", ":@/?#", "xn--a",
];
const CHOSEN = [
  "http://localhost/", "https://LOCALHOST:443/", "file:///C:/x", "file://host/p", "file://localhost/",
  "foo:/.//a", "foo:bar ?q", "foo:bar #f", "http://[::ffff:1.2.3.4]:81/", "non-spec:/.//p",
  "sc://%C3%A9/x", "http://user:pass@h:1/p?q#f", "blob:https://a/b", "javascript:alert(1)",
  "ws://xn--nxasmq6b.com/",
];

function hrefs() {
  const corpus = (name) => fs.readFileSync(path.join(root, "benches/corpus", name), "utf8").split("\n");
  const seen = new Set();
  for (const line of [...corpus("wpt.txt"), ...corpus("embedded.txt"), ...CHOSEN]) {
    if (line === "") continue;
    try {
      seen.add(new whatwg.URL(line.toWellFormed()).href);
    } catch {
      // Not a URL: nothing to set.
    }
  }
  return [...seen];
}

function main() {
  const requests = [];
  for (const href of hrefs()) {
    for (const setter of SETTERS) {
      for (const value of VALUES) {
        requests.push({ href, setter, value });
      }
    }
  }
  const expected = requests.map(({ href, setter, value }) => {
    const url = new whatwg.URL(href);
    url[setter] = value;
    return Object.fromEntries(FIELDS.map((f) => [f, url[f]]));
  });
  const input = requests.map((r) => JSON.stringify(r)).join("\n") + "\n";
  const run = spawnSync(urlinfo, ["--jsonl"], {
    input,
    maxBuffer: 1 << 30,
    encoding: "utf8",
    timeout: Number(process.env.TIMEOUT_MS || 300000),
  });
  if (run.status !== 0) {
    console.error(run.stderr);
    throw new Error(`urlinfo exited with ${run.status} (signal ${run.signal}: a time-out is a retry that never ends)`);
  }
  const ours = run.stdout.split("\n").filter((l) => l !== "").map((l) => JSON.parse(l));
  if (ours.length !== requests.length) {
    throw new Error(`urlinfo answered ${ours.length} lines for ${requests.length} requests`);
  }
  let differences = 0;
  for (let i = 0; i < requests.length; i++) {
    const wrong = FIELDS.filter((f) => ours[i][f] !== expected[i][f]);
    if (wrong.length === 0) continue;
    differences++;
    if (differences <= EXAMPLES) {
      console.log(JSON.stringify(requests[i]));
      for (const f of wrong) console.log(`  ${f}: want ${JSON.stringify(expected[i][f])}, got ${JSON.stringify(ours[i][f])}`);
    }
  }
  console.log(`setters against whatwg-url: ${requests.length} requests, ${differences} differences`);
  process.exit(differences === 0 ? 0 : 1);
}

main();
