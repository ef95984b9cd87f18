//! One visit of a contact in the impact stage's sweeps: what each point asks (leave at
//! a speed, settle, stop) and the impulses that give it, both points of a two-point
//! contact at once where they ask alike.

use super::contact::{ImpactContact, ImpactPoint, Pair, Velocities};
use crate::minmax::{max, min};

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
/// `ask`), at its normal velocity `vn`.
fn asks(
    contact: &ImpactContact,
    held: &[Held; 2],
    vn: [f32; 2],
    (threshold, how): (f32, Sweep),
) -> [Ask; 2] {
    let mut asks = [Ask::Nothing; 2];
    for (i, point) in contact.points().iter().enumerate() {
        asks[i] = match how {
            Sweep::Settle if held.iter().any(|h| h.struck) => Ask::Nothing,
            Sweep::Settle => Ask::Settle,
            Sweep::Strike => ask(contact, point, &held[i], (vn[i], threshold)),
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
    let mut pair = Pair::load(&*velocities, contact);
    let vn = contact
        .points
        .map(|point| pair.normal_velocity(contact, &point));
    let asks = asks(contact, held, vn, rule);
    let largest = answer(contact, held, &mut pair, (asks, vn));
    if largest > 0.0 {
        pair.store(velocities, contact);
    }
    largest
}

/// Gives `contact`'s points the impulses their `asks` need at normal velocities `vn`,
/// both at once where a two-point contact's points ask alike; returns the largest
/// change of a point's normal velocity.
fn answer(
    contact: &ImpactContact,
    held: &mut [Held; 2],
    pair: &mut Pair,
    (asks, vn): ([Ask; 2], [f32; 2]),
) -> f32 {
    if contact.count == 2
        && let Some(changes) = both(contact, held, asks, vn)
    {
        for (i, point) in contact.points.iter().enumerate() {
            give(held, i, asks[i], changes[i]);
            pair.push(contact, point, changes[i]);
        }
        return changes
            .iter()
            .zip(&contact.points)
            .map(|(change, p)| (change / p.normal_mass).abs())
            .fold(0.0, max);
    }
    let mut largest = 0.0f32;
    for (i, point) in contact.points().iter().enumerate() {
        // The second point sees what the first was given.
        let vn = if i == 0 {
            vn[0]
        } else {
            pair.normal_velocity(contact, point)
        };
        let change = one(point, &held[i], asks[i], vn);
        give(held, i, asks[i], change);
        pair.push(contact, point, change);
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

/// The two points' impulse changes solved together at normal velocities `vn`, where
/// both leave or both settle and the answer pushes as the asks allow; `None`
/// elsewhere.
fn both(
    contact: &ImpactContact,
    held: &[Held; 2],
    asks: [Ask; 2],
    vn: [f32; 2],
) -> Option<[f32; 2]> {
    let coupled = contact.coupled?;
    let changes = match asks {
        [Ask::Leave(l1), Ask::Leave(l2)] => {
            // One restitution for both, the lesser: the two points leaving at different
            // fractions of their approach can together give the bodies energy.
            let e = min(l1 / -vn[0], l2 / -vn[1]);
            coupled.solve([-(1.0 + e) * vn[0], -(1.0 + e) * vn[1]])
        }
        [Ask::Settle, Ask::Settle] => coupled.solve([-vn[0], -vn[1]]),
        _ => return None,
    };
    let fits = match asks[0] {
        Ask::Leave(_) => changes.iter().all(|&c| c >= 0.0),
        _ => (0..2).all(|i| held[i].impulse + changes[i] >= 0.0),
    };
    fits.then_some(changes)
}
