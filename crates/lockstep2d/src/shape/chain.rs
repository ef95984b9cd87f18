//! Chains: a polyline of one-sided links, the ground a level is drawn as.

use super::segment::{ChainSegment, right_normal};
use super::{Filter, Geometry, ShapeDef, SolidSide};
use crate::LINEAR_SLOP;
use crate::error::{Error, Result};
use crate::limits::{check_coefficient, check_point, check_speed};
use crate::math::Vec2;

/// What a surface is made of: everything of a `ShapeDef` that is not geometry, mass or
/// filtering. A chain takes one for every link, or one for all of them.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SurfaceMaterial {
    /// Coulomb friction (see `ShapeDef::friction`).
    pub friction: f32,
    /// Bounciness (see `ShapeDef::restitution`).
    pub restitution: f32,
    /// Surface speed (m/s) of a conveyor belt, clockwise round the shape (see
    /// `ShapeDef::tangent_speed`).
    pub tangent_speed: f32,
    /// Box2D's rolling resistance (see `ShapeDef::rolling_resistance`).
    pub rolling_resistance: f32,
    /// The shape's user data (see `ShapeDef::user_data`).
    pub user_data: u64,
}

impl SurfaceMaterial {
    /// Fails, naming the field, unless every value is one `create_shape` takes:
    /// friction, restitution and rolling resistance within 0 to `MAX_COEFFICIENT`, the
    /// tangent speed within `MAX_SPEED`.
    pub fn check(&self) -> Result<()> {
        check_coefficient("friction", self.friction)?;
        check_coefficient("restitution", self.restitution)?;
        check_speed("tangent_speed", self.tangent_speed)?;
        check_coefficient("rolling_resistance", self.rolling_resistance)
    }
}

impl Default for SurfaceMaterial {
    /// `ShapeDef::new`'s material: friction 0.6, no bounce, still, no rolling resistance.
    fn default() -> SurfaceMaterial {
        ShapeDef::new(Geometry::Segment(super::Segment {
            point1: Vec2::ZERO,
            point2: Vec2::X,
        }))
        .material()
    }
}

/// A polyline of links on one body: open, or closed into a loop. Each link is solid from
/// one side only, the chain's `solid` side: ground holds up what falls on it and lets
/// through what comes from below. Every link of an open chain collides; its two ends
/// are square ledges (a shape may round the end point, not pass under it).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ChainDef {
    /// At least two points (three for a loop), each more than `LINEAR_SLOP` from the
    /// next. The chain should not cross itself.
    pub points: Vec<Vec2>,
    /// Joins the last point back to the first.
    pub is_loop: bool,
    /// The side the links hold things back on (see `SolidSide`).
    pub solid: SolidSide,
    /// One material for every link, or one per link (`points.len() - 1` for an open
    /// chain, `points.len()` for a loop), in order.
    pub materials: Vec<SurfaceMaterial>,
    /// The collision filter of every link.
    pub filter: Filter,
    /// Makes every link a one-way platform (`ShapeDef::one_way`).
    pub one_way: bool,
    /// For an open chain that carries on other ground (a terrain chunk beside the
    /// next): the point before the first and the point after the last. The end links
    /// then meet the ground either side as inner links meet each other, so a shape
    /// slides across the seam instead of catching on a ledge. `None`: square ledges.
    #[serde(default)]
    pub ghosts: Option<[Vec2; 2]>,
}

impl ChainDef {
    /// An open chain through `points`, solid on side `solid` (`Above` for ground), with
    /// the default material.
    pub fn open(points: Vec<Vec2>, solid: SolidSide) -> ChainDef {
        ChainDef {
            points,
            is_loop: false,
            solid,
            materials: vec![SurfaceMaterial::default()],
            filter: Filter::default(),
            one_way: false,
            ghosts: None,
        }
    }

    /// A closed chain through `points`, solid on side `solid` (`Outside` or `Inside`),
    /// with the default material.
    pub fn closed(points: Vec<Vec2>, solid: SolidSide) -> ChainDef {
        ChainDef {
            is_loop: true,
            ..ChainDef::open(points, solid)
        }
    }

    /// The same chain with `material` for every link.
    pub fn with_material(self, material: SurfaceMaterial) -> ChainDef {
        ChainDef {
            materials: vec![material],
            ..self
        }
    }

    /// The same chain with `user_data` on every link's material (see
    /// `ShapeDef::user_data`): what queries and contacts report for each link.
    pub fn with_user_data(self, user_data: u64) -> ChainDef {
        let materials = self
            .materials
            .into_iter()
            .map(|material| SurfaceMaterial {
                user_data,
                ..material
            })
            .collect();
        ChainDef { materials, ..self }
    }

    /// The same open chain carried on by the ground either side: `before` its first
    /// point and `after` its last (see `ghosts`).
    pub fn with_ghosts(self, before: Vec2, after: Vec2) -> ChainDef {
        ChainDef {
            ghosts: Some([before, after]),
            ..self
        }
    }

    /// How many links the chain has.
    pub fn link_count(&self) -> usize {
        if self.is_loop {
            self.points.len()
        } else {
            self.points.len().saturating_sub(1)
        }
    }

    /// The shape definition of every link, in order, each checked as `create_shape`
    /// checks one. Fails, naming the field, if the points or materials are not what the
    /// fields above ask for.
    pub(crate) fn links(&self) -> Result<Vec<ShapeDef>> {
        let needed = if self.is_loop { 3 } else { 2 };
        if self.points.len() < needed {
            return Err(Error::InvalidValue {
                field: "points",
                reason: "a chain needs at least two points (three for a loop)",
            });
        }
        for &point in &self.points {
            check_point("points", point)?;
        }
        self.check_ghosts()?;
        let count = self.link_count();
        let n = self.points.len();
        if (0..count).any(|i| self.points[i].distance(self.points[(i + 1) % n]) <= LINEAR_SLOP) {
            return Err(Error::InvalidValue {
                field: "points",
                reason: "each point must be more than LINEAR_SLOP (5 mm) from the next",
            });
        }
        let flip = self
            .solid
            .faces_left_of_points(&self.points, self.is_loop)?;
        if self.materials.len() != 1 && self.materials.len() != count {
            return Err(Error::InvalidValue {
                field: "materials",
                reason: "give one material, or one per link",
            });
        }
        (0..count)
            .map(|i| {
                let material = self.materials[i.min(self.materials.len() - 1)];
                let def = ShapeDef::new(Geometry::ChainSegment(self.link(i, flip)))
                    .with_material(material)
                    .with_filter(self.filter);
                let def = ShapeDef {
                    one_way: self.one_way,
                    ..def
                };
                def.validate(false)?;
                Ok(def)
            })
            .collect()
    }

    /// Ghosts belong to open chains, each a point more than `LINEAR_SLOP` from the end
    /// it carries on.
    fn check_ghosts(&self) -> Result<()> {
        let Some([before, after]) = self.ghosts else {
            return Ok(());
        };
        if self.is_loop {
            return Err(Error::InvalidValue {
                field: "ghosts",
                reason: "a loop has no ends to carry on",
            });
        }
        check_point("ghosts", before)?;
        check_point("ghosts", after)?;
        let ends = [self.points[0], self.points[self.points.len() - 1]];
        if before.distance(ends[0]) <= LINEAR_SLOP || after.distance(ends[1]) <= LINEAR_SLOP {
            return Err(Error::InvalidValue {
                field: "ghosts",
                reason: "each ghost must be more than LINEAR_SLOP (5 mm) from its end",
            });
        }
        Ok(())
    }

    /// Link `i`: between point `i` and the next, with the points either side as ghosts,
    /// facing the right of the way from point `i` to the next, or its left when `flip`
    /// (the link then runs from the next point to point `i`). An open chain's end takes
    /// its given ghost; without one its ghost is one metre behind the end point, square
    /// to the link, so the end is a right-angled ledge.
    fn link(&self, i: usize, flip: bool) -> ChainSegment {
        let n = self.points.len();
        let at = |k: usize| self.points[k % n];
        let (start, end) = (at(i), at(i + 1));
        let front = if flip {
            -right_normal(start, end)
        } else {
            right_normal(start, end)
        };
        let before = match (self.is_loop, i, self.ghosts) {
            (true, _, _) => at(i + n - 1),
            (false, 0, Some([before, _])) => before,
            (false, 0, None) => start - front,
            (false, _, _) => at(i - 1),
        };
        let after = match (self.is_loop || i + 2 < n, self.ghosts) {
            (true, _) => at(i + 2),
            (false, Some([_, after])) => after,
            (false, None) => end - front,
        };
        if flip {
            ChainSegment {
                ghost1: after,
                point1: end,
                point2: start,
                ghost2: before,
            }
        } else {
            ChainSegment {
                ghost1: before,
                point1: start,
                point2: end,
                ghost2: after,
            }
        }
    }
}
