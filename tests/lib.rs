//! Empty: this package holds only test targets (see Cargo.toml).
