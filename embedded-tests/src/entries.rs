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
    use microurl::form::SearchParams;
    use microurl::{coap, mqtt};
    use microurl::{
        Error, NetError, Origin, Reference, SchemeKind, ServerName, Url, UrlBuilder,
        ValidationErrors,
    };

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

    // The firmware layer (every public entry point bounded): the protocol
    // helpers, the builder, references, origins, the other parses.

    #[inline(never)]
    #[no_mangle]
    pub fn microurl_entry_parse_with<'a>(
        input: &'a str,
        base: Option<&Url<'_>>,
        arena: &'a mut [u8],
        options: microurl::Options,
    ) -> Result<Url<'a>, Error> {
        Url::parse_with(input, base, arena, options)
    }

    #[inline(never)]
    #[no_mangle]
    pub fn microurl_entry_parse_with_zone<'a>(
        input: &'a str,
        arena: &'a mut [u8],
    ) -> Result<Url<'a>, Error> {
        Url::parse_with_zone(input, arena)
    }

    #[inline(never)]
    #[no_mangle]
    pub fn microurl_entry_is_valid_url_string(input: &str, base: Option<&Url<'_>>) -> bool {
        microurl::is_valid_url_string(input, base)
    }

    #[inline(never)]
    #[no_mangle]
    pub fn microurl_entry_request_target<'a>(url: &Url<'a>) -> Result<&'a str, NetError> {
        url.request_target()
    }

    #[inline(never)]
    #[no_mangle]
    pub fn microurl_entry_absolute_form_into<'b>(
        url: &Url<'_>,
        buf: &'b mut [u8],
    ) -> Result<&'b str, NetError> {
        url.absolute_form_into(buf)
    }

    #[inline(never)]
    #[no_mangle]
    pub fn microurl_entry_authority_form_into<'b>(
        url: &Url<'_>,
        buf: &'b mut [u8],
    ) -> Result<&'b str, NetError> {
        url.authority_form_into(buf)
    }

    #[inline(never)]
    #[no_mangle]
    #[allow(clippy::type_complexity)]
    pub fn microurl_entry_credentials_into<'u, 'p>(
        url: &Url<'_>,
        user: &'u mut [u8],
        pass: &'p mut [u8],
    ) -> Result<Option<(&'u [u8], &'p [u8])>, NetError> {
        url.credentials_into(user, pass)
    }

    #[inline(never)]
    #[no_mangle]
    pub fn microurl_entry_host_header_into<'b>(
        url: &Url<'_>,
        buf: &'b mut [u8],
    ) -> Result<&'b str, NetError> {
        url.host_header_into(buf)
    }

    #[inline(never)]
    #[no_mangle]
    pub fn microurl_entry_server_name<'a>(url: &Url<'a>) -> Result<ServerName<'a>, NetError> {
        url.server_name()
    }

    #[inline(never)]
    #[no_mangle]
    pub fn microurl_entry_socket_addr(url: &Url<'_>) -> Option<core::net::SocketAddr> {
        url.socket_addr()
    }

    #[inline(never)]
    #[no_mangle]
    pub fn microurl_entry_mqtt_broker<'a>(url: &Url<'a>) -> Result<mqtt::Broker<'a>, NetError> {
        url.mqtt_broker()
    }

    /// Every CoAP option of `url`, each value decoded into `buf` (the work a request does):
    /// how many, or `None` on the first error.
    #[inline(never)]
    #[no_mangle]
    pub fn microurl_entry_coap_options(url: &Url<'_>, buf: &mut [u8]) -> Option<usize> {
        let mut n = 0;
        for option in url.coap_options().ok()? {
            option.value_into(buf).ok()?;
            n += 1;
        }
        Some(n)
    }

    #[inline(never)]
    #[no_mangle]
    pub fn microurl_entry_coap_url_from_options<'b>(
        scheme: SchemeKind,
        destination: core::net::SocketAddr,
        options: &[(u16, &[u8])],
        buf: &'b mut [u8],
    ) -> Result<Url<'b>, NetError> {
        coap::url_from_options(scheme, destination, options.iter().copied(), buf)
    }

    /// A URL built from parts: a host, path segments and query pairs.
    #[inline(never)]
    #[no_mangle]
    pub fn microurl_entry_builder_build<'b>(
        host: &str,
        segments: &[&str],
        pairs: &[(&str, &str)],
        buf: &'b mut [u8],
    ) -> Result<Url<'b>, NetError> {
        let mut b = UrlBuilder::new("https", buf).host(host).port(8443);
        for s in segments {
            b = b.segment(s);
        }
        for (name, value) in pairs {
            b = b.query_pair(name, value);
        }
        b.build()
    }

    #[inline(never)]
    #[no_mangle]
    pub fn microurl_entry_with_search_params<'b>(
        url: &Url<'b>,
        params: &SearchParams<&mut [u8]>,
        arena: &'b mut [u8],
    ) -> Result<Url<'b>, Error> {
        url.with_search_params(params, arena)
    }

    #[inline(never)]
    #[no_mangle]
    pub fn microurl_entry_origin_in<'b>(
        url: &Url<'b>,
        arena: &'b mut [u8],
    ) -> Result<Origin<'b>, Error> {
        url.origin_in(arena)
    }

    #[cfg(feature = "idna")]
    #[inline(never)]
    #[no_mangle]
    pub fn microurl_entry_unicode_serialization<'b>(
        origin: &Origin<'_>,
        out: &'b mut [u8],
    ) -> Result<&'b str, Error> {
        origin.unicode_serialization(out)
    }

    #[inline(never)]
    #[no_mangle]
    pub fn microurl_entry_reference_parse(input: &str) -> Result<Reference<'_>, Error> {
        Reference::parse(input)
    }

    #[inline(never)]
    #[no_mangle]
    pub fn microurl_entry_reference_resolve_url<'b>(
        reference: &Reference<'_>,
        base: &Url<'_>,
        arena: &'b mut [u8],
    ) -> Result<Url<'b>, Error> {
        reference.resolve_url(base, arena)
    }

    #[inline(never)]
    #[no_mangle]
    pub fn microurl_entry_make_relative<'b>(
        base: &Url<'_>,
        target: &Url<'_>,
        arena: &'b mut [u8],
    ) -> Result<Option<Reference<'b>>, Error> {
        base.make_relative(target, arena)
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
