//! The contact constraint of the soft step (Box2D v3's solver), eight contacts at a time.
//!
//! A `WideContact` is a bundle of up to eight contacts of one colour, one per lane, laid
//! out field by field (structure of arrays) so each step of the solve is one vector
//! operation for all eight. Colouring guarantees the eight share no moving body, so
//! solving them together gives exactly what solving them one by one would. Lanes a
//! colour cannot fill are padding: zero masses, so their impulses are zero, and their
//! bodies are a dummy state nobody writes.
//!
//! Per point, with lever arms r_a, r_b fixed at the start of the step and the normal n:
//!
//! - the separation is tracked through the substeps from the bodies' delta poses:
//!   s = s₀ + n·[(Δp_b + Δq_b·r_b − r_b) − (Δp_a + Δq_a·r_a − r_a)], so it stays precise
//!   far from the origin (only small deltas are added). A disc turning about its own
//!   centre of mass (`WideContact::round_a`) leaves out its Δq·r − r: the point where
//!   it touches stays under its centre however it turns, and turning the point with
//!   it would lift the point off the ground by R·(1 − cos Δθ) within the step, so a
//!   rolling disc would read a gap opening, sink, and gain speed;
//! - s > 0 (speculative, not touching yet): the bodies may close the gap this substep,
//!   vn ≥ −s/h, and no more — this is what stops fast bodies passing through;
//! - s ≤ 0 while solving: a soft spring pushes out at bias_rate·s, at most
//!   `max_push_speed`; while relaxing: no push, only vn ≥ 0;
//! - friction: vt is driven to the surfaces' tangent speed (a conveyor's, else 0) with
//!   |Pt| ≤ μ·Pn;
//! - rolling resistance (Box2D's): the relative spin w_b − w_a is driven to 0 with a torque
//!   impulse of at most c·(Pn₁ + Pn₂), where c is the resistance times the rounding
//!   radius (skipped for bundles where no lane has any).
//!
//! Relaxing, a two-point manifold whose points are well apart solves both normal
//! impulses at once (the 2×2 block solve of `block.rs`); otherwise, and where the block
//! finds no answer, point by point. Bounces come after the substeps, against the
//! fastest approach the point met before a pushing solve: the speed it struck at,
//! gravity's pull through the step's earlier substeps included (the speed before the
//! step would leave that out, and a ball caught by a speculative contact mid-step would
//! rebound a few per cent low). Below `impacts::IN_TURN` each point bounces on its own
//! in one more pass over the bundles; from it the bundles hand their bouncy contacts
//! to the impact stage (`hand_over.rs`, `solver/impacts/`), which passes strikes on
//! from body to body.

mod hand_over;

pub(crate) use hand_over::HandOverStep;

use super::Contact;
use super::block::{Block, Coupling};
use super::impacts::IN_TURN;
use crate::constraint::BodyInfo;
use crate::constraint::Bundle;
use crate::constraint::Softness;
use crate::constraint::VELOCITY_CEILING;
use crate::constraint::WarmStart;
use crate::constraint::lane_bodies::LaneBodies;
use crate::constraint::lanes::{F8, LANES, M8, V8};
use crate::constraint::shared_states::{LaneAccess, SharedStates, WideBody, ZERO_ROW, row};

/// How far a point's impulse may grow within a step and still be the load that holds
/// it, given back by the closing warm start: an impact multiplies a point's impulse
/// many times over, while the impulses of a settling pile drift by a few per cent a
/// step. Capped at the step's starting impulse, the closing warm start leaves each card
/// of `card_house` short of what held it whenever its load grows, and the house rings.
/// Letting the load grow by half before it counts as a hit quiets the house more than
/// dropping the closing warm start does (docs/decisions.md, "Closing warm start: how
/// far a load may grow").
const LOAD_GROWTH: f32 = 1.5;

/// One contact point of each lane. Laid out in pairs of fields, one 64-byte cache line
/// each, read together: the warm start reads the lever arms and the impulses alone.
#[derive(Clone, Copy, Debug, Default)]
#[repr(C)]
struct WidePoint {
    r_a: V8,
    r_b: V8,
    normal_impulse: F8,
    tangent_impulse: F8,
    /// Separation at the start of the step.
    base_separation: F8,
    normal_mass: F8,
    tangent_mass: F8,
    /// The normal impulse the step started with (the last step's), until the step's
    /// last relax replaces it with the steady impulse the closing warm start gives a
    /// share of (`WideContact::steady_impulse`).
    steady: F8,
    /// In a lane of restitution at least `IN_TURN`, the normal impulse the point has
    /// given its bodies over the step, warm starts included: what `impacts/` takes
    /// back. In other bouncy lanes the sum of the step's solved impulses, cheaper and
    /// enough to tell whether the point pushed (a sum rather than a maximum: `max` into
    /// memory compiles to a masked store, slow on some CPUs). Kept only in bouncy
    /// bundles.
    applied: F8,
    /// Normal velocity before the step, negative when approaching (zero where the
    /// contact has no restitution: only restitution reads it). Then the most negative
    /// strike speed met before each pushing solve or relax of a bouncy bundle, where
    /// the point approaches faster than the restitution threshold (a point that will
    /// bounce; `WideContact::note_approach`).
    approach: F8,
}

impl WidePoint {
    /// The point from its manifold points' rows turned into columns (`columns`: both
    /// anchors, the separation, the feature id, the impulses) between bodies `a` and
    /// `b`, in the lanes `present`; zeros elsewhere.
    #[inline(always)]
    fn fill(&mut self, columns: [F8; 8], (a, b): (&LaneInfo, &LaneInfo), present: M8, warm: bool) {
        let [
            ax,
            ay,
            bx,
            by,
            separation,
            _id,
            normal_impulse,
            tangent_impulse,
        ] = columns;
        let none = V8::default();
        self.r_a = present.select_v(V8 { x: ax, y: ay } - a.center_offset, none);
        self.r_b = present.select_v(V8 { x: bx, y: by } - b.center_offset, none);
        self.base_separation = separation;
        let (normal_impulse, tangent_impulse) = if warm {
            (normal_impulse, tangent_impulse)
        } else {
            (F8::ZERO, F8::ZERO)
        };
        (self.normal_impulse, self.steady) = (normal_impulse, normal_impulse);
        self.tangent_impulse = tangent_impulse;
        (self.applied, self.approach) = (F8::ZERO, F8::ZERO);
    }
}

/// A bundle's bodies as preparing it reads them (`BodyInfo`'s row), one per lane.
struct LaneInfo {
    inv_mass: F8,
    inv_inertia: F8,
    center_offset: V8,
    kick_dv: V8,
    v: V8,
}

impl LaneInfo {
    #[inline(always)]
    fn new([inv_mass, inv_inertia, cx, cy, kx, ky, vx, vy]: [F8; 8]) -> LaneInfo {
        LaneInfo {
            inv_mass,
            inv_inertia,
            center_offset: V8 { x: cx, y: cy },
            kick_dv: V8 { x: kx, y: ky },
            v: V8 { x: vx, y: vy },
        }
    }

    /// The lanes whose body a constraint may move (`BodyInfo::moves`).
    #[inline(always)]
    fn moves(&self) -> M8 {
        self.inv_mass.greater(F8::ZERO) | self.inv_inertia.greater(F8::ZERO)
    }
}

/// Whether a solve pass is a relax, and the step's last: a relax ends the first
/// substep's half-kick units, and the last readies the closing warm start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Relax {
    No,
    Yes,
    Last,
}

/// What one pass over the contacts does.
#[derive(Clone, Copy, Debug)]
pub(crate) enum ContactPass {
    WarmStart(WarmStart),
    Solve(ContactSolve),
    /// Bounces the points whose restitution is below `IN_TURN` (`apply_restitution`);
    /// `inv_h` is 1 / the substep.
    Restitution {
        threshold: f32,
        inv_h: f32,
    },
}

/// One solve; with `use_bias` false this is the relax pass. Points approaching faster
/// than `threshold` note the speed they strike at (see `WidePoint::approach`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct ContactSolve {
    /// 1 / the substep.
    pub inv_h: f32,
    /// The fastest speed at which overlapping bodies are pushed apart.
    pub max_push: f32,
    pub use_bias: bool,
    pub threshold: f32,
    /// The substep's warm start share (1 but in the first substep, whose passes solve in
    /// half-kick units: see `WideContact::warm_start`).
    pub share: f32,
    pub relax: Relax,
}

/// What a point's normal impulse aims for in one pass: the new accumulated impulse is
/// x_old − mass_scale·m·(vn + bias) − impulse_scale·x_old (see `softness.rs`); a
/// speculative or rigid point has mass_scale 1 and impulse_scale 0.
#[derive(Clone, Copy, Debug)]
struct Target {
    bias: F8,
    mass_scale: F8,
    impulse_scale: F8,
    /// The point's separation now.
    separation: F8,
}

/// Laid out in pairs of fields, one 64-byte cache line each, that the passes read
/// together, so a pass brings in few lines it does not use: every pass reads the
/// normal, the masses and the bodies; the solve and relax friction and the softness;
/// only bouncy, rolling or round bundles the rest.
#[derive(Clone, Debug, Default)]
#[repr(C)]
pub(crate) struct WideContact {
    points: [WidePoint; 2],
    normal: V8,
    friction: F8,
    tangent_speed: F8,
    inv_mass_a: F8,
    inv_i_a: F8,
    inv_mass_b: F8,
    inv_i_b: F8,
    bias_rate: F8,
    mass_scale: F8,
    impulse_scale: F8,
    block: Block,
    restitution: F8,
    /// What a substep's kicks add to the normal velocity (negative when they drive the
    /// bodies together).
    pull: F8,
    /// The resistance times the rounding radius (N·m per N of normal force).
    rolling_resistance: F8,
    /// 1 / (i_a⁻¹ + i_b⁻¹), set only where `rolls`.
    rolling_mass: F8,
    /// The accumulated rolling torque impulse, on B.
    rolling_impulse: F8,
    /// The lanes whose shape A (B) touches with a disc turning about A's (B's) centre
    /// of mass: a circle there, or a capsule or rounded corner whose curve is centred
    /// on it (`turns_in_place`).
    round_a: M8,
    round_b: M8,
    /// Each lane's contact in the contact set and its point count; lanes from `len` on
    /// are padding.
    contact: [u32; LANES],
    bodies: LaneBodies,
    point_count: [u8; LANES],
    len: usize,
    /// Whether any lane has rolling resistance.
    rolls: bool,
    /// Whether any lane has restitution.
    bouncy: bool,
    /// Whether any lane has restitution below `IN_TURN`: it bounces point by point.
    bounces_alone: bool,
    /// Whether any lane has restitution of at least `IN_TURN`: `impacts/` bounces it.
    bounces_in_turn: bool,
    /// Whether any lane is `round_a` or `round_b`.
    round: bool,
}

/// Everything filling a bundle reads.
pub(crate) struct ContactSource<'a> {
    pub contacts: &'a [Contact],
    /// One per body slot; the dummy body state padding lanes read comes after them.
    pub bodies: &'a [BodyInfo],
    /// For contacts between two moving bodies, and (stiffer) when one cannot move.
    pub softness: (Softness, Softness),
    pub warm_starting: bool,
}

impl Bundle for WideContact {
    type Pass = ContactPass;

    #[inline(always)]
    fn run(&mut self, states: &SharedStates, pass: ContactPass, lanes: impl LaneAccess) {
        if let ContactPass::Restitution { .. } = pass
            && !self.bounces_alone
        {
            return;
        }
        let (mut a, mut b) = lanes.gather(states, &self.bodies);
        match pass {
            ContactPass::WarmStart(warm) => {
                let given = self.warm_start(&mut a, &mut b, warm);
                // Only `impacts/` reads what a warm start gave (see `WidePoint::applied`).
                if self.bounces_in_turn {
                    let in_turn = self.in_turn_lanes();
                    for (p, given) in self.points.iter_mut().zip(given) {
                        p.applied = p.applied + in_turn.select(given, F8::ZERO);
                    }
                }
            }
            ContactPass::Solve(solve) => {
                let (share, relax) = (solve.share, solve.relax);
                // The first substep's solve enters its half-kick units.
                if share < 1.0 && relax == Relax::No {
                    self.enter_half_units(F8::splat(share));
                }
                self.solve_normal(&mut a, &mut b, &solve);
                self.solve_friction(&mut a, &mut b);
                if self.rolls {
                    self.solve_rolling(&mut a, &mut b);
                }
                // The first substep's relax ends its half-kick units.
                if share < 1.0 && relax != Relax::No {
                    self.leave_half_units(F8::splat(share));
                }
                if relax == Relax::Last {
                    self.ready_steady(&a, &b);
                }
            }
            ContactPass::Restitution { threshold, inv_h } => {
                self.apply_restitution(&mut a, &mut b, (threshold, F8::splat(inv_h)));
            }
        }
        lanes.scatter(states, &self.bodies, &a, &b);
    }
}

impl WideContact {
    /// Once every lane is filled: the effective masses and the block, eight lanes at
    /// a time.
    #[inline(always)]
    fn finish(&mut self) {
        let tangent = self.tangent();
        // A lane's missing second point keeps zero masses, so it never pushes.
        let two_points = M8::from_fn(|lane| self.point_count[lane] == 2);
        for (i, present) in [M8::from_fn(|_| true), two_points].into_iter().enumerate() {
            let p = &self.points[i];
            let normal_mass = present.select(self.mass_along(p, self.normal), F8::ZERO);
            let tangent_mass = present.select(self.mass_along(p, tangent), F8::ZERO);
            self.points[i].normal_mass = normal_mass;
            self.points[i].tangent_mass = tangent_mass;
        }
        self.block = Block::new(&self.coupling(), self.points[0].normal_mass, two_points);
        self.rolls = self.rolling_resistance.differs(F8::ZERO).any();
        self.bouncy = self.restitution.differs(F8::ZERO).any();
        self.bounces_alone = self.bounces_alone_lanes().any();
        self.bounces_in_turn = self.in_turn_lanes().any();
        self.round = (self.round_a | self.round_b).any();
        if self.rolls {
            let k = self.inv_i_a + self.inv_i_b;
            self.rolling_mass = k.greater(F8::ZERO).select(F8::splat(1.0) / k, F8::ZERO);
        }
    }
}

impl WideContact {
    /// An empty bundle whose lanes all read the dummy body state `dummy`.
    pub fn empty(dummy: u32) -> WideContact {
        WideContact {
            bodies: LaneBodies::idle(dummy),
            ..WideContact::default()
        }
    }

    /// Fills the bundle with the contacts `members`, one per lane from the first (the
    /// lanes past them are padding: they read the dummy body and push nothing): lever
    /// arms, softness and the impulses to warm start with, then the effective masses.
    /// Each contact, its manifold points and its bodies give a row of eight numbers that
    /// `lanes` turns into columns, so the bundle is written a column at a time.
    #[inline(always)]
    pub fn fill(&mut self, members: &[u32], source: &ContactSource, lanes: impl LaneAccess) {
        // The contacts', their first and second points', their bodies A's and B's.
        let mut rows = [[&ZERO_ROW; LANES]; 5];
        self.bodies = LaneBodies::idle(source.bodies.len() as u32);
        (self.normal, self.rolling_impulse) = (V8::default(), F8::ZERO);
        self.point_count = [0; LANES];
        self.len = members.len();
        for (lane, &index) in members.iter().enumerate().take(LANES) {
            let contact = &source.contacts[index as usize];
            let ends = (contact.body_a, contact.body_b);
            let (a, b) = (
                &source.bodies[ends.0 as usize],
                &source.bodies[ends.1 as usize],
            );
            let manifold = &contact.manifold;
            rows[0][lane] = row(contact);
            rows[1][lane] = row(&manifold.points[0]);
            if manifold.point_count == 2 {
                rows[2][lane] = row(&manifold.points[1]);
            }
            (rows[3][lane], rows[4][lane]) = (row(a), row(b));
            self.bodies.set(lane, ends, (a.moves(), b.moves()));
            self.contact[lane] = index;
            self.point_count[lane] = manifold.point_count;
            self.normal.x.0[lane] = manifold.normal.x;
            self.normal.y.0[lane] = manifold.normal.y;
            self.rolling_impulse.0[lane] = manifold.rolling_impulse;
        }
        // Each written out: `array::map` is not inlined, so would not be compiled for
        // AVX2 with the rest.
        let a = LaneInfo::new(lanes.columns(rows[3]));
        let b = LaneInfo::new(lanes.columns(rows[4]));
        // A lane's missing second point is all zeros, so it never pushes.
        let two_points = M8::from_fn(|lane| self.point_count[lane] == 2);
        let warm = source.warm_starting;
        self.points[0].fill(
            lanes.columns(rows[1]),
            (&a, &b),
            M8::from_fn(|_| true),
            warm,
        );
        self.points[1].fill(lanes.columns(rows[2]), (&a, &b), two_points, warm);
        self.fill_material(lanes.columns(rows[0]), (&a, &b), source);
        if self.restitution.differs(F8::ZERO).any() {
            self.fill_approach(members, source, (&a, &b), two_points);
        }
        self.finish();
    }

    /// The material, the softness, the masses, the pull and which sides turn in place,
    /// from the contacts' rows (`material`) and their bodies'.
    #[inline(always)]
    fn fill_material(
        &mut self,
        material: [F8; 8],
        (a, b): (&LaneInfo, &LaneInfo),
        source: &ContactSource,
    ) {
        let [
            _,
            _,
            friction,
            restitution,
            tangent_speed,
            rolling_resistance,
            rounding_a,
            rounding_b,
        ] = material;
        (self.friction, self.restitution) = (friction, restitution);
        (self.tangent_speed, self.rolling_resistance) = (tangent_speed, rolling_resistance);
        if !source.warm_starting {
            self.rolling_impulse = F8::ZERO;
        }
        (self.inv_mass_a, self.inv_i_a) = (a.inv_mass, a.inv_inertia);
        (self.inv_mass_b, self.inv_i_b) = (b.inv_mass, b.inv_inertia);
        // A body the step does not simulate (static, kinematic, asleep) has no inverse
        // mass here: the constraint never writes it, which colouring relies on.
        let one_moves = !(a.moves() & b.moves());
        let (both, one) = source.softness;
        let real = M8::from_fn(|lane| lane < self.len);
        let pick = |one: f32, both: f32| {
            real.select(one_moves.select(F8::splat(one), F8::splat(both)), F8::ZERO)
        };
        self.bias_rate = pick(one.bias_rate, both.bias_rate);
        self.mass_scale = pick(one.mass_scale, both.mass_scale);
        self.impulse_scale = pick(one.impulse_scale, both.impulse_scale);
        self.pull = held_pull((b.kick_dv - a.kick_dv).dot(self.normal));
        let first = &self.points[0];
        let (r_a, r_b, separation) = (first.r_a, first.r_b, first.base_separation);
        let normal = self.normal;
        self.round_a = turns_in_place(r_a - normal.scale(rounding_a), rounding_a, separation);
        self.round_b = turns_in_place(r_b + normal.scale(rounding_b), rounding_b, separation);
    }

    /// Each point's normal velocity before the step, in the lanes with restitution
    /// (`WidePoint::approach`): only restitution reads it.
    #[inline(always)]
    fn fill_approach(
        &mut self,
        members: &[u32],
        source: &ContactSource,
        (a, b): (&LaneInfo, &LaneInfo),
        two_points: M8,
    ) {
        let (mut w_a, mut w_b) = (F8::ZERO, F8::ZERO);
        for (lane, &index) in members.iter().enumerate().take(LANES) {
            let contact = &source.contacts[index as usize];
            w_a.0[lane] = source.bodies[contact.body_a as usize].w;
            w_b.0[lane] = source.bodies[contact.body_b as usize].w;
        }
        let bounces = self.restitution.differs(F8::ZERO);
        let normal = self.normal;
        for (p, present) in self
            .points
            .iter_mut()
            .zip([M8::from_fn(|_| true), two_points])
        {
            let dv = b.v + p.r_b.turned_by(w_b) - a.v - p.r_a.turned_by(w_a);
            p.approach = (bounces & present).select(dv.dot(normal), F8::ZERO);
        }
    }

    /// 1 / (m_a⁻¹ + m_b⁻¹ + i_a⁻¹·(r_a × d)² + i_b⁻¹·(r_b × d)²): the effective mass
    /// along the unit direction `d` at point `p`; 0 when neither body can move.
    #[inline(always)]
    fn mass_along(&self, p: &WidePoint, d: V8) -> F8 {
        let (ca, cb) = (p.r_a.cross(d), p.r_b.cross(d));
        let k = self.inv_mass_a + self.inv_mass_b + self.inv_i_a * ca * ca + self.inv_i_b * cb * cb;
        k.greater(F8::ZERO).select(F8::splat(1.0) / k, F8::ZERO)
    }

    /// The contacts of the real lanes, by their index in the contact set.
    pub fn members(&self) -> &[u32] {
        &self.contact[..self.len]
    }

    /// The accumulated impulses of each real lane, for the next step's warm start:
    /// (contact index, [(normal, tangent); point count], rolling).
    pub fn impulses(&self) -> impl Iterator<Item = (usize, impl Iterator<Item = (f32, f32)>, f32)> {
        (0..self.len).map(move |lane| {
            let count = self.point_count[lane] as usize;
            let points = self.points[..count]
                .iter()
                .map(move |p| (p.normal_impulse.0[lane], p.tangent_impulse.0[lane]));
            let rolling = self.rolling_impulse.0[lane];
            (self.contact[lane] as usize, points, rolling)
        })
    }

    /// The two points' coupled effective-mass matrix (`block.rs`).
    #[inline(always)]
    fn coupling(&self) -> Coupling {
        let masses = [self.inv_mass_a, self.inv_i_a, self.inv_mass_b, self.inv_i_b];
        let [p1, p2] = &self.points;
        Coupling::new(masses, self.normal, [(p1.r_a, p1.r_b), (p2.r_a, p2.r_b)])
    }

    #[inline(always)]
    fn tangent(&self) -> V8 {
        V8 {
            x: self.normal.y,
            y: -self.normal.x,
        }
    }

    /// Gives the bodies the share of the accumulated impulses this substep's kick
    /// needs (`WarmStart`). A share under one is the first substep's: its passes then
    /// solve in half-kick units, what the bodies hold, so a point cannot take back more
    /// than it gave and friction is bounded by the half kick's normal impulse; its
    /// solve scales the impulses to them (`enter_half_units`) and its relax back to
    /// whole ones (`leave_half_units`), so a warm start only reads its bundle.
    /// The closing warm start gives a share of the steady impulses the last relax
    /// readied.
    #[inline(always)]
    /// Returns the normal impulse each point gave.
    fn warm_start(&self, a: &mut WideBody, b: &mut WideBody, warm: WarmStart) -> [F8; 2] {
        let tangent = self.tangent();
        let share = F8::splat(warm.share);
        let mut rolling_share = F8::ZERO;
        let mut given = [F8::ZERO; 2];
        for (i, (p, given)) in self.points.iter().zip(&mut given).enumerate() {
            let share = if warm.closing {
                let some = p.steady.greater(F8::ZERO);
                some.select(share * p.steady / p.normal_impulse, F8::ZERO)
            } else {
                share
            };
            rolling_share = rolling_share.max(share);
            let (normal, tangential) = (p.normal_impulse * share, p.tangent_impulse * share);
            let impulse = self.normal.scale(normal) + tangent.scale(tangential);
            self.apply(a, b, i, impulse);
            *given = normal;
        }
        if self.rolls {
            self.turn(a, b, self.rolling_impulse * rolling_share);
        }
        given
    }

    /// The impulses in the first substep's half-kick units: the `share` of each that
    /// its warm start gave.
    #[inline(always)]
    fn enter_half_units(&mut self, share: F8) {
        for p in &mut self.points {
            p.normal_impulse = p.normal_impulse * share;
            p.tangent_impulse = p.tangent_impulse * share;
        }
        self.rolling_impulse = self.rolling_impulse * share;
    }

    /// Brings the first substep's impulses, solved in the units of its `share` of a
    /// kick, back to whole ones. Only what holds the kick's load scales with the kick:
    /// a hit or a push out of an overlap needs the same impulse whatever the kick, and
    /// scaling it too would give it again, doubled, in every later substep (a box
    /// pushed out of an overlap is thrown markedly faster; docs/decisions.md, "Only the
    /// load's part leaves half-kick units"). The load's part is taken as
    /// the `share` of the impulse the step began with (the last step's), at most all of
    /// what the point solved; friction and rolling resistance follow the normal
    /// impulse in proportion.
    #[inline(always)]
    fn leave_half_units(&mut self, share: F8) {
        let rest = F8::splat(1.0) / share - F8::splat(1.0);
        let mut ratios = [F8::ZERO; 2];
        for (p, ratio) in self.points.iter_mut().zip(&mut ratios) {
            let solved = p.normal_impulse;
            let load = solved.min(share * p.steady);
            let whole = solved + load * rest;
            *ratio = solved.greater(F8::ZERO).select(whole / solved, F8::ZERO);
            p.normal_impulse = whole;
            p.tangent_impulse = p.tangent_impulse * *ratio;
        }
        self.rolling_impulse = self.rolling_impulse * ratios[0].max(ratios[1]);
    }

    /// Normal impulses: soft when `solve.use_bias`; when relaxing, the block solve where
    /// it applies.
    #[inline(always)]
    fn solve_normal(&mut self, a: &mut WideBody, b: &mut WideBody, solve: &ContactSolve) {
        if solve.use_bias {
            self.push_normal(a, b, solve);
        } else {
            self.relax_normal(a, b, solve);
        }
    }

    /// The solve's normal impulses, point after point. A point's target reads only the
    /// poses, which the solve does not move, so each is made as its point comes: one
    /// point's values are live at a time, which sixteen vector registers hold.
    #[inline(always)]
    fn push_normal(&mut self, a: &mut WideBody, b: &mut WideBody, solve: &ContactSolve) {
        let inv_h = F8::splat(solve.inv_h);
        let whole = F8::splat(1.0 / solve.share);
        for i in 0..2 {
            let p = &self.points[i];
            let t = self.target(p, a, b, inv_h, solve.max_push, true);
            let vn = self.normal_velocity(a, b, p);
            let x_old = p.normal_impulse;
            let change =
                -(p.normal_mass * t.mass_scale * (vn + t.bias)) - t.impulse_scale * x_old * whole;
            let total = (x_old + change).max(F8::ZERO);
            self.take_normal_impulse(a, b, i, (vn, t.separation, total), solve);
        }
    }

    /// The relax's normal impulses: the block solve where it applies, else point after
    /// point.
    #[inline(always)]
    fn relax_normal(&mut self, a: &mut WideBody, b: &mut WideBody, solve: &ContactSolve) {
        let (inv_h, max_push) = (F8::splat(solve.inv_h), solve.max_push);
        // The spring's soft term acts on the whole impulse (1 / `share` times the one in
        // this pass's units), which is what it balances.
        let whole = F8::splat(1.0 / solve.share);
        // Written out for both points rather than with `array::map`, which is not
        // inlined and so would not be compiled for AVX2 with the rest.
        let [p1, p2] = &self.points;
        let targets = [
            self.target(p1, a, b, inv_h, max_push, false),
            self.target(p2, a, b, inv_h, max_push, false),
        ];
        let x_old = [p1.normal_impulse, p2.normal_impulse];
        let vn1 = self.normal_velocity(a, b, p1);
        let vn = [vn1, self.normal_velocity(a, b, p2)];
        let k = (&self.coupling(), [p1.normal_mass, p2.normal_mass]);
        let bias = [targets[0].bias, targets[1].bias];
        let (blocked, x_block) = self.block.solve(k, x_old, vn, bias);
        for i in 0..2 {
            let p = &self.points[i];
            let t = &targets[i];
            // Point 2 sees point 1's impulse (the block lanes applied both from the same
            // velocities; applying them one after the other lands in the same place).
            let vn = if i == 0 {
                vn1
            } else {
                self.normal_velocity(a, b, p)
            };
            let change = -(p.normal_mass * t.mass_scale * (vn + t.bias))
                - t.impulse_scale * x_old[i] * whole;
            // Never pulling: the block solves for impulses of at least zero too.
            let total = blocked.select(x_block[i], x_old[i] + change).max(F8::ZERO);
            self.take_normal_impulse(a, b, i, (vn, t.separation, total), solve);
        }
    }

    /// Sets point `i`'s normal impulse to `total`, noting its approach first in a bouncy
    /// bundle (`note_approach`, from its velocity `vn` at `separation`).
    #[inline(always)]
    fn take_normal_impulse(
        &mut self,
        a: &mut WideBody,
        b: &mut WideBody,
        i: usize,
        (vn, separation, total): (F8, F8, F8),
        solve: &ContactSolve,
    ) {
        if self.bouncy {
            let pass = (F8::splat(solve.inv_h), solve.use_bias);
            self.note_approach(i, (vn, separation, total), pass, solve.threshold);
        }
        self.set_normal_impulse(a, b, i, total);
    }

    /// At the end of the step's last relax, replaces each point's impulse at the
    /// step's start with its steady impulse (`steady_impulse`), for the closing warm
    /// start.
    #[inline(always)]
    fn ready_steady(&mut self, a: &WideBody, b: &WideBody) {
        for i in 0..2 {
            let separation = self.separation(&self.points[i], a, b);
            self.points[i].steady = self.steady_impulse(i, separation);
        }
    }

    /// The normal impulse that held point `i` through the step, of which the closing
    /// warm start gives a share, from its impulse now, at the end of the last relax,
    /// and its `separation` then: at most its impulse now; no more than the step began
    /// with grown by `LOAD_GROWTH`, so an impact's impulse is not given again but a
    /// load that grows as a pile settles is; but at least what holds the closing half
    /// kick's own pull on the point, so a body that lands (or starts at rest) on the
    /// ground ends the step still. Nothing where the point is apart.
    #[inline(always)]
    fn steady_impulse(&self, i: usize, separation: F8) -> F8 {
        let p = &self.points[i];
        let now = p.normal_impulse;
        let held = p.normal_mass * (F8::ZERO - self.pull).max(F8::ZERO);
        let load = p.steady * F8::splat(LOAD_GROWTH);
        let steady = now.min(load.max(held));
        let touching = now.greater(F8::ZERO) & !separation.greater(F8::ZERO);
        touching.select(steady, F8::ZERO)
    }

    /// What each lane's point `p` aims for this pass (see `Target`).
    #[inline(always)]
    fn target(
        &self,
        p: &WidePoint,
        a: &WideBody,
        b: &WideBody,
        inv_h: F8,
        max_push: f32,
        use_bias: bool,
    ) -> Target {
        let separation = self.separation(p, a, b);
        let speculative = separation.greater(F8::ZERO);
        let one = F8::splat(1.0);
        let (bias, mass_scale, impulse_scale) = if use_bias {
            let push = (self.bias_rate * separation).max(F8::splat(-max_push));
            (push, self.mass_scale, self.impulse_scale)
        } else {
            (F8::ZERO, one, F8::ZERO)
        };
        Target {
            bias: speculative.select(separation * inv_h, bias),
            mass_scale: speculative.select(one, mass_scale),
            impulse_scale: speculative.select(F8::ZERO, impulse_scale),
            separation,
        }
    }

    /// The normal velocity a point has when the surfaces meet, the substeps' kicks
    /// (`pull` per substep of 1 / `inv_h`) acting all the way: v² = u² − 2·a·s, from
    /// its separation s and its velocity u at the same instant. A solve sees a point a
    /// fraction of a substep before or after the surfaces meet; without this a ball
    /// struck up to a substep's pull slower or faster than it met the ground. `vn` is
    /// the velocity the point drifts at over a substep, its velocity at the substep's
    /// middle: the solve (`use_bias`) sees the separation at the substep's start, half
    /// a kick before, and the relax the separation at its end, half a kick after.
    #[inline(always)]
    fn strike_speed(&self, vn: F8, separation: F8, (inv_h, use_bias): (F8, bool)) -> F8 {
        let half_pull = F8::splat(if use_bias { -0.5 } else { 0.5 }) * self.pull;
        let u = vn + half_pull;
        let acceleration = self.pull * inv_h;
        // Held below the velocity ceiling's square: huge forces and separations would
        // otherwise reach infinity.
        let ceiling = F8::splat(VELOCITY_CEILING * VELOCITY_CEILING);
        let squared = (u * u - F8::splat(2.0) * acceleration * separation)
            .max(F8::ZERO)
            .min(ceiling);
        // Only a closing point strikes.
        F8::ZERO.greater(vn).select(-squared.sqrt(), vn)
    }

    /// Keeps point `i`'s strike speed (`strike_speed` of `vn` at `separation`) as its
    /// approach in the lanes where it is faster, the point pushes (`total` > 0) and
    /// approaches faster than `threshold`, before the step or now. A point that started
    /// at rest and is struck within the step (the touching balls of Newton's cradle,
    /// when the first one hits) bounces too; a resting stack's points approach far
    /// slower than the threshold and keep their approach. Most bundles have no striking
    /// lane and skip the square root.
    #[inline(always)]
    fn note_approach(
        &mut self,
        i: usize,
        (vn, separation, total): (F8, F8, F8),
        pass: (F8, bool),
        threshold: f32,
    ) {
        let approach = self.points[i].approach;
        let fast = F8::splat(-threshold);
        let strikes = total.greater(F8::ZERO) & (approach.at_most(fast) | vn.at_most(fast));
        if !strikes.any() {
            return;
        }
        let strike = self.strike_speed(vn, separation, pass);
        self.points[i].approach = strikes.select(approach.min(strike), approach);
    }

    /// Point `p`'s separation now: at the step's start, plus how far the bodies have
    /// moved it along the normal since.
    #[inline(always)]
    fn separation(&self, p: &WidePoint, a: &WideBody, b: &WideBody) -> F8 {
        let turned = |body: &WideBody, r: V8| V8 {
            x: body.dq_c * r.x - body.dq_s * r.y,
            y: body.dq_s * r.x + body.dq_c * r.y,
        };
        let (mut moved_a, mut moved_b) = (
            a.dp + turned(a, p.r_a) - p.r_a,
            b.dp + turned(b, p.r_b) - p.r_b,
        );
        if self.round {
            moved_a = self.round_a.select_v(a.dp, moved_a);
            moved_b = self.round_b.select_v(b.dp, moved_b);
        }
        let moved = moved_b - moved_a;
        p.base_separation + self.normal.dot(moved)
    }

    #[inline(always)]
    fn normal_velocity(&self, a: &WideBody, b: &WideBody, p: &WidePoint) -> F8 {
        relative_velocity(a, b, p).dot(self.normal)
    }

    /// Sets point `i`'s accumulated normal impulse in every lane and applies the change.
    #[inline(always)]
    fn set_normal_impulse(&mut self, a: &mut WideBody, b: &mut WideBody, i: usize, total: F8) {
        let applied = total - self.points[i].normal_impulse;
        self.points[i].normal_impulse = total;
        // Only restitution reads it (see `WidePoint::applied`), lane by lane, whatever
        // shares the bundle: which contacts do depends on the thread count.
        if self.bouncy {
            let given = self.in_turn_lanes().select(applied, total);
            self.points[i].applied = self.points[i].applied + given;
        }
        self.apply(a, b, i, self.normal.scale(applied));
    }

    #[inline(always)]
    fn solve_friction(&mut self, a: &mut WideBody, b: &mut WideBody) {
        let tangent = self.tangent();
        for i in 0..2 {
            let p = &self.points[i];
            let vt = relative_velocity(a, b, p).dot(tangent) - self.tangent_speed;
            let limit = self.friction * p.normal_impulse;
            let total = (p.tangent_impulse - p.tangent_mass * vt)
                .max(-limit)
                .min(limit);
            let applied = total - p.tangent_impulse;
            self.points[i].tangent_impulse = total;
            self.apply(a, b, i, tangent.scale(applied));
        }
    }

    /// Rolling resistance: a torque against the relative spin, bounded by the normal
    /// impulses the points carry now.
    #[inline(always)]
    fn solve_rolling(&mut self, a: &mut WideBody, b: &mut WideBody) {
        let [p1, p2] = &self.points;
        let limit = self.rolling_resistance * (p1.normal_impulse + p2.normal_impulse);
        let old = self.rolling_impulse;
        let total = (old - self.rolling_mass * (b.w - a.w))
            .max(-limit)
            .min(limit);
        self.rolling_impulse = total;
        self.turn(a, b, total - old);
    }

    /// Applies the torque impulse `impulse` to B and its opposite to A.
    #[inline(always)]
    fn turn(&self, a: &mut WideBody, b: &mut WideBody, impulse: F8) {
        a.w = a.w - self.inv_i_a * impulse;
        b.w = b.w + self.inv_i_b * impulse;
    }

    /// The lanes whose restitution is at least `IN_TURN`.
    #[inline(always)]
    fn in_turn_lanes(&self) -> M8 {
        self.restitution.at_least(F8::splat(IN_TURN))
    }

    /// The lanes whose restitution is above zero and below `IN_TURN`.
    #[inline(always)]
    fn bounces_alone_lanes(&self) -> M8 {
        self.restitution.greater(F8::ZERO) & F8::splat(IN_TURN).greater(self.restitution)
    }

    /// Bounces, each point on its own, the points of lanes whose restitution is below
    /// `IN_TURN` that approached faster than `threshold` and pushed: the normal
    /// velocity is driven to restitution × the speed struck at (`WidePoint::approach`),
    /// less what the pull takes from it between the surface and where the point is now
    /// (see `rebound`).
    #[inline(always)]
    fn apply_restitution(
        &mut self,
        a: &mut WideBody,
        b: &mut WideBody,
        (threshold, inv_h): (f32, F8),
    ) {
        let alone = self.bounces_alone_lanes();
        for i in 0..2 {
            let p = &self.points[i];
            let active =
                alone & p.approach.at_most(F8::splat(-threshold)) & p.applied.greater(F8::ZERO);
            let vn = self.normal_velocity(a, b, p);
            let gap = self.separation(p, a, b).max(F8::ZERO);
            let lift = F8::splat(2.0) * self.pull * inv_h * gap;
            let leaving = rebound(self.restitution * p.approach, lift);
            let impulse = -(p.normal_mass * (vn - leaving));
            let total = active.select((p.normal_impulse + impulse).max(F8::ZERO), p.normal_impulse);
            let applied = total - p.normal_impulse;
            self.points[i].normal_impulse = total;
            self.apply(a, b, i, self.normal.scale(applied));
        }
    }

    /// Applies `impulse` at point `i`: its opposite to A, itself to B.
    #[inline(always)]
    fn apply(&self, a: &mut WideBody, b: &mut WideBody, i: usize, impulse: V8) {
        let p = &self.points[i];
        a.v = a.v - impulse.scale(self.inv_mass_a);
        a.w = a.w - self.inv_i_a * p.r_a.cross(impulse);
        b.v = b.v + impulse.scale(self.inv_mass_b);
        b.w = b.w + self.inv_i_b * p.r_b.cross(impulse);
    }
}

/// The speed a point leaves at after striking at `struck` × e (`struck_e`), `lift`
/// being 2·a·s, what the pull takes from it between the surface and where the point
/// is, s ≥ 0 apart: v² = (e·v_struck)² + 2·a·s. A speculative contact may stop a ball
/// a few millimetres short of the ground at the step's end, and a bounce from there
/// at the full speed would rise those millimetres too high. Where the surfaces
/// overlap, the push out of the overlap gives the height back, and a faster bounce
/// would give it twice: a pile of elastic bodies gained energy that way.
#[inline(always)]
fn rebound(struck_e: F8, lift: F8) -> F8 {
    (struck_e * struck_e + lift).max(F8::ZERO).sqrt()
}

/// `pull` held within the velocity ceiling, as a kick is once it is applied: an
/// extreme force's kick can be infinite (and zero mass times it NaN), and a bounce
/// would take that into the speed it leaves at.
#[inline(always)]
fn held_pull(pull: F8) -> F8 {
    let (high, low) = (F8::splat(VELOCITY_CEILING), F8::splat(-VELOCITY_CEILING));
    pull.differs(pull).select(F8::ZERO, pull.max(low).min(high))
}

/// The lanes whose surface of rounding radius `rounding`, its curve centred `centre`
/// from its body's centre of mass, turns in place: a disc about its centre of mass.
/// The centre is found from a point midway between the surfaces, so a disc's lies
/// half the `separation` off; a capsule's end or a rounded corner lies a length of
/// its shape off, and turns about the centre of mass with its body.
#[inline(always)]
fn turns_in_place(centre: V8, rounding: F8, separation: F8) -> M8 {
    let reach = F8::splat(0.5) * separation.abs() + F8::splat(0.01) * rounding;
    rounding.greater(F8::ZERO) & centre.dot(centre).sqrt().at_most(reach)
}

#[inline(always)]
fn relative_velocity(a: &WideBody, b: &WideBody, p: &WidePoint) -> V8 {
    b.v + p.r_b.turned_by(b.w) - a.v - p.r_a.turned_by(a.w)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::constraint::BodyState;
    use crate::constraint::testing::{assert_dispatch_matches_portable, noise};
    use crate::math::{Rot, Vec2};

    /// Two bundles over 24 bodies (the last a dummy), with every field filled.
    fn scene() -> (Vec<WideContact>, Vec<BodyState>) {
        let mut seed = 7;
        let mut lanes = |scale: f32, offset: f32| {
            F8(std::array::from_fn(|_| offset + scale * noise(&mut seed)))
        };
        let mut bundles = Vec::new();
        for first in [0u32, 8] {
            let mut c = WideContact::empty(23);
            c.len = LANES;
            for lane in 0..LANES {
                let ends = (first + lane as u32, 16 + lane as u32 % 7);
                c.bodies.set(lane, ends, (true, false));
            }
            c.point_count = [2; LANES];
            c.normal = V8 {
                x: lanes(0.1, 0.0),
                y: lanes(0.1, 1.0),
            };
            c.friction = lanes(0.2, 0.6);
            c.restitution = lanes(0.3, 0.3);
            c.tangent_speed = lanes(1.0, 0.0);
            c.rolling_resistance = lanes(0.05, 0.05);
            c.rolling_impulse = lanes(0.1, 0.0);
            (c.bias_rate, c.mass_scale, c.impulse_scale) =
                (lanes(2.0, 5.0), lanes(0.1, 0.8), lanes(0.1, 0.2));
            (c.inv_mass_a, c.inv_i_a) = (lanes(0.5, 1.0), lanes(0.5, 1.0));
            for p in &mut c.points {
                p.r_a = V8 {
                    x: lanes(0.5, 0.0),
                    y: lanes(0.5, 0.0),
                };
                p.r_b = V8 {
                    x: lanes(0.5, 0.0),
                    y: lanes(0.5, 0.0),
                };
                p.base_separation = lanes(0.02, 0.0);
                (p.normal_impulse, p.tangent_impulse) = (lanes(0.5, 0.5), lanes(0.2, 0.0));
                p.approach = lanes(2.0, -1.5);
            }
            c.finish();
            bundles.push(c);
        }
        let mut state = || BodyState {
            v: Vec2::new(noise(&mut seed), noise(&mut seed)),
            w: noise(&mut seed),
            spare: 0.0,
            dp: Vec2::new(0.01 * noise(&mut seed), 0.01 * noise(&mut seed)),
            dq: Rot::from_angle(0.01 * noise(&mut seed)),
        };
        let mut states: Vec<BodyState> = (0..23).map(|_| state()).collect();
        states.push(BodyState::default());
        (bundles, states)
    }

    fn bits(bundles: &[WideContact], states: &[BodyState]) -> Vec<u32> {
        let mut out = Vec::new();
        for s in states {
            out.extend([s.v.x, s.v.y, s.w].map(f32::to_bits));
        }
        for c in bundles {
            for (_, impulses, rolling) in c.impulses() {
                out.extend(impulses.flat_map(|(n, t)| [n.to_bits(), t.to_bits()]));
                out.push(rolling.to_bits());
            }
        }
        out
    }

    const PASSES: [ContactPass; 6] = [
        ContactPass::WarmStart(WarmStart {
            share: 0.5,
            closing: false,
        }),
        ContactPass::Solve(ContactSolve {
            inv_h: 240.0,
            max_push: 3.0,
            use_bias: true,
            threshold: 1.0,
            share: 0.5,
            relax: Relax::No,
        }),
        ContactPass::Solve(ContactSolve {
            inv_h: 240.0,
            max_push: 3.0,
            use_bias: false,
            threshold: 1.0,
            share: 0.5,
            relax: Relax::Yes,
        }),
        ContactPass::Solve(ContactSolve {
            inv_h: 240.0,
            max_push: 3.0,
            use_bias: false,
            threshold: 1.0,
            share: 1.0,
            relax: Relax::Last,
        }),
        ContactPass::WarmStart(WarmStart {
            share: 0.5,
            closing: true,
        }),
        ContactPass::Restitution {
            threshold: 1.0,
            inv_h: 240.0,
        },
    ];

    #[test]
    fn the_dispatched_path_gives_the_portable_paths_bits() {
        assert_dispatch_matches_portable(scene, &PASSES, bits);
    }
}
