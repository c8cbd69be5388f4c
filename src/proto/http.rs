//! HTTP/1.1 request-targets (RFC 9112 §3.2) and credentials for `Authorization`.

use crate::error::{Error, NetError};
use crate::url::Url;

/// Writes `parts` one after another into `buf`; [`Error::ArenaTooSmall`] with the total when
/// they do not fit.
fn write_parts<'b>(parts: &[&[u8]], buf: &'b mut [u8]) -> Result<&'b str, Error> {
    let needed: usize = parts.iter().map(|p| p.len()).sum();
    let out = buf
        .get_mut(..needed)
        .ok_or(Error::ArenaTooSmall { needed })?;
    // (Through iterators: no slice whose bounds the compiler cannot prove, so no panic
    // path is linked: issue 20.)
    for (to, from) in out.iter_mut().zip(parts.iter().flat_map(|p| p.iter())) {
        *to = *from;
    }
    core::str::from_utf8(out).map_err(|e| Error::NotUtf8 {
        valid_up_to: e.valid_up_to(),
    })
}

impl<'a> Url<'a> {
    /// The request-target in origin-form (RFC 9112 §3.2.1): the path and the query, never
    /// the fragment (which must not go on the wire). An empty path with no query is `/`.
    ///
    /// [`NetError::OpaquePath`] for a path that does not start with `/` (`mailto:x`, or an
    /// empty path before a query).
    ///
    /// ```
    /// let mut arena = [0u8; 64];
    /// let url = microurl::Url::parse("http://ota.example/fw/image.bin?v=2#top", &mut arena)?;
    /// assert_eq!(url.request_target(), Ok("/fw/image.bin?v=2"));
    /// # Ok::<(), microurl::Error>(())
    /// ```
    pub fn request_target(&self) -> Result<&'a str, NetError> {
        let s = self.as_str();
        // (`get`: the offsets are the URL's own and always in range; slicing would link a
        // panic path.)
        let target = s
            .get(self.path_start_usize()..self.fragment_start_or_end())
            .unwrap_or_default();
        if target.is_empty() {
            Ok("/")
        } else if target.starts_with('/') {
            Ok(target)
        } else {
            Err(NetError::OpaquePath)
        }
    }

    /// The request-target in absolute-form (RFC 9112 §3.2.2, for a proxy): the URL without
    /// its fragment.
    ///
    /// ```
    /// let mut arena = [0u8; 64];
    /// let url = microurl::Url::parse("http://example.com/a?b#c", &mut arena)?;
    /// assert_eq!(url.absolute_form(), "http://example.com/a?b");
    /// # Ok::<(), microurl::Error>(())
    /// ```
    #[must_use]
    pub fn absolute_form(&self) -> &'a str {
        self.as_str()
            .get(..self.fragment_start_or_end())
            .unwrap_or_default()
    }

    /// The request-target in authority-form (RFC 9112 §3.2.3, for `CONNECT`): host and port,
    /// the port always written (the known default when the URL has none), into `buf`.
    ///
    /// ```
    /// let mut arena = [0u8; 64];
    /// let mut buf = [0u8; 64];
    /// let url = microurl::Url::parse("https://[2001:db8::1]/x", &mut arena)?;
    /// assert_eq!(url.authority_form_into(&mut buf), Ok("[2001:db8::1]:443"));
    /// # Ok::<(), microurl::Error>(())
    /// ```
    pub fn authority_form_into<'b>(&self, buf: &'b mut [u8]) -> Result<&'b str, NetError> {
        let host = match self.host_str() {
            Some(h) if !h.is_empty() => h,
            _ => return Err(NetError::NoHost),
        };
        let port = self.port_or_known_default().ok_or(NetError::NoPort)?;
        let mut digits = [0u8; 10];
        let digits = crate::arena::decimal(u32::from(port), &mut digits);
        Ok(write_parts(&[host.as_bytes(), b":", digits], buf)?)
    }

    /// The username and password, percent-decoded into `user` and `pass` (for an
    /// `Authorization: Basic` header or an MQTT CONNECT); `None` when the URL has neither.
    ///
    /// ```
    /// let mut arena = [0u8; 64];
    /// let url = microurl::Url::parse("mqtt://dev%40site:p%3Ass@broker/", &mut arena)?;
    /// let (mut u, mut p) = ([0u8; 16], [0u8; 16]);
    /// assert_eq!(url.credentials_into(&mut u, &mut p)?, Some((&b"dev@site"[..], &b"p:ss"[..])));
    /// # Ok::<(), microurl::Error>(())
    /// ```
    #[allow(clippy::type_complexity)]
    pub fn credentials_into<'u, 'p>(
        &self,
        user: &'u mut [u8],
        pass: &'p mut [u8],
    ) -> Result<Option<(&'u [u8], &'p [u8])>, Error> {
        let (u, p) = (self.username(), self.password());
        if u.is_empty() && p.is_empty() {
            return Ok(None);
        }
        let u = crate::percent::decode_into(u.as_bytes(), user)?;
        let p = crate::percent::decode_into(p.as_bytes(), pass)?;
        Ok(Some((u, p)))
    }
}
