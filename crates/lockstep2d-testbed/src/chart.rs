//! Line charts: plotters lays out the axes, grid and ticks and draws the lines onto a
//! pixmap through [`backend::PixmapBackend`], so every letter is the testbed's bitmap
//! font and a chart renders the same on a machine with no font files.

mod backend;

use std::fmt::Display;
use std::ops::Range;

use plotters::coord::Shift;
use plotters::coord::combinators::LogCoord;
use plotters::coord::ranged1d::{BoldPoints, Ranged, ValueFormatter};
use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;
use plotters_backend::BackendCoord;
use tiny_skia::Pixmap;

use crate::font::GLYPH_SIZE;
use backend::{PixmapBackend, text_scale, text_size};

/// One line of a chart: its name in the legend and its (x, y) points in order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Series {
    /// Its name in the legend.
    pub name: String,
    /// Its (x, y) points, in order.
    pub points: Vec<(f64, f64)>,
}

/// What [`draw_line_chart`] draws: a title, the axes' names, which axes are logarithmic,
/// and the lines.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LineChart {
    /// The title above the plot.
    pub title: String,
    /// The x axis's name.
    pub x_label: String,
    /// The y axis's name.
    pub y_label: String,
    /// Whether the x axis is logarithmic.
    pub log_x: bool,
    /// Whether the y axis is logarithmic.
    pub log_y: bool,
    /// The lines, drawn in order, each in the next of a fixed set of colours.
    pub series: Vec<Series>,
}

/// Series colours in order, repeating after the last: strong, tell-apart hues on white
/// (the testbed's own colours are pale, made for a dark background).
const SERIES_COLORS: [RGBColor; 8] = [
    RGBColor(31, 119, 180),
    RGBColor(214, 39, 40),
    RGBColor(44, 160, 44),
    RGBColor(255, 127, 14),
    RGBColor(148, 103, 189),
    RGBColor(23, 190, 207),
    RGBColor(140, 86, 75),
    RGBColor(227, 119, 194),
];
const TEXT_COLOR: RGBColor = RGBColor(20, 20, 20);
/// plotters font sizes: the backend draws [`TITLE_SIZE`] at scale 2, the rest at scale 1.
const TITLE_SIZE: u32 = 24;
const LABEL_SIZE: u32 = 12;
/// Around the chart, in pixels.
const MARGIN: u32 = 12;
/// The most tick labels plotters puts on an axis.
const TICK_LABELS: usize = 10;
/// Tick marks' length in pixels; plotters puts the tick labels twice that from the axis.
const TICK: u32 = 5;
/// The fraction of a data range left free at either end of an axis.
const PAD: f64 = 0.05;
const SERIES_WIDTH: u32 = 2;
/// The legend: space around and between its rows, its colour swatches' length, and its
/// distance from the plot's edges, in pixels.
const LEGEND_PAD: i32 = 6;
const SWATCH: i32 = 20;
const LEGEND_INSET: i32 = 8;
/// A legend row's height: one line of the bitmap font at scale 1.
const LEGEND_LINE: i32 = GLYPH_SIZE as i32;

/// Draws `chart` on a white `width`×`height` pixmap: the title on top, labelled axes with
/// tick labels and a light grid, each series a line in its own colour, and a legend.
///
/// Points that cannot be drawn (not finite; not positive on a logarithmic axis) are
/// skipped. An empty chart, a series left with no point, or a picture plotters cannot
/// lay out is an error.
pub fn draw_line_chart(chart: &LineChart, width: u32, height: u32) -> Result<Pixmap, String> {
    let lines = drawable_lines(chart)?;
    let x_range = axis_range(lines.iter().flatten().map(|p| p.0), chart.log_x)
        .ok_or("the x values are too far apart to chart")?;
    let y_range = axis_range(lines.iter().flatten().map(|p| p.1), chart.log_y)
        .ok_or("the y values are too far apart to chart")?;
    let mut pixmap = Pixmap::new(width, height)
        .ok_or_else(|| format!("a chart cannot be {width}×{height} pixels"))?;
    let root = PixmapBackend::new(&mut pixmap).into_drawing_area();
    root.fill(&WHITE).map_err(plot_error)?;
    let plot = Plot {
        root: &root,
        chart,
        lines: &lines,
    };
    // Each combination of linear and logarithmic axes is a different plotters type.
    if chart.log_x {
        plot.with_x(LogCoord::from(x_range.log_scale()), y_range)?;
    } else {
        plot.with_x(RangedCoordf64::from(x_range), y_range)?;
    }
    drop(root);
    Ok(pixmap)
}

/// Each series' drawable points; an error if there are none to draw.
fn drawable_lines(chart: &LineChart) -> Result<Vec<Vec<(f64, f64)>>, String> {
    if chart.series.is_empty() {
        return Err(format!("chart \"{}\" has no series", chart.title));
    }
    let drawable = |v: f64, log: bool| v.is_finite() && (!log || v > 0.0);
    chart
        .series
        .iter()
        .map(|series| {
            let points: Vec<(f64, f64)> = series
                .points
                .iter()
                .copied()
                .filter(|&(x, y)| drawable(x, chart.log_x) && drawable(y, chart.log_y))
                .collect();
            if points.is_empty() {
                Err(no_point_error(chart, series))
            } else {
                Ok(points)
            }
        })
        .collect()
}

fn no_point_error(chart: &LineChart, series: &Series) -> String {
    let log = match (chart.log_x, chart.log_y) {
        (false, false) => "",
        (true, false) => " (x is logarithmic: only x > 0 can be drawn)",
        (false, true) => " (y is logarithmic: only y > 0 can be drawn)",
        (true, true) => " (both axes are logarithmic: only x, y > 0 can be drawn)",
    };
    format!(
        "series \"{}\" of chart \"{}\" has no finite point to draw{log}",
        series.name, chart.title
    )
}

/// The data's range with [`PAD`] of it free at each end (in log space on a log axis); a
/// single value gets a range around it. On a log axis the range reaches down to a power
/// of ten, because plotters labels a log axis only from one. `None` if the range
/// overflows.
fn axis_range(values: impl Iterator<Item = f64>, log: bool) -> Option<Range<f64>> {
    let (low, high) = values.fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), v| {
        (l.min(v), h.max(v))
    });
    let range = if log {
        let Range { start, end } = padded(low.log10(), high.log10());
        10f64.powf(start.min(end.floor()))..10f64.powf(end)
    } else {
        padded(low, high)
    };
    (range.start.is_finite() && range.end.is_finite()).then_some(range)
}

fn padded(low: f64, high: f64) -> Range<f64> {
    let pad = if high > low {
        (high - low) * PAD
    } else {
        low.abs().max(1.0) * PAD
    };
    low - pad..high + pad
}

/// A tick label: plain decimals with no float noise ("0.3", not
/// "0.30000000000000004"), scientific for very large or very small values.
fn tick_label(value: f64) -> String {
    let magnitude = value.abs();
    if value == 0.0 {
        "0".to_string()
    } else if !(1e-3..1e5).contains(&magnitude) {
        let text = format!("{value:.2e}");
        let (mantissa, exponent) = text.split_once('e').unwrap_or((&text, "0"));
        format!("{}e{exponent}", trim_zeros(mantissa))
    } else {
        trim_zeros(&format!("{value:.6}")).to_string()
    }
}

fn trim_zeros(decimal: &str) -> &str {
    if decimal.contains('.') {
        decimal.trim_end_matches('0').trim_end_matches('.')
    } else {
        decimal
    }
}

fn plot_error(error: impl Display) -> String {
    format!("plotters could not draw the chart: {error}")
}

/// What every step of drawing a chart needs.
struct Plot<'a, 'p> {
    root: &'a DrawingArea<PixmapBackend<'p>, Shift>,
    chart: &'a LineChart,
    lines: &'a [Vec<(f64, f64)>],
}

impl Plot<'_, '_> {
    fn with_x<X>(&self, x: X, y_range: Range<f64>) -> Result<(), String>
    where
        X: Ranged<ValueType = f64> + ValueFormatter<f64>,
    {
        if self.chart.log_y {
            self.draw(x, LogCoord::from(y_range.log_scale()))
        } else {
            self.draw(x, RangedCoordf64::from(y_range))
        }
    }

    fn draw<X, Y>(&self, x: X, y: Y) -> Result<(), String>
    where
        X: Ranged<ValueType = f64> + ValueFormatter<f64>,
        Y: Ranged<ValueType = f64> + ValueFormatter<f64>,
    {
        let y_label_area = y_label_area(&y, !self.chart.y_label.is_empty());
        let mut builder = ChartBuilder::on(self.root);
        if !self.chart.title.is_empty() {
            builder.caption(&self.chart.title, text_style(TITLE_SIZE));
        }
        let mut context = builder
            .margin(MARGIN)
            .x_label_area_size(x_label_area(!self.chart.x_label.is_empty()))
            .y_label_area_size(y_label_area)
            .build_cartesian_2d(x, y)
            .map_err(plot_error)?;
        self.draw_mesh(&mut context)?;
        for (i, points) in self.lines.iter().enumerate() {
            let color = SERIES_COLORS[i % SERIES_COLORS.len()];
            let line = LineSeries::new(points.iter().copied(), color.stroke_width(SERIES_WIDTH));
            context.draw_series(line).map_err(plot_error)?;
            if let [point] = points[..] {
                // A line through one point draws nothing: mark the point instead.
                let dot = Circle::new(point, SERIES_WIDTH + 1, color.filled());
                context.plotting_area().draw(&dot).map_err(plot_error)?;
            }
        }
        self.draw_legend(context.plotting_area())
    }

    fn draw_mesh<X, Y>(
        &self,
        context: &mut ChartContext<PixmapBackend, Cartesian2d<X, Y>>,
    ) -> Result<(), String>
    where
        X: Ranged<ValueType = f64> + ValueFormatter<f64>,
        Y: Ranged<ValueType = f64> + ValueFormatter<f64>,
    {
        context
            .configure_mesh()
            .x_labels(TICK_LABELS)
            .y_labels(TICK_LABELS)
            .x_label_formatter(&|v| tick_label(*v))
            .y_label_formatter(&|v| tick_label(*v))
            .set_all_tick_mark_size(TICK)
            .bold_line_style(RGBColor(215, 215, 215))
            .light_line_style(RGBColor(240, 240, 240))
            .axis_style(TEXT_COLOR)
            .label_style(text_style(LABEL_SIZE))
            .axis_desc_style(text_style(LABEL_SIZE))
            .x_desc(&self.chart.x_label)
            .y_desc(&self.chart.y_label)
            .draw()
            .map_err(plot_error)
    }

    /// The legend: a boxed row per series (a stroke of its colour, then its name) in the
    /// corner of the plot that hides the fewest points; none if no series has a name.
    /// plotters' own legend (`configure_series_labels`) sizes its box with a built-in
    /// guess at text widths, not the backend's, which is too narrow for the bitmap font.
    fn draw_legend<X, Y>(
        &self,
        plot: &DrawingArea<PixmapBackend, Cartesian2d<X, Y>>,
    ) -> Result<(), String>
    where
        X: Ranged<ValueType = f64>,
        Y: Ranged<ValueType = f64>,
    {
        if self.chart.series.iter().all(|s| s.name.is_empty()) {
            return Ok(());
        }
        let size = self.legend_size();
        let points: Vec<BackendCoord> = self
            .lines
            .iter()
            .flatten()
            .map(|p| plot.map_coordinate(p))
            .collect();
        let (x, y) = quietest_corner(plot, size, &points);
        let frame = [(x, y), (x + size.0, y + size.1)];
        let draw = |element| self.root.draw(&element).map_err(plot_error);
        draw(Rectangle::new(frame, WHITE.filled()))?;
        draw(Rectangle::new(
            frame,
            RGBColor(160, 160, 160).stroke_width(1),
        ))?;
        for (i, series) in self.chart.series.iter().enumerate() {
            let top = y + LEGEND_PAD + i as i32 * (LEGEND_LINE + LEGEND_PAD);
            self.draw_legend_row(i, &series.name, (x + LEGEND_PAD, top))?;
        }
        Ok(())
    }

    /// Width and height of the legend's box.
    fn legend_size(&self) -> (i32, i32) {
        let scale = text_scale(f64::from(LABEL_SIZE));
        let names = self
            .chart
            .series
            .iter()
            .map(|s| text_size(&s.name, scale).0);
        let rows = self.chart.series.len() as i32;
        (
            3 * LEGEND_PAD + SWATCH + names.max().unwrap_or(0) as i32,
            LEGEND_PAD + rows * (LEGEND_LINE + LEGEND_PAD),
        )
    }

    /// Series `i`'s swatch and name, from the row's top-left pixel.
    fn draw_legend_row(
        &self,
        i: usize,
        name: &str,
        (left, top): BackendCoord,
    ) -> Result<(), String> {
        let middle = top + LEGEND_LINE / 2;
        let color = SERIES_COLORS[i % SERIES_COLORS.len()];
        let swatch = PathElement::new(
            vec![(left, middle), (left + SWATCH, middle)],
            color.stroke_width(SERIES_WIDTH),
        );
        self.root.draw(&swatch).map_err(plot_error)?;
        let name = Text::new(
            name,
            (left + SWATCH + LEGEND_PAD, top),
            text_style(LABEL_SIZE),
        );
        self.root.draw(&name).map_err(plot_error)
    }
}

/// The top-left pixel of a box of `size` in one of the corners of `plot`, whichever
/// holds the fewest of `points`.
fn quietest_corner<X: Ranged, Y: Ranged>(
    plot: &DrawingArea<PixmapBackend, Cartesian2d<X, Y>>,
    (width, height): (i32, i32),
    points: &[BackendCoord],
) -> BackendCoord {
    let (left, top) = plot.get_base_pixel();
    let (plot_width, plot_height) = plot.dim_in_pixel();
    let right = left + plot_width as i32 - LEGEND_INSET - width;
    let bottom = top + plot_height as i32 - LEGEND_INSET - height;
    let (left, top) = (left + LEGEND_INSET, top + LEGEND_INSET);
    let hidden = |&(x, y): &BackendCoord| {
        points
            .iter()
            .filter(|p| (x..=x + width).contains(&p.0) && (y..=y + height).contains(&p.1))
            .count()
    };
    // Ties go to the first: top right, where legends usually are.
    [(right, top), (left, top), (right, bottom), (left, bottom)]
        .into_iter()
        .min_by_key(hidden)
        .expect("four corners")
}

fn text_style(size: u32) -> TextStyle<'static> {
    TextStyle::from(("sans-serif", size).into_font()).color(&TEXT_COLOR)
}

/// Height under the plot: the tick labels, then the x axis's name if there is one.
fn x_label_area(named: bool) -> u32 {
    let line = text_size("0", text_scale(f64::from(LABEL_SIZE))).1;
    2 * TICK + line + if named { 2 * line } else { line / 2 }
}

/// Width left of the plot: the widest tick label plotters will write on `y`, then the
/// y axis's name (drawn upright along the axis) if there is one.
fn y_label_area<Y: Ranged<ValueType = f64>>(y: &Y, named: bool) -> u32 {
    let scale = text_scale(f64::from(LABEL_SIZE));
    let widest = y
        .key_points(BoldPoints(TICK_LABELS))
        .into_iter()
        .map(|v| text_size(&tick_label(v), scale).0)
        .max()
        .unwrap_or(0);
    let line = text_size("0", scale).1;
    2 * TICK + widest + if named { 2 * line } else { line / 2 }
}

#[cfg(test)]
mod tests {
    use super::*;

    const WIDTH: u32 = 480;
    const HEIGHT: u32 = 320;

    fn series(name: &str, points: impl IntoIterator<Item = (f64, f64)>) -> Series {
        Series {
            name: name.to_string(),
            points: points.into_iter().collect(),
        }
    }

    fn chart(series: Vec<Series>) -> LineChart {
        LineChart {
            x_label: "x".to_string(),
            y_label: "y".to_string(),
            series,
            ..LineChart::default()
        }
    }

    /// Pixels within a small distance of `color` (the anti-aliased edges blend to white).
    fn is(pixel: tiny_skia::PremultipliedColorU8, color: RGBColor) -> bool {
        let near = |a: u8, b: u8| a.abs_diff(b) <= 24;
        near(pixel.red(), color.0) && near(pixel.green(), color.1) && near(pixel.blue(), color.2)
    }

    /// Each column that holds pixels of `color`, with the mean row of those pixels.
    fn columns_of(pixmap: &Pixmap, color: RGBColor) -> Vec<(u32, f64)> {
        (0..pixmap.width())
            .filter_map(|x| {
                let rows: Vec<u32> = (0..pixmap.height())
                    .filter(|&y| is(pixmap.pixel(x, y).unwrap(), color))
                    .collect();
                let mean = || f64::from(rows.iter().sum::<u32>()) / rows.len() as f64;
                (!rows.is_empty()).then(|| (x, mean()))
            })
            .collect()
    }

    #[test]
    fn each_series_is_drawn_across_the_plot_in_its_own_colour() {
        let flat = |y: f64| (0..=20).map(move |i| (f64::from(i), y));
        let pixmap = draw_line_chart(
            &chart(vec![series("low", flat(1.0)), series("high", flat(2.0))]),
            WIDTH,
            HEIGHT,
        )
        .unwrap();
        let (low, high) = (
            columns_of(&pixmap, SERIES_COLORS[0]),
            columns_of(&pixmap, SERIES_COLORS[1]),
        );
        // Far wider than the legend's swatches: the lines themselves.
        assert!(
            low.len() > 300 && high.len() > 300,
            "{} {}",
            low.len(),
            high.len()
        );
        let middle = |columns: &[(u32, f64)]| columns[columns.len() / 2].1;
        assert!(
            middle(&high) < middle(&low),
            "the higher series is drawn higher"
        );
    }

    #[test]
    fn the_title_is_drawn_centred_on_top() {
        let mut with_title = chart(vec![series("s", [(0.0, 0.0), (1.0, 1.0)])]);
        with_title.title = "Energy per step".to_string();
        let pixmap = draw_line_chart(&with_title, WIDTH, HEIGHT).unwrap();
        let band = MARGIN + 2 * GLYPH_SIZE;
        let dark: Vec<u32> = (0..band)
            .flat_map(|y| (0..WIDTH).map(move |x| (x, y)))
            .filter(|&(x, y)| pixmap.pixel(x, y).unwrap().red() < 100)
            .map(|(x, _)| x)
            .collect();
        assert!(
            dark.len() > 200,
            "the title's glyphs: {} dark pixels",
            dark.len()
        );
        let (left, right) = (dark.iter().min().unwrap(), dark.iter().max().unwrap());
        assert!(
            (left + right).abs_diff(WIDTH) < 8,
            "centred: {left}..{right}"
        );
        let (title_width, _) = text_size(&with_title.title, text_scale(f64::from(TITLE_SIZE)));
        assert!(
            right - left > title_width - 8,
            "the whole title: {left}..{right}"
        );
    }

    #[test]
    fn a_power_law_is_a_straight_rising_line_on_log_log_axes() {
        let mut square = chart(vec![series(
            "",
            (0..=30).map(|i| {
                let x = 10f64.powf(f64::from(i) / 10.0);
                (x, x * x)
            }),
        )]);
        (square.log_x, square.log_y) = (true, true);
        let pixmap = draw_line_chart(&square, WIDTH, HEIGHT).unwrap();
        let line = columns_of(&pixmap, SERIES_COLORS[0]);
        assert!(line.len() > 300, "{} columns", line.len());
        assert!(line.windows(2).all(|w| w[1].1 <= w[0].1 + 0.5), "rising");
        // Both axes pad their data by the same fraction, so the line runs corner to
        // corner of the plot, inset alike: it is straight, and so its middle is the
        // mean of its ends.
        let (first, last) = (line[0], line[line.len() - 1]);
        for &(x, y) in &line[3..line.len() - 3] {
            let t = f64::from(x - first.0) / f64::from(last.0 - first.0);
            let expected = first.1 + t * (last.1 - first.1);
            assert!(
                (y - expected).abs() < 2.0,
                "column {x}: row {y}, not {expected}"
            );
        }
        assert!(first.1 > f64::from(HEIGHT) * 0.6 && last.1 < f64::from(HEIGHT) * 0.2);
    }

    #[test]
    fn points_that_cannot_be_drawn_are_skipped() {
        let mut chart = chart(vec![series(
            "gappy",
            [
                (1.0, 1.0),
                (f64::NAN, 2.0),
                (2.0, -1.0),
                (3.0, f64::INFINITY),
                (4.0, 4.0),
            ],
        )]);
        chart.log_y = true;
        assert!(draw_line_chart(&chart, WIDTH, HEIGHT).is_ok());
    }

    #[test]
    fn an_empty_chart_is_an_error() {
        let error = draw_line_chart(&chart(vec![]), WIDTH, HEIGHT).unwrap_err();
        assert!(error.contains("no series"), "{error}");
    }

    #[test]
    fn a_series_with_nothing_to_draw_on_a_log_axis_is_an_error() {
        let mut chart = chart(vec![
            series("fine", [(1.0, 1.0), (2.0, 3.0)]),
            series("losses", [(1.0, 0.0), (2.0, -3.0)]),
        ]);
        chart.log_y = true;
        let error = draw_line_chart(&chart, WIDTH, HEIGHT).unwrap_err();
        assert!(
            error.contains("\"losses\"") && error.contains("logarithmic"),
            "{error}"
        );
    }

    #[test]
    fn any_size_is_a_chart_or_an_error_never_a_panic() {
        let chart = chart(vec![series("s", [(0.0, 0.0), (1.0, 1e9)])]);
        for (width, height) in [(0, 10), (1, 1), (20, 20), (60, 40), (100, 80)] {
            let _ = draw_line_chart(&chart, width, height);
        }
    }

    #[test]
    fn values_too_far_apart_to_pad_are_an_error() {
        let chart = chart(vec![series("s", [(0.0, -f64::MAX), (1.0, f64::MAX)])]);
        let error = draw_line_chart(&chart, WIDTH, HEIGHT).unwrap_err();
        assert!(error.contains("y values"), "{error}");
    }

    #[test]
    fn tick_labels_are_short() {
        let labels = [0.0, 0.1 + 0.2, -1.5, 10000.0, 1e6, 2.5e-4, 1e-3 * 10.0];
        assert_eq!(
            labels.map(tick_label),
            ["0", "0.3", "-1.5", "10000", "1e6", "2.5e-4", "0.01"]
        );
    }
}
