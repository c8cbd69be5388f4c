//! Adversarial timing for the IDNA pipeline (not a test: prints figures).
//!
//! For hosts of 4, 16 and 64 KiB of each shape, prints the time of `to_ascii` and
//! `to_unicode` and the time per input byte, which must stay flat as the size grows
//! (linear work). Run with `cargo run --release --example idna_adversarial`.

use microurl::idna::{Uts46Options, to_ascii, to_unicode};
use std::time::Instant;

fn repeat_to(unit: &str, size: usize) -> String {
    let mut s = String::new();
    while s.len() + unit.len() <= size {
        s.push_str(unit);
    }
    s
}

/// An `xn--` label of `n` basic code points and `n` inserted ones (the cap allows 2000).
fn long_punycode_label() -> String {
    let mut buf = vec![0u8; 1 << 16];
    let n = microurl::idna::punycode::encode(&"aé".repeat(500), &mut buf).unwrap();
    format!("xn--{}.", std::str::from_utf8(&buf[..n]).unwrap())
}

/// `str::floor_char_boundary`, which is newer than the crate's minimum Rust version: the
/// largest character boundary at or below `at`.
fn floor_char_boundary(s: &str, at: usize) -> usize {
    (0..=at.min(s.len()))
        .rev()
        .find(|&i| s.is_char_boundary(i))
        .unwrap_or(0)
}

fn shapes(size: usize) -> Vec<(&'static str, String)> {
    let marks: String = "\u{301}\u{316}\u{300}\u{327}\u{35C}".repeat(size / 10);
    vec![
        ("one huge ASCII label", repeat_to("a", size)),
        ("one huge non-ASCII label", repeat_to("ü", size)),
        ("thousands of labels", repeat_to("bücher.", size)),
        (
            "long combining run",
            format!("a{}", &marks[..floor_char_boundary(&marks, size - 1)]),
        ),
        (
            "max-length xn-- labels",
            repeat_to(&long_punycode_label(), size),
        ),
        (
            "1000-code-point labels",
            repeat_to(&format!("{}.", "我".repeat(1000)), size),
        ),
        ("mapped expansion (U+FDFA)", repeat_to("\u{FDFA}", size)),
        ("bidi + joiners", repeat_to("\u{627}\u{200C}\u{628}.", size)),
    ]
}

fn time<F: FnMut()>(mut f: F) -> f64 {
    let runs = 5;
    let start = Instant::now();
    for _ in 0..runs {
        f();
    }
    start.elapsed().as_secs_f64() / f64::from(runs)
}

fn main() {
    let options = Uts46Options::url(false);
    println!(
        "{:<28} {:>6} {:>11} {:>9} {:>11} {:>9}",
        "shape", "KiB", "to_ascii", "ns/byte", "to_unicode", "ns/byte"
    );
    for size in [4 << 10, 16 << 10, 64 << 10] {
        for (name, host) in shapes(size) {
            let mut out = vec![0u8; 8 * host.len() + 64];
            let ta = time(|| {
                let _ = std::hint::black_box(to_ascii(&host, options, &mut out));
            });
            let tu = time(|| {
                let _ = std::hint::black_box(to_unicode(&host, options, &mut out));
            });
            let per = |t: f64| t * 1e9 / host.len() as f64;
            println!(
                "{name:<28} {:>6} {:>9.3}ms {:>9.1} {:>9.3}ms {:>9.1}",
                host.len() >> 10,
                ta * 1e3,
                per(ta),
                tu * 1e3,
                per(tu)
            );
        }
    }
}
