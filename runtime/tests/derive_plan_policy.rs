//! Plan policy attributes (`requires_replace`, `requires_replace_if`,
//! `requires_replace_if_configured`, `use_state_for_unknown`,
//! `use_non_null_state_for_unknown`, `default`) land in the schema's
//! `PlanPolicy`, where the plugin server's planner reads them; they are not
//! part of the wire schema.

use tfschema::schema::{AttributeType, Block, PlanPolicy, ReplaceIfRequest, ReplaceIfResponse};
use tfschema::{Number, PathStep, TfSchema, TfValue, Unknown, Value};

/// A replacement is needed when the size shrinks.
fn shrinking(change: &ReplaceIfRequest<'_>) -> bool {
    match (change.prior, change.planned) {
        (Value::Number(a), Value::Number(b)) => b < a,
        _ => false,
    }
}

/// Go's shape: a change of zone replaces, with a warning saying so.
fn zone_moved(change: &ReplaceIfRequest<'_>, response: &mut ReplaceIfResponse) {
    response.requires_replace = change.config != change.prior;
    response
        .diagnostics
        .warning(&[], "Volume moves", "A new volume is made in the new zone.");
}

fn default_region() -> String {
    "eu-west-1".to_string()
}

#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
struct Disk {
    #[tf(requires_replace)]
    kind: String,
}

/// Filled in by the provider (a computed block).
#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
struct Endpoint {
    #[tf(computed)]
    url: Unknown<String>,
}

#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
struct Volume {
    #[tf(computed, use_state_for_unknown)]
    id: Unknown<String>,
    #[tf(requires_replace)]
    name: String,
    #[tf(requires_replace_if = shrinking)]
    size_gb: i64,
    #[tf(optional, computed, default = "gp3")]
    volume_type: Unknown<Option<String>>,
    #[tf(optional, computed, default = 3000)]
    iops: Unknown<Option<i64>>,
    #[tf(optional, computed, default = -1.5)]
    offset: Unknown<Option<f64>>,
    #[tf(optional, computed, default = false)]
    encrypted: Unknown<Option<bool>>,
    #[tf(optional, computed, default = default_region)]
    region: Unknown<Option<String>>,
    #[tf(block, requires_replace)]
    disk: Option<Disk>,
    #[tf(computed, use_non_null_state_for_unknown)]
    arn: Unknown<Option<String>>,
    #[tf(requires_replace_if = zone_moved)]
    zone: String,
    #[tf(optional, computed, requires_replace_if_configured)]
    kms_key: Unknown<Option<String>>,
    #[tf(block, computed, use_state_for_unknown)]
    endpoint: Unknown<Option<Endpoint>>,
}

fn attr_policy(block: &Block, name: &str) -> PlanPolicy {
    block
        .attributes
        .iter()
        .find(|a| a.name == name)
        .unwrap_or_else(|| panic!("attribute {name}"))
        .plan
        .clone()
}

#[test]
fn policies_are_in_the_schema() {
    let block = Volume::block();
    assert!(attr_policy(&block, "id").use_state_for_unknown);
    assert!(attr_policy(&block, "name").requires_replace);
    assert_eq!(attr_policy(&block, "name").default, None);
    let replace_if = attr_policy(&block, "size_gb")
        .requires_replace_if
        .expect("replace_if");
    let change = |prior: i64, planned: i64| {
        let (prior, planned) = (Value::from(prior), Value::from(planned));
        let answer = replace_if.requires_replace(&ReplaceIfRequest {
            prior: &prior,
            config: &planned,
            planned: &planned,
            path: &[],
        });
        assert!(answer.diagnostics.is_empty());
        answer.requires_replace
    };
    assert!(change(100, 50));
    assert!(!change(100, 200));
    assert_eq!(
        attr_policy(&block, "volume_type").default,
        Some(Value::from("gp3"))
    );
    assert_eq!(attr_policy(&block, "iops").default, Some(Value::from(3000)));
    assert_eq!(
        attr_policy(&block, "offset").default,
        Some(Value::Number(Number::parse("-1.5").expect("number")))
    );
    assert_eq!(
        attr_policy(&block, "encrypted").default,
        Some(Value::Bool(false))
    );
    assert_eq!(
        attr_policy(&block, "region").default,
        Some(Value::from("eu-west-1"))
    );
    let disk = block
        .block_types
        .iter()
        .find(|b| b.type_name == "disk")
        .expect("disk");
    assert!(disk.plan.requires_replace);
    assert!(disk.block.attributes[0].plan.requires_replace);
    // Defaults and policies are not part of what Terraform sees.
    let json = Volume::schema().to_json();
    assert!(!json.contains("gp3") && !json.contains("replace"), "{json}");
    assert!(matches!(block.attributes[0].ty, AttributeType::Type(_)));
}

#[test]
fn each_flavour_of_use_state_and_replacement_is_its_own_flag() {
    let block = Volume::block();
    let id = attr_policy(&block, "id");
    assert!(id.use_state_for_unknown && !id.use_non_null_state_for_unknown);
    let arn = attr_policy(&block, "arn");
    assert!(arn.use_non_null_state_for_unknown && !arn.use_state_for_unknown);
    let kms = attr_policy(&block, "kms_key");
    assert!(kms.requires_replace_if_configured);
    assert!(!kms.requires_replace && kms.requires_replace_if.is_none());
    assert!(!attr_policy(&block, "name").requires_replace_if_configured);
    let endpoint = (block.block_types.iter())
        .find(|b| b.type_name == "endpoint")
        .expect("endpoint");
    assert!(
        endpoint.plan.use_state_for_unknown,
        "a computed block keeps its prior state too"
    );
}

#[test]
fn a_go_shaped_replace_if_function_answers_with_diagnostics() {
    let block = Volume::block();
    let replace_if = attr_policy(&block, "zone")
        .requires_replace_if
        .expect("replace_if");
    let (prior, planned) = (Value::from("a"), Value::from("b"));
    let path = [PathStep::Attr("zone".into())];
    let answer = replace_if.requires_replace(&ReplaceIfRequest {
        prior: &prior,
        config: &planned,
        planned: &planned,
        path: &path,
    });
    assert!(answer.requires_replace);
    let warnings: Vec<_> = answer
        .diagnostics
        .iter()
        .map(|d| d.summary.as_str())
        .collect();
    assert_eq!(warnings, ["Volume moves"]);
}
