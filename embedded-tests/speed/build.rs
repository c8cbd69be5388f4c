// Linker script of the QEMU board of the target (the same as the conformance firmware's,
// embedded-tests/build.rs): microbit for thumbv6m (16 KiB RAM), mps2-an386 for thumbv7em.
use std::{env, fs, path::PathBuf};
fn main() {
    let out = PathBuf::from(env::var_os("OUT_DIR").unwrap());
    let target = env::var("TARGET").unwrap();
    let memory = match target.as_str() {
        t if t.starts_with("thumbv6m") => "microbit.x",
        t if t.starts_with("thumbv7em") => "mps2.x",
        _ => "lm3s6965evb.x",
    };
    fs::copy(format!("../memory/{memory}"), out.join("memory.x")).unwrap();
    println!("cargo:rustc-link-search={}", out.display());
    println!("cargo:rerun-if-changed=../memory/{memory}");
    println!("cargo:rustc-link-arg-bins=-Tlink.x");
    println!("cargo:rustc-link-arg-bins=--nmagic");
}
