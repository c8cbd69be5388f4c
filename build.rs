//! Generates the Unicode tables (UTS46 mapping, normalization, bidi, joining) from the files
//! vendored in `data/unicode/` into `$OUT_DIR/idna_tables.rs`. Deterministic, no network.
//! Nothing is generated without the `idna` feature, so no Unicode table can be linked.
//!
//! Beside it, for review: `$OUT_DIR/tables/NAME.bin`, each table's bytes as stored, and
//! `$OUT_DIR/tables/report.txt`, one line `NAME BYTES` per table in source order;
//! `scripts/table-report.sh` prints them with their `xz -9e` bounds.

#[path = "build/gen.rs"]
mod generate;
#[path = "src/tables/layout.rs"]
mod layout;
#[path = "build/offset_trie.rs"]
mod offset_trie;
#[path = "build/trie.rs"]
mod trie;
#[path = "build/ucd.rs"]
mod ucd;

use std::path::PathBuf;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=build");
    println!("cargo:rerun-if-env-changed=MICROURL_TABLE_SEARCH");
    if std::env::var_os("CARGO_FEATURE_IDNA").is_none() {
        return;
    }
    let root = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("manifest dir"));
    let ucd = ucd::load(&root.join("data/unicode"));
    let generated = generate::generate(&ucd);
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("OUT_DIR"));
    std::fs::write(out.join("idna_tables.rs"), &generated.source).expect("writing idna_tables.rs");
    let dir = out.join("tables");
    std::fs::create_dir_all(&dir).expect("creating tables/");
    let mut report = String::new();
    for (name, bytes) in &generated.tables {
        std::fs::write(dir.join(format!("{name}.bin")), bytes).expect("writing a table");
        report.push_str(&format!("{name} {}\n", bytes.len()));
    }
    std::fs::write(dir.join("report.txt"), report).expect("writing tables/report.txt");
}
