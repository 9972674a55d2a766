//! SPEC.md's "Errata" section, embedded in the binary at build time and
//! rendered to HTML for the report page, with an anchor per claim id so that
//! each ERRATUM row can link to its explanation.

use pulldown_cmark::{CowStr, Event, HeadingLevel, Options, Parser, Tag, TagEnd};
use std::collections::BTreeSet;

/// The specification as it was when the binary was built.
const SPEC: &str = include_str!("../../../../SPEC.md");

/// The Markdown of the section, without its `## Errata` heading: from the
/// heading to the next second-level heading or the end of the file.
#[must_use]
pub fn markdown() -> &'static str {
    let Some(start) = SPEC.find("\n## Errata\n") else {
        return "";
    };
    let body = &SPEC[start + "\n## Errata\n".len()..];
    match body.find("\n## ") {
        Some(end) => &body[..end],
        None => body,
    }
}

/// The anchor of a claim's explanation on the page.
#[must_use]
pub fn anchor(id: &str) -> String {
    format!("erratum-{id}")
}

/// The anchor of a document's part of the section (`errata-003`).
#[must_use]
pub fn document_anchor(number: &str) -> String {
    format!("errata-{number}")
}

/// Claim ids (`ABC-123`) in `text`, in order.
fn claim_ids(text: &str) -> Vec<String> {
    let bytes = text.as_bytes();
    (0..bytes.len().saturating_sub(6))
        .filter(|&i| {
            let w = &bytes[i..i + 7];
            w[..3].iter().all(u8::is_ascii_uppercase)
                && w[3] == b'-'
                && w[4..].iter().all(u8::is_ascii_digit)
                && (i == 0 || !bytes[i - 1].is_ascii_alphanumeric())
                && !matches!(bytes.get(i + 7), Some(b) if b.is_ascii_alphanumeric())
        })
        .map(|i| text[i..i + 7].to_string())
        .collect()
}

/// The plain text of `events` (text and code spans).
fn text_of(events: &[Event<'_>]) -> String {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Text(t) | Event::Code(t) => Some(t.as_ref()),
            Event::SoftBreak | Event::HardBreak => Some(" "),
            _ => None,
        })
        .collect()
}

/// Where the element that starts at `events[start]` ends (its End event).
fn end_of(events: &[Event<'_>], start: usize) -> usize {
    let mut depth = 0usize;
    for (i, e) in events.iter().enumerate().skip(start) {
        match e {
            Event::Start(_) => depth += 1,
            Event::End(_) => {
                depth -= 1;
                if depth == 0 {
                    return i;
                }
            }
            _ => {}
        }
    }
    events.len() - 1
}

/// The section as HTML, and the claim ids it has an anchor for. A
/// document's heading (`### 003 — Mini-Geister`) gets the id
/// [`document_anchor`]`("003")`, one level lower so it nests under the
/// page's heading; each list item an empty anchor [`anchor`]`(id)` for every
/// claim id it is the first to mention.
#[must_use]
pub fn html() -> (String, BTreeSet<String>) {
    let events: Vec<Event<'_>> = Parser::new_ext(
        markdown(),
        Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH,
    )
    .collect();
    let mut out = Vec::with_capacity(events.len());
    let mut anchored = BTreeSet::new();
    let mut heading = 3;
    for (i, event) in events.iter().enumerate() {
        match event {
            Event::Start(Tag::Heading { level, .. }) => {
                let text = text_of(&events[i..=end_of(&events, i)]);
                let number: String = text.chars().take_while(char::is_ascii_digit).collect();
                heading = match level {
                    HeadingLevel::H1 | HeadingLevel::H2 | HeadingLevel::H3 => 3,
                    _ => 4,
                };
                let id = if number.is_empty() {
                    String::new()
                } else {
                    format!(r#" id="{}""#, document_anchor(&number))
                };
                out.push(Event::Html(CowStr::from(format!("<h{heading}{id}>"))));
            }
            Event::End(TagEnd::Heading(_)) => {
                // Close the level opened above, whatever the Markdown's was.
                out.push(Event::Html(CowStr::from(format!("</h{heading}>\n"))));
            }
            Event::Start(Tag::Item) => {
                out.push(event.clone());
                for id in claim_ids(&text_of(&events[i..=end_of(&events, i)])) {
                    if anchored.insert(id.clone()) {
                        out.push(Event::InlineHtml(CowStr::from(format!(
                            r#"<a id="{}"></a>"#,
                            anchor(&id)
                        ))));
                    }
                }
            }
            other => out.push(other.clone()),
        }
    }
    let mut html = String::new();
    pulldown_cmark::html::push_html(&mut html, out.into_iter());
    (html, anchored)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::claims;

    #[test]
    fn the_section_is_the_errata() {
        let md = markdown();
        assert!(md.contains("### 000"), "{md:.200}");
        assert!(!md.contains("\n## "), "only one section");
    }

    #[test]
    fn finds_claim_ids_as_words() {
        assert_eq!(
            claim_ids("(YEN-003) and MEM-013 / MEM-015, not XMEM-0011"),
            vec!["YEN-003", "MEM-013", "MEM-015"]
        );
    }

    #[test]
    fn every_erratum_has_an_anchor_and_every_document_a_heading() {
        let (html, anchored) = html();
        for c in claims::all().into_iter().filter(|c| c.erratum.is_some()) {
            assert!(anchored.contains(c.id), "no anchor for {}", c.id);
            assert!(html.contains(&format!(r#"id="{}""#, anchor(c.id))));
        }
        for n in ["000", "001", "002", "003", "004"] {
            assert!(
                html.contains(&format!(r#"<h3 id="{}">"#, document_anchor(n))),
                "{n}"
            );
        }
        assert!(html.contains("<code>"), "code spans are rendered");
        assert!(html.contains("<strong>"), "emphasis is rendered");
    }
}
