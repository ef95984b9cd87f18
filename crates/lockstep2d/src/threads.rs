//! The worker threads a world may solve on. With the `threads` feature (on by default)
//! they are a rayon pool of the world's own; without it no pool can exist,
//! `World::set_threads` accepts only 1, and every stage runs on the calling thread.
//! The bits are the same either way.

use std::sync::Arc;

use crate::error::{Error, Result};

#[cfg(feature = "threads")]
pub(crate) use rayon::ThreadPool;

/// Without the `threads` feature there is no pool: the type has no values, so every
/// `Some(pool)` branch is dead and is compiled out.
#[cfg(not(feature = "threads"))]
#[derive(Debug)]
pub(crate) enum ThreadPool {}

#[cfg(not(feature = "threads"))]
impl ThreadPool {
    pub fn current_num_threads(&self) -> usize {
        match *self {}
    }

    pub fn install<R>(&self, _: impl FnOnce() -> R) -> R {
        match *self {}
    }
}

/// How many threads the pool the caller runs in has.
#[cfg(feature = "threads")]
pub(crate) fn current_threads() -> usize {
    rayon::current_num_threads()
}

/// Worker threads for `threads` > 1. The pool is the world's own: the global pool's size
/// is not the world's to choose.
pub(crate) fn thread_pool(threads: u32) -> Result<Option<Arc<ThreadPool>>> {
    if !(1..=64).contains(&threads) {
        return Err(Error::InvalidValue {
            field: "threads",
            reason: "must be in 1..=64",
        });
    }
    if threads == 1 {
        return Ok(None);
    }
    build_pool(threads)
}

#[cfg(feature = "threads")]
fn build_pool(threads: u32) -> Result<Option<Arc<ThreadPool>>> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads as usize)
        .build()
        .map(|pool| Some(Arc::new(pool)))
        .map_err(|_| Error::InvalidValue {
            field: "threads",
            reason: "the system would not start that many threads",
        })
}

#[cfg(not(feature = "threads"))]
fn build_pool(_: u32) -> Result<Option<Arc<ThreadPool>>> {
    Err(Error::InvalidValue {
        field: "threads",
        reason: "this build has no threads (the `threads` feature is off)",
    })
}
