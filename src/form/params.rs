//! [`URLSearchParams`](https://url.spec.whatwg.org/#interface-urlsearchparams) on fixed,
//! caller-provided storage.
//!
//! Layout: the list's tuples, in order, as `name 0xFF value 0xFF` with names and values as
//! UTF-8. 0xFF never occurs in UTF-8, so it needs no escaping and costs one byte per string.

use core::fmt;
use core::iter::FusedIterator;

use super::{Decoded, parse};
use crate::Error;

use super::sort::SEP;

/// `URLSearchParams` over storage `S` (`&mut [u8]`, `[u8; N]`, ...): an ordered list of
/// name/value strings. Operations that would need more than the storage return
/// [`Error::ArenaTooSmall`] and leave the list unchanged.
///
/// Each pair takes `name.len() + value.len() + 2` bytes of storage. `S`'s `as_ref` and
/// `as_mut` must return the same slice every time (as arrays, slices and `Vec` do).
///
/// ```
/// use microurl::form::SearchParams;
///
/// let mut storage = [0u8; 64];
/// let mut params = SearchParams::parse("?b=2&a=1&b=3", &mut storage[..])?;
/// assert_eq!(params.get("b"), Some("2"));
/// assert_eq!(params.get_all("b").collect::<Vec<_>>(), ["2", "3"]);
/// params.append("c", "x y")?;
/// params.delete("b", Some("3"));
/// params.sort();
/// assert_eq!(params.to_string(), "a=1&b=2&c=x+y");
/// # Ok::<(), microurl::Error>(())
/// ```
#[derive(Clone)]
pub struct SearchParams<S> {
    storage: S,
    /// Bytes of `storage` in use.
    end: usize,
    /// Number of pairs.
    count: usize,
}

/// [`SearchParams`] that owns `N` bytes of storage (for a `static` or a struct field).
///
/// ```
/// let mut params = microurl::form::SearchParamsBuf::<32>::default();
/// params.append("k", "v")?;
/// assert_eq!(params.to_string(), "k=v");
/// # Ok::<(), microurl::Error>(())
/// ```
pub type SearchParamsBuf<const N: usize> = SearchParams<[u8; N]>;

impl<const N: usize> Default for SearchParams<[u8; N]> {
    fn default() -> Self {
        SearchParams::new([0; N])
    }
}

/// One stored pair: `buf[start..name_end]` is the name, `buf[name_end + 1..end - 1]` the
/// value.
#[derive(Clone, Copy)]
struct Slot {
    start: usize,
    name_end: usize,
    end: usize,
}

impl Slot {
    fn value_start(self) -> usize {
        self.name_end + 1
    }

    fn value_end(self) -> usize {
        self.end - 1
    }
}

/// The slot starting at `start` in `used` (which holds whole pairs), if any.
fn slot_at(used: &[u8], start: usize) -> Option<Slot> {
    let rest = used.get(start..).filter(|r| !r.is_empty())?;
    let name_len = rest.iter().position(|&b| b == SEP)?;
    let value_len = rest.get(name_len + 1..)?.iter().position(|&b| b == SEP)?;
    Some(Slot {
        start,
        name_end: start + name_len,
        end: start + name_len + value_len + 2,
    })
}

/// Stored strings are copies of `&str`s, so this only fails if storage was corrupted.
fn as_str(bytes: &[u8]) -> &str {
    core::str::from_utf8(bytes).unwrap_or("")
}

/// An empty list stored in the vector's whole capacity (its contents are dropped).
/// [`SearchParams::new`] would store it in the vector's *length*, which `AsMut` gives: for a
/// new vector, none.
///
/// ```
/// use microurl::form::SearchParams;
/// let mut params = SearchParams::from(heapless::Vec::<u8, 64>::new());
/// assert_eq!(params.capacity(), 64);
/// params.append("fw", "2.1")?;
/// let mut buf = [0u8; 16];
/// assert_eq!(params.serialize_into(&mut buf)?, "fw=2.1");
/// # Ok::<(), microurl::Error>(())
/// ```
impl<const N: usize> From<heapless::Vec<u8, N>> for SearchParams<heapless::Vec<u8, N>> {
    fn from(mut storage: heapless::Vec<u8, N>) -> Self {
        storage.clear();
        // `N` zeros fit an `N`-byte vector: this cannot fail.
        let _ = storage.resize_default(N);
        SearchParams::new(storage)
    }
}

impl<S: AsRef<[u8]> + AsMut<[u8]>> SearchParams<S> {
    /// An empty list stored in `storage` (all of it: `AsMut`'s slice). For a
    /// `heapless::Vec`, use [`SearchParams::from`], which stores it in the vector's
    /// capacity rather than its length.
    ///
    /// ```
    /// let params = microurl::form::SearchParams::new([0u8; 16]);
    /// assert!(params.is_empty());
    /// assert_eq!(params.capacity(), 16);
    /// ```
    pub fn new(storage: S) -> Self {
        SearchParams {
            storage,
            end: 0,
            count: 0,
        }
    }

    /// `new URLSearchParams(init)` with a string: strips one leading `?` and parses the rest
    /// as `application/x-www-form-urlencoded`
    /// (<https://url.spec.whatwg.org/#dom-urlsearchparams-urlsearchparams>).
    ///
    /// ```
    /// let url = microurl::Url::parse("https://example.com/?q=a+b&q=%F0%9F%8C%88", &mut [])?;
    /// let params = microurl::form::SearchParams::parse(url.search(), [0u8; 32])?;
    /// assert_eq!(params.get_all("q").collect::<Vec<_>>(), ["a b", "🌈"]);
    /// # Ok::<(), microurl::Error>(())
    /// ```
    pub fn parse<I: AsRef<[u8]> + ?Sized>(init: &I, storage: S) -> Result<Self, Error> {
        let init = init.as_ref();
        let init = init.strip_prefix(b"?").unwrap_or(init);
        let mut params = Self::new(storage);
        params.append_urlencoded(init)?;
        Ok(params)
    }

    /// Appends every pair of `input` parsed as `application/x-www-form-urlencoded`
    /// (no `?` stripping). On [`Error::ArenaTooSmall`] (`needed` is the storage size that
    /// would hold the result) the list is unchanged.
    ///
    /// ```
    /// let mut params = microurl::form::SearchParams::new([0u8; 8]);
    /// params.append_urlencoded("a=1")?;
    /// let err = params.append_urlencoded("b=2&c=3");
    /// assert_eq!(err, Err(microurl::Error::ArenaTooSmall { needed: 12 }));
    /// assert_eq!(params.to_string(), "a=1");
    /// # Ok::<(), microurl::Error>(())
    /// ```
    pub fn append_urlencoded<I: AsRef<[u8]> + ?Sized>(&mut self, input: &I) -> Result<(), Error> {
        let mut end = self.end;
        let mut added = 0;
        for (name, value) in parse(input) {
            end = self.store_decoded(end, name);
            end = self.store_decoded(end, value);
            added += 1;
        }
        if end > self.capacity() {
            return Err(Error::ArenaTooSmall { needed: end });
        }
        self.end = end;
        self.count += added;
        Ok(())
    }

    /// Writes `text` and a separator at `at` if they fit; returns where the next string goes.
    fn store_decoded(&mut self, mut at: usize, text: Decoded<'_>) -> usize {
        let buf = self.storage.as_mut();
        for c in text.chars() {
            let n = c.len_utf8();
            if let Some(dst) = buf.get_mut(at..at + n) {
                c.encode_utf8(dst);
            }
            at += n;
        }
        if let Some(dst) = buf.get_mut(at) {
            *dst = SEP;
        }
        at + 1
    }

    /// Bytes of storage.
    ///
    /// ```
    /// assert_eq!(microurl::form::SearchParamsBuf::<10>::default().capacity(), 10);
    /// ```
    pub fn capacity(&self) -> usize {
        self.storage.as_ref().len()
    }

    /// Bytes of storage in use (two per pair plus the names' and values' UTF-8 lengths).
    ///
    /// ```
    /// let params = microurl::form::SearchParams::parse("a=bc", [0u8; 10])?;
    /// assert_eq!(params.storage_used(), 5);
    /// # Ok::<(), microurl::Error>(())
    /// ```
    pub fn storage_used(&self) -> usize {
        self.end
    }

    /// The number of pairs (`size`).
    ///
    /// ```
    /// let params = microurl::form::SearchParams::parse("a&b&a", [0u8; 10])?;
    /// assert_eq!(params.len(), 3);
    /// # Ok::<(), microurl::Error>(())
    /// ```
    #[doc(alias = "size")]
    pub fn len(&self) -> usize {
        self.count
    }

    /// Whether there are no pairs.
    ///
    /// ```
    /// assert!(microurl::form::SearchParams::parse("&&", [0u8; 4])?.is_empty());
    /// # Ok::<(), microurl::Error>(())
    /// ```
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// The stored bytes in use.
    fn used(&self) -> &[u8] {
        self.storage.as_ref().get(..self.end).unwrap_or_default()
    }

    /// The pairs in order.
    ///
    /// ```
    /// let params = microurl::form::SearchParams::parse("a=1&b=2", [0u8; 16])?;
    /// let pairs: Vec<(&str, &str)> = params.iter().collect();
    /// assert_eq!(pairs, [("a", "1"), ("b", "2")]);
    /// # Ok::<(), microurl::Error>(())
    /// ```
    pub fn iter(&self) -> Iter<'_> {
        Iter {
            used: self.used(),
            pos: 0,
        }
    }

    /// The first slot whose name is `name` (and value is `value`, if given), from `from` on.
    fn find(&self, from: usize, name: &str, value: Option<&str>) -> Option<Slot> {
        let used = self.used();
        let mut at = from;
        while let Some(slot) = slot_at(used, at) {
            if matches(used, slot, name, value) {
                return Some(slot);
            }
            at = slot.end;
        }
        None
    }

    /// `get(name)`: the value of the first pair named `name`
    /// (<https://url.spec.whatwg.org/#dom-urlsearchparams-get>).
    ///
    /// ```
    /// let params = microurl::form::SearchParams::parse("a=1&a=2", [0u8; 16])?;
    /// assert_eq!(params.get("a"), Some("1"));
    /// assert_eq!(params.get("b"), None);
    /// # Ok::<(), microurl::Error>(())
    /// ```
    pub fn get(&self, name: &str) -> Option<&str> {
        let slot = self.find(0, name, None)?;
        Some(as_str(&self.used()[slot.value_start()..slot.value_end()]))
    }

    /// `getAll(name)`: the values of all pairs named `name`, in order
    /// (<https://url.spec.whatwg.org/#dom-urlsearchparams-getall>).
    ///
    /// ```
    /// let params = microurl::form::SearchParams::parse("a=1&b=0&a=2", [0u8; 16])?;
    /// assert!(params.get_all("a").eq(["1", "2"]));
    /// assert_eq!(params.get_all("c").count(), 0);
    /// # Ok::<(), microurl::Error>(())
    /// ```
    pub fn get_all<'s>(&'s self, name: &'s str) -> GetAll<'s> {
        GetAll {
            iter: self.iter(),
            name,
        }
    }

    /// `has(name, value)`: whether a pair is named `name` (with value `value`, if given)
    /// (<https://url.spec.whatwg.org/#dom-urlsearchparams-has>).
    ///
    /// ```
    /// let params = microurl::form::SearchParams::parse("a=1", [0u8; 8])?;
    /// assert!(params.has("a", None));
    /// assert!(params.has("a", Some("1")));
    /// assert!(!params.has("a", Some("2")));
    /// # Ok::<(), microurl::Error>(())
    /// ```
    pub fn has(&self, name: &str, value: Option<&str>) -> bool {
        self.find(0, name, value).is_some()
    }

    /// `append(name, value)` (<https://url.spec.whatwg.org/#dom-urlsearchparams-append>).
    /// Needs `name.len() + value.len() + 2` free bytes, or returns
    /// [`Error::ArenaTooSmall`] and changes nothing.
    ///
    /// ```
    /// let mut params = microurl::form::SearchParams::new([0u8; 6]);
    /// params.append("a", "b")?;
    /// assert_eq!(params.append("c", "d"), Err(microurl::Error::ArenaTooSmall { needed: 8 }));
    /// assert_eq!(params.to_string(), "a=b");
    /// # Ok::<(), microurl::Error>(())
    /// ```
    pub fn append(&mut self, name: &str, value: &str) -> Result<(), Error> {
        let needed = self.end + name.len() + value.len() + 2;
        if needed > self.capacity() {
            return Err(Error::ArenaTooSmall { needed });
        }
        let mut at = self.end;
        for part in [name, value] {
            let buf = self.storage.as_mut();
            buf[at..at + part.len()].copy_from_slice(part.as_bytes());
            buf[at + part.len()] = SEP;
            at += part.len() + 1;
        }
        self.end = at;
        self.count += 1;
        Ok(())
    }

    /// `delete(name, value)`: removes every pair named `name` (with value `value`, if given)
    /// (<https://url.spec.whatwg.org/#dom-urlsearchparams-delete>).
    ///
    /// ```
    /// let mut params = microurl::form::SearchParams::parse("a=1&b=2&a=3", [0u8; 16])?;
    /// params.delete("a", Some("3"));
    /// assert_eq!(params.to_string(), "a=1&b=2");
    /// params.delete("a", None);
    /// assert_eq!(params.to_string(), "b=2");
    /// # Ok::<(), microurl::Error>(())
    /// ```
    pub fn delete(&mut self, name: &str, value: Option<&str>) {
        self.remove_from(0, name, value);
    }

    /// Removes matching pairs that start at or after `from`, moving the rest down in place.
    fn remove_from(&mut self, from: usize, name: &str, value: Option<&str>) {
        let (mut read, mut write, mut removed) = (from, from, 0);
        while let Some(slot) = slot_at(&self.storage.as_ref()[..self.end], read) {
            read = slot.end;
            if matches(self.used(), slot, name, value) {
                removed += 1;
                continue;
            }
            self.storage
                .as_mut()
                .copy_within(slot.start..slot.end, write);
            write += slot.end - slot.start;
        }
        self.end = write;
        self.count -= removed;
    }

    /// `set(name, value)`: the first pair named `name` gets `value` and the others named
    /// `name` are removed; with none, appends
    /// (<https://url.spec.whatwg.org/#dom-urlsearchparams-set>). If the result does not fit,
    /// returns [`Error::ArenaTooSmall`] and changes nothing.
    ///
    /// ```
    /// let mut params = microurl::form::SearchParams::parse("a=1&b=2&a=3", [0u8; 16])?;
    /// params.set("a", "x")?;
    /// assert_eq!(params.to_string(), "a=x&b=2");
    /// params.set("c", "y")?;
    /// assert_eq!(params.to_string(), "a=x&b=2&c=y");
    /// # Ok::<(), microurl::Error>(())
    /// ```
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), Error> {
        let Some(first) = self.find(0, name, None) else {
            return self.append(name, value);
        };
        let used = self.used();
        let mut freed = first.value_end() - first.value_start();
        let mut at = first.end;
        while let Some(slot) = slot_at(used, at) {
            if matches(used, slot, name, None) {
                freed += slot.end - slot.start;
            }
            at = slot.end;
        }
        let needed = self.end - freed + value.len();
        if needed > self.capacity() {
            return Err(Error::ArenaTooSmall { needed });
        }
        self.remove_from(first.end, name, None);
        self.replace_value(first, value);
        Ok(())
    }

    /// Replaces the value of `slot` (which fits: the caller checked the capacity).
    fn replace_value(&mut self, slot: Slot, value: &str) {
        let (start, end) = (slot.value_start(), slot.value_end());
        let new_end = start + value.len();
        let buf = self.storage.as_mut();
        buf.copy_within(end..self.end, new_end);
        buf[start..new_end].copy_from_slice(value.as_bytes());
        self.end = self.end + new_end - end;
    }

    /// `sort()`: a stable sort by name in UTF-16 code unit order
    /// (<https://url.spec.whatwg.org/#dom-urlsearchparams-sort>), in place.
    ///
    /// A merge sort in place (no heap, no scratch beyond a few hundred bytes of stack): at
    /// most O(n log² n) byte reads and moves for n bytes of pairs, and O(n log n) on sorted
    /// input.
    ///
    /// ```
    /// let mut params = microurl::form::SearchParams::parse("z=1&a=2&z=0&%EF%AC%83&%F0%9F%8C%88", [0u8; 32])?;
    /// params.sort();
    /// let names: Vec<&str> = params.iter().map(|(n, _)| n).collect();
    /// assert_eq!(names, ["a", "z", "z", "🌈", "ﬃ"]); // U+1F308 is D83C DF08 in UTF-16
    /// assert!(params.get_all("z").eq(["1", "0"]));
    /// # Ok::<(), microurl::Error>(())
    /// ```
    pub fn sort(&mut self) {
        let (end, count) = (self.end, self.count);
        if let Some(used) = self.storage.as_mut().get_mut(..end) {
            super::sort::sort(used, count, &mut |_| {});
        }
    }

    /// Removes every pair.
    ///
    /// ```
    /// let mut params = microurl::form::SearchParams::parse("a=1", [0u8; 8])?;
    /// params.clear();
    /// assert_eq!(params.to_string(), "");
    /// # Ok::<(), microurl::Error>(())
    /// ```
    pub fn clear(&mut self) {
        self.end = 0;
        self.count = 0;
    }

    /// The length of the serialization ([`Display`](fmt::Display) output) in bytes.
    ///
    /// ```
    /// let params = microurl::form::SearchParams::parse("a=b c&d", [0u8; 16])?;
    /// assert_eq!(params.serialized_len(), "a=b+c&d=".len());
    /// # Ok::<(), microurl::Error>(())
    /// ```
    pub fn serialized_len(&self) -> usize {
        let pairs: usize = self
            .iter()
            .map(|(n, v)| super::encode(n).len() + super::encode(v).len() + 1)
            .sum();
        pairs + self.count.saturating_sub(1)
    }

    /// Writes the serialization (`toString()`) into `buf`; if it does not fit, returns
    /// [`Error::ArenaTooSmall`] with the exact length needed.
    ///
    /// ```
    /// let params = microurl::form::SearchParams::parse("q=a b", [0u8; 8])?;
    /// let mut buf = [0u8; 8];
    /// assert_eq!(params.serialize_into(&mut buf)?, "q=a+b");
    /// # Ok::<(), microurl::Error>(())
    /// ```
    pub fn serialize_into<'b>(&self, buf: &'b mut [u8]) -> Result<&'b str, Error> {
        super::serialize_into(self.iter(), buf)
    }

    /// The storage back.
    ///
    /// ```
    /// let params = microurl::form::SearchParams::new([0u8; 4]);
    /// assert_eq!(params.into_storage().len(), 4);
    /// ```
    pub fn into_storage(self) -> S {
        self.storage
    }
}

/// Whether `slot` has name `name` and, if given, value `value`.
fn matches(used: &[u8], slot: Slot, name: &str, value: Option<&str>) -> bool {
    used.get(slot.start..slot.name_end) == Some(name.as_bytes())
        && value
            .is_none_or(|v| used.get(slot.value_start()..slot.value_end()) == Some(v.as_bytes()))
}

/// The [urlencoded serialization](https://url.spec.whatwg.org/#urlsearchparams-stringification-behavior)
/// (`toString()`), with `+` for spaces.
impl<S: AsRef<[u8]> + AsMut<[u8]>> fmt::Display for SearchParams<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        super::Serializer::new(f).extend_pairs(self.iter())
    }
}

impl<S: AsRef<[u8]> + AsMut<[u8]>> fmt::Debug for SearchParams<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<'s, S: AsRef<[u8]> + AsMut<[u8]>> IntoIterator for &'s SearchParams<S> {
    type Item = (&'s str, &'s str);
    type IntoIter = Iter<'s>;

    fn into_iter(self) -> Iter<'s> {
        self.iter()
    }
}

/// The pairs of a [`SearchParams`], from [`SearchParams::iter`].
///
/// ```
/// let params = microurl::form::SearchParams::parse("a=1", [0u8; 8])?;
/// assert_eq!(params.iter().next(), Some(("a", "1")));
/// # Ok::<(), microurl::Error>(())
/// ```
#[derive(Clone, Debug)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Iter<'s> {
    used: &'s [u8],
    pos: usize,
}

impl<'s> Iterator for Iter<'s> {
    type Item = (&'s str, &'s str);

    fn next(&mut self) -> Option<Self::Item> {
        let slot = slot_at(self.used, self.pos)?;
        self.pos = slot.end;
        // (`get`: a slot lies within the stored bytes; slicing would link a panic path.)
        let part =
            |range: core::ops::Range<usize>| as_str(self.used.get(range).unwrap_or_default());
        Some((
            part(slot.start..slot.name_end),
            part(slot.value_start()..slot.value_end()),
        ))
    }
}

impl FusedIterator for Iter<'_> {}

/// The values named `name`, from [`SearchParams::get_all`].
///
/// ```
/// let params = microurl::form::SearchParams::parse("a=1&a=2", [0u8; 16])?;
/// assert_eq!(params.get_all("a").last(), Some("2"));
/// # Ok::<(), microurl::Error>(())
/// ```
#[derive(Clone, Debug)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct GetAll<'s> {
    iter: Iter<'s>,
    name: &'s str,
}

impl<'s> Iterator for GetAll<'s> {
    type Item = &'s str;

    fn next(&mut self) -> Option<&'s str> {
        self.iter.find(|(n, _)| *n == self.name).map(|(_, v)| v)
    }
}

impl FusedIterator for GetAll<'_> {}
