//! The host, hostname and port states as the setters run them, with a state override
//! (<https://url.spec.whatwg.org/#host-state>, <https://url.spec.whatwg.org/#port-state>).

use super::{Parser, Step};
use crate::error::{ParseErrorKind, ValidationError};
use crate::host::{self, HostKind};

/// The host setter's result: `None` keeps the old port, `Some(p)` sets it (`p == None` is
/// the default port).
pub(crate) type NewPort = Option<Option<u16>>;

impl Parser<'_, '_, '_> {
    /// The host (or hostname) state with a state override, over the whole input: writes the
    /// new host and returns whether a new port was given (and its value, `None` = default).
    /// `Err` means the URL stays as it was. Inlined into its one caller, the host setters'
    /// splice, whose frame has room for its locals (their stack bound).
    #[inline(always)]
    pub(crate) fn host_setter_state(
        &mut self,
        hostname_only: bool,
        has_credentials_or_port: bool,
    ) -> Result<NewPort, ParseErrorKind> {
        if self.rec.scheme.is_file() {
            return self.file_host_setter_state();
        }
        let special = self.is_special();
        let end = self
            .input
            .iter()
            .position(|&b| matches!(b, b'/' | b'?' | b'#') || (special && b == b'\\'))
            .unwrap_or(self.input.len());
        let mut inside_brackets = false;
        let colon = self.span(0, end).iter().position(|&b| {
            match b {
                b'[' => inside_brackets = true,
                b']' => inside_brackets = false,
                b':' if !inside_brackets => return true,
                _ => {}
            }
            false
        });
        let buffer = self.span(0, colon.unwrap_or(end));
        if colon.is_some() {
            if buffer.is_empty() {
                self.fail(0, ValidationError::HostMissing, ParseErrorKind::HostMissing)?;
            }
            if hostname_only {
                return Err(ParseErrorKind::HostMissing);
            }
        } else if buffer.is_empty() && (special || has_credentials_or_port) {
            self.fail(0, ValidationError::HostMissing, ParseErrorKind::HostMissing)?;
        }
        let parsed = host::parse(buffer, !special, &mut self.out, &mut self.v);
        if let host::Parsed::Failed(e) = parsed {
            return Err(e.kind);
        }
        self.rec.host_kind = parsed.kind();
        let port = match colon {
            // The port state runs after the host is set; its failure keeps the old port.
            Some(c) => self.port_setter_state(c + 1).ok(),
            None => None,
        };
        Ok(port)
    }

    /// The file host state with a state override (inlined, as the host setter state is).
    #[inline(always)]
    fn file_host_setter_state(&mut self) -> Result<NewPort, ParseErrorKind> {
        let end = self
            .input
            .iter()
            .position(|&b| matches!(b, b'/' | b'\\' | b'?' | b'#'))
            .unwrap_or(self.input.len());
        let buffer = self.span(0, end);
        if buffer.is_empty() {
            self.rec.host_kind = Some(HostKind::Empty);
            return Ok(None);
        }
        let start = self.out.len();
        let parsed = host::parse(buffer, false, &mut self.out, &mut self.v);
        if let host::Parsed::Failed(e) = parsed {
            return Err(e.kind);
        }
        self.rec.host_kind = parsed.kind();
        if host::is_localhost(buffer, &self.out, start) {
            self.out.truncate(start);
            self.rec.host_kind = Some(HostKind::Empty);
        }
        Ok(None)
    }

    /// The port state with a state override, from `pos`: leading digits only. Returns the
    /// new port (`None` when it is the scheme's default).
    pub(crate) fn port_setter_state(&mut self, pos: usize) -> Result<Option<u16>, ParseErrorKind> {
        let digits = self.rest(pos);
        let n = digits.iter().take_while(|b| b.is_ascii_digit()).count();
        if n == 0 {
            return Err(ParseErrorKind::PortInvalid);
        }
        let mut port: u32 = 0;
        for &d in digits.iter().take(n) {
            port = port * 10 + (d - b'0') as u32;
            if port > 65535 {
                self.v.insert(ValidationError::PortOutOfRange);
                return Err(ParseErrorKind::PortOutOfRange);
            }
        }
        let port = port as u16;
        Ok((Some(port) != self.rec.scheme.default_port()).then_some(port))
    }

    /// Runs a state with the override set, for the pathname, search and hash setters.
    pub(crate) fn run_override(&mut self, pos: usize) -> Step {
        use super::StateOverride as S;
        match self.state_override {
            Some(S::PathStart) => self.path_start_state(pos),
            Some(S::Query) => self.query_state(pos),
            Some(S::Fragment) => self.fragment_state(pos),
            _ => Ok(()),
        }
    }
}
