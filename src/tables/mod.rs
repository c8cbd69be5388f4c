//! The generated Unicode tables (see `build.rs`) and typed lookups over them.
#![allow(dead_code)]
include!(concat!(env!("OUT_DIR"), "/idna_tables.rs"));
