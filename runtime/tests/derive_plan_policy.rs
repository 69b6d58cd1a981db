//! Plan policy attributes (`requires_replace`, `requires_replace_if`,
//! `use_state_for_unknown`, `default`) land in the schema's `PlanPolicy`,
//! where the plugin server's planner reads them; they are not part of the
//! wire schema.

use tfschema::schema::{AttributeType, Block, PlanPolicy, ReplaceIfRequest};
use tfschema::{Number, TfSchema, TfValue, Unknown, Value};

/// A replacement is needed when the size shrinks.
fn shrinking(change: &ReplaceIfRequest<'_>) -> bool {
    match (change.prior, change.planned) {
        (Value::Number(a), Value::Number(b)) => b < a,
        _ => false,
    }
}

fn default_region() -> String {
    "eu-west-1".to_string()
}

#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
struct Disk {
    #[tf(requires_replace)]
    kind: String,
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
        replace_if.requires_replace(&ReplaceIfRequest {
            prior: &prior,
            config: &planned,
            planned: &planned,
            path: &[],
        })
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
