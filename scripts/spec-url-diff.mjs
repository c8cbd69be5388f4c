// Differential test: microurl's Reference (through `urlinfo --jsonl`) against spec-url 3.0.0's
// URLReference on generated references. Usage:
//   node scripts/spec-url-diff.mjs <urlinfo binary> <count> <seed>
// For every generated (reference, base) pair both sides run parse+rebase ("rebase": spec-url's
// `new URLReference(r, base)`) and parse+rebase+normalize ("normalize": `.normalize()`), and
// the href (or failure) and each token are compared. Differences are classified; a class is
// "explained" only if listed in EXPLAINED below (with the spec text that decides it).
import { URLReference } from 'spec-url'
import { spawnSync } from 'node:child_process'

const [bin, countArg = '100000', seedArg = '1'] = process.argv.slice(2)
const COUNT = +countArg
let seed = (+seedArg >>> 0) || 1
const rand = () => { // xorshift32
  seed ^= seed << 13; seed >>>= 0; seed ^= seed >>> 17; seed ^= seed << 5; seed >>>= 0
  return seed / 4294967296
}
const pick = a => a[Math.floor(rand() * a.length)]
const maybe = (p, f) => rand() < p ? f() : ''

const SCHEMES = ['http:', 'HTTP:', 'https:', 'ws:', 'wss:', 'ftp:', 'file:', 'FiLe:', 'sch:',
  'a+b.c-d:', 'otp:', 'c:', 'x1:', 'urn:']
const AUTHS = ['', 'host', 'h:80', 'h:0080', 'h:', 'u@h', 'u:p@h:8080', ':@h', 'u:@h', '@h',
  '[::1]', '[1:0:0:0::1]:0', '[::1', 'c:', 'C|', 'h%41', 'ü', 'xn--vh8h', 'a b', 'h:99999',
  'h:x', 'localhost', '1.2.3.4', 'h:1:2', 'u@v@h', 'a{b}', 'a"b', '%00']
const SEGS = ['', '.', '..', '%2e', '.%2E', '%2E%2e', 'a', 'b', 'b c', 'x:y', 'c:', 'd|', 'C|',
  'é', '🌲', '%41', "'", '{}', '^', '`', '"', '<>', '|', 'a\tb', '\\', 'x?', '%', '~']
const QUERIES = ['?', '?q', "?a='b'", '?x y', '?é', '?`{}', '?"<>', '?/\\']
const FRAGS = ['#', '#f', '#a b', '#`', '#é', '#/?#', '#<"']

function path () {
  const n = Math.floor(rand() * 5)
  let s = maybe(0.4, () => pick(['/', '\\', '/c:/', 'c|/', '/C|\\', 'c:', '/c:']))
  for (let i = 0; i < n; i++) s += pick(SEGS) + (i < n - 1 || rand() < 0.4 ? pick(['/', '/', '\\']) : '')
  return s
}

function reference () {
  let s = maybe(0.4, () => pick(SCHEMES))
  s += maybe(0.35, () => pick(['//', '\\\\', '/\\', '\\/']) + pick(AUTHS) + pick(['', '/', '\\']))
  s += path()
  s += maybe(0.25, () => pick(QUERIES))
  s += maybe(0.2, () => pick(FRAGS))
  // Preprocessing: surrounding C0 space, tab/LF/CR anywhere.
  if (rand() < 0.05) s = pick([' ', '\x01', '\t']) + s + pick([' ', '\n', ''])
  if (rand() < 0.05 && s.length) {
    const cps = Array.from(s), i = Math.floor(rand() * cps.length)
    cps.splice(i, 0, pick(['\t', '\n', '\r'])); s = cps.join('')
  }
  return s
}

const BASES = ['http://h/a/b', 'http://h/a/b/', 'http://u:p@h:8080/a?q#f', 'file:///c:/x/y',
  'file://host/share/f', 'file:///x', 'file:', 'sch:/a/b', 'sch://h/a/', 'sch://h', 'sch:opaque',
  'sch:', 'sch:?q', '//h/a', '/a/b', 'a/b', '', '#f', '?q', 'c|/x', '/c:/y/z', 'ws://h', 'x1:/p']

const cases = []
for (let i = 0; i < COUNT; i++) {
  const base = rand() < 0.2 ? null : rand() < 0.6 ? pick(BASES) : reference()
  cases.push({ reference: reference(), base })
}

const TOKENS = ['scheme', 'username', 'password', 'hostname', 'port', 'driveletter', 'pathroot',
  'pathname', 'filename', 'query', 'fragment']

function oracle (c, op) {
  try {
    let r = new URLReference(c.reference, c.base)
    if (op === 'normalize') r = r.normalize()
    const out = { href: r.href }
    for (const k of TOKENS) { const v = r[k]; out[k] = v == null ? null : k === 'port' ? v : String(v) }
    return out
  } catch (e) { return { failure: true, error: String(e.message).split('\n')[0] } }
}

const requests = []
for (const c of cases) for (const op of ['rebase', 'normalize']) requests.push({ ...c, op })
const run = spawnSync(bin, ['--jsonl'], {
  input: requests.map(r => JSON.stringify(r)).join('\n') + '\n', maxBuffer: 1 << 30
})
if (run.status !== 0) { console.error(String(run.stderr)); process.exit(2) }
const answers = String(run.stdout).trim().split('\n').map(l => JSON.parse(l))
if (answers.length !== requests.length) { console.error('answer count mismatch'); process.exit(2) }

// Explained classes: the predicate recognizes the class; the text says which spec decides.
const EXPLAINED = [
  {
    name: 'empty-query-order',
    spec: 'reverse spec §Order: "The order of an URL is ... the type of its first component"; ' +
      'spec-url tests `url.query` for truthiness, so a reference starting with an empty query ' +
      '(`?#…`) has order fragment there and is accepted as fragment-only by an opaque-path base.',
    test: (q, want, got) => /^\?#/.test(q.reference.replace(/[\t\n\r]/g, '').replace(/^[\x00-\x20]+/, '')) &&
      !!got.failure !== !!want.failure,
  },
  {
    name: 'ipv6-hostname-getter',
    spec: 'reverse spec §Host: the host is an ipv6-address (a number); spec-url\'s getter ' +
      'returns its serialization, the Reference getter the text as written. Hrefs agree.',
    test: (q, want, got, diffs) => diffs.every(k => k === 'hostname') && String(got.hostname).startsWith('['),
  },
]

const classes = {}, unexplained = []
let total = 0
requests.forEach((q, i) => {
  total++
  const want = oracle(q, q.op), got = answers[i]
  let diffs = []
  if (!!want.failure !== !!got.failure) diffs = ['failure']
  else if (!want.failure) diffs = ['href', ...TOKENS].filter(k => JSON.stringify(want[k]) !== JSON.stringify(got[k]))
  if (!diffs.length) return
  const cls = EXPLAINED.find(e => e.test(q, want, got, diffs))
  if (cls) classes[cls.name] = (classes[cls.name] ?? 0) + 1
  else unexplained.push({ q, diffs, want, got })
})

console.log(`spec-url differential: ${cases.length} generated references, ${total} requests (rebase, normalize)`)
for (const e of EXPLAINED) console.log(`  explained ${e.name}: ${classes[e.name] ?? 0}  — ${e.spec}`)
console.log(`  unexplained: ${unexplained.length}`)
for (const u of unexplained.slice(0, 25))
  console.log(JSON.stringify(u.q), u.diffs.join(','), '\n   spec-url:', JSON.stringify(u.want), '\n   microurl:', JSON.stringify(u.got))
process.exit(unexplained.length ? 1 : 0)
