//! Speed on the target: instructions per URL of `Url::parse` and `Url::can_parse` over the
//! benchmark corpora (`benches/corpus/`), in the firmware build, on the Cortex-M the image is
//! built for.
//!
//! QEMU's `-icount shift=0` advances the virtual clock by one nanosecond per instruction and
//! SysTick counts that clock, so ticks are instructions up to a fixed ratio. The ratio is
//! not assumed: a loop of a known number of instructions is counted first, at two lengths
//! (their difference cancels the loop's entry and exit). Each figure is the same loop as
//! the host benchmark's (`benches/compare`: one call per line, its result summed so that
//! nothing is optimized away): a warm-up pass, then two counted passes; the loop alone
//! (the call replaced by the line's length) is printed beside it, and how many lines each
//! operation accepts (`run.sh` checks that `parse` and `can_parse` agree).
#![no_std]
#![no_main]

use core::hint::black_box;
use cortex_m::peripheral::syst::SystClkSource;
use cortex_m::peripheral::SYST;
use cortex_m_rt::{entry, exception, ExceptionFrame};
use microurl::Url;
use semihosting::println;

/// The corpora of the host benchmark, one URL per line (every byte of a line kept).
const PARACRAWL: &str = include_str!("../../../benches/corpus/paracrawl.txt");
const EMBEDDED: &str = include_str!("../../../benches/corpus/embedded.txt");

/// Where each line of a corpus starts, and one past its end's newline: split at compile
/// time, so that a pass reads its lines as the host benchmark does (split ahead of it).
const PARACRAWL_LINES: [u16; lines(PARACRAWL) + 1] = starts(PARACRAWL);
const EMBEDDED_LINES: [u16; lines(EMBEDDED) + 1] = starts(EMBEDDED);

/// The corpora by name.
const CORPORA: [(&str, &str, &[u16]); 2] = [
    ("paracrawl", PARACRAWL, &PARACRAWL_LINES),
    ("embedded", EMBEDDED, &EMBEDDED_LINES),
];

/// The host benchmark's arena size for one parse.
const ARENA: usize = 1024;

/// The number of lines of `text`, each ended by a newline (as the corpora are).
const fn lines(text: &str) -> usize {
    let b = text.as_bytes();
    let (mut i, mut n) = (0, 0);
    while i < b.len() {
        if b[i] == b'\n' {
            n += 1;
        }
        i += 1;
    }
    n
}

/// The start of every line of `text` and its end (the corpora are under 64 KiB: checked).
const fn starts<const N: usize>(text: &str) -> [u16; N] {
    let b = text.as_bytes();
    assert!(b.len() <= u16::MAX as usize && b[b.len() - 1] == b'\n');
    let mut out = [0u16; N];
    let (mut i, mut n) = (0, 1);
    while i < b.len() {
        if b[i] == b'\n' {
            out[n] = (i + 1) as u16;
            n += 1;
        }
        i += 1;
    }
    out
}

#[derive(Clone, Copy)]
enum Op {
    /// The loop alone: each line's length instead of a call.
    None,
    Parse,
    CanParse,
}

/// `Url::parse`, as the host benchmark's adapter calls it (out of line, the href's length):
/// the same call from the counted passes and from [`accepted`].
#[inline(never)]
fn parse(line: &str, arena: &mut [u8]) -> Option<usize> {
    Url::parse(line, arena).ok().map(|u| u.as_str().len())
}

/// `Url::can_parse`, out of line as [`parse`].
#[inline(never)]
fn can_parse(line: &str) -> bool {
    Url::can_parse(line, None)
}

/// One pass over the lines of `text`: a checksum of the results, as the host benchmark's
/// `run_pass`.
#[inline(never)]
fn pass(op: Op, text: &str, starts: &[u16], arena: &mut [u8]) -> usize {
    let mut sum = 0usize;
    for w in starts.windows(2) {
        let line = text
            .get(usize::from(w[0])..usize::from(w[1]) - 1)
            .unwrap_or_default();
        let line = black_box(line);
        let r = match op {
            Op::None => Some(line.len()),
            Op::Parse => parse(line, arena),
            Op::CanParse => Some(usize::from(can_parse(line))),
        };
        sum = sum.wrapping_add(r.map_or(0, |n| n + 1));
    }
    black_box(sum)
}

/// How many lines of `text` `op` accepts (`parse` is `Ok`, `can_parse` true): outside the
/// counted passes, so that the two can be compared on the target (they must agree).
fn accepted(op: Op, text: &str, starts: &[u16], arena: &mut [u8]) -> usize {
    let line = |w: &[u16]| text.get(usize::from(w[0])..usize::from(w[1]) - 1);
    starts
        .windows(2)
        .filter_map(line)
        .filter(|line| match op {
            Op::None => true,
            Op::Parse => parse(line, arena).is_some(),
            Op::CanParse => can_parse(line),
        })
        .count()
}

/// SysTick as a 24-bit down-counter of the core clock, free running.
fn start(syst: &mut SYST) {
    syst.set_clock_source(SystClkSource::Core);
    syst.set_reload(0x00FF_FFFF);
    syst.clear_current();
    syst.enable_counter();
}

/// Ticks taken by `f` (each measured span stays far below the counter's 2^24 ticks).
fn ticks(f: impl FnOnce()) -> u32 {
    let before = SYST::get_current();
    f();
    let after = SYST::get_current();
    before.wrapping_sub(after) & 0x00FF_FFFF
}

/// `n` iterations of a two-instruction loop (a subtraction and a branch back).
#[inline(never)]
fn count_down(n: u32) {
    // SAFETY: registers only (the operand is the loop's counter): no memory, no stack.
    unsafe {
        core::arch::asm!(
            "2:",
            "subs {0}, #1",
            "bne 2b",
            inout(reg) n => _,
            options(nomem, nostack),
        );
    }
}

/// Build-time choice of one operation over one corpus (`parse:paracrawl`, say), for a
/// profile of the instructions it runs (`profile.sh`): the image then runs only that, three
/// passes, with no calibration and no counting.
const ONLY: Option<&str> = option_env!("MICROURL_SPEED_ONLY");

const OPS: [(Op, &str); 3] = [
    (Op::None, "loop"),
    (Op::Parse, "parse"),
    (Op::CanParse, "can_parse"),
];

#[entry]
fn main() -> ! {
    let mut arena = [0u8; ARENA];
    if let Some(only) = ONLY {
        for (name, text, starts) in CORPORA {
            for (op, label) in OPS {
                if only.split_once(':') == Some((label, name)) {
                    for _ in 0..3 {
                        pass(op, text, starts, &mut arena);
                    }
                    println!(
                        "profile {label} {name}: {} URLs, 3 passes",
                        starts.len() - 1
                    );
                    semihosting::process::exit(0)
                }
            }
        }
        println!("MICROURL_SPEED_ONLY={only}: no such operation and corpus");
        semihosting::process::exit(2)
    }
    let Some(mut p) = cortex_m::Peripherals::take() else {
        semihosting::process::exit(2)
    };
    start(&mut p.SYST);
    // Instructions per tick, in thousandths: the difference of two loop lengths.
    let (short, long) = (20_000u32, 220_000u32);
    let t_short = ticks(|| count_down(short));
    let t_long = ticks(|| count_down(long));
    let per_tick_milli =
        u64::from(2 * (long - short)) * 1000 / u64::from((t_long - t_short).max(1));
    println!(
        "calibration: {}.{:03} instructions per tick",
        per_tick_milli / 1000,
        per_tick_milli % 1000
    );
    for (name, text, starts) in CORPORA {
        let n = (starts.len() - 1) as u64;
        let mut alone = 0;
        for (op, label) in OPS {
            pass(op, text, starts, &mut arena);
            let t = ticks(|| {
                pass(op, text, starts, &mut arena);
                pass(op, text, starts, &mut arena);
            });
            let per_url = (u64::from(t) * per_tick_milli / 1000 + n) / (2 * n);
            let ok = accepted(op, text, starts, &mut arena);
            match op {
                Op::None => alone = per_url,
                _ => println!("{label} {name}: {per_url} instructions/URL over {n} URLs, {ok} accepted (the loop alone {alone})"),
            }
        }
    }
    semihosting::process::exit(0)
}

#[panic_handler]
fn panic(_: &core::panic::PanicInfo<'_>) -> ! {
    semihosting::process::exit(101)
}

#[exception]
unsafe fn HardFault(_: &ExceptionFrame) -> ! {
    semihosting::process::exit(102)
}
