//! A path into a resource's JSON values, as Go's `tfjsonpath.Path`:
//! `Path::new("tags").at_map_key("env")`, `Path::new("ports").at_slice_index(0)`.

use std::fmt;

use serde_json::Value as Json;

/// One step of a [`Path`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    /// An object attribute or a map key.
    Key(String),
    /// A list, set or tuple element by position (sets in Terraform's JSON
    /// order).
    Index(usize),
}

/// A path into an attribute value: an attribute name, then map keys and
/// slice indexes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Path {
    steps: Vec<Step>,
}

impl Path {
    /// The top-level attribute `name`.
    pub fn new(name: impl Into<String>) -> Path {
        Path {
            steps: vec![Step::Key(name.into())],
        }
    }

    /// The value at `key` of the object or map here.
    pub fn at_map_key(mut self, key: impl Into<String>) -> Path {
        self.steps.push(Step::Key(key.into()));
        self
    }

    /// The element at `index` of the list, set or tuple here.
    pub fn at_slice_index(mut self, index: usize) -> Path {
        self.steps.push(Step::Index(index));
        self
    }

    /// The steps, first to last.
    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// The value at this path of `root`; Go's `tfjsonpath.Traverse`, with
    /// its messages.
    pub fn traverse<'a>(&self, root: &'a Json) -> Result<&'a Json, String> {
        let mut here = root;
        for (i, step) in self.steps.iter().enumerate() {
            let so_far = Path {
                steps: self.steps[..=i].to_vec(),
            };
            here = match step {
                Step::Key(key) => match here {
                    Json::Object(map) => map.get(key).ok_or_else(|| {
                        format!("path not found: specified key {key} not found in map at {so_far}")
                    })?,
                    _ => {
                        return Err(format!(
                            "path not found: cannot convert object at MapStep {so_far} to map[string]any"
                        ))
                    }
                },
                Step::Index(index) => match here {
                    Json::Array(items) => items.get(*index).ok_or_else(|| {
                        format!("path not found: SliceStep index {index} is out of range with slice length {} at {so_far}", items.len())
                    })?,
                    _ => {
                        return Err(format!(
                            "path not found: cannot convert object at SliceStep {so_far} to []any"
                        ))
                    }
                },
            };
        }
        Ok(here)
    }
}

impl fmt::Display for Path {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, step) in self.steps.iter().enumerate() {
            if i > 0 {
                f.write_str(".")?;
            }
            match step {
                Step::Key(key) => f.write_str(key)?,
                Step::Index(index) => write!(f, "{index}")?,
            }
        }
        Ok(())
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::Path;
    use serde_json::json;

    #[test]
    fn traverses_keys_and_indexes() {
        let v = json!({"tags": {"env": "prod"}, "ports": [80, 443]});
        assert_eq!(
            Path::new("tags").at_map_key("env").traverse(&v).unwrap(),
            &json!("prod")
        );
        assert_eq!(
            Path::new("ports").at_slice_index(1).traverse(&v).unwrap(),
            &json!(443)
        );
        assert_eq!(
            Path::new("tags").at_map_key("x").traverse(&v).unwrap_err(),
            "path not found: specified key x not found in map at tags.x"
        );
        assert_eq!(
            Path::new("tags")
                .at_slice_index(0)
                .traverse(&v)
                .unwrap_err(),
            "path not found: cannot convert object at SliceStep tags.0 to []any"
        );
        assert!(Path::new("ports")
            .at_slice_index(2)
            .traverse(&v)
            .unwrap_err()
            .contains("out of range"));
    }
}
