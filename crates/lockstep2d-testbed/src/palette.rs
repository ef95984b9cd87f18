//! A fixed 256-colour palette for GIF frames, so that every run quantises the same
//! pixels to the same indices (no per-frame palette search) and quickly.
//!
//! A frame is mostly the renderer's own colours and their anti-aliased edges over the
//! background or over a fill, so the palette holds exactly those blends; a coarse colour
//! cube catches anything else (text over a body, overlapping edges).

use std::collections::HashMap;

use tiny_skia::Pixmap;

use crate::colors::{self, BACKGROUND, Rgb};

/// Blend steps between a colour and the background (edges of shapes and lines).
const EDGE_STEPS: u32 = 7;
/// Levels per channel of the fallback cube.
const CUBE_LEVELS: u32 = 5;
const SIZE: usize = 256;

pub struct Palette {
    colors: Vec<Rgb>,
    /// Nearest palette index of each colour seen so far: frames repeat their colours.
    cache: HashMap<Rgb, u8>,
}

impl Palette {
    pub fn new() -> Palette {
        let mut colors: Vec<Rgb> = Vec::with_capacity(SIZE);
        let mut push = |c: Rgb| {
            if !colors.contains(&c) {
                colors.push(c);
            }
        };
        for c in colors::all() {
            for step in 0..EDGE_STEPS {
                push(c.mix(BACKGROUND, step as f32 / EDGE_STEPS as f32));
            }
        }
        for outline in [
            colors::DYNAMIC,
            colors::STATIC,
            colors::KINEMATIC,
            colors::GRABBED,
        ] {
            for t in [0.25, 0.5, 0.75] {
                push(outline.mix(colors::fill_of(outline), t));
            }
        }
        let level = |i: u32| (i * 255 / (CUBE_LEVELS - 1)) as u8;
        for r in 0..CUBE_LEVELS {
            for g in 0..CUBE_LEVELS {
                for b in 0..CUBE_LEVELS {
                    push(Rgb(level(r), level(g), level(b)));
                }
            }
        }
        assert!(
            colors.len() <= SIZE,
            "the palette outgrew a GIF's 256 colours"
        );
        Palette {
            colors,
            cache: HashMap::new(),
        }
    }

    /// The palette as a GIF wants it: 256 RGB triples (unused entries black).
    pub fn rgb_bytes(&self) -> Vec<u8> {
        let mut bytes: Vec<u8> = self.colors.iter().flat_map(|c| [c.0, c.1, c.2]).collect();
        bytes.resize(3 * SIZE, 0);
        bytes
    }

    /// One palette index per pixel of an opaque frame.
    pub fn quantise(&mut self, frame: &Pixmap) -> Vec<u8> {
        frame
            .pixels()
            .iter()
            .map(|p| {
                let c = p.demultiply();
                self.index_of(Rgb(c.red(), c.green(), c.blue()))
            })
            .collect()
    }

    fn index_of(&mut self, color: Rgb) -> u8 {
        if let Some(&index) = self.cache.get(&color) {
            return index;
        }
        let index = nearest(&self.colors, color);
        self.cache.insert(color, index);
        index
    }
}

/// The closest colour by squared RGB distance; ties go to the lower index.
fn nearest(colors: &[Rgb], c: Rgb) -> u8 {
    let distance = |p: &Rgb| {
        let d = |a: u8, b: u8| (i32::from(a) - i32::from(b)).pow(2);
        d(p.0, c.0) + d(p.1, c.1) + d(p.2, c.2)
    };
    let (index, _) = colors
        .iter()
        .enumerate()
        .min_by_key(|&(i, p)| (distance(p), i))
        .expect("the palette is not empty");
    index as u8
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_renderer_colours_are_exact_palette_entries() {
        let palette = Palette::new();
        for c in colors::all() {
            let index = nearest(&palette.colors, c);
            assert_eq!(palette.colors[usize::from(index)], c);
        }
        assert_eq!(palette.rgb_bytes().len(), 3 * SIZE);
    }
}
