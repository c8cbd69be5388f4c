//! The firmware helpers of the Rust crate for C: known default ports, HTTP
//! request-targets and `Host`, the server name to connect to, CoAP options both ways
//! (RFC 7252 §6.4, §6.5) and MQTT broker URLs. Every refusal of the Rust helpers is a
//! `MICROURL_REFUSED` status with its `MICROURL_ERROR_*` reason.

use crate::io::{self, Fail, Out, Region};
use crate::{microurl_result, microurl_span, microurl_url, span, store, view};
use crate::{
    MICROURL_HOST_DOMAIN, MICROURL_HOST_IPV4, MICROURL_HOST_IPV6, MICROURL_HOST_NONE, NO_SPAN,
};
use core::ffi::c_char;
use core::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use mu::percent::PercentEncoded;
use mu::{SchemeKind, ServerName};

// ------------------------------------------------------------------------------ ports

/// The default port the library knows for the scheme `scheme` (ASCII case-insensitive):
/// the URL Standard's for the special schemes (80 for `http`, 443 for `wss`, ...), the
/// registered ones for MQTT (1883, 8883) and CoAP (5683, 5684, RFC 7252 and RFC 8323);
/// -1 for `file`, other schemes, and a scheme that is not UTF-8 or a NULL pointer with a
/// length. (`microurl_port_or_default` is the same for a parsed URL.)
#[no_mangle]
pub extern "C" fn microurl_known_default_port(scheme: *const c_char, scheme_len: usize) -> i32 {
    io::text(scheme, scheme_len)
        .ok()
        .and_then(mu::known_default_port)
        .map_or(-1, i32::from)
}

// ------------------------------------------------------------------------------ HTTP

/// The HTTP request-target in origin-form (RFC 9112 §3.2.1) into `*out`: the path and the
/// query, never the fragment; `/` for an empty path with no query (then `out->ptr` points
/// to a static `/`, else into the URL's buffer). Visible ASCII only (`!` to `~`): no space,
/// no control. `MICROURL_REFUSED` with `MICROURL_ERROR_OPAQUE_PATH` for a path that does
/// not start with `/` (`mailto:x`), with `MICROURL_ERROR_UNSAFE_BYTE` for a byte outside
/// visible ASCII. `*out` is written only on success.
#[no_mangle]
pub extern "C" fn microurl_request_target(
    url: *const microurl_url,
    out: *mut microurl_span,
) -> microurl_result {
    io::run(|| {
        view(url, |u| {
            let target = u.request_target().map_err(Fail::net)?;
            io::write_value_apart(out, span(target), url, u.as_str())?;
            Ok(0)
        })
    })
}

/// The HTTP request-target in absolute-form (RFC 9112 §3.2.2, for a proxy) into `buf`: the
/// URL without its username and password (RFC 9110 §4.2.4: never sent), its IPv6 zone and
/// its fragment; its length in `written`. Visible ASCII only (`!` to `~`).
/// `MICROURL_REFUSED` with `MICROURL_ERROR_UNSAFE_BYTE` (`position` in the URL's
/// serialization) for a space or a control (an opaque path keeps its spaces:
/// `sc:GET / HTTP/1.1`). `MICROURL_BUFFER_TOO_SMALL`: `needed` is exact.
#[no_mangle]
pub extern "C" fn microurl_absolute_form(
    url: *const microurl_url,
    buf: *mut c_char,
    buf_len: usize,
) -> microurl_result {
    io::run(|| {
        view(url, |u| {
            io::disjoint(Region::of(buf, buf_len), &io::url_inputs(url, u.as_str()))?;
            let buf = io::bytes_mut(buf, buf_len)?;
            u.absolute_form_into(buf).map(str::len).map_err(Fail::net)
        })
    })
}

/// The HTTP request-target in authority-form (RFC 9112 §3.2.3, for `CONNECT`) into `buf`:
/// host, `:` and port, the port always written (the known default when the URL has none),
/// no userinfo, no IPv6 zone; its length in `written`. `MICROURL_REFUSED` with
/// `MICROURL_ERROR_NO_HOST`, `MICROURL_ERROR_NO_PORT`, or `MICROURL_ERROR_UNSAFE_BYTE` for a
/// host byte outside RFC 3986's `reg-name` or a `,`.
#[no_mangle]
pub extern "C" fn microurl_authority_form(
    url: *const microurl_url,
    buf: *mut c_char,
    buf_len: usize,
) -> microurl_result {
    io::run(|| {
        view(url, |u| {
            io::disjoint(Region::of(buf, buf_len), &io::url_inputs(url, u.as_str()))?;
            let buf = io::bytes_mut(buf, buf_len)?;
            u.authority_form_into(buf).map(str::len).map_err(Fail::net)
        })
    })
}

/// The HTTP `Host` header value (RFC 9110 §7.2) into `buf`: the host as serialized (IPv6 in
/// brackets, without a zone: RFC 6874 §4) and `:port` unless the port is the scheme's known
/// default; its length in `written`. `MICROURL_REFUSED` with `MICROURL_ERROR_NO_HOST` when
/// the URL has no host or an empty one (`file:///x`), with `MICROURL_ERROR_UNSAFE_BYTE` for
/// a host byte outside RFC 3986's `reg-name` or a `,` (`http://a,b/` would read as two
/// `Host` values). `MICROURL_BUFFER_TOO_SMALL`: `needed` is exact.
#[no_mangle]
pub extern "C" fn microurl_host_header(
    url: *const microurl_url,
    buf: *mut c_char,
    buf_len: usize,
) -> microurl_result {
    io::run(|| {
        view(url, |u| {
            io::disjoint(Region::of(buf, buf_len), &io::url_inputs(url, u.as_str()))?;
            let buf = io::bytes_mut(buf, buf_len)?;
            u.host_header_into(buf).map(str::len).map_err(Fail::net)
        })
    })
}

// ------------------------------------------------------------------------------ server name

/// What to connect to (`microurl_server_name`, `microurl_broker`): a DNS name (also the
/// TLS SNI name) or an IP address.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct microurl_server {
    /// `MICROURL_HOST_DOMAIN` (a DNS name in `name`), `MICROURL_HOST_IPV4` (`ipv4`) or
    /// `MICROURL_HOST_IPV6` (`ipv6`).
    pub kind: crate::microurl_host_kind,
    /// The DNS name as written in the URL's buffer (ASCII, no brackets); NULL for an address.
    pub name: microurl_span,
    /// The IPv4 address (`0x7f000001` for 127.0.0.1), 0 otherwise.
    pub ipv4: u32,
    /// The IPv6 address, eight 16-bit pieces, most significant first; zeros otherwise.
    pub ipv6: [u16; 8],
}

fn server_name_c(s: ServerName<'_>) -> microurl_server {
    let mut c = microurl_server {
        kind: MICROURL_HOST_DOMAIN,
        name: NO_SPAN,
        ipv4: 0,
        ipv6: [0; 8],
    };
    match s {
        ServerName::Dns(name) => c.name = span(name),
        ServerName::Ip(IpAddr::V4(a)) => {
            c.kind = MICROURL_HOST_IPV4;
            c.ipv4 = u32::from(a);
        }
        ServerName::Ip(IpAddr::V6(a)) => {
            c.kind = MICROURL_HOST_IPV6;
            c.ipv6 = a.segments();
        }
        // `ServerName` is non-exhaustive: a kind of server this API cannot describe yet is
        // no host, never a name the caller would resolve.
        _ => c.kind = MICROURL_HOST_NONE,
    }
    c
}

/// The server to connect to into `*out`: the host's IP address, or the DNS name to resolve
/// and to send as TLS SNI (ASCII letters, digits, `-`, `_`, `.`; one trailing dot dropped,
/// RFC 6066 §3; the URL's case kept). An opaque host (`mqtt`, `coap`) is an address only in dotted
/// decimal (`coap://192.0.2.1/`); `MICROURL_REFUSED` with `MICROURL_ERROR_NUMERIC_HOST` for
/// the numeric forms a resolver would read differently (`coap://127.1/`), with
/// `MICROURL_ERROR_HOST_NOT_A_NAME` (and `position` in the host) for one that is not a plain
/// ASCII name (`coap://h%41/`) or has an empty label (`http://a..b/`), with
/// `MICROURL_ERROR_NO_HOST` without a host. `*out` is written only on success.
#[no_mangle]
pub extern "C" fn microurl_server_name(
    url: *const microurl_url,
    out: *mut microurl_server,
) -> microurl_result {
    io::run(|| {
        view(url, |u| {
            let name = u.server_name().map_err(Fail::net)?;
            io::write_value_apart(out, server_name_c(name), url, u.as_str())?;
            Ok(0)
        })
    })
}

// ------------------------------------------------------------------------------ CoAP

/// The number of CoAP request options the URL stands for (RFC 7252 §6.4; RFC 8323 §8 for
/// `coap+tcp`, `coaps+ws`, ...) into `*count`: Uri-Host unless the host is an IP literal
/// or dotted-decimal IPv4, Uri-Port unless the port is the scheme's default, one Uri-Path
/// per segment (none for `/`), one Uri-Query per `&`-separated argument. Read them with
/// `microurl_coap_option_at` (each call walks the URL from its start: no state to keep).
/// `MICROURL_REFUSED` with `MICROURL_ERROR_WRONG_SCHEME`,
/// `MICROURL_ERROR_FRAGMENT` (step 4), `MICROURL_ERROR_NO_HOST`, or
/// `MICROURL_ERROR_OPTION_TOO_LONG` (`position` = the option number) for a Uri-Host,
/// Uri-Path or Uri-Query value over 255 bytes (RFC 7252 §5.10).
#[no_mangle]
pub extern "C" fn microurl_coap_option_count(
    url: *const microurl_url,
    count: *mut usize,
) -> microurl_result {
    io::run(|| {
        view(url, |u| {
            let n = u.coap_options().map_err(Fail::net)?.count();
            io::write_value_apart(count, n, url, u.as_str())?;
            Ok(0)
        })
    })
}

/// CoAP option `index` (0 to count - 1, in option-number order) of the URL: its number (3
/// Uri-Host, 7 Uri-Port, 11 Uri-Path, 15 Uri-Query) into `*number`, its value as it goes
/// on the wire into `buf` (text percent-decoded, Uri-Host lowercased first; the port a
/// minimal big-endian integer), the value's length in `written`. An `index` past the last
/// option: `MICROURL_INVALID_ARGUMENT`. The refusals of `microurl_coap_option_count`.
/// `*number` is written only on success.
#[no_mangle]
pub extern "C" fn microurl_coap_option_at(
    url: *const microurl_url,
    index: usize,
    number: *mut u16,
    buf: *mut c_char,
    buf_len: usize,
) -> microurl_result {
    io::run(|| {
        view(url, |u| {
            let [href_r, url_r] = io::url_inputs(url, u.as_str());
            let number_r = Region::of(number, core::mem::size_of::<u16>());
            io::disjoint(number_r, &[href_r, url_r])?;
            io::disjoint(Region::of(buf, buf_len), &[href_r, url_r, number_r])?;
            let option = u.coap_options().map_err(Fail::net)?.nth(index);
            let option = option.ok_or(Fail::Argument)?;
            let buf = io::bytes_mut(buf, buf_len)?;
            let n = option.value_into(buf).map_err(Fail::of)?.len();
            io::write_value(number, option.number())?;
            Ok(n)
        })
    })
}

/// One CoAP option as it came off the wire, for `microurl_coap_url_from_options`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct microurl_coap_opt {
    /// The option number (3 Uri-Host, 7 Uri-Port, 11 Uri-Path, 15 Uri-Query; others are
    /// skipped).
    pub number: u16,
    /// The value bytes (NULL only with `value_len` 0).
    pub value: *const u8,
    /// The value's length.
    pub value_len: usize,
}

/// The URL of a CoAP request from its options (RFC 7252 §6.5), parsed into `buf` and
/// `*out`: `scheme` (`coap`, `coaps`, `coap+tcp`, `coaps+tcp`, `coap+ws`, `coaps+ws`), the
/// request's destination address (`ip`: 4 or 16 bytes, network order) and port (used
/// when there is no Uri-Host / Uri-Port), and `options[0..options_len]` in wire order.
/// `MICROURL_REFUSED` with `MICROURL_ERROR_WRONG_SCHEME`, `MICROURL_ERROR_BAD_OPTION`
/// (`position` = the option number: a Uri-Port over two bytes, an empty Uri-Host, a
/// repeated Uri-Host or Uri-Port, RFC 7252 §5.4.5), `MICROURL_ERROR_OPTION_TOO_LONG` (a
/// value over 255 bytes) or `MICROURL_ERROR_DOT_SEGMENT` (a Uri-Path `.` or `..`). `needed` always suffices (it may be
/// an upper bound). `*out` is written only on success.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub extern "C" fn microurl_coap_url_from_options(
    scheme: *const c_char,
    scheme_len: usize,
    ip: *const u8,
    ip_len: usize,
    port: u16,
    options: *const microurl_coap_opt,
    options_len: usize,
    out: *mut microurl_url,
    buf: *mut c_char,
    buf_len: usize,
) -> microurl_result {
    io::run(|| {
        let scheme_r = Region::of(scheme, scheme_len);
        let ip_r = Region::of(ip, ip_len);
        let options_size = options_len.saturating_mul(core::mem::size_of::<microurl_coap_opt>());
        let options_r = Region::of(options, options_size);
        let out = Out::new(out, &[scheme_r, ip_r, options_r])?;
        let buf_r = Region::of(buf, buf_len);
        io::disjoint(buf_r, &[scheme_r, ip_r, options_r, out.region()])?;
        let opts = io::structs(options, options_len)?;
        for o in opts {
            let value_r = Region::of(o.value, o.value_len);
            io::disjoint(buf_r, &[value_r])?;
            io::disjoint(out.region(), &[value_r])?;
            io::bytes(o.value.cast(), o.value_len)?;
        }
        let kind = SchemeKind::from_scheme(io::text(scheme, scheme_len)?);
        let ip = match *io::bytes(ip.cast(), ip_len)? {
            [a, b, c, d] => IpAddr::V4(Ipv4Addr::new(a, b, c, d)),
            ref v => {
                let octets: [u8; 16] = v.try_into().map_err(|_| Fail::Argument)?;
                IpAddr::V6(Ipv6Addr::from(octets))
            }
        };
        // Every value was checked above: the fallback is never taken.
        let pairs = opts.iter().map(|o| {
            let value = io::bytes(o.value.cast(), o.value_len).unwrap_or(&[]);
            (o.number, value)
        });
        let buf = io::bytes_mut(buf, buf_len)?;
        // The builder writes every URL into `buf`: nothing is borrowed, nothing to copy.
        match &mu::coap::url_from_options(kind, SocketAddr::new(ip, port), pairs, buf) {
            Ok(url) => store::put(url, &[], &out, buf_len)
                .map(|_| 0)
                .map_err(Fail::from),
            Err(e) => Err(Fail::net(*e)),
        }
    })
}

// ------------------------------------------------------------------------------ MQTT

/// A broker URL taken apart (`microurl_mqtt_broker`).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct microurl_broker {
    /// What to connect to (and the TLS SNI name, when it is a name).
    pub server: microurl_server,
    /// The URL's port, or the scheme's default (1883 `mqtt`, 8883 `mqtts`, 80 `ws`, 443 `wss`).
    pub port: u16,
    /// TLS (`mqtts`, `wss`) or not.
    pub tls: bool,
    /// MQTT over WebSocket (`ws`, `wss`) rather than TCP.
    pub websocket: bool,
    /// For WebSocket: the request-target of the upgrade request (`/mqtt`); NULL for TCP.
    pub ws_path: microurl_span,
    /// Whether the URL has a username (then decoded into the caller's `user` buffer).
    pub has_username: bool,
    /// Whether the URL has a password (then decoded into the caller's `pass` buffer).
    pub has_password: bool,
    /// The decoded username's length in `user` (0 without one).
    pub username_len: usize,
    /// The decoded password's length in `pass` (0 without one).
    pub password_len: usize,
}

/// The decoded length of an optional percent-encoded credential.
fn decoded_len(c: Option<PercentEncoded<'_>>) -> usize {
    c.map_or(0, |c| mu::percent::decode(c.as_str().as_bytes()).count())
}

/// Percent-decodes an optional credential into `buf` (which [`decoded_len`] said is large
/// enough).
fn decode_credential(c: Option<PercentEncoded<'_>>, buf: &mut [u8]) -> Result<usize, Fail> {
    match c {
        None => Ok(0),
        Some(c) => c.decode_into(buf).map(<[u8]>::len).map_err(Fail::of),
    }
}

/// The MQTT broker an `mqtt`, `mqtts`, `ws` or `wss` URL names, into `*out`: server, port
/// (the scheme's default when the URL has none), TLS, transport, and the username and
/// password percent-decoded into `user[0..user_len]` and `pass[0..pass_len]` (not
/// NUL-terminated; NULL buffers are fine with length 0 when the URL has no credentials).
/// `MICROURL_BUFFER_TOO_SMALL`: `user` and `pass` buffers of `needed` bytes each succeed.
/// `MICROURL_REFUSED` with `MICROURL_ERROR_WRONG_SCHEME`, a refusal of
/// `microurl_server_name`, or `MICROURL_ERROR_BAD_CREDENTIALS` for a username that is not
/// an MQTT UTF-8 string once decoded (not UTF-8, a NUL) or a username or password over
/// 65,535 bytes (the password is MQTT binary data: any bytes). A fragment is ignored. `*out` is written only on success.
#[no_mangle]
pub extern "C" fn microurl_mqtt_broker(
    url: *const microurl_url,
    out: *mut microurl_broker,
    user: *mut c_char,
    user_len: usize,
    pass: *mut c_char,
    pass_len: usize,
) -> microurl_result {
    io::run(|| {
        view(url, |u| {
            let [href_r, url_r] = io::url_inputs(url, u.as_str());
            let out_r = Region::of(out, core::mem::size_of::<microurl_broker>());
            let (user_r, pass_r) = (Region::of(user, user_len), Region::of(pass, pass_len));
            io::disjoint(out_r, &[href_r, url_r, user_r, pass_r])?;
            io::disjoint(user_r, &[href_r, url_r, pass_r])?;
            io::disjoint(pass_r, &[href_r, url_r])?;
            let b = u.mqtt_broker().map_err(Fail::net)?;
            let (ul, pl) = (decoded_len(b.username), decoded_len(b.password));
            if ul > user_len || pl > pass_len {
                return Err(Fail::TooSmall(ul.max(pl)));
            }
            let username_len = decode_credential(b.username, io::bytes_mut(user, user_len)?)?;
            let password_len = decode_credential(b.password, io::bytes_mut(pass, pass_len)?)?;
            let ws_path = match b.transport {
                mu::mqtt::Transport::WebSocket { path } => span(path),
                _ => NO_SPAN,
            };
            let c = microurl_broker {
                server: server_name_c(b.server),
                port: b.port,
                tls: b.tls,
                websocket: !matches!(b.transport, mu::mqtt::Transport::Tcp),
                ws_path,
                has_username: b.username.is_some(),
                has_password: b.password.is_some(),
                username_len,
                password_len,
            };
            io::write_value(out, c)?;
            Ok(0)
        })
    })
}
