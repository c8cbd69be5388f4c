//! Compile-time URLs for [microurl](https://docs.rs/microurl): [`url!`] runs microurl's
//! parser while the crate that uses it compiles, fails the build on an invalid URL with the
//! parser's error and the byte it points at, and expands to a constant `microurl::Url<'static>`
//! of the canonical serialization with its offsets. A firmware whose URLs are all constants
//! links no parser at all (`embedded-tests/run.sh` checks its symbols).
//!
//! Depend on both crates (cargo allows no dependency cycle, and this one depends on the
//! library to run its parser); `microurl::url!` and `microurl_macros::url!` are the same
//! macro:
//!
//! ```toml
//! [dependencies]
//! microurl = { version = "0.1", default-features = false }
//! microurl-macros = "0.1"
//! ```
//!
//! ```
//! use microurl::Url;
//! const OTA: Url<'static> = microurl::url!("HTTPS://OTA.Example.com:443/fw/../fw.bin");
//! assert_eq!(OTA.as_str(), "https://ota.example.com/fw.bin");
//! assert_eq!(OTA.host_str(), Some("ota.example.com"));
//! assert_eq!(OTA.port_or_known_default(), Some(443));
//! ```
//!
//! The parse runs on the build machine with IDNA whatever the firmware's features: a
//! non-ASCII domain is in the constant as `xn--` (the firmware needs no IDNA table).

use microurl::{Error, HostKind, Url, UrlParts};
use proc_macro2::{Span, TokenStream, TokenTree};
use quote::{format_ident, quote};
use syn::LitStr;
use syn::parse::{ParseStream, Parser};

/// A [`microurl::Url<'static>`](https://docs.rs/microurl/latest/microurl/struct.Url.html)
/// constant, parsed at build time: the argument is a string literal, or `env!("NAME")` for
/// a URL set in the build's environment (the variable is read when the macro expands, and
/// the crate is rebuilt when it changes, as for `env!`).
///
/// The expansion is a constant expression: it fits a `const` or a `static`, and does no
/// work at run time. Its URL is what `Url::parse` gives for the input, in every offset and
/// validation error.
///
/// ```
/// use microurl::{HostKind, Url};
/// const BROKER: Url<'static> = microurl_macros::url!("mqtts://Broker.example:8884/");
/// assert_eq!(BROKER.as_str(), "mqtts://Broker.example:8884/");
/// assert_eq!(BROKER.host_kind(), HostKind::Opaque);
/// assert_eq!(BROKER.port(), Some(8884));
///
/// static COAP: Url<'static> = microurl::url!("coap://[FE80::1]/sensors/temp?unit=C");
/// assert_eq!(COAP.as_str(), "coap://[fe80::1]/sensors/temp?unit=C");
/// assert_eq!(COAP.query(), Some("unit=C"));
/// ```
///
/// An invalid URL fails the build with the parser's error and the byte it found it at:
///
/// ```compile_fail
/// const BAD: microurl::Url<'static> = microurl::url!("http://exa mple.com/");
/// ```
///
/// `env!`, for a URL each build sets (`OTA_URL=https://... cargo build`):
///
/// ```compile_fail
/// // (Fails here: no such variable at this doctest's build.)
/// const OTA: microurl::Url<'static> = microurl::url!(env!("MICROURL_DOCTEST_UNSET"));
/// ```
#[proc_macro]
pub fn url(input: proc_macro::TokenStream) -> proc_macro::TokenStream {
    let lookup = |name: &str| std::env::var(name).ok();
    expand(input.into(), lookup)
        .unwrap_or_else(syn::Error::into_compile_error)
        .into()
}

/// The expansion: the constant, or the error to report at the argument's span. `lookup`
/// reads an environment variable (the process's; a test's own map in tests).
fn expand(input: TokenStream, lookup: impl Fn(&str) -> Option<String>) -> syn::Result<TokenStream> {
    let (krate, rest) = crate_path(input);
    let source = Parser::parse2(parse_source, rest)?;
    let text = source.text(lookup)?;
    let (href, parts) = canonical(&text).map_err(|e| syn::Error::new(source.span(), e))?;
    Ok(constant(&krate, &href, &parts, source.tracking()))
}

/// The path of the `microurl` crate: `$crate` when `microurl::url!` forwarded the call
/// (it passes `$crate,` first, so a renamed dependency works too), else `::microurl`.
fn crate_path(input: TokenStream) -> (TokenStream, TokenStream) {
    let mut tokens = input.clone().into_iter();
    if let (Some(TokenTree::Ident(krate)), Some(TokenTree::Punct(comma))) =
        (tokens.next(), tokens.next())
    {
        if krate == "$crate" && comma.as_char() == ',' {
            return (TokenTree::Ident(krate).into(), tokens.collect());
        }
    }
    (quote!(::microurl), input)
}

/// What the macro was given: a string literal, or `env!("NAME")`.
enum Source {
    Literal(LitStr),
    Env(LitStr),
}

/// `"..."`, or `env!("NAME")` (also `core::env!`, `std::env!`, and the optional message of
/// `env!`'s second argument, which is not used).
fn parse_source(input: ParseStream<'_>) -> syn::Result<Source> {
    const EXPECTED: &str = "expected a string literal or `env!(\"NAME\")`";
    if input.peek(LitStr) {
        let literal: LitStr = input.parse()?;
        // A suffix (`"http://a/"x`) is refused, as rustc refuses it on a string elsewhere.
        if !literal.suffix().is_empty() {
            return Err(syn::Error::new(
                literal.span(),
                "a string literal with a suffix is not a URL",
            ));
        }
        return end(input, Source::Literal(literal));
    }
    let (span, path) = (
        input.span(),
        macro_path(input).map_err(|e| syn::Error::new(e.span(), EXPECTED))?,
    );
    let is_env = path.last().is_some_and(|s| s == "env")
        && path.iter().rev().skip(1).all(|s| s == "core" || s == "std");
    if !is_env {
        return Err(syn::Error::new(span, EXPECTED));
    }
    input.parse::<syn::Token![!]>()?;
    let group: proc_macro2::Group = input.parse()?;
    let name = Parser::parse2(
        |args: ParseStream<'_>| {
            let name: LitStr = args.parse()?;
            if args.parse::<Option<syn::Token![,]>>()?.is_some() && !args.is_empty() {
                args.parse::<LitStr>()?;
                args.parse::<Option<syn::Token![,]>>()?;
            }
            Ok(name)
        },
        group.stream(),
    )?;
    end(input, Source::Env(name))
}

/// A macro's path (`env`, `::core::env`): its segments.
fn macro_path(input: ParseStream<'_>) -> syn::Result<Vec<syn::Ident>> {
    input.parse::<Option<syn::Token![::]>>()?;
    let mut segments = vec![input.parse::<syn::Ident>()?];
    while input.parse::<Option<syn::Token![::]>>()?.is_some() {
        segments.push(input.parse()?);
    }
    Ok(segments)
}

/// Nothing but an optional trailing comma after the argument.
fn end(input: ParseStream<'_>, source: Source) -> syn::Result<Source> {
    input.parse::<Option<syn::Token![,]>>()?;
    if !input.is_empty() {
        return Err(input.error("`url!` takes one argument"));
    }
    Ok(source)
}

impl Source {
    /// The URL's text: the literal's value, or the variable's.
    fn text(&self, lookup: impl Fn(&str) -> Option<String>) -> syn::Result<String> {
        match self {
            Source::Literal(literal) => Ok(literal.value()),
            Source::Env(name) => lookup(&name.value()).ok_or_else(|| {
                let message = format!(
                    "environment variable `{}` not defined at compile time",
                    name.value()
                );
                syn::Error::new(name.span(), message)
            }),
        }
    }

    fn span(&self) -> Span {
        match self {
            Source::Literal(l) | Source::Env(l) => l.span(),
        }
    }

    /// For `env!`, the same `env!` in the expansion: rustc then lists the variable among the
    /// crate's inputs (its dep-info), and cargo rebuilds the crate when the variable changes.
    /// (A proc macro's own reads are not tracked on stable Rust.)
    fn tracking(&self) -> TokenStream {
        match self {
            Source::Literal(_) => TokenStream::new(),
            Source::Env(name) => quote!(
                const _: &str = ::core::env!(#name);
            ),
        }
    }
}

/// Parses `text` as `Url::parse` does (an arena of the size its `needed` gives, which
/// suffices on the first retry), and returns the serialization with its parts, once the
/// constant built from them has been checked to be the same URL. Errors are the messages
/// the build fails with.
fn canonical(text: &str) -> Result<(String, UrlParts), String> {
    let needed = match Url::parse(text, &mut []) {
        Err(Error::ArenaTooSmall { needed }) => needed,
        _ => 0,
    };
    let mut arena = vec![0u8; needed];
    let url = Url::parse(text, &mut arena).map_err(|e| refusal(text, e))?;
    let (href, parts) = (url.as_str(), url.parts());
    let constant = Url::__from_canonical_parts(href, parts);
    same_url(&constant, &url).map_err(|what| {
        format!("microurl-macros: internal error: the constant for {text:?} differs from its parse ({what})")
    })?;
    Ok((href.to_owned(), parts))
}

/// Whether `constant` is `parse` in every part, as `Url::from_parts` checks parts (offsets
/// against the serialization, then the serialization parsed again to the same offsets,
/// host kind and port), and in what the getters derive from the record (the `Debug` form
/// lists every offset; validation errors).
fn same_url(constant: &Url<'_>, parse: &Url<'_>) -> Result<(), &'static str> {
    Url::from_parts(constant.as_str(), constant.parts())?;
    if constant.as_str() != parse.as_str() || constant.parts() != parse.parts() {
        return Err("serialization or parts");
    }
    if format!("{constant:?}") != format!("{parse:?}") {
        return Err("offsets");
    }
    if constant.validation_errors() != parse.validation_errors() {
        return Err("validation errors");
    }
    Ok(())
}

/// The build's error for an input the parser refuses: the parser's message (`Display`) and,
/// when the input prints on one line, the input with a caret under the offending byte.
fn refusal(text: &str, e: Error) -> String {
    let mut message = format!("{text:?} is not a URL: {e}");
    if let Some(position) = e.parse_error().map(|p| p.position) {
        let printable = !text.chars().any(char::is_control);
        if let (true, Some(before)) = (printable, text.get(..position)) {
            let column = before.chars().count();
            message.push_str(&format!("\n    {text}\n    {:column$}^", ""));
        }
    }
    message
}

/// `{ const URL: Url<'static> = Url::__from_canonical_parts(href, UrlParts { .. }); URL }`:
/// a block that is a constant expression, so the URL is built at compile time wherever the
/// macro stands.
fn constant(krate: &TokenStream, href: &str, p: &UrlParts, tracking: TokenStream) -> TokenStream {
    let option = |o: Option<TokenStream>| match o {
        Some(v) => quote!(::core::option::Option::Some(#v)),
        None => quote!(::core::option::Option::None),
    };
    let (scheme_end, username_end, host_start) = (p.scheme_end, p.username_end, p.host_start);
    let (host_end, path_start) = (p.host_end, p.path_start);
    let query_start = option(p.query_start.map(|q| quote!(#q)));
    let fragment_start = option(p.fragment_start.map(|f| quote!(#f)));
    let port = option(p.port.map(|port| quote!(#port)));
    let host_kind = format_ident!("{}", host_kind_name(p.host_kind));
    let validation = p.validation.bits();
    let name = format_ident!("URL", span = Span::mixed_site());
    quote! {{
        #tracking
        const #name: #krate::Url<'static> = #krate::Url::__from_canonical_parts(
            #href,
            #krate::UrlParts {
                scheme_end: #scheme_end,
                username_end: #username_end,
                host_start: #host_start,
                host_end: #host_end,
                path_start: #path_start,
                query_start: #query_start,
                fragment_start: #fragment_start,
                port: #port,
                host_kind: #krate::HostKind::#host_kind,
                validation: #krate::ValidationErrors::from_bits(#validation),
            },
        );
        #name
    }}
}

/// The variant's name, for the path `HostKind::Name` in the expansion.
fn host_kind_name(kind: HostKind) -> &'static str {
    match kind {
        HostKind::None => "None",
        HostKind::Empty => "Empty",
        HostKind::Domain => "Domain",
        HostKind::Ipv4 => "Ipv4",
        HostKind::Ipv6 => "Ipv6",
        HostKind::Opaque => "Opaque",
    }
}

#[cfg(test)]
mod tests;
