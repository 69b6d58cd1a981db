//! Which crate each generated type goes to, when a provider is too large
//! for one.
//!
//! One `rustc` compiles one crate, and its memory grows with the crate: the
//! AWS provider's 957 types in one crate took a rustc past 22 GB. Past a
//! size the generator therefore writes a Cargo workspace whose crates each
//! hold a group of types, grouped the way providers name them: by the
//! first word of the name after the provider's prefix (`aws_s3_bucket` and
//! `aws_s3_bucket_policy` are `s3`, `aws_instance` is `instance`), the Go
//! providers' per-service packages. Groups are then packed to a bound:
//! neighbouring small groups (in name order) share a crate, and a group
//! above the bound is cut into parts in name order. A type heavier than the
//! bound is a crate of its own. The size of a type is its weight: the
//! structs and fields of its models (what the derive expands) plus a fixed
//! share for its hook (what registering it instantiates).

use std::collections::BTreeMap;

/// The default bound on a crate's weight (structs plus fields plus
/// [`HOOK_WEIGHT`] per type), and the size up to which a provider stays one
/// crate. Measured on the AWS provider 3.39.0 (`e2e/aws-scale.sh`, figures
/// in the book's porting chapter): crates up to this weight peak well under
/// 2 GB of rustc memory in a debug build and rebuild in seconds after a
/// hook changes.
pub const DEFAULT_CRATE_SIZE: usize = 1500;

/// The weight of registering one type (its hook and the adapters the
/// typed server instantiates for it), beside its models' structs and
/// fields.
pub const HOOK_WEIGHT: usize = 10;

/// A crate of a workspace layout and the types it holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Group {
    /// The crate's directory below `crates/` and the suffix of its package
    /// name: the group's key (`s3`), the first and last keys of merged
    /// groups (`acm-appmesh`), or a key and a part number (`ec2-2`).
    pub name: String,
    /// The names (without the provider prefix) of the types in it, sorted.
    pub types: Vec<String>,
    /// Their total weight.
    pub weight: usize,
}

/// The group a type name (without the provider prefix) belongs to: its
/// first `_`-separated word, in lowercase letters and digits (`misc` when
/// that leaves nothing).
pub fn group_key(name: &str) -> String {
    let first = name.split('_').find(|w| !w.is_empty()).unwrap_or("");
    let key: String = first
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect();
    if key.is_empty() {
        "misc".into()
    } else {
        key
    }
}

/// Lays the types (`(name, weight)`, any order, names unique) out in
/// crates of at most `bound` each (one type above it is a crate alone);
/// `None` when they fit one crate. The same input always gives the same
/// groups.
pub fn group(types: &[(String, usize)], bound: usize) -> Option<Vec<Group>> {
    let total: usize = types.iter().map(|(_, w)| w).sum();
    if total <= bound {
        return None;
    }
    let mut by_key: BTreeMap<String, Vec<(String, usize)>> = BTreeMap::new();
    for (name, weight) in types {
        by_key
            .entry(group_key(name))
            .or_default()
            .push((name.clone(), *weight));
    }
    let mut out = Packer::default();
    for (key, mut members) in by_key {
        members.sort();
        let weight: usize = members.iter().map(|(_, w)| w).sum();
        if weight <= bound {
            out.merge(key, members, weight, bound);
        } else {
            out.split(&key, members, bound);
        }
    }
    out.flush();
    Some(out.done)
}

/// Builds the groups in key order.
#[derive(Default)]
struct Packer {
    done: Vec<Group>,
    /// Whole small groups waiting to share a crate: first and last key,
    /// types, weight.
    open: Option<(String, String, Vec<String>, usize)>,
}

impl Packer {
    /// Adds a group that fits the bound to the open crate, or closes that
    /// crate and opens one with it.
    fn merge(&mut self, key: String, members: Vec<(String, usize)>, weight: usize, bound: usize) {
        let names = members.into_iter().map(|(n, _)| n);
        match &mut self.open {
            Some((_, last, types, w)) if *w + weight <= bound => {
                *last = key;
                types.extend(names);
                *w += weight;
            }
            _ => {
                self.flush();
                self.open = Some((key.clone(), key, names.collect(), weight));
            }
        }
    }

    /// Cuts a group above the bound into parts `<key>-1`, `<key>-2`, ...
    fn split(&mut self, key: &str, members: Vec<(String, usize)>, bound: usize) {
        self.flush();
        let mut parts: Vec<(Vec<String>, usize)> = Vec::new();
        for (name, weight) in members {
            match parts.last_mut() {
                Some((types, w)) if *w + weight <= bound => {
                    types.push(name);
                    *w += weight;
                }
                _ => parts.push((vec![name], weight)),
            }
        }
        let numbered = parts.len() > 1;
        for (i, (types, weight)) in parts.into_iter().enumerate() {
            let name = if numbered {
                format!("{key}-{}", i + 1)
            } else {
                key.to_owned()
            };
            self.push(name, types, weight);
        }
    }

    fn flush(&mut self) {
        if let Some((first, last, types, weight)) = self.open.take() {
            let name = if first == last {
                first
            } else {
                format!("{first}-{last}")
            };
            self.push(name, types, weight);
        }
    }

    fn push(&mut self, mut name: String, mut types: Vec<String>, weight: usize) {
        // Keys are letters and digits, so only a key that looks like a
        // part number (`ec2-1` beside a merged `ec2`..`1`) could repeat.
        while self.done.iter().any(|g| g.name == name) {
            name.push_str("-x");
        }
        types.sort();
        self.done.push(Group {
            name,
            types,
            weight,
        });
    }
}

/// The weight of a generated models file: its structs and fields.
pub fn file_weight(text: &str) -> usize {
    text.lines()
        .filter(|l| l.starts_with("pub struct ") || l.starts_with("    pub "))
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn types(list: &[(&str, usize)]) -> Vec<(String, usize)> {
        list.iter().map(|(n, w)| ((*n).to_owned(), *w)).collect()
    }

    fn layout(groups: &[Group]) -> Vec<(String, Vec<String>, usize)> {
        groups
            .iter()
            .map(|g| (g.name.clone(), g.types.clone(), g.weight))
            .collect()
    }

    fn group_of(name: &str, types: &[&str], weight: usize) -> (String, Vec<String>, usize) {
        (
            name.into(),
            types.iter().map(|t| (*t).to_owned()).collect(),
            weight,
        )
    }

    #[test]
    fn the_key_is_the_first_word_of_the_name() {
        assert_eq!(group_key("s3_bucket_policy"), "s3");
        assert_eq!(group_key("instance"), "instance");
        assert_eq!(group_key("_odd__name"), "odd");
        assert_eq!(group_key("Api-Thing_x"), "apithing");
        assert_eq!(group_key("__"), "misc");
    }

    #[test]
    fn what_fits_the_bound_stays_one_crate() {
        assert_eq!(group(&types(&[("a_x", 60), ("b_y", 40)]), 100), None);
        assert_eq!(group(&[], 100), None);
    }

    #[test]
    fn small_groups_share_a_crate_in_key_order() {
        let got = group(
            &types(&[
                ("s3_bucket", 30),
                ("acm_cert", 20),
                ("s3_object", 30),
                ("iam_role", 50),
                ("ec2_vpc", 60),
            ]),
            100,
        )
        .expect("split");
        assert_eq!(
            layout(&got),
            vec![
                group_of("acm-ec2", &["acm_cert", "ec2_vpc"], 80),
                group_of("iam", &["iam_role"], 50),
                group_of("s3", &["s3_bucket", "s3_object"], 60),
            ]
        );
    }

    #[test]
    fn a_group_above_the_bound_is_cut_in_name_order() {
        let got = group(
            &types(&[
                ("ec2_d", 40),
                ("ec2_a", 40),
                ("ec2_c", 40),
                ("ec2_b", 40),
                ("big", 250),
                ("zone", 10),
            ]),
            100,
        )
        .expect("split");
        assert_eq!(
            layout(&got),
            vec![
                // One type above the bound is a crate alone.
                group_of("big", &["big"], 250),
                group_of("ec2-1", &["ec2_a", "ec2_b"], 80),
                group_of("ec2-2", &["ec2_c", "ec2_d"], 80),
                group_of("zone", &["zone"], 10),
            ]
        );
        for g in &got {
            assert!(g.weight <= 100 || g.types.len() == 1, "{g:?}");
        }
    }

    #[test]
    fn the_layout_does_not_depend_on_the_input_order() {
        let mut list = types(&[("b_1", 70), ("a_1", 70), ("c_1", 70), ("a_2", 70)]);
        let first = group(&list, 100);
        list.reverse();
        assert_eq!(group(&list, 100), first);
    }

    #[test]
    fn weights_count_structs_and_fields() {
        let text = "use tfschema::TfSchema;\n\n/// A.\n#[derive(TfSchema)]\npub struct A {\n    /// x\n    pub x: i64,\n    #[tf(block)]\n    pub b: Vec<B>,\n}\n\npub struct B {\n    pub y: String,\n}\n";
        assert_eq!(file_weight(text), 5);
    }
}
