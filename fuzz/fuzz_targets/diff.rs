//! The differential driver shared by `differential_url` and `differential_ada`.
//!
//! Both sides parse `input` (against `base`, if any); success/failure and `href` must agree.
//! A disagreement is either explained by an entry of the caller's allowlist (a documented
//! non-conformance of the other side, with the spec section that decides it) or a failure.
//!
//! With `MICROURL_DIFF_LOG=1` in the environment, unexplained disagreements are printed (one
//! line each, `DIFF UNCLASSIFIED ...`) instead of aborting; with `MICROURL_DIFF_LOG=all` the
//! allowed ones too (`DIFF <class> ...`). That is how the allowlists were triaged.
#![allow(dead_code)]

use crate::common::{Parts, idna_unavailable, parse_owned, split, with_base};

/// What the other implementation said: `Ok(href)` or `Err(())` for failure.
pub type Theirs = Result<String, ()>;

/// One disagreement, as the allowlist sees it.
pub struct Case<'a> {
    pub input: &'a str,
    pub base: Option<&'a str>,
    pub ours: &'a Result<Parts, microurl::Error>,
    pub theirs: &'a Theirs,
}

/// An allowlist: the class name (with its spec section) of a known difference, or `None`.
pub type Allow = fn(&Case<'_>) -> Option<&'static str>;

fn log_mode() -> bool {
    use std::sync::OnceLock;
    static LOG: OnceLock<bool> = OnceLock::new();
    *LOG.get_or_init(|| std::env::var_os("MICROURL_DIFF_LOG").is_some())
}

fn escape(s: &str) -> String {
    s.escape_debug().to_string()
}

/// Runs one comparison; returns the input, base and our parts when both sides succeeded and
/// agree on `href` (for component checks by the caller).
pub fn run(
    data: &[u8],
    theirs: impl Fn(&str, Option<&str>) -> Theirs,
    allow: Allow,
) -> Option<(String, Option<String>, Parts)> {
    let (input, base) = split(data);
    // A base the two sides disagree on is judged on its own (as an input without a base):
    // its class explains every disagreement that follows from it.
    if let Some(b) = base.as_deref() {
        let b_data = b.as_bytes().to_vec();
        let mut b_data = b_data;
        b_data.retain(|&x| x != crate::common::SEP);
        let ours_b = parse_owned(b, None);
        if idna_unavailable(&ours_b) {
            return None;
        }
        let theirs_b = theirs(b, None);
        let agree = match (&ours_b, &theirs_b) {
            (Ok(p), Ok(h)) => &p.href == h,
            (Err(_), Err(())) => true,
            _ => false,
        };
        if !agree {
            run(&b_data, theirs, allow);
            return None;
        }
    }
    let their = theirs(&input, base.as_deref());
    let ours = with_base(base.as_deref(), |b| parse_owned(&input, b));
    let ours = match ours {
        Some(r) => r,
        // Our base failed to parse.
        None => {
            let base_result = parse_owned(base.as_deref().unwrap_or(""), None);
            if idna_unavailable(&base_result) {
                return None;
            }
            Err(base_result.err().unwrap_or(microurl::Error::InputTooLong))
        }
    };
    if idna_unavailable(&ours) {
        return None;
    }
    let agree = match (&ours, &their) {
        (Ok(p), Ok(h)) => &p.href == h,
        (Err(_), Err(())) => true,
        _ => false,
    };
    if agree {
        return ours.ok().map(|p| (input, base, p));
    }
    let case = Case {
        input: &input,
        base: base.as_deref(),
        ours: &ours,
        theirs: &their,
    };
    let class = allow(&case);
    let ours_s = match &ours {
        Ok(p) => format!("ok {}", escape(&p.href)),
        Err(e) => format!("err {e:?}"),
    };
    let theirs_s = match &their {
        Ok(h) => format!("ok {}", escape(h)),
        Err(()) => "err".to_string(),
    };
    // The base escaped once, as the input is (`{:?}` of the escaped text doubled every `\`).
    let base_s = match base.as_deref() {
        Some(b) => format!("Some(\"{}\")", escape(b)),
        None => "None".to_string(),
    };
    let line = format!(
        "input=\"{}\" base={base_s} ours=[{}] theirs=[{}]",
        escape(&input),
        ours_s,
        theirs_s
    );
    match class {
        Some(c) => {
            if log_mode() && std::env::var_os("MICROURL_DIFF_LOG").is_some_and(|v| v == "all") {
                eprintln!("DIFF {c} {line}");
            }
        }
        None => {
            if log_mode() {
                eprintln!("DIFF UNCLASSIFIED {line}");
            } else {
                panic!("unexplained disagreement: {line}");
            }
        }
    }
    None
}

// ---- Helpers for the allowlists ----

/// Classes both differential targets allow: where this crate follows the current spec text
/// and the other parser an older one.
pub fn shared_class(c: &Case<'_>) -> Option<&'static str> {
    // §3.3 "domain to ASCII" step 4 (beStrict false): an ASCII domain is only lowercased,
    // whatever ToASCII says about its `xn--` labels (rust-url runs UTS46 on them and fails
    // or maps instead).
    if mentions_xn(c) && c.ours.is_ok() {
        return Some("xn-ascii-domain(§3.3 domain to ASCII step 4)");
    }
    // §4.4 opaque path state: a space followed by `?` or `#` is written as `%20`
    // (whatwg/url#844, 2025); rust-url 2.5.8 keeps the space.
    if opaque_path_space_only(c) {
        return Some("opaque-path-space(§4.4 opaque path state)");
    }
    None
}

/// The ASCII-lowercased input and base, joined (for substring tests).
pub fn lower(c: &Case<'_>) -> String {
    let mut s = c.input.to_ascii_lowercase();
    if let Some(b) = c.base {
        s.push('\u{1}');
        s.push_str(&b.to_ascii_lowercase());
    }
    s
}

/// Our result has an ASCII host with a label starting with `xn--` (or, on failure, the input
/// or base mentions `xn--`).
pub fn mentions_xn(c: &Case<'_>) -> bool {
    match c.ours {
        Ok(p) => p.hostname.split('.').any(|l| l.starts_with("xn--")),
        Err(_) => lower(c).contains("xn--"),
    }
}

/// Whether the input's scheme (or, for a relative input, the base's) is `file`, or our
/// result is a file URL.
pub fn involves_file(c: &Case<'_>) -> bool {
    let scheme = input_scheme(c.input).or_else(|| c.base.and_then(input_scheme));
    scheme.as_deref() == Some("file:") || matches!(c.ours, Ok(p) if p.protocol == "file:")
}

/// Whether `ours` differs from `theirs` only by opaque-path spaces before `?`/`#` written as
/// `%20` (this spec version) rather than as a space (before whatwg/url#844).
pub fn opaque_path_space_only(c: &Case<'_>) -> bool {
    let (Ok(p), Ok(h)) = (c.ours, c.theirs) else {
        return false;
    };
    // An opaque path: no host and the path does not start with '/'.
    if !p.host.is_empty() || p.pathname.starts_with('/') || !p.pathname.ends_with("%20") {
        return false;
    }
    let prefix_len = p.protocol.len() + p.pathname.len() - 3;
    let mut fixed = String::with_capacity(p.href.len());
    fixed.push_str(&p.href[..prefix_len]);
    fixed.push(' ');
    fixed.push_str(&p.href[prefix_len + 3..]);
    &fixed == h || p.href[..prefix_len].to_string() + &p.href[prefix_len + 3..] == *h
}

/// Whether our host is (an IPv4 address or) a domain whose labels are all ASCII digits or
/// hex-like numbers: the IPv4 parser decided.
pub fn ipv4ish(c: &Case<'_>) -> bool {
    let l = lower(c);
    l.bytes().any(|b| b.is_ascii_digit())
}

/// Whether the scheme of `href` (or of the base for a relative input) is special.
pub fn special_scheme(scheme: &str) -> bool {
    matches!(
        scheme,
        "http:" | "https:" | "ws:" | "wss:" | "ftp:" | "file:"
    )
}

/// Ours differs from theirs only by `^` in the path, which this spec's path percent-encode
/// set (§1.3) encodes as `%5E` (whatwg/url#846, 2025).
pub fn caret_in_path_only(c: &Case<'_>) -> bool {
    let (Ok(p), Ok(h)) = (c.ours, c.theirs) else {
        return false;
    };
    p.href.contains("%5E") && p.href.replace("%5E", "^") == h.replace("%5E", "^")
}

/// A non-special URL (ours) and a `\` in the input: `\` is a separator only in special URLs
/// (§4.4 relative state, relative slash state, path start state, path state).
pub fn nonspecial_backslash(c: &Case<'_>) -> bool {
    let special = match c.ours {
        Ok(p) => special_scheme(&p.protocol),
        Err(_) => input_scheme(c.input)
            .or_else(|| c.base.and_then(input_scheme))
            .is_some_and(|s| special_scheme(&s)),
    };
    !special && (c.input.contains('\\') || c.base.is_some_and(|b| b.contains('\\')))
}

/// The lowercased scheme (with `:`) that `s` starts with, if any (after C0/space trimming and
/// tab/newline removal).
pub fn input_scheme(s: &str) -> Option<String> {
    let s: String = s
        .trim_matches(|ch: char| ch <= ' ')
        .chars()
        .filter(|ch| !matches!(ch, '\t' | '\n' | '\r'))
        .collect();
    let end = s.find(':')?;
    let scheme = &s[..end];
    let mut bytes = scheme.bytes();
    let ok = bytes.next().is_some_and(|b| b.is_ascii_alphabetic())
        && bytes.all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'));
    ok.then(|| format!("{}:", scheme.to_ascii_lowercase()))
}

/// Three or more leading slashes/backslashes against a special base, which rust-url rejects:
/// §4.4 relative slash state → special authority ignore slashes state skips them all.
pub fn many_slashes_special_base(c: &Case<'_>) -> bool {
    let Some(b) = c.base else { return false };
    // As the parser sees it: leading C0/space trimmed, tabs and newlines removed.
    let b: String = b
        .trim_start_matches(|ch: char| ch <= ' ')
        .chars()
        .filter(|ch| !matches!(ch, '\t' | '\n' | '\r'))
        .collect::<String>()
        .to_ascii_lowercase();
    let special_base = ["http:", "https:", "ws:", "wss:", "ftp:"]
        .iter()
        .any(|s| b.starts_with(s));
    let t = c.input.trim_start_matches(|ch: char| ch <= ' ');
    special_base
        && c.ours.is_ok()
        && t.chars()
            .filter(|ch| !matches!(ch, '\t' | '\n' | '\r'))
            .take(3)
            .filter(|ch| matches!(ch, '/' | '\\'))
            .count()
            == 3
}

/// We fail domain to ASCII and the other side succeeds with a host that has an `xn--` label
/// whose Punycode decodes to a label that itself starts with `xn--`: UTS46 §4.1 validity
/// criteria ("If not CheckHyphens, the label must not begin with `xn--`"), which §4 step 4
/// applies to decoded labels.
pub fn xn_label_decoding_to_xn(c: &Case<'_>) -> bool {
    let (Err(microurl::Error::Parse(e)), Ok(h)) = (c.ours, c.theirs) else {
        return false;
    };
    if e.kind != microurl::ParseErrorKind::DomainToAscii {
        return false;
    }
    let Some(host) = url::Url::parse(h)
        .ok()
        .and_then(|u| u.host_str().map(str::to_owned))
    else {
        return false;
    };
    host.split('.').any(|label| {
        label
            .strip_prefix("xn--")
            .and_then(idna::punycode::decode_to_string)
            .is_some_and(|decoded| decoded.starts_with("xn--"))
    })
}

/// `..` with a non-file URL whose path has a segment like a Windows drive letter: only file
/// URLs keep a normalized drive letter (§4.1 shorten a URL's path, step 3).
pub fn drive_letter_non_file(c: &Case<'_>) -> bool {
    let Ok(p) = c.ours else { return false };
    let has_drive = |s: &str| {
        // As the parser sees it: leading and trailing C0 controls and spaces trimmed, tabs
        // and newlines removed.
        let s: String = s
            .trim_matches(|ch: char| ch <= ' ')
            .chars()
            .filter(|ch| !matches!(ch, '\t' | '\n' | '\r'))
            .collect();
        let is_drive = |seg: &str| {
            let b = seg.as_bytes();
            b.len() == 2 && b[0].is_ascii_alphabetic() && matches!(b[1], b':' | b'|')
        };
        // A path right after `scheme:` (`http:a:/..` against an http base) starts with a
        // segment that `/` does not separate from the scheme.
        let after_scheme = s.split_once(':').map_or("", |(_, rest)| rest);
        s.split(['/', '\\']).any(is_drive)
            || after_scheme.split(['/', '\\']).next().is_some_and(is_drive)
    };
    p.protocol != "file:" && (has_drive(c.input) || c.base.is_some_and(has_drive))
}

/// A non-ASCII code point of the input or base, or of a label the other side kept as `xn--`,
/// that UTS46 here (Unicode 17 IdnaMappingTable, unassigned = disallowed, UTS46 §5) rejects
/// alone and the `idna` crate 1.1.0 accepts (it treats unassigned code points as valid; its
/// Unicode version is older). rust-url uses it.
pub fn idna_crate_code_point_status(c: &Case<'_>) -> bool {
    let mut out = [0u8; 256];
    // The code points of the input and base, and those that the other side's `xn--` labels
    // decode to (an `xn--` label in the input can carry an unassigned code point too).
    let decoded: String = match c.theirs {
        Ok(h) => url::Url::parse(h)
            .ok()
            .and_then(|u| u.host_str().map(str::to_owned))
            .unwrap_or_default()
            .split('.')
            .filter_map(|l| {
                l.strip_prefix("xn--")
                    .and_then(idna::punycode::decode_to_string)
            })
            .collect(),
        Err(()) => String::new(),
    };
    let all = c
        .input
        .chars()
        .chain(c.base.unwrap_or("").chars())
        .chain(decoded.chars());
    all.filter(|ch| !ch.is_ascii()).any(|ch| {
        let label = format!("a{ch}");
        let ours = microurl::idna::domain_to_ascii(&label, false, &mut out).is_ok();
        let theirs = idna::domain_to_ascii_cow(label.as_bytes(), idna::AsciiDenyList::URL).is_ok();
        ours != theirs
    })
}
