//! Normalization Form C ([UAX #15](https://www.unicode.org/reports/tr15/)) as a lazy,
//! allocation-free iterator, on our own tables.
//!
//! Two ways, both linear in the input:
//! - UTS46 processing normalizes each label in its output buffer
//!   ([`normalize_decomposed_in_place`]): the label is written decomposed, each run of
//!   combining marks out of canonical order is radix-sorted by class through scratch after
//!   it, then composed in place; a fixed number of reads per character.
//! - Without a buffer ([`Nfc`], for the public [`nfc`], [`is_nfc`]): the input is fully
//!   decomposed on the fly ([`Decomposed`]); each run of non-starters is put in canonical
//!   order by re-reading it once per distinct combining class present, and composition
//!   replays each segment twice: once to find the final starter (only the classes that
//!   hold a composition second can change it), once to emit it and the marks that did not
//!   compose (k + j + 1 reads per character for k classes, j of which hold a second). Source
//!   iterators are cloned to re-read, so they must be cheap to clone (`str::Chars` and
//!   wrappers are).

use crate::idna::IdnaError;
use crate::idna::writer::Writer;
use crate::tables::{
    compose_pair, decompose_once, is_composition_second, is_unstable_starter, may_decompose, props,
};

mod in_place;
mod streamed;
pub(crate) use in_place::normalize_decomposed_in_place;
pub(crate) use streamed::{STREAMED_NFC_ROOM, StreamedNfc};

const S_BASE: u32 = 0xAC00;
const L_BASE: u32 = 0x1100;
const V_BASE: u32 = 0x1161;
const T_BASE: u32 = 0x11A7;
const L_COUNT: u32 = 19;
const V_COUNT: u32 = 21;
const T_COUNT: u32 = 28;
const N_COUNT: u32 = V_COUNT * T_COUNT;
const S_COUNT: u32 = L_COUNT * N_COUNT;
/// No code point below U+0300 is the second of a canonical composition (checked by the
/// generator), nor has a non-zero combining class.
const FIRST_SECOND: u32 = 0x300;

/// Canonical_Combining_Class, with the common case (below U+0300 every class is 0) free.
pub(crate) fn ccc(c: char) -> u8 {
    if (c as u32) < FIRST_SECOND {
        0
    } else {
        props(c).ccc()
    }
}

/// Whether `c`, valid or deviation in UTS46 (what mapping writes), is NFC_Quick_Check=Yes
/// with combining class 0, so that a string of such characters is its own NFC ([UAX #15 §9](https://www.unicode.org/reports/tr15/#Detecting_Normalization_Forms)):
/// every character below U+0300; above, one outside the Hangul jamo block (they compose
/// algorithmically, outside the tables) of class 0, that is the second of no composition,
/// and that has no canonical decomposition or is the primary composite of its own (Cyrillic
/// й, Greek ά: what composition gives back). Conservative: a false answer only sends the
/// text through the full algorithm (`tests::stable_means_quick_check_yes`).
///
/// One property lookup, and outside the pages that hold decompositions ([`may_decompose`]:
/// the CJK ideographs, most scripts, where no character of class 0 is the second of a
/// composition, as the generator asserts) nothing else; inside them, one search of the few
/// characters the definition excludes, listed by the generator
/// ([`is_unstable_starter`], `tests::stable_shortcut_matches_its_definition`).
pub(crate) fn is_stable(c: char) -> bool {
    let u = c as u32;
    u < FIRST_SECOND
        || (!(0x1100..0x1200).contains(&u)
            && props(c).ccc() == 0
            && (!may_decompose(c) || !is_unstable_starter(c)))
}

/// `s / N_COUNT` for `s < S_COUNT` (a Hangul syllable index), as a multiply and a shift:
/// Cortex-M0 has no divide instruction, and at opt-level `s` the division is a call to
/// `__aeabi_uidivmod`, slower and 56 bytes deeper on the stack (stack bound). Exact on the whole
/// range (`hangul_division_by_multiplication`).
fn div_n_count(s: u32) -> u32 {
    (s * 14_267) >> 23
}

/// `s / T_COUNT` for `s < S_COUNT`, as [`div_n_count`].
fn div_t_count(s: u32) -> u32 {
    (s * 9_363) >> 18
}

/// The index of the Hangul syllable `c` (`c - S_BASE`, below `S_COUNT`).
fn hangul_index(c: char) -> Option<u32> {
    (c as u32).checked_sub(S_BASE).filter(|&s| s < S_COUNT)
}

/// The T part's offset from `T_BASE` of the Hangul syllable of index `s` (0: none).
fn hangul_t(s: u32) -> u32 {
    s - div_t_count(s) * T_COUNT
}

/// The first character of the full canonical decomposition of `c` and the decomposition's
/// length (at most 4 code points, checked by the generator). Returned, not written into a
/// buffer: no array in the frame of the stream that reads the source ([`Decomposed`];
/// Cortex-M stack bound).
fn decomposition_start(c: char) -> (char, u32) {
    if (c as u32) < 0xC0 {
        return (c, 1);
    }
    if let Some(s) = hangul_index(c) {
        let l = char::from_u32(L_BASE + div_n_count(s)).unwrap_or_default();
        return (l, 2 + u32::from(hangul_t(s) != 0));
    }
    // Only the first component of a decomposition decomposes further: the innermost
    // first, then the seconds met on the way in (at most 3), innermost first.
    let (mut head, mut seconds) = (c, 0);
    while may_decompose(head) {
        let Some((first, second)) = decompose_once(head) else {
            break;
        };
        if second.is_some() && seconds < 3 {
            seconds += 1;
        }
        head = first;
    }
    (head, 1 + seconds)
}

/// The character at `pos` (from 1) of the full canonical decomposition of `c`, whose length
/// is `len` ([`decomposition_start`]): the `len - pos`-th second met from the outside in.
fn decomposition_at(c: char, pos: u32, len: u32) -> char {
    if let Some(s) = hangul_index(c) {
        let part = match pos {
            1 => V_BASE + div_t_count(s - div_n_count(s) * N_COUNT),
            _ => T_BASE + hangul_t(s),
        };
        return char::from_u32(part).unwrap_or_default();
    }
    let (mut head, mut met) = (c, 0);
    while may_decompose(head) {
        let Some((first, second)) = decompose_once(head) else {
            break;
        };
        if let (Some(s), true) = (second, met < 3) {
            met += 1;
            if met == len - pos {
                return s;
            }
        }
        head = first;
    }
    head
}

/// The canonical decomposition (NFD without reordering) of a character source.
#[derive(Clone, Debug)]
pub(crate) struct Decomposed<I> {
    src: I,
    /// The source character whose decomposition is being returned (bits 0-20), where in it
    /// (bits 24-27) and its length (bits 28-31): the rest of it is decomposed again when
    /// asked for (rarely: a decomposition beyond its first character), not kept, and the
    /// three fit one word, so every copy of this state (the NFC stream clones it several
    /// times per segment) is small (Cortex-M stack bound).
    current: u32,
}

impl<I> Decomposed<I> {
    pub(crate) fn new(src: I) -> Self {
        Decomposed { src, current: 0 }
    }
}

impl<I: Iterator<Item = char>> Iterator for Decomposed<I> {
    type Item = char;

    fn next(&mut self) -> Option<char> {
        let (pos, len) = ((self.current >> 24) & 0xF, self.current >> 28);
        if pos < len {
            let c = char::from_u32(self.current & 0x1F_FFFF).unwrap_or_default();
            self.current += 1 << 24;
            return Some(decomposition_at(c, pos, len));
        }
        let c = self.src.next()?;
        let (first, n) = decomposition_start(c);
        self.current = match n {
            1 => 0,
            _ => c as u32 | 1 << 24 | n << 28,
        };
        Some(first)
    }
}

/// A run of non-starters, read in stable canonical order (by combining class).
#[derive(Clone, Debug)]
struct SortedRun<I> {
    /// The run's first mark; the run ends at the first starter (or the end) after it: a
    /// pass reads one character past the run rather than keep its length (this
    /// state is on the deepest stack chain on Cortex-M0).
    start: I,
    it: I,
    /// Class being emitted in this pass; 256 when done.
    class: u16,
    /// Smallest class above `class` seen in this pass.
    next_class: u16,
}

impl<I: Iterator<Item = char> + Clone> SortedRun<I> {
    /// A run with nothing to read (as one read to its end is).
    fn empty(src: &I) -> Self {
        SortedRun {
            start: src.clone(),
            it: src.clone(),
            class: 256,
            next_class: 256,
        }
    }

    /// Consumes the run of non-starters at the front of `it` into this run, in place: no
    /// run and no lookahead copy of the source in the caller's frame (`self.it` is the
    /// lookahead; Cortex-M0 stack bound).
    fn take(&mut self, it: &mut I) {
        self.start.clone_from(it);
        let mut min = 256;
        loop {
            self.it.clone_from(it);
            match self.it.next().map(ccc) {
                Some(k) if k != 0 => {
                    it.clone_from(&self.it);
                    min = min.min(u16::from(k));
                }
                _ => break,
            }
        }
        self.rewind(min);
    }

    /// Whether every mark of the run is the second of a canonical composition (a pass of
    /// its own: asked only of a run whose seconds all composed).
    fn all_seconds(&mut self) -> bool {
        self.it.clone_from(&self.start);
        loop {
            match self.it.next() {
                Some(c) if ccc(c) != 0 && is_composition_second(c) => {}
                Some(c) if ccc(c) != 0 => return false,
                _ => return true,
            }
        }
    }

    /// The character at the front of `it`, read through this run's cursor (which a
    /// [`SortedRun::rewind`] resets): no copy of the source in the caller's frame.
    fn peek_through(&mut self, it: &I) -> Option<char> {
        self.it.clone_from(it);
        self.it.next()
    }
}

impl<I: Iterator<Item = char> + Clone> SortedRun<I> {
    /// The next mark in canonical order, of the classes that hold a composition second
    /// only when `seconds_only` ([`analyze`]'s passes: no other mark composes, and one
    /// of a lower class never blocks a composition, so those classes need no pass of their
    /// own). Inlined into its two readers: one frame less on the NFC stream's deepest chain.
    #[inline(always)]
    fn next_in(&mut self, seconds_only: bool) -> Option<(char, u8)> {
        while self.class < 256 {
            let Some((c, k)) = self.it.next().map(|c| (c, ccc(c))).filter(|&(_, k)| k != 0) else {
                // The pass is over: the next class up, from the run's start.
                self.class = self.next_class;
                self.next_class = 256;
                self.it.clone_from(&self.start);
                continue;
            };
            let class = u16::from(k);
            if class == self.class {
                return Some((c, k));
            }
            if class > self.class
                && class < self.next_class
                && (!seconds_only || is_composition_second(c))
            {
                self.next_class = class;
            }
        }
        None
    }
}

impl<I: Iterator<Item = char> + Clone> Iterator for SortedRun<I> {
    type Item = (char, u8);

    // Inlined as `next_in` is, for the same frame.
    #[inline(always)]
    fn next(&mut self) -> Option<(char, u8)> {
        self.next_in(false)
    }
}

/// Canonical composition of two characters, Hangul included.
fn compose(a: char, b: char) -> Option<char> {
    let (a32, b32) = (a as u32, b as u32);
    if b32 < FIRST_SECOND {
        return None;
    }
    let lv = a32.checked_sub(L_BASE).zip(b32.checked_sub(V_BASE));
    if let Some((l, v)) = lv.filter(|&(l, v)| l < L_COUNT && v < V_COUNT) {
        return char::from_u32(S_BASE + (l * V_COUNT + v) * T_COUNT);
    }
    let st = a32.checked_sub(S_BASE).zip(b32.checked_sub(T_BASE));
    let lvt =
        |&(s, t): &(u32, u32)| s < S_COUNT && div_t_count(s) * T_COUNT == s && t > 0 && t < T_COUNT;
    if let Some((_, t)) = st.filter(lvt) {
        return char::from_u32(a32 + t);
    }
    compose_pair(a, b)
}

/// The state of the canonical composition algorithm within one segment.
#[derive(Clone, Copy, Debug)]
struct Composer {
    starter: Option<char>,
    /// Combining class of the last character left uncomposed since the starter.
    last: Option<u8>,
}

impl Composer {
    /// The state at the start of a segment's marks, after `starter` (none: the segment
    /// starts with a mark).
    const fn at(starter: Option<char>) -> Composer {
        Composer {
            starter,
            last: None,
        }
    }

    /// Feeds the next non-starter (in canonical order); true if it composed.
    fn feed(&mut self, c: char, class: u8) -> bool {
        let blocked = self.last.is_some_and(|last| last >= class);
        if let Some(composite) = self
            .starter
            .filter(|_| !blocked)
            .and_then(|s| compose(s, c))
        {
            self.starter = Some(composite);
            return true;
        }
        self.last = Some(class);
        false
    }
}

impl<I: Iterator<Item = char> + Clone> SortedRun<I> {
    /// Back to the first mark of the run, `class` the smallest class in it.
    fn rewind(&mut self, class: u16) {
        self.it.clone_from(&self.start);
        self.class = class;
        self.next_class = 256;
    }
}

/// Reads the next segment into `nfc`: its starter (the starters that composed into it),
/// the last run of marks with the composer state at its start (to replay which marks
/// compose), and where the segment ends; false at the end of the source. Written in place,
/// not returned: a returned segment (three copies of the source state) would sit in the
/// caller's frame as well. It keeps no copy of the source of its own, so it is inlined into
/// its one caller ([`Nfc::next_buffer_free`]): one frame less on the deepest chain (the
/// Cortex-M stack bound).
#[inline(always)]
fn analyze<I: Iterator<Item = char> + Clone>(nfc: &mut Nfc<I>) -> bool {
    // The fields in place, the run's cursor as the lookahead: no copy of the source state
    // or of the run in this frame (this function is on the deepest chain on
    // Cortex-M0, under an `xn--` label's NFC check).
    let Nfc {
        next_segment: it,
        pending_starter,
        run,
        replay_from,
    } = nfc;
    let Some(first) = run.peek_through(it) else {
        return false;
    };
    let mut comp = Composer::at(None);
    if ccc(first) == 0 {
        it.next();
        comp.starter = Some(first);
    }
    loop {
        let before = Composer {
            starter: comp.starter,
            last: None,
        };
        if run
            .peek_through(it)
            .is_none_or(|n| (n as u32) < FIRST_SECOND)
        {
            // Fast path: nothing follows that could be a mark or compose (the last run is
            // empty: nothing to replay).
            *pending_starter = comp.starter;
            run.rewind(256);
            return true;
        }
        // The run is read where it is replayed from (replaced if the next starter
        // composes).
        run.take(it);
        comp = before;
        // Fed through the run itself, then rewound (no second copy of it on the stack):
        // the classes that hold a composition second, which are all that can change the
        // starter (<https://www.unicode.org/reports/tr15/#Canonical_Composition_Algorithm>:
        // in canonical order a mark is blocked only by an uncomposed one of its own class).
        let smallest = run.class;
        while let Some((c, class)) = run.next_in(true) {
            comp.feed(c, class);
        }
        if comp.last.is_none() {
            let next = run.peek_through(it).filter(|&n| ccc(n) == 0);
            let composite = comp.starter.zip(next).and_then(|(s, n)| compose(s, n));
            if let Some(composite) = composite.filter(|_| run.all_seconds()) {
                it.next();
                comp.starter = Some(composite);
                continue;
            }
        }
        run.rewind(smallest);
        *pending_starter = comp.starter;
        *replay_from = before;
        return true;
    }
}

/// The NFC form of a decomposed character source, lazily.
#[derive(Clone, Debug)]
pub(crate) struct Nfc<I> {
    next_segment: I,
    pending_starter: Option<char>,
    /// The last run of marks of the segment, replayed with the composer state at its start
    /// (`replay_from`) to emit the marks that did not compose; read to its end when there
    /// is nothing to replay.
    run: SortedRun<I>,
    replay_from: Composer,
}

impl<I: Iterator<Item = char> + Clone> Nfc<I> {
    pub(crate) fn new(decomposed: I) -> Self {
        Nfc {
            run: SortedRun::empty(&decomposed),
            next_segment: decomposed,
            pending_starter: None,
            replay_from: Composer::at(None),
        }
    }

    /// The buffer-free path: replays the current segment's marks, then analyzes the next
    /// segment. Not inlined: its locals (segments and sorted runs hold several clones of
    /// the source) stay off the common path's stack.
    #[inline(never)]
    fn next_buffer_free(&mut self) -> Option<char> {
        loop {
            if let Some(s) = self.pending_starter.take() {
                return Some(s);
            }
            for (c, class) in self.run.by_ref() {
                if !self.replay_from.feed(c, class) {
                    return Some(c);
                }
            }
            if !analyze(self) {
                return None;
            }
        }
    }
}

/// A starter that no composition takes as its second character: nothing before it can
/// interact with anything after it, so normalization can restart there.
pub(crate) fn is_chunk_boundary(c: char) -> bool {
    is_chunk_boundary_of_class(c, ccc(c))
}

/// [`is_chunk_boundary`] given `c`'s combining class.
fn is_chunk_boundary_of_class(c: char, class: u8) -> bool {
    let cp = c as u32;
    if cp < FIRST_SECOND {
        return true;
    }
    let hangul_second =
        (V_BASE..V_BASE + V_COUNT).contains(&cp) || (T_BASE + 1..T_BASE + T_COUNT).contains(&cp);
    class == 0 && !hangul_second && !is_composition_second(c)
}

impl<I: Iterator<Item = char> + Clone> Iterator for Nfc<I> {
    type Item = char;

    fn next(&mut self) -> Option<char> {
        self.next_buffer_free()
    }
}

/// Whether `label` is in NFC: a quick check first (every character a starter that neither
/// decomposes nor composes with what precedes it, so normalization is the identity), else
/// a full comparison ([`is_nfc_by_normalizing`]). The quick check keeps this frame small:
/// the full comparison's iterator state (a few hundred bytes) is in the other function's
/// frame, on the stack only for labels the quick check cannot decide (the deepest
/// chain on Cortex-M runs through here).
#[inline(always)]
pub(crate) fn is_nfc(label: &str) -> bool {
    let quick_yes =
        |c: char| (c as u32) < FIRST_SECOND || (is_chunk_boundary(c) && !may_decompose(c));
    label.chars().all(quick_yes) || is_nfc_by_normalizing(label)
}

/// NFC(`label`) == `label`, by normalizing. Not inlined (see [`is_nfc`]).
#[inline(never)]
fn is_nfc_by_normalizing(label: &str) -> bool {
    // A loop, not `Iterator::eq`, which takes both iterators by value (a copy of the
    // stream's state in its frame).
    let mut nfc = nfc_chars(crate::idna::mapping::Mapped::unmapped(label));
    let mut chars = label.chars();
    loop {
        let c = nfc.next();
        if c != chars.next() {
            return false;
        }
        if c.is_none() {
            return true;
        }
    }
}

/// NFC of any character source.
pub(crate) fn nfc_chars<I: Iterator<Item = char> + Clone>(src: I) -> Nfc<Decomposed<I>> {
    Nfc::new(Decomposed::new(src))
}

/// Writes the [NFC](https://www.unicode.org/reports/tr15/#Norm_Forms) form of `input` into
/// `out` and returns its length in bytes: the normalization step of UTS46 processing.
///
/// Exact for the text that step can receive: characters whose UTS46 status is valid,
/// deviation or disallowed, characters whose UTS46 mapping is canonically equivalent to
/// them (CJK compatibility ideographs, ...), and characters of UTS46 mapping results. To
/// save flash (about 3 KB), the tables leave out the canonical decompositions of the other
/// UTS46-mapped characters (uppercase precomposed letters such as `É`, singletons such as
/// U+212B ANGSTROM SIGN): those are passed through undecomposed. Full NFC for arbitrary
/// text is not this crate's job.
///
/// No heap and no fixed-size buffer: runs of combining marks of any length are reordered in
/// linear time. The output is never longer than 3 times the input
/// ([UAX #15 §13](https://www.unicode.org/reports/tr15/#Stream_Safe_Text_Format)).
///
/// # Errors
/// [`IdnaError::BufferTooSmall`] with the exact length needed if `out` is too short.
///
/// # Examples
/// ```
/// let mut out = [0u8; 16];
/// let n = microurl::idna::nfc("e\u{301}\u{327}", &mut out).unwrap();
/// assert_eq!(&out[..n], "ȩ\u{301}".as_bytes());
/// ```
pub fn nfc(input: &str, out: &mut [u8]) -> Result<usize, IdnaError> {
    let mut w = Writer::new(out);
    for c in nfc_chars(crate::idna::mapping::Mapped::unmapped(input)) {
        w.push_char(c);
    }
    w.finish()
}

#[cfg(test)]
#[path = "nfc_tests.rs"]
mod tests;
