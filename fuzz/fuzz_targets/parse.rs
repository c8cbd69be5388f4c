//! `parse`: arbitrary bytes (lossy UTF-8; `input 0xFF base`) through the parser.
//!
//! Properties:
//! - no panic (and the library's own `debug_assert!(check())` holds: fuzz builds keep debug
//!   assertions);
//! - `check()` holds on every result;
//! - a failure's position is a character boundary of the input (within it);
//! - an arena that is too small gives `ArenaTooSmall { needed }`, and `needed` bytes suffice;
//!   an arena of any other size gives the same URL, or the same failure at the same byte,
//!   or `ArenaTooSmall { needed }`, and that `needed` gives them at once; the same for the origin's Unicode serialization;
//! - idempotence: `parse(href)` (no base) gives the same href and the same components;
//! - `can_parse` agrees with `parse`, with and without a base (an invalid base: `false`).
#![no_main]

#[path = "common.rs"]
mod common;

use common::{Parts, parse_owned, split, with_base};
use libfuzzer_sys::fuzz_target;
use microurl::{Error, Url};

fuzz_target!(|data: &[u8]| {
    let (input, base) = split(data);
    let odd_size = data.first().map_or(0, |&b| b as usize);
    let ran = with_base(base.as_deref(), |base_url| {
        let result = parse_owned(&input, base_url);
        // A failure names a byte of the input: within it, at a character's first byte.
        if let Err(Error::Parse(e)) = &result {
            assert!(input.is_char_boundary(e.position), "{input:?}: {e:?}");
        }

        // Another arena size: the same result, or ArenaTooSmall.
        let mut arena = vec![0u8; odd_size];
        match (Url::parse_with_base(&input, base_url, &mut arena), &result) {
            (Ok(u), Ok(p)) => assert_eq!(&Parts::of(&u), p, "{input:?}"),
            (Err(Error::ArenaTooSmall { needed }), _) => {
                assert!(
                    needed > odd_size,
                    "{input:?}: needed {needed} <= arena {odd_size}"
                );
                // The `needed` reported from *this* size must suffice at once
                // (the empty arena's `needed` is checked in `parse_owned`).
                let mut again = vec![0u8; needed];
                match (Url::parse_with_base(&input, base_url, &mut again), &result) {
                    (Ok(u), Ok(p)) => assert_eq!(&Parts::of(&u), p, "{input:?}"),
                    (Err(e @ Error::Parse(_)), Err(f @ Error::Parse(_))) => {
                        assert_eq!(&e, f, "{input:?}: arena {odd_size}, then {needed}");
                    }
                    (a, b) => panic!(
                        "{input:?}: arena {odd_size} asks {needed}, which gives {a:?}, not {b:?}"
                    ),
                }
            }
            // Both fail: the same failure at the same byte, whatever the arena (a step that
            // needs scratch, IDNA, asks for it rather than reporting a later error:
            // tests/regressions.rs, `error_kind_does_not_depend_on_arena_size`).
            (Err(e), Err(f)) => assert_eq!(&e, f, "{input:?}: arena {odd_size}"),
            (a, b) => panic!("{input:?}: arena {odd_size} gives {a:?}, exact arena {b:?}"),
        }

        // can_parse agrees with parse.
        let can = Url::can_parse(&input, base.as_deref());
        assert_eq!(
            can,
            result.is_ok(),
            "can_parse({input:?}, {base:?}) = {can}, parse = {result:?}"
        );

        // The origin's Unicode serialization: at a size taken from the input, the same
        // string or `ArenaTooSmall { needed }`, and `needed` suffices at once.
        let mut arena = vec![0u8; 1 << 16];
        if let Ok(u) = Url::parse_with_base(&input, base_url, &mut arena) {
            let origin = u.origin();
            let mut big = vec![0u8; 1 << 16];
            let full = origin.unicode_serialization(&mut big).map(str::to_owned);
            let mut out = vec![0u8; odd_size];
            match origin.unicode_serialization(&mut out) {
                Ok(s) => assert_eq!(Ok(s.to_owned()), full, "{input:?}"),
                Err(Error::ArenaTooSmall { needed }) => {
                    let mut out = vec![0u8; needed];
                    let again = origin.unicode_serialization(&mut out).map(str::to_owned);
                    assert_eq!(
                        again, full,
                        "{input:?}: origin needed {needed} from {odd_size}"
                    );
                }
                Err(e) => panic!("{input:?}: origin {e:?}"),
            }
        }

        // Idempotence.
        if let Ok(p) = &result {
            match parse_owned(&p.href, None) {
                Ok(q) => assert_eq!(&q, p, "reparse of {:?} (from {input:?})", p.href),
                Err(e) => panic!("reparse of {:?} (from {input:?}) fails: {e:?}", p.href),
            }
        }
    });
    // The base fails to parse: so does `new URL(input, base)`.
    if ran.is_none() {
        assert!(
            !Url::can_parse(&input, base.as_deref()),
            "can_parse with invalid base {base:?}"
        );
    }
});
