//! Inline SVG charts for the HTML report, drawn here (no scripts, nothing fetched): lines over the run's seconds
//! (gaps where a bucket had nothing) and a histogram over log-spaced latency bins. Colours come from the page's
//! style sheet by class (`s0`, `s1`, …); every text goes through [`esc`].

use std::fmt::Write;

const W: f64 = 760.0;
const H: f64 = 230.0;
const LEFT: f64 = 60.0;
const RIGHT: f64 = 16.0;
const TOP: f64 = 22.0;
const BOTTOM: f64 = 30.0;

/// Text made safe for HTML and SVG, in element content and in quoted attributes.
pub fn esc(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// One line of a chart: its name (the legend) and its points; a step in x wider than `gap` breaks the line.
pub struct Line {
    pub name: String,
    pub points: Vec<(f64, f64)>,
    pub gap: f64,
}

/// About four round steps from 0 to at least `max`: 1, 2 or 5 × a power of ten.
pub fn ticks(max: f64) -> Vec<f64> {
    let max = if max.is_finite() && max > 0.0 { max } else { 1.0 };
    let raw = max / 4.0;
    let power = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 5.0, 10.0].iter().map(|m| m * power).find(|s| *s >= raw).unwrap_or(10.0 * power);
    let n = (max / step).ceil() as usize;
    (0..=n.max(1)).map(|i| i as f64 * step).collect()
}

/// A number for an axis: no trailing zeros, at most three decimals.
pub fn num(v: f64) -> String {
    if v.abs() >= 100.0 || v == v.trunc() {
        format!("{v:.0}")
    } else {
        let s = format!("{v:.3}");
        s.trim_end_matches('0').trim_end_matches('.').to_owned()
    }
}

fn open_svg(out: &mut String, id: &str, label: &str) {
    let _ = write!(
        out,
        r#"<svg id="{}" role="img" aria-label="{}" viewBox="0 0 {W} {H}" xmlns="http://www.w3.org/2000/svg">"#,
        esc(id),
        esc(label)
    );
}

/// A horizontal grid line at `at` (px) with its value on the y axis.
fn grid_row(out: &mut String, at: f64, value: f64) {
    let _ = write!(
        out,
        r#"<line class="grid" x1="{LEFT}" x2="{right:.1}" y1="{at:.1}" y2="{at:.1}"/><text class="axis" x="{label:.0}" y="{base:.1}" text-anchor="end">{text}</text>"#,
        right = W - RIGHT,
        label = LEFT - 6.0,
        base = at + 4.0,
        text = esc(&num(value))
    );
}

fn legend(out: &mut String, names: &[&str]) {
    let mut x = LEFT + 4.0;
    for (i, name) in names.iter().enumerate() {
        let _ = write!(
            out,
            r#"<rect class="fill s{i}" x="{x:.0}" y="6" width="10" height="10"/><text x="{:.0}" y="15">{}</text>"#,
            x + 14.0,
            esc(name)
        );
        x += 24.0 + 7.0 * name.chars().count() as f64;
    }
}

/// Lines over x from 0 to `x_max` (seconds), y from 0 to their highest point; `y_unit` labels the y axis.
pub fn lines(id: &str, label: &str, x_max: f64, y_unit: &str, lines: &[Line]) -> String {
    let y_top = lines.iter().flat_map(|l| l.points.iter().map(|p| p.1)).fold(0.0, f64::max);
    let (xs, ys) = (ticks(x_max), ticks(y_top));
    let (x_end, y_end) = (*xs.last().unwrap_or(&1.0), *ys.last().unwrap_or(&1.0));
    let px = |x: f64| LEFT + x / x_end * (W - LEFT - RIGHT);
    let py = |y: f64| H - BOTTOM - y / y_end * (H - TOP - BOTTOM);
    let mut out = String::new();
    open_svg(&mut out, id, label);
    for y in &ys {
        grid_row(&mut out, py(*y), *y);
    }
    for x in &xs {
        let _ = write!(
            out,
            r#"<text class="axis" x="{:.1}" y="{:.0}" text-anchor="middle">{}s</text>"#,
            px(*x),
            H - BOTTOM + 16.0,
            esc(&num(*x))
        );
    }
    let _ = write!(
        out,
        r#"<text class="axis" x="12" y="{:.0}" transform="rotate(-90 12 {0:.0})" text-anchor="middle">{}</text>"#,
        (H - BOTTOM + TOP) / 2.0,
        esc(y_unit)
    );
    for (i, line) in lines.iter().enumerate() {
        let mut d = String::new();
        let mut last: Option<f64> = None;
        for (x, y) in &line.points {
            let cmd = if last.is_some_and(|l| x - l <= line.gap) { 'L' } else { 'M' };
            let _ = write!(d, "{cmd}{:.1} {:.1}", px(*x), py(*y));
            last = Some(*x);
        }
        if !d.is_empty() {
            let _ = write!(out, r#"<path class="line s{i}" d="{d}"/>"#);
        }
        // Points standing alone would not show as a line.
        if line.points.len() <= 60 {
            for (x, y) in &line.points {
                let _ = write!(out, r#"<circle class="fill s{i}" cx="{:.1}" cy="{:.1}" r="2"/>"#, px(*x), py(*y));
            }
        }
    }
    let names: Vec<&str> = lines.iter().map(|l| l.name.as_str()).collect();
    legend(&mut out, &names);
    out.push_str("</svg>");
    out
}

/// Milliseconds for a log axis: `0.01 ms`, `10 ms`, `2 s`.
fn ms_label(ms: f64) -> String {
    if ms >= 1_000.0 { format!("{} s", num(ms / 1_000.0)) } else { format!("{} ms", num(ms)) }
}

/// A histogram of latency bins (`[low, high)` in µs, count) on a log x axis in ms, with the p50 and p99 marked.
pub fn histogram(id: &str, label: &str, bins: &[(f64, f64, u64)], p50_ms: Option<f64>, p99_ms: Option<f64>) -> String {
    let mut out = String::new();
    open_svg(&mut out, id, label);
    let (Some(first), Some(last)) = (bins.first(), bins.last()) else {
        let _ = write!(
            out,
            r#"<text class="axis" x="{:.0}" y="{:.0}" text-anchor="middle">nothing recorded</text></svg>"#,
            W / 2.0,
            H / 2.0
        );
        return out;
    };
    // Decades in ms around the bins.
    let low = (first.0 / 1_000.0).log10().floor();
    let high = (last.1 / 1_000.0).log10().ceil().max(low + 1.0);
    let px = |ms: f64| LEFT + (ms.log10() - low) / (high - low) * (W - LEFT - RIGHT);
    let top = bins.iter().map(|b| b.2).max().unwrap_or(1).max(1) as f64;
    let ys = ticks(top);
    let y_end = *ys.last().unwrap_or(&1.0);
    let py = |y: f64| H - BOTTOM - y / y_end * (H - TOP - BOTTOM);
    for y in &ys {
        grid_row(&mut out, py(*y), *y);
    }
    let mut decade = low;
    while decade <= high {
        let ms = 10f64.powf(decade);
        let _ = write!(
            out,
            r#"<text class="axis" x="{:.1}" y="{:.0}" text-anchor="middle">{}</text>"#,
            px(ms),
            H - BOTTOM + 16.0,
            esc(&ms_label(ms))
        );
        decade += 1.0;
    }
    for (lo, hi, n) in bins {
        let (x0, x1) = (px(lo / 1_000.0), px(hi / 1_000.0));
        let y = py(*n as f64);
        let _ = write!(
            out,
            r#"<rect class="fill s0" x="{x0:.1}" y="{y:.1}" width="{:.1}" height="{:.1}"><title>{} – {}: {n}</title></rect>"#,
            (x1 - x0).max(0.8),
            H - BOTTOM - y,
            esc(&ms_label(lo / 1_000.0)),
            esc(&ms_label(hi / 1_000.0))
        );
    }
    for (i, (name, at)) in [("p50", p50_ms), ("p99", p99_ms)].into_iter().enumerate() {
        if let Some(ms) = at.filter(|ms| *ms > 0.0) {
            let x = px(ms);
            let _ = write!(
                out,
                r#"<line class="mark s{}" x1="{x:.1}" x2="{x:.1}" y1="{TOP}" y2="{:.0}"/><text x="{:.1}" y="{:.0}">{} {}</text>"#,
                i + 1,
                H - BOTTOM,
                x + 3.0,
                TOP + 12.0 + 14.0 * i as f64,
                name,
                esc(&ms_label(ms))
            );
        }
    }
    out.push_str("</svg>");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_escaped_for_content_and_attributes() {
        assert_eq!(esc(r#"<b a="1">'x' & y</b>"#), "&lt;b a=&quot;1&quot;&gt;&#39;x&#39; &amp; y&lt;/b&gt;");
    }

    #[test]
    fn ticks_are_round_and_cover_the_maximum() {
        assert_eq!(ticks(37.0), vec![0.0, 10.0, 20.0, 30.0, 40.0]);
        assert_eq!(ticks(0.0), vec![0.0, 0.5, 1.0]);
        assert!(ticks(1_234.0).last().is_some_and(|t| *t >= 1_234.0));
        assert_eq!(num(2.5), "2.5");
        assert_eq!(num(0.125), "0.125");
        assert_eq!(num(300.0), "300");
    }

    #[test]
    fn a_line_breaks_at_gaps_and_the_chart_is_one_svg() {
        let line = Line { name: "p99".into(), points: vec![(0.0, 1.0), (1.0, 2.0), (5.0, 3.0)], gap: 1.5 };
        let svg = lines("c", "test <chart>", 6.0, "ms", &[line]);
        assert!(svg.starts_with("<svg id=\"c\"") && svg.ends_with("</svg>"));
        assert!(svg.contains("aria-label=\"test &lt;chart&gt;\""));
        let d = svg.split(" d=\"").nth(1).and_then(|d| d.split('"').next()).unwrap_or_default();
        assert_eq!(d.matches('M').count(), 2, "{d}");
    }

    #[test]
    fn a_histogram_marks_its_percentiles_and_says_when_empty() {
        let svg = histogram("h", "x", &[(900.0, 1_000.0, 3), (9_000.0, 10_000.0, 1)], Some(0.95), Some(9.5));
        assert_eq!(svg.matches("<rect").count(), 2);
        assert!(svg.contains(">p50 0.95 ms<") && svg.contains(">p99 9.5 ms<"), "{svg}");
        assert!(histogram("h", "x", &[], None, None).contains("nothing recorded"));
    }
}
