//! Unit tests of `fast::scan_head`, the recognizer `can_parse` runs (a file of their own to
//! keep `fast_tests.rs` short).

use super::agrees;
use crate::Url;
use std::format;

/// `can_parse` stops after a canonical authority whatever follows (the path, query and
/// fragment cannot fail), and after a non-special scheme whose path cannot become an
/// authority; not where removing a tab or newline makes `//` (an authority that can
/// fail).
#[test]
fn can_parse_stops_after_the_authority() {
    let settled = |input: &str| super::super::scan_head(input).is_ok();
    for input in [
        "https://example.com/a b/%zz?\u{1}#\u{7f}",
        "http://h:8080\\x y",
        "sc://h/%%",
        "sc:x y",
        "mailto:a@b",
        "sc:",
    ] {
        assert!(settled(input), "{input:?}");
        agrees(input);
    }
    for input in [
        "sc:/\t/h:99999999/",
        "sc:\t//h:99999999/",
        "sc:\n//[::1/",
        "sc:/x",
        "sc://h:99999999/",
        "http:x",
        "http://h\t:99999/",
    ] {
        assert!(!settled(input), "{input:?}");
        agrees(input);
    }
}

/// `can_parse`'s recognizer settles a scheme, host and port that the states accept but
/// write otherwise, when the step that decides them runs in it as in the states: the scheme
/// state (any case), the IPv6 parser (any case, leading zeros, an IPv4 part), the domain's
/// ASCII steps (any case) and the IPv4 parser (any form it accepts), and the port state's
/// number (leading zeros, empty, the default). When that step fails, it
/// leaves the input to the states, which find the failure.
#[test]
fn can_parse_settles_hosts_the_states_rewrite() {
    // Settled: canonical through the authority, or up to a default port it drops.
    let settled = |input: &str| match super::super::scan_head(input) {
        Ok(_) => true,
        Err(resume) => resume.is_some_and(|r| r.has_host()),
    };
    for input in [
        "http://[FE80::0202:B3FF:FE1E:8329]:8080/x",
        "sc://[::ffff:192.168.1.1]/x",
        "sc://[0:0:0:0:0:0:0:1]:0080/",
        "http://10.1/",
        "http://0x7f.1:8080/a b",
        "https://192.168.001.010/",
        "http://2130706433:/",
        "http://a.b:080/",
        "ws://a.b:00000/",
        "HTTP://h/",
        "HtTpS://EXAMPLE.com:0443/",
        "http://0XC0A80101:8080/status",
        "SC://[::1]/",
    ] {
        assert!(settled(input), "{input:?}");
        assert!(Url::can_parse(input, None), "{input:?}");
        agrees(input);
    }
    for input in [
        "http://[::1.2.3]/",
        "sc://[1:2:3:4:5:6:7:8:9]/",
        "http://[::1:]/",
        "http://0x100000000/",
        "http://1.2.3.4.5/",
        "http://1.2.3.09/",
        "http://a.b:65536/",
        "sc://[::1]:99999/",
        "HTTP://0X100000000/",
    ] {
        assert!(!settled(input), "{input:?}");
        assert!(!Url::can_parse(input, None), "{input:?}");
        agrees(input);
    }
}

/// Generated hosts of the bytes the IPv4 and IPv6 parsers read (and a few others), with and
/// without brackets and ports, after schemes in either case: `can_parse` agrees with the
/// full parser on each.
#[test]
fn can_parse_agrees_on_address_like_hosts() {
    let alphabet: std::vec::Vec<char> = "0123456789abcfgABCFGxX.:%".chars().collect();
    let ports = ["", ":", ":0", ":080", ":8080", ":65536", ":1@h"];
    let mut generator = crate::testgen::Gen::new(11);
    for _ in 0..20_000 {
        let host = generator.string(&alphabet, 12);
        let port = ports[generator.below(ports.len())];
        for scheme in ["http", "sc", "HTTP", "Sc"] {
            agrees(&format!("{scheme}://[{host}]{port}/p"));
            agrees(&format!("{scheme}://{host}{port}/p"));
        }
    }
}
