//! A global allocator that counts, so tests and benchmarks can measure memory: how
//! many allocations a step makes (none, once warm) and how many bytes a world or a
//! snapshot ring holds.
//!
//! ```
//! use lockstep2d_alloc_counter::{CountingAlloc, live_bytes};
//!
//! #[global_allocator]
//! static ALLOC: CountingAlloc = CountingAlloc;
//!
//! let before = live_bytes();
//! let held = vec![0u8; 1 << 20];
//! assert!(live_bytes() - before >= held.len());
//! ```
//!
//! The counts cover what Rust code allocates through the installed allocator; memory
//! C code takes from its own allocator (Box2D's) is not seen. Without
//! `#[global_allocator]` both counts stay 0.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

static LIVE_BYTES: AtomicUsize = AtomicUsize::new(0);
static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

/// The system allocator, counting allocations and the bytes they hold.
pub struct CountingAlloc;

impl CountingAlloc {
    fn taken(&self, ptr: *mut u8, bytes: usize) -> *mut u8 {
        if !ptr.is_null() {
            ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
            LIVE_BYTES.fetch_add(bytes, Ordering::Relaxed);
        }
        ptr
    }
}

// SAFETY: every call is forwarded to `System` unchanged; only the counters are added.
unsafe impl GlobalAlloc for CountingAlloc {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract is passed on to `System`.
        self.taken(unsafe { System.alloc(layout) }, layout.size())
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as above.
        self.taken(unsafe { System.alloc_zeroed(layout) }, layout.size())
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE_BYTES.fetch_sub(layout.size(), Ordering::Relaxed);
        // SAFETY: as above.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: as above.
        let new = unsafe { System.realloc(ptr, layout, new_size) };
        if !new.is_null() {
            // A reallocation is an allocation: a step that grows a buffer allocates.
            LIVE_BYTES.fetch_sub(layout.size(), Ordering::Relaxed);
            self.taken(new, new_size);
        }
        new
    }
}

/// Bytes allocated through [`CountingAlloc`] and not yet freed.
pub fn live_bytes() -> usize {
    LIVE_BYTES.load(Ordering::Relaxed)
}

/// Allocations and reallocations made through [`CountingAlloc`] so far.
pub fn allocations() -> usize {
    ALLOCATIONS.load(Ordering::Relaxed)
}
