//! Error lines of bounded length: a message quotes the input it refuses,
//! and an input can be huge (a 10⁷-digit pile, a 10 MB line of a log), so
//! every word longer than [`LONGEST_WORD`] characters is cut to its head
//! and tail with the count of what was left out; control characters
//! quoted from an input (a NUL byte, an escape sequence, a line break) are
//! written escaped (`\0`, `\u{1b}`, `\n`), so that the message stays one
//! line of plain text. SPEC.md, "Error lines cut long inputs".

/// The longest word an error line quotes whole, in characters.
pub const LONGEST_WORD: usize = 120;
/// Characters kept at the start and the end of a word that is cut.
const HEAD: usize = 40;
const TAIL: usize = 20;

/// `message` as an error line shows it: control characters escaped
/// ([`escape_controls`]), then long words cut ([`cut_long_words`]).
pub fn shown(message: &str) -> String {
    cut_long_words(&escape_controls(message))
}

/// `message` with every control character but the tab written as its
/// Rust escape (`\0` for NUL, `\n`, `\r`, `\u{1b}`).
pub fn escape_controls(message: &str) -> String {
    if !message.chars().any(|c| c.is_control() && c != '\t') {
        return message.to_string();
    }
    message
        .chars()
        .map(|c| match c {
            '\0' => "\\0".to_string(),
            c if c.is_control() && c != '\t' => c.escape_default().to_string(),
            c => c.to_string(),
        })
        .collect()
}

/// `message` with every word (a run of non-whitespace) longer than
/// [`LONGEST_WORD`] characters cut to `head…[N more characters]…tail`; the
/// rest, spaces included, unchanged. Linear in the message's length.
pub fn cut_long_words(message: &str) -> String {
    let mut out = String::with_capacity(message.len().min(4096));
    let mut rest = message;
    while let Some(start) = rest.find(|c: char| !c.is_whitespace()) {
        out.push_str(&rest[..start]);
        rest = &rest[start..];
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let word = &rest[..end];
        let chars = word.chars().count();
        if chars > LONGEST_WORD {
            let head: String = word.chars().take(HEAD).collect();
            let tail: String = word.chars().skip(chars - TAIL).collect();
            out.push_str(&format!(
                "{head}…[{} more characters]…{tail}",
                chars - HEAD - TAIL
            ));
        } else {
            out.push_str(word);
        }
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_words_are_kept_and_long_ones_cut() {
        assert_eq!(cut_long_words("pile `x` is bad"), "pile `x` is bad");
        let long = format!("bad \"{}\": no", "9".repeat(1000));
        let cut = cut_long_words(&long);
        assert_eq!(
            cut,
            format!(
                "bad \"{}…[943 more characters]…{}: no",
                "9".repeat(39),
                "9".repeat(18) + "\""
            )
        );
        let edge = "a".repeat(LONGEST_WORD);
        assert_eq!(cut_long_words(&edge), edge);
        assert!(cut_long_words(&format!("{edge}a")).contains("[61 more characters]"));
        // Multi-byte characters are counted, not bytes.
        assert!(cut_long_words(&"円".repeat(500)).chars().count() < 100);
    }

    #[test]
    fn control_characters_are_escaped() {
        assert_eq!(shown("`2\0` is bad"), "`2\\0` is bad");
        assert_eq!(shown("a\u{1b}[31mb\r\nc\td"), "a\\u{1b}[31mb\\r\\nc\td");
        assert_eq!(shown("plain"), "plain");
    }
}
