//! The testbed's colours. Fills are opaque (pre-blended over the background) so that a
//! drawn frame holds few distinct colours: the GIF palette is built from this list.

use tiny_skia::Color;

/// An opaque sRGB colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    /// The colour as `tiny-skia` takes it, opaque.
    pub fn color(self) -> Color {
        Color::from_rgba8(self.0, self.1, self.2, 255)
    }

    /// `self` moved a fraction `t` of the way towards `other`, rounded.
    pub fn mix(self, other: Rgb, t: f32) -> Rgb {
        let lerp = |a: u8, b: u8| (f32::from(a) + t * (f32::from(b) - f32::from(a))).round() as u8;
        Rgb(
            lerp(self.0, other.0),
            lerp(self.1, other.1),
            lerp(self.2, other.2),
        )
    }
}

impl From<lockstep2d::Color> for Rgb {
    fn from(c: lockstep2d::Color) -> Rgb {
        Rgb(c.r, c.g, c.b)
    }
}

impl From<Rgb> for lockstep2d::Color {
    fn from(Rgb(r, g, b): Rgb) -> lockstep2d::Color {
        lockstep2d::Color::rgb(r, g, b)
    }
}

/// Behind everything.
pub const BACKGROUND: Rgb = Rgb(24, 26, 33);

/// Body outlines by body type (Box2D's testbed colours); fills are the same colours
/// half-way to the background.
pub const DYNAMIC: Rgb = Rgb(230, 179, 179);
/// A static body's outline.
pub const STATIC: Rgb = Rgb(128, 230, 128);
/// A kinematic body's outline.
pub const KINEMATIC: Rgb = Rgb(128, 128, 230);
/// A sleeping dynamic body: Box2D's grey-violet, dim.
pub const SLEEPING: Rgb = Rgb(153, 140, 166);
/// The body the mouse holds.
pub const GRABBED: Rgb = Rgb(255, 220, 90);

/// A contact point.
pub const CONTACT_POINT: Rgb = Rgb(255, 64, 64);
/// A contact's normal.
pub const CONTACT_NORMAL: Rgb = Rgb(90, 200, 255);
/// A joint's lines.
pub const JOINT: Rgb = Rgb(128, 204, 204);
/// Sparks thrown by impacts (particles).
pub const SPARK: Rgb = Rgb(255, 190, 60);
/// The mouse spring's line from the grabbed point to the cursor.
pub const SPRING: Rgb = Rgb(240, 240, 240);

/// A ray cast by the testbed and where it hits: the contact colours again, since a
/// GIF's palette has no room for more.
pub const RAY: Rgb = CONTACT_NORMAL;
/// Where the ray hits a shape.
pub const RAY_HIT: Rgb = CONTACT_POINT;
/// The closest hit, and every hit's normal.
pub const RAY_CLOSEST: Rgb = SPARK;

/// The overlay's text.
pub const TEXT: Rgb = Rgb(235, 235, 235);
/// Behind the overlay's text, so it reads over bodies.
pub const PANEL: Rgb = Rgb(8, 9, 12);

/// The fill for an outline colour.
pub fn fill_of(outline: Rgb) -> Rgb {
    outline.mix(BACKGROUND, 0.5)
}

/// Every colour the renderer draws with by default, fills included. The layers drawn
/// only when asked (bounds, centres of mass, impulses) take the engine's colours, which
/// a GIF shows as their nearest in its palette.
pub fn all() -> Vec<Rgb> {
    let outlines = [DYNAMIC, SLEEPING, STATIC, KINEMATIC, GRABBED];
    let mut colors = vec![
        BACKGROUND,
        CONTACT_POINT,
        CONTACT_NORMAL,
        JOINT,
        SPARK,
        SPRING,
        TEXT,
        PANEL,
    ];
    colors.extend(outlines);
    colors.extend(outlines.map(fill_of));
    colors
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_body_and_contact_colours_are_the_engine_palette() {
        let p = lockstep2d::Palette::default();
        let engine = [
            p.static_body,
            p.kinematic_body,
            p.dynamic_body,
            p.sleeping_body,
            p.joint,
            p.contact_point,
            p.contact_normal,
        ];
        let ours = [
            STATIC,
            KINEMATIC,
            DYNAMIC,
            SLEEPING,
            JOINT,
            CONTACT_POINT,
            CONTACT_NORMAL,
        ];
        assert_eq!(engine.map(Rgb::from), ours);
    }
}
