//! Heightfields: ground given as heights at a fixed spacing along x, as terrain tools
//! export it. A heightfield is a chain whose points run evenly from left to right,
//! solid below them: each cell is a chain link, and a shape slides across the cells'
//! joints as across one surface, with no ghost contacts (see `ChainDef`).

use crate::error::{Error, Result, check_finite, check_finite_vec};
use crate::limits::MAX_COORDINATE;
use crate::math::Vec2;
use crate::shape::{ChainDef, Filter, SolidSide, SurfaceMaterial};

/// The most heights a heightfield may have.
pub const MAX_HEIGHTFIELD_HEIGHTS: usize = 1 << 20;

/// Static ground from heights at a fixed spacing.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct HeightfieldDef {
    /// The ground's height (m) above `origin.y` at each point, from left to right: at
    /// least two, at most `MAX_HEIGHTFIELD_HEIGHTS`.
    pub heights: Vec<f32>,
    /// The distance (m) along x from one height to the next: more than `LINEAR_SLOP`.
    pub spacing: f32,
    /// Where the first height is measured from, in the body's frame.
    pub origin: Vec2,
    /// One material for every cell, or one per cell (`heights.len() - 1`), left to
    /// right.
    pub materials: Vec<SurfaceMaterial>,
    /// The collision filter of every cell.
    pub filter: Filter,
}

impl HeightfieldDef {
    /// Ground through `heights`, `spacing` apart, from the body's origin, with the
    /// default material and filter.
    pub fn new(heights: Vec<f32>, spacing: f32) -> HeightfieldDef {
        HeightfieldDef {
            heights,
            spacing,
            origin: Vec2::ZERO,
            materials: vec![SurfaceMaterial::default()],
            filter: Filter::default(),
        }
    }

    /// The same heightfield measured from `origin`.
    pub fn at(self, origin: Vec2) -> HeightfieldDef {
        HeightfieldDef { origin, ..self }
    }

    /// The same heightfield with `material` on every cell.
    pub fn with_material(self, material: SurfaceMaterial) -> HeightfieldDef {
        HeightfieldDef {
            materials: vec![material],
            ..self
        }
    }

    /// The point of height `i`, in the body's frame.
    pub fn point(&self, i: usize) -> Vec2 {
        self.origin + Vec2::new(i as f32 * self.spacing, self.heights[i])
    }

    /// The chain it is: its points left to right, solid above (`SolidSide::Above`).
    /// Fails with `InvalidValue` or `NotFinite`, naming `heights`, `spacing` or
    /// `origin`, for fewer than two or too many heights, a height or origin not finite,
    /// a spacing not above `LINEAR_SLOP`, or a point past `MAX_COORDINATE`.
    pub fn chain(&self) -> Result<ChainDef> {
        let n = self.heights.len();
        if !(2..=MAX_HEIGHTFIELD_HEIGHTS).contains(&n) {
            return Err(Error::InvalidValue {
                field: "heights",
                reason: "must hold 2 to MAX_HEIGHTFIELD_HEIGHTS heights",
            });
        }
        check_finite_vec("origin", self.origin)?;
        check_finite("spacing", self.spacing)?;
        if self.spacing <= crate::LINEAR_SLOP {
            return Err(Error::InvalidValue {
                field: "spacing",
                reason: "must be more than LINEAR_SLOP",
            });
        }
        for &h in &self.heights {
            check_finite("heights", h)?;
        }
        let points: Vec<Vec2> = (0..n).map(|i| self.point(i)).collect();
        let far = |p: &Vec2| p.x.abs() > MAX_COORDINATE || p.y.abs() > MAX_COORDINATE;
        if points.iter().any(far) {
            return Err(Error::InvalidValue {
                field: "heights",
                reason: "reach past ±10⁶ m (lockstep2d::MAX_COORDINATE)",
            });
        }
        let mut chain = ChainDef::open(points, SolidSide::Above);
        chain.materials.clone_from(&self.materials);
        chain.filter = self.filter;
        Ok(chain)
    }
}
