//! The offset invariants of [`Url`].

use crate::host::HostKind;
use crate::scheme::SchemeType;
use crate::url::Url;

/// Checks that every offset of `url` has its documented meaning.
pub(crate) fn check(url: &Url<'_>) -> Result<(), &'static str> {
    let s = url.as_str().as_bytes();
    let len = s.len() as u32;
    let [scheme_end, username_end, host_start, host_end, path_start] = url.offsets();
    let (query, fragment) = url.query_fragment_offsets();
    if !url.as_str().is_ascii() {
        return Err("serialization is not ASCII");
    }
    if s.get(scheme_end as usize) != Some(&b':') || scheme_end == 0 {
        return Err("scheme_end is not at ':'");
    }
    if url.scheme_type() != SchemeType::from_lowercase(&s[..scheme_end as usize]) {
        return Err("scheme type is not the scheme's");
    }
    if !s[..scheme_end as usize]
        .iter()
        .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b"+-.".contains(b))
    {
        return Err("scheme is not lowercase scheme characters");
    }
    let ordered = scheme_end < username_end
        && username_end <= host_start
        && host_start <= host_end
        && host_end <= path_start
        && path_start <= query.unwrap_or(len)
        && query.unwrap_or(0) <= fragment.unwrap_or(len)
        && fragment.unwrap_or(0) <= len;
    if !ordered {
        return Err("offsets out of order");
    }
    if query.is_some_and(|q| s[q as usize] != b'?') {
        return Err("query_start is not at '?'");
    }
    if fragment.is_some_and(|f| s[f as usize] != b'#') {
        return Err("fragment_start is not at '#'");
    }
    if url.host_kind() == HostKind::None {
        if username_end != scheme_end + 1 || host_start != host_end || host_end != username_end {
            return Err("URL without host has non-empty authority offsets");
        }
        let gap = &s[host_end as usize..path_start as usize];
        if !(gap.is_empty() || gap == b"/.") {
            return Err("only `/.` may separate scheme and path without host");
        }
        if url.port().is_some() {
            return Err("port without host");
        }
    } else {
        if &s[scheme_end as usize + 1..scheme_end as usize + 3] != b"//" {
            return Err("host without '//'");
        }
        if host_start > username_end && s[host_start as usize - 1] != b'@' {
            return Err("credentials not followed by '@'");
        }
        let port_text = &s[host_end as usize..path_start as usize];
        match url.port() {
            None if !port_text.is_empty() => return Err("text between host and path"),
            Some(_) if port_text.first() != Some(&b':') => return Err("port without ':'"),
            _ => {}
        }
        if (url.host_kind() == HostKind::Empty) != (host_start == host_end) {
            return Err("empty host kind and host length disagree");
        }
    }
    if !url.path().is_empty() && !url.has_opaque_path() && !url.path().starts_with('/') {
        return Err("list path does not start with '/'");
    }
    if url.is_special() && !url.path().starts_with('/') {
        return Err("special URL path does not start with '/'");
    }
    Ok(())
}
