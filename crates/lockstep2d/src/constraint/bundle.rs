//! A bundle: up to eight constraints of one kind and colour, one per lane, solved
//! together by the lane code.

use super::shared_states::{LaneAccess, SharedStates};

/// Up to eight constraints of one colour, one per lane.
pub(crate) trait Bundle: Clone + Send + Sync {
    /// What one pass over the bundles does (warm start, solve, ...).
    type Pass: Copy;

    /// Runs `pass` on the bundle: gathers its bodies into lanes, solves, writes back the
    /// bodies it moves. Must be `#[inline(always)]`, so that it is compiled into each
    /// worker's walk of the stages (`solver/stages.rs`) with the worker's instruction
    /// set.
    fn run(&mut self, states: &SharedStates, pass: Self::Pass, lanes: impl LaneAccess);
}

/// What the SIMD bundles' tests share.
#[cfg(test)]
pub(crate) mod testing {
    use super::{Bundle, LaneAccess, SharedStates};
    use crate::constraint::BodyState;
    use crate::constraint::dispatch::{LaneKernel, dispatch};
    use crate::constraint::shared_states::Portable;

    /// Runs `pass` on `bundles` in order, in the form of the lane code this CPU takes
    /// (`dispatch.rs`): every form gives the same bits.
    fn run_bundles<B: Bundle>(bundles: &mut [B], states: &SharedStates, pass: B::Pass) {
        dispatch(RunBundles {
            bundles,
            states,
            pass,
        });
    }

    struct RunBundles<'a, 'b, B: Bundle> {
        bundles: &'a mut [B],
        states: &'a SharedStates<'b>,
        pass: B::Pass,
    }

    impl<B: Bundle> LaneKernel for RunBundles<'_, '_, B> {
        type Output = ();

        #[inline(always)]
        fn run(self, lanes: impl LaneAccess) {
            run_bundles_with(self.bundles, self.states, self.pass, lanes);
        }
    }

    /// The portable path, for tests to compare with the dispatched one.
    #[inline(always)]
    fn run_bundles_with<B: Bundle>(
        bundles: &mut [B],
        states: &SharedStates,
        pass: B::Pass,
        lanes: impl LaneAccess,
    ) {
        for bundle in bundles {
            bundle.run(states, pass, lanes);
        }
    }

    /// A deterministic spread of values in [-1, 1).
    pub fn noise(seed: &mut u32) -> f32 {
        *seed = seed.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
        (*seed >> 8) as f32 / (1u32 << 23) as f32 - 1.0
    }

    /// Runs `passes` on two copies of `scene()`, one by the portable path and one by the
    /// dispatched path (AVX2 on a CPU that has it: transposes against element copies,
    /// and in release builds AVX2 against SSE2 arithmetic). Asserts that the passes
    /// changed something (`bits` lists what to compare) and that both paths agree bit
    /// for bit. The golden hashes, equal in debug and release, check the same across
    /// whole scenes.
    pub fn assert_dispatch_matches_portable<B: Bundle>(
        scene: impl Fn() -> (Vec<B>, Vec<BodyState>),
        passes: &[B::Pass],
        bits: impl Fn(&[B], &[BodyState]) -> Vec<u32>,
    ) {
        let (mut portable, mut portable_states) = scene();
        let (mut dispatched, mut dispatched_states) = scene();
        for &pass in passes {
            let states = SharedStates::new(&mut portable_states);
            run_bundles_with(&mut portable, &states, pass, Portable);
            let states = SharedStates::new(&mut dispatched_states);
            run_bundles(&mut dispatched, &states, pass);
        }
        let (before, before_states) = scene();
        let after = bits(&portable, &portable_states);
        assert_ne!(
            bits(&before, &before_states),
            after,
            "the passes must change something"
        );
        assert_eq!(after, bits(&dispatched, &dispatched_states));
    }
}
