//! `UrlBuf<N>`: an owned URL with inline, fixed-capacity storage, edited in place.

use crate::error::{Error, ValidationErrors};
use crate::host::HostKind;
use crate::parser::{
    KeptPath, ON_STACK, Options, Record, parse_result, tab_free_copy_too_small,
    tab_free_copy_too_small_in,
};
use crate::setters::Edited;
use crate::url::Url;
use core::fmt;
use heapless::String;

/// An owned URL whose serialization lives inline in `N` bytes: it can sit in a struct or a
/// `static` and be edited with the URL setters. Nothing is allocated.
///
/// A setter that fails, or whose result does not fit in `N` bytes, leaves the URL unchanged.
/// Setters build the new serialization in `N` bytes of stack before copying it in. Those
/// `N` bytes are the parse's arena, as with [`Url::parse`]: an input whose parse needs room
/// past its result (an international domain's UTS46 processing, dot segments removed) can
/// need more than the result's length; [`Error::ArenaTooSmall`] says how much.
///
/// ```
/// use microurl::UrlBuf;
/// let mut url: UrlBuf<96> = UrlBuf::parse("mqtts://broker.example:8883")?;
/// url.set_pathname("/devices/42/telemetry")?;
/// url.set_search("qos=1")?;
/// assert_eq!(url.as_str(), "mqtts://broker.example:8883/devices/42/telemetry?qos=1");
/// assert_eq!(url.as_url().port(), Some(8883));
///
/// // Too long for the capacity: an error, and the URL is unchanged.
/// let mut small: UrlBuf<24> = UrlBuf::parse("http://a.example/")?;
/// assert!(small.set_pathname("/a/very/long/path/indeed").is_err());
/// assert_eq!(small.as_str(), "http://a.example/");
/// # Ok::<(), microurl::Error>(())
/// ```
#[derive(Clone)]
pub struct UrlBuf<const N: usize> {
    serialization: String<N>,
    record: Record,
    validation: ValidationErrors,
}

/// Where `text` starts in the arena at `arena` (its address and length), found by address:
/// the offset, or `None` when it lies elsewhere.
fn offset_in(text: &str, arena: (usize, usize)) -> Option<usize> {
    let p = text.as_ptr() as usize;
    (arena.0..arena.0 + arena.1)
        .contains(&p)
        .then(|| p - arena.0)
}

/// What a parse into an `N`-byte arena answers for its pipeline's `ArenaTooSmall` `e`,
/// tightened where the arena cannot hold the tab-free copy of `input`: counted with the
/// arena, which the parse has left, as the count's own copy when it is big enough (`N` is a
/// constant: one branch is compiled), so that no second buffer is on the stack (the
/// Cortex-M0 bound). The answer `Url::parse` gives with an `N`-byte arena.
fn deferred_count<const N: usize>(
    e: Error,
    input: &str,
    base: Option<&Url<'_>>,
    arena: &mut [u8; N],
) -> Error {
    match arena.first_chunk_mut::<ON_STACK>() {
        Some(buf) => tab_free_copy_too_small_in(e, input, base, N, buf),
        None => tab_free_copy_too_small(e, input, base, N),
    }
}

/// Parses `input` against `base` into `arena` and hands the URL to `keep`; the answer
/// `Url::parse` gives with an `N`-byte arena when it does not parse or fit. Inlined: the URL
/// goes to `keep` from the frame that holds the arena, with no second frame over the parse
/// (Cortex-M0 bound).
#[inline(always)]
fn parsed_then<const N: usize, T>(
    input: &str,
    base: Option<&Url<'_>>,
    arena: &mut [u8; N],
    keep: impl FnOnce(&Url<'_>) -> Result<T, Error>,
) -> Result<T, Error> {
    match parse_result(input, base, arena, Options::default()) {
        Ok(url) => keep(&url),
        Err(e @ Error::ArenaTooSmall { .. }) => Err(deferred_count(e, input, base, arena)),
        Err(e) => Err(e),
    }
}

impl<const N: usize> UrlBuf<N> {
    /// Parses `input` into a new `UrlBuf`.
    ///
    /// ```
    /// use microurl::{Error, UrlBuf};
    /// let url: UrlBuf<64> = UrlBuf::parse("HTTPS://Example.COM:443/a/../b")?;
    /// assert_eq!(url.as_str(), "https://example.com/b");
    /// // A serialization longer than `N` bytes does not fit.
    /// let too_small = UrlBuf::<8>::parse("https://example.com/");
    /// assert!(matches!(too_small, Err(Error::ArenaTooSmall { .. })));
    /// # Ok::<(), microurl::Error>(())
    /// ```
    pub fn parse(input: &str) -> Result<Self, Error> {
        Self::parse_with_base(input, None)
    }

    /// Parses `input` against `base` into a new `UrlBuf`.
    ///
    /// ```
    /// use microurl::{Url, UrlBuf};
    /// let mut arena = [0u8; 64];
    /// let base = Url::parse("https://api.example/v1/devices/", &mut arena)?;
    /// let url: UrlBuf<64> = UrlBuf::parse_with_base("../status?full", Some(&base))?;
    /// assert_eq!(url.as_str(), "https://api.example/v1/status?full");
    /// # Ok::<(), microurl::Error>(())
    /// ```
    pub fn parse_with_base(input: &str, base: Option<&Url<'_>>) -> Result<Self, Error> {
        // One copy of `N` bytes besides the result: the arena (Cortex-M0 bound).
        let mut arena = [0u8; N];
        parsed_then(input, base, &mut arena, Self::holding)
    }

    /// A new `UrlBuf` holding a copy of `url` (wherever its text is: the arena, or the
    /// input it borrowed). Out of line, writing straight into the caller's result: the
    /// storage it builds is not beside the arena in the frame under the parse
    /// (Cortex-M0 bound).
    #[inline(never)]
    fn holding(url: &Url<'_>) -> Result<Self, Error> {
        let text = url.as_str();
        let too_small = Error::ArenaTooSmall { needed: text.len() };
        Ok(UrlBuf {
            serialization: String::try_from(text).map_err(|_| too_small)?,
            record: url.record(),
            validation: url.recorded_validation(),
        })
    }

    /// Parses `input` against `base` and stores the result; on an error nothing changes.
    fn parse_into(&mut self, input: &str, base: Option<&Url<'_>>) -> Result<(), Error> {
        // One copy of `N` bytes on the stack: the arena (Cortex-M0 bound).
        let mut arena = [0u8; N];
        parsed_then(input, base, &mut arena, |url| self.store(url))
    }

    /// Replaces the URL with a copy of `url` (wherever its text is: the arena, or the input
    /// it borrowed); nothing changes when it does not fit. Out of line, like
    /// [`UrlBuf::holding`]: no more than the parse's result beside the arena.
    #[inline(never)]
    fn store(&mut self, url: &Url<'_>) -> Result<(), Error> {
        let text = url.as_str();
        if text.len() > N {
            return Err(Error::ArenaTooSmall { needed: text.len() });
        }
        self.serialization.clear();
        let _ = self.serialization.push_str(text);
        self.record = url.record();
        self.validation = url.recorded_validation();
        Ok(())
    }

    /// The URL as a borrowed [`Url`] view, for every getter.
    ///
    /// ```
    /// let url: microurl::UrlBuf<64> = "wss://user@ws.example:8443/feed?x=1".parse()?;
    /// let view = url.as_url();
    /// assert_eq!((view.hostname(), view.port()), ("ws.example", Some(8443)));
    /// assert_eq!((view.username(), view.search()), ("user", "?x=1"));
    /// # Ok::<(), microurl::Error>(())
    /// ```
    #[must_use]
    pub fn as_url(&self) -> Url<'_> {
        Url::from_record(self.serialization.as_str(), &self.record, self.validation)
    }

    /// The serialization (`href`).
    ///
    /// ```
    /// let url: microurl::UrlBuf<32> = "HTTP://Example.com".parse()?;
    /// assert_eq!(url.as_str(), "http://example.com/");
    /// # Ok::<(), microurl::Error>(())
    /// ```
    #[must_use]
    pub fn as_str(&self) -> &str {
        self.serialization.as_str()
    }

    /// The capacity in bytes.
    ///
    /// ```
    /// let url: microurl::UrlBuf<64> = "http://a.example/".parse()?;
    /// assert_eq!(url.capacity(), 64); // `N`, not the length of the URL
    /// assert_eq!(url.as_str().len(), 17);
    /// # Ok::<(), microurl::Error>(())
    /// ```
    #[must_use]
    pub const fn capacity(&self) -> usize {
        N
    }

    /// The serialization as the [`heapless::String`] that holds it, for code that keeps
    /// URLs in `heapless` types (no copy: it is the `UrlBuf`'s storage).
    ///
    /// ```
    /// let url: microurl::UrlBuf<64> = "HTTP://OTA.example/fw.bin".parse()?;
    /// let href: &heapless::String<64> = url.as_heapless();
    /// assert_eq!(href.as_str(), "http://ota.example/fw.bin");
    /// # Ok::<(), microurl::Error>(())
    /// ```
    #[must_use]
    pub const fn as_heapless(&self) -> &String<N> {
        &self.serialization
    }

    /// Runs a setter's edit of [`Url`] (its new serialization, in an `N`-byte arena) and
    /// stores the result; on any error nothing changes. The edit is parsed again in
    /// [`UrlBuf::store_edit`], so that no parse result is in this frame beside the arena and
    /// the current URL (the Cortex-M0 bound).
    fn apply(
        &mut self,
        edit: impl for<'x> FnOnce(&Url<'x>, &'x mut [u8]) -> Edited<'x>,
    ) -> Result<(), Error> {
        let mut arena = [0u8; N];
        let span = (arena.as_ptr() as usize, N);
        let Some(e) = edit(&self.as_url(), &mut arena)? else {
            return Ok(());
        };
        let (offset, len, host) = (offset_in(e.href, span), e.href.len(), e.host);
        // Every edit writes its text into the arena: it is never elsewhere.
        let Some(offset) = offset else {
            return Ok(());
        };
        // (The bytes are the edit's, a `str`: they are UTF-8.)
        let text = arena
            .get(offset..offset + len)
            .and_then(|b| core::str::from_utf8(b).ok());
        self.store_edit(text.unwrap_or_default(), host)
    }

    /// Parses a setter's new serialization `href` again, its host of kind `host` taken as
    /// written, and stores the result; nothing changes when that fails.
    fn store_edit(&mut self, href: &str, host: Option<HostKind>) -> Result<(), Error> {
        let url = Url::reparse_kept_host(href, host, KeptPath::AsWritten)?;
        self.store(&url)
    }

    /// Replaces the whole URL (the `href` setter).
    ///
    /// ```
    /// let mut url: microurl::UrlBuf<64> = "http://old.example/x".parse()?;
    /// url.set_href("HTTPS://New.example/y")?;
    /// assert_eq!(url.as_str(), "https://new.example/y");
    /// // Not resolved against the current URL: a relative value is an error, nothing changes.
    /// assert!(url.set_href("/z").is_err());
    /// assert_eq!(url.as_str(), "https://new.example/y");
    /// # Ok::<(), microurl::Error>(())
    /// ```
    pub fn set_href(&mut self, value: &str) -> Result<(), Error> {
        self.parse_into(value, None)
    }

    /// The `protocol` setter ([`Url::set_protocol`]).
    ///
    /// ```
    /// let mut url: microurl::UrlBuf<64> = "ws://broker.example/mqtt".parse()?;
    /// url.set_protocol("wss")?;
    /// assert_eq!(url.as_str(), "wss://broker.example/mqtt");
    /// url.set_protocol("mqtt")?; // special to non-special: ignored, not an error
    /// assert_eq!(url.as_str(), "wss://broker.example/mqtt");
    /// # Ok::<(), microurl::Error>(())
    /// ```
    pub fn set_protocol(&mut self, value: &str) -> Result<(), Error> {
        self.apply(|u, a| u.protocol_edit(value, a))
    }

    /// The `username` setter ([`Url::set_username`]).
    ///
    /// ```
    /// let mut url: microurl::UrlBuf<64> = "mqtt://broker.example/".parse()?;
    /// url.set_username("dev 1")?;
    /// assert_eq!(url.as_str(), "mqtt://dev%201@broker.example/");
    /// let mut file: microurl::UrlBuf<64> = "file:///etc/hosts".parse()?;
    /// file.set_username("root")?; // a `file` URL cannot have credentials: ignored
    /// assert_eq!(file.as_str(), "file:///etc/hosts");
    /// # Ok::<(), microurl::Error>(())
    /// ```
    pub fn set_username(&mut self, value: &str) -> Result<(), Error> {
        self.apply(|u, a| u.username_edit(value, a))
    }

    /// The `password` setter ([`Url::set_password`]).
    ///
    /// ```
    /// use microurl::{Error, UrlBuf};
    /// let mut url: UrlBuf<32> = UrlBuf::parse("mqtt://dev@broker/")?;
    /// url.set_password("s3cret")?;
    /// assert_eq!(url.as_str(), "mqtt://dev:s3cret@broker/");
    /// // Longer than the 32-byte capacity: an error, and the URL is unchanged.
    /// let err = url.set_password("a-much-longer-secret");
    /// assert!(matches!(err, Err(Error::ArenaTooSmall { .. })));
    /// assert_eq!(url.as_str(), "mqtt://dev:s3cret@broker/");
    /// # Ok::<(), microurl::Error>(())
    /// ```
    pub fn set_password(&mut self, value: &str) -> Result<(), Error> {
        self.apply(|u, a| u.password_edit(value, a))
    }

    /// The `host` setter ([`Url::set_host`]).
    ///
    /// ```
    /// let mut url: microurl::UrlBuf<64> = "http://old.example:8080/x".parse()?;
    /// url.set_host("new.example")?; // no port given: the old one stays
    /// assert_eq!(url.as_str(), "http://new.example:8080/x");
    /// url.set_host("new.example:80")?; // the scheme's default port: none
    /// assert_eq!(url.as_str(), "http://new.example/x");
    /// # Ok::<(), microurl::Error>(())
    /// ```
    pub fn set_host(&mut self, value: &str) -> Result<(), Error> {
        self.apply(|u, a| u.host_edit(value, a, false))
    }

    /// The `hostname` setter ([`Url::set_hostname`]).
    ///
    /// ```
    /// let mut url: microurl::UrlBuf<64> = "http://old.example:8080/x".parse()?;
    /// url.set_hostname("NEW.example")?;
    /// assert_eq!(url.as_str(), "http://new.example:8080/x");
    /// url.set_hostname("other.example:9090")?; // a port: ignored, not an error
    /// assert_eq!(url.as_str(), "http://new.example:8080/x");
    /// # Ok::<(), microurl::Error>(())
    /// ```
    pub fn set_hostname(&mut self, value: &str) -> Result<(), Error> {
        self.apply(|u, a| u.host_edit(value, a, true))
    }

    /// The `port` setter ([`Url::set_port`]).
    ///
    /// ```
    /// let mut url: microurl::UrlBuf<64> = "http://a.example:8080/p".parse()?;
    /// url.set_port("8081abc")?; // leading digits
    /// assert_eq!(url.as_str(), "http://a.example:8081/p");
    /// url.set_port("80")?; // the scheme's default port: no port
    /// assert_eq!((url.as_str(), url.as_url().port()), ("http://a.example/p", None));
    /// # Ok::<(), microurl::Error>(())
    /// ```
    pub fn set_port(&mut self, value: &str) -> Result<(), Error> {
        self.apply(|u, a| u.port_edit(value, a))
    }

    /// The `pathname` setter ([`Url::set_pathname`]).
    ///
    /// ```
    /// let mut url: microurl::UrlBuf<64> = "http://h.example/old?q".parse()?;
    /// url.set_pathname("new dir/x")?;
    /// assert_eq!(url.as_str(), "http://h.example/new%20dir/x?q");
    /// let mut mail: microurl::UrlBuf<64> = "mailto:ops@example.com".parse()?;
    /// mail.set_pathname("/x")?; // an opaque path: ignored
    /// assert_eq!(mail.as_str(), "mailto:ops@example.com");
    /// # Ok::<(), microurl::Error>(())
    /// ```
    pub fn set_pathname(&mut self, value: &str) -> Result<(), Error> {
        self.apply(|u, a| u.pathname_edit(value, a))
    }

    /// The `search` setter ([`Url::set_search`]).
    ///
    /// ```
    /// let mut url: microurl::UrlBuf<64> = "https://api.example/v1#top".parse()?;
    /// url.set_search("q=a b")?;
    /// assert_eq!(url.as_str(), "https://api.example/v1?q=a%20b#top");
    /// url.set_search("")?; // empty: no query
    /// assert_eq!(url.as_str(), "https://api.example/v1#top");
    /// # Ok::<(), microurl::Error>(())
    /// ```
    pub fn set_search(&mut self, value: &str) -> Result<(), Error> {
        self.apply(|u, a| u.search_edit(value, a))
    }

    /// The `hash` setter ([`Url::set_hash`]).
    ///
    /// ```
    /// let mut url: microurl::UrlBuf<64> = "https://docs.example/guide".parse()?;
    /// url.set_hash("#setup")?; // the leading `#` is not part of the fragment
    /// assert_eq!(url.as_str(), "https://docs.example/guide#setup");
    /// url.set_hash("step 2")?;
    /// assert_eq!(url.as_str(), "https://docs.example/guide#step%202");
    /// # Ok::<(), microurl::Error>(())
    /// ```
    pub fn set_hash(&mut self, value: &str) -> Result<(), Error> {
        self.apply(|u, a| u.hash_edit(value, a))
    }
}

impl<const N: usize> fmt::Display for UrlBuf<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl<const N: usize> fmt::Debug for UrlBuf<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.as_url().fmt(f)
    }
}

impl<const N: usize> PartialEq for UrlBuf<N> {
    fn eq(&self, other: &Self) -> bool {
        self.as_str() == other.as_str()
    }
}

impl<const N: usize> Eq for UrlBuf<N> {}

/// The serialization (`href`), moved out of the `UrlBuf` without a copy.
///
/// ```
/// let url: microurl::UrlBuf<64> = "mqtt://Broker.example/".parse()?;
/// let href: heapless::String<64> = url.into();
/// assert_eq!(href, "mqtt://Broker.example/");
/// # Ok::<(), microurl::Error>(())
/// ```
impl<const N: usize> From<UrlBuf<N>> for String<N> {
    fn from(url: UrlBuf<N>) -> String<N> {
        url.serialization
    }
}

/// [`UrlBuf::parse`] of the string's text (of any capacity: the result is checked against
/// `N`).
///
/// ```
/// use microurl::UrlBuf;
/// let text: heapless::String<48> = heapless::String::try_from("https://OTA.example/fw.bin").unwrap();
/// let url = UrlBuf::<64>::try_from(&text)?;
/// assert_eq!(url.as_str(), "https://ota.example/fw.bin");
/// # Ok::<(), microurl::Error>(())
/// ```
impl<const N: usize, const M: usize> TryFrom<&String<M>> for UrlBuf<N> {
    type Error = Error;

    fn try_from(text: &String<M>) -> Result<Self, Error> {
        UrlBuf::parse(text.as_str())
    }
}

/// [`UrlBuf::parse`] of the string's text.
///
/// ```
/// use microurl::UrlBuf;
/// let text: heapless::String<64> = heapless::String::try_from("coap://[FE80::1]/temp").unwrap();
/// let url: UrlBuf<64> = text.try_into()?;
/// assert_eq!(url.as_str(), "coap://[fe80::1]/temp");
/// # Ok::<(), microurl::Error>(())
/// ```
impl<const N: usize, const M: usize> TryFrom<String<M>> for UrlBuf<N> {
    type Error = Error;

    fn try_from(text: String<M>) -> Result<Self, Error> {
        UrlBuf::parse(text.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::borrow::ToOwned;
    use std::format;
    use std::string::String;

    /// `parse` and `set_href` with tabs or newlines whose tab-free copy does not fit in `N`
    /// bytes (the count deferred out of the arena's frame, and made in the arena
    /// itself when it holds [`ON_STACK`] bytes): the answer `Url::parse` gives with an
    /// `N`-byte arena, never a `needed` of 0, and the URL unchanged on an error.
    fn agrees_on_tab_free_copies<const N: usize>(inputs: &[String]) {
        for input in inputs {
            let mut arena = [0u8; N];
            // (A borrowed result may not fit in `N` bytes: then `UrlBuf` needs its length.)
            let want = Url::parse(input, &mut arena).and_then(|u| match u.as_str().len() {
                len if len > N => Err(Error::ArenaTooSmall { needed: len }),
                _ => Ok(u.as_str().to_owned()),
            });
            let parsed = UrlBuf::<N>::parse(input).map(|b| b.as_str().to_owned());
            assert_eq!(parsed, want, "{input:?}");
            let mut buf: UrlBuf<N> = UrlBuf::parse("http://a.b/").unwrap();
            let got = buf.set_href(input);
            assert_ne!(got, Err(Error::ArenaTooSmall { needed: 0 }), "{input:?}");
            match want {
                Ok(href) => assert_eq!((got, buf.as_str()), (Ok(()), href.as_str()), "{input:?}"),
                Err(e) => {
                    assert_eq!(got, Err(e), "{input:?}");
                    assert_eq!(buf.as_str(), "http://a.b/", "{input:?}");
                }
            }
        }
    }

    #[test]
    fn tab_free_copies_that_do_not_fit_are_counted_as_parse_counts_them() {
        let short = [
            "http://exa\tmple.com/abcdefghijklmnop",
            "file://h\nost.example:99999/x",
            "http://b\u{fc}cher\t.example/a/b/c/d",
            "\t https://x.y/\n",
        ]
        .map(String::from);
        agrees_on_tab_free_copies::<16>(&short);
        let path = "p/".repeat(70);
        let host = "h".repeat(140);
        let long = [
            format!("http://exa\tmple.com/{path}"),
            format!("https://b\u{fc}cher\t.example:443/{path}?q#f"),
            format!("http://ex\nample.com:99999/{path}"),
            format!("ws://u:p@{host}\t.example/x"),
            format!("http://[::1\t]/{path}"),
            format!("sc://h\to/{path}"),
            format!("http://a.b/\t{path}/%zz"),
        ];
        agrees_on_tab_free_copies::<128>(&long);
        agrees_on_tab_free_copies::<160>(&long);
    }
}
