//! The layout of the report's plain-text table (a grid of cells, not a
//! game's table): cells wrap inside fixed column widths, so that rows can be
//! printed one at a time as they are computed (the progress of a long
//! `reproduce` run is the table itself).
//!
//! Widths are display columns, not bytes or chars: `→` and `–` take one
//! column, Japanese characters two (unicode-width, through textwrap, which
//! also breaks a cell between words and, where a word is wider than its
//! column, inside it). A [`Layout`] is either the columns' own widths — the
//! 140-column table that pipes and CI logs have always had — or those widths
//! fitted to a terminal.

use textwrap::{WordSeparator, WrapAlgorithm};
use unicode_width::UnicodeWidthStr;

/// Blank columns between two cells.
const GAP: usize = 2;

/// A column: header, natural width, the narrowest it may become, and how
/// eagerly it takes spare width on a wide terminal (0: never).
pub struct Column {
    pub header: &'static str,
    pub width: usize,
    pub min: usize,
    pub grow: usize,
}

/// The widths the columns are printed at.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Layout {
    widths: Vec<usize>,
}

impl Layout {
    /// Every column at its natural width: the layout of piped output.
    pub fn natural(columns: &[Column]) -> Layout {
        Layout {
            widths: columns.iter().map(|c| c.width).collect(),
        }
    }

    /// The columns fitted into `total` display columns: narrower than the
    /// natural layout, the widest column still above its minimum gives up a
    /// column at a time; wider, the growing columns share the spare width in
    /// proportion to `grow`. Below the sum of the minimums the table keeps
    /// them and overflows (a cell never becomes unreadably thin).
    pub fn fit(columns: &[Column], total: usize) -> Layout {
        let mut widths: Vec<usize> = columns.iter().map(|c| c.width).collect();
        let gaps = GAP * columns.len().saturating_sub(1);
        let used = |w: &[usize]| w.iter().sum::<usize>() + gaps;
        while used(&widths) > total {
            let Some(i) = (0..columns.len())
                .filter(|&i| widths[i] > columns[i].min)
                .max_by_key(|&i| (widths[i] - columns[i].min, std::cmp::Reverse(i)))
            else {
                break;
            };
            widths[i] -= 1;
        }
        if columns.iter().any(|c| c.grow > 0) {
            while used(&widths) < total {
                // The growing column furthest below its share takes the next
                // column: width / grow smallest, the earliest on a tie.
                let i = (0..columns.len())
                    .filter(|&i| columns[i].grow > 0)
                    .min_by_key(|&i| (widths[i] * 1000 / columns[i].grow, i))
                    .expect("some column grows");
                widths[i] += 1;
            }
        }
        Layout { widths }
    }

    /// The display width of a full line of this layout.
    #[cfg(test)]
    pub fn total(&self) -> usize {
        self.widths.iter().sum::<usize>() + GAP * self.widths.len().saturating_sub(1)
    }

    /// The header line and a rule beneath it.
    pub fn header(&self, columns: &[Column]) -> String {
        let cells: Vec<String> = columns.iter().map(|c| c.header.to_string()).collect();
        let mut out = self.row(&cells);
        let rule: Vec<String> = self.widths.iter().map(|&w| "-".repeat(w)).collect();
        out.push_str(&rule.join(&" ".repeat(GAP)));
        out.push('\n');
        out
    }

    /// One row, wrapped over as many lines as its tallest cell needs.
    pub fn row(&self, cells: &[String]) -> String {
        let wrapped: Vec<Vec<String>> = self
            .widths
            .iter()
            .zip(cells)
            .map(|(&w, text)| wrap(text, w))
            .collect();
        let height = wrapped.iter().map(Vec::len).max().unwrap_or(1);
        let mut out = String::new();
        for i in 0..height {
            let mut line = String::new();
            for (k, (&w, lines)) in self.widths.iter().zip(&wrapped).enumerate() {
                if k > 0 {
                    line.push_str(&" ".repeat(GAP));
                }
                let text = lines.get(i).map(String::as_str).unwrap_or("");
                line.push_str(text);
                line.push_str(&" ".repeat(w.saturating_sub(text.width())));
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
        out
    }
}

/// Splits `text` into lines of at most `width` display columns, breaking at
/// spaces where possible and inside words where not.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let options = textwrap::Options::new(width.max(1))
        .word_separator(WordSeparator::AsciiSpace)
        .wrap_algorithm(WrapAlgorithm::FirstFit)
        .break_words(true);
    textwrap::wrap(text, options)
        .into_iter()
        .map(std::borrow::Cow::into_owned)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wraps_at_spaces_and_splits_long_words() {
        assert_eq!(wrap("ab cd ef", 5), vec!["ab cd", "ef"]);
        assert_eq!(wrap("abcdefgh", 3), vec!["abc", "def", "gh"]);
        assert_eq!(wrap("", 4), vec![""]);
    }

    #[test]
    fn wraps_by_display_columns() {
        // Each kana is two columns wide: three fit in 7 columns, not seven.
        assert_eq!(wrap("あいうえおかき", 7), vec!["あいう", "えおか", "き"]);
        // An arrow and a dash are one column each.
        assert_eq!(wrap("001→000 1–2", 7), vec!["001→000", "1–2"]);
        for line in wrap("「全ての戦略に勝つという最強な戦略はなさそう」", 10)
        {
            assert!(line.width() <= 10, "{line:?}");
        }
    }

    /// The display column at which each cell of `line` starts must be the
    /// layout's: the text before it is as wide as the cells and gaps before.
    fn assert_aligned(layout: &Layout, cells: &[String]) {
        let out = layout.row(cells);
        for line in out.lines() {
            assert!(line.width() <= layout.total(), "too wide: {line:?}");
            let mut column = 0;
            for (k, &w) in layout.widths.iter().enumerate() {
                if k > 0 {
                    // The gap before cell k is blank at its display columns.
                    for c in column..column + GAP {
                        assert_eq!(char_at(line, c), Some(' '), "gap at {c} in {line:?}");
                    }
                    column += GAP;
                }
                column += w;
                if column >= line.width() {
                    break;
                }
            }
        }
    }

    /// The character covering display column `col`, or `None` past the end.
    fn char_at(line: &str, col: usize) -> Option<char> {
        let mut at = 0;
        for ch in line.chars() {
            let w = unicode_width::UnicodeWidthChar::width(ch).unwrap_or(0);
            if col < at + w {
                return Some(ch);
            }
            at += w;
        }
        None
    }

    fn columns() -> Vec<Column> {
        [
            ("ID", 8, 8, 0),
            ("STATEMENT", 20, 10, 2),
            ("VALUE", 12, 6, 1),
        ]
        .into_iter()
        .map(|(header, width, min, grow)| Column {
            header,
            width,
            min,
            grow,
        })
        .collect()
    }

    #[test]
    fn rows_with_arrows_dashes_and_japanese_align() {
        let rows = [
            [
                "NIM-002",
                "001, 010, 100 are winning",
                "001→000 010→000 100→000",
            ],
            [
                "STO-001",
                "taking the 100 decides the game",
                "first wins 103–3",
            ],
            [
                "YEN-106",
                "§4: \"全ての戦略に勝つという最強な戦略はなさそう\"",
                "0",
            ],
        ];
        for layout in [Layout::natural(&columns()), Layout::fit(&columns(), 34)] {
            for row in &rows {
                let cells: Vec<String> = row.iter().map(ToString::to_string).collect();
                assert_aligned(&layout, &cells);
            }
        }
    }

    #[test]
    fn fitting_respects_the_width_and_the_minimums() {
        let cols = columns();
        let natural = Layout::natural(&cols);
        assert_eq!(Layout::fit(&cols, natural.total()), natural);
        for total in 28..200 {
            let layout = Layout::fit(&cols, total);
            assert_eq!(layout.total(), total.max(8 + 10 + 6 + 4), "total {total}");
            for (w, c) in layout.widths.iter().zip(&cols) {
                assert!(*w >= c.min);
                if c.grow == 0 && total >= natural.total() {
                    assert_eq!(*w, c.width, "a fixed column stays as it is");
                }
            }
        }
    }
}
