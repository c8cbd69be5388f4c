//! A trie for the IDNA mapping whose leaves are small offsets (at most 8 bits, packed when
//! narrower): the mid level stores, for each leaf block, a block of offset patterns *and* a
//! base index into the entry table.
//!
//! ```text
//! leaf value v < SPECIALS:           that special status (valid, ignored, disallowed)
//! v < SPECIALS + SHARED:             ENTRIES[v - SPECIALS], a shared entry
//! otherwise:                         ENTRIES[base + v - SPECIALS - SHARED]
//! ```
//!
//! Entries are laid out in code point order after the shared ones, so runs of mapped code
//! points (consecutive strings, or one delta repeated) give the same offset pattern
//! everywhere and their leaf blocks are stored once. A block whose entries are all stored
//! within reach of one base, however far back (a repeated block of letters, as Arabic
//! mathematical ones), reads them there. Otherwise an entry reused far from its first use
//! is copied nearer, to keep every offset below `2^value_bits`, unless it is one of the
//! `SHARED` entries that would be copied most often, which every block reads at one place
//! (and a block of shared entries and statuses only, such as the case pairs of Latin
//! Extended-A, has one pattern wherever it is). The width, the number of shared entries and
//! the block geometry were chosen together, the smallest sum kept, and are fixed
//! ([`CHOSEN`]); the search runs again, as a check, where `MICROURL_TABLE_SEARCH` is set.

use crate::trie::{
    Out, each_upper_geometry, emit_geometry, emit_level, level_bytes, overlap_blocks, packed,
};
use std::collections::HashMap;
use std::fmt::Write;

/// Number of special leaf values.
pub const SPECIALS: u32 = 3;
/// The special value of a disallowed code point, the default past the end of `top`.
pub const DISALLOWED: u32 = 2;
/// Bits of an entry's payload (see build/gen.rs), which every payload is asserted to fit.
pub const PAYLOAD_BITS: u32 = 17;
/// Bits of a stored entry (see `stored_entries`): the kind in two, the payload.
const ENTRY_BITS: u32 = 2 + PAYLOAD_BITS;
/// The geometries [`OffsetTrie::build`] tries, the smallest trie kept: leaf blocks of
/// `2^leaf_bits` code points, leaf values of `value_bits` bits (narrower leaves reuse
/// entries from less far back, so they store more entries again), `shared` shared entries
/// (see `leaves`: the entries stored most often without sharing, case pairs' deltas and
/// such, read from any block, neither stored again nor tied to a base), and mid blocks of
/// `2^mid_bits` leaf blocks (the levels above them are always searched: they are quick).
pub struct Geometries {
    leaf_bits: std::ops::RangeInclusive<u32>,
    value_bits: std::ops::RangeInclusive<u32>,
    shared: &'static [usize],
    mid_bits: std::ops::RangeInclusive<u32>,
}

/// The geometry the build uses: the smallest of [`SEARCHED`] (4-bit leaves, 2 shared
/// entries, leaf blocks of 8 code points and mid blocks of 2). Searching takes seconds, which
/// every clean build of the crate with `idna` would pay: the build script searches only when
/// `MICROURL_TABLE_SEARCH` is set (`scripts/table-report.sh` sets it), and then fails if
/// another geometry is smaller than this one.
pub const CHOSEN: Geometries = Geometries {
    leaf_bits: 3..=3,
    value_bits: 4..=4,
    shared: &[2],
    mid_bits: 1..=1,
};

/// The geometries searched: ranges narrowed around the smallest layout found over wider
/// ones (leaf blocks of 4 to 32 code points, leaf values of 4 to 8 bits, 0 to 64 shared
/// entries).
pub const SEARCHED: Geometries = Geometries {
    leaf_bits: 2..=4,
    value_bits: 3..=5,
    shared: &[0, 2, 4, 8],
    mid_bits: 1..=5,
};

pub struct OffsetTrie {
    bits: [u32; 4],
    /// See `Trie::scale` (build/trie.rs).
    scale: u32,
    leaf: Vec<u32>,
    /// Per leaf block: the offset of its pattern in `leaf` above `base_bits`, its base below.
    mid: Vec<u32>,
    base_bits: u32,
    upper: Vec<u32>,
    upper2: Vec<u32>,
    top: Vec<u32>,
    pub entries: Vec<u32>,
    /// How many entries, at the start of `entries`, leaves read from any block.
    shared: usize,
}

/// A code point's value: `Special(s)` with `s < SPECIALS`, or an entry.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub enum Cell {
    Special(u32),
    Entry(u32),
}

#[derive(Clone)]
struct Leaves {
    entries: Vec<u32>,
    leaf: Vec<u32>,
    /// Per leaf block of the code space: (offset of its pattern in `leaf`, base).
    blocks: Vec<(u32, u32)>,
}

/// Where to read `needed` (the entries of a block, in order) from copies already stored
/// within `span` of one base, however far back (a repeated block of letters, as Arabic
/// mathematical ones): the most recent such base's copies, or `None`.
fn stored_within(
    stored: &HashMap<u32, Vec<usize>>,
    needed: &[u32],
    span: usize,
) -> Option<Vec<usize>> {
    let copies = stored.get(needed.first()?)?;
    copies.iter().rev().find_map(|&p| {
        (p.saturating_sub(span - 1)..=p).rev().find_map(|base| {
            needed
                .iter()
                .map(|e| {
                    let within = |&q: &usize| q >= base && q < base + span;
                    stored.get(e)?.iter().copied().find(within)
                })
                .collect()
        })
    })
}

/// The leaf patterns of blocks of `2^leaf_bits` cells, their values below `2^value_bits`
/// (`None` when no entry could be reused at that width). The entries of `shared` are the
/// first ones, which a leaf reads as `SPECIALS + i` from any block; the others follow, read
/// at `SPECIALS + shared.len() + i` from the block's base.
fn leaves(cells: &[Cell], leaf_bits: u32, value_bits: u32, shared: &[u32]) -> Option<Leaves> {
    // How far back an existing entry may be reused: offsets stay below `2^value_bits` with
    // up to `2^leaf_bits` new entries per block.
    let window = (1usize << value_bits)
        .checked_sub(1 + SPECIALS as usize + shared.len() + (1 << leaf_bits))?;
    let first = SPECIALS + shared.len() as u32;
    let mut entries = shared.to_vec();
    let mut latest: HashMap<u32, usize> = HashMap::new();
    let mut patterns: HashMap<Vec<u32>, u32> = HashMap::new();
    let (mut leaf, mut blocks) = (Vec::new(), Vec::new());
    // Where each entry is stored (every copy).
    let mut stored: HashMap<u32, Vec<usize>> = HashMap::new();
    // Offsets from a block's base stay below this.
    let span = (1usize << value_bits) - first as usize;
    for block in cells.chunks(1 << leaf_bits) {
        let needed: Vec<u32> = block
            .iter()
            .filter_map(|cell| match *cell {
                Cell::Entry(e) if !shared.contains(&e) => Some(e),
                _ => None,
            })
            .collect();
        let mut reused = stored_within(&stored, &needed, span).into_iter().flatten();
        let mut index = Vec::with_capacity(block.len());
        for cell in block {
            index.push(match *cell {
                Cell::Special(_) => None,
                Cell::Entry(e) if shared.contains(&e) => None,
                Cell::Entry(e) => Some(match reused.next() {
                    Some(i) => i,
                    None => match latest.get(&e) {
                        Some(&i) if i + window >= entries.len() => i,
                        _ => {
                            entries.push(e);
                            latest.insert(e, entries.len() - 1);
                            stored.entry(e).or_default().push(entries.len() - 1);
                            entries.len() - 1
                        }
                    },
                }),
            });
        }
        let base = index.iter().flatten().copied().min().unwrap_or(0);
        let pattern: Vec<u32> = block
            .iter()
            .zip(&index)
            .map(|(cell, i)| match (cell, i) {
                (Cell::Special(s), _) => *s,
                (_, Some(i)) => (i - base) as u32 + first,
                (Cell::Entry(e), None) => {
                    SPECIALS + shared.iter().position(|s| s == e).expect("shared") as u32
                }
            })
            .collect();
        assert!(pattern.iter().all(|&v| v < 1 << value_bits));
        let next = patterns.len() as u32;
        let id = *patterns.entry(pattern.clone()).or_insert_with(|| {
            leaf.extend_from_slice(&pattern);
            next
        });
        blocks.push((id, base as u32));
    }
    // The mid level holds offsets into the overlapped patterns instead of pattern numbers.
    let (leaf, offsets) = overlap_blocks(&leaf, 1 << leaf_bits);
    let blocks = blocks
        .into_iter()
        .map(|(id, base)| (offsets[id as usize], base))
        .collect();
    Some(Leaves {
        entries,
        leaf,
        blocks,
    })
}

impl Leaves {
    /// Tries the geometries of the levels above these leaves (blocks of `2^a` code points,
    /// `shared` shared entries); keeps in `best` the smallest trie.
    fn smallest_above(
        &self,
        a: u32,
        shared: usize,
        mid_bits: std::ops::RangeInclusive<u32>,
        last: usize,
        best: &mut Option<OffsetTrie>,
    ) {
        assert!(
            self.blocks
                .iter()
                .all(|&(id, base)| id < 1 << 16 && base < 1 << 16)
        );
        let pairs: Vec<u32> = self
            .blocks
            .iter()
            .map(|&(id, base)| id << 16 | base)
            .collect();
        each_upper_geometry(
            &pairs,
            a,
            mid_bits,
            last,
            |[b, c, d, scale], mid, upper, upper2, top| {
                let base_bits = 32
                    - mid
                        .iter()
                        .map(|p| p & 0xFFFF)
                        .max()
                        .unwrap_or(0)
                        .leading_zeros();
                let t = OffsetTrie {
                    bits: [a, b, c, d],
                    scale,
                    leaf: self.leaf.clone(),
                    mid: mid
                        .iter()
                        .map(|p| (p >> 16) << base_bits | p & 0xFFFF)
                        .collect(),
                    base_bits,
                    upper: upper.to_vec(),
                    upper2,
                    top,
                    entries: self.entries.clone(),
                    shared,
                };
                if best.as_ref().is_none_or(|x| t.bytes() < x.bytes()) {
                    *best = Some(t);
                }
            },
        );
    }
}

impl OffsetTrie {
    /// Tries the block geometries of `g` and keeps the smallest.
    pub fn build(cells: &[Cell], g: &Geometries) -> OffsetTrie {
        assert_eq!(cells.len(), 0x11_0000);
        let mut best: Option<OffsetTrie> = None;
        // Past the end of the top level everything is disallowed.
        let last = cells
            .iter()
            .rposition(|&c| c != Cell::Special(DISALLOWED))
            .unwrap_or(0);
        let geometries = g
            .leaf_bits
            .clone()
            .flat_map(|a| g.value_bits.clone().map(move |v| (a, v)));
        for (a, value_bits) in geometries {
            // The candidates for sharing: the entries stored most often without it.
            let Some(alone) = leaves(cells, a, value_bits, &[]) else {
                continue;
            };
            let mut copies: HashMap<u32, usize> = HashMap::new();
            for &e in &alone.entries {
                *copies.entry(e).or_insert(0) += 1;
            }
            let mut popular: Vec<(usize, u32)> = copies.into_iter().map(|(e, k)| (k, e)).collect();
            popular.sort_by(|x, y| y.cmp(x));
            let popular: Vec<u32> = popular.into_iter().map(|(_, e)| e).collect();
            for &n in g.shared {
                let shared = &popular[..n.min(popular.len())];
                let l = match n {
                    0 => alone.clone(),
                    _ => match leaves(cells, a, value_bits, shared) {
                        Some(l) => l,
                        None => continue,
                    },
                };
                l.smallest_above(a, shared.len(), g.mid_bits.clone(), last, &mut best);
            }
        }
        best.expect("at least one geometry")
    }

    fn arrays(&self) -> [(&str, &Vec<u32>); 5] {
        [
            ("LEAF", &self.leaf),
            ("MID", &self.mid),
            ("UPPER", &self.upper),
            ("UPPER2", &self.upper2),
            ("TOP", &self.top),
        ]
    }

    /// The entries as stored: `ENTRY_BITS` each, `kind - SPECIALS` in bits 0-1 and the
    /// payload of the entry (bits 3 and up, see build/gen.rs) above.
    fn stored_entries(&self) -> Vec<u32> {
        self.entries
            .iter()
            .map(|&e| {
                let kind = e & 7;
                assert!((SPECIALS..SPECIALS + 4).contains(&kind), "{e:X}");
                let payload = e >> 3;
                assert!(payload >> PAYLOAD_BITS == 0, "{e:X}");
                (kind - SPECIALS) | payload << 2
            })
            .collect()
    }

    /// Bytes of the trie arrays and of the packed entries.
    pub fn bytes(&self) -> usize {
        let arrays: usize = self.arrays().iter().map(|(_, v)| level_bytes(v)).sum();
        arrays + packed(&self.stored_entries(), ENTRY_BITS).len()
    }

    pub fn emit(&self, name: &str, out: &mut Out) {
        emit_geometry(out, name, self.bits, self.scale);
        writeln!(
            out,
            "pub(crate) const {name}_MID_BASE_BITS: u32 = {};",
            self.base_bits
        )
        .unwrap();
        for (suffix, v) in self.arrays() {
            emit_level(out, &format!("{name}_{suffix}"), v);
        }
        writeln!(
            out,
            "pub(crate) const {name}_ENTRY_BITS: u32 = {ENTRY_BITS};"
        )
        .unwrap();
        writeln!(
            out,
            "pub(crate) const {name}_SHARED: usize = {};",
            self.shared
        )
        .unwrap();
        let entries = self.stored_entries();
        let bytes = packed(&entries, ENTRY_BITS);
        writeln!(
            out,
            "pub(crate) static {name}_ENTRIES: super::Packed<{ENTRY_BITS}, {}, {}> = super::Packed({bytes:?});",
            entries.len(),
            bytes.len()
        )
        .unwrap();
        let bytes = bytes.iter().map(|&b| b as u8).collect();
        out.tables.push((format!("{name}_ENTRIES"), bytes));
    }
}
