//! The reproduction as one self-contained HTML page (`reproduce --html
//! FILE`): inline CSS and SVG, no script, no font or image from the network,
//! so it opens offline and can be attached to a CI run or a supplement.
//!
//! The page holds a summary, then per document its claims (the rows of the
//! text table), its errata with the printed and the correct value side by
//! side, and its figures ([`super::figures`]); then the naive-versus-
//! optimized timings ([`super::timing`]) and SPEC.md's "Errata" section,
//! which the erratum boxes link to.

use super::figures::{Drawn, Figure};
use super::plot::{escape, inline};
use super::timing::{self, format_seconds, Measured};
use super::{document, errata, Meta, Run};
use crate::claims::{GameId, Status, Verdict};
use std::collections::BTreeSet;
use std::fmt::Write as _;

/// Everything the page shows.
pub struct Page<'a> {
    /// The checked claims.
    pub run: &'a Run,
    /// Version, date and machine.
    pub meta: &'a Meta,
    /// The figures, drawn or failed.
    pub figures: &'a [Drawn],
    /// The naive-versus-optimized ladders (empty: the section is left out).
    pub timing: &'a [Measured],
}

const STYLE: &str = r#"
:root { --pass: #1d7a36; --erratum: #a86400; --fail: #b3261e; --ink: #1b1f24; --muted: #5b6470;
        --line: #d9dde3; --soft: #f4f6f8; --accent: #1f3b73; }
* { box-sizing: border-box; }
body { margin: 0; color: var(--ink); background: #fff; font: 15px/1.5 "Noto Sans", "Noto Sans CJK JP",
       "Hiragino Sans", "Yu Gothic", "DejaVu Sans", system-ui, sans-serif; }
main { max-width: 1320px; margin: 0 auto; padding: 20px 28px 60px; }
h1 { font-size: 26px; margin: 8px 0 4px; }
h2 { font-size: 21px; margin: 40px 0 4px; padding-top: 10px; border-top: 3px solid var(--accent); }
h3 { font-size: 17px; margin: 26px 0 8px; }
a { color: var(--accent); }
code, .value, pre { font-family: "DejaVu Sans Mono", "Noto Sans Mono CJK JP", ui-monospace, monospace; }
.sub { color: var(--muted); margin: 0 0 12px; }
.banner { padding: 10px 14px; border-radius: 6px; font-weight: 600; margin: 12px 0; }
.banner.ok { background: #e6f4ea; color: var(--pass); }
.banner.bad { background: #fce8e6; color: var(--fail); }
.cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(150px, 1fr)); gap: 10px; margin: 12px 0; }
.card { border: 1px solid var(--line); border-radius: 6px; padding: 8px 12px; background: var(--soft); }
.card .n { font-size: 24px; font-weight: 700; }
.card .l { color: var(--muted); font-size: 13px; }
.card.pass .n { color: var(--pass); } .card.erratum .n { color: var(--erratum); } .card.fail .n { color: var(--fail); }
dl.meta { display: grid; grid-template-columns: max-content 1fr; gap: 2px 14px; margin: 8px 0; font-size: 14px; }
dl.meta dt { color: var(--muted); } dl.meta dd { margin: 0; }
nav ul { margin: 4px 0; padding-left: 20px; columns: 2; }
table { border-collapse: collapse; width: 100%; table-layout: fixed; font-size: 13.5px; }
th, td { border-bottom: 1px solid var(--line); padding: 5px 6px; text-align: left; vertical-align: top;
         overflow-wrap: anywhere; }
th { background: var(--soft); position: sticky; top: 0; font-size: 12.5px; text-transform: uppercase;
     letter-spacing: .03em; color: var(--muted); }
td.value { font-size: 12.5px; }
td.num, th.num { text-align: right; }
td.time { white-space: nowrap; }
.value { white-space: pre-wrap; }
a.quiet { text-decoration: none; }
.measured { color: var(--muted); font-size: 12px; margin-top: 3px; }
.badge { display: inline-block; padding: 1px 7px; border-radius: 10px; font-size: 12px; font-weight: 700; color: #fff; }
.badge.pass { background: var(--pass); } .badge.erratum { background: var(--erratum); } .badge.fail { background: var(--fail); }
.agree-no { color: var(--fail); font-weight: 700; }
tr.fail td { background: #fdf1f0; } tr.erratum td { background: #fff8ec; }
.erratum-box { border: 1px solid #e8c98f; border-left: 5px solid var(--erratum); border-radius: 6px;
               padding: 10px 14px; margin: 12px 0; background: #fffcf5; }
.erratum-box h4 { margin: 0 0 8px; font-size: 15px; }
.sides { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; }
.sides > div { background: #fff; border: 1px solid var(--line); border-radius: 4px; padding: 6px 10px; }
.sides .label { font-size: 12px; color: var(--muted); text-transform: uppercase; letter-spacing: .03em; }
.sides .printed .value { color: var(--fail); text-decoration: line-through; text-decoration-thickness: 1px; }
.sides .correct .value { color: var(--pass); font-weight: 600; }
.reason { margin: 8px 0 0; font-size: 14px; }
figure { margin: 22px 0; padding: 12px; border: 1px solid var(--line); border-radius: 6px; }
figure svg { display: block; max-width: 100%; height: auto; margin: 0 auto; }
figure h4 { margin: 0 0 8px; font-size: 16px; }
figcaption { color: var(--muted); font-size: 13.5px; margin-top: 8px; }
figure.failed { border-color: var(--fail); color: var(--fail); }
pre.transcript { font-size: 14px; background: var(--soft); padding: 10px 14px; border-radius: 4px; overflow-x: auto; }
pre.transcript mark { background: #d6f0dc; }
pre.transcript .printed { color: var(--fail); }
.errata-text { font-size: 14px; }
.errata-text li { margin: 4px 0; }
.errata-text :target, .erratum-target:target { background: #fff3c4; }
footer { margin-top: 40px; color: var(--muted); font-size: 13px; }
@media (max-width: 900px) { .sides { grid-template-columns: 1fr; } nav ul { columns: 1; } }
"#;

impl Page<'_> {
    /// The page.
    #[must_use]
    pub fn render(&self) -> String {
        let (errata_html, anchored) = errata::html();
        let games: Vec<GameId> = GameId::ALL
            .into_iter()
            .filter(|g| {
                self.run.verdicts.iter().any(|v| v.claim.game == *g)
                    || self.figures.iter().any(|f| drawn_game(f) == *g)
            })
            .collect();
        let mut out = String::with_capacity(1 << 20);
        let _ = write!(
            out,
            "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
             <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
             <title>solved-games — reproduction of {} published claims</title>\n\
             <style>{STYLE}</style>\n</head>\n<body>\n<main>\n",
            self.run.verdicts.len()
        );
        self.summary(&mut out, &games);
        for &game in &games {
            self.game_section(&mut out, game, &anchored);
        }
        if !self.timing.is_empty() {
            self.timing_section(&mut out);
        }
        let _ = write!(
            out,
            "<section id=\"errata\">\n<h2>SPEC.md: Errata</h2>\n<p class=\"sub\">The \
             specification's account of every slip, embedded as it was when this binary was \
             built.</p>\n<div class=\"errata-text\">\n{errata_html}</div>\n</section>\n"
        );
        let _ = write!(
            out,
            "<footer>Written by <code>solved-games reproduce --html</code> {} on {}. Every value \
             on this page was computed in that run; the published values come from the claims \
             registry. Regenerate with <code>cargo run --release -- reproduce --html \
             report.html</code>.</footer>\n</main>\n</body>\n</html>\n",
            escape(self.meta.version),
            escape(&self.meta.date)
        );
        out
    }

    fn summary(&self, out: &mut String, games: &[GameId]) {
        let s = self.run.summary();
        let _ = write!(
            out,
            "<h1>solved-games: the published claims, recomputed</h1>\n\
             <p class=\"sub\">Every number the five documents print, computed by an optimized \
             solver and, where feasible, again by an independent naive one.</p>\n"
        );
        if s.failed == 0 {
            let _ = writeln!(
                out,
                "<div class=\"banner ok\">No claim fails: {} pass as printed, {} are errata whose \
                 correct values the solvers compute.</div>",
                s.passed, s.errata
            );
        } else {
            let _ = writeln!(
                out,
                "<div class=\"banner bad\">{} of {} claims FAIL.</div>",
                s.failed, s.claims
            );
        }
        let card = |out: &mut String, class: &str, n: String, label: &str| {
            let _ = writeln!(
                out,
                "<div class=\"card {class}\"><div class=\"n\">{n}</div><div class=\"l\">{label}</div></div>"
            );
        };
        out.push_str("<div class=\"cards\">\n");
        card(out, "", s.claims.to_string(), "claims checked");
        card(out, "pass", s.passed.to_string(), "PASS");
        card(out, "erratum", s.errata.to_string(), "ERRATUM");
        card(out, "fail", s.failed.to_string(), "FAIL");
        card(
            out,
            "",
            format!("{}/{}", s.naive_agree, s.naive_run),
            "naive = optimized",
        );
        card(
            out,
            "",
            format!("{:.1} s", self.run.elapsed.as_secs_f64()),
            "total time of the checks",
        );
        out.push_str("</div>\n");
        let _ = writeln!(
            out,
            "<dl class=\"meta\"><dt>naive solver</dt><dd>run on {} of {} claims, agreeing with \
             the optimized solver on {}; the rest are beyond its reach and checked otherwise (see \
             each statement)</dd><dt>crate</dt><dd>solved-games {}</dd><dt>date</dt><dd>{}</dd>\
             <dt>machine</dt><dd>{}</dd></dl>",
            s.naive_run,
            s.claims,
            s.naive_agree,
            escape(self.meta.version),
            escape(&self.meta.date),
            escape(&self.meta.machine.describe())
        );
        out.push_str("<nav><ul>\n");
        for &g in games {
            let d = document(g);
            let _ = writeln!(
                out,
                "<li><a href=\"#game-{}\">{} {}</a></li>",
                g.name(),
                d.number,
                escape(d.game)
            );
        }
        if !self.timing.is_empty() {
            out.push_str("<li><a href=\"#timing\">naive against optimized</a></li>\n");
        }
        out.push_str("<li><a href=\"#errata\">SPEC.md: Errata</a></li>\n</ul></nav>\n");
    }

    fn game_section(&self, out: &mut String, game: GameId, anchored: &BTreeSet<String>) {
        let d = document(game);
        let verdicts: Vec<&Verdict> = self
            .run
            .verdicts
            .iter()
            .filter(|v| v.claim.game == game)
            .collect();
        let _ = write!(
            out,
            "<section id=\"game-{}\">\n<h2>{} — {}</h2>\n<p class=\"sub\">Document {}: {}</p>\n",
            game.name(),
            d.number,
            escape(d.game),
            d.number,
            escape(d.title)
        );
        if !verdicts.is_empty() {
            claims_table(out, &verdicts);
        }
        let errata: Vec<&&Verdict> = verdicts
            .iter()
            .filter(|v| v.status == Status::Erratum)
            .collect();
        if !errata.is_empty() {
            let _ = writeln!(out, "<h3>Errata of document {}</h3>", d.number);
            for v in errata {
                erratum_box(out, v, anchored);
            }
        }
        let figures: Vec<&Drawn> = self
            .figures
            .iter()
            .filter(|f| drawn_game(f) == game)
            .collect();
        if !figures.is_empty() {
            let _ = writeln!(out, "<h3>Figures of document {}</h3>", d.number);
            let on_page: BTreeSet<&str> = self.run.verdicts.iter().map(|v| v.claim.id).collect();
            for f in figures {
                match f {
                    Ok(f) => figure(out, f, &on_page),
                    Err(e) => {
                        let _ = writeln!(
                            out,
                            "<figure id=\"{}\" class=\"failed\"><h4>This figure could not be \
                             drawn</h4><figcaption>{}</figcaption></figure>",
                            e.id,
                            escape(&e.error)
                        );
                    }
                }
            }
        }
        out.push_str("</section>\n");
    }

    fn timing_section(&self, out: &mut String) {
        out.push_str(
            "<section id=\"timing\">\n<h2>Naive against optimized</h2>\n<p class=\"sub\">Each \
             game's two solvers timed in this process on a ladder of sizes (mean of repeated \
             runs of at least 10 ms; a solver stops where its growth predicts more than a \
             second). The slope is the exponent b fitted to time ≈ a·size<sup>b</sup>; for an \
             exponential search it grows with the sizes measured. Wall-clock times on a shared \
             machine: the shape is what counts; README's criterion benches give numbers to \
             quote.</p>\n",
        );
        match timing::plot(self.timing) {
            Ok(svg) => {
                let title = "Naive against optimized, log–log";
                let _ = writeln!(
                    out,
                    "<figure id=\"fig-timing\"><h4>{title}</h4>{}<figcaption>Seconds per solve \
                     against size for each game; lines join the sizes measured.</figcaption></figure>",
                    inline(&svg, title)
                );
            }
            Err(e) => {
                let _ = writeln!(
                    out,
                    "<figure id=\"fig-timing\" class=\"failed\"><figcaption>{}</figcaption></figure>",
                    escape(&e.to_string())
                );
            }
        }
        out.push_str(
            "<table class=\"timing\">\n<colgroup><col style=\"width:12%\"><col style=\"width:27%\">\
             <col style=\"width:17%\"><col style=\"width:9%\"><col style=\"width:9%\">\
             <col style=\"width:18%\"><col style=\"width:8%\"></colgroup>\n<tr><th>game</th>\
             <th>instance</th><th>sizes</th><th class=\"num\">naive slope</th><th \
             class=\"num\">optimized slope</th><th class=\"num\">speedup at the largest size \
             both reach</th><th>answers agree</th></tr>\n",
        );
        for m in self.timing {
            let sizes: Vec<String> = m.rungs.iter().map(|r| r.size.to_string()).collect();
            let slope = |b: Option<f64>| b.map_or("—".to_string(), |b| format!("{b:.2}"));
            let speedup = m.speedup().map_or("—".to_string(), |(size, x)| {
                let r = m.rungs.iter().find(|r| r.size == size);
                let times = r.map_or(String::new(), |r| {
                    format!(
                        "<div class=\"measured\">{} against {}</div>",
                        format_seconds(r.naive.unwrap_or(0.0)),
                        format_seconds(r.optimized.unwrap_or(0.0))
                    )
                });
                format!("×{} at {size}{times}", round_sig(x))
            });
            let _ = writeln!(
                out,
                "<tr><td>{}</td><td>{}</td><td>{}: {}</td><td class=\"num\">{}</td><td \
                 class=\"num\">{}</td><td class=\"num\">{}</td><td>{}</td></tr>",
                game_name(m.game),
                escape(m.instance),
                escape(m.size),
                sizes.join(", "),
                slope(m.naive_exponent()),
                slope(m.optimized_exponent()),
                speedup,
                if m.all_agree() {
                    "yes"
                } else {
                    "<span class=\"agree-no\">NO</span>"
                }
            );
        }
        out.push_str("</table>\n</section>\n");
    }
}

fn drawn_game(d: &Drawn) -> GameId {
    match d {
        Ok(f) => f.game,
        Err(e) => e.game,
    }
}

fn game_name(game: GameId) -> &'static str {
    document(game).game
}

/// 3 significant digits, without a needless exponent.
fn round_sig(x: f64) -> String {
    if x >= 100.0 {
        format!("{x:.0}")
    } else if x >= 10.0 {
        format!("{x:.1}")
    } else {
        format!("{x:.2}")
    }
}

fn claims_table(out: &mut String, verdicts: &[&Verdict]) {
    out.push_str(
        "<table class=\"claims\">\n<colgroup><col style=\"width:7%\"><col style=\"width:9%\">\
         <col style=\"width:29%\"><col style=\"width:17%\"><col style=\"width:19%\">\
         <col style=\"width:6%\"><col style=\"width:7.5%\"><col style=\"width:7%\"></colgroup>\n\
         <tr><th>id</th><th>source</th><th>statement</th><th>expected</th><th>computed</th>\
         <th>naive = opt.</th><th>status</th><th class=\"num\">time</th></tr>\n",
    );
    for v in verdicts {
        let status = match v.status {
            Status::Pass => "pass",
            Status::Erratum => "erratum",
            Status::Fail => "fail",
        };
        let mut computed = format!(
            "<div class=\"value\">{}</div>",
            escape(&v.evidence.computed)
        );
        if let Some(m) = &v.evidence.measured {
            let _ = write!(
                computed,
                "<div class=\"measured\">measured: {}</div>",
                escape(m)
            );
        }
        if v.agree == Some(false) {
            let _ = write!(
                computed,
                "<div class=\"measured agree-no\">naive: {}</div>",
                escape(v.evidence.naive.as_deref().unwrap_or(""))
            );
        }
        let mut expected = format!("<div class=\"value\">{}</div>", escape(v.claim.expected));
        if let Some(e) = v.claim.erratum {
            let _ = write!(
                expected,
                "<div class=\"measured\">correct: <a class=\"quiet\" href=\"#claim-{}-erratum\">{} ↓</a></div>",
                v.claim.id,
                escape(e.corrected)
            );
        }
        let agree = match v.agree {
            Some(true) => "yes",
            Some(false) => "<span class=\"agree-no\">NO</span>",
            None => "n/a",
        };
        let _ = writeln!(
            out,
            "<tr id=\"claim-{id}\" class=\"{status}\"><td><code>{id}</code></td><td>{}</td>\
             <td>{}</td><td class=\"value\">{expected}</td><td class=\"value\">{computed}</td>\
             <td>{agree}</td><td><span class=\"badge {status}\">{}</span></td>\
             <td class=\"num time\">{}</td></tr>",
            escape(v.claim.source),
            escape(v.claim.statement),
            v.status.label(),
            format_seconds(v.millis / 1e3),
            id = v.claim.id,
        );
    }
    out.push_str("</table>\n");
}

fn erratum_box(out: &mut String, v: &Verdict, anchored: &BTreeSet<String>) {
    let link = if anchored.contains(v.claim.id) {
        errata::anchor(v.claim.id)
    } else {
        errata::document_anchor(document(v.claim.game).number)
    };
    let by = if v.evidence.naive.is_some() {
        "computed by both solvers"
    } else {
        "computed"
    };
    let _ =
        writeln!(
        out,
        "<div class=\"erratum-box\" id=\"claim-{id}-erratum\">\n<h4><span class=\"badge erratum\">\
         ERRATUM</span> <a href=\"#claim-{id}\">{id}</a> · {} — {}</h4>\n<div class=\"sides\">\
         <div class=\"printed\"><div class=\"label\">printed in the document</div><div \
         class=\"value\">{}</div></div><div class=\"correct\"><div class=\"label\">correct \
         ({by})</div><div class=\"value\">{}</div></div></div>\n{}<p class=\"reason\"><a \
         href=\"#{link}\">SPEC.md, Errata: the full account →</a></p>\n</div>",
        escape(v.claim.source),
        escape(v.claim.statement),
        escape(v.claim.expected),
        escape(&v.evidence.computed),
        v.evidence.reason.as_ref().map_or(String::new(), |r| format!(
            "<p class=\"reason\"><b>Why:</b> {}</p>\n",
            escape(r)
        )),
        id = v.claim.id,
    );
}

fn figure(out: &mut String, f: &Figure, on_page: &BTreeSet<&str>) {
    let claims: Vec<String> = f
        .claims
        .iter()
        .map(|id| {
            if on_page.contains(id) {
                format!("<a href=\"#claim-{id}\">{id}</a>")
            } else {
                (*id).to_string()
            }
        })
        .collect();
    let _ = writeln!(
        out,
        "<figure id=\"{}\">\n<h4>{}</h4>\n{}\n<figcaption>{} Claims: {}.</figcaption>\n</figure>",
        f.id,
        escape(&f.title),
        f.html,
        escape(&f.caption),
        claims.join(", ")
    );
}
