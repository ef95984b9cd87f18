//! The colours of a debug drawing.

/// An opaque sRGB colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Color {
    /// Red, 0 to 255.
    pub r: u8,
    /// Green, 0 to 255.
    pub g: u8,
    /// Blue, 0 to 255.
    pub b: u8,
}

impl Color {
    /// The colour of these three channels.
    pub const fn rgb(r: u8, g: u8, b: u8) -> Color {
        Color { r, g, b }
    }

    /// The channels as fractions of full, 0 to 1: as GPU front ends take them.
    pub fn to_unit(self) -> [f32; 3] {
        [self.r, self.g, self.b].map(|c| f32::from(c) / 255.0)
    }
}

/// Which colour each thing in a debug drawing gets. The defaults are Box2D's testbed
/// colours for bodies, so a picture reads as Box2D users expect.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Palette {
    /// A static body's shapes.
    pub static_body: Color,
    /// A kinematic body's shapes.
    pub kinematic_body: Color,
    /// An awake dynamic body's shapes.
    pub dynamic_body: Color,
    /// A sleeping dynamic body's shapes: dim, so a resting pile that costs nothing shows
    /// as such.
    pub sleeping_body: Color,
    /// A joint's lines and anchors.
    pub joint: Color,
    /// A shape's bounding box.
    pub aabb: Color,
    /// A contact point.
    pub contact_point: Color,
    /// A contact's normal.
    pub contact_normal: Color,
    /// A contact point's normal impulse.
    pub normal_impulse: Color,
    /// A contact point's friction impulse.
    pub friction_impulse: Color,
    /// The x axis of a body at its centre of mass.
    pub axis_x: Color,
    /// The y axis of a body at its centre of mass.
    pub axis_y: Color,
}

impl Default for Palette {
    fn default() -> Palette {
        Palette {
            static_body: Color::rgb(128, 230, 128),
            kinematic_body: Color::rgb(128, 128, 230),
            dynamic_body: Color::rgb(230, 179, 179),
            sleeping_body: Color::rgb(153, 140, 166),
            joint: Color::rgb(128, 204, 204),
            aabb: Color::rgb(230, 77, 230),
            contact_point: Color::rgb(255, 64, 64),
            contact_normal: Color::rgb(90, 200, 255),
            normal_impulse: Color::rgb(230, 230, 77),
            friction_impulse: Color::rgb(255, 150, 40),
            axis_x: Color::rgb(230, 64, 64),
            axis_y: Color::rgb(64, 230, 64),
        }
    }
}
