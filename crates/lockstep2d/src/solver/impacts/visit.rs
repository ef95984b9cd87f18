//! One visit of a contact in the impact stage's sweeps: what each point asks (leave at
//! a speed, settle, stop) and the impulses that give it, both points of a two-point
//! contact at once where they ask alike.

use super::contact::{ImpactContact, ImpactPoint, Velocities, normal_velocity, push};
use crate::math::cross;
use crate::minmax::{max, min};

/// Above this condition number a contact's two points act as one and are taken one
/// after the other.
const MAX_CONDITION: f32 = 1000.0;

/// What a point of a group holds while the group is swept.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Held {
    /// The normal impulse it gives now, beyond what the group had taken back.
    pub impulse: f32,
    /// It struck by its own motion and has not yet bounced.
    pub struck: bool,
    /// It has bounced (struck, or been struck by a neighbour) this step.
    pub bounced: bool,
}

/// What a sweep does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Sweep {
    /// Sequential impulses on the contacts that did not strike, to stop their approach.
    Settle,
    /// Collisions, then sequential impulses on what never bounced.
    Strike,
}

/// What a point's rule asks of it in one visit.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Ask {
    /// Leave at this normal velocity.
    Leave(f32),
    /// Stop approaching, giving back impulse if pushed apart (never pulling).
    Settle,
    /// Stop approaching, only pushing.
    Stop,
    Nothing,
}

/// What each point of `contact` asks in this visit, by its rule for `how` (see
/// `ask`).
fn asks<V: Velocities + ?Sized>(
    contact: &ImpactContact,
    held: &[Held; 2],
    velocities: &V,
    (threshold, how): (f32, Sweep),
) -> [Ask; 2] {
    let mut asks = [Ask::Nothing; 2];
    for (i, point) in contact.points().iter().enumerate() {
        let vn = normal_velocity(velocities, contact, point);
        asks[i] = match how {
            Sweep::Settle if held.iter().any(|h| h.struck) => Ask::Nothing,
            Sweep::Settle => Ask::Settle,
            Sweep::Strike => ask(contact, point, &held[i], (vn, threshold)),
        };
    }
    asks
}

/// In the strike sweep: a struck point leaves at its rebound, one approaching at least
/// at `threshold` at e times its approach (a struck one at most at its approach,
/// unless e > 1); a point that never bounced settles, and one that bounced and comes
/// back slower than the threshold stops.
fn ask(
    contact: &ImpactContact,
    point: &ImpactPoint,
    held: &Held,
    (vn, threshold): (f32, f32),
) -> Ask {
    let approach = -vn;
    // A restitution above one adds energy by design; at most one, none.
    let fastest = approach * max(contact.restitution, 1.0);
    match point.rebound {
        Some(rebound) if held.struck && approach > 0.0 => Ask::Leave(min(rebound, fastest)),
        _ if approach > 0.0 && approach >= threshold => Ask::Leave(contact.restitution * approach),
        _ if !held.bounced => Ask::Settle,
        _ => Ask::Stop,
    }
}

/// Visits `contact` in a sweep of kind `how`: each point asks by its rule, and gets
/// it; returns the largest change of a point's normal velocity.
pub(super) fn visit<V: Velocities + ?Sized>(
    contact: &ImpactContact,
    held: &mut [Held; 2],
    velocities: &mut V,
    rule: (f32, Sweep),
) -> f32 {
    let asks = asks(contact, held, &*velocities, rule);
    answer(contact, held, velocities, asks)
}

/// Gives `contact`'s points the impulses their `asks` need, both at once where a
/// two-point contact's points ask alike; returns the largest change of a point's
/// normal velocity.
fn answer<V: Velocities + ?Sized>(
    contact: &ImpactContact,
    held: &mut [Held; 2],
    velocities: &mut V,
    asks: [Ask; 2],
) -> f32 {
    if contact.count == 2
        && let Some(changes) = both(contact, held, &*velocities, asks)
    {
        for (i, point) in contact.points.iter().enumerate() {
            give(held, i, asks[i], changes[i]);
            push(velocities, contact, point, changes[i]);
        }
        return changes
            .iter()
            .zip(&contact.points)
            .map(|(change, p)| (change / p.normal_mass).abs())
            .fold(0.0, max);
    }
    let mut largest = 0.0f32;
    for (i, point) in contact.points().iter().enumerate() {
        let vn = normal_velocity(&*velocities, contact, point);
        let change = one(point, &held[i], asks[i], vn);
        give(held, i, asks[i], change);
        push(velocities, contact, point, change);
        largest = max(largest, (change / point.normal_mass).abs());
    }
    largest
}

/// The impulse change one point's ask needs at normal velocity `vn`.
fn one(point: &ImpactPoint, held: &Held, ask: Ask, vn: f32) -> f32 {
    match ask {
        Ask::Leave(leaving) => point.normal_mass * (leaving - vn),
        Ask::Settle => max(held.impulse - point.normal_mass * vn, 0.0) - held.impulse,
        Ask::Stop => max(-point.normal_mass * vn, 0.0),
        Ask::Nothing => 0.0,
    }
}

/// Records a change of point `i`'s impulse, and its bounce.
fn give(held: &mut [Held; 2], i: usize, ask: Ask, change: f32) {
    held[i].impulse += change;
    if let Ask::Leave(_) = ask {
        held[i].struck = false;
        held[i].bounced = true;
    }
}

/// The two points' impulse changes solved together, where both leave or both settle
/// and the answer pushes as the asks allow; `None` elsewhere.
fn both<V: Velocities + ?Sized>(
    contact: &ImpactContact,
    held: &[Held; 2],
    velocities: &V,
    asks: [Ask; 2],
) -> Option<[f32; 2]> {
    let vn = contact
        .points
        .map(|point| normal_velocity(velocities, contact, &point));
    let changes = match asks {
        [Ask::Leave(l1), Ask::Leave(l2)] => {
            // One restitution for both, the lesser: the two points leaving at different
            // fractions of their approach can together give the bodies energy.
            let e = min(l1 / -vn[0], l2 / -vn[1]);
            solve_both(contact, [-(1.0 + e) * vn[0], -(1.0 + e) * vn[1]])?
        }
        [Ask::Settle, Ask::Settle] => solve_both(contact, [-vn[0], -vn[1]])?,
        _ => return None,
    };
    let fits = match asks[0] {
        Ask::Leave(_) => changes.iter().all(|&c| c >= 0.0),
        _ => (0..2).all(|i| held[i].impulse + changes[i] >= 0.0),
    };
    fits.then_some(changes)
}

/// The impulses that change the two points' normal velocities by `dv`: K⁻¹·dv, with K
/// the points' coupled effective-mass matrix; `None` where K is ill-conditioned.
fn solve_both(contact: &ImpactContact, dv: [f32; 2]) -> Option<[f32; 2]> {
    let [p1, p2] = &contact.points;
    let n = contact.normal;
    let [ra1, rb1] = p1.arms.map(|r| cross(r, n));
    let [ra2, rb2] = p2.arms.map(|r| cross(r, n));
    let [inv_ia, inv_ib] = contact.inv_inertia;
    let sum = contact.inv_mass[0] + contact.inv_mass[1];
    let k11 = sum + inv_ia * ra1 * ra1 + inv_ib * rb1 * rb1;
    let k22 = sum + inv_ia * ra2 * ra2 + inv_ib * rb2 * rb2;
    let k12 = sum + inv_ia * ra1 * ra2 + inv_ib * rb1 * rb2;
    if k11.is_nan() || k11 <= 0.0 {
        return None;
    }
    // K scaled to a unit first entry, so its determinant cannot leave f32.
    let (k12, k22) = (k12 / k11, k22 / k11);
    let det = k22 - k12 * k12;
    if det.is_nan() || MAX_CONDITION * det <= 1.0 {
        return None;
    }
    let scale = 1.0 / (k11 * det);
    Some([
        scale * (k22 * dv[0] - k12 * dv[1]),
        scale * (dv[1] - k12 * dv[0]),
    ])
}
