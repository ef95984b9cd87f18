//! Text in an embedded 8×8 bitmap font (`font8x8`'s public-domain ASCII glyphs), so the
//! overlay needs no font files and draws the same pixels everywhere.

use tiny_skia::{Pixmap, PremultipliedColorU8};

use crate::colors::Rgb;

/// Glyph cells are 8×8 font pixels.
pub const GLYPH_SIZE: u32 = 8;

/// Draws `text` with its top-left corner at pixel (x, y), each font pixel a `scale`×`scale`
/// square. Characters outside ASCII are drawn as '?'. Whatever falls off the pixmap
/// is clipped.
pub fn draw_text(pixmap: &mut Pixmap, text: &str, (x, y): (u32, u32), scale: u32, color: Rgb) {
    let ink = PremultipliedColorU8::from_rgba(color.0, color.1, color.2, 255)
        .expect("opaque colours are valid premultiplied");
    for (col, row) in dots(text) {
        fill_square(pixmap, (x + col * scale, y + row * scale), scale, ink);
    }
}

/// The inked font pixels of `text` as (column, row) from its top-left corner, at scale 1:
/// for drawers that place each dot themselves (rotated text in charts).
pub fn dots(text: &str) -> impl Iterator<Item = (u32, u32)> + '_ {
    text.chars().enumerate().flat_map(|(i, ch)| {
        let glyph = font8x8::legacy::BASIC_LEGACY[glyph_index(ch)];
        let left = i as u32 * GLYPH_SIZE;
        (0..GLYPH_SIZE).flat_map(move |row| {
            // Bit 0 is the glyph's leftmost pixel.
            (0..GLYPH_SIZE)
                .filter(move |&col| glyph[row as usize] & (1 << col) != 0)
                .map(move |col| (left + col, row))
        })
    })
}

/// The width in pixels of `text` drawn at `scale`.
pub fn text_width(text: &str, scale: u32) -> u32 {
    text.chars().count() as u32 * GLYPH_SIZE * scale
}

fn glyph_index(ch: char) -> usize {
    if ch.is_ascii() {
        ch as usize
    } else {
        '?' as usize
    }
}

fn fill_square(pixmap: &mut Pixmap, (x, y): (u32, u32), size: u32, ink: PremultipliedColorU8) {
    let (width, height) = (pixmap.width(), pixmap.height());
    let pixels = pixmap.pixels_mut();
    for py in y..(y + size).min(height) {
        for px in x..(x + size).min(width) {
            pixels[(py * width + px) as usize] = ink;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_sets_pixels_only_inside_its_cells() {
        let mut pixmap = Pixmap::new(40, 12).unwrap();
        draw_text(&mut pixmap, "H1", (2, 2), 1, Rgb(255, 255, 255));
        let inked: Vec<(u32, u32)> = (0..12)
            .flat_map(|y| (0..40).map(move |x| (x, y)))
            .filter(|&(x, y)| pixmap.pixel(x, y).unwrap().alpha() == 255)
            .collect();
        assert!(inked.len() > 10, "the glyphs drew something");
        assert!(
            inked
                .iter()
                .all(|&(x, y)| (2..18).contains(&x) && (2..10).contains(&y))
        );
        assert_eq!(text_width("H1", 2), 32);
    }

    #[test]
    fn text_off_the_edge_is_clipped() {
        let mut pixmap = Pixmap::new(10, 10).unwrap();
        draw_text(&mut pixmap, "WWWW", (5, 5), 3, Rgb(255, 255, 255));
        let inked = pixmap.pixels().iter().filter(|p| p.alpha() == 255).count();
        assert!(inked > 0, "the part inside is drawn");
    }
}
