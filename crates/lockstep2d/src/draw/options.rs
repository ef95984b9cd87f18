//! What a debug drawing shows, at which poses and in which colours.

use super::Palette;
use crate::error::{Error, Result, check_finite_vec};
use crate::math::Aabb;

/// What `World::debug_draw` draws. The default shows shapes (sensors included) and
/// joints in the default palette; contacts, impulses, bounding boxes and centres of mass
/// are switched on field by field. Plain values, so a front end can keep them (a Bevy
/// resource, a settings file); where bodies are drawn and any colours of the front
/// end's own are `DebugDraw`'s to say.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct DrawOptions {
    /// Every shape, filled, in its body's colour; a one-way line with a tick out of its
    /// front (the side it holds things up from).
    pub shapes: bool,
    /// Sensor shapes too (with `shapes`).
    pub sensors: bool,
    /// Each joint: a line from each body's origin to its anchor, a marker on each
    /// anchor, and a line between the two anchors where they have come apart.
    pub joints: bool,
    /// Each shape's tight bounding box at the pose it is drawn at.
    pub aabbs: bool,
    /// Each touching contact's points, where the last step found them.
    pub contact_points: bool,
    /// Each contact point's normal, `normal_length` long, from shape A towards B.
    pub contact_normals: bool,
    /// Each contact point's normal impulse of the last solve (with substeps, the last
    /// substep's) along the normal, `impulse_scale` metres for each N·s.
    pub normal_impulses: bool,
    /// Each contact point's friction impulse along the tangent, at the same scale.
    pub friction_impulses: bool,
    /// Each dynamic body's axes at its centre of mass, `axis_length` long.
    pub centers_of_mass: bool,
    /// Length of a contact normal (m); a one-way tick is half of it.
    pub normal_length: f32,
    /// Metres of line for each N·s of contact impulse.
    pub impulse_scale: f32,
    /// Length of each axis drawn at a centre of mass (m).
    pub axis_length: f32,
    /// Size of a contact point's marker (pixels).
    pub contact_point_size: f32,
    /// Size of a joint anchor's marker (pixels).
    pub anchor_size: f32,
    /// Only shapes whose bounding box (at the world's pose) touches this box are drawn,
    /// and only contacts inside it: what a front end's view shows. `None` draws all.
    pub view: Option<Aabb>,
    /// The colours.
    pub palette: Palette,
}

impl Default for DrawOptions {
    fn default() -> Self {
        DrawOptions {
            shapes: true,
            sensors: true,
            joints: true,
            aabbs: false,
            contact_points: false,
            contact_normals: false,
            normal_impulses: false,
            friction_impulses: false,
            centers_of_mass: false,
            normal_length: 0.5,
            impulse_scale: 0.1,
            axis_length: 0.4,
            contact_point_size: 4.0,
            anchor_size: 6.0,
            view: None,
            palette: Palette::default(),
        }
    }
}

impl DrawOptions {
    /// These options with lengths for a picture of `pixels_per_meter`: contact normals
    /// twelve pixels long, axes sixteen. A scale that is not a positive number makes
    /// lengths `World::debug_draw` refuses.
    pub fn scaled_for(mut self, pixels_per_meter: f32) -> Self {
        self.normal_length = 12.0 / pixels_per_meter;
        self.axis_length = 16.0 / pixels_per_meter;
        self
    }

    /// Fails with the field's name unless every length and size is finite and not
    /// negative and the view, if any, is a finite box with `min <= max`.
    pub(crate) fn validate(&self) -> Result<()> {
        let lengths = [
            ("normal_length", self.normal_length),
            ("impulse_scale", self.impulse_scale),
            ("axis_length", self.axis_length),
            ("contact_point_size", self.contact_point_size),
            ("anchor_size", self.anchor_size),
        ];
        for (field, value) in lengths {
            crate::error::check_non_negative(field, value)?;
        }
        if let Some(view) = self.view {
            check_finite_vec("view.min", view.min)?;
            check_finite_vec("view.max", view.max)?;
            if view.min.x > view.max.x || view.min.y > view.max.y {
                return Err(Error::InvalidValue {
                    field: "view",
                    reason: "min must not be greater than max",
                });
            }
        }
        Ok(())
    }
}
