//! UTS46 conformance: every line of the vendored `IdnaTestV2.txt` (Unicode 17.0.0), all
//! three columns (toUnicode, toAsciiN, toAsciiT), read as its header says.
#![cfg(feature = "idna")]

use microurl::idna::{Uts46Options, to_ascii, to_unicode};

const DATA: &str = include_str!("data/unicode/IdnaTestV2.txt");

/// Undoes the file's `\uXXXX` and `\x{XXXX}` escapes. A lone surrogate cannot be in a
/// `&str`; it becomes U+FFFD, as in a JavaScript USVString (the header allows U+FFFD).
fn unescape(s: &str) -> Option<String> {
    let mut out = String::new();
    let mut rest = s;
    while let Some(i) = rest.find('\\') {
        out.push_str(&rest[..i]);
        let tail = &rest[i..];
        let (hex, len) = if let Some(t) = tail.strip_prefix("\\x{") {
            let end = t.find('}').expect("closing brace");
            (&t[..end], 4 + end)
        } else if tail.starts_with("\\u") {
            (&tail[2..6], 6)
        } else {
            out.push('\\');
            rest = &tail[1..];
            continue;
        };
        let cp = u32::from_str_radix(hex, 16).expect("hex");
        out.push(char::from_u32(cp).unwrap_or(char::REPLACEMENT_CHARACTER));
        rest = &tail[len..];
    }
    out.push_str(rest);
    Some(out)
}

fn value(field: &str, blank: &str) -> Option<String> {
    match field {
        "" => Some(blank.to_owned()),
        "\"\"" => Some(String::new()),
        f => unescape(f),
    }
}

fn statuses(field: &str, blank: &[String]) -> Vec<String> {
    if field.is_empty() {
        return blank.to_vec();
    }
    let inner = field.trim_start_matches('[').trim_end_matches(']');
    inner
        .split(',')
        .map(|s| s.trim().to_owned())
        .filter(|s| !s.is_empty())
        .collect()
}

/// One line of the file, with blanks resolved as the header says.
struct Case {
    line: usize,
    source: String,
    to_unicode: String,
    to_unicode_status: Vec<String>,
    to_ascii_n: String,
    to_ascii_n_status: Vec<String>,
    to_ascii_t: String,
    to_ascii_t_status: Vec<String>,
}

/// All test lines; the second value counts lines that could not be parsed (none).
fn cases() -> (Vec<Case>, usize) {
    let mut cases = Vec::new();
    let mut skipped = 0;
    for (n, line) in DATA.lines().enumerate() {
        let data = line.split('#').next().unwrap_or("");
        if data.trim().is_empty() {
            continue;
        }
        let f: Vec<&str> = data.split(';').map(str::trim).collect();
        assert_eq!(f.len(), 7, "line {}", n + 1);
        let parsed = (|| {
            let source = value(f[0], "")?;
            let to_unicode = value(f[1], &source)?;
            let tu_status = statuses(f[2], &[]);
            let to_ascii_n = value(f[3], &to_unicode)?;
            let an_status = statuses(f[4], &tu_status);
            let to_ascii_t = value(f[5], &to_ascii_n)?;
            let at_status = statuses(f[6], &an_status);
            Some(Case {
                line: n + 1,
                source,
                to_unicode,
                to_unicode_status: tu_status,
                to_ascii_n,
                to_ascii_n_status: an_status,
                to_ascii_t,
                to_ascii_t_status: at_status,
            })
        })();
        match parsed {
            Some(c) => cases.push(c),
            None => skipped += 1,
        }
    }
    (cases, skipped)
}

fn run_ascii(source: &str, options: Uts46Options) -> Result<String, String> {
    let mut out = vec![0u8; 16 * source.len() + 64];
    match to_ascii(source, options, &mut out) {
        Ok(n) => Ok(String::from_utf8(out[..n].to_vec()).unwrap()),
        Err(e) => Err(format!("{e:?}")),
    }
}

fn run_unicode(source: &str, options: Uts46Options) -> (String, bool) {
    let mut out = vec![0u8; 16 * source.len() + 64];
    let (n, error) = to_unicode(source, options, &mut out).expect("buffer is large enough");
    (String::from_utf8(out[..n].to_vec()).unwrap(), error)
}

/// Compares one ToASCII column; with errors expected only the failure is checked (the
/// header: "need only record that there is an error"; ToASCII returns no string then).
/// ToUnicode output is compared on every line, errors or not.
fn check_ascii(
    got: Result<String, String>,
    expected: &str,
    status: &[String],
) -> Result<(), String> {
    match (got, status.is_empty()) {
        (Ok(s), true) if s == expected => Ok(()),
        (Err(_), false) => Ok(()),
        (got, _) => Err(format!("got {got:?}, expected {expected:?} {status:?}")),
    }
}

/// Status codes that remain relevant once the flags in `ignored` are off.
fn relevant(status: &[String], ignored: &[&str]) -> Vec<String> {
    status
        .iter()
        .filter(|s| !ignored.iter().any(|i| s.starts_with(i)))
        .cloned()
        .collect()
}

fn run_all(options: Uts46Options, ignored: &[&str]) -> (usize, Vec<String>) {
    let (cases, skipped) = cases();
    println!("{} cases, {skipped} unparsable", cases.len());
    assert_eq!(skipped, 0);
    let mut failures = Vec::new();
    let mut passed = 0;
    let transitional = Uts46Options {
        transitional_processing: true,
        ..options
    };
    for c in &cases {
        let tu_status = relevant(&c.to_unicode_status, ignored);
        let (uni, uni_error) = run_unicode(&c.source, options);
        let column_u = if uni_error == tu_status.is_empty() {
            Err(format!(
                "error recorded: {uni_error}, expected {tu_status:?} ({uni:?})"
            ))
        } else if uni != c.to_unicode {
            Err(format!("got {uni:?}, expected {:?}", c.to_unicode))
        } else {
            Ok(())
        };
        let column_n = check_ascii(
            run_ascii(&c.source, options),
            &c.to_ascii_n,
            &relevant(&c.to_ascii_n_status, ignored),
        );
        let column_t = check_ascii(
            run_ascii(&c.source, transitional),
            &c.to_ascii_t,
            &relevant(&c.to_ascii_t_status, ignored),
        );
        for (name, r) in [
            ("toUnicode", column_u),
            ("toAsciiN", column_n),
            ("toAsciiT", column_t),
        ] {
            match r {
                Ok(()) => passed += 1,
                Err(e) => failures.push(format!("line {} {:?} {name}: {e}", c.line, c.source)),
            }
        }
    }
    (passed, failures)
}

fn report(passed: usize, failures: &[String]) {
    for f in failures.iter().take(40) {
        println!("{f}");
    }
    println!("{passed} passed, {} failed", failures.len());
}

#[test]
fn idna_test_v2_all_flags_on() {
    let (passed, failures) = run_all(Uts46Options::STRICT, &[]);
    report(passed, &failures);
    assert!(passed > 18_000);
    assert!(failures.is_empty());
}

/// The URL Standard's flags (beStrict = false): the codes of the flags that are off are
/// ignored, as the header says.
#[test]
fn idna_test_v2_url_flags() {
    let ignored = ["V2", "V3", "U1", "A4", "X4_2"];
    let (passed, failures) = run_all(Uts46Options::url(false), &ignored);
    report(passed, &failures);
    assert!(passed > 18_000);
    assert!(failures.is_empty());
}
