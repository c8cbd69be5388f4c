//! A four-level trie of deduplicated blocks (the unicode-ident layout, one level deeper):
//!
//! ```text
//! top[cp >> (LEAF+MID+UPPER)] -> upper block u; upper[u * 2^UPPER + ..] -> mid block m;
//! mid[m * 2^MID + ..] -> leaf block l; leaf[l * 2^LEAF + cp % 2^LEAF] -> value
//! ```
//!
//! Identical blocks are stored once at both levels. Code points past the end of `top` have
//! the default value, so long default tails (planes 3..16) cost nothing.

use std::collections::HashMap;
use std::fmt::Write;

pub struct Trie {
    /// Bits consumed by each level, leaf first: `[leaf, mid, upper]`.
    pub bits: [u32; 3],
    /// `[leaf, mid, upper, top]` arrays.
    pub levels: [Vec<u32>; 4],
}

fn dedup_blocks(values: &[u32], size: usize, store: &mut Vec<u32>) -> Vec<u32> {
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

/// Byte width of the smallest unsigned integer type holding every element.
pub fn width(v: &[u32]) -> usize {
    match v.iter().copied().max().unwrap_or(0) {
        0..=0xFF => 1,
        0x100..=0xFFFF => 2,
        _ => 4,
    }
}

fn padded(values: &[u32], default: u32, span: usize) -> Vec<u32> {
    let last = values.iter().rposition(|&v| v != default).unwrap_or(0);
    let end = (last / span + 1) * span;
    let mut v = values[..end.min(values.len())].to_vec();
    v.resize(end, default);
    v
}

impl Trie {
    /// Tries every block geometry in a small range and keeps the smallest. The code space is
    /// padded (with `default`) to the largest span tried, so every geometry divides it.
    pub fn build_smallest(values: &[u32], default: u32) -> Trie {
        let values = padded(values, default, 1 << 16);
        let mut best: Option<Trie> = None;
        for leaf_bits in 3..=6 {
            let mut leaf = Vec::new();
            let leaf_ids = dedup_blocks(&values, 1 << leaf_bits, &mut leaf);
            for mid_bits in 2..=5 {
                let mut mid = Vec::new();
                let mid_ids = dedup_blocks(&leaf_ids, 1 << mid_bits, &mut mid);
                for upper_bits in 1..=5 {
                    if leaf_bits + mid_bits + upper_bits > 16 {
                        continue;
                    }
                    let mut upper = Vec::new();
                    let top = dedup_blocks(&mid_ids, 1 << upper_bits, &mut upper);
                    let levels = [leaf.clone(), mid.clone(), upper, top];
                    let t = Trie {
                        bits: [leaf_bits, mid_bits, upper_bits],
                        levels,
                    };
                    if best.as_ref().is_none_or(|b| t.bytes() < b.bytes()) {
                        best = Some(t);
                    }
                }
            }
        }
        best.expect("at least one geometry")
    }

    pub fn bytes(&self) -> usize {
        self.levels.iter().map(|l| l.len() * width(l)).sum()
    }

    /// Emits the four arrays and the geometry constants under `NAME_*`.
    pub fn emit(&self, name: &str, out: &mut String) {
        let [a, b, c] = self.bits;
        writeln!(
            out,
            "pub(crate) const {name}_BITS: [u32; 3] = [{a}, {b}, {c}];"
        )
        .unwrap();
        for (level, suffix) in self.levels.iter().zip(["LEAF", "MID", "UPPER", "TOP"]) {
            emit_array(out, &format!("{name}_{suffix}"), level);
        }
    }
}

/// Emits `pub(crate) static NAME: [uN; len] = [...];` with the narrowest element type.
pub fn emit_array(out: &mut String, name: &str, v: &[u32]) {
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
}
