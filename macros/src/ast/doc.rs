//! Doc comments as descriptions. Terraform shows a description as written,
//! so a sentence wrapped over several `///` lines would keep its line
//! breaks; the lines of a paragraph are joined into one, the way Markdown
//! reads them. What Markdown does not read as a paragraph (lists, code,
//! headings, quotes, tables) is kept line for line.

/// The lines of `///` doc comments (and of `/** */` ones, split at their
/// line breaks), each without the one space after the `///`.
pub fn doc_lines(attrs: &[syn::Attribute]) -> Vec<String> {
    attrs
        .iter()
        .filter(|a| a.path().is_ident("doc"))
        .filter_map(|a| match &a.meta {
            syn::Meta::NameValue(nv) => match &nv.value {
                syn::Expr::Lit(syn::ExprLit {
                    lit: syn::Lit::Str(s),
                    ..
                }) => Some(s.value()),
                _ => None,
            },
            _ => None,
        })
        .flat_map(|text| {
            let text = text.strip_prefix(' ').map_or(text.clone(), str::to_owned);
            text.split('\n').map(str::to_owned).collect::<Vec<_>>()
        })
        .collect()
}

/// The doc comment as a description: its paragraphs as [`prose`], blank
/// space around it trimmed.
pub fn doc_description(attrs: &[syn::Attribute]) -> String {
    prose(&doc_lines(attrs)).join("\n").trim().to_owned()
}

/// `lines` with each paragraph's lines joined by a space. Blank lines stay
/// (they separate paragraphs), and so does every line of a Markdown list
/// (`-`, `*`, `+`, `1.`, `1)`), quote (`>`) or table (`|`) up to the next
/// blank line, of a fenced code block (between its fences) and of an
/// indented code block; a heading, a rule and a line ending in a hard break
/// (two spaces or `\`) end their paragraph.
pub fn prose(lines: &[String]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    // The fence of the code block we are in.
    let mut fence: Option<String> = None;
    // In a list, quote or table, or an indented code block: lines as
    // written until a blank line.
    let mut verbatim = false;
    let mut code = false;
    // The last line pushed is a paragraph's, and may take the next one.
    let mut open = false;
    for line in lines {
        let trimmed = line.trim_start();
        let indent = line.len() - trimmed.len();
        if let Some(marker) = &fence {
            if indent < 4 && closes(trimmed, marker) {
                fence = None;
            }
            out.push(line.clone());
            continue;
        }
        if trimmed.is_empty() {
            out.push(String::new());
            (verbatim, code, open) = (false, false, false);
            continue;
        }
        if indent < 4 {
            if let Some(marker) = fence_marker(trimmed) {
                fence = Some(marker);
                out.push(line.clone());
                (verbatim, code, open) = (false, false, false);
                continue;
            }
        }
        let at_block_start = out.last().is_none_or(String::is_empty);
        if (indent >= 4 || line.starts_with('\t')) && (at_block_start || code) {
            code = true;
            out.push(line.clone());
            continue;
        }
        code = false;
        if indent < 4 && starts_verbatim(trimmed) {
            verbatim = true;
        }
        if verbatim {
            out.push(line.clone());
            open = false;
            continue;
        }
        let single = indent < 4 && single_line(trimmed);
        match out.last_mut() {
            Some(last) if open && !single => {
                let kept = last.trim_end().len();
                last.truncate(kept);
                last.push(' ');
                last.push_str(trimmed.trim_end());
            }
            _ => out.push(line.clone()),
        }
        open = !single && !hard_break(line);
    }
    out
}

/// The opening fence of a fenced code block (three or more backticks or
/// tildes): the run of them, which the closing fence repeats.
fn fence_marker(trimmed: &str) -> Option<String> {
    let c = trimmed.chars().next().filter(|c| matches!(c, '`' | '~'))?;
    let run: String = trimmed.chars().take_while(|&x| x == c).collect();
    (run.len() >= 3).then_some(run)
}

/// A closing fence: at least as many of the opening fence's characters,
/// and nothing else.
fn closes(trimmed: &str, marker: &str) -> bool {
    let run = trimmed.trim_end();
    run.len() >= marker.len() && run.chars().all(|c| marker.starts_with(c))
}

/// A list item, quote or table row: the start of lines kept as written.
fn starts_verbatim(trimmed: &str) -> bool {
    let bullet = ["- ", "* ", "+ "].iter().any(|b| trimmed.starts_with(b))
        || matches!(trimmed, "-" | "*" | "+");
    let digits = trimmed.chars().take_while(char::is_ascii_digit).count();
    let numbered = (1..=9).contains(&digits) && {
        let rest = &trimmed[digits..];
        [". ", ") "].iter().any(|m| rest.starts_with(m)) || matches!(rest, "." | ")")
    };
    bullet || numbered || trimmed.starts_with('>') || trimmed.starts_with('|')
}

/// A line that is a paragraph of its own: a heading, or a rule or setext
/// underline (`---`, `***`, `===`).
fn single_line(trimmed: &str) -> bool {
    let heading = trimmed.starts_with('#');
    let rule = trimmed.trim_end().len() >= 3
        && ['-', '*', '_', '=']
            .iter()
            .any(|&c| trimmed.trim_end().chars().all(|x| x == c || x == ' '));
    heading || rule
}

/// A line that ends in a Markdown hard break.
fn hard_break(line: &str) -> bool {
    line.ends_with("  ") || line.ends_with('\\')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn description(text: &str) -> String {
        let attrs: Vec<syn::Attribute> = text
            .lines()
            .map(|l| {
                let l = format!(" {l}");
                syn::parse_quote!(#[doc = #l])
            })
            .collect();
        doc_description(&attrs)
    }

    #[test]
    fn a_wrapped_paragraph_is_one_line() {
        assert_eq!(
            description("The name of the\nserver, unique in\nits region."),
            "The name of the server, unique in its region."
        );
    }

    #[test]
    fn paragraphs_stay_apart() {
        assert_eq!(
            description("First one,\nwrapped.\n\nSecond one,\nwrapped too.\n\n\nThird."),
            "First one, wrapped.\n\nSecond one, wrapped too.\n\n\nThird."
        );
    }

    #[test]
    fn list_items_stay_as_written() {
        let text = "Modes:\n\n- `fast`: quick\n- `slow`: careful,\n  and wrapped\n* star\n+ plus\n1. one\n2) two\n\nAfter the\nlist.";
        assert_eq!(
            description(text),
            "Modes:\n\n- `fast`: quick\n- `slow`: careful,\n  and wrapped\n* star\n+ plus\n1. one\n2) two\n\nAfter the list."
        );
    }

    #[test]
    fn a_list_right_after_a_paragraph_line_starts_its_own_line() {
        assert_eq!(description("One of:\n- a\n- b"), "One of:\n- a\n- b");
    }

    #[test]
    fn fenced_code_stays_as_written() {
        let text = "Example:\n\n```hcl\nresource \"x\" \"y\" {\n\n  name = \"n\"\n}\n```\nAfter the\ncode.\n\n~~~~\na\n```\nb\n~~~~";
        assert_eq!(
            description(text),
            "Example:\n\n```hcl\nresource \"x\" \"y\" {\n\n  name = \"n\"\n}\n```\nAfter the code.\n\n~~~~\na\n```\nb\n~~~~"
        );
    }

    #[test]
    fn indented_code_stays_as_written() {
        let text = "Run:\n\n    terraform\n      apply\n\n    plan\n\nThen\nwait.";
        assert_eq!(
            description(text),
            "Run:\n\n    terraform\n      apply\n\n    plan\n\nThen wait."
        );
    }

    #[test]
    fn an_indented_line_inside_a_paragraph_is_joined() {
        assert_eq!(
            description("Lazy\n     continuation."),
            "Lazy continuation."
        );
    }

    #[test]
    fn headings_rules_quotes_tables_and_hard_breaks_end_a_line() {
        let text = "# Title\nText after\nthe title.\n---\n> quoted\n> more\n\n| a | b |\n|---|---|\n\nHard  \nbreak\\\nhere\nand joined.";
        assert_eq!(
            description(text),
            "# Title\nText after the title.\n---\n> quoted\n> more\n\n| a | b |\n|---|---|\n\nHard  \nbreak\\\nhere and joined."
        );
    }

    #[test]
    fn block_doc_comments_split_at_their_line_breaks() {
        let attrs: Vec<syn::Attribute> =
            vec![syn::parse_quote!(#[doc = "\n A block\n comment.\n"])];
        assert_eq!(doc_description(&attrs), "A block comment.");
    }

    #[test]
    fn a_single_line_is_unchanged() {
        assert_eq!(description("The name."), "The name.");
        assert_eq!(description(""), "");
    }
}
