//! The scenes' integration tests as modules of one test binary, so the engine is linked
//! once for all of them. A new file here is a new `mod` below (the architecture test
//! checks that none is left out).

mod builders;
mod character;
mod character_files;
mod errors;
mod example_file;
mod game_fields;
mod golden;
mod joints;
mod level_shapes;
mod lines;
mod named_scenes;
mod outline_holes;
mod physics;
mod queries;
mod recording;
mod robustness;
mod synctest;
mod terrain;
