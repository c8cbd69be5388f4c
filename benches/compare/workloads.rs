//! The inputs: vendored corpora, a derived relative-reference workload, adversarial inputs.

/// Real URLs found in web text (ParaCrawl), one per line.
pub(crate) const PARACRAWL: &str = include_str!("../corpus/paracrawl.txt");
/// Synthetic firmware/IoT URLs (see corpus/embedded.README.md), one per line.
pub(crate) const EMBEDDED: &str = include_str!("../corpus/embedded.txt");
/// WPT `urltestdata.json` inputs without a base, one per line (raw: spaces kept).
pub(crate) const WPT: &str = include_str!("../corpus/wpt.txt");
/// WPT inputs with their base: `input<TAB>base` per line.
pub(crate) const WPT_BASE: &str = include_str!("../corpus/wpt-with-base.tsv");
/// Expected hrefs for `WPT` lines (`<failure>` for inputs that must fail).
pub(crate) const WPT_EXPECT: &str = include_str!("../corpus/wpt.expect");
/// Expected hrefs for `WPT_BASE` lines.
pub(crate) const WPT_BASE_EXPECT: &str = include_str!("../corpus/wpt-with-base.expect");

/// One parse: an input and, for relative workloads, the base it is resolved against.
#[derive(Clone, Copy)]
pub(crate) struct Item<'a> {
    pub(crate) input: &'a str,
    pub(crate) base: Option<&'a str>,
}

pub(crate) struct Workload<'a> {
    pub(crate) name: &'static str,
    pub(crate) items: Vec<Item<'a>>,
    /// Expected href per item (`None`: must fail), when the corpus ships one.
    pub(crate) expect: Option<Vec<Option<&'a str>>>,
}

impl Workload<'_> {
    /// Bytes a parser reads per pass: the input, plus the base string where there is one
    /// (every parser parses the base on each call, see BENCHMARKS.md).
    pub(crate) fn bytes(&self) -> usize {
        self.items
            .iter()
            .map(|it| it.input.len() + it.base.map_or(0, str::len))
            .sum()
    }
}

/// Split a corpus file into lines, keeping every byte of each line (no trimming: leading and
/// trailing spaces are part of the WPT and embedded inputs).
pub(crate) fn lines(text: &str) -> Vec<&str> {
    text.strip_suffix('\n')
        .unwrap_or(text)
        .split('\n')
        .collect()
}

fn expect_lines(text: &str) -> Vec<Option<&str>> {
    lines(text)
        .into_iter()
        .map(|l| if l == "<failure>" { None } else { Some(l) })
        .collect()
}

fn plain(
    name: &'static str,
    text: &'static str,
    expect: Option<&'static str>,
) -> Workload<'static> {
    Workload {
        name,
        items: lines(text)
            .into_iter()
            .map(|input| Item { input, base: None })
            .collect(),
        expect: expect.map(expect_lines),
    }
}

/// Names accepted on the command line, in report order.
pub(crate) const NAMES: [&str; 5] = ["paracrawl", "embedded", "wpt", "wpt-with-base", "relative"];

/// All corpus workloads. `relative` owns its strings, hence the `rel` storage argument.
pub(crate) fn all<'a>(rel: &'a [(String, String)]) -> Vec<Workload<'a>> {
    let wpt_base = Workload {
        name: "wpt-with-base",
        items: lines(WPT_BASE)
            .into_iter()
            .map(|l| {
                let (input, base) = l.split_once('\t').expect("input<TAB>base");
                Item {
                    input,
                    base: Some(base),
                }
            })
            .collect(),
        expect: Some(expect_lines(WPT_BASE_EXPECT)),
    };
    let relative = Workload {
        name: "relative",
        items: rel
            .iter()
            .map(|(input, base)| Item {
                input,
                base: Some(base),
            })
            .collect(),
        expect: None,
    };
    let v = vec![
        plain("paracrawl", PARACRAWL, None),
        plain("embedded", EMBEDDED, None),
        plain("wpt", WPT, Some(WPT_EXPECT)),
        wpt_base,
        relative,
    ];
    for w in &v {
        if let Some(e) = &w.expect {
            assert_eq!(e.len(), w.items.len(), "{}: .expect line count", w.name);
        }
    }
    v
}

/// xorshift64*: deterministic, no dependency.
pub(crate) struct Rng(u64);

impl Rng {
    pub(crate) fn new(seed: u64) -> Self {
        Rng(seed | 1)
    }
    pub(crate) fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    pub(crate) fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

/// Parts of an absolute `scheme://host/path?query#fragment` URL, by plain string splitting
/// (no parser involved, so the workload does not depend on any of the parsers under test).
struct Parts<'a> {
    host: &'a str,
    path: &'a str,
    query: Option<&'a str>,
}

fn split(url: &str) -> Option<Parts<'_>> {
    let rest = url.split_once("://")?.1;
    let rest = rest.split('#').next().unwrap_or("");
    let (rest, query) = match rest.split_once('?') {
        Some((a, q)) => (a, Some(q)),
        None => (rest, None),
    };
    let (host, path) = match rest.find('/') {
        Some(i) => (&rest[..i], &rest[i..]),
        None => (rest, "/"),
    };
    Some(Parts { host, path, query })
}

/// The relative-reference workload: hrefs as a crawler meets them on a page, resolved
/// against that page's URL. Bases are the http(s) URLs of paracrawl and embedded; each
/// base gets `PER_BASE` hrefs derived from other corpus URLs with a fixed seed:
/// `../a/b?x`, `/path`, `//host/path`, `?q`, `#f`, `a/b.html`, `./x`, `../../x`,
/// absolute URLs, and a few with spaces or backslashes.
pub(crate) fn relative_refs() -> Vec<(String, String)> {
    const PER_BASE: usize = 2;
    let pool: Vec<&str> = lines(PARACRAWL)
        .into_iter()
        .chain(lines(EMBEDDED))
        .filter(|u| {
            let u = u.trim();
            (u.starts_with("http://") || u.starts_with("https://")) && split(u).is_some()
        })
        .map(str::trim)
        .collect();
    let mut rng = Rng::new(0x5EED_0A11);
    let mut out = Vec::with_capacity(pool.len() * PER_BASE);
    for base in &pool {
        for _ in 0..PER_BASE {
            let other = split(pool[rng.below(pool.len())]).expect("filtered");
            let segs: Vec<&str> = other.path.split('/').filter(|s| !s.is_empty()).collect();
            let tail = |n: usize| segs[segs.len().saturating_sub(n)..].join("/");
            let q = other.query.unwrap_or("page=2");
            let href = match rng.below(12) {
                0 => format!("../{}?{}", tail(2), q),
                1 => other.path.to_string(),
                2 => format!("{}?{}", other.path, q),
                3 => format!("//{}{}", other.host, other.path),
                4 => format!("?{q}"),
                5 => format!("#section-{}", rng.below(100)),
                6 => format!("{}.html", tail(1)),
                7 => format!("./{}", tail(2)),
                8 => format!("../../{}", tail(3)),
                9 => pool[rng.below(pool.len())].to_string(),
                10 => format!(" {}/index page.html ", tail(1)),
                _ => format!("..\\{}\\x?{}#top", tail(1), q),
            };
            out.push((href, (*base).to_string()));
        }
    }
    out
}

/// Adversarial input families. Each builds one URL of about `size` bytes.
pub(crate) const ADVERSARIAL: [&str; 16] = [
    "canonical-path",
    "dotdot",
    "deep-then-up",
    "pct-dots",
    "many-dots-host",
    "huge-host",
    "idn-labels",
    "pct-path",
    "pct-host",
    "encode-path",
    "encode-query",
    "file-drive-up",
    "backslashes",
    "ipv4-zeros",
    "combining-marks",
    "mapped-full-stops",
];

/// Fifty combining marks, each of a different canonical combining class, not in class
/// order: the most work a run of marks gives canonical ordering per mark.
const MARKS_OF_DISTINCT_CLASSES: &str = "\u{0300}\u{0315}\u{0316}\u{031B}\u{0321}\u{0334}\u{0345}\u{035C}\u{035D}\u{059A}\u{05AE}\u{05B0}\u{05B1}\u{05B2}\u{05B3}\u{05B4}\u{05B5}\u{05B6}\u{05B7}\u{05B8}\u{05B9}\u{05BB}\u{05BC}\u{05BD}\u{05BF}\u{05C1}\u{05C2}\u{0618}\u{0619}\u{061A}\u{064B}\u{064C}\u{064D}\u{0651}\u{0652}\u{0670}\u{0711}\u{093C}\u{094D}\u{0C55}\u{0C56}\u{0E38}\u{0E48}\u{0EB8}\u{0EC8}\u{0F71}\u{0F72}\u{0F74}\u{1DCE}\u{1DFA}";

fn fill(prefix: &str, unit: &str, suffix: &str, size: usize) -> String {
    let mut s = String::with_capacity(size + unit.len() + suffix.len());
    s.push_str(prefix);
    while s.len() + unit.len() + suffix.len() <= size {
        s.push_str(unit);
    }
    s.push_str(suffix);
    s
}

pub(crate) fn adversarial(kind: &str, size: usize) -> String {
    match kind {
        // A long path that is already canonical (letters, digits, `-`, `_`, `/`): the
        // byte-class scan over path bytes, nothing to rewrite.
        "canonical-path" => fill(
            "http://example.com/",
            "articles/2024/Long-Title_of-a-page/",
            "end",
            size,
        ),
        // Every second segment is `..`: constant stack depth, many pops.
        "dotdot" => fill("http://example.com/", "a/../", "end", size),
        // n segments, then n `..`: pops walk back across the whole output.
        "deep-then-up" => {
            let k = size.saturating_sub(24) / 5;
            let mut s = String::from("http://example.com");
            s.push_str(&"/a".repeat(k));
            s.push_str(&"/..".repeat(k));
            s.push_str("/end");
            s
        }
        // Percent-encoded single and double dots (`%2e`, `%2E%2e`), which are dot segments.
        "pct-dots" => fill("http://example.com/", "x/%2e/%2E%2e/", "end", size),
        // A host of many one-letter labels.
        "many-dots-host" => fill("http://", "a.", "com/", size),
        // One huge mixed-case ASCII label (lower-casing copies every byte).
        "huge-host" => fill("http://", "Ab", ".com/", size),
        // Many short non-ASCII labels: each is mapped, normalized and Punycode-encoded.
        "idn-labels" => fill("http://", "b\u{fc}cher.", "de/", size),
        // A long run of valid percent-escapes in the path (kept as they are).
        "pct-path" => fill("http://example.com/", "%F0%9F%98%80", "", size),
        // A percent-encoded host (`%61` = `a`): decoded, then domain-to-ASCII.
        "pct-host" => fill("http://", "%61", ".com/", size),
        // Non-ASCII and spaces in the path: every byte is percent-encoded (x3 growth).
        "encode-path" => fill("http://example.com/", "\u{e9} ", "", size),
        // Query bytes of the special-query encode set.
        "encode-query" => fill("http://example.com/?", "q=\"<'>& ", "", size),
        // file: with a drive letter, then `..` that must stop at the drive.
        "file-drive-up" => fill("file:///C:/", "../", "end", size),
        // Backslashes as separators in a special URL, with `..`.
        "backslashes" => fill("http://example.com\\", "a\\..\\", "end", size),
        // An IPv4 number with a very long run of leading zeros: 0.0.0.1.
        "ipv4-zeros" => {
            let mut s = String::from("http://");
            s.push_str(&"0".repeat(size.saturating_sub(9)));
            s.push_str("1/");
            s
        }
        // A host label of runs of combining marks of distinct classes after a starter: each
        // run is mapped, put in canonical order and composed (and, without an arena, judged
        // as it streams by).
        "combining-marks" => fill(
            "http://",
            &["a", MARKS_OF_DISTINCT_CLASSES].concat(),
            "/",
            size,
        ),
        // Labels separated by U+3002 IDEOGRAPHIC FULL STOP, which UTS46 maps to a full stop:
        // one segment between ASCII full stops that holds every label.
        "mapped-full-stops" => fill("http://", "a\u{3002}", "com/", size),
        _ => panic!("unknown adversarial kind {kind}"),
    }
}
