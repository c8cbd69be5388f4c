//! The C API's domain functions, with or without the `idna` feature: the header is the same
//! either way, so a firmware built against it links with both archives; without UTS46 the
//! functions say so with `MICROURL_ERROR_IDNA_UNAVAILABLE`.

use crate::io::Fail;

/// *domain to ASCII* into `buf`: its length, or why not.
#[cfg(feature = "idna")]
pub(crate) fn to_ascii(domain: &str, be_strict: bool, buf: &mut [u8]) -> Result<usize, Fail> {
    mu::idna::domain_to_ascii(domain, be_strict, buf).map_err(Fail::idna)
}

/// *domain to Unicode* into `buf`: its length, or why not.
#[cfg(feature = "idna")]
pub(crate) fn to_unicode(domain: &str, buf: &mut [u8]) -> Result<usize, Fail> {
    mu::idna::domain_to_unicode(domain, buf).map_err(Fail::idna)
}

#[cfg(not(feature = "idna"))]
pub(crate) fn to_ascii(_: &str, _: bool, _: &mut [u8]) -> Result<usize, Fail> {
    Err(unavailable())
}

#[cfg(not(feature = "idna"))]
pub(crate) fn to_unicode(_: &str, _: &mut [u8]) -> Result<usize, Fail> {
    Err(unavailable())
}

/// What a parse of a host that needs UTS46 reports in a build without it.
#[cfg(not(feature = "idna"))]
fn unavailable() -> Fail {
    Fail::Invalid {
        status: crate::MICROURL_INVALID,
        kind: crate::MICROURL_ERROR_IDNA_UNAVAILABLE,
        position: 0,
    }
}
