//! One small adapter per parser, so every workload calls the three libraries the same way.
//!
//! Each `parse*` returns the length of the serialized href (or `None` on failure): the href
//! is produced and read by every parser, so no parser can skip its serializer.

/// microurl: the crate under test. Output goes into a caller-provided arena.
pub(crate) mod micro {
    /// `false` only if the microurl calls are compiled out (they are not).
    pub(crate) const AVAILABLE: bool = true;

    #[inline(never)]
    pub(crate) fn parse(input: &str, arena: &mut [u8]) -> Option<usize> {
        microurl::Url::parse(input, arena)
            .ok()
            .map(|u| u.as_str().len())
    }

    #[inline(never)]
    pub(crate) fn parse_with_base(
        input: &str,
        base: &str,
        arena: &mut [u8],
        arena_base: &mut [u8],
    ) -> Option<usize> {
        let b = microurl::Url::parse(base, arena_base).ok()?;
        microurl::Url::parse_with_base(input, Some(&b), arena)
            .ok()
            .map(|u| u.as_str().len())
    }

    #[inline(never)]
    pub(crate) fn can_parse(input: &str, base: Option<&str>) -> bool {
        microurl::Url::can_parse(input, base)
    }

    /// A base parsed once, ahead of the timed loop (`join` workloads).
    pub(crate) type Base<'a> = microurl::Url<'a>;

    pub(crate) fn parse_base<'a>(base: &'a str, arena: &'a mut [u8]) -> Option<Base<'a>> {
        microurl::Url::parse(base, arena).ok()
    }

    /// Resolves `input` against an already parsed base.
    #[inline(never)]
    pub(crate) fn join(input: &str, base: &Base<'_>, arena: &mut [u8]) -> Option<usize> {
        microurl::Url::parse_with_base(input, Some(base), arena)
            .ok()
            .map(|u| u.as_str().len())
    }

    /// The href as an owned string (for the agreement check, never timed). The arena grows
    /// to whatever `ArenaTooSmall { needed }` asks for.
    pub(crate) fn href(input: &str, base: Option<&str>) -> Option<String> {
        let mut size = 256;
        loop {
            let mut arena = vec![0u8; size];
            let mut arena_b = vec![0u8; size];
            let r = match base {
                None => microurl::Url::parse(input, &mut arena).map(|u| u.as_str().to_owned()),
                Some(b) => match microurl::Url::parse(b, &mut arena_b) {
                    Ok(b) => microurl::Url::parse_with_base(input, Some(&b), &mut arena)
                        .map(|u| u.as_str().to_owned()),
                    Err(microurl::Error::ArenaTooSmall { .. }) if size < (1 << 26) => {
                        size *= 4;
                        continue;
                    }
                    Err(_) => return None,
                },
            };
            match r {
                Ok(s) => return Some(s),
                Err(microurl::Error::ArenaTooSmall { needed }) if size < (1 << 26) => {
                    size = needed.max(size * 2);
                }
                Err(_) => return None,
            }
        }
    }
}

/// The `url` crate (servo/rust-url).
pub(crate) mod servo {
    #[inline(never)]
    pub(crate) fn parse(input: &str) -> Option<usize> {
        url::Url::parse(input).ok().map(|u| u.as_str().len())
    }

    #[inline(never)]
    pub(crate) fn parse_with_base(input: &str, base: &str) -> Option<usize> {
        let b = url::Url::parse(base).ok()?;
        b.join(input).ok().map(|u| u.as_str().len())
    }

    /// Resolves `input` against an already parsed base.
    #[inline(never)]
    pub(crate) fn join(input: &str, base: &url::Url) -> Option<usize> {
        base.join(input).ok().map(|u| u.as_str().len())
    }

    /// rust-url has no `can_parse`; a parse whose result is dropped is the equivalent.
    #[inline(never)]
    pub(crate) fn can_parse(input: &str, base: Option<&str>) -> bool {
        match base {
            None => url::Url::parse(input).is_ok(),
            Some(b) => url::Url::parse(b).is_ok_and(|b| b.join(input).is_ok()),
        }
    }

    pub(crate) fn href(input: &str, base: Option<&str>) -> Option<String> {
        match base {
            None => url::Url::parse(input).ok().map(String::from),
            Some(b) => url::Url::parse(b).ok()?.join(input).ok().map(String::from),
        }
    }
}

/// The `ada-url` crate (Rust bindings to ada, C++).
pub(crate) mod ada {
    #[inline(never)]
    pub(crate) fn parse(input: &str) -> Option<usize> {
        ada_url::Url::parse(input, None)
            .ok()
            .map(|u| u.as_str().len())
    }

    /// ada's API takes the base as a string and parses it on every call.
    #[inline(never)]
    pub(crate) fn parse_with_base(input: &str, base: &str) -> Option<usize> {
        ada_url::Url::parse(input, Some(base))
            .ok()
            .map(|u| u.as_str().len())
    }

    #[inline(never)]
    pub(crate) fn can_parse(input: &str, base: Option<&str>) -> bool {
        ada_url::Url::can_parse(input, base)
    }

    pub(crate) fn href(input: &str, base: Option<&str>) -> Option<String> {
        ada_url::Url::parse(input, base)
            .ok()
            .map(|u| u.as_str().to_owned())
    }
}
