//! Raw query pairs: `&`-separated, split at the first `=`, percent-decoded without the form
//! rule (`+` stays `+`). What CoAP Uri-Query arguments and most HTTP APIs mean by a query.

use crate::percent::PercentEncoded;
use core::iter::FusedIterator;

/// Splits `s` at the first `sep` byte (ASCII): the part before it and, if there was one, the
/// part after. By bytes, not `str::split_once(char)`: sharing the `char` searcher with the
/// parser changes how the parser inlines it, which costs firmware that never calls this.
pub(crate) fn split_at_byte(s: &str, sep: u8) -> (&str, Option<&str>) {
    match s.as_bytes().iter().position(|&b| b == sep) {
        Some(i) => (s.get(..i).unwrap_or(""), s.get(i + 1..)),
        None => (s, None),
    }
}

/// The pairs of a query string, without the `application/x-www-form-urlencoded` rule that
/// reads `+` as a space ([`crate::form::parse`] applies it). Empty sequences between `&`s are
/// skipped; a pair without `=` has an empty value. Names and values stay percent-encoded
/// until decoded ([`PercentEncoded::decode_into`]).
///
/// ```
/// let mut buf = [0u8; 16];
/// let pairs: Vec<(&str, &str)> = microurl::form::raw_pairs("a=1+2&&b&c=x%20y")
///     .map(|(n, v)| (n.as_str(), v.as_str()))
///     .collect();
/// assert_eq!(pairs, [("a", "1+2"), ("b", ""), ("c", "x%20y")]);
/// let (_, v) = microurl::form::raw_pairs("c=x%20y+z").next().unwrap();
/// assert_eq!(v.decode_utf8_into(&mut buf)?, "x y+z");
/// # Ok::<(), microurl::Error>(())
/// ```
#[must_use]
pub fn raw_pairs(query: &str) -> RawPairs<'_> {
    RawPairs { rest: query }
}

/// The iterator of [`raw_pairs`] and [`crate::Url::query_pairs_raw`].
///
/// ```
/// let mut arena = [0u8; 64];
/// let url = microurl::Url::parse("coap://h/cfg?interval=30&mode=eco", &mut arena)?;
/// let mut pairs = url.query_pairs_raw();
/// let (_, interval) = pairs.find(|(name, _)| name.as_str() == "interval").unwrap();
/// assert_eq!(interval.as_str().parse::<u32>(), Ok(30));
/// let (name, value) = pairs.next().unwrap();
/// assert_eq!((name.as_str(), value.as_str()), ("mode", "eco"));
/// # Ok::<(), microurl::Error>(())
/// ```
#[derive(Clone, Debug)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct RawPairs<'a> {
    rest: &'a str,
}

impl<'a> Iterator for RawPairs<'a> {
    type Item = (PercentEncoded<'a>, PercentEncoded<'a>);

    fn next(&mut self) -> Option<Self::Item> {
        while !self.rest.is_empty() {
            let (sequence, rest) = split_at_byte(self.rest, b'&');
            self.rest = rest.unwrap_or("");
            if sequence.is_empty() {
                continue;
            }
            let (name, value) = split_at_byte(sequence, b'=');
            return Some((
                PercentEncoded::new(name),
                PercentEncoded::new(value.unwrap_or("")),
            ));
        }
        None
    }
}

impl FusedIterator for RawPairs<'_> {}

impl<'a> crate::Url<'a> {
    /// The query's pairs, raw ([`raw_pairs`]: no `+` rule); empty without a query.
    ///
    /// ```
    /// let mut arena = [0u8; 64];
    /// let url = microurl::Url::parse("coap://h/s?unit=c+f&id=%34%32", &mut arena)?;
    /// let mut buf = [0u8; 8];
    /// let mut pairs = url.query_pairs_raw();
    /// let (n, v) = pairs.next().unwrap();
    /// assert_eq!((n.as_str(), v.as_str()), ("unit", "c+f"));
    /// let (_, v) = pairs.next().unwrap();
    /// assert_eq!(v.decode_into(&mut buf)?, b"42");
    /// # Ok::<(), microurl::Error>(())
    /// ```
    #[must_use]
    pub fn query_pairs_raw(&self) -> RawPairs<'a> {
        raw_pairs(self.query().unwrap_or(""))
    }
}
