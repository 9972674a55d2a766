//! JUnit XML for CI dashboards (`reproduce --junit FILE`): one test suite
//! per document, one test case per claim.
//!
//! The shape is the one Jenkins, GitLab and the Ant JUnit schema read:
//! `<testsuites>` holding a `<testsuite>` per document (name, tests,
//! failures, errors, skipped, time, timestamp, hostname, id, package,
//! `<properties>`, `<system-out>`, `<system-err>`), each with a
//! `<testcase>` per claim (classname = the document, name = the claim's id
//! and statement, time in seconds). A FAIL carries a `<failure>` with the
//! expected and the computed values; an ERRATUM passes and says in its
//! `<system-out>` what the document prints, what is correct and why.

use super::{document, ClaimResult, Meta, Run};
use crate::claims::{GameId, Status, Verdict};
use quick_xml::events::{BytesDecl, BytesText, Event};
use quick_xml::Writer;
use std::io;

/// `document 002 three-pile Nim`: the class of a game's test cases.
#[must_use]
pub fn classname(game: GameId) -> String {
    let d = document(game);
    format!("{} {}", d.number, d.game)
}

/// Seconds with microsecond precision, as the schema's decimal.
fn seconds(s: f64) -> String {
    format!("{s:.6}")
}

/// What a dashboard shows under a test case: every value the check saw.
fn details(v: &Verdict) -> String {
    let r = ClaimResult::of(v);
    let mut lines = vec![
        format!("source: {}", r.source),
        format!("expected (as printed): {}", r.expected),
    ];
    if let Some(c) = r.corrected {
        lines.push(format!("correct value (erratum): {c}"));
    }
    lines.push(format!("computed (optimized): {}", r.computed));
    lines.push(format!(
        "computed (naive): {}",
        r.naive.unwrap_or("not run")
    ));
    if let Some(m) = r.measured {
        lines.push(format!("measured: {m}"));
    }
    if let Some(reason) = r.reason {
        lines.push(format!("reason: {reason}"));
    }
    lines.join("\n")
}

/// The test case of one verdict.
fn testcase(w: &mut Writer<Vec<u8>>, v: &Verdict) -> io::Result<()> {
    let name = format!("{} {}", v.claim.id, v.claim.statement);
    let class = classname(v.claim.game);
    let time = seconds(v.millis / 1e3);
    let element = w.create_element("testcase").with_attributes([
        ("classname", class.as_str()),
        ("name", name.as_str()),
        ("time", time.as_str()),
    ]);
    element.write_inner_content(|w| {
        match v.status {
            Status::Fail => {
                let message = format!(
                    "expected {}, computed {}{}",
                    v.wanted(),
                    v.evidence.computed,
                    match (&v.evidence.naive, v.agree) {
                        (Some(n), Some(false)) => format!(" (naive solver: {n})"),
                        _ => String::new(),
                    }
                );
                w.create_element("failure")
                    .with_attributes([("message", message.as_str()), ("type", "FAIL")])
                    .write_text_content(BytesText::new(&details(v)))?;
            }
            Status::Erratum => {
                let text = format!(
                    "ERRATUM: the document prints {}; the correct value is {}, which the \
                     computation gives (SPEC.md, Errata)\n{}",
                    v.claim.expected,
                    v.wanted(),
                    details(v)
                );
                w.create_element("system-out")
                    .write_text_content(BytesText::new(&text))?;
            }
            Status::Pass => {
                w.create_element("system-out")
                    .write_text_content(BytesText::new(&details(v)))?;
            }
        }
        Ok(())
    })?;
    Ok(())
}

/// The whole file.
#[must_use]
pub fn render(run: &Run, meta: &Meta) -> String {
    write(run, meta).expect("writing into memory cannot fail")
}

fn write(run: &Run, meta: &Meta) -> io::Result<String> {
    let mut w = Writer::new_with_indent(Vec::new(), b' ', 2);
    w.write_event(Event::Decl(BytesDecl::new("1.0", Some("UTF-8"), None)))?;
    let summary = run.summary();
    let total = seconds(run.elapsed.as_secs_f64());
    let (tests, failures) = (summary.claims.to_string(), summary.failed.to_string());
    // The schema's timestamp is a local date-time without a zone; ours is UTC.
    let timestamp = humantime::format_rfc3339_seconds(run.started)
        .to_string()
        .trim_end_matches('Z')
        .to_string();
    let hostname = meta.machine.hostname.as_deref().unwrap_or("localhost");
    w.create_element("testsuites")
        .with_attributes([
            ("name", "solved-games reproduce"),
            ("tests", tests.as_str()),
            ("failures", failures.as_str()),
            ("errors", "0"),
            ("skipped", "0"),
            ("time", total.as_str()),
        ])
        .write_inner_content(|w| {
            for (id, game) in run.games().into_iter().enumerate() {
                let cases: Vec<&Verdict> = run
                    .verdicts
                    .iter()
                    .filter(|v| v.claim.game == game)
                    .collect();
                let d = document(game);
                let name = classname(game);
                let tests = cases.len().to_string();
                let failures = cases
                    .iter()
                    .filter(|v| v.status == Status::Fail)
                    .count()
                    .to_string();
                let time = seconds(cases.iter().map(|v| v.millis).sum::<f64>() / 1e3);
                let id = id.to_string();
                w.create_element("testsuite")
                    .with_attributes([
                        ("name", name.as_str()),
                        ("tests", tests.as_str()),
                        ("failures", failures.as_str()),
                        ("errors", "0"),
                        ("skipped", "0"),
                        ("time", time.as_str()),
                        ("timestamp", timestamp.as_str()),
                        ("hostname", hostname),
                        ("id", id.as_str()),
                        ("package", "solved-games"),
                    ])
                    .write_inner_content(|w| {
                        let title = format!("{} {}", d.number, d.title);
                        let machine = meta.machine.describe();
                        w.create_element("properties").write_inner_content(|w| {
                            for (name, value) in [
                                ("document", title.as_str()),
                                ("solved-games.version", meta.version),
                                ("machine", machine.as_str()),
                            ] {
                                w.create_element("property")
                                    .with_attributes([("name", name), ("value", value)])
                                    .write_empty()?;
                            }
                            Ok(())
                        })?;
                        for v in &cases {
                            testcase(w, v)?;
                        }
                        w.create_element("system-out").write_empty()?;
                        w.create_element("system-err").write_empty()?;
                        Ok(())
                    })?;
            }
            Ok(())
        })?;
    let mut xml = String::from_utf8(w.into_inner()).expect("the writer was given UTF-8 only");
    xml.push('\n');
    Ok(xml)
}
