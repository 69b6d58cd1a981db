//! What the derive generates is documented as the model is: a crate with
//! `#![deny(missing_docs)]` compiles with public derived models (the plan
//! view struct `<Name>Plan` carries the fields' doc comments).
#![deny(missing_docs)]

use tfschema::{TfSchema, TfValue, Unknown};

/// A documented model.
#[derive(TfSchema, TfValue, Debug)]
pub struct Documented {
    /// The name.
    pub name: String,
    /// Set by the provider.
    #[tf(computed)]
    pub id: Unknown<String>,
}

#[test]
fn the_plan_view_keeps_the_field_docs() {
    // Compiling this file is the check; the docs also reach the schema.
    let block = Documented::block();
    let described: Vec<(&str, &str)> = block
        .attributes
        .iter()
        .map(|a| (a.name.as_str(), a.description.as_str()))
        .collect();
    assert_eq!(
        described,
        [("id", "Set by the provider."), ("name", "The name.")]
    );
    let view = DocumentedPlan {
        name: Unknown::Known("n".into()),
        id: Unknown::Known(None),
    };
    assert!(format!("{view:?}").contains("DocumentedPlan"));
}

/// A server: its name,
/// its disks and
/// its network.
///
/// Created in the
/// provider's region:
/// - `eu`, wrapped
///   as written
/// - `us`
#[derive(TfSchema, TfValue, Debug)]
pub struct Wrapped {
    /// The name of the server,
    /// unique in its
    /// region.
    pub name: String,
    /// The disks,
    /// in boot order.
    #[tf(block)]
    pub disk: Vec<Disk>,
}

/// One disk of
/// a server.
#[derive(TfSchema, TfValue, Debug)]
pub struct Disk {
    /// Its size in
    /// gigabytes.
    pub size: i64,
}

#[test]
fn a_wrapped_doc_comment_is_a_one_line_description() {
    let block = Wrapped::block();
    assert_eq!(
        block.description,
        "A server: its name, its disks and its network.\n\n\
         Created in the provider's region:\n- `eu`, wrapped\n  as written\n- `us`"
    );
    assert_eq!(block.attributes.len(), 1);
    assert_eq!(
        block.attributes[0].description,
        "The name of the server, unique in its region."
    );
    assert_eq!(block.block_types.len(), 1);
    let disk = &block.block_types[0].block;
    assert_eq!(disk.description, "One disk of a server.");
    assert_eq!(disk.attributes[0].description, "Its size in gigabytes.");
}

/// A description a doc comment cannot carry: blank space around the text is
/// trimmed from a doc comment (`///  indented` reads as `indented`), so a
/// description that starts or ends with a space, as Go providers' sometimes
/// do, is written `#[tf(description = "...")]` and kept exactly.
#[derive(TfSchema, TfValue, Debug)]
#[tf(description = " A volume, described with a leading space.")]
pub struct Volume {
    ///  Trimmed: a doc comment's blank space is not part of the text.
    pub trimmed: Option<String>,
    /// Replaced by the attribute.
    #[tf(description = "  two spaces before, one after ")]
    pub padded: Option<String>,
    /// Replaced too.
    #[tf(description = "\tA tab, then a line\nbreak inside one paragraph.")]
    pub tabbed: Option<String>,
}

#[test]
fn a_description_attribute_keeps_its_blank_space() {
    let block = Volume::block();
    assert_eq!(
        block.description,
        " A volume, described with a leading space."
    );
    let described: Vec<(&str, &str)> = block
        .attributes
        .iter()
        .map(|a| (a.name.as_str(), a.description.as_str()))
        .collect();
    assert_eq!(
        described,
        [
            ("padded", "  two spaces before, one after "),
            (
                "tabbed",
                "\tA tab, then a line\nbreak inside one paragraph."
            ),
            (
                "trimmed",
                "Trimmed: a doc comment's blank space is not part of the text."
            ),
        ]
    );
}
