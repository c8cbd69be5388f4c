//! Reading C arguments and writing C results: every `unsafe` block of the crate is here,
//! each after the checks that make it sound.

use crate::{microurl_result, microurl_url};
use core::ffi::c_char;
use core::fmt;
#[cfg(feature = "idna")]
use mu::idna::IdnaError;
use mu::{Error, NetError, ParseErrorKind};

/// Why a call failed, before it becomes a [`microurl_result`].
#[derive(Clone, Copy, Debug)]
pub(crate) enum Fail {
    /// NULL with a length, misaligned, overlapping, unknown selector, or a broken URL struct.
    Argument,
    /// Not UTF-8 from this byte on.
    Utf8 { position: usize },
    /// Not a URL / domain (`MICROURL_INVALID`), the base string not a URL
    /// (`MICROURL_INVALID_BASE`), or a URL a protocol helper cannot use (`MICROURL_REFUSED`):
    /// one variant, so that turning it into a result is one branch.
    Invalid {
        status: u32,
        kind: u32,
        position: usize,
    },
    /// The buffer is too small: this many bytes suffice.
    TooSmall(usize),
    /// Longer than the parser accepts.
    TooLong,
}

impl Fail {
    /// A parse error of the library.
    pub(crate) fn of(e: Error) -> Fail {
        match e {
            Error::Parse(p) => Fail::Invalid {
                kind: parse_kind(p.kind),
                position: p.position,
                status: crate::MICROURL_INVALID,
            },
            Error::ArenaTooSmall { needed } => Fail::TooSmall(needed),
            _ => Fail::TooLong,
        }
    }

    /// A protocol helper's refusal (`position`: the byte in the host for
    /// `HostNotAName`, the byte in the serialization for `UnsafeByte`, the option number
    /// for `BadOption` and `OptionTooLong`).
    pub(crate) fn net(e: NetError) -> Fail {
        use crate::*;
        let (kind, position) = match e {
            NetError::Url(e) => return Fail::of(e),
            NetError::NoHost => (MICROURL_ERROR_NO_HOST, 0),
            NetError::NumericHost => (MICROURL_ERROR_NUMERIC_HOST, 0),
            NetError::HostNotAName { position } => (MICROURL_ERROR_HOST_NOT_A_NAME, position),
            NetError::NoPort => (MICROURL_ERROR_NO_PORT, 0),
            NetError::WrongScheme => (MICROURL_ERROR_WRONG_SCHEME, 0),
            NetError::Fragment => (MICROURL_ERROR_FRAGMENT, 0),
            NetError::OpaquePath => (MICROURL_ERROR_OPAQUE_PATH, 0),
            NetError::DotSegment => (MICROURL_ERROR_DOT_SEGMENT, 0),
            NetError::BadOption { number } => (MICROURL_ERROR_BAD_OPTION, usize::from(number)),
            NetError::UnsafeByte { position } => (MICROURL_ERROR_UNSAFE_BYTE, position),
            NetError::BadCredentials => (MICROURL_ERROR_BAD_CREDENTIALS, 0),
            NetError::OptionTooLong { number } => {
                (MICROURL_ERROR_OPTION_TOO_LONG, usize::from(number))
            }
            _ => (MICROURL_ERROR_OTHER, 0),
        };
        Fail::Invalid {
            status: MICROURL_REFUSED,
            kind,
            position,
        }
    }

    /// The same failure, for a parse into the buffer after `extra` bytes of it that the call
    /// took first (`microurl_parse`'s base): a `needed` counts them too. A step of its own
    /// after [`Fail::of`], not an argument of it, as [`Fail::in_base`] is: matched again
    /// where it is made, the failure is built in registers, not in a slot of the frame of
    /// `microurl_parse`, which the parser's frames sit under.
    pub(crate) fn after(self, extra: usize) -> Fail {
        match self {
            Fail::TooSmall(n) => Fail::TooSmall(n.saturating_add(extra)),
            f => f,
        }
    }

    /// The same failure, found in the base string: a parse error or bytes that are not UTF-8
    /// become `MICROURL_INVALID_BASE` with the position in the base, so that the caller never
    /// reads it as a position in the input.
    pub(crate) fn in_base(self) -> Fail {
        let (kind, position) = match self {
            Fail::Invalid { kind, position, .. } => (kind, position),
            // No parse error to name: only the position says where the text stops being UTF-8.
            Fail::Utf8 { position } => (crate::MICROURL_ERROR_NONE, position),
            f => return f,
        };
        Fail::Invalid {
            kind,
            position,
            status: crate::MICROURL_INVALID_BASE,
        }
    }

    /// An IDNA error of the library.
    #[cfg(feature = "idna")]
    pub(crate) fn idna(e: IdnaError) -> Fail {
        use crate::*;
        let (kind, position) = match e {
            IdnaError::BufferTooSmall { needed } => return Fail::TooSmall(needed),
            IdnaError::Disallowed { label } => (MICROURL_ERROR_IDNA_DISALLOWED, label),
            IdnaError::Std3 { label } => (MICROURL_ERROR_IDNA_STD3, label),
            IdnaError::NotNfc { label } => (MICROURL_ERROR_IDNA_NOT_NFC, label),
            IdnaError::Hyphen { label } => (MICROURL_ERROR_IDNA_HYPHEN, label),
            IdnaError::LeadingMark { label } => (MICROURL_ERROR_IDNA_LEADING_MARK, label),
            IdnaError::Joiner { label } => (MICROURL_ERROR_IDNA_JOINER, label),
            IdnaError::Bidi { label } => (MICROURL_ERROR_IDNA_BIDI, label),
            IdnaError::Punycode { label } => (MICROURL_ERROR_IDNA_PUNYCODE, label),
            IdnaError::LabelTooLong { label } => (MICROURL_ERROR_IDNA_LABEL_TOO_LONG, label),
            IdnaError::EmptyLabel { label } => (MICROURL_ERROR_IDNA_EMPTY_LABEL, label),
            IdnaError::DnsLength => (MICROURL_ERROR_IDNA_DNS_LENGTH, 0),
            IdnaError::EmptyHost => (MICROURL_ERROR_IDNA_EMPTY_HOST, 0),
            IdnaError::ForbiddenDomainCodePoint { position } => {
                (MICROURL_ERROR_IDNA_FORBIDDEN_DOMAIN_CODE_POINT, position)
            }
            #[allow(unreachable_patterns)]
            _ => (MICROURL_ERROR_OTHER, 0),
        };
        Fail::Invalid {
            status: MICROURL_INVALID,
            kind,
            position,
        }
    }
}

/// The `MICROURL_ERROR_*` code of a parse failure.
fn parse_kind(k: ParseErrorKind) -> u32 {
    use crate::*;
    use ParseErrorKind as K;
    match k {
        K::MissingSchemeNonRelativeUrl => MICROURL_ERROR_MISSING_SCHEME_NON_RELATIVE_URL,
        K::HostMissing => MICROURL_ERROR_HOST_MISSING,
        K::PortOutOfRange => MICROURL_ERROR_PORT_OUT_OF_RANGE,
        K::PortInvalid => MICROURL_ERROR_PORT_INVALID,
        K::HostInvalidCodePoint => MICROURL_ERROR_HOST_INVALID_CODE_POINT,
        K::DomainInvalidCodePoint => MICROURL_ERROR_DOMAIN_INVALID_CODE_POINT,
        K::DomainToAscii => MICROURL_ERROR_DOMAIN_TO_ASCII,
        K::IdnaUnavailable => MICROURL_ERROR_IDNA_UNAVAILABLE,
        K::Ipv4TooManyParts => MICROURL_ERROR_IPV4_TOO_MANY_PARTS,
        K::Ipv4NonNumericPart => MICROURL_ERROR_IPV4_NON_NUMERIC_PART,
        K::Ipv4OutOfRangePart => MICROURL_ERROR_IPV4_OUT_OF_RANGE_PART,
        K::Ipv6Unclosed => MICROURL_ERROR_IPV6_UNCLOSED,
        K::Ipv6InvalidCompression => MICROURL_ERROR_IPV6_INVALID_COMPRESSION,
        K::Ipv6TooManyPieces => MICROURL_ERROR_IPV6_TOO_MANY_PIECES,
        K::Ipv6MultipleCompression => MICROURL_ERROR_IPV6_MULTIPLE_COMPRESSION,
        K::Ipv6InvalidCodePoint => MICROURL_ERROR_IPV6_INVALID_CODE_POINT,
        K::Ipv6TooFewPieces => MICROURL_ERROR_IPV6_TOO_FEW_PIECES,
        K::Ipv4InIpv6TooManyPieces => MICROURL_ERROR_IPV4_IN_IPV6_TOO_MANY_PIECES,
        K::Ipv4InIpv6InvalidCodePoint => MICROURL_ERROR_IPV4_IN_IPV6_INVALID_CODE_POINT,
        K::Ipv4InIpv6OutOfRangePart => MICROURL_ERROR_IPV4_IN_IPV6_OUT_OF_RANGE_PART,
        K::Ipv4InIpv6TooFewParts => MICROURL_ERROR_IPV4_IN_IPV6_TOO_FEW_PARTS,
        _ => MICROURL_ERROR_OTHER,
    }
}

/// Runs a call's body and turns its outcome into a [`microurl_result`] (`Ok(n)`: `n`
/// bytes written, for the functions that write a string).
pub(crate) fn run(body: impl FnOnce() -> Result<usize, Fail>) -> microurl_result {
    use crate::*;
    let mut r = microurl_result {
        status: MICROURL_OK,
        error: MICROURL_ERROR_NONE,
        position: 0,
        needed: 0,
        written: 0,
    };
    match body() {
        Ok(n) => r.written = n,
        Err(Fail::Argument) => r.status = MICROURL_INVALID_ARGUMENT,
        Err(Fail::TooLong) => r.status = MICROURL_INPUT_TOO_LONG,
        Err(Fail::TooSmall(n)) => {
            r.status = MICROURL_BUFFER_TOO_SMALL;
            r.needed = n;
        }
        Err(Fail::Utf8 { position }) => {
            r.status = MICROURL_INVALID_UTF8;
            r.position = position;
        }
        Err(Fail::Invalid {
            status,
            kind,
            position,
        }) => {
            r.status = status;
            r.error = kind;
            r.position = position;
        }
    }
    r
}

/// An address range the caller passed (for the overlap checks).
#[derive(Clone, Copy)]
pub(crate) struct Region {
    start: usize,
    len: usize,
}

impl Region {
    pub(crate) fn of<T>(p: *const T, len: usize) -> Region {
        Region {
            start: p as usize,
            len,
        }
    }

    /// Whether the `len` bytes at `p` lie inside the region.
    pub(crate) fn holds<T>(self, p: *const T, len: usize) -> bool {
        let from = (p as usize).wrapping_sub(self.start);
        from < self.len && len <= self.len - from
    }
}

/// What a call that reads the URL at `url`, whose serialization is `href`, reads of the
/// caller's memory: the serialization and the struct itself (`[href, struct]`). A later call
/// reads both again, so no output of the call may overlap either.
pub(crate) fn url_inputs(url: *const microurl_url, href: &str) -> [Region; 2] {
    [
        Region::of(href.as_ptr(), href.len()),
        Region::of(url, core::mem::size_of::<microurl_url>()),
    ]
}

/// `Ok` when the output region shares no byte with any input region.
pub(crate) fn disjoint(out: Region, inputs: &[Region]) -> Result<(), Fail> {
    let overlaps = |a: Region, b: Region| {
        a.len != 0
            && b.len != 0
            && a.start < b.start.saturating_add(b.len)
            && b.start < a.start.saturating_add(a.len)
    };
    match inputs.iter().any(|&i| overlaps(out, i)) {
        true => Err(Fail::Argument),
        false => Ok(()),
    }
}

/// Whether `len` bytes at `p` can be a Rust slice: not NULL (unless empty), no larger than
/// `isize::MAX`, not wrapping around the address space.
fn slice_ok(p: *const c_char, len: usize) -> Result<bool, Fail> {
    if len == 0 {
        return Ok(false);
    }
    let fits = len <= isize::MAX as usize && (p as usize).checked_add(len).is_some();
    match !p.is_null() && fits {
        true => Ok(true),
        false => Err(Fail::Argument),
    }
}

/// The caller's `len` bytes at `p` (NULL only with `len` 0).
pub(crate) fn bytes<'a>(p: *const c_char, len: usize) -> Result<&'a [u8], Fail> {
    if !slice_ok(p, len)? {
        return Ok(&[]);
    }
    // SAFETY: `p` is not NULL and `len` fits (checked above); the header's contract is that
    // `p[0..len]` is readable and not written during the call, and `c_char` has the size and
    // alignment of `u8`.
    Ok(unsafe { core::slice::from_raw_parts(p.cast::<u8>(), len) })
}

/// The caller's `len` bytes at `p` as UTF-8 text.
pub(crate) fn text<'a>(p: *const c_char, len: usize) -> Result<&'a str, Fail> {
    core::str::from_utf8(bytes(p, len)?).map_err(|e| Fail::Utf8 {
        position: e.valid_up_to(),
    })
}

/// The caller's writable buffer of `len` bytes at `p` (NULL only with `len` 0). The caller
/// checked it overlaps no input of the call.
pub(crate) fn bytes_mut<'a>(p: *mut c_char, len: usize) -> Result<&'a mut [u8], Fail> {
    if !slice_ok(p, len)? {
        return Ok(&mut []);
    }
    // SAFETY: `p` is not NULL and `len` fits (checked above); the header's contract is that
    // `p[0..len]` is writable and used by nothing else during the call, and the caller of
    // this function checked that no input of the call overlaps it.
    Ok(unsafe { core::slice::from_raw_parts_mut(p.cast::<u8>(), len) })
}

/// The caller's array of `n` `T` at `p` (NULL only with `n` 0); `T` must be a plain C
/// struct for which every bit pattern is a valid value.
pub(crate) fn structs<'a, T: Copy>(p: *const T, n: usize) -> Result<&'a [T], Fail> {
    if n == 0 {
        return Ok(&[]);
    }
    let bytes = n
        .checked_mul(core::mem::size_of::<T>())
        .ok_or(Fail::Argument)?;
    let fits = bytes <= isize::MAX as usize && (p as usize).checked_add(bytes).is_some();
    if p.is_null() || !p.is_aligned() || !fits {
        return Err(Fail::Argument);
    }
    // SAFETY: not NULL, aligned, and the `n * size_of::<T>()` bytes fit the address space
    // (checked above); the header's contract is that `p[0..n]` is readable and not written
    // during the call, and every bit pattern of `T` (integers and raw pointers) is valid.
    Ok(unsafe { core::slice::from_raw_parts(p, n) })
}

/// A copy of the caller's `microurl_url` (every bit pattern of it is a valid value).
pub(crate) fn read_struct(p: *const microurl_url) -> Result<microurl_url, Fail> {
    if p.is_null() || !p.is_aligned() {
        return Err(Fail::Argument);
    }
    // SAFETY: not NULL and aligned (checked); the header's contract is that it points to a
    // `microurl_url`. Its fields are integers and a raw pointer: any bits are a valid value.
    Ok(unsafe { p.read() })
}

/// Writes `v` to the caller's `*p`.
pub(crate) fn write_value<T: Copy>(p: *mut T, v: T) -> Result<(), Fail> {
    if p.is_null() || !p.is_aligned() {
        return Err(Fail::Argument);
    }
    // SAFETY: not NULL and aligned (checked); the header's contract is that it points to
    // writable memory for a `T` (a `Copy` type of integers, spans and arrays: no drop of the
    // old value).
    unsafe { p.write(v) };
    Ok(())
}

/// [`write_value`] into `p`, which must overlap neither the struct `url` the value was read
/// from nor `href`, its serialization (the value may point into it, and a later call reads
/// both again): an output over either is `Fail::Argument`, as any output that overlaps an
/// input.
pub(crate) fn write_value_apart<T: Copy>(
    p: *mut T,
    v: T,
    url: *const microurl_url,
    href: &str,
) -> Result<(), Fail> {
    disjoint(
        Region::of(p, core::mem::size_of::<T>()),
        &url_inputs(url, href),
    )?;
    write_value(p, v)
}

/// The caller's `microurl_url *out`, checked up front and written at the end.
pub(crate) struct Out(*mut microurl_url);

impl Out {
    /// Checks `p` (not NULL, aligned, not overlapping an input).
    pub(crate) fn new(p: *mut microurl_url, inputs: &[Region]) -> Result<Out, Fail> {
        if p.is_null() || !p.is_aligned() {
            return Err(Fail::Argument);
        }
        let out = Out(p);
        disjoint(out.region(), inputs)?;
        Ok(out)
    }

    /// [`Out::new`] for a call that reads the URL struct `url` (its region in
    /// [`url_inputs`]) and writes `*p` only once it is done with it: `p` may be that very
    /// struct, which is then replaced as a whole, but no other struct over part of it.
    pub(crate) fn new_or_same(
        p: *mut microurl_url,
        url: Region,
        inputs: &[Region],
    ) -> Result<Out, Fail> {
        let out = Out::new(p, inputs)?;
        match out.region().start == url.start {
            true => Ok(out),
            false => disjoint(out.region(), &[url]).map(|()| out),
        }
    }

    pub(crate) fn region(&self) -> Region {
        Region::of(self.0, core::mem::size_of::<microurl_url>())
    }

    /// The checked pointer (see `store::write_struct`).
    pub(crate) fn ptr(&self) -> *mut microurl_url {
        self.0
    }

    pub(crate) fn write(&self, v: microurl_url) {
        // `new` checked NULL and alignment: cannot fail.
        let _ = write_value(self.0, v);
    }

    /// Points the URL already written to `*self` at `href` (a copy of its serialization).
    pub(crate) fn point_at(&self, href: *const c_char) {
        if let Ok(mut c) = read_struct(self.0) {
            c.href = href;
            self.write(c);
        }
    }
}

/// The text `write` writes to a [`Counter`] over `buf` (a library value's `write_to`): its
/// length, or the length needed when it does not fit. The value writes straight to the
/// counter, not through `core::fmt::write`, whose calls through pointers would leave the
/// calling function without a static stack bound.
pub(crate) fn written_into(
    buf: &mut [u8],
    write: impl FnOnce(&mut Counter<'_>) -> fmt::Result,
) -> Result<usize, Fail> {
    let mut c = Counter { buf, n: 0 };
    // The counter never fails; a value that did would leave `n` short: report it.
    write(&mut c).map_err(|_| Fail::Argument)?;
    match c.n <= c.buf.len() {
        true => Ok(c.n),
        false => Err(Fail::TooSmall(c.n)),
    }
}

/// A [`fmt::Write`] into a buffer that counts what does not fit ([`written_into`]).
pub(crate) struct Counter<'b> {
    buf: &'b mut [u8],
    /// Bytes written so far, past `buf.len()` once it ran out (nothing is stored from then).
    n: usize,
}

impl fmt::Write for Counter<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let end = self.n + s.len();
        if let Some(dst) = self.buf.get_mut(self.n..end) {
            dst.copy_from_slice(s.as_bytes());
        }
        self.n = end;
        Ok(())
    }
}

/// Stops the program on the spot (the panic handler: nothing may unwind into C).
// (The panic handler is not compiled into the unit-test build, which has `std`'s.)
#[cfg_attr(test, allow(dead_code))]
pub(crate) fn trap() -> ! {
    #[cfg(any(target_arch = "arm", target_arch = "aarch64"))]
    // SAFETY: `udf` raises an undefined-instruction exception (a HardFault on Cortex-M, SIGILL
    // on a host); it reads and writes no memory and does not return.
    unsafe {
        core::arch::asm!("udf #0", options(noreturn, nomem, nostack))
    }
    #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
    // SAFETY: `ud2` raises an invalid-opcode exception (SIGILL); it reads and writes no memory
    // and does not return.
    unsafe {
        core::arch::asm!("ud2", options(noreturn, nomem, nostack))
    }
    #[cfg(not(any(
        target_arch = "arm",
        target_arch = "aarch64",
        target_arch = "x86",
        target_arch = "x86_64"
    )))]
    loop {}
}
