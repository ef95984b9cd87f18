//! The renderer's own pixel writers: convex fills without anti-aliasing and
//! anti-aliased lines, straight into an opaque pixmap.
//!
//! tiny-skia costs some microseconds of set-up per call and blends each anti-aliased
//! pixel through a general pipeline; a frame of thousands of small boxes and contact
//! markers needs neither. Fills need no anti-aliasing because every filled shape gets an
//! anti-aliased outline over its edge.
//!
//! Pixel (i, j) covers [i, i+1) × [j, j+1) and is inked by a fill when its centre is
//! inside. Everything is clipped to the pixmap, so off-picture coordinates cost nothing.

use std::ops::Range;

use lockstep2d::Vec2;
use tiny_skia::{Pixmap, PremultipliedColorU8};

use crate::colors::Rgb;

/// An opaque pixmap to draw on: every write leaves alpha at 255.
pub struct Raster<'a> {
    pixels: &'a mut [PremultipliedColorU8],
    width: usize,
    height: usize,
}

impl Raster<'_> {
    pub fn new(pixmap: &mut Pixmap) -> Raster<'_> {
        let (width, height) = (pixmap.width() as usize, pixmap.height() as usize);
        Raster {
            pixels: pixmap.pixels_mut(),
            width,
            height,
        }
    }

    /// Fills a convex polygon (either winding): each row is one span.
    pub fn fill_convex(&mut self, points: &[Vec2], color: Rgb) {
        let (low, high) = points
            .iter()
            .fold((f32::INFINITY, f32::NEG_INFINITY), |(l, h), p| {
                (l.min(p.y), h.max(p.y))
            });
        let ink = opaque(color);
        for y in centres_in(low, high, self.height) {
            let (left, right) = row_span(points, y as f32 + 0.5);
            let row = y * self.width;
            let span = centres_in(left, right, self.width);
            self.pixels[row + span.start..row + span.end].fill(ink);
        }
    }

    /// Fills the pixels whose centres are in `[min, max)`.
    pub fn fill_rect(&mut self, min: Vec2, max: Vec2, color: Rgb) {
        let ink = opaque(color);
        let span = centres_in(min.x, max.x, self.width);
        for y in centres_in(min.y, max.y, self.height) {
            let row = y * self.width;
            self.pixels[row + span.start..row + span.end].fill(ink);
        }
    }

    /// An anti-aliased line from `a` to `b`, `half_width` each side: a pixel's coverage
    /// is how far its centre is inside the edge, clamped to [0, 1]. The ends are square
    /// and reach `half_width` past the points, so that the sides of an outline meet at
    /// its corners.
    pub fn line(&mut self, a: Vec2, b: Vec2, half_width: f32, color: Rgb) {
        // Walk the longer axis (u) pixel by pixel and blend a short run across it (v),
        // so that steep and flat lines cost the same per pixel of length.
        let steep = (b.y - a.y).abs() > (b.x - a.x).abs();
        let (a, b) = (swap_if(steep, a), swap_if(steep, b));
        let (a, b) = if a.x <= b.x { (a, b) } else { (b, a) };
        let (u_size, v_size) = swap_dims(steep, self.width, self.height);
        let slope = if b.x > a.x {
            (b.y - a.y) / (b.x - a.x)
        } else {
            0.0
        };
        // Distance across the line is distance along v times cos θ = 1/√(1 + slope²).
        let cos = (1.0 + slope * slope).sqrt().recip();
        let reach = half_width + 0.5;
        let band = reach / cos;
        for u in centres_in(a.x - half_width, b.x + half_width, u_size) {
            let vc = a.y + slope * (u as f32 + 0.5 - a.x);
            for v in centres_in(vc - band, vc + band, v_size) {
                let coverage = reach - (v as f32 + 0.5 - vc).abs() * cos;
                let (x, y) = swap_dims(steep, u, v);
                self.blend(x, y, color, coverage);
            }
        }
    }

    /// An anti-aliased disc.
    pub fn dot(&mut self, centre: Vec2, radius: f32, color: Rgb) {
        let reach = radius + 0.5;
        let columns = centres_in(centre.x - reach, centre.x + reach, self.width);
        for y in centres_in(centre.y - reach, centre.y + reach, self.height) {
            for x in columns.clone() {
                let p = Vec2::new(x as f32 + 0.5, y as f32 + 0.5);
                self.blend(x, y, color, reach - (p - centre).length());
            }
        }
    }

    /// Mixes `color` into pixel (x, y) by `coverage`, clamped to [0, 1].
    fn blend(&mut self, x: usize, y: usize, color: Rgb, coverage: f32) {
        let weight = (coverage.clamp(0.0, 1.0) * 256.0) as u32;
        let pixel = &mut self.pixels[y * self.width + x];
        if weight == 0 {
            return;
        } else if weight == 256 {
            *pixel = opaque(color);
            return;
        }
        let mix = |dst: u8, src: u8| {
            ((u32::from(dst) * (256 - weight) + u32::from(src) * weight + 128) >> 8) as u8
        };
        *pixel = opaque(Rgb(
            mix(pixel.red(), color.0),
            mix(pixel.green(), color.1),
            mix(pixel.blue(), color.2),
        ));
    }
}

fn opaque(color: Rgb) -> PremultipliedColorU8 {
    PremultipliedColorU8::from_rgba(color.0, color.1, color.2, 255)
        .expect("opaque colours are valid premultiplied")
}

/// Indices of the pixels, out of `size`, whose centres are in `[low, high)`. NaN and
/// far-off values clamp, so the range is always inside the picture.
fn centres_in(low: f32, high: f32, size: usize) -> Range<usize> {
    // Through i32, whose conversions from f32 are cheaper than usize's; pixmaps are at
    // most 8192 wide, and anything farther off saturates and clamps.
    let index = |t: f32| ceil(t - 0.5).clamp(0, size as i32) as usize;
    let (start, end) = (index(low), index(high));
    start..end.max(start)
}

/// `t.ceil()`, without the library call that `ceil` is on baseline x86-64.
fn ceil(t: f32) -> i32 {
    let whole = t as i32;
    whole + i32::from((whole as f32) < t)
}

/// Where the horizontal line at height `y` enters and leaves a convex polygon; an empty
/// span (left > right) when it misses.
fn row_span(points: &[Vec2], y: f32) -> (f32, f32) {
    let mut span = (f32::INFINITY, f32::NEG_INFINITY);
    let edges = points.iter().zip(points.iter().cycle().skip(1));
    for (p, q) in edges {
        if (p.y <= y) != (q.y <= y) {
            let x = p.x + (y - p.y) * (q.x - p.x) / (q.y - p.y);
            span = (span.0.min(x), span.1.max(x));
        }
    }
    span
}

fn swap_if(swap: bool, p: Vec2) -> Vec2 {
    if swap { Vec2::new(p.y, p.x) } else { p }
}

fn swap_dims(swap: bool, a: usize, b: usize) -> (usize, usize) {
    if swap { (b, a) } else { (a, b) }
}

#[cfg(test)]
mod tests {
    use super::*;

    const INK: Rgb = Rgb(200, 100, 50);

    fn inked(pixmap: &Pixmap) -> Vec<(u32, u32)> {
        let width = pixmap.width();
        (0..pixmap.height())
            .flat_map(|y| (0..width).map(move |x| (x, y)))
            .filter(|&(x, y)| pixmap.pixel(x, y).unwrap().red() != 0)
            .collect()
    }

    fn black(width: u32, height: u32) -> Pixmap {
        crate::filled_pixmap(width, height, tiny_skia::Color::BLACK)
    }

    #[test]
    fn a_fill_inks_the_pixels_whose_centres_are_inside() {
        let mut pixmap = black(8, 8);
        let square = [(1.0, 2.0), (4.0, 2.0), (4.0, 5.0), (1.0, 5.0)].map(Vec2::from);
        Raster::new(&mut pixmap).fill_convex(&square, INK);
        let expected: Vec<(u32, u32)> = (2..5).flat_map(|y| (1..4).map(move |x| (x, y))).collect();
        assert_eq!(inked(&pixmap), expected);
    }

    #[test]
    fn a_line_is_solid_on_its_centre_and_fades_at_its_sides() {
        let mut pixmap = black(10, 10);
        Raster::new(&mut pixmap).line(Vec2::new(2.0, 5.0), Vec2::new(8.0, 5.0), 0.5, INK);
        let red = |x, y| pixmap.pixel(x, y).unwrap().red();
        assert_eq!((red(5, 4), red(5, 5)), (100, 100), "half covered each side");
        assert_eq!((red(5, 3), red(5, 6)), (0, 0), "out of reach");
        let steep = {
            let mut p = black(10, 10);
            Raster::new(&mut p).line(Vec2::new(5.0, 2.0), Vec2::new(5.0, 8.0), 0.5, INK);
            inked(&p).len()
        };
        assert_eq!(steep, inked(&pixmap).len(), "the same line turned");
    }

    #[test]
    fn drawing_off_the_picture_is_clipped() {
        let mut pixmap = black(6, 6);
        let mut raster = Raster::new(&mut pixmap);
        let far = Vec2::new(1e9, -1e9);
        raster.line(Vec2::new(3.0, 3.0), far, 1.0, INK);
        raster.line(Vec2::NAN, far, 1.0, INK);
        raster.fill_convex(&[Vec2::new(-1e9, -1e9), far, Vec2::new(1e9, 1e9)], INK);
        raster.fill_rect(Vec2::new(-5.0, 4.0), Vec2::new(20.0, 30.0), INK);
        assert!(!inked(&pixmap).is_empty());
    }
}
