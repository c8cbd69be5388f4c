//! The stable sort behind [`SearchParams::sort`](super::SearchParams::sort)
//! (<https://url.spec.whatwg.org/#dom-urlsearchparams-sort>): in place, no heap, in
//! O(n log² n) byte operations for n bytes of pairs.
//!
//! The pairs are stored back to back as `name 0xFF value 0xFF`, of any length, so they
//! cannot be indexed or swapped: the sort is a bottom-up merge sort whose merge moves whole
//! runs by rotation (the symmetric rotation merge: the middle pair of the longer run is
//! placed into the other one with a rotation, then both sides are merged the same way).
//! Each merge level touches every byte O(log n) times, and there are log n levels. The
//! pending halves of a merge wait on a fixed stack of `usize::BITS` entries: the smaller
//! half (in bytes) is merged first, so at most log₂(bytes) of them wait at once.

use core::cmp::Ordering;

/// Ends each stored name and value; never a UTF-8 byte.
pub(super) const SEP: u8 = 0xFF;

/// Whether `a` sorts before, with or after `b` by UTF-16 code units
/// (<https://infra.spec.whatwg.org/#code-unit-less-than>), without allocating.
fn cmp_code_units(a: &[u8], b: &[u8]) -> Ordering {
    let text = |s| core::str::from_utf8(s).unwrap_or("");
    text(a).encode_utf16().cmp(text(b).encode_utf16())
}

/// The pair starting at byte `at` of `buf`: where its name ends and where it ends.
fn pair_at(buf: &[u8], at: usize) -> Option<(usize, usize)> {
    let rest = buf.get(at..).filter(|r| !r.is_empty())?;
    let name_len = rest.iter().position(|&b| b == SEP)?;
    let value_len = rest.get(name_len + 1..)?.iter().position(|&b| b == SEP)?;
    Some((at + name_len, at + name_len + value_len + 2))
}

/// A meter of the work done: called with the number of bytes each step reads or moves
/// (the linearity test counts them; the library passes a closure that does nothing).
pub(super) trait Work: FnMut(usize) {}
impl<F: FnMut(usize)> Work for F {}

/// The sort over the `count` pairs stored in `buf` (exactly the bytes in use).
pub(super) fn sort(buf: &mut [u8], count: usize, work: &mut impl Work) {
    let mut width = 1usize;
    while width < count {
        let mut lo = 0;
        while lo < buf.len() {
            let mid = skip_pairs(buf, lo, width, work);
            if mid >= buf.len() {
                break;
            }
            let hi = skip_pairs(buf, mid, width, work);
            merge(buf, lo, mid, hi, work);
            lo = hi;
        }
        width = width.saturating_mul(2);
    }
}

/// The byte offset `n` pairs after `at` (or the end).
fn skip_pairs(buf: &[u8], mut at: usize, n: usize, work: &mut impl Work) -> usize {
    for _ in 0..n {
        match pair_at(buf, at) {
            Some((_, end)) => {
                work(end - at);
                at = end;
            }
            None => return buf.len(),
        }
    }
    at
}

/// The number of pairs in `buf[from..to]`.
fn count_pairs(buf: &[u8], from: usize, to: usize, work: &mut impl Work) -> usize {
    let mut n = 0;
    let mut at = from;
    while at < to {
        let Some((_, end)) = pair_at(buf, at) else {
            break;
        };
        at = end;
        n += 1;
    }
    work(to - from);
    n
}

/// The name of the pair at `at`, and where the pair ends.
fn name_at(buf: &[u8], at: usize) -> (&[u8], usize) {
    let (name_end, end) = pair_at(buf, at).unwrap_or((at, at));
    (buf.get(at..name_end).unwrap_or_default(), end)
}

/// The first pair of `buf[from..to]` whose name compares with `name` as `stop` says
/// (lower bound: not less; upper bound: greater), or `to`.
fn bound(
    buf: &[u8],
    from: usize,
    to: usize,
    name: &[u8],
    stop: fn(Ordering) -> bool,
    work: &mut impl Work,
) -> usize {
    let mut at = from;
    while at < to {
        let (other, end) = name_at(buf, at);
        work(other.len() + name.len());
        if stop(cmp_code_units(other, name)) || end <= at {
            return at;
        }
        at = end;
    }
    to
}

/// Rotates `buf[from..to]` left by `k` bytes.
fn rotate(buf: &mut [u8], from: usize, to: usize, k: usize, work: &mut impl Work) {
    if let Some(span) = buf.get_mut(from..to).filter(|s| k <= s.len()) {
        work(span.len());
        span.rotate_left(k);
    }
}

/// A run pair still to merge: `buf[lo..mid]` and `buf[mid..hi]`.
type Runs = (usize, usize, usize);

/// Merges the sorted runs `buf[lo..mid]` and `buf[mid..hi]` stably (on equal names the
/// first run's pairs stay first).
fn merge(buf: &mut [u8], lo: usize, mid: usize, hi: usize, work: &mut impl Work) {
    let mut pending: [Runs; usize::BITS as usize] = [(0, 0, 0); usize::BITS as usize];
    let mut waiting = 0;
    let mut runs = (lo, mid, hi);
    loop {
        if let Some((left, right)) = split(buf, runs, work) {
            // Go on with the smaller side; the larger waits. The two sides hold fewer bytes
            // than the whole, so the one gone on with holds at most half of it: at most
            // log2(bytes) < usize::BITS sides wait at once.
            let size = |(l, _, h): Runs| h - l;
            let (small, large) = match size(left) <= size(right) {
                true => (left, right),
                false => (right, left),
            };
            if let Some(slot) = pending.get_mut(waiting) {
                *slot = large;
                waiting += 1;
            }
            runs = small;
            continue;
        }
        let Some(&next) = waiting.checked_sub(1).and_then(|i| pending.get(i)) else {
            return;
        };
        waiting -= 1;
        runs = next;
    }
}

/// One step of the rotation merge of `buf[lo..mid]` (A) and `buf[mid..hi]` (B): the middle
/// pair of the longer run goes where it belongs in the other, by one rotation; the two
/// sides of it are what is left to merge. `None` when the runs are already in order.
fn split(buf: &mut [u8], (lo, mid, hi): Runs, work: &mut impl Work) -> Option<(Runs, Runs)> {
    if lo >= mid || mid >= hi {
        return None;
    }
    let (na, nb) = (
        count_pairs(buf, lo, mid, work),
        count_pairs(buf, mid, hi, work),
    );
    // In order already when A's last pair is not greater than B's first.
    let last_a = skip_pairs(buf, lo, na.saturating_sub(1), work);
    let (first_b, _) = name_at(buf, mid);
    if cmp_code_units(name_at(buf, last_a).0, first_b) != Ordering::Greater {
        return None;
    }
    if na >= nb {
        // x, A's middle pair, goes before B's first pair not less than it (equal names of
        // B stay after it): [A_low x A_high][B_low B_high] -> A_low B_low x A_high B_high.
        let x = skip_pairs(buf, lo, na / 2, work);
        let (name, x_end) = name_at(buf, x);
        let cut = bound(buf, mid, hi, name, |o| o != Ordering::Less, work);
        rotate(buf, x, cut, mid - x, work);
        let new_x = x + (cut - mid);
        let after_x = new_x + (x_end - x);
        Some(((lo, x, new_x), (after_x, cut, hi)))
    } else {
        // y, B's middle pair, goes after A's last pair not greater than it (equal names of
        // A stay before it): [A_low A_high][B_low y B_high] -> A_low B_low y A_high B_high.
        let y = skip_pairs(buf, mid, nb / 2, work);
        let (name, y_end) = name_at(buf, y);
        let cut = bound(buf, lo, mid, name, |o| o == Ordering::Greater, work);
        rotate(buf, cut, y_end, mid - cut, work);
        let new_y = cut + (y - mid);
        let after_y = new_y + (y_end - y);
        Some(((lo, cut, new_y), (after_y, y_end, hi)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testgen::Gen;
    use std::vec::Vec;

    fn store(pairs: &[(Vec<u8>, Vec<u8>)]) -> Vec<u8> {
        let mut buf = Vec::new();
        for (n, v) in pairs {
            buf.extend_from_slice(n);
            buf.push(SEP);
            buf.extend_from_slice(v);
            buf.push(SEP);
        }
        buf
    }

    /// Sorts and returns the work counted.
    fn sorted(pairs: &[(Vec<u8>, Vec<u8>)]) -> (Vec<u8>, u64) {
        let mut buf = store(pairs);
        let mut work = 0u64;
        sort(&mut buf, pairs.len(), &mut |n| work += n as u64);
        (buf, work)
    }

    /// Agrees with the standard library's stable sort (by UTF-16 code units) on random
    /// lists with many equal names, values recording the original order.
    #[test]
    fn matches_a_stable_sort() {
        let mut g = Gen::new(16);
        let names: [&str; 7] = ["", "a", "b", "ab", "\u{ff}", "\u{1f308}", "\u{fb03}"];
        for case in 0..3000 {
            let n = g.below(40);
            let pairs: Vec<(Vec<u8>, Vec<u8>)> = (0..n)
                .map(|i| {
                    let name = names[g.below(names.len())];
                    let value = std::format!("{i}{}", "v".repeat(g.below(3)));
                    (name.as_bytes().to_vec(), value.into_bytes())
                })
                .collect();
            let mut expected = pairs.clone();
            expected.sort_by(|a, b| {
                let a = core::str::from_utf8(&a.0).unwrap().encode_utf16();
                a.cmp(core::str::from_utf8(&b.0).unwrap().encode_utf16())
            });
            assert_eq!(sorted(&pairs).0, store(&expected), "case {case}: {pairs:?}");
        }
    }

    /// Work per byte, sorting `bytes` of pairs in the given order.
    fn work_per_byte(bytes: usize, pattern: fn(usize, usize) -> Vec<u8>) -> f64 {
        let mut pairs = Vec::new();
        let mut total = 0;
        while total < bytes {
            let name = pattern(pairs.len(), bytes);
            total += name.len() + 3;
            pairs.push((name, b"v".to_vec()));
        }
        let (_, work) = sorted(&pairs);
        work as f64 / total as f64
    }

    /// `sort` is not quadratic: the pattern that made the insertion sort quadratic (the
    /// largest name first, then the rest in order), reversed order and shuffled names: the
    /// work per byte at
    /// 1 MiB is at most 20 times that at 1 KiB (O(n log² n) at most; a quadratic sort gives
    /// about 1,000 times). Counted in bytes read and moved, not timed.
    #[test]
    fn work_per_byte_grows_at_most_polylogarithmically() {
        fn largest_first(i: usize, _: usize) -> Vec<u8> {
            match i {
                0 => b"zzzzzz".to_vec(),
                _ => std::format!("a{i:07}").into_bytes(),
            }
        }
        fn reversed(i: usize, bytes: usize) -> Vec<u8> {
            std::format!("{:08}", bytes - i).into_bytes()
        }
        fn shuffled(i: usize, _: usize) -> Vec<u8> {
            std::format!("{:08}", (i * 2_654_435_761) % 100_000_007).into_bytes()
        }
        for (name, pattern) in [
            (
                "largest first",
                largest_first as fn(usize, usize) -> Vec<u8>,
            ),
            ("reversed", reversed),
            ("shuffled", shuffled),
        ] {
            let small = work_per_byte(1 << 10, pattern);
            let large = work_per_byte(1 << 20, pattern);
            std::println!(
                "sort {name}: {small:.1} per byte at 1 KiB, {large:.1} at 1 MiB ({:.1}x)",
                large / small
            );
            assert!(large <= 20.0 * small, "{name}: {small} -> {large}");
        }
    }
}
