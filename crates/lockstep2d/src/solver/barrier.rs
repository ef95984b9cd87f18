//! The barrier that ends every stage of the soft step: the workers reach it every few
//! microseconds, far sooner than a sleeping thread wakes, so it spins.

use std::hint::spin_loop;
use std::sync::atomic::{AtomicUsize, Ordering};

/// How long a worker spins at a barrier (a few tens of microseconds) before it starts
/// yielding its core: a host that runs the machine's cores as virtual CPUs deschedules
/// one that spins too long, and spinning forever then made some steps many times
/// slower (docs/decisions.md, "The barrier yields after a while").
const SPINS_BEFORE_YIELD: u32 = 1 << 10;

/// A barrier that spins: workers reach it every few microseconds, far sooner than a
/// sleeping thread wakes.
pub(crate) struct SpinBarrier {
    workers: usize,
    arrived: AtomicUsize,
    generation: AtomicUsize,
}

impl SpinBarrier {
    pub fn new(workers: usize) -> SpinBarrier {
        SpinBarrier {
            workers,
            arrived: AtomicUsize::new(0),
            generation: AtomicUsize::new(0),
        }
    }

    /// Returns once every worker has called it; everything written before the call by
    /// any worker is visible after it to all.
    pub fn wait(&self) {
        if self.workers == 1 {
            return;
        }
        let generation = self.generation.load(Ordering::Acquire);
        if self.arrived.fetch_add(1, Ordering::AcqRel) + 1 == self.workers {
            self.arrived.store(0, Ordering::Relaxed);
            self.generation.fetch_add(1, Ordering::Release);
            return;
        }
        let mut spins = 0u32;
        while self.generation.load(Ordering::Acquire) == generation {
            spins = spins.saturating_add(1);
            if spins < SPINS_BEFORE_YIELD {
                spin_loop();
            } else {
                // The other worker is descheduled: let the OS run something else.
                std::thread::yield_now();
            }
        }
    }
}
