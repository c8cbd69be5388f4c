//! The URL setters (<https://url.spec.whatwg.org/#urlutils-members>), for a borrowed
//! [`Url`] writing the result into a new arena.
//!
//! One mechanism serves every setter: the new serialization is the old one with one span
//! replaced (`splice`): the text before it is copied, the component is written by the
//! parser state the spec names as the state override, and the text after it is copied.
//! The offsets of the result then come from parsing that serialization, which is canonical,
//! so the parse only borrows it (no arena, no per-setter offset arithmetic).

use crate::arena::Writer;
use crate::error::{Error, ParseError, ParseErrorKind};
use crate::form::Serializer;
use crate::host::HostKind;
use crate::parser::{KeptPath, Parser, StateOverride, copy_without_tabs, kept_position};
use crate::scan::is_tab_or_newline;
use crate::scheme::scheme_of;
use crate::units::{USERINFO_COMPONENT, push_component};
use crate::url::Url;

/// A setter's new serialization before it is parsed again: the text (in the arena) and the
/// kind of its host (the URL's own, or the one the host and hostname setters parsed), which
/// the parse takes as written ([`Url::reparse_kept_host`]).
#[derive(Clone, Copy)]
pub(crate) struct Edit<'b> {
    pub(crate) href: &'b str,
    pub(crate) host: Option<HostKind>,
}

/// What a setter's edit gives: its [`Edit`], or `None` when the URL stays as it is.
pub(crate) type Edited<'b> = Result<Option<Edit<'b>>, Error>;

impl<'a> Url<'a> {
    /// Rebuilds the serialization with `old[start..end]` replaced by what `write` produces,
    /// running the parser over `value` (tabs and newlines removed) with `state_override`:
    /// the new serialization, or `None` when the setter leaves the URL as it is. Not
    /// inlined: its frames (the setter's parser, a stack copy of the value) are gone when
    /// the result is parsed again ([`Url::spliced`]; the setters' stack bound).
    #[inline(never)]
    fn splice<'b>(
        &self,
        arena: &'b mut [u8],
        (start, end): (usize, usize),
        value: &[u8],
        state_override: StateOverride,
        write: impl FnOnce(&mut Parser<'_, 'b, 'static>, &Url<'a>) -> Result<(), ParseErrorKind>,
    ) -> Edited<'b>
    where
        'a: 'b,
    {
        // Basic URL parser step 3: remove ASCII tab or newline.
        let tabs = value.iter().filter(|&&b| is_tab_or_newline(b)).count();
        if tabs == 0 {
            return self.splice_tab_free(arena, (start, end), value, state_override, write, 0);
        }
        let n = value.len() - tabs;
        let edited = if n <= SETTER_STACK_COPY {
            // A short value is copied to the stack: the arena holds only the result, and a
            // too-small arena learns the result's size, not a bound.
            let mut copy = [0u8; SETTER_STACK_COPY];
            let input = tab_free_copy(value, n, &mut copy);
            self.splice_tab_free(arena, (start, end), input, state_override, write, 0)
        } else {
            // A longer one goes to the end of the arena, before the result.
            let split = arena.len().saturating_sub(n);
            let (out_buf, copy) = arena.split_at_mut(split);
            if copy.len() < n {
                return Err(self.no_room_for_copy(value, n, state_override));
            }
            let input = tab_free_copy(value, n, copy);
            self.splice_tab_free(out_buf, (start, end), input, state_override, write, n)
        };
        // A failure's position is in the value as the caller wrote it, tabs counted.
        edited.map_err(|e| match e {
            Error::Parse(ParseError { kind, position }) => Error::Parse(ParseError {
                kind,
                position: kept_position(value, position),
            }),
            e => e,
        })
    }

    /// What [`Url::splice`] answers when the arena cannot hold the tab-free copy (`n` bytes)
    /// of `value`: nothing ran, so a bound that covers any output. A host with non-ASCII or
    /// `%` may need UTS46 scratch (found by fuzzing: `needed` counted only percent-encoding
    /// growth; `regressions::set_host_needed_covers_idna`); the other setters' values are
    /// percent-encoded at most, never a host, and get no UTS46 bound. Out of line: one body
    /// for every setter, outside their frames.
    #[inline(never)]
    fn no_room_for_copy(&self, value: &[u8], n: usize, state_override: StateOverride) -> Error {
        let host = matches!(
            state_override,
            StateOverride::Host | StateOverride::Hostname
        );
        let idna = host && (!value.is_ascii() || value.contains(&b'%'));
        let grow = if idna {
            (3 * n).max(crate::idna_bound(n))
        } else {
            3 * n
        };
        Error::ArenaTooSmall {
            needed: n + self.as_str().len() + grow + 16,
        }
    }

    /// [`Url::splice`] over the tab-free `input`, the result in `out_buf`; `copy_len`: arena
    /// bytes the copy of the input takes (added to the size reported when `out_buf` is too
    /// small).
    fn splice_tab_free<'b>(
        &self,
        out_buf: &'b mut [u8],
        (start, end): (usize, usize),
        input: &[u8],
        state_override: StateOverride,
        write: impl FnOnce(&mut Parser<'_, 'b, 'static>, &Url<'a>) -> Result<(), ParseErrorKind>,
        copy_len: usize,
    ) -> Edited<'b>
    where
        'a: 'b,
    {
        let old = self.as_str();
        let scheme = self.scheme_type();
        // One writer, the parser's, from the first byte to the last (no copy of it beside
        // the parser in this frame: the setters' stack bound).
        let out = Writer::new(out_buf, &[]);
        let mut p = Parser::for_setter(input, out, scheme, self.record(), state_override);
        p.out
            .push_slice(old.as_bytes().get(..start).unwrap_or_default());
        match write(&mut p, self) {
            Ok(()) => {}
            // A domain that needs IDNA in a build without it: the standard's setter would
            // set it, so leaving the URL as it was would answer otherwise than the standard.
            Err(kind @ ParseErrorKind::IdnaUnavailable) => {
                let position = p.stop;
                return Err(Error::Parse(ParseError { kind, position }));
            }
            // Any other failure of the state means the setter leaves the URL as it was.
            Err(_) => return Ok(None),
        }
        if state_override == StateOverride::PathStart {
            // The path was rewritten from the end of the authority: the serializer's `/.`.
            p.fix_empty_first_segment();
        }
        p.out
            .push_slice(old.as_bytes().get(end..).unwrap_or_default());
        let href = p.out.finish().map_err(|needed| Error::ArenaTooSmall {
            needed: needed + copy_len,
        })?;
        Ok(Some(Edit {
            href,
            host: p.rec.host_kind,
        }))
    }

    /// The URL a setter leaves: this one, or its edit's serialization parsed again. It is
    /// canonical: the parse borrows it and recomputes the offsets, taking the scheme and the
    /// host as written ([`Url::reparse_kept_host`]), so no host parser is under it (the
    /// setters' stack bound).
    fn spliced<'b>(&self, edit: Edited<'b>) -> Result<Url<'b>, Error>
    where
        'a: 'b,
    {
        match edit? {
            None => Ok(*self),
            Some(e) => Url::reparse_kept_host(e.href, e.host, KeptPath::AsWritten),
        }
    }

    /// Sets the whole URL (the `href` setter): parses `value`.
    ///
    /// ```
    /// let (mut a, mut b) = ([0u8; 64], [0u8; 64]);
    /// let url = microurl::Url::parse("http://old.example/x", &mut a)?;
    /// assert_eq!(url.set_href("HTTPS://New.example", &mut b)?.as_str(), "https://new.example/");
    /// assert!(url.set_href("/y", &mut b).is_err()); // not resolved against `url`
    /// # Ok::<(), microurl::Error>(())
    /// ```
    pub fn set_href<'b>(&self, value: &'b str, arena: &'b mut [u8]) -> Result<Url<'b>, Error> {
        Url::parse(value, arena)
    }

    /// The `protocol` setter: the scheme changes unless that would switch between special
    /// and non-special, or give `file` credentials, a port or an empty host.
    ///
    /// ```
    /// let (mut a, mut b) = ([0u8; 64], [0u8; 64]);
    /// let url = microurl::Url::parse("http://example.com:443/", &mut a)?;
    /// assert_eq!(url.set_protocol("https", &mut b)?.as_str(), "https://example.com/");
    /// # Ok::<(), microurl::Error>(())
    /// ```
    pub fn set_protocol<'b>(&self, value: &str, arena: &'b mut [u8]) -> Result<Url<'b>, Error>
    where
        'a: 'b,
    {
        self.spliced(self.protocol_edit(value, arena))
    }

    /// [`Url::set_protocol`]'s edit. Not inlined: its writer is gone when the result is
    /// parsed again.
    #[inline(never)]
    pub(crate) fn protocol_edit<'b>(&self, value: &str, arena: &'b mut [u8]) -> Edited<'b>
    where
        'a: 'b,
    {
        // Scheme start and scheme states with a state override, on `value` + ":": the scheme
        // is the value up to its first `:` (tabs and newlines removed), of any length.
        let scheme_bytes = || {
            value
                .as_bytes()
                .iter()
                .copied()
                .filter(|&b| !is_tab_or_newline(b))
                .take_while(|&b| b != b':')
        };
        let Some(new_type) = scheme_of(scheme_bytes()) else {
            return Ok(None);
        };
        let old_type = self.scheme_type();
        let credentials = !self.username().is_empty() || !self.password().is_empty();
        if old_type.is_special() != new_type.is_special()
            || (new_type.is_file() && (credentials || self.port().is_some()))
            || (old_type.is_file() && self.host_kind() == HostKind::Empty)
        {
            return Ok(None);
        }
        let r = self.record();
        let old = self.as_str();
        let mut out = Writer::new(arena, &[]);
        for b in scheme_bytes() {
            out.push(b.to_ascii_lowercase());
        }
        out.push_slice(
            old.as_bytes()
                .get(r.scheme_end as usize..r.host_end as usize)
                .unwrap_or_default(),
        );
        if self.port().is_some() && self.port() != new_type.default_port() {
            out.push_slice(
                old.as_bytes()
                    .get(r.host_end as usize..r.path_start as usize)
                    .unwrap_or_default(),
            );
        }
        out.push_slice(
            old.as_bytes()
                .get(self.authority_end().max(r.host_end as usize)..)
                .unwrap_or_default(),
        );
        let href = out
            .finish()
            .map_err(|needed| Error::ArenaTooSmall { needed })?;
        Ok(Some(Edit {
            href,
            host: r.host_kind,
        }))
    }

    /// Whether the URL cannot have a username, password or port: no host, an empty host,
    /// or the `file` scheme (<https://url.spec.whatwg.org/#cannot-have-a-username-password-port>).
    ///
    /// ```
    /// use microurl::Url;
    /// let mut a = [0u8; 64];
    /// assert!(Url::parse("file://nas/share", &mut a)?.cannot_have_username_password_port());
    /// assert!(Url::parse("mailto:ops@example.com", &mut a)?.cannot_have_username_password_port());
    /// assert!(!Url::parse("http://h.example/", &mut a)?.cannot_have_username_password_port());
    /// # Ok::<(), microurl::Error>(())
    /// ```
    #[must_use]
    pub fn cannot_have_username_password_port(&self) -> bool {
        matches!(self.host_kind(), HostKind::None | HostKind::Empty) || self.scheme() == "file"
    }

    /// The `username` setter (the value is percent-encoded with the userinfo set).
    ///
    /// ```
    /// let (mut a, mut b) = ([0u8; 64], [0u8; 64]);
    /// let url = microurl::Url::parse("mqtt://broker/", &mut a)?;
    /// assert_eq!(url.set_username("dev ice", &mut b)?.as_str(), "mqtt://dev%20ice@broker/");
    /// # Ok::<(), microurl::Error>(())
    /// ```
    pub fn set_username<'b>(&self, value: &str, arena: &'b mut [u8]) -> Result<Url<'b>, Error>
    where
        'a: 'b,
    {
        self.spliced(self.username_edit(value, arena))
    }

    /// [`Url::set_username`]'s edit.
    pub(crate) fn username_edit<'b>(&self, value: &str, arena: &'b mut [u8]) -> Edited<'b>
    where
        'a: 'b,
    {
        let password = self.password();
        self.credentials_edit(arena, value.as_bytes(), password.as_bytes(), true)
    }

    /// The `password` setter.
    ///
    /// ```
    /// let (mut a, mut b) = ([0u8; 64], [0u8; 64]);
    /// let url = microurl::Url::parse("mqtt://dev@broker/", &mut a)?;
    /// assert_eq!(url.set_password("p@ss", &mut b)?.as_str(), "mqtt://dev:p%40ss@broker/");
    /// let file = microurl::Url::parse("file:///etc/hosts", &mut a)?;
    /// assert_eq!(file.set_password("x", &mut b)?.as_str(), "file:///etc/hosts"); // ignored
    /// # Ok::<(), microurl::Error>(())
    /// ```
    pub fn set_password<'b>(&self, value: &str, arena: &'b mut [u8]) -> Result<Url<'b>, Error>
    where
        'a: 'b,
    {
        self.spliced(self.password_edit(value, arena))
    }

    /// [`Url::set_password`]'s edit.
    pub(crate) fn password_edit<'b>(&self, value: &str, arena: &'b mut [u8]) -> Edited<'b>
    where
        'a: 'b,
    {
        let username = self.username();
        self.credentials_edit(arena, username.as_bytes(), value.as_bytes(), false)
    }

    /// Rewrites `username[:password]@`; the side not being set is already encoded.
    fn credentials_edit<'b>(
        &self,
        arena: &'b mut [u8],
        username: &[u8],
        password: &[u8],
        setting_username: bool,
    ) -> Edited<'b>
    where
        'a: 'b,
    {
        if self.cannot_have_username_password_port() {
            return Ok(None);
        }
        let r = self.record();
        let range = (r.scheme_end as usize + 3, r.host_start as usize);
        self.splice(arena, range, b"", StateOverride::Host, |p, _| {
            let start = p.out.len();
            if setting_username {
                push_component(&mut p.out, &mut p.v, username, &USERINFO_COMPONENT);
            } else {
                p.out.push_slice(username);
            }
            if !password.is_empty() {
                p.out.push(b':');
                if setting_username {
                    p.out.push_slice(password);
                } else {
                    push_component(&mut p.out, &mut p.v, password, &USERINFO_COMPONENT);
                }
            }
            if p.out.len() > start {
                p.out.push(b'@');
            }
            Ok(())
        })
    }

    /// The `host` setter: host and optional port (`example.com:8080`).
    ///
    /// Without the `idna` feature, a domain that needs IDNA (a non-ASCII character, written
    /// or percent-encoded) fails with [`ParseErrorKind::IdnaUnavailable`] at the host's start
    /// in `value`, as a parse fails on it: the standard's setter would set it, so leaving
    /// the URL as it is would answer otherwise. Every other value the standard's setter
    /// ignores leaves the URL as it is (`Ok`).
    ///
    /// ```
    /// let (mut a, mut b) = ([0u8; 64], [0u8; 64]);
    /// let url = microurl::Url::parse("http://old.example/x", &mut a)?;
    /// assert_eq!(url.set_host("NEW.example:8080", &mut b)?.as_str(), "http://new.example:8080/x");
    /// # Ok::<(), microurl::Error>(())
    /// ```
    pub fn set_host<'b>(&self, value: &str, arena: &'b mut [u8]) -> Result<Url<'b>, Error>
    where
        'a: 'b,
    {
        self.spliced(self.host_edit(value, arena, false))
    }

    /// The `hostname` setter: like [`Url::set_host`] (`IdnaUnavailable` included), but a
    /// value with a port leaves the URL as it is (`Ok`, as the standard's setter ignores it).
    ///
    /// ```
    /// let (mut a, mut b) = ([0u8; 64], [0u8; 64]);
    /// let url = microurl::Url::parse("http://old.example:8080/x", &mut a)?;
    /// assert_eq!(url.set_hostname("NEW.example", &mut b)?.as_str(), "http://new.example:8080/x");
    /// // With a port: the URL is left as it is (not an error).
    /// assert_eq!(url.set_hostname("new.example:90", &mut b)?, url);
    /// # Ok::<(), microurl::Error>(())
    /// ```
    pub fn set_hostname<'b>(&self, value: &str, arena: &'b mut [u8]) -> Result<Url<'b>, Error>
    where
        'a: 'b,
    {
        self.spliced(self.host_edit(value, arena, true))
    }

    /// [`Url::set_host`]'s edit, or with `hostname_only` [`Url::set_hostname`]'s.
    pub(crate) fn host_edit<'b>(
        &self,
        value: &str,
        arena: &'b mut [u8],
        hostname_only: bool,
    ) -> Edited<'b>
    where
        'a: 'b,
    {
        if self.has_opaque_path() {
            return Ok(None);
        }
        let r = self.record();
        // Without a host the whole authority (and any `/.` path prefix) is replaced.
        let range = match self.host_kind() {
            HostKind::None => (r.scheme_end as usize + 1, r.path_start as usize),
            _ => (r.host_start as usize, r.path_start as usize),
        };
        let ov = if hostname_only {
            StateOverride::Hostname
        } else {
            StateOverride::Host
        };
        self.splice(arena, range, value.as_bytes(), ov, write_host)
    }

    /// The `port` setter: leading digits; empty removes the port.
    ///
    /// ```
    /// let (mut a, mut b) = ([0u8; 64], [0u8; 64]);
    /// let url = microurl::Url::parse("coap://sensor/", &mut a)?;
    /// assert_eq!(url.set_port("5684", &mut b)?.as_str(), "coap://sensor:5684/");
    /// # Ok::<(), microurl::Error>(())
    /// ```
    pub fn set_port<'b>(&self, value: &str, arena: &'b mut [u8]) -> Result<Url<'b>, Error>
    where
        'a: 'b,
    {
        self.spliced(self.port_edit(value, arena))
    }

    /// [`Url::set_port`]'s edit.
    pub(crate) fn port_edit<'b>(&self, value: &str, arena: &'b mut [u8]) -> Edited<'b>
    where
        'a: 'b,
    {
        if self.cannot_have_username_password_port() {
            return Ok(None);
        }
        let r = self.record();
        let empty = value.is_empty();
        self.splice(
            arena,
            (r.host_end as usize, r.path_start as usize),
            value.as_bytes(),
            StateOverride::Port,
            |p, _| {
                if empty {
                    return Ok(());
                }
                if let Some(port) = p.port_setter_state(0)? {
                    p.out.push(b':');
                    p.out.push_decimal(port);
                }
                Ok(())
            },
        )
    }

    /// The `pathname` setter.
    ///
    /// ```
    /// let (mut a, mut b) = ([0u8; 64], [0u8; 64]);
    /// let url = microurl::Url::parse("https://api.example/v1?x=1", &mut a)?;
    /// assert_eq!(url.set_pathname("/v2/a b", &mut b)?.as_str(), "https://api.example/v2/a%20b?x=1");
    /// # Ok::<(), microurl::Error>(())
    /// ```
    pub fn set_pathname<'b>(&self, value: &str, arena: &'b mut [u8]) -> Result<Url<'b>, Error>
    where
        'a: 'b,
    {
        self.spliced(self.pathname_edit(value, arena))
    }

    /// [`Url::set_pathname`]'s edit.
    pub(crate) fn pathname_edit<'b>(&self, value: &str, arena: &'b mut [u8]) -> Edited<'b>
    where
        'a: 'b,
    {
        if self.has_opaque_path() {
            return Ok(None);
        }
        let range = (self.authority_end(), self.path_end_usize());
        self.splice(
            arena,
            range,
            value.as_bytes(),
            StateOverride::PathStart,
            |p, _| {
                p.run_override(0)?;
                Ok(())
            },
        )
    }

    /// The `search` setter: `?` is optional; empty removes the query.
    ///
    /// ```
    /// let (mut a, mut b) = ([0u8; 64], [0u8; 64]);
    /// let url = microurl::Url::parse("https://h.example/v1?old#top", &mut a)?;
    /// assert_eq!(url.set_search("?q=a b", &mut b)?.as_str(), "https://h.example/v1?q=a%20b#top");
    /// assert_eq!(url.set_search("", &mut b)?.as_str(), "https://h.example/v1#top"); // no query
    /// // Only `?`: an empty query, still there.
    /// assert_eq!(url.set_search("?", &mut b)?.as_str(), "https://h.example/v1?#top");
    /// # Ok::<(), microurl::Error>(())
    /// ```
    pub fn set_search<'b>(&self, value: &str, arena: &'b mut [u8]) -> Result<Url<'b>, Error>
    where
        'a: 'b,
    {
        self.spliced(self.search_edit(value, arena))
    }

    /// [`Url::set_search`]'s edit.
    pub(crate) fn search_edit<'b>(&self, value: &str, arena: &'b mut [u8]) -> Edited<'b>
    where
        'a: 'b,
    {
        let range = (self.path_end_usize(), self.fragment_start_or_end());
        let v = value.strip_prefix('?').unwrap_or(value);
        let empty = value.is_empty();
        self.splice(arena, range, v.as_bytes(), StateOverride::Query, |p, _| {
            if !empty {
                p.run_override(0)?;
            }
            Ok(())
        })
    }

    /// The `hash` setter: `#` is optional; empty removes the fragment.
    ///
    /// ```
    /// let (mut a, mut b) = ([0u8; 64], [0u8; 64]);
    /// let url = microurl::Url::parse("https://docs.example/guide#old", &mut a)?;
    /// assert_eq!(url.set_hash("#setup", &mut b)?.as_str(), "https://docs.example/guide#setup");
    /// assert_eq!(url.set_hash("#", &mut b)?.as_str(), "https://docs.example/guide#"); // empty one
    /// assert_eq!(url.set_hash("", &mut b)?.as_str(), "https://docs.example/guide"); // none
    /// # Ok::<(), microurl::Error>(())
    /// ```
    pub fn set_hash<'b>(&self, value: &str, arena: &'b mut [u8]) -> Result<Url<'b>, Error>
    where
        'a: 'b,
    {
        self.spliced(self.hash_edit(value, arena))
    }

    /// [`Url::set_hash`]'s edit.
    pub(crate) fn hash_edit<'b>(&self, value: &str, arena: &'b mut [u8]) -> Edited<'b>
    where
        'a: 'b,
    {
        let range = (self.fragment_start_or_end(), self.as_str().len());
        let v = value.strip_prefix('#').unwrap_or(value);
        let empty = value.is_empty();
        self.splice(
            arena,
            range,
            v.as_bytes(),
            StateOverride::Fragment,
            |p, _| {
                if !empty {
                    p.run_override(0)?;
                }
                Ok(())
            },
        )
    }
}

/// Values with tabs or newlines of at most this many bytes once they are removed are
/// copied to the stack, not to the arena.
const SETTER_STACK_COPY: usize = 64;

/// `value` without its tabs and newlines, `n` bytes, copied to the front of `to` (which has
/// room) by the parser's own tab-free copy.
fn tab_free_copy<'c>(value: &[u8], n: usize, to: &'c mut [u8]) -> &'c [u8] {
    let Some(copy) = to.get_mut(..n) else {
        return &[];
    };
    copy_without_tabs(value, copy);
    copy
}

/// What the host and hostname setters write in place of the old host and port
/// (<https://url.spec.whatwg.org/#dom-url-host>): the host state with the state override
/// (with its port for `host`), then the port the URL keeps. It captures nothing, reading
/// what it needs from the parser and the URL, so no closure is built and passed down the
/// setter's frames (the `UrlBuf` host setters' stack bound).
fn write_host(p: &mut Parser<'_, '_, 'static>, url: &Url<'_>) -> Result<(), ParseErrorKind> {
    let has_host = url.host_kind() != HostKind::None;
    let hostname_only = p.state_override == Some(StateOverride::Hostname);
    let creds_or_port =
        !url.username().is_empty() || !url.password().is_empty() || url.port().is_some();
    if !has_host {
        p.out.push_slice(b"//");
    }
    match p.host_setter_state(hostname_only, creds_or_port)? {
        Some(Some(port)) => {
            p.out.push(b':');
            p.out.push_decimal(port);
        }
        Some(None) => {}
        // Keep the old port, if the URL had a host (and so maybe a port).
        None if has_host => {
            let r = url.record();
            p.out.push_slice(
                url.as_str()
                    .as_bytes()
                    .get(r.host_end as usize..r.path_start as usize)
                    .unwrap_or_default(),
            );
        }
        None => {}
    }
    Ok(())
}

impl<'a> Url<'a> {
    /// The URLSearchParams "update" steps (<https://url.spec.whatwg.org/#concept-urlsearchparams-update>):
    /// the URL's query becomes the serialization of `params` (no query if it is empty).
    /// The result is written into `arena`, which needs its length and no more, as
    /// [`Url::set_search`] does with the serialization as its value.
    ///
    /// ```
    /// use microurl::{Url, form::SearchParams};
    /// let (mut a, mut b, mut storage) = ([0u8; 64], [0u8; 128], [0u8; 64]);
    /// let url = Url::parse("https://api.example/v1/readings?old=1", &mut a)?;
    /// let mut params = SearchParams::new(&mut storage[..]);
    /// params.append("device", "esp32 #7")?;
    /// params.append("temp", "21.5")?;
    /// let url = url.with_search_params(&params, &mut b)?;
    /// assert_eq!(url.as_str(), "https://api.example/v1/readings?device=esp32+%237&temp=21.5");
    /// # Ok::<(), microurl::Error>(())
    /// ```
    pub fn with_search_params<'b, S>(
        &self,
        params: &crate::form::SearchParams<S>,
        arena: &'b mut [u8],
    ) -> Result<Url<'b>, Error>
    where
        'a: 'b,
        S: AsRef<[u8]> + AsMut<[u8]>,
    {
        let n = params.serialized_len();
        let range = (self.path_end_usize(), self.fragment_start_or_end());
        let query = if n == 0 { 0 } else { 1 + n };
        let needed = self.as_str().len() - (range.1 - range.0) + query;
        let old = self.as_str();
        let mut out = Writer::new(arena, &[]);
        out.push_slice(old.as_bytes().get(..range.0).unwrap_or_default());
        if n > 0 {
            out.push(b'?');
            // Serialized in place: the arena holds the result and nothing more.
            let _ = Serializer::new(WriterSink(&mut out)).extend_pairs(params.iter());
        }
        out.push_slice(old.as_bytes().get(range.1..).unwrap_or_default());
        let href = out.finish().map_err(|_| Error::ArenaTooSmall { needed })?;
        Url::reparse_kept_host(href, self.record().host_kind, KeptPath::AsWritten)
    }
}

/// A [`core::fmt::Write`] into a [`Writer`]: a serializer's output written where it goes.
/// What does not fit is counted by the writer, whose `finish` then fails.
struct WriterSink<'w, 'a>(&'w mut Writer<'a>);

impl core::fmt::Write for WriterSink<'_, '_> {
    fn write_str(&mut self, s: &str) -> core::fmt::Result {
        self.0.push_str(s);
        Ok(())
    }
}
