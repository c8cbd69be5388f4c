//! microurl vs `url` vs `ada-url`, same inputs, one process, interleaved.
//!
//! ```text
//! cargo bench --bench compare                      # everything (agreement, corpora, adversarial)
//! cargo bench --bench compare -- corpora           # only the corpus tables
//! cargo bench --bench compare -- adversarial       # only the adversarial table
//! cargo bench --bench compare -- --rounds 31       # more rounds (default 15)
//! <bench binary> --callgrind PARSER WORKLOAD OP ITERS   # 1 warm-up + ITERS passes, for scripts/callgrind.sh
//! <bench binary> --callgrind-adv PARSER KIND SIZE REPS [OP]  # 1 warm-up + REPS parses (or
//!                                                  # can_parse calls: OP can_parse), for callgrind
//! ```
//!
//! Without `--bench` on its command line (that is, under `cargo test --benches`) the binary
//! only runs each parser once over each corpus and exits: a smoke test, not a benchmark.

#![allow(clippy::print_stdout)]

mod adapters;
mod workloads;

use adapters::{ada, micro, servo};
use std::hint::black_box;
use std::time::Instant;
use workloads::{Item, Workload};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Parser {
    Micro,
    Servo,
    Ada,
    /// Baseline for callgrind: walks the inputs, parses nothing.
    None,
}

impl Parser {
    const ALL: [Parser; 3] = [Parser::Micro, Parser::Servo, Parser::Ada];

    fn name(self) -> &'static str {
        match self {
            Parser::Micro => "microurl",
            Parser::Servo => "url",
            Parser::Ada => "ada-url",
            Parser::None => "none",
        }
    }

    fn from_name(s: &str) -> Parser {
        match s {
            "microurl" | "micro" => Parser::Micro,
            "url" | "servo" => Parser::Servo,
            "ada" | "ada-url" => Parser::Ada,
            "none" | "baseline" => Parser::None,
            _ => panic!("unknown parser {s} (microurl, url, ada, none)"),
        }
    }

    fn enabled(self) -> bool {
        self != Parser::Micro || micro::AVAILABLE
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Op {
    /// Parse the input; with a base, parse the base string too (on every call).
    Parse,
    /// `can_parse(input, base)`.
    CanParse,
    /// Resolve the input against a base parsed once, before the timed loop (microurl and
    /// url only: ada-url's Rust API takes the base as a string and parses it every call).
    Join,
}

impl Op {
    const ALL: [Op; 3] = [Op::Parse, Op::CanParse, Op::Join];

    fn name(self) -> &'static str {
        match self {
            Op::Parse => "parse",
            Op::CanParse => "can_parse",
            Op::Join => "join",
        }
    }
    fn from_name(s: &str) -> Op {
        match s {
            "parse" => Op::Parse,
            "can_parse" | "can-parse" => Op::CanParse,
            "join" => Op::Join,
            _ => panic!("unknown op {s} (parse, can_parse, join)"),
        }
    }
    /// Whether this op applies to the workload and parser.
    fn applies(self, w: &Workload<'_>, p: Parser) -> bool {
        self != Op::Join || (w.items.iter().all(|it| it.base.is_some()) && p != Parser::Ada)
    }
}

/// Bases parsed ahead of the timed loop, one per item, for `Op::Join`.
struct Bases<'b> {
    micro: Vec<Option<micro::Base<'b>>>,
    servo: Vec<Option<url::Url>>,
}

/// Arena bytes for the pre-parsed bases of `items`.
fn base_store_len(items: &[Item<'_>]) -> usize {
    items
        .iter()
        .map(|it| it.base.map_or(0, |b| 4 * b.len() + 64))
        .sum()
}

fn prepare_bases<'b>(items: &[Item<'b>], store: &'b mut [u8]) -> Bases<'b> {
    let mut rest = store;
    let mut micro_bases = Vec::with_capacity(items.len());
    for it in items {
        micro_bases.push(it.base.and_then(|b| {
            let (chunk, r) = std::mem::take(&mut rest).split_at_mut(4 * b.len() + 64);
            rest = r;
            micro::parse_base(b, chunk)
        }));
    }
    Bases {
        micro: micro_bases,
        servo: items
            .iter()
            .map(|it| it.base.and_then(|b| url::Url::parse(b).ok()))
            .collect(),
    }
}

/// Arenas for microurl, allocated once and reused by every call (as firmware would).
struct Arenas {
    main: Vec<u8>,
    base: Vec<u8>,
}

impl Arenas {
    fn new(size: usize) -> Self {
        Arenas {
            main: vec![0; size],
            base: vec![0; size],
        }
    }
}

/// One pass over the workload. Returns a checksum (sum of href lengths / accepted count)
/// so nothing can be optimized away.
#[inline(never)]
fn run_pass(p: Parser, op: Op, items: &[Item<'_>], bases: &Bases<'_>, ar: &mut Arenas) -> usize {
    let mut sum = 0usize;
    for (i, it) in items.iter().enumerate() {
        let it = black_box(it);
        let r = match (op, it.base) {
            (Op::Join, _) => match p {
                Parser::Micro => bases.micro[i]
                    .as_ref()
                    .and_then(|b| micro::join(it.input, b, &mut ar.main)),
                Parser::Servo => bases.servo[i]
                    .as_ref()
                    .and_then(|b| servo::join(it.input, b)),
                Parser::Ada => None,
                Parser::None => Some(it.input.len()),
            },
            (Op::Parse, None) => match p {
                Parser::Micro => micro::parse(it.input, &mut ar.main),
                Parser::Servo => servo::parse(it.input),
                Parser::Ada => ada::parse(it.input),
                Parser::None => Some(it.input.len()),
            },
            (Op::Parse, Some(b)) => match p {
                Parser::Micro => micro::parse_with_base(it.input, b, &mut ar.main, &mut ar.base),
                Parser::Servo => servo::parse_with_base(it.input, b),
                Parser::Ada => ada::parse_with_base(it.input, b),
                Parser::None => Some(it.input.len() + b.len()),
            },
            (Op::CanParse, base) => Some(usize::from(match p {
                Parser::Micro => micro::can_parse(it.input, base),
                Parser::Servo => servo::can_parse(it.input, base),
                Parser::Ada => ada::can_parse(it.input, base),
                Parser::None => it.input.len() > base.map_or(0, str::len),
            })),
        };
        sum = sum.wrapping_add(r.map_or(0, |n| n + 1));
    }
    black_box(sum)
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

struct Config {
    rounds: usize,
    /// Adversarial kinds to run (all when empty).
    kinds: Vec<String>,
    /// Minimum wall time of one timed sample, in nanoseconds.
    sample_ns: f64,
}

/// Times every enabled parser on one workload, interleaved: each round runs every parser
/// once (in a rotating order), and each parser's result is the median over rounds.
/// Returns ns per item, per parser (`None` for a disabled parser).
fn time_workload(w: &Workload<'_>, op: Op, cfg: &Config, ar: &mut Arenas) -> [Option<f64>; 3] {
    let parsers: Vec<Parser> = Parser::ALL
        .into_iter()
        .filter(|&p| p.enabled() && op.applies(w, p))
        .collect();
    let mut store = vec![0u8; base_store_len(&w.items)];
    let bases = prepare_bases(&w.items, &mut store);
    // Calibrate: how many passes make one sample at least `sample_ns` long (per parser,
    // so the fastest parser is not measured on too short a sample).
    let mut reps = [1usize; 3];
    for &p in &parsers {
        let i = Parser::ALL.iter().position(|&q| q == p).unwrap();
        run_pass(p, op, &w.items, &bases, ar); // warm-up
        let t = Instant::now();
        run_pass(p, op, &w.items, &bases, ar);
        let one = t.elapsed().as_nanos().max(1) as f64;
        reps[i] = ((cfg.sample_ns / one).ceil() as usize).clamp(1, 100_000);
    }
    let mut samples: [Vec<f64>; 3] = Default::default();
    for r in 0..cfg.rounds {
        for k in 0..parsers.len() {
            let p = parsers[(k + r) % parsers.len()];
            let i = Parser::ALL.iter().position(|&q| q == p).unwrap();
            let t = Instant::now();
            for _ in 0..reps[i] {
                run_pass(p, op, &w.items, &bases, ar);
            }
            let ns = t.elapsed().as_nanos() as f64;
            samples[i].push(ns / (reps[i] * w.items.len()) as f64);
        }
    }
    let mut out = [None; 3];
    for (i, s) in samples.iter_mut().enumerate() {
        if !s.is_empty() {
            out[i] = Some(median(s));
        }
    }
    out
}

fn fmt_opt(v: Option<f64>, prec: usize) -> String {
    v.map_or_else(|| "n/a".into(), |x| format!("{x:.prec$}"))
}

fn ratio(a: Option<f64>, b: Option<f64>) -> String {
    match (a, b) {
        (Some(a), Some(b)) if b > 0.0 => format!("{:.2}", a / b),
        _ => "n/a".into(),
    }
}

fn corpora(ws: &[Workload<'_>], cfg: &Config, ar: &mut Arenas) {
    println!(
        "\n## Corpora: time per URL (median of {} interleaved rounds)\n",
        cfg.rounds
    );
    println!(
        "MB/s counts input bytes (and the base string, for workloads with a base). parse with a base parses the base string on every call, as ada-url's API does; join resolves against a base parsed before the timed loop (ada-url's Rust API has no such call)."
    );
    println!("Ratios are time ratios: above 1.00 means microurl is slower.\n");
    println!(
        "| workload | op | URLs | microurl ns/URL | url ns/URL | ada-url ns/URL | microurl MB/s | url MB/s | ada-url MB/s | microurl/ada | microurl/url |"
    );
    println!("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for op in Op::ALL {
        for w in ws.iter().filter(|w| op.applies(w, Parser::Micro)) {
            let t = time_workload(w, op, cfg, ar);
            let bytes_per_item = w.bytes() as f64 / w.items.len() as f64;
            let mbs = |ns: Option<f64>| ns.map(|ns| bytes_per_item / ns * 1e3);
            println!(
                "| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
                w.name,
                op.name(),
                w.items.len(),
                fmt_opt(t[0], 1),
                fmt_opt(t[1], 1),
                fmt_opt(t[2], 1),
                fmt_opt(mbs(t[0]), 0),
                fmt_opt(mbs(t[1]), 0),
                fmt_opt(mbs(t[2]), 0),
                ratio(t[0], t[2]),
                ratio(t[0], t[1]),
            );
        }
    }
}

/// What each parser accepts and how its hrefs compare with the expected ones (WPT) or with
/// ada-url's (other corpora). Not timed.
fn agreement(ws: &[Workload<'_>]) {
    println!("\n## Agreement (not timed)\n");
    println!(
        "accepted: inputs that parse. matches, WPT rows: results equal to the `.expect` file (href, or rejection where `<failure>` is expected). matches, other rows: results equal to ada-url's.\n"
    );
    println!(
        "| workload | URLs | microurl accepted | url accepted | ada-url accepted | microurl matches | url matches | ada-url matches | microurl can_parse == parse |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
    for w in ws {
        let mut acc = [0usize; 3];
        let mut matches = [0usize; 3];
        let mut cp_consistent = 0usize;
        for (n, it) in w.items.iter().enumerate() {
            let hrefs = [
                micro::href(it.input, it.base),
                servo::href(it.input, it.base),
                ada::href(it.input, it.base),
            ];
            let reference: Option<&str> = match &w.expect {
                Some(e) => e[n],
                None => hrefs[2].as_deref(),
            };
            for i in 0..3 {
                acc[i] += usize::from(hrefs[i].is_some());
                matches[i] += usize::from(hrefs[i].as_deref() == reference);
            }
            if micro::AVAILABLE && micro::can_parse(it.input, it.base) == hrefs[0].is_some() {
                cp_consistent += 1;
            }
        }
        let m = |i: usize, v: usize| {
            if Parser::ALL[i].enabled() {
                v.to_string()
            } else {
                "n/a".into()
            }
        };
        println!(
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} |",
            w.name,
            w.items.len(),
            m(0, acc[0]),
            m(1, acc[1]),
            m(2, acc[2]),
            m(0, matches[0]),
            m(1, matches[1]),
            m(2, matches[2]),
            m(0, cp_consistent),
        );
    }
}

const ADV_SIZES: [usize; 6] = [1 << 10, 1 << 12, 1 << 14, 1 << 16, 1 << 18, 1 << 20];

/// Parses one adversarial input with one parser; returns the href length (0 on failure).
#[inline(never)]
fn adv_once(p: Parser, input: &str, arena: &mut [u8]) -> usize {
    let r = match p {
        Parser::Micro => micro::parse(input, arena),
        Parser::Servo => servo::parse(input),
        Parser::Ada => ada::parse(input),
        Parser::None => Some(input.len()),
    };
    black_box(r.unwrap_or(0))
}

/// `can_parse` on `input`: its length when valid, 0 when not.
fn adv_can_parse(p: Parser, input: &str) -> usize {
    let valid = match p {
        Parser::Micro => micro::can_parse(input, None),
        Parser::Servo => servo::can_parse(input, None),
        Parser::Ada => ada::can_parse(input, None),
        Parser::None => true,
    };
    black_box(if valid { input.len() } else { 0 })
}

/// Arena large enough for any serialization of `input` (percent-encoding at most triples
/// a byte; IDNA output of a label is bounded likewise), plus slack.
fn adv_arena(input: &str) -> Vec<u8> {
    vec![0; input.len() * 4 + 4096]
}

fn adversarial(cfg: &Config) {
    println!(
        "\n## Adversarial inputs: ns per input byte (median of {} interleaved rounds)\n",
        cfg.rounds
    );
    println!(
        "Requirement: microurl ns/byte at 1 MiB within 2x of ns/byte at 1 KiB (`1M/1K` column). `rejected` = the parser rejected the input (the time is then its cost to reject).\n"
    );
    let size_name = |s: usize| {
        if s >= 1 << 20 {
            format!("{}M", s >> 20)
        } else {
            format!("{}K", s >> 10)
        }
    };
    print!("| input | parser |");
    for s in ADV_SIZES {
        print!(" {} |", size_name(s));
    }
    println!(" 1M/1K |");
    print!("|---|---|");
    for _ in ADV_SIZES {
        print!("---:|");
    }
    println!("---:|");
    let parsers: Vec<Parser> = Parser::ALL.into_iter().filter(|p| p.enabled()).collect();
    // Worst microurl 1M/1K ratio, from medians and from minima over the rounds (the minimum
    // is the sample least disturbed by other processes on a shared machine).
    let (mut worst, mut worst_min, mut worst_kind) = (0.0f64, 0.0f64, "");
    for kind in workloads::ADVERSARIAL
        .into_iter()
        .filter(|k| cfg.kinds.is_empty() || cfg.kinds.iter().any(|x| x == k))
    {
        let mut table: Vec<Vec<(f64, bool)>> = vec![Vec::new(); parsers.len()];
        let mut minima: Vec<Vec<f64>> = vec![Vec::new(); parsers.len()];
        // All sizes and parsers are interleaved within each round, so that a change in the
        // machine's load hits the 1 KiB and the 1 MiB samples alike.
        let inputs: Vec<String> = ADV_SIZES
            .iter()
            .map(|&size| workloads::adversarial(kind, size))
            .collect();
        let mut arena = adv_arena(inputs.last().unwrap());
        let n = parsers.len();
        // reps[s][k], ok[s][k], samples[s][k]: size index s, parser index k.
        let mut reps = vec![vec![1usize; n]; inputs.len()];
        let mut ok = vec![vec![true; n]; inputs.len()];
        for (s, input) in inputs.iter().enumerate() {
            for (k, &p) in parsers.iter().enumerate() {
                ok[s][k] = adv_once(p, input, &mut arena) != 0;
                let t = Instant::now();
                adv_once(p, input, &mut arena);
                let one = t.elapsed().as_nanos().max(1) as f64;
                reps[s][k] = ((cfg.sample_ns / one).ceil() as usize).clamp(1, 1_000_000);
            }
        }
        let mut samples = vec![vec![Vec::new(); n]; inputs.len()];
        for r in 0..cfg.rounds {
            for (s, input) in inputs.iter().enumerate() {
                for j in 0..n {
                    let k = (j + r) % n;
                    let t = Instant::now();
                    for _ in 0..reps[s][k] {
                        adv_once(parsers[k], input, &mut arena);
                    }
                    let ns = t.elapsed().as_nanos() as f64;
                    samples[s][k].push(ns / (reps[s][k] * input.len()) as f64);
                }
            }
        }
        for (s, per_size) in samples.iter_mut().enumerate() {
            for (k, v) in per_size.iter_mut().enumerate() {
                table[k].push((median(v), ok[s][k]));
                minima[k].push(v.iter().copied().fold(f64::INFINITY, f64::min));
            }
        }
        for (k, &p) in parsers.iter().enumerate() {
            print!("| {kind} | {} |", p.name());
            for &(v, ok) in &table[k] {
                print!(" {v:.2}{} |", if ok { "" } else { " rejected" });
            }
            let r = table[k].last().unwrap().0 / table[k][0].0;
            if p == Parser::Micro {
                if r > worst {
                    worst_kind = kind;
                }
                worst = worst.max(r);
                worst_min = worst_min.max(minima[k].last().unwrap() / minima[k][0]);
            }
            println!(" {r:.2} |");
        }
    }
    if micro::AVAILABLE {
        let verdict = |r: f64| {
            if r <= 2.0 {
                "PASS: within 2x"
            } else {
                "FAIL: above 2x"
            }
        };
        println!(
            "\nmicrourl worst 1M/1K ratio of medians: {worst:.2} ({worst_kind}; {}); of minima: {worst_min:.2} ({}).",
            verdict(worst),
            verdict(worst_min)
        );
        println!(
            "Wall time on a shared machine is noisy; scripts/callgrind.sh gives the same ratio in instructions."
        );
    } else {
        println!("\nmicrourl: n/a (adapter compiled out)");
    }
}

fn smoke(ws: &[Workload<'_>], ar: &mut Arenas) {
    for w in ws {
        for p in Parser::ALL.into_iter().filter(|p| p.enabled()) {
            let mut store = vec![0u8; base_store_len(&w.items)];
            let bases = prepare_bases(&w.items, &mut store);
            for op in Op::ALL.into_iter().filter(|op| op.applies(w, p)) {
                black_box(run_pass(p, op, &w.items, &bases, ar));
            }
        }
    }
    for kind in workloads::ADVERSARIAL {
        let input = workloads::adversarial(kind, 1024);
        let mut arena = adv_arena(&input);
        for p in Parser::ALL.into_iter().filter(|p| p.enabled()) {
            adv_once(p, &input, &mut arena);
        }
    }
    println!("compare: smoke run done (use `cargo bench --bench compare` for figures)");
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let rel = workloads::relative_refs();
    let ws = workloads::all(&rel);
    let mut ar = Arenas::new(1 << 16);

    // Callgrind modes: one parser, one workload, fixed iterations, minimal output.
    if args.first().map(String::as_str) == Some("--callgrind") {
        let p = Parser::from_name(&args[1]);
        let w = ws
            .iter()
            .find(|w| w.name == args[2])
            .unwrap_or_else(|| panic!("unknown workload {} ({:?})", args[2], workloads::NAMES));
        let op = Op::from_name(&args[3]);
        let iters: usize = args[4].parse().expect("ITERS");
        // One warm-up pass first: one-time costs (ada decompresses its IDNA tables on first
        // use) stay out of the figure, because the script subtracts an ITERS=0 run.
        assert!(op.applies(w, p), "{} does not apply here", op.name());
        let mut store = vec![0u8; base_store_len(&w.items)];
        let bases = prepare_bases(&w.items, &mut store);
        let mut sum = run_pass(p, op, &w.items, &bases, &mut ar);
        for _ in 0..iters {
            sum = sum.wrapping_add(run_pass(p, op, &w.items, &bases, &mut ar));
        }
        println!("items={} iters={iters} checksum={sum}", w.items.len());
        return;
    }
    if args.first().map(String::as_str) == Some("--callgrind-adv") {
        let p = Parser::from_name(&args[1]);
        let size: usize = args[3].parse().expect("SIZE");
        let reps: usize = args[4].parse().expect("REPS");
        let input = workloads::adversarial(&args[2], size);
        let mut arena = adv_arena(&input);
        let can = args.get(5).map(String::as_str) == Some("can_parse");
        let once = |arena: &mut [u8]| match can {
            true => adv_can_parse(p, &input),
            false => adv_once(p, &input, arena),
        };
        let mut sum = once(&mut arena); // warm-up, as above
        for _ in 0..reps {
            sum = sum.wrapping_add(once(&mut arena));
        }
        println!("bytes={} reps={reps} checksum={sum}", input.len());
        return;
    }
    if args.first().map(String::as_str) == Some("--has-microurl") {
        println!("{}", u8::from(micro::AVAILABLE));
        return;
    }
    if args.first().map(String::as_str) == Some("--diff") {
        // Inputs where microurl's result differs from the reference (expect file or ada-url).
        for w in ws.iter().filter(|w| args.len() < 2 || w.name == args[1]) {
            for (n, it) in w.items.iter().enumerate() {
                let mine = micro::href(it.input, it.base);
                let reference = match &w.expect {
                    Some(e) => e[n].map(str::to_owned),
                    None => ada::href(it.input, it.base),
                };
                if mine != reference {
                    println!(
                        "{}\t{:?}\tbase={:?}\tmicrourl={:?}\treference={:?}",
                        w.name, it.input, it.base, mine, reference
                    );
                }
            }
        }
        return;
    }
    if args.first().map(String::as_str) == Some("--list") {
        for w in &ws {
            let has_base = Op::Join.applies(w, Parser::Micro);
            println!(
                "{} {} {} {}",
                w.name,
                w.items.len(),
                w.bytes(),
                u8::from(has_base)
            );
        }
        return;
    }

    if !args.iter().any(|a| a == "--bench") {
        smoke(&ws, &mut ar);
        return;
    }

    let mut cfg = Config {
        rounds: 15,
        kinds: Vec::new(),
        sample_ns: 5e6,
    };
    let mut what: Vec<&str> = Vec::new();
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--bench" => {}
            "--rounds" => {
                i += 1;
                cfg.rounds = args[i].parse().expect("--rounds N");
            }
            "--sample-ms" => {
                i += 1;
                cfg.sample_ns = args[i].parse::<f64>().expect("--sample-ms X") * 1e6;
            }
            "--kinds" => {
                i += 1;
                cfg.kinds = args[i].split(',').map(str::to_owned).collect();
            }
            "agreement" | "corpora" | "adversarial" => what.push(args[i].as_str()),
            other => panic!("unknown argument {other}"),
        }
        i += 1;
    }
    if what.is_empty() {
        what = vec!["agreement", "corpora", "adversarial"];
    }
    println!("# microurl vs url vs ada-url");
    println!(
        "\nmicrourl {}; url 2.5; ada-url 4.0 (ada C++ compiled by the cc crate at the bench profile's opt-level).",
        if micro::AVAILABLE {
            "(this crate)"
        } else {
            "NOT MEASURED: adapter compiled out"
        }
    );
    for w in &ws {
        println!(
            "- {}: {} inputs, {} bytes",
            w.name,
            w.items.len(),
            w.bytes()
        );
    }
    if what.contains(&"agreement") {
        agreement(&ws);
    }
    if what.contains(&"corpora") {
        corpora(&ws, &cfg, &mut ar);
    }
    if what.contains(&"adversarial") {
        adversarial(&cfg);
    }
}
