//! JSON as Go's `encoding/json` reads it: `json.Valid`'s grammar (RFC 8259
//! with Go's nesting limit of 10000), and the document `Decode` with
//! `UseNumber` makes, written back as `json.Marshal` writes it (keys sorted,
//! the last of duplicate keys kept, numbers as written, strings in Go's
//! escapes). serde_json is not used here: it refuses lone surrogate escapes
//! (Go reads them as U+FFFD), nests at most 128 deep by default and does
//! not keep a number's text. Nothing recurses, so a deep document costs
//! heap, not stack.

/// Go's `maxNestingDepth` in `encoding/json/scanner.go`.
const MAX_DEPTH: usize = 10_000;

/// A value of the document: scalars already in Go's output form.
enum Node {
    Scalar(String),
    Array(Vec<usize>),
    Object(Vec<(String, usize)>),
}

/// An open array or object, with the key of the member being read.
struct Open {
    node: usize,
    key: Option<String>,
}

/// The document: its nodes, the root first once read.
struct Doc {
    nodes: Vec<Node>,
    root: usize,
}

struct Reader<'a> {
    s: &'a [u8],
    i: usize,
}

impl Reader<'_> {
    fn ws(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.s.get(self.i) {
            self.i += 1;
        }
    }

    fn peek(&self) -> Option<u8> {
        self.s.get(self.i).copied()
    }

    fn eat(&mut self, c: u8) -> bool {
        if self.peek() == Some(c) {
            self.i += 1;
            true
        } else {
            false
        }
    }

    fn literal(&mut self, word: &str) -> Option<String> {
        let end = self.i + word.len();
        (self.s.get(self.i..end) == Some(word.as_bytes())).then(|| {
            self.i = end;
            word.to_owned()
        })
    }

    fn digits(&mut self) -> usize {
        let start = self.i;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.i += 1;
        }
        self.i - start
    }

    /// A number, kept as written (`json.Number`).
    fn number(&mut self) -> Option<String> {
        let start = self.i;
        self.eat(b'-');
        match self.peek() {
            Some(b'0') => self.i += 1,
            Some(b'1'..=b'9') => {
                self.digits();
            }
            _ => return None,
        }
        if self.eat(b'.') && self.digits() == 0 {
            return None;
        }
        if matches!(self.peek(), Some(b'e' | b'E')) {
            self.i += 1;
            if !self.eat(b'+') {
                self.eat(b'-');
            }
            if self.digits() == 0 {
                return None;
            }
        }
        std::str::from_utf8(&self.s[start..self.i])
            .ok()
            .map(str::to_owned)
    }

    fn hex4(&mut self) -> Option<u32> {
        let text = std::str::from_utf8(self.s.get(self.i..self.i + 4)?).ok()?;
        let v = u32::from_str_radix(text, 16)
            .ok()
            .filter(|_| text.bytes().all(|c| c.is_ascii_hexdigit()))?;
        self.i += 4;
        Some(v)
    }

    /// A string after its opening quote, decoded as Go's `unquote`: a lone
    /// or mismatched surrogate escape becomes U+FFFD.
    fn string(&mut self) -> Option<String> {
        let mut out = String::new();
        loop {
            let run = self.s[self.i..]
                .iter()
                .position(|&c| c == b'"' || c == b'\\' || c < 0x20)?;
            out.push_str(std::str::from_utf8(&self.s[self.i..self.i + run]).ok()?);
            self.i += run;
            match self.s[self.i] {
                b'"' => {
                    self.i += 1;
                    return Some(out);
                }
                b'\\' => {
                    self.i += 1;
                    self.escape(&mut out)?;
                }
                _ => return None,
            }
        }
    }

    fn escape(&mut self, out: &mut String) -> Option<()> {
        let c = self.peek()?;
        self.i += 1;
        let decoded = match c {
            b'"' => '"',
            b'\\' => '\\',
            b'/' => '/',
            b'b' => '\u{8}',
            b'f' => '\u{c}',
            b'n' => '\n',
            b'r' => '\r',
            b't' => '\t',
            b'u' => self.unicode_escape()?,
            _ => return None,
        };
        out.push(decoded);
        Some(())
    }

    fn unicode_escape(&mut self) -> Option<char> {
        let first = self.hex4()?;
        if !(0xd800..0xe000).contains(&first) {
            return char::from_u32(first);
        }
        // A high surrogate takes the next escape when it is a low one;
        // otherwise the next escape is read on its own.
        if first < 0xdc00 && self.s.get(self.i..self.i + 2) == Some(b"\\u") {
            let save = self.i;
            self.i += 2;
            match self.hex4() {
                Some(second) if (0xdc00..0xe000).contains(&second) => {
                    let c = 0x10000 + ((first - 0xd800) << 10) + (second - 0xdc00);
                    return char::from_u32(c);
                }
                _ => self.i = save,
            }
        }
        Some('\u{fffd}')
    }
}

/// Reads a whole document; `None` when Go's `json.Valid` would say false.
fn read(text: &str) -> Option<Doc> {
    let mut r = Reader {
        s: text.as_bytes(),
        i: 0,
    };
    let mut nodes: Vec<Node> = Vec::new();
    let mut open: Vec<Open> = Vec::new();
    loop {
        // A value.
        r.ws();
        let node = match r.peek()? {
            b'{' | b'[' => {
                let is_object = r.peek() == Some(b'{');
                r.i += 1;
                if open.len() == MAX_DEPTH {
                    return None;
                }
                nodes.push(if is_object {
                    Node::Object(Vec::new())
                } else {
                    Node::Array(Vec::new())
                });
                open.push(Open {
                    node: nodes.len() - 1,
                    key: None,
                });
                r.ws();
                let close = if is_object { b'}' } else { b']' };
                if !r.eat(close) {
                    if is_object {
                        member_key(&mut r, &mut open)?;
                    }
                    continue;
                }
                open.pop().map(|o| o.node)
            }
            b'"' => {
                r.i += 1;
                let s = r.string()?;
                nodes.push(Node::Scalar(go_quote(&s)));
                Some(nodes.len() - 1)
            }
            b't' => scalar(&mut nodes, r.literal("true")?),
            b'f' => scalar(&mut nodes, r.literal("false")?),
            b'n' => scalar(&mut nodes, r.literal("null")?),
            _ => scalar(&mut nodes, r.number()?),
        };
        // Attach it, closing every container that ends after it.
        let mut done = node?;
        loop {
            let Some(top) = open.last_mut() else {
                r.ws();
                return (r.i == r.s.len()).then_some(Doc { nodes, root: done });
            };
            match &mut nodes[top.node] {
                Node::Array(items) => items.push(done),
                Node::Object(members) => members.push((top.key.take()?, done)),
                Node::Scalar(_) => return None,
            }
            r.ws();
            let is_object = matches!(nodes[top.node], Node::Object(_));
            if r.eat(b',') {
                if is_object {
                    member_key(&mut r, &mut open)?;
                }
                break;
            }
            if !r.eat(if is_object { b'}' } else { b']' }) {
                return None;
            }
            done = open.pop()?.node;
        }
    }
}

fn scalar(nodes: &mut Vec<Node>, text: String) -> Option<usize> {
    nodes.push(Node::Scalar(text));
    Some(nodes.len() - 1)
}

/// `"key":` of the next member of the innermost (object) container.
fn member_key(r: &mut Reader<'_>, open: &mut [Open]) -> Option<()> {
    r.ws();
    if !r.eat(b'"') {
        return None;
    }
    let key = r.string()?;
    r.ws();
    if !r.eat(b':') {
        return None;
    }
    open.last_mut()?.key = Some(key);
    Some(())
}

/// Whether Go's `json.Valid` accepts `text`.
pub(super) fn valid(text: &str) -> bool {
    read(text).is_some()
}

/// Go's `normalizeJSONString`: the document decoded with `UseNumber` and
/// marshalled again; `None` for text that is not valid JSON.
pub(super) fn normalize(text: &str) -> Option<String> {
    let mut doc = read(text)?;
    let mut out = String::with_capacity(text.len());
    // (node, next child): a work list instead of recursion.
    let mut stack: Vec<(usize, usize)> = vec![(doc.root, 0)];
    for node in &mut doc.nodes {
        if let Node::Object(members) = node {
            // Sorted by key, the last of equal keys kept (a map assignment).
            members.reverse();
            members.sort_by(|a, b| a.0.cmp(&b.0));
            members.dedup_by(|later, first| later.0 == first.0);
        }
    }
    while let Some((node, child)) = stack.pop() {
        match &doc.nodes[node] {
            Node::Scalar(text) => out.push_str(text),
            Node::Array(items) => {
                out.push(if child == 0 { '[' } else { ',' });
                if let Some(&item) = items.get(child) {
                    stack.push((node, child + 1));
                    stack.push((item, 0));
                } else {
                    close(&mut out, child, ']');
                }
            }
            Node::Object(members) => {
                out.push(if child == 0 { '{' } else { ',' });
                if let Some((key, value)) = members.get(child) {
                    out.push_str(&go_quote(key));
                    out.push(':');
                    stack.push((node, child + 1));
                    stack.push((*value, 0));
                } else {
                    close(&mut out, child, '}');
                }
            }
        }
    }
    Some(out)
}

/// Replaces the separator just written after the last child (or the
/// opening bracket's twin for an empty container) by the closing bracket.
fn close(out: &mut String, child: usize, bracket: char) {
    if child > 0 {
        out.pop();
    }
    out.push(bracket);
}

/// A string as Go's `json.Marshal` writes it (HTML escaping on, as
/// `Marshal` has it).
fn go_quote(s: &str) -> String {
    crate::text::Quoting::GO_JSON_MARSHAL.quote(s)
}
