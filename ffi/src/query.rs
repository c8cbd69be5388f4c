//! Query parameters for C: the pairs of Rust's `Url::query_pairs_raw` (`&`-separated, empty
//! sequences skipped, split at the first `=`), as spans into the URL's buffer, still
//! percent-encoded, with no `+` rule; and the value of a pair found by its decoded name.
//! Nothing is kept between calls: each walks the query from its start.

use crate::io::{self, Fail, Region};
use crate::{in_href, microurl_result, microurl_span, microurl_url, span, view, NO_SPAN};
use core::ffi::c_char;

/// One pair of a URL's query (`microurl_query_pair_at`): two spans into the URL's buffer,
/// each `ptr` not NULL (an empty name or value points into the buffer too, with `len` 0).
/// Both are the bytes as the URL holds them, percent-encoded, `+` kept as `+` (not a space:
/// this is no `application/x-www-form-urlencoded` decoding); decode either with
/// `microurl_percent_decode`, or with `microurl_form_decode` for a form-style query, where
/// `+` is a space.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct microurl_query_pair {
    /// The name: the bytes of the `&`-separated sequence before its first `=` (the whole
    /// sequence when it has no `=`); never holds `=` or `&`, may be empty (`?=v`).
    pub name: microurl_span,
    /// The value: the bytes after the sequence's first `=`, up to the next `&` or the end of
    /// the query; never holds `&`, may hold `=` (`?x=a=b` gives `a=b`); empty when the
    /// sequence has no `=` (`?flag`) or ends with it (`?flag=`).
    pub value: microurl_span,
}

/// The number of pairs of the URL's query into `*count`: its `&`-separated sequences, empty
/// ones skipped (`?a=1&&b` has 2); 0 for a URL without a query or with an empty one
/// (`http://h/`, `http://h/?`). The fragment is never part of the query. Read the pairs with
/// `microurl_query_pair_at`. `count` NULL, misaligned, or over `*url` or its buffer:
/// `MICROURL_INVALID_ARGUMENT`; `*count` is written only on success.
#[no_mangle]
pub extern "C" fn microurl_query_pair_count(
    url: *const microurl_url,
    count: *mut usize,
) -> microurl_result {
    io::run(|| {
        view(url, |u| {
            let n = u.query_pairs_raw().count();
            io::write_value_apart(count, n, url, u.as_str())?;
            Ok(0)
        })
    })
}

/// Pair `index` of the URL's query (0 to count - 1, in the order of the query; see
/// `microurl_query_pair_count`) into `*pair`: its name and value as spans into the URL's
/// buffer, percent-encoded as in the URL (`microurl_query_pair`; decode them with
/// `microurl_percent_decode`, where `+` stays `+`). `coap://h/cfg?mode=eco&flag` gives
/// (`mode`, `eco`) at 0 and (`flag`, an empty value) at 1. Each call walks the query from its
/// start: no state to keep. An `index` past the last pair: `MICROURL_INVALID_ARGUMENT`, and
/// so is a `pair` NULL, misaligned, or over `*url` or its buffer; `*pair` is written only on
/// success.
#[no_mangle]
pub extern "C" fn microurl_query_pair_at(
    url: *const microurl_url,
    index: usize,
    pair: *mut microurl_query_pair,
) -> microurl_result {
    io::run(|| {
        view(url, |u| {
            let href = u.as_str();
            let (name, value) = u.query_pairs_raw().nth(index).ok_or(Fail::Argument)?;
            let p = microurl_query_pair {
                name: span(in_href(href, name.as_str())),
                value: span(in_href(href, value.as_str())),
            };
            io::write_value_apart(pair, p, url, href)?;
            Ok(0)
        })
    })
}

/// The value of the first pair of the URL's query whose name, percent-decoded (`%XX` is one
/// byte, a `%` that starts no escape stays; no `+` rule: `+` is not a space), is the bytes
/// `name[0..name_len]` (compared as they are, not decoded, any bytes): `MICROURL_OK` and its
/// value into `*value`, a span into the URL's buffer, percent-encoded as in the URL (decode
/// it with `microurl_percent_decode`), never holding `&`; its `ptr` is not NULL even for an
/// empty value (`?flag`, `?flag=`). No such pair (or no query): `MICROURL_OK` with
/// `value->ptr` NULL and `value->len` 0, as `microurl_query` gives for a URL without a query.
/// `?a%62c=1` is found by the name `abc`; `?a=1&a=2` gives `1`.
///
/// `name` NULL only with `name_len` 0 (the empty name, of `?=v`). `value` NULL, misaligned,
/// or overlapping `*url`, its buffer or `name[0..name_len]`: `MICROURL_INVALID_ARGUMENT`;
/// `*value` is written only on `MICROURL_OK`.
#[no_mangle]
pub extern "C" fn microurl_query_get(
    url: *const microurl_url,
    name: *const c_char,
    name_len: usize,
    value: *mut microurl_span,
) -> microurl_result {
    io::run(|| {
        view(url, |u| {
            let href = u.as_str();
            let [href_r, url_r] = io::url_inputs(url, href);
            let value_r = Region::of(value, core::mem::size_of::<microurl_span>());
            io::disjoint(value_r, &[href_r, url_r, Region::of(name, name_len)])?;
            let wanted = io::bytes(name, name_len)?;
            let found = u.query_pairs_raw().find(|(n, _)| {
                mu::percent::decode(n.as_str().as_bytes()).eq(wanted.iter().copied())
            });
            let s = found.map_or(NO_SPAN, |(_, v)| span(in_href(href, v.as_str())));
            io::write_value(value, s)?;
            Ok(0)
        })
    })
}
