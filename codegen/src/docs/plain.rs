//! Markdown as plain text, for the frontmatter `description`: what
//! tfplugindocs' `plainmarkdown` writes. Each paragraph, heading and list on
//! a line of its own, soft line breaks kept; emphasis and code marks
//! dropped; a link as its text and (unless it is relative) its address; an
//! image as nothing; a code block as its lines between blank lines; a
//! thematic break as an empty line. CommonMark without extensions, as
//! tfplugindocs parses it (tables, footnotes and strikethrough stay text).

use pulldown_cmark::{Event, LinkType, Parser, Tag, TagEnd};

/// `markdown` as plain text (not trimmed).
pub(crate) fn plain_markdown(markdown: &str) -> String {
    let mut out = String::new();
    // Links whose address is written after their text, innermost last.
    let mut links: Vec<Option<String>> = Vec::new();
    let mut image_depth = 0usize;
    for event in Parser::new(markdown) {
        match event {
            Event::Start(Tag::Image { .. }) => image_depth += 1,
            Event::End(TagEnd::Image) => image_depth = image_depth.saturating_sub(1),
            _ if image_depth > 0 => {}
            Event::Start(Tag::Link {
                link_type,
                dest_url,
                ..
            }) => {
                let shown = !matches!(link_type, LinkType::Autolink | LinkType::Email)
                    && !is_relative(&dest_url);
                links.push(shown.then(|| dest_url.into_string()));
            }
            Event::End(TagEnd::Link) => {
                if let Some(Some(url)) = links.pop() {
                    out.push(' ');
                    out.push_str(&url);
                }
            }
            Event::Start(Tag::CodeBlock(_)) => out.push('\n'),
            Event::End(TagEnd::CodeBlock) => out.push('\n'),
            Event::End(TagEnd::Paragraph | TagEnd::Heading(_) | TagEnd::HtmlBlock) => {
                out.push('\n')
            }
            // A list ends its line once, at the end of the outermost list.
            Event::End(TagEnd::List(_)) if !out.ends_with('\n') => out.push('\n'),
            Event::Rule => out.push('\n'),
            Event::Text(text) | Event::Code(text) => out.push_str(&text),
            Event::SoftBreak | Event::HardBreak => out.push('\n'),
            _ => {}
        }
    }
    out
}

/// `#anchor`, `/path` (not `//host`): links tfplugindocs shows without
/// their address.
fn is_relative(link: &str) -> bool {
    link.starts_with('#') || (link.starts_with('/') && !link.starts_with("//"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The null provider's descriptions as tfplugindocs writes them into the
    /// frontmatter (terraform-plugin-docs' null_provider_success test).
    #[test]
    fn as_tfplugindocs_writes_the_null_provider_description() {
        let md = "The `null_data_source` data source implements the standard data source lifecycle but does not\ninteract with any external APIs.\n\nHistorically, the `null_data_source` was typically used to construct intermediate values to re-use elsewhere in configuration. The\nsame can now be achieved using [locals](https://developer.hashicorp.com/terraform/language/values/locals) or the [terraform_data resource type](https://developer.hashicorp.com/terraform/language/resources/terraform-data) in Terraform 1.4 and later.";
        assert_eq!(
            plain_markdown(md).trim(),
            "The null_data_source data source implements the standard data source lifecycle but does not\ninteract with any external APIs.\nHistorically, the null_data_source was typically used to construct intermediate values to re-use elsewhere in configuration. The\nsame can now be achieved using locals https://developer.hashicorp.com/terraform/language/values/locals or the terraform_data resource type https://developer.hashicorp.com/terraform/language/resources/terraform-data in Terraform 1.4 and later."
        );
    }

    /// Pieces of terraform-plugin-docs' mdplain test (its markdown.md and
    /// mdplain.txt).
    #[test]
    fn block_and_inline_elements() {
        for (md, plain) in [
            (
                "# H1\n## H2\n\n**bold text**\n\n*italicized text*",
                "H1\nH2\nbold text\nitalicized text\n",
            ),
            ("> blockquote", "blockquote\n"),
            (
                "1. First item\n2. Second item\n3. Third item\n\nnext",
                "First itemSecond itemThird item\nnext\n",
            ),
            (
                "### Horizontal Rule\n\n---\n\n### Link",
                "Horizontal Rule\n\nLink\n",
            ),
            (
                "[Relative Link](#Code)\n\n[`Code Link`](https://www.markdownguide.org)",
                "Relative Link\nCode Link https://www.markdownguide.org\n",
            ),
            (
                "Plain URL: https://www.markdownguide.org",
                "Plain URL: https://www.markdownguide.org\n",
            ),
            (
                "### Image\n\n![alt text](https://x/tux.png)\n\n## Extended",
                "Image\n\nExtended\n",
            ),
            (
                "### Fenced\n\n```\n{\n  \"age\": 25\n}\n```\n\n### Footnote",
                "Fenced\n\n{\n  \"age\": 25\n}\n\nFootnote\n",
            ),
            ("~~The world is flat.~~", "~~The world is flat.~~\n"),
            (
                "- [x] Write the press release\n- [ ] Update the website",
                "[x] Write the press release[ ] Update the website\n",
            ),
            (
                "See <https://example.com/x>.",
                "See https://example.com/x.\n",
            ),
        ] {
            assert_eq!(plain_markdown(md), plain, "{md:?}");
        }
    }
}
