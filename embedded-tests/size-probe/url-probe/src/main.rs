#![no_std]
#![no_main]
include!("../../common.rs");

use core::mem::MaybeUninit;
use embedded_alloc::LlffHeap as Heap;

#[global_allocator]
static HEAP: Heap = Heap::empty();

#[entry]
fn main() -> ! {
    const HEAP_SIZE: usize = 4096;
    static mut HEAP_MEM: [MaybeUninit<u8>; HEAP_SIZE] = [MaybeUninit::uninit(); HEAP_SIZE];
    // SAFETY: called once, before any allocation; HEAP_MEM is used by nothing else.
    unsafe { HEAP.init(core::ptr::addr_of_mut!(HEAP_MEM) as usize, HEAP_SIZE) }

    let mut buf = [0u8; 128];
    match url::Url::parse(input(&mut buf)) {
        Ok(url) => {
            print_line(url.as_str());
            semihosting::process::exit(0)
        }
        Err(_) => semihosting::process::exit(1),
    }
}
