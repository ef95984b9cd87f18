//! rapier2d alone behind the wasm32 harness (`wasm_harness`), through the bench's
//! converter: built as a cdylib for wasm32 and timed under Node by `wasm/run.sh`,
//! against `wasm_lockstep`.

lockstep2d_bench::export_wasm_harness!(lockstep2d_bench::convert_rapier::RapierWorld::new);
