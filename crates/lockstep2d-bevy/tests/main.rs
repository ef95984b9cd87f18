//! The Bevy plugin's integration tests, as modules of one test binary, so the plugin
//! and Bevy are linked once. The rollback and network tests need the `ggrs` feature, the
//! gizmo tests `gizmos`. A new file here is a new `mod` below (the architecture test
//! checks that none is left out).

mod plugin;
mod schedule;

#[cfg(feature = "gizmos")]
mod gizmos;

#[cfg(feature = "ggrs")]
mod duel_p2p;
#[cfg(feature = "ggrs")]
mod rollback;

#[path = "support/glide.rs"]
mod glide;
#[cfg(feature = "ggrs")]
#[path = "support/gust.rs"]
mod gust;

// The duel example's own modules, which name each other from the crate's root as they
// do in the example.
#[cfg(feature = "ggrs")]
#[path = "../examples/duel/alone.rs"]
mod alone;
#[cfg(feature = "ggrs")]
#[path = "../examples/duel/app.rs"]
#[allow(dead_code)]
mod app;
#[cfg(feature = "ggrs")]
#[path = "../examples/duel/game.rs"]
#[allow(dead_code)]
mod game;
#[cfg(feature = "ggrs")]
#[path = "../examples/duel/inputs.rs"]
#[allow(dead_code)]
mod inputs;
#[cfg(feature = "ggrs")]
#[path = "../examples/duel/network.rs"]
mod network;
#[cfg(feature = "ggrs")]
#[path = "../examples/duel/record.rs"]
#[allow(dead_code)]
mod record;
