//! The HTML report written next to `report.json` (same path, `.html`): one self-contained page (inline style and
//! SVG, no scripts, nothing fetched) that reads at a glance. A header with the run's figures and its checks in big
//! PASS / FAIL; then each latency's p50 / p99 per second and its histogram; clients connected, work and frames per
//! second; the server's CPU and memory when measured; the latency table, error and rejection kinds, and any tables
//! the swarm adds (players by kind). Every text is escaped.

use crate::common::charts::{self, Line, esc};
use crate::common::report::{LatencyView, ServerFigures, opt};
use crate::common::series::{Rates, Sample};
use std::collections::BTreeMap;
use std::fmt::Write;

/// A check of the run, shown big: `money check` PASS / FAIL with its detail (`3 mismatches`).
#[derive(Debug, Clone)]
pub struct Verdict {
    pub name: String,
    pub passed: bool,
    pub detail: String,
}

/// A table of figures: a title, column heads, rows.
#[derive(Debug, Clone, Default)]
pub struct Table {
    pub title: String,
    pub head: Vec<String>,
    pub rows: Vec<Vec<String>>,
}

/// Everything the page shows.
#[derive(Debug, Clone, Default)]
pub struct Page {
    /// `aviator swarm`, `rounds swarm (titli)`, …
    pub title: String,
    /// The run's result (every check, errors included).
    pub passed: bool,
    pub verdicts: Vec<Verdict>,
    /// The header's figures: name and value.
    pub figures: Vec<(String, String)>,
    pub latencies: Vec<LatencyView>,
    /// The ticker's samples (connections and counters over time).
    pub timeline: Vec<Sample>,
    /// The swarm's unit of work in the samples: `bets`, `moves`, `frames`.
    pub unit: String,
    pub server: ServerFigures,
    pub error_kinds: BTreeMap<String, u64>,
    pub rejection_kinds: BTreeMap<String, u64>,
    pub tables: Vec<Table>,
}

const STYLE: &str = "
body{font:15px/1.45 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:0;color:#1f2933;background:#f5f7fa}
main{max-width:1600px;margin:0 auto;padding:20px 28px 40px}
h1{font-size:26px;margin:0 0 4px}h2{font-size:19px;margin:30px 0 10px;border-bottom:1px solid #d9e2ec;padding-bottom:4px}
header{display:flex;flex-wrap:wrap;gap:18px;align-items:stretch}
.verdict{border-radius:10px;padding:12px 22px;color:#fff;min-width:170px}
.verdict .big{font-size:44px;font-weight:800;letter-spacing:2px;line-height:1.05}
.verdict.pass{background:#1f9d55}.verdict.fail{background:#d64545}
.verdict .name{font-weight:600}.verdict .detail{opacity:.92}
dl.figures{display:grid;grid-template-columns:repeat(auto-fill,minmax(150px,1fr));gap:8px;margin:0;flex:1;min-width:320px}
dl.figures div{background:#fff;border:1px solid #d9e2ec;border-radius:8px;padding:6px 10px}
dt{font-size:12px;color:#52606d;text-transform:uppercase;letter-spacing:.4px}dd{margin:0;font-size:20px;font-weight:600}
.charts{display:grid;grid-template-columns:repeat(auto-fill,minmax(520px,1fr));gap:14px}
figure{margin:0;background:#fff;border:1px solid #d9e2ec;border-radius:8px;padding:8px}
figcaption{font-weight:600;margin:0 0 4px 4px}svg{width:100%;height:auto;display:block;font-size:11px}
svg text{fill:#3e4c59}.axis{fill:#7b8794}.grid{stroke:#e4e7eb;stroke-width:1}
.line{fill:none;stroke-width:1.8}.mark{stroke-width:1.5;stroke-dasharray:4 3}
.s0{stroke:#2563eb;fill:#2563eb}.s1{stroke:#dc2626;fill:#dc2626}.s2{stroke:#059669;fill:#059669}.s3{stroke:#d97706;fill:#d97706}
.line.s0,.line.s1,.line.s2,.line.s3,.mark{fill:none}rect.s0{fill-opacity:.75}
table{border-collapse:collapse;background:#fff;margin:0 0 12px}th,td{border:1px solid #d9e2ec;padding:4px 10px;text-align:right}
th:first-child,td:first-child{text-align:left}th{background:#eef2f7}
.muted{color:#7b8794}
";

/// A name for an element id: lower case letters and digits, the rest `-`.
fn slug(name: &str) -> String {
    name.chars().map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_lowercase() } else { '-' }).collect()
}

fn figure(out: &mut String, caption: &str, svg: &str) {
    let _ = write!(out, "<figure><figcaption>{}</figcaption>{svg}</figure>", esc(caption));
}

/// A table under its title (none when the title is empty).
fn table(out: &mut String, t: &Table) {
    if !t.title.is_empty() {
        let _ = write!(out, "<h2>{}</h2>", esc(&t.title));
    }
    out.push_str("<table><tr>");
    for h in &t.head {
        let _ = write!(out, "<th>{}</th>", esc(h));
    }
    out.push_str("</tr>");
    for row in &t.rows {
        out.push_str("<tr>");
        for cell in row {
            let _ = write!(out, "<td>{}</td>", esc(cell));
        }
        out.push_str("</tr>");
    }
    out.push_str("</table>");
}

impl Page {
    /// The run's length on the charts' x axis: the last sample or bucket.
    fn x_max(&self, origin: f64) -> f64 {
        let samples = self.timeline.last().map_or(0.0, |s| s.at_secs - origin);
        let buckets = self
            .latencies
            .iter()
            .flat_map(|l| l.points.last().map(|p| p.start_secs + l.width_secs as f64 - origin))
            .fold(0.0, f64::max);
        samples.max(buckets).max(1.0)
    }

    pub fn render(&self) -> String {
        // Time 0 is the first sample (the players' start); latencies are on the same clock.
        let origin = self.timeline.first().map_or(0.0, |s| s.at_secs);
        let x_max = self.x_max(origin);
        let mut out = String::with_capacity(64 * 1024);
        let _ = write!(
            out,
            "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
             <meta name=\"viewport\" content=\"width=device-width,initial-scale=1\"><title>{}</title><style>{STYLE}</style>\
             </head><body><main>",
            esc(&self.title)
        );
        self.header(&mut out);
        self.latency_charts(&mut out, origin, x_max);
        self.activity_charts(&mut out, origin, x_max);
        self.server_section(&mut out, origin, x_max);
        self.latency_table(&mut out);
        self.kinds_tables(&mut out);
        for t in &self.tables {
            table(&mut out, t);
        }
        out.push_str(
            "<p class=\"muted\">Written by load-tests. Latency charts: p50 and p99 of each bucket of seconds \
                       (values within ~6 %); the table's figures are exact.</p></main></body></html>\n",
        );
        out
    }

    fn header(&self, out: &mut String) {
        let _ = write!(out, "<h1>{}</h1><header>", esc(&self.title));
        let run = Verdict {
            name: "run".into(),
            passed: self.passed,
            detail: if self.passed { "every check passed".into() } else { "see the checks and errors".into() },
        };
        for v in self.verdicts.iter().chain([&run]) {
            let (class, word) = if v.passed { ("pass", "PASS") } else { ("fail", "FAIL") };
            let _ = write!(
                out,
                "<div class=\"verdict {class}\" id=\"verdict-{}\"><div class=\"name\">{}</div><div class=\"big\">{word}</div>\
                 <div class=\"detail\">{}</div></div>",
                slug(&v.name),
                esc(&v.name),
                esc(&v.detail)
            );
        }
        out.push_str("<dl class=\"figures\">");
        for (name, value) in &self.figures {
            let _ = write!(out, "<div><dt>{}</dt><dd>{}</dd></div>", esc(name), esc(value));
        }
        out.push_str("</dl></header>");
    }

    fn latency_charts(&self, out: &mut String, origin: f64, x_max: f64) {
        out.push_str(
            "<h2 id=\"latency-over-time\">Latency over time (p50 / p99 per second, ms)</h2><div class=\"charts\">",
        );
        for l in &self.latencies {
            let width = l.width_secs.max(1) as f64;
            let at = |start: f64| start + width / 2.0 - origin;
            let line = |name: &str, pick: fn(&crate::common::series::Point) -> f64| Line {
                name: name.into(),
                points: l.points.iter().map(|p| (at(p.start_secs), pick(p) / 1_000.0)).collect(),
                gap: width * 1.5,
            };
            let lines = [line("p50", |p| p.p50), line("p99", |p| p.p99)];
            let caption = if l.width_secs > 1 {
                format!("{}: p50 / p99 per {} s", l.name, l.width_secs)
            } else {
                format!("{}: p50 / p99 per second", l.name)
            };
            let svg = charts::lines(&format!("chart-latency-{}", slug(&l.name)), &caption, x_max, "ms", &lines);
            figure(out, &caption, &svg);
        }
        out.push_str(
            "</div><h2 id=\"histograms\">Latency histograms (whole run, log scale)</h2><div class=\"charts\">",
        );
        for l in &self.latencies {
            let caption = format!("{}: {} values", l.name, l.summary.count);
            let svg =
                charts::histogram(&format!("hist-{}", slug(&l.name)), &caption, &l.bins, l.summary.p50, l.summary.p99);
            figure(out, &caption, &svg);
        }
        out.push_str("</div>");
    }

    /// Per-second rates between consecutive samples, at the later one (not over the run's last, shorter stretch
    /// if it is under half a second: too short to be a rate).
    fn rates(&self, origin: f64) -> Vec<(f64, Rates)> {
        self.timeline
            .windows(2)
            .filter(|w| w[1].at_secs - w[0].at_secs >= 0.5)
            .map(|w| (w[1].at_secs - origin, Rates::between(&w[0], &w[1])))
            .collect()
    }

    fn activity_charts(&self, out: &mut String, origin: f64, x_max: f64) {
        out.push_str("<h2 id=\"connections\">Connections and throughput</h2><div class=\"charts\">");
        let gap = f64::INFINITY;
        let connected = Line {
            name: "connected".into(),
            points: self.timeline.iter().map(|s| (s.at_secs - origin, s.connected as f64)).collect(),
            gap,
        };
        figure(
            out,
            "clients connected",
            &charts::lines("chart-connections", "clients connected", x_max, "clients", &[connected]),
        );
        let rates = self.rates(origin);
        let unit = if self.unit.is_empty() { "work" } else { self.unit.as_str() };
        let work = Line { name: format!("{unit}/s"), points: rates.iter().map(|(t, r)| (*t, r.work)).collect(), gap };
        let caption = format!("{unit} per second");
        figure(out, &caption, &charts::lines("chart-throughput", &caption, x_max, &format!("{unit}/s"), &[work]));
        let frames =
            Line { name: "frames/s".into(), points: rates.iter().map(|(t, r)| (*t, r.messages)).collect(), gap };
        let errors = Line {
            name: "errors (total)".into(),
            points: self.timeline.iter().map(|s| (s.at_secs - origin, s.errors as f64)).collect(),
            gap,
        };
        figure(
            out,
            "frames received per second",
            &charts::lines("chart-messages", "frames received per second", x_max, "frames/s", &[frames]),
        );
        figure(out, "errors so far", &charts::lines("chart-errors", "errors so far", x_max, "errors", &[errors]));
        out.push_str("</div>");
    }

    fn server_section(&self, out: &mut String, origin: f64, x_max: f64) {
        out.push_str("<h2 id=\"server\">Server</h2>");
        let s = &self.server;
        let rows = [
            ("peak memory (MB)", s.server_peak_memory_mb),
            ("memory before the players (MB)", s.server_rss_before_mb),
            ("KB per player", s.server_kb_per_bettor),
            ("CPU seconds while they played", s.server_cpu_secs),
            ("CPU µs per frame received", s.server_cpu_us_per_message),
        ];
        if rows.iter().all(|(_, v)| v.is_none()) {
            out.push_str("<p class=\"muted\">Not measured (run with <code>--server-pid</code>).</p>");
            return;
        }
        let t = Table {
            title: String::new(),
            head: vec!["figure".into(), "value".into()],
            rows: rows.iter().map(|(k, v)| vec![(*k).to_owned(), opt(*v)]).collect(),
        };
        table(out, &t);
        let cpu: Vec<(f64, f64)> =
            self.rates(origin).iter().filter_map(|(t, r)| Some((*t, r.server_cpu? * 100.0))).collect();
        let rss: Vec<(f64, f64)> =
            self.timeline.iter().filter_map(|s| Some((s.at_secs - origin, s.server_rss_mb?))).collect();
        if cpu.is_empty() && rss.is_empty() {
            return;
        }
        out.push_str("<div class=\"charts\">");
        let gap = f64::INFINITY;
        let cpu = Line { name: "CPU".into(), points: cpu, gap };
        figure(
            out,
            "server CPU (% of one core)",
            &charts::lines("chart-server-cpu", "server CPU", x_max, "% of a core", &[cpu]),
        );
        let rss = Line { name: "resident".into(), points: rss, gap };
        figure(
            out,
            "server resident memory (MB)",
            &charts::lines("chart-server-memory", "server memory", x_max, "MB", &[rss]),
        );
        out.push_str("</div>");
    }

    fn latency_table(&self, out: &mut String) {
        let t = Table {
            title: "Latencies (ms, whole run)".into(),
            head: ["latency", "count", "p50", "p90", "p99", "max"].map(String::from).to_vec(),
            rows: self
                .latencies
                .iter()
                .map(|l| {
                    let p = &l.summary;
                    vec![l.name.clone(), p.count.to_string(), opt(p.p50), opt(p.p90), opt(p.p99), opt(p.max)]
                })
                .collect(),
        };
        table(out, &t);
    }

    fn kinds_tables(&self, out: &mut String) {
        for (title, kinds) in [("Errors by kind", &self.error_kinds), ("Rejections by code", &self.rejection_kinds)] {
            if kinds.is_empty() {
                let _ = write!(out, "<h2>{}</h2><p class=\"muted\">None.</p>", esc(title));
                continue;
            }
            let t = Table {
                title: title.into(),
                head: vec!["kind".into(), "count".into()],
                rows: kinds.iter().map(|(k, n)| vec![k.clone(), n.to_string()]).collect(),
            };
            table(out, &t);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::common::report::Recorder;

    fn page(money_mismatches: u64) -> Page {
        let bet = Recorder::default();
        let lag = Recorder::default();
        for us in [900, 1_200, 5_000, 40_000] {
            bet.record(us);
            lag.record(us * 2);
        }
        let sample = |at: f64, connected: u64, work: u64| Sample {
            at_secs: at,
            connected,
            work,
            messages: work * 10,
            errors: 0,
            server_cpu_secs: Some(at / 2.0),
            server_rss_mb: Some(50.0 + at),
        };
        let passed = money_mismatches == 0;
        Page {
            title: "aviator swarm <script>alert(1)</script>".into(),
            passed,
            verdicts: vec![Verdict {
                name: "money check".into(),
                passed,
                detail: format!("{money_mismatches} mismatches"),
            }],
            figures: vec![("players".into(), "300".into()), ("note".into(), "a & b".into())],
            latencies: vec![bet.view("bet ack"), lag.view("broadcast lag")],
            timeline: vec![sample(0.0, 0, 0), sample(1.0, 150, 40), sample(2.0, 300, 90)],
            unit: "bets".into(),
            server: ServerFigures { server_peak_memory_mb: Some(54.0), ..ServerFigures::default() },
            error_kinds: BTreeMap::from([("ack_lost<x>".to_owned(), 2)]),
            rejection_kinds: BTreeMap::new(),
            tables: vec![Table {
                title: "Players by kind".into(),
                head: vec!["kind".into(), "players".into()],
                rows: vec![vec!["viewers".into(), "90".into()]],
            }],
        }
    }

    #[test]
    fn the_page_is_one_html_document_with_every_chart() {
        let html = page(0).render();
        assert!(html.starts_with("<!doctype html>\n<html lang=\"en\">"));
        assert!(html.ends_with("</html>\n"));
        // Self-contained: nothing to run, nothing to fetch.
        for outside in ["<script", "<link", " src=", "href=", "@import", "url("] {
            assert!(!html.contains(outside), "{outside}");
        }
        for id in [
            "chart-latency-bet-ack",
            "chart-latency-broadcast-lag",
            "hist-bet-ack",
            "hist-broadcast-lag",
            "chart-connections",
            "chart-throughput",
            "chart-messages",
            "chart-server-cpu",
            "chart-server-memory",
        ] {
            assert!(html.contains(&format!("<svg id=\"{id}\"")), "no chart {id}");
        }
        assert_eq!(html.matches("<svg ").count(), html.matches("</svg>").count());
        assert_eq!(html.matches("<figure>").count(), html.matches("</figure>").count());
        assert_eq!(html.matches("<table>").count(), html.matches("</table>").count());
        assert!(html.contains("Players by kind") && html.contains("<td>viewers</td><td>90</td>"));
        assert!(html.contains("id=\"verdict-money-check\"") && html.contains(">PASS<") && !html.contains(">FAIL<"));
    }

    #[test]
    fn every_text_is_escaped() {
        let html = page(0).render();
        assert!(html.contains("aviator swarm &lt;script&gt;alert(1)&lt;/script&gt;"));
        assert!(html.contains("<dd>a &amp; b</dd>"));
        assert!(html.contains("ack_lost&lt;x&gt;"));
        assert!(!html.contains("<x>"));
    }

    #[test]
    fn a_failed_money_check_renders_as_fail_with_its_mismatches() {
        let html = page(3).render();
        let verdict = html.split("id=\"verdict-money-check\"").nth(1).unwrap_or_default();
        assert!(
            verdict.starts_with("><div class=\"name\">money check</div><div class=\"big\">FAIL</div>"),
            "{verdict}"
        );
        assert!(verdict.contains("3 mismatches"));
        assert!(html.contains("class=\"verdict fail\" id=\"verdict-money-check\""));
        assert!(html.contains("class=\"verdict fail\" id=\"verdict-run\""));
    }

    #[test]
    fn a_run_without_a_server_pid_says_so() {
        let mut p = page(0);
        p.server = ServerFigures::default();
        let html = p.render();
        assert!(html.contains("Not measured") && !html.contains("chart-server-cpu"));
    }
}
