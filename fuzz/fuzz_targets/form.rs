//! `form`: application/x-www-form-urlencoded and `SearchParams`.
//!
//! - `form::parse` agrees with `url::form_urlencoded::parse` (rust-url's parser follows
//!   §5.1 exactly, lossy UTF-8 decoding included);
//! - `form::serialize_into` agrees with `form_urlencoded::Serializer` (§5.2) and parsing the
//!   serialization gives the pairs back (round trip);
//! - `SearchParams` on storage of a fuzzed size: `Ok`, or `ArenaTooSmall { needed }` with
//!   `needed` sufficient and the list unchanged; then a fuzzed sequence of
//!   append/delete/set/sort matches a `Vec` model, and `serialized_len` is exact.
#![no_main]

use libfuzzer_sys::fuzz_target;
use microurl::Error;
use microurl::form::{self, SearchParams};
use url::form_urlencoded;

type Pairs = Vec<(String, String)>;

fn ours(input: &[u8]) -> Pairs {
    form::parse(input)
        .map(|(n, v)| (n.to_string(), v.to_string()))
        .collect()
}

fn serialize(pairs: &Pairs) -> String {
    let needed =
        match form::serialize_into(pairs.iter().map(|(n, v)| (n.as_str(), v.as_str())), &mut []) {
            Ok(s) => return s.to_owned(),
            Err(Error::ArenaTooSmall { needed }) => needed,
            Err(e) => panic!("serialize_into: {e:?}"),
        };
    let mut buf = vec![0u8; needed];
    let s = form::serialize_into(
        pairs.iter().map(|(n, v)| (n.as_str(), v.as_str())),
        &mut buf,
    )
    .expect("needed suffices");
    assert_eq!(s.len(), needed, "needed is exact");
    s.to_owned()
}

/// The model of `URLSearchParams::sort`: stable, by UTF-16 code units of the name.
fn sort_model(p: &mut Pairs) {
    p.sort_by(|a, b| a.0.encode_utf16().cmp(b.0.encode_utf16()));
}

fn check_params<S: AsRef<[u8]> + AsMut<[u8]>>(sp: &SearchParams<S>, model: &Pairs) {
    let got: Pairs = sp
        .iter()
        .map(|(n, v)| (n.to_owned(), v.to_owned()))
        .collect();
    assert_eq!(&got, model);
    assert_eq!(sp.len(), model.len());
    let s = sp.to_string();
    assert_eq!(s, serialize(model));
    assert_eq!(sp.serialized_len(), s.len());
    let used: usize = model.iter().map(|(n, v)| n.len() + v.len() + 2).sum();
    assert_eq!(sp.storage_used(), used);
}

fuzz_target!(|data: &[u8]| {
    let Some((&size, rest)) = data.split_first() else {
        return;
    };
    // input 0xFF ops
    let (input, ops) = match rest.iter().position(|&b| b == 0xFF) {
        Some(i) => (&rest[..i], &rest[i + 1..]),
        None => (rest, &[][..]),
    };

    // Parsing agrees with rust-url's form_urlencoded.
    let pairs = ours(input);
    let theirs: Pairs = form_urlencoded::parse(input)
        .map(|(n, v)| (n.into_owned(), v.into_owned()))
        .collect();
    assert_eq!(pairs, theirs, "parse {:?}", String::from_utf8_lossy(input));

    // Serializing agrees and round-trips.
    let s = serialize(&pairs);
    let theirs_s = form_urlencoded::Serializer::new(String::new())
        .extend_pairs(pairs.iter())
        .finish();
    assert_eq!(s, theirs_s);
    assert_eq!(ours(s.as_bytes()), pairs, "round trip of {s:?}");
    let shown: String = form::encode(&String::from_utf8_lossy(input)).to_string();
    assert_eq!(
        shown.len(),
        form::encode(&String::from_utf8_lossy(input)).len()
    );

    // SearchParams on storage of a fuzzed size.
    let size = size as usize;
    let init = input.strip_prefix(b"?").unwrap_or(input);
    let mut model = ours(init);
    let mut sp = match SearchParams::parse(input, vec![0u8; size]) {
        Ok(sp) => sp,
        Err(Error::ArenaTooSmall { needed }) => {
            assert!(needed > size);
            SearchParams::parse(input, vec![0u8; needed]).expect("needed suffices")
        }
        Err(e) => panic!("SearchParams::parse: {e:?}"),
    };
    check_params(&sp, &model);

    // Operations: each op byte picks an operation; names and values come from the pairs.
    let names: Vec<String> = model
        .iter()
        .map(|(n, _)| n.clone())
        .chain(["a".into(), "".into(), "é".into()])
        .collect();
    for (i, &op) in ops.iter().enumerate().take(32) {
        let name = &names[i % names.len()];
        let value = format!("{}{}", op as char, i);
        match op % 5 {
            0 => {
                let r = sp.append(name, &value);
                match r {
                    Ok(()) => model.push((name.clone(), value)),
                    Err(Error::ArenaTooSmall { .. }) => {}
                    Err(e) => panic!("append: {e:?}"),
                }
            }
            1 => {
                sp.delete(name, None);
                model.retain(|(n, _)| n != name);
            }
            2 => {
                let r = sp.set(name, &value);
                match r {
                    Ok(()) => {
                        if let Some(pos) = model.iter().position(|(n, _)| n == name) {
                            model[pos].1 = value;
                            let mut k = pos + 1;
                            while k < model.len() {
                                if &model[k].0 == name {
                                    model.remove(k);
                                } else {
                                    k += 1;
                                }
                            }
                        } else {
                            model.push((name.clone(), value));
                        }
                    }
                    Err(Error::ArenaTooSmall { .. }) => {}
                    Err(e) => panic!("set: {e:?}"),
                }
            }
            3 => {
                sp.sort();
                sort_model(&mut model);
            }
            _ => {
                let v = model
                    .iter()
                    .find(|(n, _)| n == name)
                    .map(|(_, v)| v.clone());
                sp.delete(name, v.as_deref());
                if let Some(v) = v {
                    model.retain(|(n, w)| !(n == name && *w == v));
                }
            }
        }
        check_params(&sp, &model);
        assert_eq!(
            sp.get(name),
            model
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, v)| v.as_str())
        );
        assert_eq!(sp.has(name, None), model.iter().any(|(n, _)| n == name));
    }
});
