//! Unit tests of `scan` (a file of their own to keep `scan.rs` short).

/// The word-at-a-time check agrees with a byte loop at every length and position, for
/// every byte value (the three it looks for, their neighbours, and the rest).
#[test]
fn has_tab_or_newline_is_exact() {
    for len in 0..40 {
        for at in 0..len {
            for b in 0..=255u8 {
                let mut s = std::vec![b'a'; len];
                s[at] = b;
                let expected = s.iter().any(|&c| matches!(c, b'\t' | b'\n' | b'\r'));
                assert_eq!(super::has_tab_or_newline(&s), expected, "{len} {at} {b}");
            }
        }
        assert!(!super::has_tab_or_newline(&std::vec![b'a'; len]));
    }
}

/// `skip`, and the vector scan alone for every class (`skip` hands only long runs of
/// some classes to it), each finished by the byte loop: both must agree with it.
fn skips(s: &[u8], start: usize, flag: super::Flag) -> [usize; 2] {
    #[cfg(any(
        all(target_arch = "x86_64", target_feature = "sse2"),
        all(target_arch = "aarch64", target_feature = "neon")
    ))]
    let vector = {
        let mut i = super::vector::skip(s, start, flag);
        while i < s.len() && super::is(s[i], flag) {
            i += 1;
        }
        i
    };
    #[cfg(not(any(
        all(target_arch = "x86_64", target_feature = "sse2"),
        all(target_arch = "aarch64", target_feature = "neon")
    )))]
    let vector = super::skip(s, start, flag);
    [super::skip(s, start, flag), vector]
}

/// The plain byte loop `skip` must agree with.
fn skip_bytewise(s: &[u8], start: usize, flag: super::Flag) -> usize {
    (start..s.len())
        .find(|&i| !super::is(s[i], flag))
        .unwrap_or(s.len().max(start))
}

/// The bytes of a class, cycled: runs made of every byte of the class (those the vector
/// ranges cover and those only the table does), in a fixed order.
fn members(flag: super::Flag) -> std::vec::Vec<u8> {
    (0..=255u8).filter(|&b| super::is(b, flag)).collect()
}

fn run(members: &[u8], len: usize, shift: usize) -> std::vec::Vec<u8> {
    (0..len)
        .map(|k| members[(k * 7 + shift) % members.len()])
        .collect()
}

/// Every vector range lies inside its class (the vector scan steps over the bytes in
/// them without asking the table), and the ranges of the path classes cover letters,
/// digits, `-` and `/` (so long paths stay in the vector loop).
#[test]
fn vector_ranges_are_inside_their_class() {
    for bit in 0..16u32 {
        let r = &super::RANGES_OF[bit as usize];
        for b in 0..=255u8 {
            if super::in_ranges(b, r) {
                assert!(super::is(b, 1 << bit), "bit {bit} byte {b}");
            }
        }
    }
    for flag in [
        super::PATH,
        super::PATH_NO_DOT,
        super::QUERY,
        super::FRAGMENT,
    ] {
        let r = &super::RANGES_OF[flag.trailing_zeros() as usize];
        for b in (b'a'..=b'z').chain(b'A'..=b'Z').chain(b'0'..=b'9') {
            assert!(super::in_ranges(b, r), "{flag} {b}");
        }
        assert!(super::in_ranges(b'-', r) && super::in_ranges(b'/', r));
    }
}

/// `skip` agrees with the byte loop for every class, at every length to 80 (a
/// sixty-four-byte step, the sixteen-byte steps after it, the overlapping last step and
/// the byte loop below sixteen), with every byte value at every position of a run of the
/// class's bytes.
#[test]
fn skip_is_exact_for_every_byte_at_every_position() {
    for bit in 0..16 {
        let flag: super::Flag = 1 << bit;
        let members = members(flag);
        if members.is_empty() {
            continue;
        }
        for len in 0..=80 {
            let base = run(&members, len, bit);
            assert_eq!(skips(&base, 0, flag), [len; 2], "{bit} {len}");
            for at in 0..len {
                for b in 0..=255u8 {
                    let mut s = base.clone();
                    s[at] = b;
                    let expected = skip_bytewise(&s, 0, flag);
                    assert_eq!(skips(&s, 0, flag), [expected; 2], "{bit} {len} {at} {b}");
                }
            }
        }
    }
}

/// `skip_and` agrees with the byte loop for every class, at every length to 40 and from
/// the first four starts (its four-at-a-time step at every alignment), with every byte
/// value at every position of a run of the class's bytes: the same end, and the class bits
/// of every byte it passed over, all of them (`Flag::MAX` when it passed none).
#[test]
fn skip_and_is_exact_for_every_byte_at_every_position() {
    for bit in 0..16 {
        let flag: super::Flag = 1 << bit;
        let members = members(flag);
        if members.is_empty() {
            continue;
        }
        for len in 0..=40 {
            let base = run(&members, len, bit);
            for at in 0..len {
                for b in 0..=255u8 {
                    let mut s = base.clone();
                    s[at] = b;
                    for start in 0..4.min(len + 1) {
                        let end = skip_bytewise(&s, start, flag);
                        let common = s[start..end]
                            .iter()
                            .fold(super::Flag::MAX, |c, &x| c & super::CLASS[x as usize]);
                        let got = super::skip_and(&s, start, flag);
                        assert_eq!(got, (end, common), "{bit} {len} {at} {b} {start}");
                    }
                }
            }
        }
    }
}

/// Class bit `bit`'s flag and members, and the bytes to plant in a run of them: one
/// outside the class, one inside it but outside the vector ranges (where there is one),
/// and one inside them; `None` for a class without members.
fn planted(bit: usize) -> Option<(super::Flag, std::vec::Vec<u8>, std::vec::Vec<u8>)> {
    let flag: super::Flag = 1 << bit;
    let members = members(flag);
    let inside = *members.first()?;
    let outside = (0..=255u8).find(|&b| !super::is(b, flag))?;
    let r = &super::RANGES_OF[bit];
    let odd = members.iter().copied().find(|&b| !super::in_ranges(b, r));
    let plants = [Some(outside), odd, Some(inside)]
        .into_iter()
        .flatten()
        .collect();
    Some((flag, members, plants))
}

/// The same from every start position, with a byte outside the class (and one inside
/// it but outside the vector ranges, where there is one) at every position after it.
#[test]
fn skip_is_exact_from_every_start() {
    for bit in 0..16 {
        let Some((flag, members, plants)) = planted(bit) else {
            continue;
        };
        for len in 0..=72 {
            let base = run(&members, len, 0);
            for start in 0..=len + 1 {
                let expected = skip_bytewise(&base, start, flag);
                assert_eq!(
                    skips(&base, start, flag),
                    [expected; 2],
                    "{bit} {len} {start}"
                );
                for at in start..len {
                    for &b in &plants {
                        let mut s = base.clone();
                        s[at] = b;
                        let expected = skip_bytewise(&s, start, flag);
                        let got = skips(&s, start, flag);
                        assert_eq!(got, [expected; 2], "{bit} {len} {start} {at} {b}");
                    }
                }
            }
        }
    }
}

/// The same past the first sixty-four-byte steps: a run of 200 bytes of the class, with a
/// byte outside it (and one inside it but outside the vector ranges, where there is one)
/// at every position.
#[test]
fn skip_is_exact_in_long_runs() {
    for bit in 0..16 {
        let Some((flag, members, plants)) = planted(bit) else {
            continue;
        };
        let base = run(&members, 200, bit);
        assert_eq!(skips(&base, 0, flag), [200; 2], "{bit}");
        for at in 0..200 {
            for &b in &plants {
                let mut s = base.clone();
                s[at] = b;
                let expected = skip_bytewise(&s, 0, flag);
                assert_eq!(skips(&s, 0, flag), [expected; 2], "{bit} {at} {b}");
            }
        }
    }
}

/// The same at every alignment of the input in memory (the vector loads are
/// unaligned), for the path class, every byte value at every position.
#[test]
fn skip_is_exact_at_every_alignment() {
    let flag = super::PATH;
    let members = members(flag);
    let mut buf = [0u8; 96];
    for offset in 0..16 {
        for len in 0..=66 {
            let base = run(&members, len, 3);
            buf[offset..offset + len].copy_from_slice(&base);
            for at in 0..len {
                for b in 0..=255u8 {
                    buf[offset + at] = b;
                    let s = &buf[offset..offset + len];
                    let expected = skip_bytewise(s, 0, flag);
                    assert_eq!(skips(s, 0, flag), [expected; 2], "{offset} {len} {at} {b}");
                }
                buf[offset + at] = base[at];
            }
        }
    }
}

/// The mask is the spec's list (<https://url.spec.whatwg.org/#forbidden-host-code-point>),
/// for every byte.
#[test]
fn forbidden_host_is_the_spec_list() {
    for b in 0..=255u8 {
        let listed = matches!(
            b,
            0x00 | 0x09
                | 0x0a
                | 0x0d
                | b' '
                | b'#'
                | b'/'
                | b':'
                | b'<'
                | b'>'
                | b'?'
                | b'@'
                | b'['
                | b'\\'
                | b']'
                | b'^'
                | b'|'
        );
        assert_eq!(super::is_forbidden_host(b), listed, "{b:#04x}");
    }
}
