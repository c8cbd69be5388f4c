//! `setters`: every WHATWG setter on random URLs (`url 0xFF value`, the first byte picks the
//! setter). Never panics; a result passes `check()` and reparses to itself (same href and
//! components); `needed` from `ArenaTooSmall` suffices; `UrlBuf` gives the same result as the
//! arena API when it fits.
#![no_main]

#[path = "common.rs"]
mod common;

use common::{Parts, parse_owned};
use libfuzzer_sys::fuzz_target;
use microurl::{Error, Url, UrlBuf};

const NAMES: [&str; 10] = [
    "href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search",
    "hash",
];

fn apply<'a: 'b, 'b>(
    url: &Url<'a>,
    which: usize,
    value: &'b str,
    arena: &'b mut [u8],
) -> Result<Url<'b>, Error> {
    match which {
        0 => url.set_href(value, arena),
        1 => url.set_protocol(value, arena),
        2 => url.set_username(value, arena),
        3 => url.set_password(value, arena),
        4 => url.set_host(value, arena),
        5 => url.set_hostname(value, arena),
        6 => url.set_port(value, arena),
        7 => url.set_pathname(value, arena),
        8 => url.set_search(value, arena),
        _ => url.set_hash(value, arena),
    }
}

fn apply_buf<const N: usize>(b: &mut UrlBuf<N>, which: usize, value: &str) -> Result<(), Error> {
    match which {
        0 => b.set_href(value),
        1 => b.set_protocol(value),
        2 => b.set_username(value),
        3 => b.set_password(value),
        4 => b.set_host(value),
        5 => b.set_hostname(value),
        6 => b.set_port(value),
        7 => b.set_pathname(value),
        8 => b.set_search(value),
        _ => b.set_hash(value),
    }
}

/// ada's setter of the same name (the JS setters: the value is always given).
fn ada_apply(u: &mut ada_url::Url, which: usize, value: &str) {
    let v = Some(value);
    let _ = match which {
        0 => u.set_href(value),
        1 => u.set_protocol(value),
        2 => u.set_username(v),
        3 => u.set_password(v),
        4 => u.set_host(v),
        5 => u.set_hostname(v),
        6 => u.set_port(v),
        7 => u.set_pathname(v),
        8 => {
            u.set_search(v);
            Ok(())
        }
        _ => {
            u.set_hash(v);
            Ok(())
        }
    };
}

/// Known differences with ada's setters, each with the section of the spec that decides it.
fn ada_allow(
    url: &str,
    which: usize,
    value: &str,
    ours: &str,
    theirs: &str,
) -> Option<&'static str> {
    // §3.3 domain to ASCII → UTS46 ToASCII (Punycode decoding, validity criteria, CheckBidi;
    // UTS46 §4, §4.1, RFC 3492 §6.2): for a non-ASCII host value where rust-url's WHATWG
    // setter (`url::quirks`, with the `idna` crate, an independent UTS46 implementation)
    // gives exactly our result, ada's IDNA is the odd one out, as in `differential_ada`'s
    // `ada-uts46` class. Seen: `2ҋ.xn---ndd` (a Punycode label with a leading delimiter,
    // which RFC 3492 decoding rejects) accepted by ada.
    let _ = theirs;
    // Percent-decoded: `%c3%89` in a host is the same U+00C9 to UTS46.
    let decoded =
        String::from_utf8_lossy(&microurl::percent::decode(value.as_bytes()).collect::<Vec<u8>>())
            .into_owned();
    // The href setter is a parse: rust-url parsing the value fails as we did.
    if which == 0 && !decoded.is_ascii() && ours == url && url::Url::parse(value).is_err() {
        return Some("ada-uts46-setter(§3.3 domain to ASCII; UTS46 §4, rust-url agrees)");
    }
    if (which == 4 || which == 5) && !decoded.is_ascii() {
        if let Ok(mut u) = url::Url::parse(url) {
            let _ = if which == 4 {
                url::quirks::set_host(&mut u, value)
            } else {
                url::quirks::set_hostname(&mut u, value)
            };
            if u.as_str() == ours {
                return Some("ada-uts46-setter(§3.3 domain to ASCII; UTS46 §4, rust-url agrees)");
            }
        }
        // rust-url's setters differ on their own for file URLs, and it rejects some URLs
        // (ASCII `xn--` hosts): judge the host alone then: the setter left the URL unchanged
        // and the `idna` crate rejects the host too.
        let host = decoded
            .split(['/', '?', '#', '\\', ':'])
            .next()
            .unwrap_or_default()
            .replace(['\t', '\n', '\r'], "");
        let idna_rejects =
            idna::domain_to_ascii_cow(host.as_bytes(), idna::AsciiDenyList::URL).is_err();
        if ours == url && idna_rejects {
            return Some("ada-uts46-setter(§3.3 domain to ASCII; UTS46 §4, the idna crate agrees)");
        }
    }
    None
}

fn log_mode() -> bool {
    std::env::var_os("MICROURL_DIFF_LOG").is_some()
}

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let which = first as usize % NAMES.len();
    let (url_s, value) = common::split(rest);
    let value = value.unwrap_or_default();
    let name = NAMES[which];

    let mut arena = vec![0u8; 0];
    let needed = match Url::parse(&url_s, &mut arena) {
        Ok(_) => 0,
        Err(Error::ArenaTooSmall { needed }) => needed,
        Err(_) => return,
    };
    let mut arena = vec![0u8; needed];
    let Ok(url) = Url::parse(&url_s, &mut arena) else {
        return;
    };

    let mut out: Vec<u8> = Vec::new();
    let result = match apply(&url, which, &value, &mut out) {
        Ok(u) => Ok(Parts::of(&u)),
        Err(Error::ArenaTooSmall { needed }) => {
            out = vec![0u8; needed];
            match apply(&url, which, &value, &mut out).map(|u| Parts::of(&u)) {
                Ok(p) => Ok(p),
                // href = parse: too small may be reported before invalidity is known.
                Err(e @ Error::Parse(_)) if which == 0 => Err(e),
                Err(e) => panic!(
                    "{url_s:?}.{name} = {value:?}: ArenaTooSmall {{ needed: {needed} }}, then {e:?}"
                ),
            }
        }
        Err(e) => Err(e),
    };

    // `needed` suffices: at an arena size taken from the input, the same result or
    // `ArenaTooSmall { needed }`, and that `needed` suffices at once.
    let odd_size = value.len().wrapping_mul(usize::from(first)) % 256;
    let mut odd = vec![0u8; odd_size];
    if let Err(Error::ArenaTooSmall { needed }) = apply(&url, which, &value, &mut odd) {
        assert!(
            needed > odd_size,
            "{url_s:?}.{name} = {value:?}: {needed} <= {odd_size}"
        );
        let mut again = vec![0u8; needed];
        match (
            apply(&url, which, &value, &mut again).map(|u| Parts::of(&u)),
            &result,
        ) {
            (Ok(a), Ok(b)) => assert_eq!(&a, b, "{url_s:?}.{name} = {value:?}"),
            (Err(a @ Error::Parse(_)), Err(b @ Error::Parse(_))) => {
                assert_eq!(
                    &a, b,
                    "{url_s:?}.{name} = {value:?}: arena {odd_size}, then {needed}"
                );
            }
            (a, b) => panic!(
                "{url_s:?}.{name} = {value:?}: arena {odd_size} asks {needed}, which gives {a:?}, not {b:?}"
            ),
        }
    }

    // Differential: ada's setter on the same URL gives the same href (when ada parses the
    // URL to the same href; the parse differential covers the rest).
    if let Ok(mut a) = ada_url::Url::parse(url_s.as_str(), None)
        && a.href() == url.as_str()
    {
        ada_apply(&mut a, which, &value);
        let ours = match &result {
            Ok(p) => p.href.as_str(),
            Err(_) => url.as_str(), // href setter failure: unchanged (JS throws)
        };
        if a.href() != ours {
            let class = ada_allow(url.as_str(), which, &value, ours, a.href());
            let line = format!(
                "url={:?} setter={name} value={:?} ours={:?} ada={:?}",
                url.as_str(),
                value,
                ours,
                a.href()
            );
            match (class, log_mode()) {
                (Some(c), true) => {
                    if std::env::var_os("MICROURL_DIFF_LOG").is_some_and(|v| v == "all") {
                        eprintln!("DIFF {c} {line}")
                    }
                }
                (Some(_), false) => {}
                (None, true) => eprintln!("DIFF UNCLASSIFIED {line}"),
                (None, false) => panic!("unexplained setter disagreement: {line}"),
            }
        }
    }

    if let Ok(p) = &result {
        match parse_owned(&p.href, None) {
            Ok(q) => assert_eq!(&q, p, "{url_s:?}.{name} = {value:?}: reparse differs"),
            Err(e) => panic!(
                "{url_s:?}.{name} = {value:?} gives {:?}, which fails: {e:?}",
                p.href
            ),
        }
    }
    // Only the href setter can fail with a parse error.
    if which != 0 {
        assert!(
            !matches!(result, Err(Error::Parse(_))),
            "{url_s:?}.{name} = {value:?}: {result:?}"
        );
    }

    // UrlBuf<512>: the same outcome as the arena API with 512 bytes (its setters build the
    // result in N bytes); unchanged on failure.
    const N: usize = 512;
    let mut small = vec![0u8; N];
    let with_n = apply(&url, which, &value, &mut small).map(|u| Parts::of(&u));
    match (&with_n, &result) {
        (Ok(a), Ok(b)) => assert_eq!(a, b, "{url_s:?}.{name} = {value:?}: 512-byte arena differs"),
        (Err(Error::ArenaTooSmall { .. }), _) => {}
        // The same failure at the same byte (regressions::error_kind_does_not_depend_on_arena_size).
        (Err(a), Err(b)) => assert_eq!(a, b, "{url_s:?}.{name} = {value:?}: 512-byte arena"),
        (a, b) => panic!("{url_s:?}.{name} = {value:?}: 512-byte arena {a:?}, exact {b:?}"),
    }
    if let Ok(mut b) = UrlBuf::<N>::parse(&url_s) {
        let before = b.as_str().to_owned();
        match (apply_buf(&mut b, which, &value), &with_n) {
            (Ok(()), Ok(p)) => {
                assert_eq!(
                    b.as_str(),
                    p.href,
                    "{url_s:?}.{name} = {value:?}: UrlBuf differs"
                );
                assert_eq!(&Parts::of(&b.as_url()), p);
            }
            (Err(e), Err(f)) if which == 0 || matches!(e, Error::ArenaTooSmall { .. }) => {
                let _ = f;
                assert_eq!(b.as_str(), before, "failed UrlBuf setter changed the URL")
            }
            // The arena API may return a result that borrows `value` (href setter, canonical
            // input) and so fits any arena; a `UrlBuf<N>` must hold the href itself.
            (Err(Error::ArenaTooSmall { needed }), Ok(p)) if p.href.len() > N => {
                assert!(
                    needed >= p.href.len(),
                    "UrlBuf needed {needed} < {}",
                    p.href.len()
                );
                assert_eq!(b.as_str(), before, "failed UrlBuf setter changed the URL")
            }
            (a, r) => panic!("{url_s:?}.{name} = {value:?}: UrlBuf {a:?}, 512-byte arena {r:?}"),
        }
    }
});
