#![no_std]
#![no_main]
include!("firmware.rs");
