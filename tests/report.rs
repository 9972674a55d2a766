//! The reproduction's artefacts as their readers get them: the JUnit file
//! read by an independent XML parser and checked against the elements and
//! attributes the JUnit schema requires, and the HTML page rendered by a
//! real browser (headless Chromium) to its DOM and to a screenshot.

use solved_games::claims::{self, judge, Claim, Evidence, GameId, Status};
use solved_games::figures;
use solved_games::progress::Silent;
use solved_games::report::{html, junit, timing, Meta, Run};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant, SystemTime};

// ------------------------------------------------------------------ JUnit --

/// A run with every status: the Nim claims as computed, one of them judged
/// against a wrong computation (FAIL), and an erratum judged on its
/// correction (ERRATUM).
fn mixed_run() -> Run {
    let mut verdicts: Vec<_> = claims::for_game(GameId::Nim)
        .iter()
        .take(3)
        .map(Claim::check)
        .collect();
    let failing = claims::by_id("NIM-004").unwrap();
    verdicts.push(judge(
        failing,
        Evidence::both("011× 101×", "011× 101×"),
        1.5,
    ));
    let erratum = claims::by_id("MEM-003").unwrap();
    let corrected = erratum.erratum.unwrap().corrected;
    verdicts.push(judge(
        erratum,
        Evidence::both(corrected, corrected).because("by hand"),
        2.25,
    ));
    assert_eq!(verdicts[3].status, Status::Fail);
    assert_eq!(verdicts[4].status, Status::Erratum);
    Run {
        verdicts,
        elapsed: Duration::from_millis(1234),
        started: SystemTime::now(),
    }
}

fn attr<'a>(node: roxmltree::Node<'a, '_>, name: &str) -> &'a str {
    node.attribute(name).unwrap_or_else(|| {
        panic!(
            "<{}> lacks the required attribute `{name}`",
            node.tag_name().name()
        )
    })
}

fn count(node: roxmltree::Node<'_, '_>, name: &str) -> usize {
    attr(node, name)
        .parse()
        .unwrap_or_else(|_| panic!("`{name}` is not a count"))
}

fn seconds(node: roxmltree::Node<'_, '_>) -> f64 {
    let t: f64 = attr(node, "time")
        .parse()
        .expect("time is a decimal number of seconds");
    assert!(t >= 0.0 && t.is_finite());
    t
}

fn elements<'a, 'i>(node: roxmltree::Node<'a, 'i>) -> Vec<roxmltree::Node<'a, 'i>> {
    node.children()
        .filter(roxmltree::Node::is_element)
        .collect()
}

#[test]
fn junit_has_the_schema_s_required_structure() {
    let run = mixed_run();
    let xml = junit::render(&run, &Meta::now());
    let doc = roxmltree::Document::parse(&xml).expect("well-formed XML");
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "testsuites");
    assert_eq!(count(root, "tests"), run.verdicts.len());
    assert_eq!(count(root, "failures"), 1);
    assert_eq!(count(root, "errors"), 0);
    assert!((seconds(root) - 1.234).abs() < 1e-6);

    let suites = elements(root);
    assert_eq!(suites.len(), 2, "one suite per document: 002 and 004");
    let mut cases_seen = 0;
    for suite in suites {
        assert_eq!(suite.tag_name().name(), "testsuite");
        for required in ["name", "hostname", "id", "package"] {
            assert!(!attr(suite, required).is_empty(), "{required}");
        }
        let stamp = attr(suite, "timestamp");
        assert!(
            stamp.len() == 19 && stamp.as_bytes()[10] == b'T' && !stamp.ends_with('Z'),
            "timestamp is the schema's zone-less date-time: {stamp}"
        );
        // The schema's order: properties, testcase*, system-out, system-err.
        let children = elements(suite);
        let names: Vec<&str> = children.iter().map(|c| c.tag_name().name()).collect();
        assert_eq!(names.first(), Some(&"properties"));
        assert_eq!(names[names.len() - 2..], ["system-out", "system-err"]);
        let cases: Vec<_> = children
            .iter()
            .filter(|c| c.has_tag_name("testcase"))
            .collect();
        assert_eq!(cases.len(), names.len() - 3);
        assert_eq!(count(suite, "tests"), cases.len());
        let mut failures = 0;
        let mut total = 0.0;
        for case in &cases {
            cases_seen += 1;
            assert_eq!(attr(**case, "classname"), attr(suite, "name"));
            total += seconds(**case);
            let name = attr(**case, "name");
            let v = run
                .verdicts
                .iter()
                .find(|v| name == format!("{} {}", v.claim.id, v.claim.statement))
                .unwrap_or_else(|| panic!("a test case named for no claim: {name}"));
            let failure = case.children().find(|c| c.has_tag_name("failure"));
            match v.status {
                Status::Fail => {
                    failures += 1;
                    let f = failure.expect("a FAIL is a <failure>");
                    let message = attr(f, "message");
                    assert!(message.contains(v.wanted()), "{message}");
                    assert!(message.contains(&v.evidence.computed), "{message}");
                    assert!(!attr(f, "type").is_empty());
                }
                Status::Erratum => {
                    assert!(failure.is_none(), "an ERRATUM passes");
                    let out = case
                        .children()
                        .find(|c| c.has_tag_name("system-out"))
                        .and_then(|o| o.text())
                        .expect("an ERRATUM says what it corrects");
                    assert!(out.contains(v.claim.expected), "{out}");
                    assert!(out.contains(v.wanted()), "{out}");
                    assert!(out.contains("by hand"), "the reason: {out}");
                }
                Status::Pass => assert!(failure.is_none()),
            }
        }
        assert_eq!(count(suite, "failures"), failures);
        assert!((seconds(suite) - total).abs() < 1e-5);
    }
    assert_eq!(cases_seen, run.verdicts.len());
}

#[test]
fn junit_escapes_what_claims_contain() {
    // Statements hold quotes, <, ≤, → and Japanese; the parser must read
    // each back exactly.
    let run = Run::check(
        &claims::all()
            .into_iter()
            .filter(|c| ["YEN-106", "NIM-002", "MEM-013"].contains(&c.id))
            .collect::<Vec<_>>(),
        &Silent,
        |_| Ok::<_, ()>(()),
    )
    .unwrap();
    let xml = junit::render(&run, &Meta::now());
    let doc = roxmltree::Document::parse(&xml).expect("well-formed XML");
    let names: Vec<&str> = doc
        .descendants()
        .filter(|n| n.has_tag_name("testcase"))
        .map(|n| attr(n, "name"))
        .collect();
    for v in &run.verdicts {
        let want = format!("{} {}", v.claim.id, v.claim.statement);
        assert!(names.contains(&want.as_str()), "{want} not in {names:?}");
    }
}

/// A claim and a figure whose computations panic (as a solver's internal
/// assertion does) end as a FAIL and a failed figure with the panic's
/// message; the other claims are still checked and the JSON, the JUnit file
/// and the page are still written from the run.
#[test]
fn a_panicking_claim_is_a_fail_and_every_report_is_still_written() {
    let mut broken = claims::by_id("NIM-001").unwrap();
    broken.id = "NIM-990";
    broken.compute = || panic!("a stretch read from the wrong layout");
    let list = [claims::by_id("NIM-002").unwrap(), broken];
    let run = Run::check(&list, &Silent, |_| Ok::<_, ()>(())).unwrap();
    assert_eq!(run.verdicts.len(), 2);
    assert_eq!(run.verdicts[0].status, Status::Pass);
    assert_eq!(run.verdicts[1].status, Status::Fail);
    let message = "panicked: a stretch read from the wrong layout";
    assert_eq!(run.verdicts[1].evidence.computed, message);
    let json = serde_json::to_string(&run.json()).unwrap();
    assert!(json.contains(message), "{json}");
    let xml = junit::render(&run, &Meta::now());
    let doc = roxmltree::Document::parse(&xml).expect("well-formed XML");
    let failure = doc
        .descendants()
        .find(|n| n.has_tag_name("failure"))
        .expect("the FAIL is a <failure>");
    assert!(attr(failure, "message").contains(message));
    let spec = figures::Spec::new("fig-broken", GameId::Nim, "broken", || panic!("no table"));
    let drawn = figures::draw(&[spec], &[GameId::Nim], &Silent);
    let failed = drawn[0].as_ref().expect_err("a failed figure");
    assert_eq!(failed.error, "panicked: no table");
    let meta = Meta::now();
    let page = html::Page {
        run: &run,
        meta: &meta,
        figures: &drawn,
        timing: &[],
    }
    .render();
    assert!(page.contains(message) && page.contains("panicked: no table"));
}

// ---------------------------------------------------------------- browser --

/// The headless Chromium to render with; fails, naming the package, when
/// none is installed: the page is tested in a browser or the test fails.
fn browser() -> PathBuf {
    if let Some(path) = std::env::var_os("SOLVED_GAMES_CHROMIUM") {
        let path = PathBuf::from(path);
        assert!(
            path.is_file(),
            "SOLVED_GAMES_CHROMIUM={} is not a file: point it at a Chromium binary or \
             install Debian's chromium-headless-shell",
            path.display()
        );
        return path;
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    for name in [
        "chromium-headless-shell",
        "chromium",
        "chromium-browser",
        "google-chrome",
    ] {
        for dir in std::env::split_paths(&path) {
            let candidate = dir.join(name);
            if candidate.is_file() {
                return candidate;
            }
        }
    }
    panic!(
        "no headless Chromium to render the report with: install Debian's \
         chromium-headless-shell and fonts-noto-cjk (`apt-get install chromium-headless-shell \
         fonts-noto-cjk`, as .ci/run does), or set SOLVED_GAMES_CHROMIUM to a Chromium binary"
    );
}

/// Fails unless a font for Japanese is installed: without one the
/// documents' quotes render as boxes.
fn assert_japanese_font() {
    let out = Command::new("fc-list")
        .arg(":lang=ja")
        .output()
        .unwrap_or_else(|e| {
            panic!("fc-list: {e}; install fontconfig and fonts-noto-cjk (as .ci/run does)")
        });
    assert!(
        !String::from_utf8_lossy(&out.stdout).trim().is_empty(),
        "no font covers Japanese: install fonts-noto-cjk (as .ci/run does)"
    );
}

/// A fresh directory under the system's temporary directory.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "solved-games-{name}-{}-{}",
        std::process::id(),
        SystemTime::now()
            .duration_since(SystemTime::UNIX_EPOCH)
            .unwrap()
            .as_nanos()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs headless Chromium on `page` with `args`, with a fresh profile and
/// the flags that keep it off the network; kills it after a minute.
fn chromium(page: &Path, args: &[&str]) -> String {
    let profile = scratch("chromium-profile");
    let mut child = Command::new(browser())
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(args)
        .arg(format!("file://{}", page.display()))
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the browser starts");
    let mut stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut s = String::new();
        std::io::Read::read_to_string(&mut stdout, &mut s).ok();
        s
    });
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            assert!(status.success(), "chromium {args:?}: {status}");
            break;
        }
        if Instant::now() > deadline {
            child.kill().ok();
            child.wait().ok();
            panic!("chromium {args:?} did not finish within a minute");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    std::fs::remove_dir_all(&profile).ok();
    reader.join().unwrap()
}

/// The page of a short run (the Nim claims, the Nim timing ladder) with
/// every figure of every game, written to a file.
fn page() -> (PathBuf, Run, Vec<figures::Drawn>) {
    let run = Run::check(&claims::for_game(GameId::Nim), &Silent, |_| Ok::<_, ()>(())).unwrap();
    let drawn = figures::draw(&figures::all(), &GameId::ALL, &Silent);
    let ladders: Vec<_> = timing::ladders()
        .into_iter()
        .filter(|l| l.game == GameId::Nim)
        .collect();
    let budget = timing::Budget {
        sample: Duration::from_millis(1),
        per_solve: Duration::from_millis(20),
    };
    let measured = timing::measure(&ladders, budget, &Silent);
    let meta = Meta::now();
    let text = html::Page {
        run: &run,
        meta: &meta,
        figures: &drawn,
        timing: &measured,
    }
    .render();
    let file = scratch("report").join("report.html");
    std::fs::write(&file, text).unwrap();
    (file, run, drawn)
}

/// The part of `dom` from the element with `id` to its end tag `close`.
fn element<'a>(dom: &'a str, id: &str, close: &str) -> &'a str {
    let start = dom
        .find(&format!("id=\"{id}\""))
        .unwrap_or_else(|| panic!("the page shows no element {id}"));
    let end = dom[start..].find(close).map_or(dom.len(), |e| start + e);
    &dom[start..end]
}

#[test]
fn the_page_renders_in_a_browser_with_every_claim_and_figure() {
    assert_japanese_font();
    let (file, run, drawn) = page();

    // The DOM the browser built: every claim's row, every figure drawn.
    let dom = chromium(&file, &["--dump-dom"]);
    assert!(dom.contains("<html"), "no DOM: {dom:.200}");
    for v in &run.verdicts {
        let row = element(&dom, &format!("claim-{}", v.claim.id), "</tr>");
        assert!(row.contains(v.claim.id), "{row}");
        assert!(row.contains(v.status.label()), "{row}");
    }
    assert_eq!(drawn.len(), figures::all().len());
    for spec in figures::all() {
        let fig = element(&dom, spec.id, "</figure>");
        assert!(!fig.contains("class=\"failed\""), "{}: {fig:.300}", spec.id);
        assert!(
            fig.contains("<svg") || fig.contains("<pre"),
            "{}: no drawing in {fig:.300}",
            spec.id
        );
        assert!(fig.contains("<h4>"), "{}: no title", spec.id);
    }
    assert!(element(&dom, "fig-timing", "</figure>").contains("<svg"));
    // The embedded errata, with an anchor for every erratum of the registry.
    for c in claims::all().into_iter().filter(|c| c.erratum.is_some()) {
        assert!(
            dom.contains(&format!("id=\"erratum-{}\"", c.id)),
            "{}",
            c.id
        );
    }
    assert!(dom.contains("三山崩し"), "Japanese text reaches the DOM");

    // The screenshot at a laptop's size is not blank: text and figures put
    // dark and coloured pixels on the white page.
    let shot = file.with_extension("png");
    chromium(
        &file,
        &[
            "--window-size=1366,768",
            &format!("--screenshot={}", shot.display()),
        ],
    );
    let decoder = png::Decoder::new(std::io::BufReader::new(
        std::fs::File::open(&shot).expect("a screenshot"),
    ));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    assert_eq!((info.width, info.height), (1366, 768));
    let channels = info.color_type.samples();
    let pixels = &buf[..info.buffer_size()];
    let (mut inked, mut dark) = (0usize, 0usize);
    for px in pixels.chunks(channels) {
        let rgb = &px[..3.min(channels)];
        if rgb.iter().any(|&c| c < 235) {
            inked += 1;
        }
        if rgb.iter().all(|&c| c < 100) {
            dark += 1;
        }
    }
    let total = (info.width * info.height) as usize;
    assert!(
        inked * 50 > total,
        "{inked} of {total} pixels are not white"
    );
    assert!(dark * 500 > total, "only {dark} dark pixels: no text?");
    std::fs::remove_dir_all(file.parent().unwrap()).ok();
}
