//! Contacts and bodies as rows of eight 4-byte values, which a bundle's fill loads
//! eight at a time and transposes into lanes (`LaneAccess::columns`), instead of
//! copying each value into its lane one by one.
//!
//! A contact gives four rows: its header (shapes, bodies, material), a window from its
//! manifold's normal, and each point (`ManifoldPoint` is exactly one row). A body's
//! `BodyInfo` is one row. Each type is `repr(C)` with the offsets checked below, and
//! every value in a row is a 4-byte float or integer, so every bit of a row is
//! initialised and reading it as `f32`s is sound (integers come back with `to_bits`).

use super::dense_bodies::BodyInfo;
use crate::collide::{Manifold, ManifoldPoint};
use crate::contact::Contact;

/// Eight 4-byte values.
pub(crate) type Row = [f32; 8];

/// Which value of each row is which.
pub(crate) mod fields {
    /// The header's: `Contact`'s first eight fields.
    pub const BODY_A: usize = 2;
    pub const BODY_B: usize = 3;
    pub const FRICTION: usize = 4;
    pub const RESTITUTION: usize = 5;
    pub const TANGENT_SPEED: usize = 6;
    pub const ROLLING_RESISTANCE: usize = 7;
    /// The manifold window's.
    pub const NORMAL_X: usize = 0;
    pub const NORMAL_Y: usize = 1;
    /// A point's.
    pub const ANCHOR_A_X: usize = 0;
    pub const ANCHOR_A_Y: usize = 1;
    pub const ANCHOR_B_X: usize = 2;
    pub const ANCHOR_B_Y: usize = 3;
    pub const SEPARATION: usize = 4;
    pub const NORMAL_IMPULSE: usize = 6;
    pub const TANGENT_IMPULSE: usize = 7;
    /// A body's.
    pub const INV_MASS: usize = 0;
    pub const INV_INERTIA: usize = 1;
    pub const V_X: usize = 2;
    pub const V_Y: usize = 3;
    pub const W: usize = 4;
    pub const CENTER_OFFSET_X: usize = 5;
    pub const CENTER_OFFSET_Y: usize = 6;
}

const _: () = {
    use std::mem::{offset_of, size_of};
    assert!(offset_of!(Contact, body_a) == 4 * fields::BODY_A);
    assert!(offset_of!(Contact, body_b) == 4 * fields::BODY_B);
    assert!(offset_of!(Contact, friction) == 4 * fields::FRICTION);
    assert!(offset_of!(Contact, restitution) == 4 * fields::RESTITUTION);
    assert!(offset_of!(Contact, tangent_speed) == 4 * fields::TANGENT_SPEED);
    assert!(offset_of!(Contact, rolling_resistance) == 4 * fields::ROLLING_RESISTANCE);
    // The shapes fill the header's first two values.
    assert!(offset_of!(Contact, shape_a) == 0 && offset_of!(Contact, shape_b) == 4);
    // The window from the normal: the normal, then the first point's first six values.
    assert!(offset_of!(Manifold, normal) == 0 && offset_of!(Manifold, points) == 8);
    assert!(size_of::<ManifoldPoint>() == size_of::<Row>());
    assert!(offset_of!(ManifoldPoint, anchor_a) == 4 * fields::ANCHOR_A_X);
    assert!(offset_of!(ManifoldPoint, anchor_b) == 4 * fields::ANCHOR_B_X);
    assert!(offset_of!(ManifoldPoint, separation) == 4 * fields::SEPARATION);
    assert!(offset_of!(ManifoldPoint, id) == 20);
    assert!(offset_of!(ManifoldPoint, normal_impulse) == 4 * fields::NORMAL_IMPULSE);
    assert!(offset_of!(ManifoldPoint, tangent_impulse) == 4 * fields::TANGENT_IMPULSE);
    assert!(size_of::<BodyInfo>() == size_of::<Row>());
    assert!(offset_of!(BodyInfo, inv_mass) == 4 * fields::INV_MASS);
    assert!(offset_of!(BodyInfo, inv_inertia) == 4 * fields::INV_INERTIA);
    assert!(offset_of!(BodyInfo, v) == 4 * fields::V_X);
    assert!(offset_of!(BodyInfo, w) == 4 * fields::W);
    assert!(offset_of!(BodyInfo, center_offset) == 4 * fields::CENTER_OFFSET_X);
};

/// A contact's four rows: header, manifold window, first point, second point.
#[inline(always)]
pub(crate) fn contact_rows(contact: &Contact) -> [&Row; 4] {
    let manifold = &contact.manifold;
    // SAFETY: `Contact` is `repr(C)` and begins with eight 4-byte fields (checked
    // above); the manifold begins with its normal and then the points, 4-byte values
    // with no padding, so the 32 bytes from the normal are inside it and initialised;
    // each point is exactly a row. A row's alignment (4) is theirs.
    unsafe {
        [
            &*(contact as *const Contact).cast::<Row>(),
            &*(manifold as *const Manifold).cast::<Row>(),
            &*(&manifold.points[0] as *const ManifoldPoint).cast::<Row>(),
            &*(&manifold.points[1] as *const ManifoldPoint).cast::<Row>(),
        ]
    }
}

/// A body's row.
#[inline(always)]
pub(crate) fn body_row(info: &BodyInfo) -> &Row {
    // SAFETY: `BodyInfo` is `repr(C)`, eight 4-byte fields with no padding (checked
    // above), alignment 4.
    unsafe { &*(info as *const BodyInfo).cast::<Row>() }
}
