//! Static NUL-terminated names for the C API (checked against the library at compile time
//! where it has them).

use crate::*;

/// `MICROURL_ERROR_*` names, indexed by the code.
const ERRORS: [(microurl_error_kind, &[u8]); 48] = [
    (MICROURL_ERROR_NONE, b"none\0"),
    (
        MICROURL_ERROR_MISSING_SCHEME_NON_RELATIVE_URL,
        b"missing-scheme-non-relative-URL\0",
    ),
    (MICROURL_ERROR_HOST_MISSING, b"host-missing\0"),
    (MICROURL_ERROR_PORT_OUT_OF_RANGE, b"port-out-of-range\0"),
    (MICROURL_ERROR_PORT_INVALID, b"port-invalid\0"),
    (
        MICROURL_ERROR_HOST_INVALID_CODE_POINT,
        b"host-invalid-code-point\0",
    ),
    (
        MICROURL_ERROR_DOMAIN_INVALID_CODE_POINT,
        b"domain-to-ASCII\0",
    ),
    (MICROURL_ERROR_DOMAIN_TO_ASCII, b"domain-to-ASCII\0"),
    (MICROURL_ERROR_IDNA_UNAVAILABLE, b"IDNA-unavailable\0"),
    (MICROURL_ERROR_IPV4_TOO_MANY_PARTS, b"IPv4-too-many-parts\0"),
    (
        MICROURL_ERROR_IPV4_NON_NUMERIC_PART,
        b"IPv4-non-numeric-part\0",
    ),
    (
        MICROURL_ERROR_IPV4_OUT_OF_RANGE_PART,
        b"IPv4-out-of-range-part\0",
    ),
    (MICROURL_ERROR_IPV6_UNCLOSED, b"IPv6-unclosed\0"),
    (
        MICROURL_ERROR_IPV6_INVALID_COMPRESSION,
        b"IPv6-invalid-compression\0",
    ),
    (
        MICROURL_ERROR_IPV6_TOO_MANY_PIECES,
        b"IPv6-too-many-pieces\0",
    ),
    (
        MICROURL_ERROR_IPV6_MULTIPLE_COMPRESSION,
        b"IPv6-multiple-compression\0",
    ),
    (
        MICROURL_ERROR_IPV6_INVALID_CODE_POINT,
        b"IPv6-invalid-code-point\0",
    ),
    (MICROURL_ERROR_IPV6_TOO_FEW_PIECES, b"IPv6-too-few-pieces\0"),
    (
        MICROURL_ERROR_IPV4_IN_IPV6_TOO_MANY_PIECES,
        b"IPv4-in-IPv6-too-many-pieces\0",
    ),
    (
        MICROURL_ERROR_IPV4_IN_IPV6_INVALID_CODE_POINT,
        b"IPv4-in-IPv6-invalid-code-point\0",
    ),
    (
        MICROURL_ERROR_IPV4_IN_IPV6_OUT_OF_RANGE_PART,
        b"IPv4-in-IPv6-out-of-range-part\0",
    ),
    (
        MICROURL_ERROR_IPV4_IN_IPV6_TOO_FEW_PARTS,
        b"IPv4-in-IPv6-too-few-parts\0",
    ),
    (MICROURL_ERROR_OTHER, b"other\0"),
    (MICROURL_ERROR_IDNA_DISALLOWED, b"IDNA-disallowed\0"),
    (MICROURL_ERROR_IDNA_STD3, b"IDNA-STD3\0"),
    (MICROURL_ERROR_IDNA_NOT_NFC, b"IDNA-not-NFC\0"),
    (MICROURL_ERROR_IDNA_HYPHEN, b"IDNA-hyphen\0"),
    (MICROURL_ERROR_IDNA_LEADING_MARK, b"IDNA-leading-mark\0"),
    (MICROURL_ERROR_IDNA_JOINER, b"IDNA-joiner\0"),
    (MICROURL_ERROR_IDNA_BIDI, b"IDNA-Bidi\0"),
    (MICROURL_ERROR_IDNA_PUNYCODE, b"IDNA-Punycode\0"),
    (MICROURL_ERROR_IDNA_LABEL_TOO_LONG, b"IDNA-label-too-long\0"),
    (MICROURL_ERROR_IDNA_EMPTY_LABEL, b"IDNA-empty-label\0"),
    (MICROURL_ERROR_IDNA_DNS_LENGTH, b"IDNA-DNS-length\0"),
    (MICROURL_ERROR_IDNA_EMPTY_HOST, b"IDNA-empty-host\0"),
    (
        MICROURL_ERROR_IDNA_FORBIDDEN_DOMAIN_CODE_POINT,
        b"IDNA-forbidden-domain-code-point\0",
    ),
    (MICROURL_ERROR_NO_HOST, b"no-host\0"),
    (MICROURL_ERROR_NUMERIC_HOST, b"numeric-host\0"),
    (MICROURL_ERROR_HOST_NOT_A_NAME, b"host-not-a-name\0"),
    (MICROURL_ERROR_NO_PORT, b"no-port\0"),
    (MICROURL_ERROR_WRONG_SCHEME, b"wrong-scheme\0"),
    (MICROURL_ERROR_FRAGMENT, b"fragment\0"),
    (MICROURL_ERROR_OPAQUE_PATH, b"opaque-path\0"),
    (MICROURL_ERROR_DOT_SEGMENT, b"dot-segment\0"),
    (MICROURL_ERROR_BAD_OPTION, b"bad-option\0"),
    (MICROURL_ERROR_UNSAFE_BYTE, b"unsafe-byte\0"),
    (MICROURL_ERROR_BAD_CREDENTIALS, b"bad-credentials\0"),
    (MICROURL_ERROR_OPTION_TOO_LONG, b"option-too-long\0"),
];

/// The URL Standard's validation error names, in `mu::ValidationError::ALL` order.
const VALIDATION: [&[u8]; 32] = [
    b"domain-to-ASCII\0",
    b"domain-to-Unicode\0",
    b"domain-percent-encoded\0",
    b"host-invalid-code-point\0",
    b"IPv4-empty-part\0",
    b"IPv4-too-few-parts\0",
    b"IPv4-too-many-parts\0",
    b"IPv4-non-numeric-part\0",
    b"IPv4-non-decimal-part\0",
    b"IPv4-out-of-range-part\0",
    b"IPv4-non-ASCII-input\0",
    b"IPv6-unclosed\0",
    b"IPv6-invalid-compression\0",
    b"IPv6-too-many-pieces\0",
    b"IPv6-multiple-compression\0",
    b"IPv6-invalid-code-point\0",
    b"IPv6-too-few-pieces\0",
    b"IPv6-piece-leading-zero\0",
    b"IPv4-in-IPv6-too-many-pieces\0",
    b"IPv4-in-IPv6-invalid-code-point\0",
    b"IPv4-in-IPv6-out-of-range-part\0",
    b"IPv4-in-IPv6-too-few-parts\0",
    b"invalid-URL-unit\0",
    b"special-scheme-missing-following-solidus\0",
    b"missing-scheme-non-relative-URL\0",
    b"invalid-reverse-solidus\0",
    b"invalid-credentials\0",
    b"host-missing\0",
    b"port-out-of-range\0",
    b"port-invalid\0",
    b"file-invalid-Windows-drive-letter\0",
    b"file-invalid-Windows-drive-letter-host\0",
];

const fn same_name(c: &[u8], s: &str) -> bool {
    let s = s.as_bytes();
    if c.len() != s.len() + 1 || c[s.len()] != 0 {
        return false;
    }
    let mut i = 0;
    while i < s.len() {
        if c[i] != s[i] {
            return false;
        }
        i += 1;
    }
    true
}

// The table above is the library's, name for name, or the crate does not compile.
const _: () = {
    let all = mu::ValidationError::ALL;
    assert!(all.len() == VALIDATION.len());
    let mut i = 0;
    while i < all.len() {
        assert!(same_name(VALIDATION[i], all[i].name()));
        i += 1;
    }
    // The codes are the indices.
    let mut k = 0;
    while k < ERRORS.len() {
        assert!(ERRORS[k].0 as usize == k);
        k += 1;
    }
};

const UNKNOWN: &[u8] = b"unknown\0";

fn c(name: &'static [u8]) -> *const c_char {
    name.as_ptr().cast()
}

/// The name of error code `k`.
pub(crate) fn error(k: microurl_error_kind) -> *const c_char {
    c(ERRORS.get(k as usize).map_or(UNKNOWN, |e| e.1))
}

/// The name of validation error bit `bit`.
pub(crate) fn validation(bit: u32) -> *const c_char {
    c(VALIDATION.get(bit as usize).copied().unwrap_or(UNKNOWN))
}

/// The name of status `s`.
pub(crate) fn status(s: microurl_status) -> *const c_char {
    c(match s {
        MICROURL_OK => b"MICROURL_OK\0",
        MICROURL_INVALID => b"MICROURL_INVALID\0",
        MICROURL_INVALID_BASE => b"MICROURL_INVALID_BASE\0",
        MICROURL_BUFFER_TOO_SMALL => b"MICROURL_BUFFER_TOO_SMALL\0",
        MICROURL_INPUT_TOO_LONG => b"MICROURL_INPUT_TOO_LONG\0",
        MICROURL_INVALID_UTF8 => b"MICROURL_INVALID_UTF8\0",
        MICROURL_INVALID_ARGUMENT => b"MICROURL_INVALID_ARGUMENT\0",
        MICROURL_REFUSED => b"MICROURL_REFUSED\0",
        _ => UNKNOWN,
    })
}
