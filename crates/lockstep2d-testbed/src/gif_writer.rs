//! Animated GIFs of drawn frames: a fixed palette (see `palette`) and, after the first
//! frame, only the rectangle that changed, so a scene at rest costs almost nothing.

use std::io::{self, Write};

use gif::{DisposalMethod, Encoder, Frame, Repeat};
use tiny_skia::Pixmap;

use crate::palette::Palette;

/// Writes drawn frames as an animated GIF: a fixed palette and, after the first frame,
/// only the rectangle that changed, so a scene at rest costs almost nothing.
pub struct GifWriter<W: Write> {
    encoder: Encoder<W>,
    palette: Palette,
    width: u16,
    height: u16,
    fps: f64,
    frames: u64,
    /// The indices of the picture shown so far, and its pixels' bytes.
    shown: Vec<u8>,
    shown_pixels: Vec<u8>,
}

/// Frames this size need a 16-bit width and height.
fn gif_size(width: u32, height: u32) -> io::Result<(u16, u16)> {
    match (u16::try_from(width), u16::try_from(height)) {
        (Ok(w), Ok(h)) if w > 0 && h > 0 => Ok((w, h)),
        _ => Err(io::Error::other(format!(
            "a GIF is at most 65535 × 65535 pixels, not {width} × {height}"
        ))),
    }
}

impl<W: Write> GifWriter<W> {
    /// A looping GIF of `width` × `height` frames shown `fps` times a second.
    pub fn new(out: W, width: u32, height: u32, fps: f64) -> io::Result<GifWriter<W>> {
        let (width, height) = gif_size(width, height)?;
        let palette = Palette::new();
        let mut encoder =
            Encoder::new(out, width, height, &palette.rgb_bytes()).map_err(io::Error::other)?;
        encoder
            .set_repeat(Repeat::Infinite)
            .map_err(io::Error::other)?;
        Ok(GifWriter {
            encoder,
            palette,
            width,
            height,
            fps,
            frames: 0,
            shown: Vec::new(),
            shown_pixels: Vec::new(),
        })
    }

    /// Appends a frame the size given to `new`.
    pub fn add_frame(&mut self, pixmap: &Pixmap) -> io::Result<()> {
        if (pixmap.width(), pixmap.height()) != (u32::from(self.width), u32::from(self.height)) {
            return Err(io::Error::other("a GIF's frames must all be the same size"));
        }
        let shown = (!self.shown.is_empty()).then_some((&self.shown_pixels[..], &self.shown[..]));
        let indices = self.palette.quantise(pixmap, shown);
        let mut frame = self.changed_part(&indices);
        frame.delay = self.next_delay();
        frame.dispose = DisposalMethod::Keep;
        self.encoder.write_frame(&frame).map_err(io::Error::other)?;
        self.shown = indices;
        self.shown_pixels.clear();
        self.shown_pixels.extend_from_slice(pixmap.data());
        self.frames += 1;
        Ok(())
    }

    /// Writes the trailer and hands back the output.
    pub fn finish(self) -> io::Result<W> {
        self.encoder.into_inner()
    }

    /// GIF delays are whole hundredths of a second: frame k lasts from round(100k/fps)
    /// to round(100(k+1)/fps), so the delays add up to the true running time.
    fn next_delay(&self) -> u16 {
        let at = |k: u64| (100.0 * k as f64 / self.fps).round();
        (at(self.frames + 1) - at(self.frames)).clamp(0.0, f64::from(u16::MAX)) as u16
    }

    /// The smallest rectangle holding every pixel that differs from what is shown (the
    /// whole frame the first time; one unchanged pixel when nothing changed, since a
    /// frame must still carry its delay).
    fn changed_part(&self, indices: &[u8]) -> Frame<'static> {
        let (w, h) = (usize::from(self.width), usize::from(self.height));
        let (x0, y0, x1, y1) = if self.shown.is_empty() {
            (0, 0, w - 1, h - 1)
        } else {
            changed_rect(&self.shown, indices, w).unwrap_or((0, 0, 0, 0))
        };
        let mut part = Vec::with_capacity((x1 - x0 + 1) * (y1 - y0 + 1));
        for row in indices.chunks_exact(w).take(y1 + 1).skip(y0) {
            part.extend_from_slice(&row[x0..=x1]);
        }
        let mut frame =
            Frame::from_indexed_pixels((x1 - x0 + 1) as u16, (y1 - y0 + 1) as u16, part, None);
        frame.left = x0 as u16;
        frame.top = y0 as u16;
        frame
    }
}

/// The smallest rectangle (x0, y0, x1, y1), corners included, holding every pixel where
/// two pictures `width` wide differ; none if they are the same. Whole rows compare as
/// slices, so a row that did not change costs a `memcmp`.
fn changed_rect(a: &[u8], b: &[u8], width: usize) -> Option<(usize, usize, usize, usize)> {
    let mut rect: Option<(usize, usize, usize, usize)> = None;
    for (y, (row_a, row_b)) in a.chunks_exact(width).zip(b.chunks_exact(width)).enumerate() {
        if row_a == row_b {
            continue;
        }
        let differs = |x: &usize| row_a[*x] != row_b[*x];
        let first = (0..width).find(differs).expect("the rows differ");
        let last = (0..width).rev().find(differs).expect("the rows differ");
        rect = Some(match rect {
            None => (first, y, last, y),
            Some((x0, y0, x1, _)) => (x0.min(first), y0, x1.max(last), y),
        });
    }
    rect
}

#[cfg(test)]
mod tests {
    use super::*;
    use tiny_skia::Color;

    /// Decodes a GIF into its frames' full pictures (RGBA).
    fn decode(bytes: &[u8]) -> Vec<Vec<u8>> {
        let mut options = gif::DecodeOptions::new();
        options.set_color_output(gif::ColorOutput::RGBA);
        let mut decoder = options.read_info(bytes).unwrap();
        let (w, h) = (decoder.width() as usize, decoder.height() as usize);
        let mut screen = vec![0u8; 4 * w * h];
        let mut pictures = Vec::new();
        while let Some(frame) = decoder.read_next_frame().unwrap() {
            let (fw, left, top) = (
                frame.width as usize,
                frame.left as usize,
                frame.top as usize,
            );
            for (i, px) in frame.buffer.chunks(4).enumerate() {
                let (x, y) = (left + i % fw, top + i / fw);
                screen[4 * (y * w + x)..4 * (y * w + x) + 4].copy_from_slice(px);
            }
            pictures.push(screen.clone());
        }
        pictures
    }

    #[test]
    fn partial_frames_rebuild_every_picture() {
        let a = crate::filled_pixmap(16, 8, Color::from_rgba8(24, 26, 33, 255));
        let mut b = a.clone();
        b.fill_rect(
            tiny_skia::Rect::from_xywh(4.0, 2.0, 3.0, 2.0).unwrap(),
            &tiny_skia::Paint::default(),
            tiny_skia::Transform::identity(),
            None,
        );
        let mut writer = GifWriter::new(Vec::new(), 16, 8, 30.0).unwrap();
        for frame in [&a, &b, &b, &a] {
            writer.add_frame(frame).unwrap();
        }
        let pictures = decode(&writer.finish().unwrap());
        assert_eq!(pictures.len(), 4);
        assert_eq!(pictures[0], pictures[3]);
        assert_eq!(pictures[1], pictures[2]);
        assert_ne!(pictures[0], pictures[1]);
        assert_eq!(
            &pictures[0][..3],
            &[24, 26, 33],
            "the background is a palette colour"
        );
    }

    /// `changed_rect` against the pixel-by-pixel scan it stands for.
    #[test]
    fn the_changed_rectangle_bounds_every_changed_pixel() {
        let (w, h) = (13, 7);
        let base: Vec<u8> = (0..w * h).map(|i| (i % 5) as u8).collect();
        assert_eq!(changed_rect(&base, &base, w), None);
        let changes: &[&[(usize, usize)]] = &[
            &[(0, 0)],
            &[(12, 6)],
            &[(5, 3)],
            &[(12, 0), (0, 6)],
            &[(7, 1), (2, 4), (9, 4)],
        ];
        for pixels in changes {
            let mut changed = base.clone();
            for &(x, y) in *pixels {
                changed[y * w + x] ^= 0x80;
            }
            let xs = pixels.iter().map(|p| p.0);
            let ys = pixels.iter().map(|p| p.1);
            let expected = (
                xs.clone().min().unwrap(),
                ys.clone().min().unwrap(),
                xs.max().unwrap(),
                ys.max().unwrap(),
            );
            assert_eq!(
                changed_rect(&base, &changed, w),
                Some(expected),
                "{pixels:?}"
            );
        }
    }

    #[test]
    fn delays_add_up_to_the_running_time() {
        let mut writer = GifWriter::new(Vec::new(), 1, 1, 30.0).unwrap();
        let mut total = 0u32;
        for k in 0..30 {
            writer.frames = k;
            total += u32::from(writer.next_delay());
        }
        assert_eq!(total, 100, "30 frames at 30 fps last one second");
    }
}
