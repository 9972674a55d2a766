//! Plain-text tables whose cells wrap inside fixed column widths, so that rows
//! can be printed one at a time as they are computed (the progress of a long
//! `reproduce` run is the table itself).

/// A column: header and width in characters.
pub struct Column {
    pub header: &'static str,
    pub width: usize,
}

/// Splits `text` into lines of at most `width` characters, breaking at spaces
/// where possible and inside words where not.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        let mut word: Vec<char> = word.chars().collect();
        let line_len = line.chars().count();
        if line_len > 0 && line_len + 1 + word.len() > width {
            lines.push(std::mem::take(&mut line));
        }
        while word.len() > width {
            if !line.is_empty() {
                lines.push(std::mem::take(&mut line));
            }
            lines.push(word.drain(..width).collect());
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.extend(word);
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}

/// Display width, counting CJK characters as two columns.
fn display_width(s: &str) -> usize {
    s.chars()
        .map(|c| if (c as u32) >= 0x1100 { 2 } else { 1 })
        .sum()
}

/// The header line and a rule beneath it.
pub fn header(columns: &[Column]) -> String {
    let cells: Vec<String> = columns.iter().map(|c| c.header.to_string()).collect();
    let mut out = row(columns, &cells);
    let rule: Vec<String> = columns.iter().map(|c| "-".repeat(c.width)).collect();
    out.push_str(&rule.join("  "));
    out.push('\n');
    out
}

/// One row, wrapped over as many lines as its tallest cell needs.
pub fn row(columns: &[Column], cells: &[String]) -> String {
    let wrapped: Vec<Vec<String>> = columns
        .iter()
        .zip(cells)
        .map(|(c, text)| wrap(text, c.width))
        .collect();
    let height = wrapped.iter().map(Vec::len).max().unwrap_or(1);
    let mut out = String::new();
    for i in 0..height {
        let mut parts = Vec::new();
        for (c, lines) in columns.iter().zip(&wrapped) {
            let text = lines.get(i).map(String::as_str).unwrap_or("");
            let pad = c.width.saturating_sub(display_width(text));
            parts.push(format!("{text}{}", " ".repeat(pad)));
        }
        out.push_str(parts.join("  ").trim_end());
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::wrap;

    #[test]
    fn wraps_at_spaces_and_splits_long_words() {
        assert_eq!(wrap("ab cd ef", 5), vec!["ab cd", "ef"]);
        assert_eq!(wrap("abcdefgh", 3), vec!["abc", "def", "gh"]);
        assert_eq!(wrap("", 4), vec![""]);
    }
}
