//! Prints a URL's components as one JSON object with the WPT keys.
//!
//! ```text
//! cargo run --example urlinfo -- 'HTTPS://Example.COM/a/../b?x#y' [BASE]
//! cargo run --example urlinfo -- --jsonl < cases.jsonl   # {"input": "...", "base": "..."|null}
//! ```
use microurl::{Error, Url};
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
    loop {
        match Url::parse_with_base(input, base_url.as_ref(), &mut arena) {
            Ok(url) => return components(&url),
            Err(Error::ArenaTooSmall { needed }) => arena = vec![0u8; needed],
            Err(e) => return failure(&e.to_string()),
        }
    }
}

fn failure(error: &str) -> Value {
    json!({"failure": true, "error": error})
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
        "origin": url.origin().to_string(),
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
                Ok(req) => match req.get("input").and_then(Value::as_str) {
                    Some(input) => describe(input, req.get("base").and_then(Value::as_str)),
                    None => failure("request has no \"input\" string"),
                },
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
