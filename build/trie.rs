//! A five-level trie of deduplicated blocks (the unicode-ident layout, deeper):
//!
//! ```text
//! top[cp >> (A+B+C+D)] -> block t; upper2[t * 2^D + (cp >> (A+B+C)) % 2^D] -> block u;
//! upper[u * 2^C + ..] -> mid offset m; mid[m + (cp >> A) % 2^B] -> leaf offset l;
//! leaf[l + cp % 2^A] -> value
//! ```
//!
//! Identical blocks are stored once at every level; leaf and mid blocks are also overlapped
//! (see `overlap_blocks`), so the levels above them hold offsets instead of block numbers. Code points past the end of `top` have
//! the default value, so long default tails (planes 3..16) cost nothing.

use std::collections::HashMap;
use std::fmt::Write;

/// What the generator writes: the Rust source of the tables and, beside it, each table's
/// bytes as the source stores them (for the size report, `scripts/table-report.sh`).
#[derive(Default)]
pub struct Out {
    pub source: String,
    /// `(name, bytes)` of every `static` in `source`, in order.
    pub tables: Vec<(String, Vec<u8>)>,
}

impl Out {
    /// Total bytes of the tables written.
    pub fn table_bytes(&self) -> usize {
        self.tables.iter().map(|(_, b)| b.len()).sum()
    }
}

impl Write for Out {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        self.source.push_str(s);
        Ok(())
    }
}

pub struct Trie {
    /// Bits consumed by each level below the top, leaf first.
    pub bits: [u32; 4],
    /// The upper level holds mid offsets shifted right by this (0, or the mid block bits
    /// when it holds block numbers; see `each_upper_geometry`).
    pub scale: u32,
    /// `[leaf, mid, upper, upper2, top]` arrays.
    pub levels: [Vec<u32>; 5],
    /// The value of every code point past the end of `top`.
    pub default: u32,
}

pub fn dedup_blocks(values: &[u32], size: usize, store: &mut Vec<u32>) -> Vec<u32> {
    let mut seen: HashMap<&[u32], u32> = HashMap::new();
    let mut ids = Vec::with_capacity(values.len() / size);
    for block in values.chunks(size) {
        let next = (store.len() / size) as u32;
        let id = *seen.entry(block).or_insert_with(|| {
            store.extend_from_slice(block);
            next
        });
        ids.push(id);
    }
    ids
}

/// `dedup_blocks` where only the bits of `masks` matter: a block is stored only if no
/// stored block agrees with it on those bits (the others are don't-cares).
pub fn dedup_blocks_masked(
    values: &[u32],
    masks: &[u32],
    size: usize,
    store: &mut Vec<u32>,
) -> Vec<u32> {
    let mut seen: HashMap<(&[u32], &[u32]), u32> = HashMap::new();
    let mut ids = Vec::with_capacity(values.len() / size);
    for key in values.chunks(size).zip(masks.chunks(size)) {
        let id = *seen.entry(key).or_insert_with(|| {
            let (block, mask) = key;
            let agrees = |stored: &[u32]| {
                stored
                    .iter()
                    .zip(block)
                    .zip(mask)
                    .all(|((s, v), m)| (s ^ v) & m == 0)
            };
            let exact = store.chunks(size).position(|stored| stored == block);
            match exact.or_else(|| store.chunks(size).position(agrees)) {
                Some(i) => i as u32,
                None => {
                    store.extend_from_slice(block);
                    (store.len() / size - 1) as u32
                }
            }
        });
        ids.push(id);
    }
    ids
}

/// Stores the blocks of `store` (of `size` values each) overlapped: a block that occurs
/// anywhere in what is stored already (inside another one, or across two) is not stored
/// again, and a new block starts inside the tail of the previous one when they agree. Returns
/// the new store and, for each block, its offset (in values) into it: the level above then
/// holds offsets instead of block numbers, and a lookup adds instead of shifting.
pub fn overlap_blocks(store: &[u32], size: usize) -> (Vec<u32>, Vec<u32>) {
    let mut out: Vec<u32> = Vec::new();
    let mut offsets = Vec::with_capacity(store.len() / size);
    for block in store.chunks(size) {
        let at = match out.windows(size).position(|w| w == block) {
            Some(at) => at,
            None => {
                let keep = (1..size)
                    .rev()
                    .find(|&k| k <= out.len() && out[out.len() - k..] == block[..k])
                    .unwrap_or(0);
                out.extend_from_slice(&block[keep..]);
                out.len() - size
            }
        };
        offsets.push(u32::try_from(at).expect("offset"));
    }
    (out, offsets)
}

/// Drops the trailing top entries whose whole span is default: everything past the
/// code point `last` (the last one that is not).
pub fn trim_tail(top: &mut Vec<u32>, last: usize, shift: u32) {
    top.truncate((last >> shift) + 1);
}

/// The levels above a level whose block ids are `ids` (blocks of `2^a` code points), for
/// every geometry tried: a mid level of `2^b` ids (`b` in `mid_bits`, overlapped: the
/// upper level holds offsets into it), an upper level of `2^c`, a second of `2^d`, and the
/// top trimmed past `last`. `f` gets `[b, c, d, scale]` (see `Trie::scale`), the mid level, the upper level, the
/// second and the top. Both tries' generators search these levels the same way.
pub fn each_upper_geometry(
    ids: &[u32],
    a: u32,
    mid_bits: std::ops::RangeInclusive<u32>,
    last: usize,
    mut f: impl FnMut([u32; 4], &[u32], &[u32], Vec<u32>, Vec<u32>),
) {
    for b in mid_bits {
        let mut blocks = Vec::new();
        let numbers = dedup_blocks(ids, 1 << b, &mut blocks);
        let (overlapped, offsets) = overlap_blocks(&blocks, 1 << b);
        let at: Vec<u32> = numbers.iter().map(|&id| offsets[id as usize]).collect();
        // The upper level holds offsets into the overlapped mid blocks (scale 0), or block
        // numbers (scale `b`: the mid offset is the number shifted), whichever is smaller.
        for (scale, mid, ids_b) in [(0, &overlapped, &at), (b, &blocks, &numbers)] {
            for c in 1..=5 {
                let mut upper = Vec::new();
                let ids_c = dedup_blocks(ids_b, 1 << c, &mut upper);
                for d in 1..=5 {
                    let mut upper2 = Vec::new();
                    let mut top = dedup_blocks(&ids_c, 1 << d, &mut upper2);
                    trim_tail(&mut top, last, a + b + c + d);
                    f([b, c, d, scale], mid, &upper, upper2, top);
                }
            }
        }
    }
}

/// Bits of the widest element.
fn bits(v: &[u32]) -> u32 {
    32 - v.iter().copied().max().unwrap_or(0).leading_zeros()
}

/// Bytes of a trie level: `u8` or `u16` elements, or elements of `bits(v)` bits packed
/// (`Packed`, src/tables/mod.rs) when that is smaller.
pub fn level_bytes(v: &[u32]) -> usize {
    let plain = v.len() * width(v);
    match bits(v) {
        8 | 16 | 26.. => plain,
        b => plain.min(packed(v, b).len()),
    }
}

/// Elements of `b` (at most 25) bits, little-endian, element `i` at bit `b * i`; three bytes of padding
/// so that every element can be read with one (unaligned) four-byte load.
pub fn packed(v: &[u32], b: u32) -> Vec<u32> {
    assert!(b <= 25);
    let mut bytes = vec![0u32; (v.len() * b as usize).div_ceil(8) + 3];
    for (i, &x) in v.iter().enumerate() {
        for k in 0..b as usize {
            let bit = i * b as usize + k;
            bytes[bit / 8] |= (x >> k & 1) << (bit % 8);
        }
    }
    bytes
}

/// Emits a trie level: as `emit_array`, or as a `Packed` when `level_bytes` chose it.
pub fn emit_level(out: &mut Out, name: &str, v: &[u32]) {
    if level_bytes(v) == v.len() * width(v) {
        return emit_array(out, name, v);
    }
    let b = bits(v);
    let bytes = packed(v, b);
    writeln!(
        out,
        "pub(crate) static {name}: super::Packed<{b}, {}, {}> = super::Packed([",
        v.len(),
        bytes.len()
    )
    .unwrap();
    for chunk in bytes.chunks(24) {
        let line: Vec<String> = chunk.iter().map(u32::to_string).collect();
        writeln!(out, "    {},", line.join(", ")).unwrap();
    }
    writeln!(out, "]);").unwrap();
    out.tables
        .push((name.to_string(), bytes.iter().map(|&b| b as u8).collect()));
}

/// Byte width of the smallest unsigned integer type holding every element.
pub fn width(v: &[u32]) -> usize {
    match v.iter().copied().max().unwrap_or(0) {
        0..=0xFF => 1,
        0x100..=0xFFFF => 2,
        _ => 4,
    }
}

impl Trie {
    /// Tries every block geometry in a small range and keeps the smallest; leaf blocks are
    /// shared where they agree on the bits of `masks`. Top entries past
    /// the last one that is not all `default` are dropped (lookups past the end give the
    /// default).
    pub fn build_smallest(values: &[u32], masks: &[u32]) -> Trie {
        assert_eq!(values.len(), 0x11_0000);
        let default = values[values.len() - 1];
        let last = values.iter().rposition(|&v| v != default).unwrap_or(0);
        let mut best: Option<Trie> = None;
        for a in 2..=7 {
            let mut blocks = Vec::new();
            let ids_a = dedup_blocks_masked(values, masks, 1 << a, &mut blocks);
            // The leaf level holds offsets into the overlapped leaf blocks.
            let (leaf, offsets) = overlap_blocks(&blocks, 1 << a);
            let ids_a: Vec<u32> = ids_a.iter().map(|&id| offsets[id as usize]).collect();
            each_upper_geometry(
                &ids_a,
                a,
                1..=6,
                last,
                |[b, c, d, scale], mid, upper, upper2, top| {
                    let levels = [leaf.clone(), mid.to_vec(), upper.to_vec(), upper2, top];
                    let t = Trie {
                        bits: [a, b, c, d],
                        scale,
                        levels,
                        default,
                    };
                    if best.as_ref().is_none_or(|x| t.bytes() < x.bytes()) {
                        best = Some(t);
                    }
                },
            );
        }
        best.expect("at least one geometry")
    }

    pub fn bytes(&self) -> usize {
        self.levels.iter().map(|l| level_bytes(l)).sum()
    }

    /// Emits the five arrays and the geometry constants under `NAME_*`.
    pub fn emit(&self, name: &str, out: &mut Out) {
        emit_geometry(out, name, self.bits, self.scale);
        writeln!(
            out,
            "pub(crate) const {name}_DEFAULT: usize = {};",
            self.default
        )
        .unwrap();
        let names = ["LEAF", "MID", "UPPER", "UPPER2", "TOP"];
        for (level, suffix) in self.levels.iter().zip(names) {
            emit_level(out, &format!("{name}_{suffix}"), level);
        }
    }
}

/// Emits the geometry of a trie whose levels are `name_*`, which both tries' walks read:
/// `NAME_BITS`, the bits of each level below the top (leaf first), and `NAME_MID_SCALE`
/// (see `Trie::scale`).
pub fn emit_geometry(out: &mut Out, name: &str, bits: [u32; 4], scale: u32) {
    let [a, b, c, d] = bits;
    writeln!(
        out,
        "pub(crate) const {name}_BITS: [u32; 4] = [{a}, {b}, {c}, {d}];"
    )
    .unwrap();
    writeln!(out, "pub(crate) const {name}_MID_SCALE: u32 = {scale};").unwrap();
}

/// Emits `pub(crate) static NAME: [uN; len] = [...];` with the narrowest element type.
pub fn emit_array(out: &mut Out, name: &str, v: &[u32]) {
    let ty = match width(v) {
        1 => "u8",
        2 => "u16",
        _ => "u32",
    };
    writeln!(out, "pub(crate) static {name}: [{ty}; {}] = [", v.len()).unwrap();
    for chunk in v.chunks(24) {
        let line: Vec<String> = chunk.iter().map(u32::to_string).collect();
        writeln!(out, "    {},", line.join(", ")).unwrap();
    }
    writeln!(out, "];").unwrap();
    let bytes = v
        .iter()
        .flat_map(|x| x.to_le_bytes().into_iter().take(width(v)))
        .collect();
    out.tables.push((name.to_string(), bytes));
}
