//! application/x-www-form-urlencoded and `SearchParams`: the WPT files `urlencoded-parser.json`
//! and `urlsearchparams-sort.json`, the spec's examples, and property tests (round trips,
//! UTF-8 decoding against `String::from_utf8_lossy`, `SearchParams` against a `Vec` model).

use microurl::Error;
use microurl::Url;
use microurl::form::{self, Decoded, SearchParams};
use proptest::prelude::*;
use serde_json::Value;

type Pairs = Vec<(String, String)>;

fn load(file: &str) -> Vec<Value> {
    let path = format!("{}/data/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let data: Value = serde_json::from_str(&text).unwrap();
    data.as_array()
        .unwrap()
        .iter()
        .filter(|v| v.is_object())
        .cloned()
        .collect()
}

fn expected_pairs(case: &Value) -> Pairs {
    case["output"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p[0].as_str().unwrap().into(), p[1].as_str().unwrap().into()))
        .collect()
}

/// Runs `check` on every case, prints `N passed, N failed` and fails on any failure.
fn run(file: &str, check: impl Fn(&Value) -> Result<(), String>) {
    let cases = load(file);
    assert!(!cases.is_empty(), "{file}: no cases");
    let (mut passed, mut failed) = (0, 0);
    for case in &cases {
        match check(case) {
            Ok(()) => passed += 1,
            Err(why) => {
                failed += 1;
                println!("FAIL {file} {}: {why}", case["input"]);
            }
        }
    }
    println!("{file}: {passed} passed, {failed} failed");
    assert_eq!(failed, 0, "{file}: {failed} failed");
}

/// Every way of reading a `Decoded` must give the same string.
fn read(d: Decoded<'_>) -> Result<String, String> {
    let shown = d.to_string();
    let chars: String = d.chars().collect();
    let mut buf = vec![0u8; d.len_utf8()];
    let written = d.decode_into(&mut buf).map_err(|e| e.to_string())?;
    if chars != shown || written != shown || d != shown.as_str() {
        return Err(format!(
            "Display {shown:?}, chars {chars:?}, decode_into {written:?}"
        ));
    }
    Ok(shown)
}

fn parse_pairs(input: &str) -> Result<Pairs, String> {
    form::parse(input)
        .map(|(n, v)| Ok((read(n)?, read(v)?)))
        .collect()
}

fn params_pairs<S: AsRef<[u8]> + AsMut<[u8]>>(params: &SearchParams<S>) -> Pairs {
    params.iter().map(|(n, v)| (n.into(), v.into())).collect()
}

fn compare(what: &str, got: &Pairs, want: &Pairs) -> Result<(), String> {
    if got == want {
        return Ok(());
    }
    Err(format!("{what}: got {got:?}, want {want:?}"))
}

/// Storage that holds anything `input` parses to: decoding never lengthens a string made of
/// valid UTF-8, and each pair adds two separators, at most one per input byte plus one.
fn storage_for(input: &str) -> Vec<u8> {
    vec![0; input.len() * 3 + 2]
}

#[test]
fn wpt_urlencoded_parser() {
    // urlencoded-parser.any.js: `new URLSearchParams(input)` gives `output`.
    run("urlencoded-parser.json", |case| {
        let input = case["input"].as_str().unwrap();
        let want = expected_pairs(case);
        compare("form::parse", &parse_pairs(input)?, &want)?;
        compare(
            "form::parse(bytes)",
            &parse_pairs_bytes(input.as_bytes())?,
            &want,
        )?;
        let params = SearchParams::parse(input, storage_for(input)).map_err(|e| e.to_string())?;
        if params.len() != want.len() {
            return Err(format!("size {} != {}", params.len(), want.len()));
        }
        compare("SearchParams", &params_pairs(&params), &want)
    });
}

fn parse_pairs_bytes(input: &[u8]) -> Result<Pairs, String> {
    form::parse(input)
        .map(|(n, v)| Ok((read(n)?, read(v)?)))
        .collect()
}

#[test]
fn wpt_urlsearchparams_sort() {
    // urlsearchparams-sort.any.js: both `new URLSearchParams(input)` and
    // `new URL("?" + input, "https://example/").searchParams`, sorted, give `output`.
    run("urlsearchparams-sort.json", |case| {
        let input = case["input"].as_str().unwrap();
        let want = expected_pairs(case);
        let mut params =
            SearchParams::parse(input, storage_for(input)).map_err(|e| e.to_string())?;
        params.sort();
        compare("URLSearchParams", &params_pairs(&params), &want)?;

        let mut base_arena = [0u8; 64];
        let base = Url::parse("https://example/", &mut base_arena).map_err(|e| e.to_string())?;
        let query_input = format!("?{input}");
        let mut arena = vec![0u8; query_input.len() * 9 + 64];
        let url = Url::parse_with_base(&query_input, Some(&base), &mut arena)
            .map_err(|e| e.to_string())?;
        let query = url.query().unwrap_or("");
        let mut params =
            SearchParams::parse(query, storage_for(query)).map_err(|e| e.to_string())?;
        params.sort();
        compare("URL.searchParams", &params_pairs(&params), &want)?;
        // The sorted list, serialized and parsed again, is still the sorted list.
        let serialized = params.to_string();
        compare("reserialized", &parse_pairs(&serialized)?, &want)
    });
}

#[test]
fn spec_example_sort_reencodes_with_form_set() {
    // https://url.spec.whatwg.org/#interface-urlsearchparams, first note: `?a=b ~` sorted.
    let mut arena = [0u8; 64];
    let url = Url::parse("https://example.com/?a=b ~", &mut arena).unwrap();
    assert_eq!(url.href(), "https://example.com/?a=b%20~");
    let mut params = SearchParams::parse(url.search(), [0u8; 32]).unwrap();
    params.sort();
    assert_eq!(params.to_string(), "a=b+%7E");
}

#[test]
fn spec_example_tilde_and_encoded_tilde_read_the_same() {
    let params = SearchParams::parse("?a=~&b=%7E", [0u8; 16]).unwrap();
    assert_eq!(params.get("a"), Some("~"));
    assert_eq!(params.get("b"), Some("~"));
}

#[test]
fn spec_example_sort_flag_emoji() {
    // https://url.spec.whatwg.org/#example-searchparams-sort
    let mut params = SearchParams::parse("?q=🏳️‍🌈&key=e1f7bc78", [0u8; 64]).unwrap();
    params.sort();
    assert_eq!(
        params.to_string(),
        "key=e1f7bc78&q=%F0%9F%8F%B3%EF%B8%8F%E2%80%8D%F0%9F%8C%88"
    );
}

#[test]
fn spec_example_form_encoding_utf8() {
    // The spec's Shift_JIS example "1+1 ≡ 2%20‽", with UTF-8 bytes for ≡ (E2 89 A1) and
    // ‽ (E2 80 BD) as the spec's own UTF-8 rows give them.
    assert_eq!(
        form::encode("1+1 ≡ 2%20‽").to_string(),
        "1%2B1+%E2%89%A1+2%2520%E2%80%BD"
    );
    let mut params = SearchParams::new([0u8; 32]);
    params.append("key", "730d67").unwrap();
    assert_eq!(params.to_string(), "key=730d67");
}

#[test]
fn form_set_leaves_only_alphanumerics_and_four_marks() {
    // https://url.spec.whatwg.org/#application-x-www-form-urlencoded-percent-encode-set note.
    for b in 0u8..0x80 {
        let s = char::from(b).to_string();
        let out = form::encode(&s).to_string();
        let kept = b.is_ascii_alphanumeric() || b"*-._".contains(&b);
        let want = match b {
            b' ' => "+".to_string(),
            _ if kept => s.clone(),
            _ => format!("%{b:02X}"),
        };
        assert_eq!(out, want, "byte {b:#04x}");
        assert_eq!(form::encode(&s).len(), want.len());
    }
}

#[test]
fn plus_is_space_but_encoded_plus_is_plus() {
    let (n, v) = form::parse("a+b=%2B+%2b").next().unwrap();
    assert_eq!(n, "a b");
    assert_eq!(v, "+ +");
}

#[test]
fn decode_into_reports_exact_size() {
    let (n, _) = form::parse("%E2%80%A0x").next().unwrap();
    assert_eq!(
        n.decode_into(&mut [0u8; 3]),
        Err(Error::ArenaTooSmall { needed: 4 })
    );
    assert_eq!(n.decode_into(&mut [0u8; 4]), Ok("†x"));
}

#[test]
fn decoded_equality_compares_decoded_text() {
    let (a, b) = (Decoded::new(b"a+b"), Decoded::new(b"a%20b"));
    assert_eq!(a, b);
    assert_ne!(a, Decoded::new(b"a+c"));
    assert!("a b" == a);
    assert_eq!(format!("{a:?}"), "\"a b\"");
    assert_eq!(
        format!("{:?}", Decoded::new(b"it's+%22q%22")),
        r#""it's \"q\"""#
    );
}

#[test]
fn long_values_display_across_chunks() {
    let raw = "%C3%BC".repeat(100);
    let (n, _) = form::parse(&raw).next().unwrap();
    assert_eq!(n.to_string(), "ü".repeat(100));
}

#[test]
fn utf8_decoding_agrees_with_lossy_on_all_short_sequences() {
    // from_utf8_lossy replaces maximal subparts, as the Encoding Standard's decoder does.
    let interesting = [
        0x00u8, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1,
        0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF4, 0xF5, 0xFF,
    ];
    let mut checked = 0;
    for &a in &interesting {
        for &b in &interesting {
            for &c in &interesting {
                for &d in &[0x41, 0x80, 0xBF, 0xC2, 0xF0] {
                    for len in 1..=4 {
                        let bytes = &[a, b, c, d][..len];
                        let raw: String = bytes.iter().map(|b| format!("%{b:02X}")).collect();
                        let (n, _) = form::parse(&raw).next().unwrap();
                        assert_eq!(
                            n.to_string(),
                            String::from_utf8_lossy(bytes),
                            "{bytes:02X?}"
                        );
                        checked += 1;
                    }
                }
            }
        }
    }
    assert_eq!(checked, 23 * 23 * 23 * 5 * 4);
}

#[test]
fn search_params_capacity_errors_leave_the_list_unchanged() {
    let mut params = SearchParams::parse("a=1&b=2&a=3", [0u8; 12]).unwrap();
    assert_eq!(params.storage_used(), 12);
    let before = params_pairs(&params);
    assert_eq!(
        params.append("c", ""),
        Err(Error::ArenaTooSmall { needed: 15 })
    );
    // set frees the second `a` (4 bytes) and the first value (1) but needs 6.
    assert_eq!(
        params.set("a", "123456"),
        Err(Error::ArenaTooSmall { needed: 13 })
    );
    assert_eq!(
        params.append_urlencoded("x"),
        Err(Error::ArenaTooSmall { needed: 15 })
    );
    assert_eq!(params_pairs(&params), before);
    params.set("a", "12345").unwrap();
    assert_eq!(params.to_string(), "a=12345&b=2");
    assert_eq!(
        SearchParams::parse("abc=def", [0u8; 7]).map(|_| ()),
        Err(Error::ArenaTooSmall { needed: 8 })
    );
    assert!(SearchParams::parse("abc=def", [0u8; 8]).is_ok());
}

#[test]
fn search_params_parse_strips_one_question_mark() {
    let params = SearchParams::parse("??a=b", [0u8; 16]).unwrap();
    assert_eq!(params.iter().next(), Some(("?a", "b")));
    let empty = SearchParams::parse("?", [0u8; 0]).unwrap();
    assert!(empty.is_empty());
}

#[test]
fn search_params_serialize_into_buffer() {
    let params = SearchParams::parse("a=b c&é", [0u8; 32]).unwrap();
    assert_eq!(params.serialized_len(), "a=b+c&%C3%A9=".len());
    assert_eq!(params.serialize_into(&mut [0u8; 13]), Ok("a=b+c&%C3%A9="));
    assert_eq!(
        params.serialize_into(&mut [0u8; 12]),
        Err(Error::ArenaTooSmall { needed: 13 })
    );
}

/// `Url::with_search_params` needs the result's length of arena and no more (as `set_search`
/// does with the serialization as its value), and every smaller arena fails with that
/// length as `needed`.
#[test]
fn with_search_params_needs_the_result_and_no_more() {
    let urls = [
        "https://h.example/p?old#frag",
        "https://h.example/",
        "sc:opaque ?q#f",
        "sc:opaque #f",
        "file:///c:/x?y",
        "http://u:p@[::1]:81/a/b",
    ];
    let lists = ["", "key=value&k2=v2", "a=b c&\u{e9}=\u{1F308}", "=&&=", "x"];
    for href in urls {
        let mut a = [0u8; 64];
        let url = Url::parse(href, &mut a).unwrap();
        for list in lists {
            let params = SearchParams::parse(list, [0u8; 64]).unwrap();
            let serialized = params.to_string();
            let mut b = [0u8; 128];
            let want = url.set_search(&serialized, &mut b).unwrap();
            let mut c = vec![0u8; want.as_str().len()];
            let got = url.with_search_params(&params, &mut c).unwrap();
            assert_eq!(got.as_str(), want.as_str(), "{href} {list:?}");
            for size in 0..want.as_str().len() {
                assert_eq!(
                    url.with_search_params(&params, &mut vec![0u8; size])
                        .unwrap_err(),
                    Error::ArenaTooSmall {
                        needed: want.as_str().len()
                    },
                    "{href} {list:?} in {size} bytes"
                );
            }
        }
    }
}

// ---- property tests ----

/// Strings rich in the bytes the format treats specially.
fn text() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![
            prop::sample::select(vec![
                '&', '=', '+', '%', ' ', '?', '#', '~', 'a', 'é', '🌈', '\u{FFFD}', '\u{FEFF}',
                '\0'
            ]),
            any::<char>(),
        ],
        0..8,
    )
    .prop_map(|v| v.into_iter().collect())
}

fn pairs() -> impl Strategy<Value = Pairs> {
    prop::collection::vec((text(), text()), 0..6)
}

/// An oracle for reading a raw name or value: `+` to space, `%XX` decoded, lossy UTF-8.
fn oracle_decode(raw: &[u8]) -> String {
    let hex = |b: u8| (b as char).to_digit(16);
    let mut out = Vec::new();
    let mut i = 0;
    while i < raw.len() {
        let pair = raw
            .get(i + 1..i + 3)
            .and_then(|h| Some(hex(h[0])? * 16 + hex(h[1])?));
        match (raw[i], pair) {
            (b'%', Some(v)) => {
                out.push(v as u8);
                i += 3;
                continue;
            }
            (b'+', _) => out.push(b' '),
            (b, _) => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[derive(Clone, Debug)]
enum Op {
    Append(String, String),
    Delete(String, Option<String>),
    Set(String, String),
    Sort,
}

fn short_name() -> impl Strategy<Value = String> {
    prop::sample::select(vec!["", "a", "b", "ab", "é", "🌈", "\u{FB03}", "a b"])
        .prop_map(String::from)
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        (short_name(), short_name()).prop_map(|(n, v)| Op::Append(n, v)),
        (short_name(), prop::option::of(short_name())).prop_map(|(n, v)| Op::Delete(n, v)),
        (short_name(), short_name()).prop_map(|(n, v)| Op::Set(n, v)),
        Just(Op::Sort),
    ]
}

/// The spec's list operations on a `Vec`.
fn model_apply(list: &mut Pairs, op: &Op) {
    match op {
        Op::Append(n, v) => list.push((n.clone(), v.clone())),
        Op::Delete(n, v) => {
            list.retain(|(ln, lv)| !(ln == n && v.as_ref().is_none_or(|v| v == lv)))
        }
        Op::Set(n, v) => match list.iter().position(|(ln, _)| ln == n) {
            Some(i) => {
                list[i].1 = v.clone();
                let mut seen = 0;
                list.retain(|(ln, _)| {
                    seen += 1;
                    seen - 1 <= i || ln != n
                });
            }
            None => list.push((n.clone(), v.clone())),
        },
        Op::Sort => list.sort_by_key(|(n, _)| n.encode_utf16().collect::<Vec<u16>>()),
    }
}

fn storage_size(list: &Pairs) -> usize {
    list.iter().map(|(n, v)| n.len() + v.len() + 2).sum()
}

fn apply(params: &mut SearchParams<Vec<u8>>, op: &Op) -> Result<(), Error> {
    match op {
        Op::Append(n, v) => params.append(n, v),
        Op::Delete(n, v) => {
            params.delete(n, v.as_deref());
            Ok(())
        }
        Op::Set(n, v) => params.set(n, v),
        Op::Sort => {
            params.sort();
            Ok(())
        }
    }
}

/// `raw` split and decoded by the oracle, as the spec's parser would.
fn oracle_parse(raw: &[u8]) -> Pairs {
    raw.split(|&b| b == b'&')
        .filter(|s| !s.is_empty())
        .map(|s| match s.iter().position(|&b| b == b'=') {
            Some(i) => (oracle_decode(&s[..i]), oracle_decode(&s[i + 1..])),
            None => (oracle_decode(s), String::new()),
        })
        .collect()
}

fn raw_bytes() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(
        prop_oneof![prop::sample::select(b"%+=&aF0e9C3".to_vec()), any::<u8>()],
        0..24,
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// `Decoded`'s `Debug` is that of the decoded text as a `str`.
    #[test]
    fn decoded_debug_is_the_str_debug(t in text()) {
        let d = Decoded::new(t.as_bytes());
        prop_assert_eq!(format!("{d:?}"), format!("{:?}", d.to_string()));
    }

    #[test]
    fn serialize_then_parse_round_trips(list in pairs()) {
        let err = form::serialize_into(&list, &mut []).err();
        let needed = match err {
            Some(Error::ArenaTooSmall { needed }) => needed,
            None => 0,
            Some(e) => panic!("{e}"),
        };
        let mut buf = vec![0u8; needed];
        let serialized = form::serialize_into(list.iter().map(|(n, v)| (n, v)), &mut buf).unwrap();
        prop_assert_eq!(serialized.len(), needed);
        prop_assert!(serialized.bytes().all(|b| b.is_ascii_alphanumeric() || b"*-._+%&=".contains(&b)));
        let parsed: Pairs = form::parse(serialized).map(|(n, v)| (n.to_string(), v.to_string())).collect();
        prop_assert_eq!(&parsed, &list);

        let mut params = SearchParams::new(vec![0u8; storage_size(&list)]);
        for (n, v) in &list {
            params.append(n, v).unwrap();
        }
        prop_assert_eq!(params.to_string(), serialized);
        prop_assert_eq!(params.serialized_len(), serialized.len());
        let reparsed = SearchParams::parse(serialized, vec![0u8; storage_size(&list)]).unwrap();
        prop_assert_eq!(params_pairs(&reparsed), list);
    }

    #[test]
    fn decoding_matches_the_oracle(raw in raw_bytes()) {
        let want = oracle_parse(&raw);
        let got = parse_pairs_bytes(&raw).map_err(TestCaseError::fail)?;
        prop_assert_eq!(&got, &want);
        // Lone invalid bytes become 3-byte U+FFFDs; no `?` stripping here.
        let mut params = SearchParams::new(vec![0u8; raw.len() * 3 + 2]);
        params.append_urlencoded(&raw).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(params_pairs(&params), want);
    }

    #[test]
    fn search_params_follow_the_list_model(ops in prop::collection::vec(op(), 0..24), cap in 0usize..48) {
        let mut params = SearchParams::new(vec![0u8; cap]);
        let mut model = Pairs::new();
        for op in &ops {
            let mut next = model.clone();
            model_apply(&mut next, op);
            match apply(&mut params, op) {
                Ok(()) => model = next,
                Err(Error::ArenaTooSmall { needed }) => {
                    prop_assert!(needed > cap);
                    prop_assert_eq!(needed, storage_size(&next), "{:?}", op);
                }
                Err(e) => panic!("{e}"),
            }
            prop_assert_eq!(params_pairs(&params), model.clone(), "after {:?}", op);
            prop_assert_eq!(params.len(), model.len());
            prop_assert_eq!(params.storage_used(), storage_size(&model));
            for name in ["", "a", "é", "🌈"] {
                let values: Vec<&str> = model.iter().filter(|(n, _)| n == name).map(|(_, v)| v.as_str()).collect();
                prop_assert_eq!(params.get(name), values.first().copied());
                prop_assert_eq!(params.get_all(name).collect::<Vec<_>>(), values.clone());
                prop_assert_eq!(params.has(name, None), !values.is_empty());
                prop_assert_eq!(params.has(name, Some("b")), values.contains(&"b"));
            }
        }
    }

    #[test]
    fn parsing_into_small_storage_fits_or_reports_the_exact_size(raw in raw_bytes(), cap in 0usize..24) {
        let want = oracle_parse(&raw);
        let mut params = SearchParams::new(vec![0u8; cap]);
        params.append("x", "").unwrap_or(());
        let before = params_pairs(&params);
        let mut expected = before.clone();
        expected.extend(want.iter().cloned());
        match params.append_urlencoded(&raw) {
            Ok(()) => prop_assert_eq!(params_pairs(&params), expected),
            Err(Error::ArenaTooSmall { needed }) => {
                prop_assert_eq!(needed, storage_size(&expected));
                prop_assert!(needed > cap);
                prop_assert_eq!(params_pairs(&params), before);
            }
            Err(e) => panic!("{e}"),
        }
    }

    #[test]
    fn sort_is_stable_by_code_units_on_long_lists(
        list in prop::collection::vec((short_name(), 0u16..1000), 0..200),
    ) {
        let list: Pairs = list.into_iter().map(|(n, v)| (n, v.to_string())).collect();
        let mut params = SearchParams::new(vec![0u8; storage_size(&list)]);
        for (n, v) in &list {
            params.append(n, v).unwrap();
        }
        params.sort();
        let mut model = list.clone();
        model_apply(&mut model, &Op::Sort);
        prop_assert_eq!(params_pairs(&params), model);
    }
}
