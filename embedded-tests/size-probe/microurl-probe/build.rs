// Linker script for QEMU mps2-an385/an386 (capped to a 256 KiB flash / 64 KiB RAM part), or
// for QEMU virt on riscv32 (../../riscv.sh).
use std::{env, fs, path::PathBuf};
fn main() {
    let out = PathBuf::from(env::var_os("OUT_DIR").unwrap());
    let memory = if env::var("TARGET").unwrap().starts_with("riscv32") {
        "../../memory/riscv-virt.x"
    } else {
        "../../memory/mps2.x"
    };
    fs::copy(memory, out.join("memory.x")).unwrap();
    println!("cargo:rustc-link-search={}", out.display());
    println!("cargo:rerun-if-changed={memory}");
    println!("cargo:rustc-link-arg-bins=-Tlink.x");
    println!("cargo:rustc-link-arg-bins=--nmagic");
    // Panic-free link report (run.sh): keep the image despite the undefined panic symbol of
    // the `panic-free-link` handler, so that the surviving panic call sites can be listed.
    println!("cargo:rerun-if-env-changed=MICROURL_PANIC_REPORT");
    if std::env::var_os("MICROURL_PANIC_REPORT").is_some() {
        println!("cargo:rustc-link-arg-bins=--noinhibit-exec");
    }
}
