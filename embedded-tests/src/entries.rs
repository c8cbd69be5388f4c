// Every public entry point of microurl behind its own non-inlined, unmangled function
// (include!d by firmware.rs). Why: the static stack bound (stack-bound.py) is computed per
// symbol of the linked firmware; under fat LTO a call such as `Url::parse` is otherwise
// inlined into its caller and has no frame of its own to start the walk from. The painted
// measurements of the firmware call these same functions, so the bound and the measurement
// describe the same machine code.
//
// Naming: `microurl_entry_<name>`; stack-bound.py reports `<name>`.

/// The `UrlBuf` capacity the bound is computed for (its operations hold up to two copies of
/// the storage on the stack, so their bound grows with `N`).
const ENTRY_URLBUF: usize = 128;
type EntryBuf = microurl::UrlBuf<ENTRY_URLBUF>;

#[allow(dead_code)]
mod entry {
    use super::EntryBuf;
    #[cfg(feature = "idna")]
    use microurl::idna::{self, IdnaError, Uts46Options};
    use microurl::{Error, Origin, Url, ValidationErrors};

    macro_rules! url_entry {
        ($($name:ident => $call:ident),* $(,)?) => {$(
            #[inline(never)]
            #[no_mangle]
            pub fn $name<'b>(url: &Url<'b>, value: &'b str, arena: &'b mut [u8]) -> Result<Url<'b>, Error> {
                url.$call(value, arena)
            }
        )*};
    }
    macro_rules! buf_entry {
        ($($name:ident => $call:ident),* $(,)?) => {$(
            #[inline(never)]
            #[no_mangle]
            pub fn $name(buf: &mut EntryBuf, value: &str) -> Result<(), Error> {
                buf.$call(value)
            }
        )*};
    }

    #[inline(never)]
    #[no_mangle]
    pub fn microurl_entry_parse<'a>(input: &'a str, arena: &'a mut [u8]) -> Result<Url<'a>, Error> {
        Url::parse(input, arena)
    }

    #[inline(never)]
    #[no_mangle]
    pub fn microurl_entry_parse_with_base<'a>(
        input: &'a str,
        base: Option<&Url<'_>>,
        arena: &'a mut [u8],
    ) -> Result<Url<'a>, Error> {
        Url::parse_with_base(input, base, arena)
    }

    #[inline(never)]
    #[no_mangle]
    pub fn microurl_entry_join<'b>(
        base: &Url<'_>,
        input: &'b str,
        arena: &'b mut [u8],
    ) -> Result<Url<'b>, Error> {
        base.join(input, arena)
    }

    #[inline(never)]
    #[no_mangle]
    pub fn microurl_entry_can_parse(input: &str, base: Option<&str>) -> bool {
        Url::can_parse(input, base)
    }

    #[inline(never)]
    #[no_mangle]
    pub fn microurl_entry_origin<'a>(url: &Url<'a>) -> Origin<'a> {
        url.origin()
    }

    #[inline(never)]
    #[no_mangle]
    pub fn microurl_entry_validation_errors(url: &Url<'_>) -> ValidationErrors {
        url.validation_errors()
    }

    url_entry! {
        microurl_entry_set_href => set_href,
        microurl_entry_set_protocol => set_protocol,
        microurl_entry_set_username => set_username,
        microurl_entry_set_password => set_password,
        microurl_entry_set_host => set_host,
        microurl_entry_set_hostname => set_hostname,
        microurl_entry_set_port => set_port,
        microurl_entry_set_pathname => set_pathname,
        microurl_entry_set_search => set_search,
        microurl_entry_set_hash => set_hash,
    }

    #[inline(never)]
    #[no_mangle]
    pub fn microurl_entry_urlbuf_parse(input: &str) -> Result<EntryBuf, Error> {
        EntryBuf::parse(input)
    }

    #[inline(never)]
    #[no_mangle]
    pub fn microurl_entry_urlbuf_parse_with_base(
        input: &str,
        base: Option<&Url<'_>>,
    ) -> Result<EntryBuf, Error> {
        EntryBuf::parse_with_base(input, base)
    }

    buf_entry! {
        microurl_entry_urlbuf_set_href => set_href,
        microurl_entry_urlbuf_set_protocol => set_protocol,
        microurl_entry_urlbuf_set_username => set_username,
        microurl_entry_urlbuf_set_password => set_password,
        microurl_entry_urlbuf_set_host => set_host,
        microurl_entry_urlbuf_set_hostname => set_hostname,
        microurl_entry_urlbuf_set_port => set_port,
        microurl_entry_urlbuf_set_pathname => set_pathname,
        microurl_entry_urlbuf_set_search => set_search,
        microurl_entry_urlbuf_set_hash => set_hash,
    }

    #[cfg(feature = "idna")]
    #[inline(never)]
    #[no_mangle]
    pub fn microurl_entry_idna_to_ascii(
        domain: &str,
        options: Uts46Options,
        out: &mut [u8],
    ) -> Result<usize, IdnaError> {
        idna::to_ascii(domain, options, out)
    }

    #[cfg(feature = "idna")]
    #[inline(never)]
    #[no_mangle]
    pub fn microurl_entry_idna_to_unicode(
        domain: &str,
        options: Uts46Options,
        out: &mut [u8],
    ) -> Result<(usize, bool), IdnaError> {
        idna::to_unicode(domain, options, out)
    }

    #[cfg(feature = "idna")]
    #[inline(never)]
    #[no_mangle]
    pub fn microurl_entry_idna_domain_to_ascii(
        domain: &str,
        be_strict: bool,
        out: &mut [u8],
    ) -> Result<usize, IdnaError> {
        idna::domain_to_ascii(domain, be_strict, out)
    }

    #[cfg(feature = "idna")]
    #[inline(never)]
    #[no_mangle]
    pub fn microurl_entry_idna_domain_to_unicode(
        domain: &str,
        out: &mut [u8],
    ) -> Result<usize, IdnaError> {
        idna::domain_to_unicode(domain, out)
    }

    #[cfg(feature = "idna")]
    #[inline(never)]
    #[no_mangle]
    pub fn microurl_entry_idna_nfc(input: &str, out: &mut [u8]) -> Result<usize, IdnaError> {
        idna::nfc(input, out)
    }

    #[cfg(feature = "idna")]
    #[inline(never)]
    #[no_mangle]
    pub fn microurl_entry_idna_punycode_decode(
        input: &str,
        out: &mut [u8],
    ) -> Result<usize, IdnaError> {
        idna::punycode::decode(input, out)
    }

    #[cfg(feature = "idna")]
    #[inline(never)]
    #[no_mangle]
    pub fn microurl_entry_idna_punycode_encode(
        input: &str,
        out: &mut [u8],
    ) -> Result<usize, IdnaError> {
        idna::punycode::encode(input, out)
    }
}
