//! <https://url.spec.whatwg.org/#authority-state>, host state and port state.

use super::{Parser, Step};
use crate::error::{ParseErrorKind, ValidationError};
use crate::host::domain::ends_in_a_number;
use crate::host::{self, HostKind};
use crate::units::{USERINFO_COMPONENT, push_component};

/// What [`Parser::scan_authority`] finds; `colon` is an input position.
struct AuthorityScan {
    end: usize,
    last_at: Option<usize>,
    colon: Option<usize>,
    /// A special URL's authority without credentials whose host is a run of canonical domain
    /// bytes ([`host::canonical_run`]): a lowercase ASCII domain, which the host state need
    /// not read again to know it. (A flag, not the run's end: the scan is in the authority
    /// state's frame, under which the host parser runs.)
    canonical_host: bool,
}

/// The value of a port's ASCII digits (<https://url.spec.whatwg.org/#port-state>): `None`
/// when it is over 65535. The port state's number and the recognizer's.
#[inline]
pub(super) fn port_number(digits: &[u8]) -> Result<u16, usize> {
    let mut port: u32 = 0;
    for (i, &d) in digits.iter().enumerate() {
        port = port * 10 + u32::from(d.wrapping_sub(b'0'));
        if port > 65535 {
            return Err(i);
        }
    }
    Ok(port as u16)
}

impl<R: crate::error::Report> Parser<'_, '_, '_, R> {
    /// The authority state: credentials before the last `@`, then host and port, up to the
    /// first `/`, `?`, `#` (or `\` in special URLs). Writes `//`.
    pub(super) fn authority_state(&mut self, pos: usize) -> Step {
        // Byte by byte: each is compared in place with the input's, which most input has
        // here (a literal is not a slice of the input, so `push_slice` would compare them
        // in its out-of-line copy).
        self.out.push(b'/');
        self.out.push(b'/');
        let scan = self.scan_authority(pos);
        let host_pos = self.credentials_state(pos, &scan)?;
        self.host_state(host_pos, scan.colon, scan.end, scan.canonical_host)?;
        self.path_start_state(scan.end)
    }

    /// [`Parser::authority_state`] for a setter's result whose host is the one the setter
    /// kept, `kind` (so canonical): the host is taken as written, not parsed again (no host
    /// parser under the setters that keep it: their stack bound).
    pub(super) fn kept_host_authority_state(&mut self, pos: usize, kind: HostKind) -> Step {
        self.out.push_slice(b"//");
        let scan = self.scan_authority(pos);
        let host_pos = self.credentials_state(pos, &scan)?;
        let host_end = scan.colon.unwrap_or(scan.end);
        self.rec.host_start = self.out.pos();
        self.out.push_slice(self.span(host_pos, host_end));
        self.rec.host_kind = Some(kind);
        self.rec.host_end = self.out.pos();
        if let Some(c) = scan.colon {
            self.port_state(c + 1, scan.end)?;
        }
        self.path_start_state(scan.end)
    }

    /// The authority state's credentials (before the last `@`, if any): written, and where
    /// the host starts; a failure when nothing follows the `@`. Inlined: the authority state
    /// of every parse runs it.
    #[inline(always)]
    fn credentials_state(
        &mut self,
        pos: usize,
        scan: &AuthorityScan,
    ) -> Result<usize, ParseErrorKind> {
        let Some(at) = scan.last_at else {
            self.rec.username_end = self.out.pos();
            return Ok(pos);
        };
        let authority = self.span(pos, scan.end);
        self.report_credentials(authority, pos, at);
        let host_pos = pos + at + 1;
        if host_pos == scan.end {
            self.fail(
                scan.end,
                ValidationError::HostMissing,
                ParseErrorKind::HostMissing,
            )?;
        }
        self.write_credentials(authority.get(..at).unwrap_or_default());
        Ok(host_pos)
    }

    /// `invalid-credentials` for each `@` up to the last one, at `pos + at` (the authority
    /// state's first step); one is enough for the set alone.
    fn report_credentials(&mut self, authority: &[u8], pos: usize, at: usize) {
        if !R::IN_ORDER {
            return self.report(ValidationError::InvalidCredentials, pos + at);
        }
        let before = authority.get(..at).unwrap_or_default();
        for (i, _) in before.iter().enumerate().filter(|(_, b)| **b == b'@') {
            self.report(ValidationError::InvalidCredentials, pos + i);
        }
        self.report(ValidationError::InvalidCredentials, pos + at);
    }

    /// One pass over the authority: its end (the first `/`, `?`, `#`, or `\\` in special
    /// URLs), its last `@`, and the first `:` outside brackets after that `@` (the host
    /// state's port delimiter); and with the runs of bytes that need no attention, the class
    /// bits they all have: for a special URL whose host is such a run, whether its bytes are
    /// canonical domain bytes (a subset: most hosts are, so the one pass tells). Inlined,
    /// like [`Parser::credentials_state`].
    #[inline(always)]
    fn scan_authority(&self, pos: usize) -> AuthorityScan {
        let mut scan = AuthorityScan {
            end: self.input.len(),
            last_at: None,
            colon: None,
            canonical_host: false,
        };
        // The class bits all the runs' bytes have; cleared by a bracket (a host with one is
        // never all canonical domain bytes). The credentials' and the port's runs count too:
        // where their bytes are not canonical domain bytes, the host only takes the long way.
        let mut common = crate::scan::Flag::MAX;
        let mut inside_brackets = false;
        let mut i = pos;
        loop {
            // Runs of bytes that need no attention, four at a time.
            let (stop, run) = crate::scan::skip_and(self.input, i, crate::scan::AUTHORITY);
            i = stop;
            common &= run;
            let Some(&b) = self.input.get(i) else {
                break;
            };
            match b {
                b'@' => {
                    scan.last_at = Some(i - pos);
                    scan.colon = None;
                    inside_brackets = false;
                }
                b'[' | b']' => {
                    inside_brackets = b == b'[';
                    common = 0;
                }
                b':' => {
                    if !inside_brackets && scan.colon.is_none() {
                        scan.colon = Some(i);
                    }
                }
                b'\\' if !self.is_special() => {}
                _ => {
                    scan.end = i;
                    break;
                }
            }
            i += 1;
        }
        // Without `@` or brackets, the host is the first run: its bytes are all of class
        // `common` (and an empty host is not canonical: the host state fails it).
        scan.canonical_host = self.is_special()
            && scan.last_at.is_none()
            && common & crate::scan::DOMAIN_CANONICAL != 0;
        scan
    }

    /// Username and password, percent-encoded with the userinfo set; `@` inside them was
    /// already part of the buffer (the spec prepends `%40`, which the set produces).
    /// Inlined: part of the authority state's body; as a call its frame would sit under the
    /// state's (stack), and every authority with credentials would pay the call.
    #[inline(always)]
    fn write_credentials(&mut self, userinfo: &[u8]) {
        // Never read back, and never a failure: a validity-only run does not write them.
        if self.validity_only {
            return;
        }
        // Split at the first `:` without indexing (no bounds-check panic path).
        let (username, password) = match userinfo.iter().position(|&b| b == b':') {
            Some(colon) => (
                userinfo.get(..colon).unwrap_or_default(),
                userinfo.get(colon + 1..).unwrap_or_default(),
            ),
            None => (userinfo, &[][..]),
        };
        let start = self.out.len();
        push_component(&mut self.out, &mut self.v, username, &USERINFO_COMPONENT);
        self.rec.username_end = self.out.pos();
        if !password.is_empty() {
            self.out.push(b':');
            push_component(&mut self.out, &mut self.v, password, &USERINFO_COMPONENT);
        }
        if self.out.len() > start {
            self.out.push(b'@');
        }
    }

    /// <https://url.spec.whatwg.org/#host-state> and
    /// <https://url.spec.whatwg.org/#port-state> over `input[pos..end]`; `canonical`: the
    /// authority's scan found the host made of canonical domain bytes.
    fn host_state(
        &mut self,
        pos: usize,
        colon: Option<usize>,
        end: usize,
        canonical: bool,
    ) -> Step {
        let host_end = colon.unwrap_or(end);
        let host = self.span(pos, host_end);
        if host.is_empty() && (colon.is_some() || self.is_special()) {
            return self.fail(
                pos,
                ValidationError::HostMissing,
                ParseErrorKind::HostMissing,
            );
        }
        self.rec.host_start = self.out.pos();
        let special = self.is_special();
        self.v.origin(pos);
        let parsed = match canonical && !R::IN_ORDER && !ends_in_a_number(host) {
            // What the host parser would write, without its call: a canonical domain that is
            // no IPv4 address is written as it is (its ASCII path, `domain::plain_ascii`).
            // (With a log, the host parser also reports `domain-to-ASCII`.)
            true => {
                self.out.push_slice(host);
                host::Parsed::Domain
            }
            false => host::parse(host, !special, &mut self.out, &mut self.v),
        };
        if let host::Parsed::Failed(e) = parsed {
            // At the byte that failed the host (an offset in it).
            self.stop = pos + e.offset();
            return Err(e.kind);
        }
        self.rec.host_kind = parsed.kind();
        self.note_undecided_host(pos, host_end);
        self.rec.host_end = self.out.pos();
        match colon {
            Some(c) => self.port_state(c + 1, end),
            None => Ok(()),
        }
    }

    /// <https://url.spec.whatwg.org/#port-state>: digits only; the default port is dropped.
    /// Inlined: part of the authority state's body; as a call its frame would sit under the
    /// state's (stack), and every authority with a port would pay the call.
    #[inline(always)]
    pub(super) fn port_state(&mut self, pos: usize, end: usize) -> Step {
        let digits = self.span(pos, end);
        if let Some(i) = digits.iter().position(|b| !b.is_ascii_digit()) {
            return self.fail(
                pos + i,
                ValidationError::PortInvalid,
                ParseErrorKind::PortInvalid,
            );
        }
        if digits.is_empty() {
            return Ok(());
        }
        let port = match port_number(digits) {
            Ok(port) => port,
            // At the digit that takes the port past 65535.
            Err(i) => {
                return self.fail(
                    pos + i,
                    ValidationError::PortOutOfRange,
                    ParseErrorKind::PortOutOfRange,
                );
            }
        };
        if Some(port) != self.rec.scheme.default_port() {
            self.rec.port = Some(port);
            // Never read back: a validity-only run does not write it.
            if self.out.keeps_output() {
                self.out.push(b':');
                self.out.push_decimal(port);
            }
        }
        Ok(())
    }
}
