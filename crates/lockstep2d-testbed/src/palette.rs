//! A fixed 256-colour palette for GIF frames, so that every run quantises the same
//! pixels to the same indices (no per-frame palette search) and quickly.
//!
//! A frame is mostly the renderer's own colours and their anti-aliased edges over the
//! background or over a fill, so the palette holds exactly those blends; a coarse colour
//! cube catches anything else (text over a body, overlapping edges).

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
    cache: IndexCache,
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
            cache: IndexCache::new(),
        }
    }

    /// The palette as a GIF wants it: 256 RGB triples (unused entries black).
    pub fn rgb_bytes(&self) -> Vec<u8> {
        let mut bytes: Vec<u8> = self.colors.iter().flat_map(|c| [c.0, c.1, c.2]).collect();
        bytes.resize(3 * SIZE, 0);
        bytes
    }

    /// One palette index per pixel of an opaque frame. `previous` is an earlier frame of
    /// the same size (its pixels' bytes and its indices): a row whose pixels are the same
    /// there takes its indices from it.
    pub fn quantise(&mut self, frame: &Pixmap, previous: Option<(&[u8], &[u8])>) -> Vec<u8> {
        let width = frame.width() as usize;
        let mut indices = vec![0; frame.pixels().len()];
        // Runs of one colour (the background, a body's fill) are most of a frame: a run
        // after its first pixel costs one comparison of the pixel's four bytes as a word.
        let mut last: Option<(u32, u8)> = None;
        let rows = (indices.chunks_exact_mut(width))
            .zip(frame.data().chunks_exact(4 * width))
            .zip(frame.pixels().chunks_exact(width));
        for (y, ((row, bytes), pixels)) in rows.enumerate() {
            if let Some((shown_bytes, shown)) = previous
                && shown_bytes[4 * width * y..4 * width * (y + 1)] == *bytes
            {
                row.copy_from_slice(&shown[width * y..width * (y + 1)]);
                continue;
            }
            let words = bytes
                .chunks_exact(4)
                .map(|bytes| u32::from_ne_bytes(bytes.try_into().expect("four bytes a pixel")));
            for ((index, word), pixel) in row.iter_mut().zip(words).zip(pixels) {
                *index = match last {
                    Some((seen, index)) if seen == word => index,
                    _ => {
                        let c = pixel.demultiply();
                        let index = self.index_of(Rgb(c.red(), c.green(), c.blue()));
                        last = Some((word, index));
                        index
                    }
                };
            }
        }
        indices
    }

    fn index_of(&mut self, color: Rgb) -> u8 {
        let key = IndexCache::key(color);
        match self.cache.find(key) {
            Ok(index) => index,
            Err(slot) => {
                let index = nearest(&self.colors, color);
                self.cache.insert(slot, key, index);
                index
            }
        }
    }
}

/// A map from 24-bit colours to palette indices: open addressing with linear probing
/// over a power-of-two table at most half full, the slot picked by Fibonacci hashing
/// (the key times 2^32 / φ, its top bits). Lookups are the hot loop of writing a GIF.
struct IndexCache {
    /// Each slot's colour as 0x00RRGGBB, or `EMPTY`.
    keys: Vec<u32>,
    indices: Vec<u8>,
    len: usize,
    /// 32 minus log2 of the table's size.
    shift: u32,
}

impl IndexCache {
    /// No colour: a key uses 24 bits.
    const EMPTY: u32 = u32::MAX;
    const FIRST_BITS: u32 = 10;

    fn new() -> IndexCache {
        IndexCache {
            keys: vec![Self::EMPTY; 1 << Self::FIRST_BITS],
            indices: vec![0; 1 << Self::FIRST_BITS],
            len: 0,
            shift: 32 - Self::FIRST_BITS,
        }
    }

    fn key(c: Rgb) -> u32 {
        u32::from(c.0) << 16 | u32::from(c.1) << 8 | u32::from(c.2)
    }

    fn home(&self, key: u32) -> usize {
        (key.wrapping_mul(0x9e37_79b9) >> self.shift) as usize
    }

    /// The index stored for `key`, or the empty slot where it belongs.
    fn find(&self, key: u32) -> Result<u8, usize> {
        let mask = self.keys.len() - 1;
        let mut slot = self.home(key);
        loop {
            match self.keys[slot] {
                k if k == key => return Ok(self.indices[slot]),
                Self::EMPTY => return Err(slot),
                _ => slot = (slot + 1) & mask,
            }
        }
    }

    /// Stores `key` in the empty `slot` that `find` returned for it.
    fn insert(&mut self, slot: usize, key: u32, index: u8) {
        self.keys[slot] = key;
        self.indices[slot] = index;
        self.len += 1;
        if 2 * self.len > self.keys.len() {
            self.grow();
        }
    }

    /// Doubles the table and places every key again.
    fn grow(&mut self) {
        let size = 2 * self.keys.len();
        let keys = std::mem::replace(&mut self.keys, vec![Self::EMPTY; size]);
        let indices = std::mem::replace(&mut self.indices, vec![0; size]);
        self.shift -= 1;
        for (key, index) in keys.into_iter().zip(indices) {
            if key != Self::EMPTY
                && let Err(slot) = self.find(key)
            {
                self.keys[slot] = key;
                self.indices[slot] = index;
            }
        }
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

    /// Every colour of a 2^24 / 37 sample (seen twice, the second time from the cache, which
    /// has grown many times by then) gets the index the palette search gives it.
    #[test]
    fn the_cache_gives_the_nearest_colour_of_every_colour() {
        let mut palette = Palette::new();
        let colours = (0..1u32 << 24)
            .step_by(37)
            .map(|c| Rgb((c >> 16) as u8, (c >> 8) as u8, c as u8));
        for pass in 0..2 {
            for c in colours.clone() {
                let expected = nearest(&palette.colors, c);
                assert_eq!(palette.index_of(c), expected, "{c:?}, pass {pass}");
            }
        }
        assert_eq!(palette.cache.len, colours.count());
    }

    /// Half-transparent pixels and runs: `quantise` gives each pixel the index of its
    /// demultiplied colour, the memo of the last pixel never carrying an index over to
    /// another colour.
    #[test]
    fn quantise_indexes_every_pixel_by_its_own_colour() {
        let mut frame = Pixmap::new(64, 4).unwrap();
        for (i, px) in frame.data_mut().chunks_exact_mut(4).enumerate() {
            // Runs that shorten from 49 pixels to 1, a third of them half transparent and
            // a third transparent (premultiplied: no channel above alpha).
            let run = (i * i / 97) as u32;
            let alpha = [255, 128, 0][run as usize % 3];
            let channel = |v: u32| ((v & 255) * alpha / 255) as u8;
            px.copy_from_slice(&[
                channel(run * 7),
                channel(run * 13),
                channel(run),
                alpha as u8,
            ]);
        }
        let mut palette = Palette::new();
        let expected: Vec<u8> = (frame.pixels().iter())
            .map(|pixel| {
                let c = pixel.demultiply();
                nearest(&palette.colors, Rgb(c.red(), c.green(), c.blue()))
            })
            .collect();
        let first = palette.quantise(&frame, None);
        assert_eq!(first, expected, "from the palette search");
        assert_eq!(palette.quantise(&frame, None), expected, "from the cache");
        // Rows that are the same in the previous frame take its indices, the others not.
        let mut changed = frame.clone();
        changed.data_mut()[4 * 64 * 2..4 * 64 * 3].fill(255);
        let shown = vec![7; expected.len()];
        let indices = palette.quantise(&changed, Some((frame.data(), &shown)));
        let white = nearest(&palette.colors, Rgb(255, 255, 255));
        for (y, row) in indices.chunks_exact(64).enumerate() {
            let want = if y == 2 { white } else { 7 };
            assert!(row.iter().all(|&i| i == want), "row {y}: {row:?}");
        }
    }
}
