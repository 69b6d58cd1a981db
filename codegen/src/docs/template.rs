//! The part of Go's `text/template` that tfplugindocs templates use:
//! `{{ .Field }}`, pipelines through tfplugindocs' functions (`trimspace`,
//! `plainmarkdown`, `prefixlines`, `lower`, `upper`, `title`, `tffile`,
//! `codefile`), `{{ if }}`/`{{ else }}`/`{{ end }}`, comments and the
//! `{{-`/`-}}` whitespace trims. Anything else (`range`, `with`, variables,
//! `printf`) is an error naming the template's line, not a silent gap.

use std::collections::BTreeMap;

use super::plain::plain_markdown;

/// A value a template can show: text or a flag.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Value {
    Text(String),
    Flag(bool),
}

impl Value {
    fn truthy(&self) -> bool {
        match self {
            Value::Text(t) => !t.is_empty(),
            Value::Flag(b) => *b,
        }
    }

    fn into_text(self) -> String {
        match self {
            Value::Text(t) => t,
            Value::Flag(b) => b.to_string(),
        }
    }
}

/// What a template is rendered with: its fields, and how `tffile` and
/// `codefile` read a file (a path relative to the provider directory).
pub(crate) struct Context<'a> {
    pub(crate) fields: &'a BTreeMap<&'static str, Value>,
    pub(crate) read_file: &'a dyn Fn(&str) -> Result<String, String>,
}

#[derive(Debug)]
enum Node {
    Text(String),
    /// A pipeline to print, and the line it is on.
    Print(Vec<Command>, usize),
    If {
        condition: (Vec<Command>, usize),
        then: Vec<Node>,
        otherwise: Vec<Node>,
    },
}

#[derive(Debug)]
struct Command {
    /// A function name, or empty for a lone operand.
    function: String,
    args: Vec<Operand>,
}

#[derive(Debug)]
enum Operand {
    Field(String),
    Literal(String),
}

/// Renders `template`.
///
/// # Errors
/// A syntax error, an unsupported action, an unknown field or function, or
/// a file `tffile`/`codefile` cannot read; the message gives the line.
pub(crate) fn render(template: &str, context: &Context<'_>) -> Result<String, String> {
    let tokens = tokenize(template)?;
    let mut pos = 0;
    let (nodes, end) = parse(&tokens, &mut pos)?;
    if let Some((what, line)) = end {
        return Err(format!(
            "line {line}: {{{{ {what} }}}} without an {{{{ if }}}}"
        ));
    }
    let mut out = String::new();
    execute(&nodes, context, &mut out)?;
    Ok(out)
}

#[derive(Debug)]
enum Token {
    Text(String),
    /// An action's inside, and its line.
    Action(String, usize),
}

fn tokenize(template: &str) -> Result<Vec<Token>, String> {
    let mut tokens = Vec::new();
    let mut rest = template;
    let mut line = 1;
    let mut trim_next = false;
    while !rest.is_empty() {
        let Some(start) = rest.find("{{") else {
            push_text(&mut tokens, rest, trim_next);
            break;
        };
        let (text, after) = rest.split_at(start);
        let after = &after[2..];
        let trim_before =
            after.starts_with("- ") || after.starts_with("-\n") || after.starts_with("-\t");
        let mut text = text.to_owned();
        if trim_before {
            text.truncate(text.trim_end().len());
        }
        push_text(&mut tokens, &text, trim_next);
        line += rest[..start].matches('\n').count();
        let Some(close) = after.find("}}") else {
            return Err(format!("line {line}: unclosed action"));
        };
        let mut inner = &after[..close];
        if trim_before {
            inner = &inner[1..];
        }
        trim_next = inner.ends_with(" -") || inner.ends_with("\n-") || inner.ends_with("\t-");
        if trim_next {
            inner = &inner[..inner.len() - 1];
        }
        tokens.push(Token::Action(inner.trim().to_owned(), line));
        line += after[..close].matches('\n').count();
        rest = &after[close + 2..];
    }
    Ok(tokens)
}

fn push_text(tokens: &mut Vec<Token>, text: &str, trim_start: bool) {
    let text = if trim_start { text.trim_start() } else { text };
    if !text.is_empty() {
        tokens.push(Token::Text(text.to_owned()));
    }
}

/// The `else` or `end` that closed a list of nodes, and its line.
type Closer = Option<(&'static str, usize)>;

/// Parses nodes up to an `else` or `end`.
fn parse(tokens: &[Token], pos: &mut usize) -> Result<(Vec<Node>, Closer), String> {
    let mut nodes = Vec::new();
    while let Some(token) = tokens.get(*pos) {
        *pos += 1;
        match token {
            Token::Text(t) => nodes.push(Node::Text(t.clone())),
            Token::Action(a, line) => {
                let line = *line;
                if a.starts_with("/*") && a.ends_with("*/") {
                    continue;
                }
                let keyword = a.split_whitespace().next().unwrap_or("");
                match keyword {
                    "end" => return Ok((nodes, Some(("end", line)))),
                    "else" if a == "else" => return Ok((nodes, Some(("else", line)))),
                    "if" => {
                        let condition = (pipeline(a["if".len()..].trim(), line)?, line);
                        let (then, end) = parse(tokens, pos)?;
                        let otherwise = match end {
                            Some(("else", _)) => match parse(tokens, pos)? {
                                (nodes, Some(("end", _))) => nodes,
                                _ => {
                                    return Err(format!(
                                        "line {line}: {{{{ if }}}} without {{{{ end }}}}"
                                    ))
                                }
                            },
                            Some(("end", _)) => Vec::new(),
                            _ => {
                                return Err(format!(
                                    "line {line}: {{{{ if }}}} without {{{{ end }}}}"
                                ))
                            }
                        };
                        nodes.push(Node::If {
                            condition,
                            then,
                            otherwise,
                        });
                    }
                    "else" | "range" | "with" | "define" | "template" | "block" | "break"
                    | "continue" => {
                        return Err(format!(
                        "line {line}: {{{{ {a} }}}}: `{keyword}` is not supported by tfschema's \
                             templates (fields, if/else/end and tfplugindocs' functions are)"
                    ))
                    }
                    _ => nodes.push(Node::Print(pipeline(a, line)?, line)),
                }
            }
        }
    }
    Ok((nodes, None))
}

fn pipeline(text: &str, line: usize) -> Result<Vec<Command>, String> {
    let words = split_words(text).map_err(|e| format!("line {line}: {e}"))?;
    let mut commands = Vec::new();
    for part in words.split(|w| w == "|") {
        let Some((first, args)) = part.split_first() else {
            return Err(format!("line {line}: empty command in {{{{ {text} }}}}"));
        };
        let operand = |w: &String| -> Result<Operand, String> {
            if let Some(field) = w.strip_prefix('.') {
                Ok(Operand::Field(field.to_owned()))
            } else if let Some(lit) = w.strip_prefix('\u{0}') {
                Ok(Operand::Literal(lit.to_owned()))
            } else {
                Err(format!(
                    "line {line}: {w:?} in {{{{ {text} }}}}: only fields (.Name) and strings are \
                     supported as arguments"
                ))
            }
        };
        if first.starts_with('.') || first.starts_with('\u{0}') {
            if !args.is_empty() {
                return Err(format!(
                    "line {line}: {{{{ {text} }}}}: a value cannot take arguments"
                ));
            }
            commands.push(Command {
                function: String::new(),
                args: vec![operand(first)?],
            });
        } else if first.starts_with('$') {
            return Err(format!(
                "line {line}: template variables ({first}) are not supported"
            ));
        } else {
            commands.push(Command {
                function: first.clone(),
                args: args.iter().map(operand).collect::<Result<_, _>>()?,
            });
        }
    }
    Ok(commands)
}

/// Words of an action; a quoted string becomes one word marked with a
/// leading NUL (no field or function name starts with one).
fn split_words(text: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut chars = text.chars().peekable();
    while let Some(&c) = chars.peek() {
        if c.is_whitespace() {
            chars.next();
        } else if c == '|' {
            chars.next();
            words.push("|".to_owned());
        } else if c == '"' || c == '`' {
            chars.next();
            let mut s = String::from('\u{0}');
            loop {
                match chars.next() {
                    None => return Err(format!("unterminated string in {{{{ {text} }}}}")),
                    Some(q) if q == c => break,
                    Some('\\') if c == '"' => match chars.next() {
                        Some('n') => s.push('\n'),
                        Some('t') => s.push('\t'),
                        Some(e @ ('"' | '\\')) => s.push(e),
                        other => {
                            return Err(format!(
                                "unsupported escape \\{} in {text:?}",
                                other.unwrap_or(' ')
                            ))
                        }
                    },
                    Some(ch) => s.push(ch),
                }
            }
            words.push(s);
        } else {
            let mut w = String::new();
            while let Some(&ch) = chars.peek() {
                if ch.is_whitespace() || ch == '|' {
                    break;
                }
                w.push(ch);
                chars.next();
            }
            words.push(w);
        }
    }
    Ok(words)
}

fn execute(nodes: &[Node], context: &Context<'_>, out: &mut String) -> Result<(), String> {
    for node in nodes {
        match node {
            Node::Text(t) => out.push_str(t),
            Node::Print(commands, line) => {
                out.push_str(&evaluate(commands, *line, context)?.into_text());
            }
            Node::If {
                condition: (commands, line),
                then,
                otherwise,
            } => {
                let branch = if evaluate(commands, *line, context)?.truthy() {
                    then
                } else {
                    otherwise
                };
                execute(branch, context, out)?;
            }
        }
    }
    Ok(())
}

fn evaluate(commands: &[Command], line: usize, context: &Context<'_>) -> Result<Value, String> {
    let mut piped: Option<Value> = None;
    for command in commands {
        let mut args = Vec::with_capacity(command.args.len() + 1);
        for a in &command.args {
            args.push(match a {
                Operand::Literal(s) => Value::Text(s.clone()),
                Operand::Field(f) => context.fields.get(f.as_str()).cloned().ok_or_else(|| {
                    let known: Vec<&str> = context.fields.keys().copied().collect();
                    format!(
                        "line {line}: unknown field .{f} (this page has .{})",
                        known.join(", .")
                    )
                })?,
            });
        }
        args.extend(piped.take());
        piped = Some(call(&command.function, args, line, context)?);
    }
    piped.ok_or_else(|| format!("line {line}: empty action"))
}

fn call(
    function: &str,
    args: Vec<Value>,
    line: usize,
    context: &Context<'_>,
) -> Result<Value, String> {
    let texts: Vec<String> = args.iter().cloned().map(Value::into_text).collect();
    let arity = |n: usize| -> Result<(), String> {
        if texts.len() == n {
            Ok(())
        } else {
            Err(format!(
                "line {line}: {function} takes {n} argument(s), got {}",
                texts.len()
            ))
        }
    };
    let code = |format: &str, file: &str| -> Result<Value, String> {
        let content = (context.read_file)(file).map_err(|e| format!("line {line}: {e}"))?;
        let content = content.trim();
        if content.is_empty() {
            return Err(format!("line {line}: no file content in {file:?}"));
        }
        Ok(Value::Text(format!("```{format}\n{content}\n```")))
    };
    match function {
        "" => {
            arity(1)?;
            Ok(args.into_iter().next().unwrap_or(Value::Flag(false)))
        }
        "trimspace" => {
            arity(1)?;
            Ok(Value::Text(texts[0].trim().to_owned()))
        }
        "plainmarkdown" => {
            arity(1)?;
            Ok(Value::Text(plain_markdown(&texts[0])))
        }
        "prefixlines" => {
            arity(2)?;
            Ok(Value::Text(prefix_lines(&texts[0], &texts[1])))
        }
        "lower" => {
            arity(1)?;
            Ok(Value::Text(texts[0].to_lowercase()))
        }
        "upper" => {
            arity(1)?;
            Ok(Value::Text(texts[0].to_uppercase()))
        }
        "title" => {
            arity(1)?;
            Ok(Value::Text(title_case(&texts[0])))
        }
        "tffile" => {
            arity(1)?;
            code("terraform", &texts[0])
        }
        "codefile" => {
            arity(2)?;
            code(&texts[0], &texts[1])
        }
        other => Err(format!(
            "line {line}: unknown function {other:?} (tfschema's templates have trimspace, \
             plainmarkdown, prefixlines, lower, upper, title, tffile and codefile)"
        )),
    }
}

/// tfplugindocs' `prefixlines`: `prefix` before every line.
pub(crate) fn prefix_lines(prefix: &str, text: &str) -> String {
    let mut out = String::from(prefix);
    out.push_str(&text.replace('\n', &format!("\n{prefix}")));
    out
}

/// The first letter of each word upper-cased (`cases.Title`).
fn title_case(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut start = true;
    for c in text.chars() {
        if start && c.is_alphanumeric() {
            out.extend(c.to_uppercase());
            start = false;
        } else {
            if !c.is_alphanumeric() && c != '\'' {
                start = true;
            }
            out.extend(c.to_lowercase());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields() -> BTreeMap<&'static str, Value> {
        BTreeMap::from([
            ("Name", Value::Text("kitchen_thing".into())),
            (
                "Description",
                Value::Text("  A `thing`.\n\nSecond.  ".into()),
            ),
            ("HasExample", Value::Flag(true)),
            ("HasImport", Value::Flag(false)),
            ("ExampleFile", Value::Text("examples/x.tf".into())),
        ])
    }

    fn run(template: &str) -> Result<String, String> {
        let fields = fields();
        let read = |f: &str| -> Result<String, String> {
            if f == "examples/x.tf" {
                Ok("\nresource \"a\" \"b\" {}\n\n".into())
            } else {
                Err(format!("cannot read {f:?}"))
            }
        };
        render(
            template,
            &Context {
                fields: &fields,
                read_file: &read,
            },
        )
    }

    #[test]
    fn tfplugindocs_default_template_pieces() {
        let t = "description: |-\n{{ .Description | plainmarkdown | trimspace | prefixlines \"  \" }}\n---\n\n# {{.Name}} (Resource)\n\n{{ .Description | trimspace }}\n\n{{ if .HasExample -}}\n## Example Usage\n\n{{tffile .ExampleFile }}\n{{- end }}\n{{ if .HasImport -}}\n## Import\n{{- end }}\nend";
        assert_eq!(
            run(t).expect("renders"),
            "description: |-\n  A thing.\n  Second.\n---\n\n# kitchen_thing (Resource)\n\nA `thing`.\n\nSecond.\n\n## Example Usage\n\n```terraform\nresource \"a\" \"b\" {}\n```\n\nend"
        );
        assert_eq!(
            run("{{ if .HasImport }}yes{{ else }}no{{ end }}").expect("renders"),
            "no"
        );
        assert_eq!(
            run("{{/* a comment */}}{{ codefile `shell` \"examples/x.tf\" | upper }}")
                .expect("renders"),
            "```SHELL\nRESOURCE \"A\" \"B\" {}\n```"
        );
        assert_eq!(
            run("{{ \"terraform provider\" | title }}").expect("renders"),
            "Terraform Provider"
        );
    }

    #[test]
    fn what_is_not_supported_is_an_error_with_the_line() {
        for (t, want) in [
            (
                "a\n{{ range .Names }}x{{ end }}",
                "line 2: {{ range .Names }}: `range` is not supported",
            ),
            (
                "{{ .Nope }}",
                "line 1: unknown field .Nope (this page has .Description, .ExampleFile",
            ),
            (
                "x\n\n{{ printf \"%s\" .Name }}",
                "line 3: unknown function \"printf\"",
            ),
            (
                "{{ if .HasExample }}x",
                "line 1: {{ if }} without {{ end }}",
            ),
            ("{{ end }}", "line 1: {{ end }} without an {{ if }}"),
            ("{{ .Name", "line 1: unclosed action"),
            (
                "{{ tffile \"examples/none.tf\" }}",
                "line 1: cannot read \"examples/none.tf\"",
            ),
            (
                "{{ $x := .Name }}",
                "template variables ($x) are not supported",
            ),
        ] {
            let err = run(t).expect_err(t);
            assert!(err.contains(want), "{t:?}: {err}");
        }
    }
}
