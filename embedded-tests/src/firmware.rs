// Conformance firmware: runs the WPT URL vectors (and toascii vectors when vendored) on a
// QEMU-emulated Cortex-M (run.sh) or RISC-V (riscv.sh) with no heap and no
// `#[global_allocator]`, compares href and every getter (or the expected failure), measures
// the parser's stack by painting, prints `embedded: N passed, N failed, N skipped` and exits
// through semihosting with 0 (all pass) or 1 (a vector failed or the stack budget was
// exceeded); panics exit 101, faults 102.
// Included by src/main.rs (`cargo run`) and tests/conformance.rs (`cargo test`).
// (An include!d file may not carry inner attributes or `//!` docs.)

use core::fmt::{self, Write as _};

#[cfg(target_arch = "arm")]
use cortex_m as _; // links the critical-section-single-core impl (needed by defmt-semihosting)
#[cfg(target_arch = "arm")]
use cortex_m_rt::entry;
use microurl::{Reference, Url};
#[cfg(target_arch = "riscv32")]
use riscv as _; // links the critical-section-single-hart impl (needed by defmt-semihosting)
#[cfg(target_arch = "riscv32")]
use riscv_rt::entry;

include!("entries.rs");

// Global defmt logger that writes frames to semihosting stdout (QEMU's stdout).
#[cfg(feature = "defmt")]
use defmt_semihosting as _;

/// `log!` -> defmt frames in `defmt` mode, plain semihosting text otherwise.
/// Only `{}` / `{:?}` placeholders, so both backends accept the same format strings.
#[cfg(feature = "defmt")]
macro_rules! log { ($($t:tt)*) => { defmt::println!($($t)*) } }
#[cfg(not(feature = "defmt"))]
macro_rules! log { ($($t:tt)*) => { semihosting::println!($($t)*) } }

#[allow(dead_code)]
mod v {
    include!(concat!(env!("OUT_DIR"), "/vectors.rs"));
}

// Field slots of a packed vector (same order as FIELDS in build.rs).
const F_INPUT: usize = 0;
const F_BASE: usize = 1;
const F_HREF: usize = 2;

/// Arena for one parsed URL. The longest WPT href is 113 bytes; generous so that
/// `ArenaTooSmall` can only mean a library bug, which is reported as a failure.
const ARENA: usize = 1024;
/// Per-parse stack budget (<= 2 KiB, aim 1 KiB). Exceeding it fails the run.
/// Set at build time by `MICROURL_STACK_BUDGET` (default 2048; 0 = report only).
const STACK_BUDGET: usize = v::STACK_BUDGET;
/// How far below the caller's SP the stack is repainted before each parse.
const PAINT_DEPTH: usize = 6 * 1024;
const PAINT: u32 = 0xCCCC_CCCC;

fn s(id: u16) -> Option<&'static str> {
    if id >= v::FAIL {
        return None;
    }
    let (o, l) = v::STRS[id as usize];
    core::str::from_utf8(&v::BLOB[o as usize..o as usize + l as usize]).ok()
}

/// `fmt::Write` sink that compares what is written with an expected string, without a buffer.
struct EqWriter<'a> {
    rest: &'a [u8],
    ok: bool,
}
impl fmt::Write for EqWriter<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        match self.rest.strip_prefix(s.as_bytes()) {
            Some(r) if self.ok => self.rest = r,
            _ => self.ok = false,
        }
        Ok(())
    }
}
/// `value.to_string() == want`, with no allocation; works for `&str` and any Display type.
fn eq_display<T: fmt::Display + ?Sized>(value: &T, want: &str) -> bool {
    let mut w = EqWriter {
        rest: want.as_bytes(),
        ok: true,
    };
    let _ = write!(w, "{}", value);
    w.ok && w.rest.is_empty()
}

// ---- stack measurement -------------------------------------------------------------------

extern "C" {
    // initial SP (top of RAM), from cortex-m-rt's link.x (riscv-rt's on riscv32)
    static _stack_start: u32;
    // lowest address the stack may use (end of .bss/.uninit), from cortex-m-rt's link.x (on
    // riscv32 from memory/riscv-virt.x)
    static _stack_end: u32;
}
fn stack_top() -> usize {
    core::ptr::addr_of!(_stack_start) as usize
}
fn stack_limit() -> usize {
    core::ptr::addr_of!(_stack_end) as usize
}

/// Runs `f` and returns how many bytes of stack it used below this function's frame:
/// paints [SP - PAINT_DEPTH, SP) with a pattern, runs `f`, finds the lowest overwritten word.
/// (Everything below SP is dead, and the paint loop is inlined and uses registers only.)
#[inline(never)]
fn measured<R>(f: impl FnOnce() -> R) -> (R, Depth) {
    let sp = stack_pointer();
    let bottom = sp.saturating_sub(PAINT_DEPTH).max(stack_limit()) & !3;
    let mut p = bottom;
    while p < sp {
        unsafe { core::ptr::write_volatile(p as *mut u32, PAINT) };
        p += 4;
    }
    let r = f();
    let mut p = bottom;
    while p < sp && unsafe { core::ptr::read_volatile(p as *const u32) } == PAINT {
        p += 4;
    }
    // p == bottom means the paint was exhausted: report at least the painted depth.
    (
        r,
        Depth {
            parse: sp - p,
            total: stack_top() - p,
        },
    )
}

/// This function's caller's SP (the main stack pointer on Cortex-M).
#[cfg(target_arch = "arm")]
#[inline(always)]
fn stack_pointer() -> usize {
    cortex_m::register::msp::read() as usize
}

/// This function's caller's SP (`sp`, x2): no crate reads it, hence the instruction here.
#[cfg(target_arch = "riscv32")]
#[inline(always)]
fn stack_pointer() -> usize {
    let sp: usize;
    // SAFETY: copies `sp` into a register: no memory read or written, no other register or
    // flag changed.
    unsafe { core::arch::asm!("mv {}, sp", out(reg) sp, options(nomem, nostack, preserves_flags)) };
    sp
}

/// `parse`: bytes used by the measured call; `total`: from the top of the stack (whole firmware).
#[derive(Clone, Copy)]
struct Depth {
    parse: usize,
    total: usize,
}

// ---- one vector ------------------------------------------------------------------------------

#[derive(Default)]
struct Stats {
    passed: u32,
    failed: u32,
    skipped: u32,
    worst_stack: usize,
    worst_stack_vector: usize,
    worst_total: usize,
    failed_toascii: u32,
    worst_ascii: usize,
    worst_ascii_vector: usize,
    /// Vectors where `Reference` (parsed in the base's mode, resolved) gave what
    /// `parse_with_base` gave, failures included.
    reference_agreed: u32,
    /// Vectors the route was checked on (all but those whose base fails: no base `Url`).
    reference_checked: u32,
    /// Failures outside the vectors (stress inputs, entry points): exit 1, not counted above.
    other_failed: u32,
}

fn fail_msg(i: usize, f: &[u16; 13], what: &str) {
    log!(
        "FAIL #{}: {}: input={:?} base={:?}",
        i,
        what,
        s(f[F_INPUT]).unwrap_or("?"),
        s(f[F_BASE]).unwrap_or("-")
    );
}

fn note_stack(st: &mut Stats, i: usize, d: Depth, ascii: bool) {
    if ascii && d.parse > st.worst_ascii {
        st.worst_ascii = d.parse;
        st.worst_ascii_vector = i;
    }
    if d.parse > st.worst_stack {
        st.worst_stack = d.parse;
        st.worst_stack_vector = i;
    }
    st.worst_total = st.worst_total.max(d.total);
}

/// The reverse specification's route: the input parsed as a `Reference` in the base's mode
/// and resolved against the base gives `want` (the href `parse_with_base` gave, `None` for
/// failure).
fn reference_agrees(input: &str, base: Option<&Url<'_>>, want: Option<&str>, arena: &mut [u8]) -> bool {
    let b = match base.map(|b| Reference::parse(b.as_str())) {
        None => None,
        Some(Ok(b)) => Some(b),
        Some(Err(_)) => return false,
    };
    let got = Reference::parse_against(input, b.as_ref()).and_then(|r| r.resolve(b.as_ref(), arena));
    match (got, want) {
        (Ok(u), Some(w)) => u.as_str() == w,
        (Err(microurl::Error::ArenaTooSmall { .. }), _) => false,
        (Err(_), None) => true,
        _ => false,
    }
}

fn run_vector(
    i: usize,
    f: &[u16; 13],
    st: &mut Stats,
    arena: &mut [u8],
    base_arena: &mut [u8],
    reference_arena: &mut [u8],
) -> bool {
    let Some(input) = s(f[F_INPUT]) else {
        fail_msg(i, f, "bad input string in table");
        return false;
    };
    let expect_failure = f[F_HREF] == v::FAIL;
    // No IDNA work possible when input and base are ASCII without `%` (percent-decoded hosts
    // may be non-ASCII) and without `xn--`: their stack is tracked separately.
    let plain = |x: &str| x.is_ascii() && !x.contains('%') && !x.contains("xn--");
    let ascii = plain(input) && s(f[F_BASE]).is_none_or(plain);

    // new URL(input, base): an invalid base throws like an invalid input.
    let base = match s(f[F_BASE]) {
        None => None,
        Some(b) => {
            let (r, used) = measured(|| entry::microurl_entry_parse(b, &mut *base_arena));
            note_stack(st, i, used, ascii);
            match r {
                Ok(b) => Some(b),
                Err(e) => {
                    if expect_failure {
                        return true;
                    }
                    fail_msg(i, f, "base did not parse");
                    report_error(&e);
                    return false;
                }
            }
        }
    };
    let (r, used) =
        measured(|| entry::microurl_entry_parse_with_base(input, base.as_ref(), &mut *arena));
    note_stack(st, i, used, ascii);
    let want = r.as_ref().ok().map(|u| u.as_str());
    st.reference_checked += 1;
    if reference_agrees(input, base.as_ref(), want, reference_arena) {
        st.reference_agreed += 1;
    } else {
        fail_msg(i, f, "Reference::resolve disagrees with parse_with_base");
        return false;
    }
    let url = match (r, expect_failure) {
        (Err(_), true) => return true,
        (Ok(u), true) => {
            fail_msg(i, f, "parsed, but WPT expects failure");
            log!("  got href={:?}", u.as_str());
            return false;
        }
        (Err(e), false) => {
            fail_msg(i, f, "did not parse");
            report_error(&e);
            return false;
        }
        (Ok(u), false) => u,
    };

    let mut ok = true;
    macro_rules! field {
        ($slot:expr, $name:literal, $value:expr) => {
            if let Some(want) = s(f[$slot]) {
                let got = $value;
                if !eq_display(&got, want) {
                    if ok {
                        fail_msg(i, f, "field mismatch");
                    }
                    ok = false;
                    show_mismatch($name, &got, want);
                }
            }
        };
    }
    field!(2, "href", url.as_str());
    field!(3, "protocol", url.protocol());
    field!(4, "username", url.username());
    field!(5, "password", url.password());
    field!(6, "host", url.host_with_port());
    field!(7, "hostname", url.hostname());
    field!(8, "port", Port(url.port()));
    field!(9, "pathname", url.pathname());
    field!(10, "search", url.search());
    field!(11, "hash", url.hash());
    field!(12, "origin", url.origin());
    ok
}

/// Debug-style quoting of any Display value, control characters escaped, without a buffer.
struct Q<'a, T: ?Sized>(&'a T);
impl<T: fmt::Display + ?Sized> fmt::Debug for Q<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        struct Esc<'a, 'b>(&'a mut fmt::Formatter<'b>);
        impl fmt::Write for Esc<'_, '_> {
            fn write_str(&mut self, s: &str) -> fmt::Result {
                for c in s.chars() {
                    if c.is_control() {
                        write!(self.0, "{}", c.escape_debug())?;
                    } else {
                        self.0.write_char(c)?;
                    }
                }
                Ok(())
            }
        }
        f.write_char('"')?;
        write!(Esc(f), "{}", self.0)?;
        f.write_char('"')
    }
}

/// JavaScript's `port`: the decimal port, or "" when there is none (or it is the default).
struct Port(Option<u16>);
impl fmt::Display for Port {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(p) => write!(f, "{}", p),
            None => Ok(()),
        }
    }
}

#[cfg(not(feature = "defmt"))]
fn show_mismatch<T: fmt::Display + ?Sized>(name: &str, got: &T, want: &str) {
    log!("  {}: got {:?} want {:?}", name, Q(got), want);
}
#[cfg(feature = "defmt")]
fn show_mismatch<T: fmt::Display + ?Sized>(name: &str, got: &T, want: &str) {
    log!(
        "  {}: got {} want {:?}",
        name,
        defmt::Debug2Format(&Q(got)),
        want
    );
}

#[cfg(not(feature = "defmt"))]
fn show_input(what: &str, input: &str) {
    log!("{}: {:?}", what, Q(input));
}
#[cfg(feature = "defmt")]
fn show_input(what: &str, input: &str) {
    log!("{}: {}", what, defmt::Debug2Format(&Q(input)));
}

#[cfg(not(feature = "defmt"))]
fn report_error(e: &microurl::Error) {
    log!("  error: {:?}", e);
}
#[cfg(feature = "defmt")]
fn report_error(e: &microurl::Error) {
    // microurl's own defmt::Format impl for Error
    log!("  error: {}", e);
}

/// Exercise microurl's public types through the active logger once: in defmt mode this goes
/// through microurl's `defmt::Format` impls (Url, Host, Origin, Error, ValidationErrors).
fn show_sample(arena: &mut [u8]) {
    match Url::parse(
        "HTTPS://user:pw@EXAMPLE.com:8080/a/./b/../c?q=1#frag",
        arena,
    ) {
        #[cfg(feature = "defmt")]
        Ok(u) => log!(
            "sample: url={} host={} kind={} origin={}",
            u,
            u.host(),
            u.host_kind(),
            u.origin()
        ),
        #[cfg(not(feature = "defmt"))]
        Ok(u) => log!(
            "sample: url={} host={:?} origin={}",
            u.as_str(),
            u.host(),
            u.origin()
        ),
        Err(e) => {
            log!("sample did not parse");
            report_error(&e);
        }
    }
    for input in [
        "http://[::1]:80/",
        "http://0x7f.1/",
        "https:\\\\example.com\\a b",
    ] {
        match Url::parse(input, arena) {
            #[cfg(feature = "defmt")]
            Ok(u) => log!(
                "sample: url={} host={} validation errors: [{}]",
                u,
                u.host(),
                u.validation_errors()
            ),
            #[cfg(not(feature = "defmt"))]
            Ok(u) => log!(
                "sample: url={} host={:?} validation errors: [{}]",
                u.as_str(),
                u.host(),
                u.validation_errors()
            ),
            Err(e) => report_error(&e),
        }
    }
    match microurl::UrlBuf::<96>::parse("mqtts://broker.example:8883/a") {
        Ok(mut b) => {
            let set = b.set_pathname("/telemetry/../v2");
            #[cfg(feature = "defmt")]
            log!("sample: UrlBuf={} (set_pathname ok: {})", b, set.is_ok());
            #[cfg(not(feature = "defmt"))]
            log!(
                "sample: UrlBuf={} (set_pathname ok: {})",
                b.as_str(),
                set.is_ok()
            );
        }
        Err(e) => report_error(&e),
    }
    for input in ["http://[::1", "http://example.com:99999/"] {
        if let Err(e) = Url::parse(input, arena) {
            #[cfg(feature = "defmt")]
            log!("sample error: {}", e);
            #[cfg(not(feature = "defmt"))]
            log!("sample error: {}", e);
        }
    }
    #[cfg(feature = "idna")]
    match microurl::idna::domain_to_ascii("xn--a.b\u{0}", false, arena) {
        Ok(n) => log!("sample: idna gave {} bytes for an invalid domain", n),
        #[cfg(feature = "defmt")]
        Err(e) => log!("sample idna error: {}", e),
        #[cfg(not(feature = "defmt"))]
        Err(e) => log!("sample idna error: {:?}", e),
    }
    if let Err(e) = Url::parse("HTTPS://example.com/needs-an-arena/%7e", &mut arena[..4]) {
        #[cfg(feature = "defmt")]
        log!("sample error: {}", e);
        #[cfg(not(feature = "defmt"))]
        log!("sample error: {}", e);
    }
}

/// Inputs beyond the vectors that push the parser's stack: the budget holds for them too.
const STRESS: [&str; 7] = [
    // an `xn--` label that decodes to `a` + 40 alternating U+0301/U+0316 (not NFC), next to a
    // label that needs mapping so that UTS46 runs: is_nfc's slow path under to_ascii
    "http://xn--a-xbbaaaaaaaaaaaaaaaaaaa75bbbbbbbbbbbbbbbbbbbb.\u{df}/",
    // a run of 40 combining marks in a host (NFC without its buffer)
    "http://a\u{301}\u{316}\u{301}\u{316}\u{301}\u{316}\u{301}\u{316}\u{301}\u{316}\u{301}\u{316}\u{301}\u{316}\u{301}\u{316}\u{301}\u{316}\u{301}\u{316}\u{301}\u{316}\u{301}\u{316}\u{301}\u{316}\u{301}\u{316}\u{301}\u{316}\u{301}\u{316}\u{301}\u{316}\u{301}\u{316}\u{301}\u{316}\u{301}\u{316}.com/",
    // a 60-letter non-ASCII label
    "http://\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}.example/",
    // 100 labels
    "http://a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.com/",
    // IPv6
    "http://[1:2:3:4:5:6:7:8]/",
    // 40 dot-dot segments
    "http://x/../../../../../../../../../../../../../../../../../../../../../../../../../../../../../../../../../../../../../../../../a",
    // Greek and CJK labels
    "http://\u{3bf}\u{3c5}\u{3c4}\u{3bf}\u{3c0}\u{3af}\u{3b1}.\u{4f8b}\u{3048}.jp/",
];

/// Parses every [`STRESS`] input under stack painting; returns the deepest (bytes, index).
fn stress_stack(arena: &mut [u8], failed: &mut u32) -> (usize, usize) {
    let mut worst = (0, 0);
    for (i, input) in STRESS.iter().enumerate() {
        let (ok, depth) = measured(|| entry::microurl_entry_parse(input, &mut *arena).is_ok());
        // #0 must fail (its decoded label is not NFC); every other one must parse.
        if ok != (i != 0) {
            log!("FAIL stress input #{}: parsed {}", i, ok);
            *failed += 1;
        }
        if depth.parse > worst.0 {
            worst = (depth.parse, i);
        }
    }
    worst
}

/// One painted measurement per entry point of entries.rs, on inputs that reach its deepest
/// known paths (IDNA hosts, the stress input #0): `stack: entry <name> painted <N> B`, which
/// run.sh holds against the static bound of the same symbol. A call that does not give the
/// expected outcome counts as a failure.
fn entry_stacks(arena: &mut [u8], base_arena: &mut [u8], failed: &mut u32) {
    const BASE: &str = "https://user:pw@example.com:8080/a/b?q=1#f";
    const MARKS: &str = "a\u{301}\u{316}\u{301}\u{316}\u{301}\u{316}\u{301}\u{316}\u{301}\u{316}\u{301}\u{316}\u{301}\u{316}\u{301}\u{316}\u{301}\u{316}\u{301}\u{316}.com";
    let mut check = |name: &str, ok: bool, depth: Depth| {
        log!("stack: entry {} painted {} B", name, depth.parse);
        if !ok {
            log!("FAIL entry {}: unexpected outcome", name);
            *failed += 1;
        }
    };
    let Ok(base) = entry::microurl_entry_parse(core::hint::black_box(BASE), base_arena) else {
        log!("FAIL entry base did not parse");
        *failed += 1;
        return;
    };
    const IDN_URL: &str = "http://xn--a-xbbaaaaaaaaaaaaaaaaaaa75bbbbbbbbbbbbbbbbbbbb.\u{df}/";
    let (ok, d) = measured(|| entry::microurl_entry_parse(IDN_URL, &mut *arena).is_err());
    check("parse", ok, d);
    // The same with a tab, in an arena too small for its tab-free copy: the copy is parsed
    // on the stack with no arena (the count of `needed`), where the UTS46 check still runs.
    let small = arena.get_mut(..16).unwrap_or_default();
    let (ok, d) = measured(|| {
        let r = entry::microurl_entry_parse(IDN_TAB, &mut *small);
        matches!(r, Err(microurl::Error::ArenaTooSmall { needed }) if needed > 16)
    });
    check("parse", ok, d);
    let (ok, d) =
        measured(|| entry::microurl_entry_parse_with_base(MARKS, Some(&base), &mut *arena).is_ok());
    check("parse_with_base", ok, d);
    let (ok, d) = measured(|| {
        entry::microurl_entry_join(&base, "//b\u{fc}cher.example/x", &mut *arena).is_ok()
    });
    check("join", ok, d);
    let (ok, d) = measured(|| {
        !entry::microurl_entry_can_parse(
            "http://xn--a-xbbaaaaaaaaaaaaaaaaaaa75bbbbbbbbbbbbbbbbbbbb.\u{df}/",
            None,
        )
    });
    check("can_parse", ok, d);
    let (ok, d) = measured(|| {
        eq_display(
            &entry::microurl_entry_origin(&base),
            "https://example.com:8080",
        )
    });
    check("origin", ok, d);
    // A blob URL whose inner scheme and authority are not canonical: parsed in the origin's
    // scratch, through the UTS46 check of a label that decodes to `a` and two combining marks
    // out of canonical order: it fits the scratch, so the NFC check of the decoded label runs
    // (and fails: opaque).
    const BLOB: &str = "blob:HTTP://xn--a-xbb6h.\u{df}/x";
    match entry::microurl_entry_parse(core::hint::black_box(BLOB), &mut *arena) {
        Ok(blob) => {
            let (ok, d) = measured(|| entry::microurl_entry_origin(&blob).is_opaque());
            check("origin", ok, d);
        }
        Err(_) => check("origin", false, Depth { parse: 0, total: 0 }),
    }
    // Credentials in a URL are a validation error (invalid-credentials).
    let (ok, d) = measured(|| !entry::microurl_entry_validation_errors(&base).is_empty());
    check("validation_errors", ok, d);
    type Setter = for<'b> fn(&Url<'b>, &'b str, &'b mut [u8]) -> Result<Url<'b>, microurl::Error>;
    let setters: [(&str, Setter, &str); 10] = [
        (
            "set_href",
            entry::microurl_entry_set_href,
            "http://b\u{fc}cher.example/",
        ),
        ("set_protocol", entry::microurl_entry_set_protocol, "wss"),
        (
            "set_username",
            entry::microurl_entry_set_username,
            "\u{e9}t\u{e9}",
        ),
        ("set_password", entry::microurl_entry_set_password, "p@ss"),
        (
            "set_host",
            entry::microurl_entry_set_host,
            "b\u{fc}cher.example:81",
        ),
        ("set_hostname", entry::microurl_entry_set_hostname, MARKS),
        ("set_port", entry::microurl_entry_set_port, "8443"),
        (
            "set_pathname",
            entry::microurl_entry_set_pathname,
            "/a/../b c/./d",
        ),
        (
            "set_search",
            entry::microurl_entry_set_search,
            "?x=\u{e9} y",
        ),
        ("set_hash", entry::microurl_entry_set_hash, "#h\u{e9}"),
    ];
    for (name, f, value) in setters {
        // Through a pointer here; the bound starts at the named entry symbol itself.
        let f = core::hint::black_box(f);
        let (ok, d) = measured(|| f(&base, value, &mut *arena).is_ok());
        check(name, ok, d);
    }
    let (ok, d) = measured(|| entry::microurl_entry_urlbuf_parse(MARKS).is_err());
    check("urlbuf_parse", ok, d);
    // Marks out of canonical order in a host, in `UrlBuf`'s arena, which has room for its
    // UTS46 processing (half of MARKS: all of it does not fit): reordered in place (the
    // in-place NFC's moves), the deepest chain of the host parser under a parse with an
    // arena. The count of a tab-free copy too big for the arena, whose frame the bound puts
    // above that same chain, never reaches it: it parses with no arena, where a host that
    // is not ASCII gets only the verdict.
    const MARKS_HOST: &str = "http://a\u{301}\u{316}\u{301}\u{316}\u{301}\u{316}\u{301}\u{316}\u{301}\u{316}.com/";
    let (ok, d) = measured(|| match entry::microurl_entry_urlbuf_parse(MARKS_HOST) {
        Ok(url) => url.as_str() == "http://xn--1ca20iaaa6jaaaa.com/",
        Err(_) => !cfg!(feature = "idna"),
    });
    check("urlbuf_parse", ok, d);
    let (ok, d) = measured(|| {
        entry::microurl_entry_urlbuf_parse_with_base("//b\u{fc}cher.example/x", Some(&base)).is_ok()
    });
    check("urlbuf_parse_with_base", ok, d);
    type BufSetter = fn(&mut EntryBuf, &str) -> Result<(), microurl::Error>;
    let buf_setters: [(&str, BufSetter, &str); 10] = [
        (
            "urlbuf_set_href",
            entry::microurl_entry_urlbuf_set_href,
            "http://b\u{fc}cher.example/",
        ),
        (
            "urlbuf_set_protocol",
            entry::microurl_entry_urlbuf_set_protocol,
            "wss",
        ),
        (
            "urlbuf_set_username",
            entry::microurl_entry_urlbuf_set_username,
            "\u{e9}t\u{e9}",
        ),
        (
            "urlbuf_set_password",
            entry::microurl_entry_urlbuf_set_password,
            "p@ss",
        ),
        (
            "urlbuf_set_host",
            entry::microurl_entry_urlbuf_set_host,
            "b\u{fc}cher.example:81",
        ),
        (
            "urlbuf_set_hostname",
            entry::microurl_entry_urlbuf_set_hostname,
            "\u{3bf}\u{3c5}\u{3c4}.example",
        ),
        (
            "urlbuf_set_port",
            entry::microurl_entry_urlbuf_set_port,
            "8443",
        ),
        (
            "urlbuf_set_pathname",
            entry::microurl_entry_urlbuf_set_pathname,
            "/a/../b c/./d",
        ),
        (
            "urlbuf_set_search",
            entry::microurl_entry_urlbuf_set_search,
            "?x=\u{e9} y",
        ),
        (
            "urlbuf_set_hash",
            entry::microurl_entry_urlbuf_set_hash,
            "#h\u{e9}",
        ),
    ];
    for (name, f, value) in buf_setters {
        let Ok(mut buf) = EntryBuf::parse(BASE) else {
            log!("FAIL entry UrlBuf base did not parse");
            *failed += 1;
            return;
        };
        let f = core::hint::black_box(f);
        let (ok, d) = measured(|| f(&mut buf, value).is_ok());
        check(name, ok, d);
    }
    helper_entry_stacks(arena, &base, &mut check);
    #[cfg(feature = "idna")]
    idna_entry_stacks(arena, &mut check);
    deep_entry_stacks(arena, &mut check);
}

/// The `xn--` label of [`STRESS`] #0 (40 combining marks out of canonical order once
/// decoded, which fails UTS46's NFC check through `is_nfc`'s slow path) in a host with a tab,
/// relative to a special base: the parse from the relative state.
const IDN_TAB_REL: &str = "//xn--a-xbbaaaaaaaaaaaaaaaaaaa75bbbbbbbbbbbbb\tbbbbbbb.\u{df}/";
/// The same label in an absolute URL with a tab.
const IDN_TAB: &str = "http://xn--a-xbbaaaaaaaaaaaaaaaaaaa75bbbbbbbbbbbbb\tbbbbbbb.\u{df}/";
/// A valid `xn--` label that decodes to `x`, 20 U+0316 and 20 U+0301: NFC, but U+0301 may
/// compose, so the NFC check takes its slow path (normalizing the 40 marks) and passes.
const MARKS_URL: &str = "https://xn--x-xbbaaaaaaaaaaaaaaaaaaa65baaaaaaaaaaaaaaaaaaa.example/";
/// A URL whose path, query and fragment are runs of more than 16 bytes: a setter that parses
/// the rest again copies each run (`memcpy` past 16 bytes, whose deepest path is a copy
/// between addresses of different alignment: the setters' values below have every length
/// modulo 4). Its first segment starts with `.` without being a dot segment: the path state
/// takes it as a segment of its own (percent-encoding it), not in a canonical run.
const LONG_PARTS: &str = "https://user:pw@example.com:8080/.aaaaaaaaaaaaaaaaaaaa/b?qqqqqqqqqqqqqqqqqqqq=1#ffffffffffffffffffff";
/// Credentials for the setters: a run of more than 16 bytes before a character to encode,
/// which the setter copies into the arena as one piece; [`tail`]s of it start at every
/// alignment, so that the copy (`memcpy` past 16 bytes) takes its path for a source and a
/// destination of different alignment, its deepest.
const RUN_U: &str = "uuuuuuuuuuuuuuuuuuu\u{e9}";
const RUN_P: &str = "ppppppppppppppppppp\u{e9}";

/// `s` without its first `k` bytes (ASCII), in a constant.
const fn tail(s: &str, k: usize) -> &str {
    match core::str::from_utf8(s.as_bytes().split_at(k).1) {
        Ok(t) => t,
        Err(_) => "",
    }
}

/// A label of `_` and 200 `é` as `xn--` (Punycode, 204 digits): decoded stored it takes 4
/// bytes per code point (804 bytes), more than the scratch of the host parser's verdict (and
/// of `can_parse`, `STREAM_SCRATCH` = 384 bytes), so it is decoded in order from its digits
/// read again (`verdict::settle`), each through the mapping (the `_`, which UTS46 allows
/// here, keeps the label from being read as one of letters, digits and `-` straight from
/// the input); its Unicode form (401 bytes) does not fit a 384-byte buffer either.
const LONG_LABEL: &str = concat!(
    "xn--_-bg",
    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
);

/// A domain of 26 `é` and the `xn--` label of `a` and two combining marks out of canonical
/// order (an NFC check through `is_nfc`'s slow path, which fails), with a tab before its
/// dot: 64 bytes without it, the most a setter copies to its stack. In 128 bytes of arena
/// (`UrlBuf<128>`'s) after `https://user:pw@`, or after the builder's text, its UTS46
/// result does not fit, so the host parser ends in its verdict (`host_verdict`), which
/// decodes the `xn--` label in the arena's free bytes and checks it there: the host fails,
/// as it does with room.
const VERDICT_HOST: &str = concat!(
    "\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}",
    "\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}",
    "\t.xn--a-xbb6h"
);

/// Inputs for the deepest chains of the static bound that the inputs above miss (the bound
/// is the deepest chain of the call graph, whatever the input; each of these reaches one):
/// the count of a tab-free copy that does not fit the arena, under a parse relative to a
/// base, with the UTS46 check of [`IDN_TAB_REL`]'s label at its bottom; the slow NFC check
/// of a valid label ([`MARKS_URL`]); a setter's copies of long components
/// ([`LONG_PARTS`]); the IPv4 parser under the socket and server helpers; IPv4 in IPv6 in
/// a reference; a label decoded in order ([`LONG_LABEL`]); the verdict of a host whose
/// UTS46 result does not fit ([`VERDICT_HOST`]) and a port with a tab.
fn deep_entry_stacks(arena: &mut [u8], check: &mut impl FnMut(&str, bool, Depth)) {
    let (a, rest) = arena.split_at_mut(256);
    let (b, c) = rest.split_at_mut(384);
    let Ok(base) = Url::parse(
        core::hint::black_box("https://user:pw@example.com:8080/a/b?q=1#f"),
        c,
    ) else {
        check("parse", false, Depth { parse: 0, total: 0 });
        return;
    };
    tab_count_stacks(a, b, &base, check);
    let Ok(long) = Url::parse(core::hint::black_box(LONG_PARTS), b) else {
        check("parse", false, Depth { parse: 0, total: 0 });
        return;
    };
    long_part_stacks(a, &long, check);
    marks_stacks(a, b, check);
    address_stacks(a, check);
    verdict_host_stacks(a, &base, check);
    long_label_stacks(rest, check);
}

/// [`deep_entry_stacks`]: [`LONG_LABEL`] decoded in order, under `can_parse` (its host's
/// verdict left undecided by the parse, settled after it), the URL Standard's domain to
/// Unicode and the Unicode serialization of an origin (whose buffers hold neither its
/// decoding nor its Unicode form).
fn long_label_stacks(rest: &mut [u8], check: &mut impl FnMut(&str, bool, Depth)) {
    // With a soft hyphen, which mapping removes: a host that is not ASCII, which the host
    // parser takes through UTS46.
    const URL: &str = concat!(
        "https://xn--_-bg",
        "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
        "\u{ad}",
        "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/"
    );
    let (r, d) = measured(|| entry::microurl_entry_can_parse(URL, None));
    check("can_parse", r || !cfg!(feature = "idna"), d);
    #[cfg(feature = "idna")]
    {
        let out = rest.get_mut(..392).unwrap_or_default();
        // The parse decodes the label stored (more than `rest` holds).
        let mut url_arena = [0u8; 1280];
        let (r, d) = measured(|| {
            entry::microurl_entry_idna_domain_to_unicode(LONG_LABEL, &mut out[..384])
        });
        let too_small = |r: Result<usize, microurl::idna::IdnaError>| {
            matches!(r, Err(microurl::idna::IdnaError::BufferTooSmall { needed }) if needed >= 401)
        };
        check("idna_domain_to_unicode", too_small(r), d);
        match Url::parse(core::hint::black_box(URL), &mut url_arena) {
            Ok(url) if url.hostname() == LONG_LABEL => {
                let origin = url.origin();
                let (r, d) =
                    measured(|| entry::microurl_entry_unicode_serialization(&origin, &mut *out));
                let needed =
                    matches!(r, Err(microurl::Error::ArenaTooSmall { needed }) if needed >= 409);
                check("unicode_serialization", needed, d);
            }
            _ => check("unicode_serialization", false, Depth { parse: 0, total: 0 }),
        }
    }
    #[cfg(not(feature = "idna"))]
    let _ = rest;
}

/// [`deep_entry_stacks`]: a tab in an arena too small for the tab-free copy (16 bytes), or
/// in `UrlBuf`'s arena (which holds it): the count, or the parse of the copy, down to the
/// UTS46 check.
fn tab_count_stacks(
    a: &mut [u8],
    b: &mut [u8],
    base: &Url<'_>,
    check: &mut impl FnMut(&str, bool, Depth),
) {
    let idna = cfg!(feature = "idna");
    let too_small = |r: &Result<Url<'_>, microurl::Error>| match r {
        Err(microurl::Error::ArenaTooSmall { needed }) => *needed > 16,
        _ => !idna && r.is_err(),
    };
    let small = a.get_mut(..16).unwrap_or_default();
    let (r, d) =
        measured(|| entry::microurl_entry_parse_with_base(IDN_TAB_REL, Some(base), &mut *small));
    check("parse_with_base", too_small(&r), d);
    let (r, d) = measured(|| entry::microurl_entry_join(base, IDN_TAB_REL, &mut *small));
    check("join", too_small(&r), d);
    let (r, d) = measured(|| entry::microurl_entry_set_href(base, IDN_TAB, &mut *small));
    check("set_href", too_small(&r), d);
    let (r, d) = measured(|| entry::microurl_entry_parse_with_zone(IDN_TAB, &mut *small));
    check("parse_with_zone", too_small(&r), d);
    let options = microurl::Options::default();
    let (r, d) = measured(|| {
        entry::microurl_entry_parse_with(IDN_TAB_REL, Some(base), &mut *small, options)
    });
    check("parse_with", too_small(&r), d);
    let mut slots = [microurl::Reported::default(); 4];
    let log = microurl::ErrorLog::new(&mut slots);
    let logged = microurl::Options {
        errors: Some(&log),
        strict: false,
    };
    let (r, d) =
        measured(|| entry::microurl_entry_parse_with(IDN_TAB_REL, Some(base), &mut *small, logged));
    check("parse_with", too_small(&r), d);
    // `UrlBuf<128>` holds the copy: the parse of the copy fails at the label's NFC check.
    let (r, d) = measured(|| entry::microurl_entry_urlbuf_parse(IDN_TAB).is_err());
    check("urlbuf_parse", r, d);
    let (r, d) =
        measured(|| entry::microurl_entry_urlbuf_parse_with_base(IDN_TAB_REL, Some(base)).is_err());
    check("urlbuf_parse_with_base", r, d);
    match EntryBuf::parse(base.as_str()) {
        Ok(mut buf) => {
            let (r, d) =
                measured(|| entry::microurl_entry_urlbuf_set_href(&mut buf, IDN_TAB).is_err());
            check("urlbuf_set_href", r && buf.as_str() == base.as_str(), d);
        }
        Err(_) => check("urlbuf_set_href", false, Depth { parse: 0, total: 0 }),
    }
    // A blob URL whose inner URL's host fails UTS46 (no tab: a parsed path holds none).
    const BLOB: &str = "blob:https://xn--a-xbbaaaaaaaaaaaaaaaaaaa75bbbbbbbbbbbbbbbbbbbb.\u{df}/x";
    match Url::parse(core::hint::black_box(BLOB), a) {
        Ok(blob) => {
            let (r, d) = measured(|| entry::microurl_entry_origin_in(&blob, &mut *b));
            check("origin_in", r.is_ok_and(|o| o.is_opaque()), d);
        }
        Err(_) => check("origin_in", false, Depth { parse: 0, total: 0 }),
    }
}

/// [`deep_entry_stacks`]: every setter on a URL with long components ([`LONG_PARTS`]), with
/// values of every length modulo 4; the credentials, `set_search`, `set_hash` and
/// `set_pathname` with a long run after a non-ASCII character (the output then differs from
/// the value, and the run is copied; the last three with a tab too; the credentials' runs
/// before it, [`RUN_U`]); `with_search_params`.
fn long_part_stacks(a: &mut [u8], long: &Url<'_>, check: &mut impl FnMut(&str, bool, Depth)) {
    type Setter = for<'b> fn(&Url<'b>, &'b str, &'b mut [u8]) -> Result<Url<'b>, microurl::Error>;
    type BufSetter = fn(&mut EntryBuf, &str) -> Result<(), microurl::Error>;
    const SETTERS: [(&str, Setter, BufSetter, [&str; 4]); 7] = [
        (
            "set_protocol",
            entry::microurl_entry_set_protocol,
            entry::microurl_entry_urlbuf_set_protocol,
            ["ws", "wss", "http", "https"],
        ),
        (
            "set_username",
            entry::microurl_entry_set_username,
            entry::microurl_entry_urlbuf_set_username,
            [tail(RUN_U, 0), tail(RUN_U, 1), tail(RUN_U, 2), tail(RUN_U, 3)],
        ),
        (
            "set_password",
            entry::microurl_entry_set_password,
            entry::microurl_entry_urlbuf_set_password,
            [tail(RUN_P, 0), tail(RUN_P, 1), tail(RUN_P, 2), tail(RUN_P, 3)],
        ),
        (
            "set_port",
            entry::microurl_entry_set_port,
            entry::microurl_entry_urlbuf_set_port,
            ["1", "12", "123", "1234"],
        ),
        (
            "set_pathname",
            entry::microurl_entry_set_pathname,
            entry::microurl_entry_urlbuf_set_pathname,
            [
                "/\t\u{e9}pppppppppppppppppppp\u{e9}",
                "/\tp\u{e9}pppppppppppppppppppp\u{e9}",
                "/\tpp\u{e9}pppppppppppppppppppp\u{e9}",
                "/\tppp\u{e9}pppppppppppppppppppp\u{e9}",
            ],
        ),
        (
            "set_search",
            entry::microurl_entry_set_search,
            entry::microurl_entry_urlbuf_set_search,
            [
                "?\t\u{e9}qqqqqqqqqqqqqqqqqqqq\u{e9}",
                "?\tq\u{e9}qqqqqqqqqqqqqqqqqqqq\u{e9}",
                "?\tqq\u{e9}qqqqqqqqqqqqqqqqqqqq\u{e9}",
                "?\tqqq\u{e9}qqqqqqqqqqqqqqqqqqqq\u{e9}",
            ],
        ),
        (
            "set_hash",
            entry::microurl_entry_set_hash,
            entry::microurl_entry_urlbuf_set_hash,
            [
                "#\t\u{e9}hhhhhhhhhhhhhhhhhhhh\u{e9}",
                "#\th\u{e9}hhhhhhhhhhhhhhhhhhhh\u{e9}",
                "#\thh\u{e9}hhhhhhhhhhhhhhhhhhhh\u{e9}",
                "#\thhh\u{e9}hhhhhhhhhhhhhhhhhhhh\u{e9}",
            ],
        ),
    ];
    for (name, set, buf_set, values) in SETTERS {
        let (set, buf_set) = core::hint::black_box((set, buf_set));
        for value in values {
            let (r, d) = measured(|| set(long, value, &mut *a));
            let href = r.as_ref().map_or("", |u| u.as_str());
            check(name, r.as_ref().is_ok_and(|u| set_as_written(name, u, value)), d);
            match EntryBuf::parse(long.as_str()) {
                Ok(mut buf) => {
                    let (r, d) = measured(|| buf_set(&mut buf, value));
                    // The same edit as on `Url`.
                    check(buf_name(name), r.is_ok() && buf.as_str() == href, d);
                }
                Err(_) => check(buf_name(name), false, Depth { parse: 0, total: 0 }),
            }
        }
    }
    let mut storage = [0u8; 64];
    let mut params = microurl::form::SearchParams::new(&mut storage[..]);
    let appended = params.append("device", "esp32 #7 with a long name").is_ok();
    let (r, d) = measured(|| entry::microurl_entry_with_search_params(long, &params, &mut *a));
    check("with_search_params", appended && r.is_ok(), d);
}

/// Whether setter `name` left `value` in `url` as the URL Standard writes it for these
/// values: the scheme and the port as given; credentials, a path, a query or a fragment
/// without its tab and with `é` percent-encoded.
fn set_as_written(name: &str, url: &Url<'_>, value: &str) -> bool {
    let component = match name {
        "set_protocol" => return url.protocol().strip_suffix(':') == Some(value),
        "set_username" => url.username(),
        "set_password" => url.password(),
        "set_port" => return url.port().is_some_and(|p| eq_display(&p, value)),
        "set_pathname" => url.pathname(),
        "set_search" => url.search(),
        _ => url.hash(),
    };
    // `value` without its tab, each `é` as `%C3%A9`.
    let mut want = component.as_bytes();
    for c in value.chars().filter(|&c| c != '\t') {
        let encoded: &[u8] = match c {
            '\u{e9}' => b"%C3%A9",
            _ => &[c as u8],
        };
        match want.strip_prefix(encoded) {
            Some(rest) => want = rest,
            None => return false,
        }
    }
    want.is_empty()
}

/// The `UrlBuf` setter's name of a `Url` setter's.
fn buf_name(name: &str) -> &'static str {
    match name {
        "set_protocol" => "urlbuf_set_protocol",
        "set_username" => "urlbuf_set_username",
        "set_password" => "urlbuf_set_password",
        "set_port" => "urlbuf_set_port",
        "set_pathname" => "urlbuf_set_pathname",
        "set_search" => "urlbuf_set_search",
        _ => "urlbuf_set_hash",
    }
}

/// [`deep_entry_stacks`]: the slow NFC check of a valid label ([`MARKS_URL`]) under
/// `validation_errors` and the Unicode serialization of its origin.
fn marks_stacks(a: &mut [u8], b: &mut [u8], check: &mut impl FnMut(&str, bool, Depth)) {
    let Ok(url) = Url::parse(core::hint::black_box(MARKS_URL), b) else {
        check("validation_errors", false, Depth { parse: 0, total: 0 });
        return;
    };
    let (r, d) = measured(|| entry::microurl_entry_validation_errors(&url));
    check("validation_errors", r.is_empty(), d);
    #[cfg(feature = "idna")]
    {
        let origin = url.origin();
        let (r, d) = measured(|| entry::microurl_entry_unicode_serialization(&origin, &mut *a));
        check(
            "unicode_serialization",
            r.is_ok_and(|s| s.starts_with("https://x\u{316}") && s.ends_with("\u{301}.example")),
            d,
        );
    }
    #[cfg(not(feature = "idna"))]
    let _ = a;
}

/// [`deep_entry_stacks`]: [`VERDICT_HOST`] under the host and hostname setters of `Url` (in
/// 128 bytes, as `UrlBuf<128>`'s) and `UrlBuf`, and the builder (tab-free: it drops the
/// tab), the verdict's NFC check of the decoded label at the bottom; with its tab, a
/// setter's value is copied to the stack (`Url::splice`'s frame) and the edit runs under
/// that frame (a tab-free value's edit replaces the frame, by a tail call). The port setter
/// the same way, with a tab in the port (its digits written under the copy's frame).
fn verdict_host_stacks(a: &mut [u8], base: &Url<'_>, check: &mut impl FnMut(&str, bool, Depth)) {
    type Setter = for<'b> fn(&Url<'b>, &'b str, &'b mut [u8]) -> Result<Url<'b>, microurl::Error>;
    type BufSetter = fn(&mut EntryBuf, &str) -> Result<(), microurl::Error>;
    const SETTERS: [(&str, Setter, &str, BufSetter); 2] = [
        (
            "set_host",
            entry::microurl_entry_set_host,
            "urlbuf_set_host",
            entry::microurl_entry_urlbuf_set_host,
        ),
        (
            "set_hostname",
            entry::microurl_entry_set_hostname,
            "urlbuf_set_hostname",
            entry::microurl_entry_urlbuf_set_hostname,
        ),
    ];
    // Without IDNA the host is refused before UTS46 (IdnaUnavailable); either way the URL
    // is left as it was.
    let idna = cfg!(feature = "idna");
    let a = a.get_mut(..128).unwrap_or_default();
    for (name, set, buf_name, buf_set) in SETTERS {
        let (set, buf_set) = core::hint::black_box((set, buf_set));
        let (r, d) = measured(|| set(base, VERDICT_HOST, &mut *a));
        let kept = match r {
            Ok(url) => url.as_str() == base.as_str(),
            Err(_) => !idna,
        };
        check(name, kept, d);
        match EntryBuf::parse(base.as_str()) {
            Ok(mut buf) => {
                let (r, d) = measured(|| buf_set(&mut buf, VERDICT_HOST));
                check(buf_name, (r.is_ok() || !idna) && buf.as_str() == base.as_str(), d);
            }
            Err(_) => check(buf_name, false, Depth { parse: 0, total: 0 }),
        }
    }
    let (r, d) = measured(|| entry::microurl_entry_builder_build(VERDICT_HOST, &[], &[], &mut *a));
    let failed = match r {
        Err(microurl::NetError::Url(microurl::Error::Parse(e))) => {
            e.kind == microurl::ParseErrorKind::DomainToAscii || !idna
        }
        _ => false,
    };
    check("builder_build", failed, d);
    let (r, d) = measured(|| entry::microurl_entry_set_port(base, "84\t43", &mut *a));
    check("set_port", r.is_ok_and(|u| u.port() == Some(8443)), d);
}

/// [`deep_entry_stacks`]: the IPv4 parser under `server_name`, `socket_addr` and
/// `mqtt_broker` (a special URL's IPv4 host is parsed again for its address), IPv4 in IPv6
/// in a reference, and an IPv6 host serialized by `coap::url_from_options`.
fn address_stacks(a: &mut [u8], check: &mut impl FnMut(&str, bool, Depth)) {
    let no_url = Depth { parse: 0, total: 0 };
    match Url::parse(core::hint::black_box("http://0x7f.0.0.1:81/"), &mut *a) {
        Ok(v4) => {
            let (r, d) = measured(|| entry::microurl_entry_server_name(&v4));
            check(
                "server_name",
                r == Ok(microurl::ServerName::Ip(
                    core::net::Ipv4Addr::new(127, 0, 0, 1).into(),
                )),
                d,
            );
            let (r, d) = measured(|| entry::microurl_entry_socket_addr(&v4));
            check("socket_addr", r.is_some_and(|s| s.port() == 81), d);
        }
        Err(_) => check("server_name", false, no_url),
    }
    match Url::parse(
        core::hint::black_box("wss://user:pw@10.0.0.5/mqtt"),
        &mut *a,
    ) {
        Ok(wss) => {
            let (r, d) = measured(|| entry::microurl_entry_mqtt_broker(&wss));
            check("mqtt_broker", r.is_ok_and(|b| b.port == 443 && b.tls), d);
        }
        Err(_) => check("mqtt_broker", false, no_url),
    }
    let (r, d) = measured(|| entry::microurl_entry_reference_parse("//[::ffff:1.2.3.4]/x"));
    check(
        "reference_parse",
        r.is_ok_and(|r| eq_display(&r, "//[::ffff:102:304]/x")),
        d,
    );
    // No Uri-Host: the destination's IPv6 address is the host, serialized and parsed again.
    let options: [(u16, &[u8]); 2] = [(11, b"temp"), (15, b"unit=c")];
    let destination = core::net::SocketAddr::new(
        core::net::IpAddr::V6(core::net::Ipv6Addr::new(0x2001, 0xdb8, 1, 2, 3, 4, 5, 6)),
        5683,
    );
    let (r, d) = measured(|| {
        entry::microurl_entry_coap_url_from_options(
            microurl::SchemeKind::Coap,
            destination,
            &options,
            &mut *a,
        )
    });
    check(
        "coap_url_from_options",
        r.is_ok_and(|u| u.as_str() == "coap://[2001:db8:1:2:3:4:5:6]/temp?unit=c"),
        d,
    );
}
/// [`entry_stacks`] for the firmware layer: the other parses, the protocol helpers, the
/// builder, references and origins, each on an input that reaches its host parser where it
/// has one (the outcomes are those of the host build, checked on the host first). Each
/// measured call only calls the entry point: its result is checked after the measurement,
/// since a comparison in the call (a `memcmp`) would go deeper than a small entry point.
fn helper_entry_stacks(arena: &mut [u8], base: &Url<'_>, check: &mut impl FnMut(&str, bool, Depth)) {
    const IDN_URL: &str = "http://xn--a-xbbaaaaaaaaaaaaaaaaaaa75bbbbbbbbbbbbbbbbbbbb.\u{df}/";
    let (a, rest) = arena.split_at_mut(256);
    let (b, c) = rest.split_at_mut(256);
    let options = microurl::Options::default();
    let (r, d) = measured(|| entry::microurl_entry_parse_with(IDN_URL, None, &mut *a, options));
    check("parse_with", r.is_err(), d);
    // With a log and strict: the strict check of an `xn--` host (decoded in the arena, 40
    // combining marks through the NFC check); with a tab in an arena too small for the
    // tab-free copy, the count by the parse without a log.
    const XN_ASCII: &str = "https://xn--a-xbbaaaaaaaaaaaaaaaaaaa75bbbbbbbbbbbbbbbbbbbb.example/";
    const XN_TAB: &str = "https://xn--a-xbbaaaaaaaaaaaaaaaaaaa75bbbbbbbbbbbbbbbbbbbb.ex\tample/";
    let mut slots = [microurl::Reported::default(); 4];
    let log = microurl::ErrorLog::new(&mut slots);
    let logged = microurl::Options {
        errors: Some(&log),
        strict: true,
    };
    let (r, d) = measured(|| entry::microurl_entry_parse_with(XN_ASCII, None, &mut *a, logged));
    let strict = microurl::ParseErrorKind::Strict(microurl::ValidationError::DomainToAscii);
    let failed = |r: &Result<Url<'_>, microurl::Error>| match r {
        Err(microurl::Error::Parse(e)) => (e.kind, e.position) == (strict, 8),
        _ => false,
    };
    // (Without IDNA the labels are not checked: the host is valid.)
    let idna = cfg!(feature = "idna");
    check("parse_with", (failed(&r) && log.len() == 1) || (!idna && r.is_ok()), d);
    let small = &mut a[..64];
    let (r, d) = measured(|| entry::microurl_entry_parse_with(XN_TAB, None, &mut *small, logged));
    let needed = match r {
        Err(microurl::Error::ArenaTooSmall { needed }) => needed == 362 || !idna,
        _ => false,
    };
    check("parse_with", needed, d);
    const ZONED: &str = "coap://[FE80:0::1%25wlan0]:5683/temp";
    let (r, d) = measured(|| entry::microurl_entry_parse_with_zone(ZONED, &mut *a));
    check(
        "parse_with_zone",
        r.is_ok_and(|u| u.as_str() == "coap://[fe80::1%25wlan0]:5683/temp"),
        d,
    );
    let (r, d) = measured(|| entry::microurl_entry_is_valid_url_string(IDN_URL, None));
    check("is_valid_url_string", !r, d);
    const RELATIVE: &str = "//b\u{fc}cher.example/x";
    let (r, d) = measured(|| entry::microurl_entry_is_valid_url_string(RELATIVE, Some(base)));
    check("is_valid_url_string", r, d);
    let (r, d) = measured(|| entry::microurl_entry_request_target(base));
    check("request_target", r == Ok("/a/b?q=1"), d);
    let (r, d) = measured(|| entry::microurl_entry_absolute_form_into(base, &mut *a));
    check(
        "absolute_form_into",
        r == Ok("https://example.com:8080/a/b?q=1"),
        d,
    );
    let (r, d) = measured(|| entry::microurl_entry_authority_form_into(base, &mut *a));
    check("authority_form_into", r == Ok("example.com:8080"), d);
    let (r, d) = measured(|| entry::microurl_entry_credentials_into(base, &mut *a, &mut *b));
    check(
        "credentials_into",
        r == Ok(Some((&b"user"[..], &b"pw"[..]))),
        d,
    );
    let (r, d) = measured(|| entry::microurl_entry_host_header_into(base, &mut *a));
    check("host_header_into", r == Ok("example.com:8080"), d);
    let (r, d) = measured(|| entry::microurl_entry_server_name(base));
    check("server_name", r.is_ok(), d);
    net_entry_stacks(a, c, check);
    let mut params = microurl::form::SearchParams::new(&mut *b);
    if params.append("device", "esp32 #7").is_err() {
        check("with_search_params", false, Depth { parse: 0, total: 0 });
    }
    let (r, d) = measured(|| entry::microurl_entry_with_search_params(base, &params, &mut *a));
    check(
        "with_search_params",
        r.is_ok_and(|u| u.as_str() == "https://user:pw@example.com:8080/a/b?device=esp32+%237#f"),
        d,
    );
    reference_entry_stacks(a, c, base, check);
}

/// [`helper_entry_stacks`] for the helpers of other URLs than the base: socket addresses,
/// MQTT, CoAP both ways and the builder.
fn net_entry_stacks(a: &mut [u8], c: &mut [u8], check: &mut impl FnMut(&str, bool, Depth)) {
    let no_url = Depth { parse: 0, total: 0 };
    match Url::parse("http://[1:2:3:4:5:6:7:8]:81/", &mut *c) {
        Ok(v6) => {
            let (r, d) = measured(|| entry::microurl_entry_socket_addr(&v6));
            check("socket_addr", r.is_some(), d);
        }
        Err(_) => check("socket_addr", false, no_url),
    }
    match Url::parse("mqtts://dev%40site:p%3Ass@broker.example:8883/", &mut *c) {
        Ok(m) => {
            let (r, d) = measured(|| entry::microurl_entry_mqtt_broker(&m));
            check("mqtt_broker", r.is_ok(), d);
        }
        Err(_) => check("mqtt_broker", false, no_url),
    }
    match Url::parse("coap://sensor.example:5684/a%20b/c?x=1&y=%26", &mut *c) {
        Ok(coap) => {
            let (r, d) = measured(|| entry::microurl_entry_coap_options(&coap, &mut *a));
            check("coap_options", r == Some(6), d);
        }
        Err(_) => check("coap_options", false, no_url),
    }
    let options: [(u16, &[u8]); 4] =
        [(3, b"sensor.example"), (11, b"temp c"), (11, b"x"), (15, b"unit=c&f")];
    let destination = core::net::SocketAddr::new(
        core::net::IpAddr::V6(core::net::Ipv6Addr::new(0x2001, 0xdb8, 0, 0, 0, 0, 0, 1)),
        5683,
    );
    let coap = microurl::SchemeKind::Coap;
    let (r, d) = measured(|| {
        entry::microurl_entry_coap_url_from_options(coap, destination, &options, &mut *a)
    });
    check(
        "coap_url_from_options",
        r.is_ok_and(|u| u.as_str() == "coap://sensor.example/temp%20c/x?unit=c%26f"),
        d,
    );
    let (segments, pairs) = (["fw", "image 1.bin"], [("v", "2"), ("sig", "a&b")]);
    const HOST: &str = "b\u{fc}cher.example";
    let (r, d) =
        measured(|| entry::microurl_entry_builder_build(HOST, &segments, &pairs, &mut *a));
    check(
        "builder_build",
        r.is_ok_and(|u| {
            u.as_str() == "https://xn--bcher-kva.example:8443/fw/image%201.bin?v=2&sig=a%26b"
        }),
        d,
    );
}

/// [`helper_entry_stacks`] for origins and references.
fn reference_entry_stacks(
    a: &mut [u8],
    c: &mut [u8],
    base: &Url<'_>,
    check: &mut impl FnMut(&str, bool, Depth),
) {
    const IDN_REF: &str = "//xn--a-xbbaaaaaaaaaaaaaaaaaaa75bbbbbbbbbbbbbbbbbbbb.\u{df}/";
    let no_input = Depth { parse: 0, total: 0 };
    match Url::parse("blob:https://xn--bcher-kva.example/x", &mut *c) {
        Ok(blob) => {
            let (r, d) = measured(|| entry::microurl_entry_origin_in(&blob, &mut *a));
            check(
                "origin_in",
                r.is_ok_and(|o| eq_display(&o, "https://xn--bcher-kva.example")),
                d,
            );
            #[cfg(feature = "idna")]
            {
                let origin = blob.origin();
                let (r, d) =
                    measured(|| entry::microurl_entry_unicode_serialization(&origin, &mut *a));
                check("unicode_serialization", r == Ok("https://b\u{fc}cher.example"), d);
            }
        }
        Err(_) => check("origin_in", false, no_input),
    }
    let (r, d) = measured(|| entry::microurl_entry_reference_parse(IDN_REF));
    check("reference_parse", r.is_ok(), d);
    match microurl::Reference::parse(IDN_REF) {
        Ok(reference) => {
            let (r, d) = measured(|| {
                entry::microurl_entry_reference_resolve_url(&reference, base, &mut *a)
            });
            check("reference_resolve_url", r.is_err(), d);
        }
        Err(_) => check("reference_resolve_url", false, no_input),
    }
    match Url::parse("https://user:pw@example.com:8080/a/c/d?x", &mut *c) {
        Ok(target) => {
            let (r, d) = measured(|| entry::microurl_entry_make_relative(base, &target, &mut *a));
            check(
                "make_relative",
                r.is_ok_and(|r| r.is_some_and(|r| eq_display(&r, "c/d?x"))),
                d,
            );
        }
        Err(_) => check("make_relative", false, no_input),
    }
}

/// [`entry_stacks`] for the `idna` functions.
#[cfg(feature = "idna")]
fn idna_entry_stacks(arena: &mut [u8], check: &mut impl FnMut(&str, bool, Depth)) {
    use microurl::idna::Uts46Options;
    const IDN: &str = "xn--a-xbbaaaaaaaaaaaaaaaaaaa75bbbbbbbbbbbbbbbbbbbb.\u{df}";
    const MARKS: &str = "a\u{301}\u{316}\u{301}\u{316}\u{301}\u{316}\u{301}\u{316}\u{301}\u{316}\u{301}\u{316}\u{301}\u{316}\u{301}\u{316}\u{301}\u{316}\u{301}\u{316}.com";
    let strict = Uts46Options::STRICT;
    let (ok, d) =
        measured(|| entry::microurl_entry_idna_to_ascii(IDN, strict, &mut *arena).is_err());
    check("idna_to_ascii", ok, d);
    let (ok, d) = measured(|| {
        entry::microurl_entry_idna_to_unicode(IDN, strict, &mut *arena).is_ok_and(|(_, e)| e)
    });
    check("idna_to_unicode", ok, d);
    // Domains whose NFC differs from their mapping, normalized in place in `out`: composed
    // (12 `e` + U+0301), and reordered and composed (MARKS). The forms expected are Python's
    // (`unicodedata.normalize("NFC", ..)`, the `punycode` codec).
    const E_ACUTE: &str = "e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}.com";
    const MARKS_NFC: &str = concat!(
        "\u{e1}\u{316}\u{316}\u{316}\u{316}\u{316}\u{316}\u{316}\u{316}\u{316}\u{316}",
        "\u{301}\u{301}\u{301}\u{301}\u{301}\u{301}\u{301}\u{301}\u{301}.com"
    );
    for (input, ascii, unicode) in [
        (E_ACUTE, "xn--9caaaaaaaaaaaa.com", "\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}.com"),
        (MARKS, "xn--1ca20iaaaaaaaa6taaaaaaaaa.com", MARKS_NFC),
    ] {
        let (r, d) = measured(|| entry::microurl_entry_idna_to_ascii(input, strict, &mut *arena));
        let got = r.ok().and_then(|n| arena.get(..n));
        check("idna_to_ascii", got == Some(ascii.as_bytes()), d);
        let (r, d) = measured(|| entry::microurl_entry_idna_to_unicode(input, strict, &mut *arena));
        let got = r.ok().and_then(|(n, e)| arena.get(..n).filter(|_| !e));
        check("idna_to_unicode", got == Some(unicode.as_bytes()), d);
    }
    // An output buffer too small for the ASCII result: the size that suffices is then
    // counted from the domain's mapping (the capitals and `Ü` map), normalization and
    // Punycode as they stream by, with no buffer (`process::bound::needed_bound`).
    const CAPITALS: &str = "B\u{dc}CHER.Example";
    let small = arena.get_mut(..4).unwrap_or_default();
    let (r, d) = measured(|| entry::microurl_entry_idna_to_ascii(CAPITALS, strict, &mut *small));
    // `xn--bcher-kva.example`: 21 bytes.
    let needed = matches!(r, Err(microurl::idna::IdnaError::BufferTooSmall { needed: 21 }));
    check("idna_to_ascii", needed, d);
    let (ok, d) =
        measured(|| entry::microurl_entry_idna_domain_to_ascii(IDN, false, &mut *arena).is_err());
    check("idna_domain_to_ascii", ok, d);
    // Marks reordered in place (the in-place NFC's moves, its deepest chain), as
    // `idna_to_ascii` above (the same result: nothing here differs between the two).
    let (r, d) = measured(|| entry::microurl_entry_idna_domain_to_ascii(MARKS, false, &mut *arena));
    let got = r.ok().and_then(|n| arena.get(..n));
    check("idna_domain_to_ascii", got == Some(b"xn--1ca20iaaaaaaaa6taaaaaaaaa.com".as_slice()), d);
    let (ok, d) =
        measured(|| entry::microurl_entry_idna_domain_to_unicode(IDN, &mut *arena).is_ok());
    check("idna_domain_to_unicode", ok, d);
    let (ok, d) = measured(|| entry::microurl_entry_idna_nfc(MARKS, &mut *arena).is_ok());
    check("idna_nfc", ok, d);
    let (ok, d) = measured(|| {
        entry::microurl_entry_idna_punycode_decode(
            "a-xbbaaaaaaaaaaaaaaaaaaa75bbbbbbbbbbbbbbbbbbbb",
            &mut *arena,
        )
        .is_ok()
    });
    check("idna_punycode_decode", ok, d);
    let (ok, d) =
        measured(|| entry::microurl_entry_idna_punycode_encode(MARKS, &mut *arena).is_ok());
    check("idna_punycode_encode", ok, d);
}

#[entry]
fn main() -> ! {
    let mut arena = [0u8; ARENA];
    let mut base_arena = [0u8; ARENA];
    let mut reference_arena = [0u8; ARENA];
    let mut st = Stats::default();

    log!(
        "microurl conformance: {} vectors in this image (shard {}/{}; urltestdata {}, toascii {}), stack {} B",
        v::VECTORS.len(),
        v::SHARD,
        v::SHARDS,
        v::WPT_TOTAL,
        v::TOASCII_TOTAL,
        stack_top() - stack_limit()
    );
    show_sample(&mut arena);

    for (k, f) in v::VECTORS.iter().enumerate() {
        let i = k * v::SHARDS + v::SHARD; // index over urltestdata objects, then toascii objects
        if run_vector(i, f, &mut st, &mut arena, &mut base_arena, &mut reference_arena) {
            st.passed += 1;
        } else {
            st.failed += 1;
            if i >= v::WPT_TOTAL {
                st.failed_toascii += 1;
            }
        }
    }

    log!(
        "failed by file: urltestdata.json {}, toascii.json {}",
        st.failed - st.failed_toascii,
        st.failed_toascii
    );
    log!(
        "reference route (Reference::parse_against + resolve = parse_with_base): {} of {} checked vectors agree",
        st.reference_agreed,
        st.reference_checked
    );
    log!(
        "stack: parser high-water {} B (vector #{}), budget {} B; firmware total {} B",
        st.worst_stack,
        st.worst_stack_vector,
        STACK_BUDGET,
        st.worst_total
    );
    log!(
        "stack: ASCII-only vectors (no IDNA): high-water {} B (vector #{})",
        st.worst_ascii,
        st.worst_ascii_vector
    );
    if let Some(f) = v::VECTORS.get(st.worst_stack_vector / v::SHARDS) {
        show_input("stack: worst vector input", s(f[F_INPUT]).unwrap_or("?"));
    }
    let (stress, stress_input) = stress_stack(&mut arena, &mut st.other_failed);
    entry_stacks(&mut arena, &mut base_arena, &mut st.other_failed);
    log!(
        "stack: stress inputs high-water {} B (stress #{})",
        stress,
        stress_input
    );
    #[cfg(feature = "panic-demo")]
    if st.passed > 0 {
        panic!("panic-demo: deliberate panic after {} vectors", st.passed);
    }
    #[cfg(all(feature = "fault-demo", target_arch = "arm"))]
    cortex_m::asm::udf();
    // SAFETY: a breakpoint exception on purpose: rt.rs's handler exits 102, nothing follows.
    #[cfg(all(feature = "fault-demo", target_arch = "riscv32"))]
    unsafe {
        riscv::asm::ebreak()
    };
    #[cfg(all(feature = "hang-demo", target_arch = "arm"))]
    loop {
        cortex_m::asm::nop();
    }
    #[cfg(all(feature = "hang-demo", target_arch = "riscv32"))]
    loop {
        riscv::asm::nop();
    }
    let mut code = if st.failed == 0 && st.other_failed == 0 {
        0
    } else {
        1
    };
    if STACK_BUDGET > 0 && st.worst_stack.max(stress) > STACK_BUDGET {
        log!(
            "FAIL stack budget: {} B > {} B",
            st.worst_stack.max(stress),
            STACK_BUDGET
        );
        code = 1;
    }
    log!(
        "embedded: {} passed, {} failed, {} skipped",
        st.passed,
        st.failed,
        st.skipped
    );
    semihosting::process::exit(code)
}

include!("rt.rs");
