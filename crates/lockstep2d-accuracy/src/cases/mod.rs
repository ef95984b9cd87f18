//! The cases, one law of mechanics each.

pub(crate) mod bounce;
pub(crate) mod capsule;
pub mod collision;
pub(crate) mod cradle;
pub(crate) mod free_fall;
pub(crate) mod friction;
pub(crate) mod pendulum;
pub(crate) mod period;
pub(crate) mod pile;
pub(crate) mod rolling;
pub(crate) mod spin;
