//! `--cfg test` for the C API's sources (ffi/src/lib.rs): with it they build with std and
//! leave out their `#[panic_handler]`, which a binary with std cannot hold twice. (ffi/src has
//! no `#[cfg(test)]` code besides those two attributes.)
fn main() {
    println!("cargo:rustc-cfg=test");
    println!("cargo:rerun-if-changed=build.rs");
}
