//! A plotters `DrawingBackend` over a tiny-skia pixmap whose text is the testbed's 8×8
//! bitmap font.
//!
//! Without its `ttf` feature plotters has no way to draw a glyph (its stand-in font
//! panics when asked to), and with it plotters needs font files that a fresh machine
//! does not have. So this backend draws every letter itself and tells plotters the bitmap
//! font's real sizes, which plotters uses to place titles and tick labels.
//!
//! Backend coordinates name pixels; shapes are drawn through pixel centres (+0.5) so that
//! one-pixel lines on whole coordinates (the grid, the axes) stay one pixel wide.

use std::convert::Infallible;

use plotters_backend::text_anchor::{HPos, VPos};
use plotters_backend::{
    BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingBackend, DrawingErrorKind,
};
use tiny_skia::{
    FillRule, LineCap, LineJoin, Paint, Path, PathBuilder, Pixmap, PremultipliedColorU8, Rect,
    Stroke, Transform,
};

use crate::font::{self, GLYPH_SIZE};

/// Text asked for at this plotters font size or larger (titles) is drawn at scale 2,
/// smaller text (tick labels, axis names) at scale 1.
const LARGE_TEXT: f64 = 20.0;

type DrawResult = Result<(), DrawingErrorKind<Infallible>>;

pub struct PixmapBackend<'a> {
    pixmap: &'a mut Pixmap,
}

impl PixmapBackend<'_> {
    pub fn new(pixmap: &mut Pixmap) -> PixmapBackend<'_> {
        PixmapBackend { pixmap }
    }

    fn stroke(&mut self, path: Option<Path>, color: BackendColor, width: u32) {
        let stroke = Stroke {
            width: width as f32,
            line_cap: LineCap::Square,
            line_join: LineJoin::Round,
            ..Stroke::default()
        };
        if let Some(path) = path {
            let paint = paint(color);
            self.pixmap
                .stroke_path(&path, &paint, &stroke, Transform::identity(), None);
        }
    }

    fn fill(&mut self, path: Option<Path>, color: BackendColor) {
        if let Some(path) = path {
            let paint = paint(color);
            self.pixmap.fill_path(
                &path,
                &paint,
                FillRule::Winding,
                Transform::identity(),
                None,
            );
        }
    }

    /// `color` over pixel (x, y), if the pixel is on the pixmap.
    fn blend(&mut self, (x, y): BackendCoord, color: BackendColor) {
        let (width, height) = (self.pixmap.width() as i32, self.pixmap.height() as i32);
        if !(0..width).contains(&x) || !(0..height).contains(&y) {
            return;
        }
        let alpha = alpha_u8(color.alpha);
        let (r, g, b) = color.rgb;
        let src = [r, g, b, 255].map(|c| premultiply(c, alpha));
        let pixel = &mut self.pixmap.pixels_mut()[(y * width + x) as usize];
        let dst = [pixel.red(), pixel.green(), pixel.blue(), pixel.alpha()];
        // Source-over on premultiplied channels: each stays at most its alpha.
        let [r, g, b, a] = [0, 1, 2, 3].map(|i| src[i] + premultiply(dst[i], 255 - alpha));
        *pixel = PremultipliedColorU8::from_rgba(r, g, b, a)
            .expect("source-over keeps every channel within alpha");
    }
}

impl DrawingBackend for PixmapBackend<'_> {
    type ErrorType = Infallible;

    fn get_size(&self) -> (u32, u32) {
        (self.pixmap.width(), self.pixmap.height())
    }

    fn ensure_prepared(&mut self) -> DrawResult {
        Ok(())
    }

    fn present(&mut self) -> DrawResult {
        Ok(())
    }

    fn draw_pixel(&mut self, point: BackendCoord, color: BackendColor) -> DrawResult {
        self.blend(point, color);
        Ok(())
    }

    fn draw_line<S: BackendStyle>(
        &mut self,
        from: BackendCoord,
        to: BackendCoord,
        style: &S,
    ) -> DrawResult {
        self.draw_path([from, to], style)
    }

    fn draw_rect<S: BackendStyle>(
        &mut self,
        upper_left: BackendCoord,
        bottom_right: BackendCoord,
        style: &S,
        fill: bool,
    ) -> DrawResult {
        let (x0, y0) = upper_left;
        let (x1, y1) = bottom_right;
        if fill {
            // plotters' corners are both inside the rectangle: cover whole pixels.
            let (left, right) = (x0.min(x1) as f32, x0.max(x1) as f32 + 1.0);
            let (top, bottom) = (y0.min(y1) as f32, y0.max(y1) as f32 + 1.0);
            self.fill(
                Rect::from_ltrb(left, top, right, bottom).map(PathBuilder::from_rect),
                style.color(),
            );
            Ok(())
        } else {
            let corners = [(x0, y0), (x1, y0), (x1, y1), (x0, y1), (x0, y0)];
            self.draw_path(corners, style)
        }
    }

    fn draw_path<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        path: I,
        style: &S,
    ) -> DrawResult {
        let path = polyline(path, false);
        self.stroke(path, style.color(), style.stroke_width());
        Ok(())
    }

    fn draw_circle<S: BackendStyle>(
        &mut self,
        center: BackendCoord,
        radius: u32,
        style: &S,
        fill: bool,
    ) -> DrawResult {
        let (x, y) = centre_of(center);
        let circle = PathBuilder::from_circle(x, y, radius as f32);
        if fill {
            self.fill(circle, style.color());
        } else {
            self.stroke(circle, style.color(), style.stroke_width());
        }
        Ok(())
    }

    fn fill_polygon<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        vert: I,
        style: &S,
    ) -> DrawResult {
        self.fill(polyline(vert, true), style.color());
        Ok(())
    }

    /// Lays the text out as plotters' default does (anchor, then rotation about `pos`),
    /// with each dot of the bitmap font one `scale`×`scale` square.
    fn draw_text<T: BackendTextStyle>(
        &mut self,
        text: &str,
        style: &T,
        pos: BackendCoord,
    ) -> DrawResult {
        let scale = text_scale(style.size());
        let (width, height) = text_size(text, scale);
        let anchor = style.anchor();
        let dx = match anchor.h_pos {
            HPos::Left => 0,
            HPos::Center => -(width as i32) / 2,
            HPos::Right => -(width as i32),
        };
        let dy = match anchor.v_pos {
            VPos::Top => 0,
            VPos::Center => -(height as i32) / 2,
            VPos::Bottom => -(height as i32),
        };
        let turn = style.transform();
        let color = style.color();
        for (col, row) in font::dots(text) {
            for (sx, sy) in square(scale) {
                let x = (col * scale + sx) as i32 + dx;
                let y = (row * scale + sy) as i32 + dy;
                let (tx, ty) = turn.transform(x, y);
                self.blend((pos.0 + tx, pos.1 + ty), color);
            }
        }
        Ok(())
    }

    fn estimate_text_size<T: BackendTextStyle>(
        &self,
        text: &str,
        style: &T,
    ) -> Result<(u32, u32), DrawingErrorKind<Infallible>> {
        Ok(text_size(text, text_scale(style.size())))
    }
}

/// The scale the bitmap font is drawn at for a plotters font size.
pub fn text_scale(size: f64) -> u32 {
    if size >= LARGE_TEXT { 2 } else { 1 }
}

/// Width and height in pixels of one line of text at `scale`.
pub fn text_size(text: &str, scale: u32) -> (u32, u32) {
    (font::text_width(text, scale), GLYPH_SIZE * scale)
}

/// The pixel offsets of a `size`×`size` square.
fn square(size: u32) -> impl Iterator<Item = (u32, u32)> {
    (0..size).flat_map(move |y| (0..size).map(move |x| (x, y)))
}

fn centre_of((x, y): BackendCoord) -> (f32, f32) {
    (x as f32 + 0.5, y as f32 + 0.5)
}

/// A path through the centres of `points`; `None` for fewer than two points.
fn polyline<I: IntoIterator<Item = BackendCoord>>(points: I, close: bool) -> Option<Path> {
    let mut builder = PathBuilder::new();
    for (i, point) in points.into_iter().enumerate() {
        let (x, y) = centre_of(point);
        if i == 0 {
            builder.move_to(x, y);
        } else {
            builder.line_to(x, y);
        }
    }
    if close {
        builder.close();
    }
    builder.finish()
}

fn paint(color: BackendColor) -> Paint<'static> {
    let (r, g, b) = color.rgb;
    let mut paint = Paint::default();
    paint.set_color_rgba8(r, g, b, alpha_u8(color.alpha));
    paint.anti_alias = true;
    paint
}

fn alpha_u8(alpha: f64) -> u8 {
    (alpha.clamp(0.0, 1.0) * 255.0).round() as u8
}

/// `c` × `alpha` / 255, rounded.
fn premultiply(c: u8, alpha: u8) -> u8 {
    ((u16::from(c) * u16::from(alpha) + 127) / 255) as u8
}

#[cfg(test)]
mod tests {
    use plotters::style::{FontTransform, IntoFont, RGBColor, TextStyle};
    use plotters_backend::text_anchor::Pos;

    use super::*;

    /// The bounding box (x0, y0, x1, y1) of the pixels that are not white.
    fn inked_box(pixmap: &Pixmap) -> (u32, u32, u32, u32) {
        let width = pixmap.width();
        let inked = pixmap
            .pixels()
            .iter()
            .enumerate()
            .filter(|(_, p)| p.red() < 128)
            .map(|(i, _)| (i as u32 % width, i as u32 / width));
        inked.fold((u32::MAX, u32::MAX, 0, 0), |(x0, y0, x1, y1), (x, y)| {
            (x0.min(x), y0.min(y), x1.max(x), y1.max(y))
        })
    }

    fn white(width: u32, height: u32) -> Pixmap {
        crate::filled_pixmap(width, height, tiny_skia::Color::WHITE)
    }

    #[test]
    fn text_is_placed_by_its_anchor_at_the_requested_scale() {
        let mut pixmap = white(100, 40);
        let style = TextStyle::from(("sans-serif", 24).into_font())
            .color(&RGBColor(0, 0, 0))
            .pos(Pos::new(HPos::Center, VPos::Center));
        let mut backend = PixmapBackend::new(&mut pixmap);
        assert_eq!(backend.estimate_text_size("HI", &style).unwrap(), (32, 16));
        backend.draw_text("HI", &style, (50, 20)).unwrap();
        let (x0, y0, x1, y1) = inked_box(&pixmap);
        // "HI" at scale 2: two 16-pixel cells, columns 34..66 and rows 12..28, mostly inked.
        assert!(x0 >= 34 && x1 < 66 && x1 - x0 > 20, "{x0}..{x1}");
        assert!(y0 >= 12 && y1 < 28 && y1 - y0 > 10, "{y0}..{y1}");
    }

    #[test]
    fn rotated_text_runs_upwards() {
        let mut pixmap = white(40, 100);
        let style = TextStyle::from(("sans-serif", 12).into_font())
            .color(&RGBColor(0, 0, 0))
            .transform(FontTransform::Rotate270);
        PixmapBackend::new(&mut pixmap)
            .draw_text("LABEL", &style, (10, 80))
            .unwrap();
        let (x0, y0, x1, y1) = inked_box(&pixmap);
        // 40 pixels long, 8 wide, from the anchor up and to the right.
        assert!(x0 >= 10 && x1 < 18, "{x0}..{x1}");
        assert!(y0 > 40 && y1 <= 80 && y1 - y0 > 30, "{y0}..{y1}");
    }
}
