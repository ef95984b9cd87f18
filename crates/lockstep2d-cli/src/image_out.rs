//! Where `render` puts its frames: a PNG of the last one, or a GIF of them all.

use std::fs::File;
use std::io::BufWriter;
use std::path::{Path, PathBuf};

use lockstep2d_testbed::{GifWriter, Pixmap};

/// GIF frame delays are whole hundredths of a second: faster frames cannot be shown.
pub const MAX_GIF_FPS: f64 = 100.0;

pub enum ImageOut {
    Png(PathBuf, File),
    /// Boxed: the writer holds its palette, cache and last frame inline.
    Gif(PathBuf, Box<GifWriter<BufWriter<File>>>),
}

/// What the file name asks for.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Format {
    Png,
    Gif,
}

pub fn format_of(path: &Path) -> Result<Format, String> {
    let extension = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    match extension.as_deref() {
        Some("png") => Ok(Format::Png),
        Some("gif") => Ok(Format::Gif),
        _ => Err(format!(
            "--out {}: the file name must end in .png (the last frame) or .gif (every frame)",
            path.display()
        )),
    }
}

impl ImageOut {
    /// Creates the file now, so that a bad path fails before the run, not after it.
    pub fn create(path: &Path, (width, height): (u32, u32), fps: f64) -> Result<ImageOut, String> {
        let failed = |e: std::io::Error| format!("{}: {e}", path.display());
        let format = format_of(path)?;
        let file = File::create(path).map_err(failed)?;
        match format {
            Format::Png => Ok(ImageOut::Png(path.to_path_buf(), file)),
            Format::Gif => {
                let writer =
                    GifWriter::new(BufWriter::new(file), width, height, fps).map_err(failed)?;
                Ok(ImageOut::Gif(path.to_path_buf(), Box::new(writer)))
            }
        }
    }

    /// Takes one drawn frame (a PNG only keeps the last, at `finish`).
    pub fn frame(&mut self, pixmap: &Pixmap) -> Result<(), String> {
        match self {
            ImageOut::Png(..) => Ok(()),
            ImageOut::Gif(path, writer) => writer
                .add_frame(pixmap)
                .map_err(|e| format!("{}: {e}", path.display())),
        }
    }

    /// Writes the file; `last` is the final frame.
    pub fn finish(self, last: &Pixmap) -> Result<(), String> {
        match self {
            ImageOut::Png(path, mut file) => {
                let bytes = last
                    .encode_png()
                    .map_err(|e| format!("{}: {e}", path.display()))?;
                std::io::Write::write_all(&mut file, &bytes)
                    .map_err(|e| format!("{}: {e}", path.display()))
            }
            ImageOut::Gif(path, writer) => {
                let failed = |e: std::io::Error| format!("{}: {e}", path.display());
                let mut file = writer.finish().map_err(failed)?;
                std::io::Write::flush(&mut file).map_err(failed)
            }
        }
    }
}
