//! One small adapter per parser, so every workload calls the three libraries the same way.
//!
//! Each `parse*` returns the length of the serialized href (or `None` on failure): the href
//! is produced and read by every parser, so no parser can skip its serializer.

/// microurl: the crate under test.
///
/// STUB: `microurl::Url::parse` is not on main yet, so the microurl calls are compiled out
/// and every microurl column reads "n/a". Replace with the real adapter once it lands.
pub mod micro {
    /// `false`: the microurl calls are compiled out (stub).
    pub const AVAILABLE: bool = false;

    pub fn parse(_input: &str, _arena: &mut [u8]) -> Option<usize> {
        None
    }

    pub fn parse_with_base(
        _input: &str,
        _base: &str,
        _arena: &mut [u8],
        _arena_base: &mut [u8],
    ) -> Option<usize> {
        None
    }

    pub fn can_parse(_input: &str, _base: Option<&str>) -> bool {
        false
    }

    pub fn href(_input: &str, _base: Option<&str>) -> Option<String> {
        None
    }
}

/// The `url` crate (servo/rust-url).
pub mod servo {
    #[inline(never)]
    pub fn parse(input: &str) -> Option<usize> {
        url::Url::parse(input).ok().map(|u| u.as_str().len())
    }

    #[inline(never)]
    pub fn parse_with_base(input: &str, base: &str) -> Option<usize> {
        let b = url::Url::parse(base).ok()?;
        b.join(input).ok().map(|u| u.as_str().len())
    }

    /// rust-url has no `can_parse`; a parse whose result is dropped is the equivalent.
    #[inline(never)]
    pub fn can_parse(input: &str, base: Option<&str>) -> bool {
        match base {
            None => url::Url::parse(input).is_ok(),
            Some(b) => url::Url::parse(b).is_ok_and(|b| b.join(input).is_ok()),
        }
    }

    pub fn href(input: &str, base: Option<&str>) -> Option<String> {
        match base {
            None => url::Url::parse(input).ok().map(String::from),
            Some(b) => url::Url::parse(b).ok()?.join(input).ok().map(String::from),
        }
    }
}

/// The `ada-url` crate (Rust bindings to ada, C++).
pub mod ada {
    #[inline(never)]
    pub fn parse(input: &str) -> Option<usize> {
        ada_url::Url::parse(input, None)
            .ok()
            .map(|u| u.as_str().len())
    }

    /// ada's API takes the base as a string and parses it on every call.
    #[inline(never)]
    pub fn parse_with_base(input: &str, base: &str) -> Option<usize> {
        ada_url::Url::parse(input, Some(base))
            .ok()
            .map(|u| u.as_str().len())
    }

    #[inline(never)]
    pub fn can_parse(input: &str, base: Option<&str>) -> bool {
        ada_url::Url::can_parse(input, base)
    }

    pub fn href(input: &str, base: Option<&str>) -> Option<String> {
        ada_url::Url::parse(input, base)
            .ok()
            .map(|u| u.as_str().to_owned())
    }
}
