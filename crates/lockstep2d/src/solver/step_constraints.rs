//! What one soft step solves, prepared at its start: the touching contacts and the
//! revolute joints in coloured bundles of eight, and every other joint in slot order.

use super::bundles::{Bundles, Candidate, Members};
use super::dense_bodies::DenseBodies;
#[cfg(feature = "threads")]
use super::share::share;
use crate::body::Body;
use crate::constraint::BodyInfo;
use crate::constraint::Softness;
use crate::constraint::dispatch::{LaneKernel, dispatch};
use crate::constraint::lanes::LANES;
use crate::constraint::shared_states::LaneAccess;
use crate::constraint::shared_states::Shared;
use crate::contact::wide::{ContactSource, WideContact};
use crate::contact::{Contact, ContactSet};
use crate::id::Slots;
use crate::joint::Joint;
use crate::joint::revolute::wide::{RevoluteSource, WideRevolute};
use crate::math::Vec2;
use crate::prefetch::prefetch_head;

/// What preparing the constraints shares.
pub(crate) struct PrepareSettings {
    /// For contacts between two moving bodies, and (stiffer) when one cannot move.
    pub contact_softness: (Softness, Softness),
    pub joint_softness: Softness,
    /// The substep.
    pub h: f32,
    pub warm_starting: bool,
}

#[derive(Clone, Debug, Default)]
pub(crate) struct StepConstraints {
    pub contacts: Bundles<WideContact>,
    pub revolutes: Bundles<WideRevolute>,
    /// The slots of the active joints that are not revolute, solved one by one.
    pub scalar_joints: Vec<u32>,
}

impl StepConstraints {
    /// Colours and prepares everything the step solves. `dense.info` has one entry per
    /// body slot; slot `info.len()` is the dummy state padding lanes read. With `parallel`
    /// (inside the world's pool) the contact bundles are filled on its threads.
    pub fn build(
        &mut self,
        (bodies, dense): (&Slots<Body>, &DenseBodies),
        contacts: &ContactSet,
        joints: &mut Slots<Joint>,
        settings: &PrepareSettings,
        parallel: bool,
    ) {
        let info = dense.info.as_slice();
        self.build_contacts(contacts, dense, settings, parallel);
        self.prepare_joints(bodies, joints, settings);
        self.build_revolutes(bodies, info, joints, settings);
    }

    fn build_contacts(
        &mut self,
        contacts: &ContactSet,
        dense: &DenseBodies,
        settings: &PrepareSettings,
        parallel: bool,
    ) {
        let info = dense.info.as_slice();
        let moving = |i: u32| info[i as usize].simulated.then_some(i);
        let candidates = contacts
            .heads()
            .iter()
            .enumerate()
            .filter(|(_, c)| c.touching)
            .map(|(index, c)| Candidate {
                index: index as u32,
                a: moving(c.body_a),
                b: moving(c.body_b),
            })
            .filter(|c| c.a.is_some() || c.b.is_some());
        let source = ContactSource {
            contacts: &contacts.contacts,
            bodies: info,
            softness: settings.contact_softness,
            warm_starting: settings.warm_starting,
        };
        let fill = |bundles: &mut [WideContact], members: &[Members]| {
            dispatch(FillContacts {
                bundles,
                members,
                source: &source,
            });
        };
        let empty = WideContact::empty(info.len() as u32);
        self.contacts
            .build(candidates, info.len(), (&empty, fill), parallel);
    }

    /// Marks the joints the step solves active, and prepares those solved one by one and the revolute joints with options (a bare pin needs
    /// only its arms, made as it is pushed).
    fn prepare_joints(
        &mut self,
        bodies: &Slots<Body>,
        joints: &mut Slots<Joint>,
        settings: &PrepareSettings,
    ) {
        self.scalar_joints.clear();
        for (slot, joint) in joints.iter_mut() {
            let (a, b) = (body(bodies, joint.body_a), body(bodies, joint.body_b));
            joint.active = (a.is_simulated() || b.is_simulated()) && a.enabled && b.enabled;
            if !joint.active {
                continue;
            }
            if joint.revolute().is_some_and(|j| j.axis.has_no_options()) {
                continue;
            }
            let (h, warm) = (settings.h, settings.warm_starting);
            joint.prepare_soft(a, b, settings.joint_softness, h, warm);
            if joint.revolute().is_none() {
                self.scalar_joints.push(slot);
            }
        }
    }

    fn build_revolutes(
        &mut self,
        bodies: &Slots<Body>,
        info: &[BodyInfo],
        joints: &Slots<Joint>,
        settings: &PrepareSettings,
    ) {
        let moving = |i: u32| info[i as usize].simulated.then_some(i);
        let candidates = joints
            .iter()
            .filter(|(_, j)| j.active && j.revolute().is_some())
            .map(|(slot, j)| Candidate {
                index: slot,
                a: moving(j.body_a),
                b: moving(j.body_b),
            });
        let push = |bundle: &mut WideRevolute, slot: u32| {
            let joint = joints.get(slot).expect("coloured joints are live");
            let revolute = joint.revolute().expect("only revolute joints are coloured");
            let (a, b) = (body(bodies, joint.body_a), body(bodies, joint.body_b));
            let axis = joint.revolute_axis(settings.h);
            // With options, `prepare_soft` has already cleared the impulses when not
            // warm starting.
            let warm = settings.warm_starting || axis.is_some();
            bundle.push(&RevoluteSource {
                joint: slot,
                body_a: joint.body_a,
                body_b: joint.body_b,
                bodies: (&info[joint.body_a as usize], &info[joint.body_b as usize]),
                r_a: a.xf.q.rotate(revolute.local_anchor_a - a.local_center),
                r_b: b.xf.q.rotate(revolute.local_anchor_b - b.local_center),
                delta_center: b.center - a.center,
                impulse: if warm { revolute.impulse } else { Vec2::ZERO },
                axis,
            });
        };
        let empty = WideRevolute::empty(info.len() as u32);
        let fill = |bundles: &mut [WideRevolute], members: &[Members]| {
            for (bundle, members) in bundles.iter_mut().zip(members) {
                // A bundle with padding lanes starts empty: they read the dummy body.
                if members.indices().len() < LANES {
                    bundle.clone_from(&empty);
                } else {
                    bundle.restart();
                }
                for &slot in members.indices() {
                    push(bundle, slot);
                }
            }
        };
        self.revolutes
            .build(candidates, info.len(), (&empty, fill), false);
    }

    /// Impulses back to the contact cache and the pins, for the next step's warm start
    /// (the other joints keep theirs in place). With `parallel` (inside the world's
    /// pool) each thread takes an equal run of the bundles and writes their contacts:
    /// each contact is in one lane of one bundle, so no contact is written by two.
    pub fn store(&self, contacts: &mut ContactSet, joints: &mut Slots<Joint>, parallel: bool) {
        let bundles = self.contacts.as_slice();
        let shared = Shared::new(&mut contacts.contacts);
        let store_run = |run: &[WideContact]| {
            for (i, bundle) in run.iter().enumerate() {
                if let Some(later) = run.get(i + BUNDLES_AHEAD) {
                    // SAFETY: as below; that bundle is in this run too.
                    let contact = |index| unsafe { &shared.slice_mut(index..index + 1)[0] };
                    prefetch_contacts(later.members(), contact);
                }
                for (index, impulses, rolling) in bundle.impulses() {
                    // SAFETY: the layout gives each contact one lane of one bundle, and
                    // the runs are disjoint, so no other thread writes this contact now.
                    let contact = unsafe { &mut shared.slice_mut(index..index + 1)[0] };
                    contact.store_impulses(impulses, rolling);
                }
            }
        };
        #[cfg(feature = "threads")]
        if parallel {
            let parts = crate::threads::current_threads();
            rayon::scope(|scope| {
                for part in 0..parts {
                    let run = &bundles[share(bundles.len(), part, parts)];
                    scope.spawn(move |_| store_run(run));
                }
            });
        }
        if !cfg!(feature = "threads") || !parallel {
            store_run(bundles);
        }
        for bundle in self.revolutes.as_slice() {
            for (slot, impulse, axial) in bundle.impulses() {
                if let Some(joint) = joints.get_mut(slot) {
                    joint.set_revolute_impulses(impulse, axial);
                }
            }
        }
    }
}

fn body(bodies: &Slots<Body>, index: u32) -> &Body {
    bodies
        .get(index)
        .expect("contacts and joints refer to live bodies")
}

/// Fills a run of contact bundles in the best form of the lane code this CPU takes.
struct FillContacts<'a> {
    bundles: &'a mut [WideContact],
    members: &'a [Members],
    source: &'a ContactSource<'a>,
}

/// How many bundles ahead of the one being filled its contacts are asked for: a
/// colour's contacts lie all over the contact set.
const BUNDLES_AHEAD: usize = 2;

/// Where what filling reads of a contact ends: its rows and its manifold come first.
const CONTACT_ROWS_END: usize = std::mem::offset_of!(Contact, cache);

/// Asks for the heads (to `CONTACT_ROWS_END`) of the contacts `indices`, each reached
/// through `contact`: filling reads them and storing writes them.
#[inline(always)]
fn prefetch_contacts<'a>(indices: &[u32], contact: impl Fn(usize) -> &'a Contact) {
    for &index in indices {
        prefetch_head(contact(index as usize), CONTACT_ROWS_END);
    }
}

impl LaneKernel for FillContacts<'_> {
    type Output = ();

    #[inline(always)]
    fn run(self, lanes: impl LaneAccess) {
        let contacts = self.source.contacts;
        for (i, (bundle, members)) in self.bundles.iter_mut().zip(self.members).enumerate() {
            if let Some(later) = self.members.get(i + BUNDLES_AHEAD) {
                prefetch_contacts(later.indices(), |index| &contacts[index]);
            }
            bundle.fill(members.indices(), self.source, lanes);
        }
    }
}
