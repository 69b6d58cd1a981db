//! [`Model`]: what the typed layer asks of a derived model struct, and
//! [`PlanView`], its plan view.

use crate::model::{TfDecode, TfEncode, TfPlan, TfSchema};

/// A derived model struct the typed layer can use: schema, codecs and a
/// plan view that converts both ways.
///
/// Every struct with `#[derive(TfSchema, TfValue)]` that owns its data
/// (no borrowed `&str` fields) is one; there is nothing to implement.
pub trait Model:
    TfSchema
    + TfEncode
    + for<'de> TfDecode<'de>
    + TfPlan<PlanInner: for<'de> TfDecode<'de> + TfEncode + Send>
    + Send
    + 'static
{
}

impl<T> Model for T where
    T: TfSchema
        + TfEncode
        + for<'de> TfDecode<'de>
        + TfPlan<PlanInner: for<'de> TfDecode<'de> + TfEncode + Send>
        + Send
        + 'static
{
}

/// The plan view of a model struct (`<Name>Plan`): every attribute may be
/// unknown.
///
/// `#[derive(TfValue)]` writes the struct next to the model, with the same
/// field names and visibility. A field of type `T` has the type
/// `<T as TfPlan>::Plan` there ([`TfPlan`]), or `<T as TfPlan>::PlanOrNull`
/// when the attribute is computed, since a configuration that leaves a
/// computed attribute unset holds null for it. In practice:
///
/// | model field | plan view field |
/// |---|---|
/// | `name: String` | `Unknown<String>` |
/// | `tags: Option<Vec<String>>` | `Unknown<Option<Vec<Unknown<String>>>>` |
/// | `#[tf(computed)] id: Unknown<String>` | `Unknown<Option<String>>` |
/// | `#[tf(optional, computed)] size: Unknown<Option<i64>>` | `Unknown<Option<i64>>` |
/// | `#[tf(computed)] arn: Refined<String>` | `Refined<Option<String>>` |
/// | `#[tf(block)] disk: Vec<Disk>` | `Unknown<Vec<Unknown<DiskPlan>>>` |
/// | `#[tf(block)] boot: Option<Disk>` | `Unknown<Option<DiskPlan>>` |
///
/// Collection elements can be unknown too, and nested model structs
/// become their own plan views. A `BTreeSet` or `HashSet` becomes a
/// [`Set`](crate::Set), which can hold unknown elements.
///
/// ```
/// use tfschema::server::typed::PlanView;
/// use tfschema::{Refined, TfSchema, TfValue, Unknown};
///
/// #[derive(TfSchema, TfValue)]
/// struct Disk {
///     size_gb: i64,
/// }
///
/// #[derive(TfSchema, TfValue)]
/// struct Server {
///     name: String,
///     tags: Option<Vec<String>>,
///     #[tf(computed)]
///     id: Unknown<String>,
///     #[tf(optional, computed)]
///     size: Unknown<Option<i64>>,
///     #[tf(computed)]
///     arn: Refined<String>,
///     #[tf(block)]
///     disk: Vec<Disk>,
///     #[tf(block)]
///     boot: Option<Disk>,
/// }
///
/// // `PlanView<Server>` is `ServerPlan`.
/// fn fields(plan: PlanView<Server>) {
///     let ServerPlan { name, tags, id, size, arn, disk, boot } = plan;
///     let _: Unknown<String> = name;
///     let _: Unknown<Option<Vec<Unknown<String>>>> = tags;
///     let _: Unknown<Option<String>> = id;
///     let _: Unknown<Option<i64>> = size;
///     let _: Refined<Option<String>> = arn;
///     let _: Unknown<Vec<Unknown<DiskPlan>>> = disk;
///     let _: Unknown<Option<DiskPlan>> = boot;
/// }
/// # let _ = fields;
/// ```
pub type PlanView<M> = <M as TfPlan>::PlanInner;
