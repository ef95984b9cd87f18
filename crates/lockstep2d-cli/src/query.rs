//! `lockstep2d query`: step a scene, then ask it a ray cast, a point or a box.
//!
//! Hits name bodies and shapes by their place in the scene: `body` is the body's index
//! in the scene's list (as in `run --json`'s `bodies_final`), `shape` the shape's index
//! over the whole scene, counting every body's shapes in body order.

use std::collections::HashMap;

use clap::Args;
use lockstep2d::{Aabb, QueryFilter, RayHit, ShapeId, Vec2, World};
use lockstep2d_scenes::Scene;
use serde::Serialize;

use crate::exit::{CliError, CliResult};

#[derive(Args, Debug)]
pub struct QueryArgs {
    /// A named scene (see `lockstep2d scenes`) or a scene file (.json).
    scene: String,
    /// Steps to run before asking.
    #[arg(long, default_value_t = 0)]
    steps: u32,
    /// A ray from (x0, y0) to (x1, y1): the closest hit, or every hit with `--all`.
    #[arg(long, value_name = "X0,Y0,X1,Y1", allow_hyphen_values = true)]
    ray: Option<String>,
    /// With `--ray`: every shape on the ray, nearest first.
    #[arg(long, requires = "ray")]
    all: bool,
    /// The shapes touching the point (x, y).
    #[arg(long, value_name = "X,Y", allow_hyphen_values = true)]
    point: Option<String>,
    /// The shapes touching the box from (x0, y0) to (x1, y1).
    #[arg(long, value_name = "X0,Y0,X1,Y1", allow_hyphen_values = true)]
    aabb: Option<String>,
    /// Print one JSON object `{"format": 1, "hits": [...]}` instead of a table.
    #[arg(long)]
    json: bool,
}

/// One hit, in the scene's numbering; point, normal and fraction for rays only.
#[derive(Debug, Serialize)]
struct Hit {
    body: usize,
    shape: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    point: Option<[f32; 2]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    normal: Option<[f32; 2]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    fraction: Option<f32>,
}

#[derive(Serialize)]
struct Hits {
    hits: Vec<Hit>,
}

/// What to ask, parsed and checked.
enum Question {
    Ray { from: Vec2, to: Vec2, all: bool },
    Point(Vec2),
    Box(Aabb),
}

pub fn run(args: &QueryArgs) -> CliResult {
    let question = question(args).map_err(CliError::usage)?;
    let mut scene = crate::scene_arg::build(&args.scene)?;
    let dt = scene.dt();
    for _ in 0..args.steps {
        scene.world.step(dt).map_err(|e| e.to_string())?;
    }
    let hits = ask(&scene, &question)?;
    if args.json {
        crate::json::print(&Hits { hits })?;
    } else {
        print_table(&hits);
    }
    Ok(())
}

/// The one question the arguments ask.
fn question(args: &QueryArgs) -> Result<Question, String> {
    match (&args.ray, &args.point, &args.aabb) {
        (Some(ray), None, None) => {
            let [x0, y0, x1, y1] = numbers::<4>("--ray", ray)?;
            let (from, to) = (Vec2::new(x0, y0), Vec2::new(x1, y1));
            Ok(Question::Ray {
                from,
                to,
                all: args.all,
            })
        }
        (None, Some(point), None) => {
            let [x, y] = numbers::<2>("--point", point)?;
            Ok(Question::Point(Vec2::new(x, y)))
        }
        (None, None, Some(aabb)) => {
            let [x0, y0, x1, y1] = numbers::<4>("--aabb", aabb)?;
            Ok(Question::Box(Aabb {
                min: Vec2::new(x0, y0),
                max: Vec2::new(x1, y1),
            }))
        }
        (None, None, None) => Err("ask one of --ray, --point or --aabb".to_string()),
        _ => Err("ask only one of --ray, --point or --aabb".to_string()),
    }
}

/// `N` finite numbers separated by commas.
fn numbers<const N: usize>(flag: &str, text: &str) -> Result<[f32; N], String> {
    let parsed: Vec<f32> = text
        .split(',')
        .map(|part| part.trim().parse::<f32>())
        .collect::<Result<_, _>>()
        .map_err(|_| format!("{flag} {text}: expected {N} numbers separated by commas"))?;
    let values: [f32; N] = parsed
        .try_into()
        .map_err(|_| format!("{flag} {text}: expected {N} numbers separated by commas"))?;
    if values.iter().any(|v| !v.is_finite()) {
        return Err(format!("{flag} {text}: every number must be finite"));
    }
    Ok(values)
}

/// Asks the world; hits in the scene's numbering, rays nearest first.
fn ask(scene: &Scene, question: &Question) -> Result<Vec<Hit>, String> {
    let world = &scene.world;
    let places = places(scene)?;
    let any = QueryFilter::default();
    let place = |shape: ShapeId| {
        places
            .get(&shape)
            .copied()
            .ok_or("a shape the scene did not make")
    };
    let error = |e: lockstep2d::Error| e.to_string();
    let hits = match *question {
        Question::Ray { from, to, all } => {
            let rays = ray_hits(world, from, to - from, all).map_err(error)?;
            let to_hit = |hit: RayHit| {
                let (body, shape) = place(hit.shape)?;
                Ok(Hit {
                    body,
                    shape,
                    point: Some(hit.point.to_array()),
                    normal: Some(hit.normal.to_array()),
                    fraction: Some(hit.fraction),
                })
            };
            rays.into_iter().map(to_hit).collect::<Result<_, &str>>()?
        }
        Question::Point(p) => shapes_only(world.overlap_point(p, &any).map_err(error)?, place)?,
        Question::Box(b) => shapes_only(world.overlap_aabb(b, &any).map_err(error)?, place)?,
    };
    Ok(hits)
}

/// The closest hit, or every hit nearest first.
fn ray_hits(
    world: &World,
    origin: Vec2,
    translation: Vec2,
    all: bool,
) -> lockstep2d::Result<Vec<RayHit>> {
    let any = QueryFilter::default();
    if all {
        return world.cast_ray_all(origin, translation, &any);
    }
    Ok(world
        .cast_ray_closest(origin, translation, &any)?
        .into_iter()
        .collect())
}

fn shapes_only(
    shapes: Vec<ShapeId>,
    place: impl Fn(ShapeId) -> Result<(usize, usize), &'static str>,
) -> Result<Vec<Hit>, String> {
    shapes
        .into_iter()
        .map(|s| {
            let (body, shape) = place(s)?;
            Ok(Hit {
                body,
                shape,
                point: None,
                normal: None,
                fraction: None,
            })
        })
        .collect()
}

/// Each shape's (body index, shape index) in the scene's numbering.
fn places(scene: &Scene) -> Result<HashMap<ShapeId, (usize, usize)>, String> {
    let mut places = HashMap::new();
    for (b, &body) in scene.bodies.iter().enumerate() {
        for shape in scene.world.body_shapes(body).map_err(|e| e.to_string())? {
            let next = places.len();
            places.insert(shape, (b, next));
        }
    }
    Ok(places)
}

fn print_table(hits: &[Hit]) {
    if hits.is_empty() {
        println!("no hits");
        return;
    }
    println!(
        "{:>6} {:>6} {:>22} {:>18} {:>9}",
        "body", "shape", "point", "normal", "fraction"
    );
    for hit in hits {
        let pair =
            |v: Option<[f32; 2]>| v.map_or(String::new(), |[x, y]| format!("({x:.3}, {y:.3})"));
        let fraction = hit.fraction.map_or(String::new(), |f| format!("{f:.4}"));
        println!(
            "{:>6} {:>6} {:>22} {:>18} {:>9}",
            hit.body,
            hit.shape,
            pair(hit.point),
            pair(hit.normal),
            fraction
        );
    }
}
