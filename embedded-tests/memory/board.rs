// Build script shared by the images of size-probe/*-programs and speed/: the linker script
// of the QEMU board of the target (the same as the conformance firmware's, build.rs):
// microbit for thumbv6m (16 KiB RAM), mps2-an386 for thumbv7em, virt for riscv32 (riscv-rt's
// link.x includes it: riscv.sh), lm3s6965evb otherwise.
use std::{env, fs, path::PathBuf};
fn main() {
    let out = PathBuf::from(env::var_os("OUT_DIR").unwrap());
    let target = env::var("TARGET").unwrap();
    let memory = match target.as_str() {
        t if t.starts_with("thumbv6m") => "microbit.x",
        t if t.starts_with("thumbv7em") => "mps2.x",
        t if t.starts_with("riscv32") => "riscv-virt.x",
        _ => "lm3s6965evb.x",
    };
    // This folder (embedded-tests/memory), found from the package that builds with it.
    let package = PathBuf::from(env::var_os("CARGO_MANIFEST_DIR").unwrap());
    let file = package
        .ancestors()
        .map(|dir| dir.join("memory").join(memory))
        .find(|file| file.is_file())
        .expect("embedded-tests/memory above the package");
    fs::copy(&file, out.join("memory.x")).unwrap();
    println!("cargo:rustc-link-search={}", out.display());
    println!("cargo:rerun-if-changed={}", file.display());
    println!("cargo:rustc-link-arg-bins=-Tlink.x");
    println!("cargo:rustc-link-arg-bins=--nmagic");
}
