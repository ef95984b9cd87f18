//! Arrays several worker threads reach at once while they run the step's program
//! (`crew.rs`): the body states and the contact bundles.
//!
//! The work split guarantees exclusivity that slices cannot express ("these indices are
//! mine"): within a colour no two constraints move the same body, and a bundle writes
//! back only the bodies it moves (`WideContact::moves_*`); bodies it does not move
//! (static, kinematic, the padding lanes' dummy) it only reads, and nobody writes those
//! during the pass. Each worker integrates its own block of bodies and solves its own
//! block of a colour's bundles; the joints run on one worker while the others wait at a
//! barrier. So every element is written by at most one thread and never read by another
//! while it is written. The elements are therefore reached through raw pointers, here,
//! with each use in `crew.rs` citing which part of that split makes it exclusive.

use std::marker::PhantomData;

use super::lane_bodies::LaneBodies;
use super::lanes::{F8, LANES, V8};
use super::{BodyState, VELOCITY_CEILING};

/// Eight bodies' states, one per lane: what a contact bundle reads and writes.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct WideBody {
    pub v: V8,
    pub w: F8,
    pub dp: V8,
    pub dq_c: F8,
    pub dq_s: F8,
    /// `BodyState::spare`.
    pub spare: F8,
}

impl WideBody {
    /// `BodyState::keep_below_ceiling`, lane by lane.
    #[inline(always)]
    pub fn keep_below_ceiling(&mut self) {
        let (high, low) = (F8::splat(VELOCITY_CEILING), F8::splat(-VELOCITY_CEILING));
        self.v.x = self.v.x.min(high).max(low);
        self.v.y = self.v.y.min(high).max(low);
        self.w = self.w.min(high).max(low);
    }
}

/// A slice several workers reach at once, each only at the elements the work split gives
/// it (see the module docs).
pub(crate) struct Shared<'a, T> {
    ptr: *mut T,
    len: usize,
    _items: PhantomData<&'a mut [T]>,
}

/// The body states, shared.
pub(crate) type SharedStates<'a> = Shared<'a, BodyState>;

// SAFETY: see the module docs: every element is written by at most one worker at a time,
// and never read by another while it is written; `T: Send` lets the elements move
// between threads at all.
unsafe impl<T: Send> Send for Shared<'_, T> {}
unsafe impl<T: Send> Sync for Shared<'_, T> {}

impl<'a, T> Shared<'a, T> {
    pub fn new(items: &'a mut [T]) -> Shared<'a, T> {
        Shared {
            ptr: items.as_mut_ptr(),
            len: items.len(),
            _items: PhantomData,
        }
    }

    pub fn len(&self) -> usize {
        self.len
    }

    /// Elements `range`, to the one worker the work split gives them to.
    ///
    /// # Safety
    /// No other worker may touch these elements until the caller is done with them
    /// (until the next barrier of the step's program).
    #[allow(clippy::mut_from_ref)]
    pub unsafe fn slice_mut(&self, range: std::ops::Range<usize>) -> &mut [T] {
        assert!(
            range.start <= range.end && range.end <= self.len,
            "range in bounds"
        );
        // SAFETY: in bounds (checked above); exclusive by the caller's contract.
        unsafe { std::slice::from_raw_parts_mut(self.ptr.add(range.start), range.len()) }
    }
}

impl SharedStates<'_> {
    /// Checks that every body row `bodies` names is in the states: the one bounds check
    /// of a gather or a scatter.
    #[inline(always)]
    fn check(&self, bodies: &LaneBodies) {
        assert!(
            bodies.reach() <= self.len,
            "constraint bodies are in the state array"
        );
    }

    /// Checks that every row `indices` names is in the states.
    #[inline(always)]
    fn check_rows(&self, indices: &[u32; LANES]) {
        let reach = indices.iter().fold(0, |most, &i| most.max(i)) as usize;
        assert!(reach < self.len, "bodies are in the state array");
    }

    /// The state of body `index`, as a pointer to its eight `f32`s.
    ///
    /// # Safety
    /// `index` must be below the length: a lane of bodies that passed `check`.
    #[inline(always)]
    unsafe fn row(&self, index: u32) -> *mut f32 {
        // SAFETY: in bounds by the caller's contract. Reads and writes through it follow
        // the module docs: no other thread writes this element during the colour.
        unsafe { self.ptr.add(index as usize).cast::<f32>() }
    }
}

/// A record whose 32 bytes from `ROW_AT` a bundle's lanes take one record each, turned
/// into columns (`LaneAccess::columns`): eight loads and a transpose where a lane at a
/// time would take a store per field.
///
/// # Safety
/// The 32 bytes from `ROW_AT` must be eight 4-byte numbers (`f32` or `u32`), no
/// padding, inside the record.
pub(crate) unsafe trait HasRow: Sized {
    const ROW_AT: usize;
}

/// The row of `record` (see `HasRow`), as `f32`s (a `u32` field as its bits).
#[inline(always)]
pub(crate) fn row<T: HasRow>(record: &T) -> &[f32; 8] {
    const { assert!(T::ROW_AT + size_of::<[f32; 8]>() <= size_of::<T>()) };
    // SAFETY: the 32 bytes are inside `record` (asserted) and are eight 4-byte numbers
    // (`HasRow`'s contract), any bits of which are an `f32`; `[f32; 8]` needs only the
    // 4-byte alignment those fields have.
    unsafe {
        &*(record as *const T)
            .cast::<u8>()
            .add(T::ROW_AT)
            .cast::<[f32; 8]>()
    }
}

/// The row that padding lanes take: zeros.
pub(crate) static ZERO_ROW: [f32; 8] = [0.0; 8];

/// How a bundle's bodies get into lanes and back: read the states of each lane's body A
/// and body B into lanes; write back the lanes that move their body (their velocities;
/// the rest of the state is unchanged by constraints and written back as read).
/// `gather_rows` and `scatter_rows` do the same for eight bodies of their own, one per
/// lane, each written back.
///
/// An access type gives the two unchecked moves, `load` and `store`; the four checked
/// ones are the same for every type: one bounds check, then the unchecked moves.
pub(crate) trait LaneAccess: Copy {
    /// Eight rows into lanes.
    ///
    /// # Safety
    /// Every index must be in the states, in a row nobody else writes during the call.
    unsafe fn load(self, states: &SharedStates, indices: &[u32; LANES]) -> WideBody;

    /// The lanes in `moves` back to their rows.
    ///
    /// # Safety
    /// Every index must be in the states; every moved one a row only this caller
    /// touches during the call.
    unsafe fn store(
        self,
        states: &SharedStates,
        body: &WideBody,
        indices: &[u32; LANES],
        moves: &[bool; LANES],
    );

    /// Eight records' rows into lanes: field j of `rows[i]` becomes lane i of column j.
    fn columns(self, rows: [&[f32; 8]; LANES]) -> [F8; 8];

    #[inline(always)]
    fn gather(self, states: &SharedStates, bodies: &LaneBodies) -> (WideBody, WideBody) {
        states.check(bodies);
        // SAFETY: `check` passed for both sides' indices.
        unsafe { (self.load(states, &bodies.a), self.load(states, &bodies.b)) }
    }

    #[inline(always)]
    fn scatter(self, states: &SharedStates, bodies: &LaneBodies, a: &WideBody, b: &WideBody) {
        states.check(bodies);
        // SAFETY: `check` passed; only bodies this bundle moves are written, and
        // colouring gives each of them to this bundle alone (module docs).
        unsafe {
            self.store(states, a, &bodies.a, &bodies.moves_a);
            self.store(states, b, &bodies.b, &bodies.moves_b);
        }
    }

    #[inline(always)]
    fn gather_rows(self, states: &SharedStates, indices: &[u32; LANES]) -> WideBody {
        states.check_rows(indices);
        // SAFETY: `check_rows` passed.
        unsafe { self.load(states, indices) }
    }

    #[inline(always)]
    fn scatter_rows(self, states: &SharedStates, indices: &[u32; LANES], body: &WideBody) {
        states.check_rows(indices);
        // SAFETY: `check_rows` passed; the rows are the caller's alone (module docs).
        unsafe { self.store(states, body, indices, &[true; LANES]) }
    }
}

/// Element by element: any CPU.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Portable;

impl LaneAccess for Portable {
    #[inline(always)]
    fn columns(self, rows: [&[f32; 8]; LANES]) -> [F8; 8] {
        let mut columns = [F8::ZERO; 8];
        for (lane, row) in rows.iter().enumerate() {
            for (column, &value) in columns.iter_mut().zip(row.iter()) {
                column.0[lane] = value;
            }
        }
        columns
    }

    #[inline(always)]
    unsafe fn load(self, states: &SharedStates, indices: &[u32; LANES]) -> WideBody {
        // SAFETY: the caller's contract.
        unsafe { gather_portable(states, indices) }
    }

    #[inline(always)]
    unsafe fn store(
        self,
        states: &SharedStates,
        body: &WideBody,
        indices: &[u32; LANES],
        moves: &[bool; LANES],
    ) {
        // SAFETY: the caller's contract.
        unsafe { scatter_portable(states, body, indices, moves) }
    }
}

/// # Safety
/// Every index must be in the states, in a row nobody else writes during the call.
#[inline(always)]
unsafe fn gather_portable(states: &SharedStates, indices: &[u32; LANES]) -> WideBody {
    let mut rows = [F8::ZERO; 8];
    for (lane, &index) in indices.iter().enumerate() {
        // SAFETY: eight in-bounds `f32`s nobody else writes now (the caller's contract).
        let row = unsafe { states.row(index).cast::<[f32; 8]>().read() };
        for (field, value) in rows.iter_mut().zip(row) {
            field.0[lane] = value;
        }
    }
    WideBody::from_rows(rows)
}

/// # Safety
/// Every index must be in the states; every moved one a row only this caller touches
/// during the call.
#[inline(always)]
unsafe fn scatter_portable(
    states: &SharedStates,
    body: &WideBody,
    indices: &[u32; LANES],
    moves: &[bool; LANES],
) {
    let rows = body.rows();
    for (lane, &index) in indices.iter().enumerate() {
        if moves[lane] {
            let row: [f32; 8] = std::array::from_fn(|field| rows[field].0[lane]);
            // SAFETY: the caller's contract.
            unsafe { states.row(index).cast::<[f32; 8]>().write(row) };
        }
    }
}

impl WideBody {
    /// The lanes in `BodyState`'s field order: one row per field.
    #[inline(always)]
    fn from_rows([vx, vy, w, spare, dpx, dpy, dq_c, dq_s]: [F8; 8]) -> WideBody {
        WideBody {
            v: V8 { x: vx, y: vy },
            w,
            spare,
            dp: V8 { x: dpx, y: dpy },
            dq_c,
            dq_s,
        }
    }

    #[inline(always)]
    fn rows(&self) -> [F8; 8] {
        let b = self;
        [b.v.x, b.v.y, b.w, b.spare, b.dp.x, b.dp.y, b.dq_c, b.dq_s]
    }
}

#[cfg(target_arch = "x86_64")]
pub(crate) use avx2::Avx2;

#[cfg(target_arch = "x86_64")]
mod avx2 {
    use super::{LANES, LaneAccess, SharedStates, WideBody};
    use crate::constraint::lanes::F8;
    use std::arch::x86_64::*;

    /// Eight 256-bit loads and a transpose in registers: what Box2D v3 does. A value
    /// of this type exists only on a CPU with AVX2.
    #[derive(Clone, Copy, Debug)]
    pub(crate) struct Avx2(());

    impl Avx2 {
        pub fn detect() -> Option<Avx2> {
            std::arch::is_x86_feature_detected!("avx2").then_some(Avx2(()))
        }
    }

    impl LaneAccess for Avx2 {
        #[inline(always)]
        fn columns(self, rows: [&[f32; 8]; LANES]) -> [F8; 8] {
            let mut starts = [std::ptr::null(); LANES];
            for (start, row) in starts.iter_mut().zip(rows) {
                *start = row.as_ptr();
            }
            // SAFETY: `self` exists, so the CPU has AVX2; each row is eight `f32`s,
            // borrowed, so nobody writes them now.
            unsafe { columns(starts) }
        }

        #[inline(always)]
        unsafe fn load(self, states: &SharedStates, indices: &[u32; LANES]) -> WideBody {
            // SAFETY: `self` exists, so the CPU has AVX2; the rows, the caller's contract.
            unsafe { gather(states, indices) }
        }

        #[inline(always)]
        unsafe fn store(
            self,
            states: &SharedStates,
            body: &WideBody,
            indices: &[u32; LANES],
            moves: &[bool; LANES],
        ) {
            // SAFETY: as in `load`.
            unsafe { scatter(states, body, indices, moves) }
        }
    }

    /// Rows to columns: out[j] lane i = rows[i] lane j. Its own inverse.
    #[inline]
    #[target_feature(enable = "avx2")]
    fn transpose(r: [__m256; 8]) -> [__m256; 8] {
        let t = [
            _mm256_unpacklo_ps(r[0], r[1]),
            _mm256_unpackhi_ps(r[0], r[1]),
            _mm256_unpacklo_ps(r[2], r[3]),
            _mm256_unpackhi_ps(r[2], r[3]),
            _mm256_unpacklo_ps(r[4], r[5]),
            _mm256_unpackhi_ps(r[4], r[5]),
            _mm256_unpacklo_ps(r[6], r[7]),
            _mm256_unpackhi_ps(r[6], r[7]),
        ];
        let u = [
            _mm256_shuffle_ps::<0x44>(t[0], t[2]),
            _mm256_shuffle_ps::<0xEE>(t[0], t[2]),
            _mm256_shuffle_ps::<0x44>(t[1], t[3]),
            _mm256_shuffle_ps::<0xEE>(t[1], t[3]),
            _mm256_shuffle_ps::<0x44>(t[4], t[6]),
            _mm256_shuffle_ps::<0xEE>(t[4], t[6]),
            _mm256_shuffle_ps::<0x44>(t[5], t[7]),
            _mm256_shuffle_ps::<0xEE>(t[5], t[7]),
        ];
        [
            _mm256_permute2f128_ps::<0x20>(u[0], u[4]),
            _mm256_permute2f128_ps::<0x20>(u[1], u[5]),
            _mm256_permute2f128_ps::<0x20>(u[2], u[6]),
            _mm256_permute2f128_ps::<0x20>(u[3], u[7]),
            _mm256_permute2f128_ps::<0x31>(u[0], u[4]),
            _mm256_permute2f128_ps::<0x31>(u[1], u[5]),
            _mm256_permute2f128_ps::<0x31>(u[2], u[6]),
            _mm256_permute2f128_ps::<0x31>(u[3], u[7]),
        ]
    }

    /// # Safety
    /// Every index must be a row of the states nobody else writes during the call.
    #[inline]
    #[target_feature(enable = "avx2")]
    unsafe fn gather(states: &SharedStates, indices: &[u32; LANES]) -> WideBody {
        let mut rows = [std::ptr::null(); LANES];
        for (row, &index) in rows.iter_mut().zip(indices) {
            // SAFETY: each row is eight in-bounds `f32`s (the caller's contract).
            *row = unsafe { states.row(index) }.cast_const();
        }
        // SAFETY: as above; nobody writes the rows now (the caller's contract).
        WideBody::from_rows(unsafe { columns(rows) })
    }

    /// Eight 256-bit loads, a transpose in registers.
    ///
    /// # Safety
    /// Each pointer must reach eight `f32`s that nobody writes during the call.
    #[inline]
    #[target_feature(enable = "avx2")]
    unsafe fn columns(rows: [*const f32; LANES]) -> [F8; 8] {
        // Loops, not `array::map`, which would not be inlined into AVX2 code.
        let mut loaded = [_mm256_setzero_ps(); LANES];
        for (lanes, &row) in loaded.iter_mut().zip(&rows) {
            // SAFETY: the caller's contract.
            *lanes = unsafe { _mm256_loadu_ps(row) };
        }
        let mut fields = [F8::ZERO; 8];
        for (field, column) in fields.iter_mut().zip(transpose(loaded)) {
            // SAFETY: `F8` is eight `f32`s.
            unsafe { _mm256_storeu_ps(field.0.as_mut_ptr(), column) };
        }
        fields
    }

    /// # Safety
    /// Every index must be a row of the states; every moved one a row only this
    /// caller touches during the call.
    #[inline]
    #[target_feature(enable = "avx2")]
    unsafe fn scatter(
        states: &SharedStates,
        body: &WideBody,
        indices: &[u32; LANES],
        moves: &[bool; LANES],
    ) {
        let mut fields = [_mm256_setzero_ps(); 8];
        for (field, lanes) in fields.iter_mut().zip(body.rows()) {
            // SAFETY: `F8` is eight `f32`s.
            *field = unsafe { _mm256_loadu_ps(lanes.0.as_ptr()) };
        }
        let rows = transpose(fields);
        for lane in 0..LANES {
            if moves[lane] {
                // SAFETY: the caller's contract.
                unsafe { _mm256_storeu_ps(states.row(indices[lane]), rows[lane]) };
            }
        }
    }
}
