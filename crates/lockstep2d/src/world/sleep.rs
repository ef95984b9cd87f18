//! Islands and sleeping: bodies that have rested long enough stop being simulated until
//! something disturbs them.
//!
//! After each step the dynamic bodies are grouped into islands — bodies linked by
//! touching contacts or joints, found by union–find in slot order, so the grouping is the
//! same on every run. An island sleeps when every body in it has moved slower than the
//! sleep speed for the sleep time: its velocities are zeroed and it is skipped by the
//! narrow phase, the solver and the integrator. It wakes as a whole when an active body
//! touches one of its bodies, when a joint or force reaches one of them, or when a body it
//! rests on is removed.

use super::World;
use crate::error::{Result, check_non_negative};
use crate::id::BodyId;
use crate::math::Vec2;
use crate::minmax;

/// When bodies fall asleep. Box2D's defaults: 0.05 m/s for 0.5 s.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct SleepSettings {
    /// Whether bodies may sleep at all.
    pub enabled: bool,
    /// A body moving slower than this (m/s, counting spin × its reach) is resting.
    pub speed: f32,
    /// How long (s) a whole island must rest before it sleeps.
    pub time: f32,
}

impl Default for SleepSettings {
    fn default() -> Self {
        SleepSettings {
            enabled: true,
            speed: 0.05,
            time: 0.5,
        }
    }
}

impl SleepSettings {
    pub(crate) fn validate(&self) -> Result<()> {
        check_non_negative("sleep.speed", self.speed)?;
        check_non_negative("sleep.time", self.time)
    }
}

/// Working arrays of the island pass, kept between steps.
#[derive(Clone, Debug, Default)]
pub(crate) struct IslandScratch {
    parent: Vec<u32>,
    /// Per body slot: whether it holds a dynamic body.
    dynamic: Vec<bool>,
    /// Per root: the shortest rest among the island's bodies (∞ for sleeping ones).
    least_rest: Vec<f32>,
    /// Bodies to wake once a borrow of the contacts ends.
    pub to_wake: Vec<u32>,
}

impl World {
    /// False while the body sleeps (and while it is disabled): it then neither moves nor
    /// costs a solve.
    pub fn is_awake(&self, id: BodyId) -> Result<bool> {
        let index = self.state.bodies.resolve(id)?;
        Ok(self.body(index).awake)
    }

    /// Wakes a body and the island it sleeps in.
    pub fn wake(&mut self, id: BodyId) -> Result<()> {
        let index = self.state.bodies.resolve(id)?;
        self.wake_island(index);
        Ok(())
    }

    /// Dynamic bodies being simulated.
    pub fn awake_body_count(&self) -> usize {
        self.state
            .bodies
            .values()
            .filter(|b| b.is_simulated())
            .count()
    }

    /// When bodies fall asleep.
    pub fn sleep_settings(&self) -> &SleepSettings {
        &self.state.sleep
    }

    /// Changes when bodies fall asleep; turning sleep off wakes every body.
    pub fn set_sleep_settings(&mut self, sleep: SleepSettings) -> Result<()> {
        sleep.validate()?;
        self.state.sleep = sleep;
        if !sleep.enabled {
            self.state.bodies.values_mut().for_each(|b| b.wake());
        }
        Ok(())
    }

    /// Wakes the body at slot `index` and every body of its last island. An awake body's
    /// island is awake already (islands sleep whole), so that costs nothing.
    pub(crate) fn wake_island(&mut self, index: u32) {
        let Some(body) = self.state.bodies.get_mut(index) else {
            return;
        };
        if body.awake {
            return;
        }
        body.wake();
        let island = body.island;
        if island == u32::MAX {
            return;
        }
        for body in self.state.bodies.values_mut() {
            if body.island == island {
                body.wake();
            }
        }
    }

    /// Wakes the islands queued in `islands.to_wake`.
    pub(super) fn wake_queued(&mut self) {
        let mut queued = std::mem::take(&mut self.islands.to_wake);
        for &index in &queued {
            self.wake_island(index);
        }
        queued.clear();
        self.islands.to_wake = queued;
    }

    /// The end-of-step island pass (see the module docs).
    pub(super) fn update_sleep(&mut self, dt: f32) {
        if !self.state.sleep.enabled {
            return;
        }
        // With no awake body rested long enough, no island can fall asleep: most steps
        // of a busy scene, or of a quiet one whose last movers are still moving, skip
        // finding them. (A sleeping island an active body reaches is woken where that
        // happens: by the narrow phase, a new joint, a force.) The islands' ids are only
        // read to wake a sleeping island, so the pass that puts one to sleep renews
        // every id before any is read.
        if self.count_rest(dt) {
            self.link_islands();
            self.sleep_or_wake_islands();
        }
    }

    /// Adds `dt` to the rest time of every awake dynamic body slower than the sleep
    /// speed, and restarts it for the others. Returns whether an island may fall
    /// asleep: some awake body has rested the sleep time.
    fn count_rest(&mut self, dt: f32) -> bool {
        let (threshold, time) = (self.state.sleep.speed, self.state.sleep.time);
        let mut may_change = false;
        for body in self.state.bodies.values_mut() {
            if !body.is_simulated() {
                continue;
            }
            let speed = body.v.length() + body.w.abs() * body.extent;
            body.sleep_time = if speed > threshold {
                0.0
            } else {
                body.sleep_time + dt
            };
            may_change |= body.sleep_time >= time;
        }
        may_change
    }

    /// Union–find over the dynamic bodies joined by touching contacts and joints; each
    /// body's `island` becomes its root's slot.
    fn link_islands(&mut self) {
        let slots = self.state.bodies.capacity();
        let parent = &mut self.islands.parent;
        parent.clear();
        parent.extend(0..slots as u32);
        // The links read compact arrays only (the contacts' heads, a flag per slot):
        // the contacts and bodies themselves are many times larger, and reading them
        // for every link makes the island stage of a crowd such as `rain` markedly
        // slower (docs/decisions.md, "Islands linked through compact arrays").
        let dynamic = &mut self.islands.dynamic;
        dynamic.clear();
        dynamic.resize(slots, false);
        for (index, body) in self.state.bodies.iter() {
            dynamic[index as usize] = body.is_dynamic() && body.enabled;
        }
        let links = self
            .state
            .contacts
            .heads()
            .iter()
            .filter(|head| head.touching)
            .map(|head| (head.body_a, head.body_b))
            .chain(self.state.joints.values().map(|j| (j.body_a, j.body_b)));
        for (a, b) in links {
            if dynamic[a as usize] && dynamic[b as usize] {
                union(parent, a, b);
            }
        }
        for (index, body) in self.state.bodies.iter_mut() {
            body.island = if body.is_dynamic() && body.enabled {
                find(parent, index)
            } else {
                u32::MAX
            };
        }
    }

    /// Puts to sleep the islands whose every body has rested long enough, and wakes the
    /// sleeping bodies of islands that an awake body has joined.
    fn sleep_or_wake_islands(&mut self) {
        let least = &mut self.islands.least_rest;
        least.clear();
        least.resize(self.state.bodies.capacity(), f32::INFINITY);
        for body in self.state.bodies.values() {
            if body.is_simulated() {
                let slot = &mut least[body.island as usize];
                *slot = minmax::min(*slot, body.sleep_time);
            }
        }
        let time = self.state.sleep.time;
        for body in self.state.bodies.values_mut() {
            if !body.is_dynamic() || !body.enabled {
                continue;
            }
            if least[body.island as usize] >= time {
                body.awake = false;
                body.v = Vec2::ZERO;
                body.w = 0.0;
            } else if !body.awake {
                body.wake();
            }
        }
    }
}

fn find(parent: &mut [u32], mut i: u32) -> u32 {
    while parent[i as usize] != i {
        let grand = parent[parent[i as usize] as usize];
        parent[i as usize] = grand;
        i = grand;
    }
    i
}

/// Joins two sets under the smaller root, so the result does not depend on the order of
/// the links beyond their own order.
fn union(parent: &mut [u32], a: u32, b: u32) {
    let (ra, rb) = (find(parent, a), find(parent, b));
    let (low, high) = if ra < rb { (ra, rb) } else { (rb, ra) };
    parent[high as usize] = low;
}
