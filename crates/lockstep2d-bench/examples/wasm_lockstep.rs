//! lockstep2d alone behind the wasm32 harness (`wasm_harness`): built as a cdylib for
//! wasm32 and timed under Node by `wasm/run.sh`, against `wasm_rapier`.

lockstep2d_bench::export_wasm_harness!(lockstep2d_bench::lockstep::LockstepWorld::new);
