//! Keeping `Location` headers as references and resolving them late.
//!
//! A device follows redirects of an OTA server. Each response's `Location` header is stored
//! as it came (bytes in a fixed slot, no allocation), parsed as a [`Reference`] only when
//! needed: relative redirects compose among themselves before any base is known (the base of
//! a rebase may itself be relative), references compare after normalization, and only the
//! final one is resolved against the request URL, into a `Url`.
//!
//! ```text
//! cargo run --example location_late
//! ```
use microurl::{Error, Reference, Url};

/// A stored header: its bytes in a fixed slot.
struct Header {
    bytes: [u8; 96],
    len: usize,
}

impl Header {
    fn store(value: &str) -> Header {
        let mut bytes = [0u8; 96];
        let len = value.len().min(bytes.len());
        bytes[..len].copy_from_slice(&value.as_bytes()[..len]);
        Header { bytes, len }
    }
    fn as_str(&self) -> &str {
        std::str::from_utf8(&self.bytes[..self.len]).unwrap_or("")
    }
}

fn main() -> Result<(), Error> {
    // Three redirects, as the server sent them: relative, with a backslash, dot segments.
    let hops = [
        Header::store("v1/manifest.json?ch=stable"),
        Header::store("../v2\\.\\image.bin"),
        Header::store("./image-b.bin#sha256=ab12"),
    ];

    // Compose the chain right to left before knowing where the first request went: each
    // hop is relative to the one before it.
    let mut a = [0u8; 256];
    let mut b = [0u8; 256];
    let first = Reference::parse(hops[0].as_str())?;
    let second = Reference::parse_against(hops[1].as_str(), Some(&first))?;
    let composed = second.rebase(Some(&first), &mut a)?;
    let third = Reference::parse_against(hops[2].as_str(), Some(&composed))?;
    let chain = third.rebase(Some(&composed), &mut b)?;
    println!("composed:   {chain}");
    let mut n = [0u8; 256];
    let chain = chain.normalize(&mut n)?;
    println!("normalized: {chain}");
    println!(
        "  dirs {:?}, file {:?}, fragment {:?}",
        chain.dirs().collect::<Vec<_>>(),
        chain.filename(),
        chain.fragment()
    );

    // Two spellings of the same reference compare equal once normalized.
    let (mut x, mut y) = ([0u8; 64], [0u8; 64]);
    let p = Reference::parse("v2/./image-b.bin#sha256=ab12")?.normalize(&mut x)?;
    let q = Reference::parse("v2\\x\\..\\image-b.bin#sha256=ab12")?.normalize(&mut y)?;
    println!(
        "same target: {} ({p} / {q})",
        p.to_string() == q.to_string()
    );

    // Late: the request URL is known, resolve the composed chain against it.
    let mut ra = [0u8; 128];
    let request = Url::parse("https://OTA.example.com:443/fleet/esp32/", &mut ra)?;
    let mut out = [0u8; 256];
    let target = chain.resolve_url(&request, &mut out)?;
    println!("resolved:   {target}");

    // The same, one hop at a time with the WHATWG parser, for comparison.
    let (mut s1, mut s2, mut s3) = ([0u8; 128], [0u8; 128], [0u8; 128]);
    let u1 = request.join(hops[0].as_str(), &mut s1)?;
    let u2 = u1.join(hops[1].as_str(), &mut s2)?;
    let u3 = u2.join(hops[2].as_str(), &mut s3)?;
    println!(
        "hop by hop: {u3} (agree: {})",
        u3.as_str() == target.as_str()
    );

    // For a log line: the target relative to the request.
    let mut rel = [0u8; 128];
    if let Some(r) = request.make_relative(&target, &mut rel)? {
        println!("relative:   {r}");
    }
    Ok(())
}
