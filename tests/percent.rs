//! WPT `percent-encoding.json`, the UTF-8 expectations.
//!
//! WPT's `percent-encoding.window.js` loads a document in each listed encoding containing
//! `<a href="?{input}#{input}">` and checks `a.search == "?" + output[encoding]` and
//! `a.hash == "#" + output["utf-8"]` (fragments are always UTF-8). The document is served over
//! HTTP, so its URL is special and the query uses the special-query percent-encode set. For
//! the `utf-8` key both checks expect the same string. Other encodings (Big5, EUC-KR, ...)
//! need the Encoding Standard's legacy encoders, which this crate does not have; they are
//! counted as left out.

use microurl::Url;
use microurl::percent::{self, FRAGMENT, SPECIAL_QUERY};
use serde_json::Value;

/// The document `percent-encoding.py` serves (any http(s) URL gives the same result).
const BASE: &str = "http://web-platform.test/url/resources/percent-encoding.py?encoding=utf-8";

fn check(input: &str, want: &str) -> Result<(), String> {
    let mut base_arena = [0u8; 128];
    let base = Url::parse(BASE, &mut base_arena).map_err(|e| e.to_string())?;
    let href = format!("?{input}#{input}");
    let mut arena = vec![0u8; BASE.len() + href.len() * 9];
    let url = Url::parse_with_base(&href, Some(&base), &mut arena).map_err(|e| e.to_string())?;
    let mut problems = Vec::new();
    if url.search() != format!("?{want}") {
        problems.push(format!("search {:?}", url.search()));
    }
    if url.hash() != format!("#{want}") {
        problems.push(format!("hash {:?}", url.hash()));
    }
    // The same sets used directly, as a query and a fragment of a special URL are encoded.
    let query = percent::encode(input, &SPECIAL_QUERY).to_string();
    if query != want {
        problems.push(format!("encode(SPECIAL_QUERY) {query:?}"));
    }
    let fragment = percent::encode(input, &FRAGMENT).to_string();
    if fragment != want {
        problems.push(format!("encode(FRAGMENT) {fragment:?}"));
    }
    match problems.is_empty() {
        true => Ok(()),
        false => Err(problems.join(", ")),
    }
}

#[test]
fn wpt_percent_encoding_utf8() {
    let path = format!("{}/data/percent-encoding.json", env!("CARGO_MANIFEST_DIR"));
    let data: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let (mut passed, mut failed, mut other_encodings) = (0, 0, 0);
    for case in data.as_array().unwrap().iter().filter(|c| c.is_object()) {
        let input = case["input"].as_str().unwrap();
        let outputs = case["output"].as_object().unwrap();
        other_encodings += outputs.keys().filter(|k| *k != "utf-8").count();
        let Some(want) = outputs.get("utf-8").and_then(Value::as_str) else {
            continue;
        };
        match check(input, want) {
            Ok(()) => passed += 1,
            Err(why) => {
                failed += 1;
                println!("FAIL {input:?} -> {want:?}: {why}");
            }
        }
    }
    println!(
        "percent-encoding.json (utf-8): {passed} passed, {failed} failed, \
         {other_encodings} legacy-encoding expectations left out"
    );
    assert!(passed > 0);
    assert_eq!(failed, 0);
}

proptest::proptest! {
    /// `percent::encode` with any set, the standard's or one that holds some of a character's
    /// bytes only (some of the input's bytes, other bytes, and `%`, so that decoding is the
    /// inverse): decoding the output gives the input back, byte for byte; a character none of
    /// whose bytes is in the set is written as it is, any other with all its bytes encoded.
    #[test]
    fn encode_keeps_every_byte_with_any_set(
        input in "[a-z%\u{80}-\u{7ff}\u{800}-\u{ffff}\u{10000}-\u{10ffff} ]{0,12}",
        members in proptest::collection::vec(0u8..=255, 0..8),
        picks in proptest::collection::vec(proptest::prelude::any::<proptest::sample::Index>(), 0..4),
    ) {
        let bytes = input.as_bytes();
        let picked = picks.iter().filter(|_| !bytes.is_empty()).map(|i| bytes[i.index(bytes.len())]);
        let set = members
            .iter()
            .copied()
            .chain(picked)
            .fold(percent::EncodeSet::empty().add(b'%'), |s, b| s.add(b));
        let out = percent::encode(&input, &set).to_string();
        let decoded: Vec<u8> = percent::decode(out.as_bytes()).collect();
        proptest::prop_assert_eq!(&decoded, bytes);
        let mut want = String::new();
        for c in input.chars() {
            let mut utf8 = [0u8; 4];
            let encoded = c.encode_utf8(&mut utf8).as_bytes();
            match encoded.iter().any(|&b| set.contains(b)) {
                true => encoded.iter().for_each(|b| want.push_str(&format!("%{b:02X}"))),
                false => want.push(c),
            }
        }
        proptest::prop_assert_eq!(out, want);
    }
}
