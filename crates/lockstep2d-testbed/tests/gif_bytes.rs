//! The GIF writer's bytes, pinned: frames the testbed draws from two scenes, and a
//! picture of 65,536 distinct colours, encode to the same file on every machine and
//! after any change to how the writer finds palette indices.
//!
//! The pinned digest covers the scenes' physics and the renderer too: a deliberate change
//! to either changes it, and the new digest is then pinned after checking the pictures.

use lockstep2d_testbed::{Camera, GifWriter, Pixmap, draw_overlay, draw_world, scene_bounds};

/// 64-bit FNV-1a: a digest that does not depend on the Rust release.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

const WIDTH: u32 = 320;
const HEIGHT: u32 = 180;

/// `count` frames of `scene`, `steps` steps apart, drawn as `render` draws them.
fn scene_frames(scene: &str, count: usize, steps: usize) -> Vec<Pixmap> {
    let mut scene = lockstep2d_scenes::named(scene)
        .expect("a named scene")
        .build()
        .expect("the scene builds");
    let mut camera = Camera::new(WIDTH, HEIGHT);
    camera.fit(scene_bounds(&scene.world).expect("the scene has bodies"));
    let dt = scene.dt();
    let mut frames = Vec::new();
    for frame in 0..count {
        let mut pixmap = Pixmap::new(WIDTH, HEIGHT).unwrap();
        let world = &scene.world;
        draw_world(&mut pixmap, world, &camera, &|b| world.transform(b), None).unwrap();
        draw_overlay(&mut pixmap, &[format!("{}  frame {frame}", scene.name)]);
        frames.push(pixmap);
        for _ in 0..steps {
            scene.world.step(dt).unwrap();
        }
    }
    frames
}

/// A frame whose every pixel is another colour: (x, y, x ^ y) over 256 × 256.
fn every_colour() -> Pixmap {
    let mut pixmap = Pixmap::new(256, 256).unwrap();
    for (i, px) in pixmap.data_mut().chunks_exact_mut(4).enumerate() {
        let (x, y) = ((i % 256) as u8, (i / 256) as u8);
        px.copy_from_slice(&[x, y, x ^ y, 255]);
    }
    pixmap
}

fn encode(frames: &[Pixmap], fps: f64) -> Vec<u8> {
    let (w, h) = (frames[0].width(), frames[0].height());
    let mut writer = GifWriter::new(Vec::new(), w, h, fps).unwrap();
    for frame in frames {
        writer.add_frame(frame).unwrap();
    }
    writer.finish().unwrap()
}

#[test]
fn drawn_frames_encode_to_the_pinned_bytes() {
    let mut frames = scene_frames("platformer", 8, 15);
    let platformer = encode(&frames, 30.0);
    frames = scene_frames("ragdoll", 8, 10);
    let ragdoll = encode(&frames, 25.0);
    let colours = encode(&[every_colour(), every_colour()], 10.0);
    let digests = [
        (platformer.len(), fnv1a(&platformer)),
        (ragdoll.len(), fnv1a(&ragdoll)),
        (colours.len(), fnv1a(&colours)),
    ];
    assert_eq!(digests, PINNED, "the GIF bytes changed");
}

/// (length, FNV-1a digest) of each file in `drawn_frames_encode_to_the_pinned_bytes`.
const PINNED: [(usize, u64); 3] = [
    (18843, 0x7950_617d_0b59_d197),
    (9490, 0xbbdc_084a_5732_a808),
    (9812, 0x415b_c6f0_9579_3e07),
];
