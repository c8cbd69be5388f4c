//! Shared helpers for the networking examples (none yet).
#![no_std]
