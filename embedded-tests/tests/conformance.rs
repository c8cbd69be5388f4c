#![no_std]
#![no_main]
include!("../src/firmware.rs");
