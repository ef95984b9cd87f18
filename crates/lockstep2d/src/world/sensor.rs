//! Sensors: shapes that push nothing and report what overlaps them.
//!
//! After the step has moved everything, each sensor asks the broad phase which shapes'
//! boxes overlap its own, keeps those whose geometry touches it, and compares them with
//! what touched it after the last step: new ones begin, missing ones end. Sensors are
//! visited in slot order and their visitors are kept in slot order, so the events come
//! out the same on every run, and the lists are part of the simulation state (a snapshot
//! restores them, and the next step reports only what changed since).
//!
//! A sensor sees every shape that is not a sensor, not on its own body, that its filter
//! and the other's agree on (categories, masks and groups, as for contacts); a sensor on
//! a static body does not see static shapes, which could never come or go.

use serde::{Deserialize, Serialize};

use super::{SimState, World};
use crate::body::{Body, BodyType};
use crate::collide::touches_collider;
use crate::events::{SensorEvent, SensorEvents};
use crate::id::{BodyId, ShapeId, Slots};
use crate::shape::Shape;

/// A shape overlapping a sensor, under the ids it had when it was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct SensorOverlap {
    /// The overlapping shape.
    pub shape: ShapeId,
    /// The body of that shape.
    pub body: BodyId,
}

/// A sensor shape and what overlapped it after the last step, in shape slot order.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub(crate) struct SensorState {
    pub shape: u32,
    pub overlaps: Vec<SensorOverlap>,
}

impl World {
    /// What overlaps a sensor shape, as of the last step, in shape slot order. Fails for
    /// a stale id or a shape that is not a sensor.
    pub fn sensor_overlaps(&self, sensor: ShapeId) -> crate::Result<&[SensorOverlap]> {
        let index = self.state.shapes.resolve(sensor)?;
        let at = self.state.sensors.binary_search_by_key(&index, |s| s.shape);
        match at {
            Ok(at) => Ok(&self.state.sensors[at].overlaps),
            Err(_) => Err(crate::Error::InvalidValue {
                field: "sensor",
                reason: "is not a sensor shape",
            }),
        }
    }

    /// The sensor events of the last step.
    pub fn sensor_events(&self) -> &SensorEvents {
        &self.state.sensor_events
    }

    /// Finds what overlaps each sensor now and reports what changed since the last step.
    pub(super) fn update_sensors(&mut self) {
        let SimState {
            sensors,
            shapes,
            bodies,
            broadphase,
            sensor_events,
            ..
        } = &mut self.state;
        let (mut found, mut before) = std::mem::take(&mut self.sensor_scratch);
        for sensor in sensors.iter_mut() {
            found.clear();
            let shape = shapes.get(sensor.shape).expect("sensors are live shapes");
            let body = bodies.get(shape.body).expect("shapes name live bodies");
            // A disabled sensor sees nothing: what it saw ends.
            if body.enabled {
                let area = shape.collider.aabb(body.xf);
                broadphase.visit_box(&area, shape.def.filter.proxy_filter(), |other| {
                    if sees((shapes, bodies), (shape, body), other) {
                        found.push(other);
                    }
                    true
                });
            }
            found.sort_unstable();
            let now = found.iter().map(|&s| SensorOverlap {
                shape: shapes.id_of(s),
                body: bodies.id_of(shapes.get(s).expect("found live").body),
            });
            let sensor_ids = (shapes.id_of(sensor.shape), bodies.id_of(shape.body));
            std::mem::swap(&mut sensor.overlaps, &mut before);
            sensor.overlaps.clear();
            report_changes(
                sensor_ids,
                &before,
                now,
                &mut sensor.overlaps,
                sensor_events,
            );
        }
        self.sensor_scratch = (found, before);
    }

    /// Lists a new sensor shape, in slot order.
    pub(super) fn add_sensor(&mut self, shape: u32) {
        let sensors = &mut self.state.sensors;
        let at = sensors.partition_point(|s| s.shape < shape);
        let overlaps = Vec::new();
        sensors.insert(at, SensorState { shape, overlaps });
    }

    /// Forgets a sensor shape being destroyed: it reports nothing more.
    pub(super) fn remove_sensor(&mut self, shape: u32) {
        self.state.sensors.retain(|s| s.shape != shape);
    }
}

/// Whether the sensor `(shape, body)` sees shape `other` and touches it.
fn sees(
    (shapes, bodies): (&Slots<Shape>, &Slots<Body>),
    (shape, body): (&Shape, &Body),
    other: u32,
) -> bool {
    let visitor = shapes.get(other).expect("the trees list live shapes");
    if visitor.def.is_sensor || visitor.body == shape.body {
        return false;
    }
    let visitor_body = bodies.get(visitor.body).expect("shapes name live bodies");
    let both_static =
        body.body_type == BodyType::Static && visitor_body.body_type == BodyType::Static;
    !both_static
        && shape.def.filter.should_collide(&visitor.def.filter)
        && touches_collider(&shape.collider, body.xf, &visitor.collider, visitor_body.xf)
}

/// Copies `now` into `overlaps`, reporting what is in it and not in `before` as begun and
/// the reverse as ended (both sorted).
fn report_changes(
    (sensor_shape, sensor_body): (ShapeId, BodyId),
    before: &[SensorOverlap],
    now: impl Iterator<Item = SensorOverlap>,
    overlaps: &mut Vec<SensorOverlap>,
    events: &mut SensorEvents,
) {
    let event = |o: &SensorOverlap| SensorEvent {
        sensor_shape,
        sensor_body,
        visitor_shape: o.shape,
        visitor_body: o.body,
    };
    let mut old = before.iter().peekable();
    for overlap in now {
        while let Some(gone) = old.next_if(|o| **o < overlap) {
            events.end.push(event(gone));
        }
        if old.next_if(|o| **o == overlap).is_none() {
            events.begin.push(event(&overlap));
        }
        overlaps.push(overlap);
    }
    events.end.extend(old.map(event));
}
