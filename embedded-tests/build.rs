//! Build script of the conformance firmware.
//!
//! 1. Picks the linker script (`memory.x`) for the QEMU board of the target (`virt` for
//!    riscv32, riscv.sh).
//! 2. Turns the conformance vectors into packed tables in flash (nothing generated is checked in):
//!    - `tests/data/urltestdata.json` (WPT URL constructor tests, every entry, with bases);
//!    - `tests/data/toascii.json` when the file exists (WPT toascii tests, run as
//!      `new URL("https://" + input + "/x")` exactly like WPT's toascii.window.js).
//!
//! Packing: every distinct string goes once into one byte blob (a string that occurs inside an
//! already stored one is not stored again: "http:" lives inside an href); a string table of
//! `(offset, len)` u16 pairs indexes the blob; a vector is 13 u16 string ids. About 2.5x smaller
//! than a table of `&str` fields, which leaves room on 256 KiB parts.
//!
//! Environment:
//! - `MICROURL_BOARD`  QEMU machine (defaults by target, keep in sync with qemu-run.sh);
//! - `MICROURL_SHARD=k/n` build only vectors i with i % n == k (split across images if a board's
//!   flash ever gets too small; run.sh then builds every shard).

use std::{collections::HashMap, env, fmt::Write as _, fs, path::PathBuf};

/// Field order of one packed vector (see src/firmware.rs, `F_*` constants).
const FIELDS: [&str; 13] = [
    "input", "base", "href", "protocol", "username", "password", "host", "hostname", "port",
    "pathname", "search", "hash", "origin",
];
const NONE: u16 = 0xFFFF;
/// In the `href` slot: the parse must fail.
const FAIL: u16 = 0xFFFE;

struct Pack {
    strings: Vec<String>,
    ids: HashMap<String, u16>,
}

impl Pack {
    fn id(&mut self, s: &str) -> u16 {
        if let Some(&i) = self.ids.get(s) {
            return i;
        }
        let i = u16::try_from(self.strings.len()).expect("too many strings");
        assert!(i < FAIL);
        self.strings.push(s.to_owned());
        self.ids.insert(s.to_owned(), i);
        i
    }
}

/// serde_json rejects lone UTF-16 surrogates (`"\uD800"`), which WPT files may contain.
/// A browser converts them to U+FFFD before the URL parser sees them (WebIDL USVString), so do
/// the same on the JSON text: replace each unpaired surrogate escape with `\uFFFD`.
fn fix_lone_surrogates(text: &str) -> (String, usize) {
    let b = text.as_bytes();
    let hex = |i: usize| -> Option<u16> {
        let s = text.get(i..i + 4)?;
        u16::from_str_radix(s, 16).ok()
    };
    let is_u_escape = |i: usize| b.get(i) == Some(&b'\\') && b.get(i + 1) == Some(&b'u');
    let mut out = String::with_capacity(text.len());
    let (mut i, mut fixed) = (0, 0);
    while i < b.len() {
        if b[i] == b'\\' && i + 1 < b.len() {
            if b[i + 1] == b'u' {
                if let Some(u) = hex(i + 2) {
                    if (0xD800..0xDC00).contains(&u) {
                        let low = if is_u_escape(i + 6) { hex(i + 8) } else { None };
                        if matches!(low, Some(l) if (0xDC00..0xE000).contains(&l)) {
                            out.push_str(&text[i..i + 12]);
                            i += 12;
                        } else {
                            out.push_str("\\uFFFD");
                            fixed += 1;
                            i += 6;
                        }
                        continue;
                    }
                    if (0xDC00..0xE000).contains(&u) {
                        out.push_str("\\uFFFD");
                        fixed += 1;
                        i += 6;
                        continue;
                    }
                }
            }
            // any other escape (incl. `\\`): copy both bytes so `\\uD800` stays literal text
            out.push_str(&text[i..i + 2]);
            i += 2;
            continue;
        }
        let ch = text[i..].chars().next().unwrap();
        out.push(ch);
        i += ch.len_utf8();
    }
    (out, fixed)
}

fn load(path: &PathBuf) -> Vec<serde_json::Value> {
    let text = fs::read_to_string(path).unwrap_or_else(|e| panic!("read {}: {e}", path.display()));
    let (text, fixed) = fix_lone_surrogates(&text);
    if fixed > 0 {
        println!(
            "cargo:warning={}: {fixed} lone surrogate escape(s) read as U+FFFD",
            path.display()
        );
    }
    let v: serde_json::Value =
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("parse {}: {e}", path.display()));
    v.as_array().expect("top-level JSON array").clone()
}

fn main() {
    let out = PathBuf::from(env::var_os("OUT_DIR").unwrap());
    let manifest = PathBuf::from(env::var_os("CARGO_MANIFEST_DIR").unwrap());

    // ---- 1. Linker scripts: memory.x per QEMU board; the link.x of cortex-m-rt (and of
    // riscv-rt, with its `memory` feature) INCLUDEs it.
    let target = env::var("TARGET").unwrap();
    let board = env::var("MICROURL_BOARD")
        .ok()
        .filter(|b| !b.is_empty())
        .unwrap_or_else(|| {
            match target.as_str() {
                t if t.starts_with("thumbv6m") => "microbit",
                t if t.starts_with("thumbv7em") => "mps2-an386",
                t if t.starts_with("riscv32") => "virt",
                _ => "lm3s6965evb",
            }
            .into()
        });
    let mem = match board.as_str() {
        "mps2-an385" | "mps2-an386" => "memory/mps2.x",
        "microbit" => "memory/microbit.x",
        "lm3s6965evb" => "memory/lm3s6965evb.x",
        "virt" => "memory/riscv-virt.x",
        b => panic!("unknown MICROURL_BOARD {b}"),
    };
    fs::copy(manifest.join(mem), out.join("memory.x")).unwrap();
    println!("cargo:rustc-link-search={}", out.display());
    println!("cargo:rerun-if-changed={mem}");
    println!("cargo:rerun-if-env-changed=MICROURL_BOARD");
    println!("cargo:rerun-if-env-changed=MICROURL_SHARD");
    println!("cargo:rerun-if-env-changed=MICROURL_STACK_BUDGET");
    // Link args here (not in config rustflags) so a RUSTFLAGS env cannot drop them.
    // Only for the firmware targets: the build script's own host build never sees these.
    println!("cargo:rustc-link-arg-bins=-Tlink.x");
    println!("cargo:rustc-link-arg-tests=-Tlink.x");
    if env::var_os("CARGO_FEATURE_DEFMT").is_some() {
        println!("cargo:rustc-link-arg-bins=-Tdefmt.x");
        println!("cargo:rustc-link-arg-tests=-Tdefmt.x");
    }
    println!("cargo:rustc-link-arg=--nmagic");
    // Panic-free link report (run.sh): keep the image despite the undefined panic symbol of
    // the `panic-free-link` handler, so that the surviving panic call sites can be listed.
    println!("cargo:rerun-if-env-changed=MICROURL_PANIC_REPORT");
    if std::env::var_os("MICROURL_PANIC_REPORT").is_some() {
        println!("cargo:rustc-link-arg-bins=--noinhibit-exec");
    }

    // ---- 2. Vectors.
    let (shard, shards) = match env::var("MICROURL_SHARD").ok().filter(|s| !s.is_empty()) {
        Some(s) => {
            let (k, n) = s.split_once('/').expect("MICROURL_SHARD=k/n");
            (k.parse::<usize>().unwrap(), n.parse::<usize>().unwrap())
        }
        None => (0, 1),
    };
    assert!(shard < shards, "MICROURL_SHARD k/n needs k < n");
    let fail_demo = env::var_os("CARGO_FEATURE_FAIL_DEMO").is_some();

    let mut pack = Pack {
        strings: Vec::new(),
        ids: HashMap::new(),
    };
    // (global index, packed fields); the global index is what the firmware reports.
    let mut vectors: Vec<(usize, [u16; 13])> = Vec::new();
    let mut global = 0usize;
    let mut demo_done = false;

    let wpt = manifest.join("../tests/data/urltestdata.json");
    println!("cargo:rerun-if-changed={}", wpt.display());
    let mut wpt_total = 0usize;
    for t in load(&wpt) {
        let Some(o) = t.as_object() else { continue }; // comment strings
        let i = global;
        global += 1;
        wpt_total += 1;
        if i % shards != shard {
            continue;
        }
        let mut f = [NONE; 13];
        for (k, name) in FIELDS.iter().enumerate() {
            if let Some(s) = o.get(*name).and_then(|v| v.as_str()) {
                f[k] = pack.id(s);
            }
        }
        if o.get("failure").and_then(|v| v.as_bool()).unwrap_or(false) {
            f[2] = FAIL;
        } else if fail_demo && !demo_done {
            // Negative control: break the expected href of the first passing vector.
            let broken = format!("{}#broken-on-purpose", o["href"].as_str().unwrap());
            println!("cargo:warning=fail-demo: expected href of vector #{i} changed to {broken:?}");
            f[2] = pack.id(&broken);
            demo_done = true;
        }
        vectors.push((i, f));
    }

    let toascii = manifest.join("../tests/data/toascii.json");
    println!("cargo:rerun-if-changed={}", toascii.display());
    let mut toascii_total = 0usize;
    if toascii.exists() {
        for t in load(&toascii) {
            let Some(o) = t.as_object() else { continue };
            let Some(input) = o.get("input").and_then(|v| v.as_str()) else {
                continue;
            };
            let i = global;
            global += 1;
            toascii_total += 1;
            if i % shards != shard {
                continue;
            }
            // WPT toascii.window.js: new URL(`https://${input}/x`); host == hostname == output,
            // pathname "/x", href `https://${output}/x`; output null => TypeError.
            let mut f = [NONE; 13];
            f[0] = pack.id(&format!("https://{input}/x"));
            match o.get("output").and_then(|v| v.as_str()) {
                Some(out) => {
                    f[2] = pack.id(&format!("https://{out}/x"));
                    f[6] = pack.id(out);
                    f[7] = pack.id(out);
                    f[9] = pack.id("/x");
                }
                None => f[2] = FAIL,
            }
            vectors.push((i, f));
        }
    }

    // Blob: longest strings first, so shorter ones are usually found inside them.
    let mut order: Vec<usize> = (0..pack.strings.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(pack.strings[i].len()));
    let mut blob = String::new();
    let mut table = vec![(0u16, 0u16); pack.strings.len()];
    for i in order {
        let s = &pack.strings[i];
        let off = match blob.find(s.as_str()) {
            Some(off) => off,
            None => {
                blob.push_str(s);
                blob.len() - s.len()
            }
        };
        table[i] = (
            u16::try_from(off).expect("blob > 64 KiB"),
            u16::try_from(s.len()).unwrap(),
        );
    }
    fs::write(out.join("blob.bin"), blob.as_bytes()).unwrap();

    let mut src = String::new();
    writeln!(
        src,
        "// generated by build.rs from tests/data/*.json; do not edit"
    )
    .unwrap();
    writeln!(
        src,
        "pub const NONE: u16 = {NONE};\npub const FAIL: u16 = {FAIL};"
    )
    .unwrap();
    writeln!(
        src,
        "pub static BLOB: &[u8; {}] = include_bytes!(\"blob.bin\");",
        blob.len()
    )
    .unwrap();
    write!(src, "pub static STRS: [(u16, u16); {}] = [", table.len()).unwrap();
    for (k, (o, l)) in table.iter().enumerate() {
        if k % 8 == 0 {
            src.push('\n');
        }
        write!(src, "({o},{l}),").unwrap();
    }
    writeln!(src, "\n];").unwrap();
    write!(
        src,
        "pub static VECTORS: [[u16; 13]; {}] = [",
        vectors.len()
    )
    .unwrap();
    for (_, f) in &vectors {
        write!(src, "\n{f:?},").unwrap();
    }
    writeln!(src, "\n];").unwrap();
    // global indices (for messages): the shard's vector k is global index k*shards+shard.
    writeln!(
        src,
        "pub const SHARD: usize = {shard};\npub const SHARDS: usize = {shards};"
    )
    .unwrap();
    // Per-parse stack budget in bytes (issue 4: <= 2 KiB); 0 = report only.
    let budget: usize = env::var("MICROURL_STACK_BUDGET")
        .ok()
        .filter(|s| !s.is_empty())
        .map_or(2048, |s| s.parse().expect("MICROURL_STACK_BUDGET=<bytes>"));
    writeln!(src, "pub const STACK_BUDGET: usize = {budget};").unwrap();
    writeln!(src, "pub const WPT_TOTAL: usize = {wpt_total};").unwrap();
    writeln!(src, "pub const TOASCII_TOTAL: usize = {toascii_total};").unwrap();
    fs::write(out.join("vectors.rs"), src).unwrap();
    println!(
        "cargo:warning=vectors: {} of {} in shard {shard}/{shards} (urltestdata {wpt_total}, toascii {toascii_total}); blob {} B, {} strings",
        vectors.len(),
        global,
        blob.len(),
        table.len()
    );
}
