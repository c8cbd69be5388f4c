//! Panic-free link image: every conformance vector through the entry points of
//! entries.rs (all of which are linked), the href compared byte for byte (no `core::fmt`, no indexing in this file),
//! with a panic handler that calls a symbol that does not exist. The image links only when the
//! optimizer removed every panic path of microurl (and of this driver): a surviving one fails
//! the link with `undefined symbol: microurl_panic_path_survived_optimization`, and the
//! linker's `referenced by` lines name the functions that still hold one.
//!
//! Build: `cargo build --release --bin panic-free --no-default-features --features
//! panic-free-link[,idna] --target <T>`; run.sh does it for thumbv6m and thumbv7em, with and
//! without `idna`, and runs the image with `idna` on QEMU (exit 0: every vector's href or
//! failure as expected; 1 otherwise); riscv.sh the same for riscv32imc.
#![no_std]
#![no_main]

#[cfg(target_arch = "arm")]
use cortex_m as _;
#[cfg(target_arch = "arm")]
use cortex_m_rt::entry;
#[cfg(target_arch = "riscv32")]
use riscv as _;
#[cfg(target_arch = "riscv32")]
use riscv_rt::entry;

include!("entries.rs");

#[allow(dead_code)]
mod v {
    include!(concat!(env!("OUT_DIR"), "/vectors.rs"));
}

#[panic_handler]
fn panic(_: &core::panic::PanicInfo<'_>) -> ! {
    extern "C" {
        /// Defined nowhere: referencing it from a reachable panic fails the link.
        fn microurl_panic_path_survived_optimization() -> !;
    }
    // SAFETY: never called in a linked image: the symbol does not exist, so an image in which
    // this call survives does not link.
    unsafe { microurl_panic_path_survived_optimization() }
}

/// String `id` of the packed vector table, or None (no string, or a bad table entry).
fn s(id: u16) -> Option<&'static str> {
    let &(o, l) = v::STRS.get(usize::from(id))?;
    let (o, l) = (usize::from(o), usize::from(l));
    core::str::from_utf8(v::BLOB.get(o..o.checked_add(l)?)?).ok()
}

/// One vector: parse (with its base), compare the href or the expected failure.
fn vector_passes(f: &[u16; 13], arena: &mut [u8], base_arena: &mut [u8]) -> bool {
    let [input, base, href, ..] = *f;
    let Some(input) = s(input) else { return false };
    let base = match s(base) {
        None => None,
        Some(b) => match entry::microurl_entry_parse(b, base_arena) {
            Ok(b) => Some(b),
            Err(_) => return href == v::FAIL,
        },
    };
    match (
        entry::microurl_entry_parse_with_base(input, base.as_ref(), arena),
        s(href),
    ) {
        (Err(_), None) => href == v::FAIL,
        (Ok(url), Some(want)) => url.as_str() == want,
        _ => false,
    }
}

/// Bytes through SYS_WRITEC (QEMU prints them on stderr): semihosting's `stdout()` asserts
/// on its file descriptor, a panic path of its own.
fn put(bytes: &[u8]) {
    bytes
        .iter()
        .for_each(|&b| semihosting::sys::arm_compat::sys_writec(b));
}

/// Decimal digits of `n`, without core::fmt.
fn put_u32(mut n: u32) {
    let mut digits = [0u8; 10];
    let mut i = digits.len();
    while let Some(slot) = i.checked_sub(1).and_then(|j| digits.get_mut(j)) {
        *slot = b'0' + (n % 10) as u8;
        i -= 1;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    put(digits.get(i..).unwrap_or_default());
}

/// Every entry point of entries.rs linked, its address taken and hidden from the optimizer:
/// the panic-free link then covers the setters, `UrlBuf`, origins, the `idna` functions and
/// the firmware layer (protocol helpers, builder, references, the other parses) too, not
/// only the parses the vectors run (each one's panic paths would otherwise be dropped with
/// it as dead code).
fn keep_every_entry_point() {
    core::hint::black_box([
        entry::microurl_entry_parse as *const (),
        entry::microurl_entry_parse_with_base as *const (),
        entry::microurl_entry_join as *const (),
        entry::microurl_entry_can_parse as *const (),
        entry::microurl_entry_origin as *const (),
        entry::microurl_entry_validation_errors as *const (),
        entry::microurl_entry_set_href as *const (),
        entry::microurl_entry_set_protocol as *const (),
        entry::microurl_entry_set_username as *const (),
        entry::microurl_entry_set_password as *const (),
        entry::microurl_entry_set_host as *const (),
        entry::microurl_entry_set_hostname as *const (),
        entry::microurl_entry_set_port as *const (),
        entry::microurl_entry_set_pathname as *const (),
        entry::microurl_entry_set_search as *const (),
        entry::microurl_entry_set_hash as *const (),
        entry::microurl_entry_urlbuf_parse as *const (),
        entry::microurl_entry_urlbuf_parse_with_base as *const (),
        entry::microurl_entry_urlbuf_set_href as *const (),
        entry::microurl_entry_urlbuf_set_protocol as *const (),
        entry::microurl_entry_urlbuf_set_username as *const (),
        entry::microurl_entry_urlbuf_set_password as *const (),
        entry::microurl_entry_urlbuf_set_host as *const (),
        entry::microurl_entry_urlbuf_set_hostname as *const (),
        entry::microurl_entry_urlbuf_set_port as *const (),
        entry::microurl_entry_urlbuf_set_pathname as *const (),
        entry::microurl_entry_urlbuf_set_search as *const (),
        entry::microurl_entry_urlbuf_set_hash as *const (),
    ]);
    core::hint::black_box([
        entry::microurl_entry_parse_with as *const (),
        entry::microurl_entry_parse_with_zone as *const (),
        entry::microurl_entry_is_valid_url_string as *const (),
        entry::microurl_entry_request_target as *const (),
        entry::microurl_entry_absolute_form_into as *const (),
        entry::microurl_entry_authority_form_into as *const (),
        entry::microurl_entry_credentials_into as *const (),
        entry::microurl_entry_host_header_into as *const (),
        entry::microurl_entry_server_name as *const (),
        entry::microurl_entry_socket_addr as *const (),
        entry::microurl_entry_mqtt_broker as *const (),
        entry::microurl_entry_coap_options as *const (),
        entry::microurl_entry_coap_url_from_options as *const (),
        entry::microurl_entry_builder_build as *const (),
        entry::microurl_entry_with_search_params as *const (),
        entry::microurl_entry_origin_in as *const (),
        entry::microurl_entry_reference_parse as *const (),
        entry::microurl_entry_reference_resolve_url as *const (),
        entry::microurl_entry_make_relative as *const (),
    ]);
    #[cfg(feature = "idna")]
    core::hint::black_box([
        entry::microurl_entry_idna_to_ascii as *const (),
        entry::microurl_entry_idna_to_unicode as *const (),
        entry::microurl_entry_idna_domain_to_ascii as *const (),
        entry::microurl_entry_idna_domain_to_unicode as *const (),
        entry::microurl_entry_idna_nfc as *const (),
        entry::microurl_entry_idna_punycode_decode as *const (),
        entry::microurl_entry_idna_punycode_encode as *const (),
        entry::microurl_entry_unicode_serialization as *const (),
    ]);
}

#[entry]
fn main() -> ! {
    keep_every_entry_point();
    let mut arena = [0u8; 1024];
    let mut base_arena = [0u8; 1024];
    let (mut passed, mut failed) = (0u32, 0u32);
    for f in v::VECTORS.iter() {
        if vector_passes(f, &mut arena, &mut base_arena) {
            passed += 1;
        } else {
            failed += 1;
        }
    }
    put(b"panic-free: ");
    put_u32(passed);
    put(b" passed, ");
    put_u32(failed);
    put(b" failed\n");
    semihosting::process::exit(if failed == 0 { 0 } else { 1 })
}
