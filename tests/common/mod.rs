//! Helpers shared by the integration tests.
#![allow(dead_code)]

use microurl::{Error, Url};

/// The WPT fields of a URL, by their JavaScript names.
pub const FIELDS: [&str; 11] = [
    "href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search",
    "hash", "origin",
];

/// One WPT field of `url`, as the URL API's getter returns it.
pub fn field(url: &Url<'_>, name: &str) -> String {
    match name {
        "href" => url.href().into(),
        "protocol" => url.protocol().into(),
        "username" => url.username().into(),
        "password" => url.password().into(),
        "host" => url.host_with_port().into(),
        "hostname" => url.hostname().into(),
        "port" => url.port().map(|p| p.to_string()).unwrap_or_default(),
        "pathname" => url.pathname().into(),
        "search" => url.search().into(),
        "hash" => url.hash().into(),
        "origin" => url.origin().to_string(),
        other => panic!("unknown field {other}"),
    }
}

/// Runs the named setter of the URL API on `url`.
pub fn set<'b>(
    url: &Url<'b>,
    setter: &str,
    value: &'b str,
    arena: &'b mut [u8],
) -> Result<Url<'b>, Error> {
    match setter {
        "href" => url.set_href(value, arena),
        "protocol" => url.set_protocol(value, arena),
        "username" => url.set_username(value, arena),
        "password" => url.set_password(value, arena),
        "host" => url.set_host(value, arena),
        "hostname" => url.set_hostname(value, arena),
        "port" => url.set_port(value, arena),
        "pathname" => url.set_pathname(value, arena),
        "search" => url.set_search(value, arena),
        "hash" => url.set_hash(value, arena),
        other => panic!("unknown setter {other}"),
    }
}
