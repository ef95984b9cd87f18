//! The text overlay: lines of text on a dark panel in the top-left corner.

use tiny_skia::{Paint, Pixmap, Rect, Transform};

use crate::colors;
use crate::font::{GLYPH_SIZE, draw_text, text_width};

/// Room around and between lines, in font pixels.
const PADDING: u32 = 3;
const LINE_GAP: u32 = 3;

/// Draws `lines` top-left. The font is doubled on pictures at least 600 px tall.
pub fn draw_overlay(pixmap: &mut Pixmap, lines: &[String]) {
    if lines.is_empty() {
        return;
    }
    let scale = if pixmap.height() >= 600 { 2 } else { 1 };
    let line_height = (GLYPH_SIZE + LINE_GAP) * scale;
    let widest = lines
        .iter()
        .map(|l| text_width(l, scale))
        .max()
        .unwrap_or(0);
    let panel = Rect::from_xywh(
        0.0,
        0.0,
        (widest + 2 * PADDING * scale) as f32,
        (lines.len() as u32 * line_height + 2 * PADDING * scale - LINE_GAP * scale) as f32,
    );
    if let Some(panel) = panel {
        let mut paint = Paint::default();
        paint.set_color(colors::PANEL.color());
        pixmap.fill_rect(panel, &paint, Transform::identity(), None);
    }
    for (i, line) in lines.iter().enumerate() {
        let at = (PADDING * scale, PADDING * scale + i as u32 * line_height);
        draw_text(pixmap, line, at, scale, colors::TEXT);
    }
}
