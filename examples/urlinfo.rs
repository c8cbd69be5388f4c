//! Prints a URL's components as one JSON object with the WPT keys.
//!
//! ```text
//! cargo run --example urlinfo -- 'HTTPS://Example.COM/a/../b?x#y' [BASE]
//! cargo run --example urlinfo -- --jsonl < cases.jsonl   # {"input": "...", "base": "..."|null}
//! ```
//!
//! A parse also prints `"validation"`, every validation error the parser reports, in order,
//! with its byte offset in the input (`[{"error": "<spec name>", "at": N}, ...]`, those
//! before a failure included), `"valid"` (the valid-URL-string checker) and `"strict"`
//! (whether strict mode accepts the input), failures included.
//!
//! In `--jsonl` mode a line may also be a setter request,
//! `{"href": "...", "setter": "pathname", "value": "..."}`, answered with the components of
//! the URL after the setter ran, or a reference request,
//! `{"reference": "...", "base": "..."|null, "op": "parse"|"rebase"|"normalize"|"resolve"}`,
//! answered with the `href` (or `"failure": true`) and every token of the reverse
//! specification's model (`null` when absent). The reference is parsed in the base's mode;
//! `normalize` is parse, rebase, normalize (spec-url's `new URLReference(r, base).normalize()`).
use microurl::{Error, ErrorLog, Options, Reference, Reported, Url};
use serde_json::{Value, json};
use std::io::{BufRead, Write};

/// Parses `input` against `base` and returns the WPT-shaped JSON object.
fn describe(input: &str, base: Option<&str>) -> Value {
    let mut base_arena = vec![0u8; 3 * base.map_or(0, str::len) + 1024];
    let base_url = match base.map(|b| Url::parse(b, &mut base_arena)) {
        Some(Err(e)) => return failure(&format!("base: {e}")),
        Some(Ok(u)) => Some(u),
        None => None,
    };
    let mut arena = vec![0u8; 256];
    let mut slots = vec![Reported::default(); 16];
    let mut result = loop {
        let log = ErrorLog::new(&mut slots);
        let options = Options {
            errors: Some(&log),
            ..Options::default()
        };
        let mut v = match Url::parse_with(input, base_url.as_ref(), &mut arena, options) {
            Ok(url) => components(&url),
            Err(Error::ArenaTooSmall { needed }) => {
                arena = vec![0u8; needed];
                continue;
            }
            Err(e) => failure(&e.to_string()),
        };
        if log.dropped() > 0 {
            let n = log.reported();
            slots = vec![Reported::default(); n];
            continue;
        }
        let list = log
            .iter()
            .map(|r| json!({"error": r.error.name(), "at": r.at}));
        v["validation"] = json!(list.collect::<Vec<_>>());
        break v;
    };
    let strict = Url::parse_with(input, base_url.as_ref(), &mut arena, Options::STRICT);
    result["strict"] = json!(strict.is_ok());
    // Issue 19 item 4: the valid-URL-string checker, also for failures.
    result["valid"] = json!(microurl::is_valid_url_string(input, base_url.as_ref()));
    result
}

/// Runs a setter on `href` and returns the resulting components.
fn set(href: &str, setter: &str, value: &str) -> Value {
    let mut a = vec![0u8; 3 * href.len() + 64];
    let url = match Url::parse(href, &mut a) {
        Ok(u) => u,
        Err(e) => return failure(&format!("href: {e}")),
    };
    let mut size = 3 * (href.len() + value.len()) + 64;
    loop {
        let mut b = vec![0u8; size];
        let result = match setter {
            "href" => url.set_href(value, &mut b),
            "protocol" => url.set_protocol(value, &mut b),
            "username" => url.set_username(value, &mut b),
            "password" => url.set_password(value, &mut b),
            "host" => url.set_host(value, &mut b),
            "hostname" => url.set_hostname(value, &mut b),
            "port" => url.set_port(value, &mut b),
            "pathname" => url.set_pathname(value, &mut b),
            "search" => url.set_search(value, &mut b),
            "hash" => url.set_hash(value, &mut b),
            other => return failure(&format!("unknown setter {other:?}")),
        };
        match result {
            Ok(new) => return components(&new),
            Err(Error::ArenaTooSmall { needed }) => size = needed,
            Err(e) => return failure(&e.to_string()),
        }
    }
}

/// Runs `f` with an arena, once more with `needed` bytes if it was too small.
fn with_arena<T>(mut f: impl FnMut(&mut [u8]) -> Result<T, Error>) -> Result<T, Error> {
    let mut arena = vec![0u8; 256];
    match f(&mut arena) {
        Err(Error::ArenaTooSmall { needed }) => {
            arena = vec![0u8; needed];
            f(&mut arena)
        }
        r => r,
    }
}

/// Answers a reference request.
fn reference(input: &str, base: Option<&str>, op: Option<&str>) -> Value {
    let base = match base.map(Reference::parse).transpose() {
        Ok(b) => b,
        Err(e) => return failure(&format!("base: {e}")),
    };
    let r = match Reference::parse_against(input, base.as_ref()) {
        Ok(r) => r,
        Err(e) => return failure(&e.to_string()),
    };
    let result = match op.unwrap_or("parse") {
        "parse" => Ok(tokens(&r)),
        "rebase" => with_arena(|a| r.rebase(base.as_ref(), a).map(|x| tokens(&x))),
        "normalize" => {
            // The rebased reference lives in `kept`, sized from a first, empty try.
            let mut kept = Vec::new();
            if let Err(Error::ArenaTooSmall { needed }) = r.rebase(base.as_ref(), &mut []) {
                kept.resize(needed, 0);
            }
            r.rebase(base.as_ref(), &mut kept)
                .and_then(|x| with_arena(|b| x.normalize(b).map(|n| tokens(&n))))
        }
        "resolve" => with_arena(|a| {
            r.resolve(base.as_ref(), a).map(|u| {
                let mut v = components(&u);
                v["href"] = json!(u.href());
                v
            })
        }),
        other => return failure(&format!("unknown op {other:?}")),
    };
    result.unwrap_or_else(|e| failure(&e.to_string()))
}

/// The reference's href and tokens (tab, LF and CR, which parsing skips, left out).
fn tokens(r: &Reference<'_>) -> Value {
    let clean = |v: Option<&str>| v.map(|v| v.replace(['\t', '\n', '\r'], ""));
    json!({
        "href": r.to_string(),
        "scheme": clean(r.scheme()),
        "username": clean(r.username()),
        "password": clean(r.password()),
        "hostname": clean(r.hostname()),
        "port": r.port().map(|_| r.port_number().map_or(json!(""), |n| json!(n))),
        "driveletter": clean(r.driveletter()),
        "pathroot": r.pathroot(),
        "dirs": r.dirs().map(|d| d.replace(['\t', '\n', '\r'], "")).collect::<Vec<_>>(),
        "pathname": r.pathname().to_string(),
        "filename": clean(r.filename()),
        "query": clean(r.query()),
        "fragment": clean(r.fragment()),
    })
}

fn failure(error: &str) -> Value {
    json!({"failure": true, "error": error})
}

/// The origin, with an arena for a `blob:` URL whose inner host is not canonical.
fn origin(url: &Url<'_>) -> String {
    let mut size = 0;
    loop {
        match url.origin_in(&mut vec![0u8; size]) {
            Ok(o) => return o.to_string(),
            Err(Error::ArenaTooSmall { needed }) => size = needed,
            Err(e) => return format!("error: {e}"),
        }
    }
}

fn components(url: &Url<'_>) -> Value {
    json!({
        "href": url.href(),
        "protocol": url.protocol(),
        "username": url.username(),
        "password": url.password(),
        "host": url.host_with_port(),
        "hostname": url.hostname(),
        "port": url.port().map(|p| p.to_string()).unwrap_or_default(),
        "pathname": url.pathname(),
        "search": url.search(),
        "hash": url.hash(),
        "origin": origin(url),
    })
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("--jsonl") {
        let stdout = std::io::stdout();
        let mut out = stdout.lock();
        for line in std::io::stdin().lock().lines() {
            let line = line.expect("read stdin");
            if line.trim().is_empty() {
                continue;
            }
            let result = match serde_json::from_str::<Value>(&line) {
                Ok(req) => {
                    let s = |k: &str| req.get(k).and_then(Value::as_str);
                    match (s("input"), s("href"), s("setter"), s("value")) {
                        _ if s("reference").is_some() => {
                            reference(s("reference").unwrap_or(""), s("base"), s("op"))
                        }
                        (Some(input), ..) => describe(input, s("base")),
                        (None, Some(href), Some(setter), Some(value)) => set(href, setter, value),
                        _ => failure("expected {\"input\"} or {\"href\", \"setter\", \"value\"}"),
                    }
                }
                Err(e) => failure(&format!("bad JSON line: {e}")),
            };
            writeln!(out, "{result}").expect("write stdout");
        }
        return;
    }
    let Some(input) = args.first() else {
        eprintln!("usage: urlinfo URL [BASE] | urlinfo --jsonl < requests.jsonl");
        std::process::exit(2);
    };
    let result = describe(input, args.get(1).map(String::as_str));
    println!("{result}");
    if result.get("failure").is_some() {
        std::process::exit(1);
    }
}
