//! Writes the seed corpus of the `grpc_request` target into
//! `corpus/grpc_request/`: for every RPC a well-formed request for the
//! example inventory provider (its values msgpack, and for some JSON),
//! sent on both protocols, plus every request Terraform sent in the captured
//! exchanges of `runtime/tests/data/terraform` (to the null provider, so
//! their type names are unknown here).
//!
//! ```sh
//! cargo run --release --example grpc_seeds
//! ```

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use prost::Message;
use terraform_provider_inventory::{provider, Options};
use tfschema::server::proto::GrpcProvider;
use tfschema::server::proto::tfplugin6 as pb;
use tfschema::{json, msgpack, Type, Value};
use tfschema_fuzz::grpc::{configure_request, METHODS};

const ITEM_CONFIG: &str = r#"{
  "name": "widget", "sku": "WID-001", "price": 9.99, "currency": "EUR",
  "weight_kg": 1.5, "in_stock": true, "tags": ["a", "b"],
  "categories": ["tools", "garden"], "attributes": {"colour": "red"},
  "description": "A widget", "label": "w",
  "dimensions": {"length_cm": 1, "width_cm": 2, "height_cm": 3},
  "audit": {"owner": "ops", "reviewed": true},
  "location": [{"warehouse": "north", "shelf": "A1", "units": 3}],
  "supplier": [{"name": "acme", "url": "https://acme.example"}],
  "variant": {"red": {"color": "red", "size": "L", "extra_price": 1.25}},
  "components": [{"part": "bolt", "qty": 4}]
}"#;

/// The item's state: the configuration with the computed attributes set.
const ITEM_STATE_EXTRA: &[(&str, &str)] = &[
    ("id", r#""itm-1""#),
    ("quantity", "0"),
    ("status", r#""active""#),
    ("created_at", r#""2026-11-25T10:00:00Z""#),
    ("updated_at", r#""2026-11-25T10:00:00Z""#),
];

struct Seeds {
    types: BTreeMap<String, Type>,
    out: PathBuf,
    written: usize,
}

fn main() {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = here.join("corpus").join("grpc_request");
    std::fs::create_dir_all(&out).expect("corpus directory");
    let grpc = GrpcProvider::new(provider(Options::default()));
    let schema = grpc.schema();
    let mut types = BTreeMap::new();
    types.insert("provider".to_string(), schema.provider.block.implied_type());
    for (kind, map) in [
        ("resource", &schema.resources),
        ("data", &schema.data_sources),
        ("ephemeral", &schema.ephemeral_resources),
        ("list", &schema.list_resources),
        ("action", &schema.actions),
    ] {
        for (name, s) in map {
            types.insert(format!("{kind}.{name}"), s.block.implied_type());
        }
    }
    for (name, identity) in &schema.identities {
        types.insert(format!("identity.{name}"), identity.implied_type());
    }
    let mut seeds = Seeds {
        types,
        out,
        written: 0,
    };
    seeds.protocol_requests();
    seeds.captures(&here.join("../runtime/tests/data/terraform/grpc_captures.jsonl"));
    println!("{} seeds in {}", seeds.written, seeds.out.display());
}

impl Seeds {
    fn ty(&self, key: &str) -> &Type {
        self.types
            .get(key)
            .unwrap_or_else(|| panic!("the example serves no {key}"))
    }

    /// A value of type `key` from JSON, with the attributes in `unknown` made
    /// unknown.
    fn value(&self, key: &str, text: &str, unknown: &[&str]) -> Value {
        let ty = self.ty(key);
        let mut value = json::value_from_slice(text.as_bytes(), ty)
            .unwrap_or_else(|e| panic!("seed value for {key}: {e}"));
        if let (Value::Object(attrs), Type::Object(object)) = (&mut value, ty) {
            for name in unknown {
                let attr_ty = object.attr(name).expect("an attribute of the seed type");
                attrs.insert((*name).to_string(), Value::unknown(attr_ty.clone()));
            }
        }
        value
    }

    fn msgpack(&self, key: &str, value: &Value) -> Option<pb::DynamicValue> {
        Some(pb::DynamicValue {
            msgpack: msgpack::value_to_vec(value, self.ty(key)).expect("seed encodes"),
            json: Vec::new(),
        })
    }

    fn dv(&self, key: &str, text: &str) -> Option<pb::DynamicValue> {
        self.msgpack(key, &self.value(key, text, &[]))
    }

    /// A value as msgpack bytes written out.
    fn raw_dv(msgpack: &[u8]) -> Option<pb::DynamicValue> {
        Some(pb::DynamicValue {
            msgpack: msgpack.to_vec(),
            json: Vec::new(),
        })
    }

    fn json_dv(text: &str) -> Option<pb::DynamicValue> {
        Some(pb::DynamicValue {
            msgpack: Vec::new(),
            json: text.as_bytes().to_vec(),
        })
    }

    fn write(&mut self, method: &str, message: &impl Message) {
        self.write_bytes(method, &message.encode_to_vec());
    }

    fn write_bytes(&mut self, method: &str, message: &[u8]) {
        // One seed per protocol: the protocol 5 twin of each message has
        // the same fields under the same numbers.
        let name = method.rsplit('/').next().unwrap_or(method);
        for (i, m) in METHODS.iter().enumerate() {
            let rpc = m.rsplit('/').next().unwrap_or(m);
            let twin = match rpc {
                "GetSchema" => "GetProviderSchema",
                "PrepareProviderConfig" => "ValidateProviderConfig",
                "ValidateResourceTypeConfig" => "ValidateResourceConfig",
                "ValidateDataSourceConfig" => "ValidateDataResourceConfig",
                "Configure" => "ConfigureProvider",
                other => other,
            };
            if twin == name {
                self.raw(i, message);
            }
        }
    }

    fn raw(&mut self, method: usize, message: &[u8]) {
        let mut data = vec![u8::try_from(method).expect("fewer than 256 methods")];
        data.extend_from_slice(message);
        let name = format!("{:016x}", fnv(&data));
        std::fs::write(self.out.join(name), &data).expect("write a seed");
        self.written += 1;
    }

    fn protocol_requests(&mut self) {
        let caps = Some(pb::ClientCapabilities {
            deferral_allowed: true,
            write_only_attributes_allowed: true,
            store_planned_private: true,
            computed_blocks_allowed: true,
        });
        let item = "resource.inventory_item";
        let config = self.value(item, ITEM_CONFIG, &[]);
        let planned = self.value(
            item,
            ITEM_CONFIG,
            &["id", "quantity", "status", "created_at", "updated_at"],
        );
        let mut state_text: serde_json::Value =
            serde_json::from_str(ITEM_CONFIG).expect("seed JSON");
        for (k, v) in ITEM_STATE_EXTRA {
            state_text[*k] = serde_json::from_str(v).expect("seed JSON");
        }
        let state_json = state_text.to_string();
        let state = self.value(item, &state_json, &[]);
        let identity = Some(pb::ResourceIdentityData {
            identity_data: self.dv("identity.inventory_item", r#"{"id":"itm-1"}"#),
        });

        for (key, text) in [
            ("provider", r#"{"database_path":"seed.sqlite"}"#),
            ("provider", r#"{"database_path":""}"#),
        ] {
            let config = self.dv(key, text);
            self.write(
                "ValidateProviderConfig",
                &pb::validate_provider_config::Request { config },
            );
        }
        self.write_bytes("ConfigureProvider", &configure_request("seed.sqlite"));
        for rpc in [
            "GetMetadata",
            "GetProviderSchema",
            "GetResourceIdentitySchemas",
            "GetFunctions",
        ] {
            self.write_bytes(rpc, &[]);
        }

        for (name, text) in [
            ("inventory_item", ITEM_CONFIG),
            (
                "inventory_tag",
                r#"{"key":"env","value":"prod","item_id":"itm-1"}"#,
            ),
            (
                "inventory_label",
                r#"{"name":"fragile","text":"handle with care"}"#,
            ),
        ] {
            let key = format!("resource.{name}");
            let config = self.dv(&key, text);
            self.write(
                "ValidateResourceConfig",
                &pb::validate_resource_config::Request {
                    type_name: name.into(),
                    config: config.clone(),
                    client_capabilities: caps,
                },
            );
            let null = Self::raw_dv(&[0xc0]);
            self.write(
                "PlanResourceChange",
                &pb::plan_resource_change::Request {
                    type_name: name.into(),
                    prior_state: null.clone(),
                    proposed_new_state: config.clone(),
                    config: config.clone(),
                    client_capabilities: caps,
                    ..Default::default()
                },
            );
            // A delete: the planned state is null.
            self.write(
                "ApplyResourceChange",
                &pb::apply_resource_change::Request {
                    type_name: name.into(),
                    prior_state: config.clone(),
                    planned_state: null,
                    config: None,
                    ..Default::default()
                },
            );
        }

        let config_dv = self.msgpack(item, &config);
        let planned_dv = self.msgpack(item, &planned);
        let state_dv = self.msgpack(item, &state);
        self.write(
            "PlanResourceChange",
            &pb::plan_resource_change::Request {
                type_name: "inventory_item".into(),
                prior_state: state_dv.clone(),
                proposed_new_state: state_dv.clone(),
                config: config_dv.clone(),
                prior_private: br#"{"v":1}"#.to_vec(),
                client_capabilities: caps,
                prior_identity: identity.clone(),
                ..Default::default()
            },
        );
        self.write(
            "ApplyResourceChange",
            &pb::apply_resource_change::Request {
                type_name: "inventory_item".into(),
                prior_state: Self::raw_dv(&[0xc0]),
                planned_state: planned_dv.clone(),
                config: config_dv.clone(),
                ..Default::default()
            },
        );
        self.write(
            "ApplyResourceChange",
            &pb::apply_resource_change::Request {
                type_name: "inventory_item".into(),
                prior_state: state_dv.clone(),
                planned_state: state_dv.clone(),
                config: config_dv.clone(),
                planned_identity: identity.clone(),
                ..Default::default()
            },
        );
        self.write(
            "ReadResource",
            &pb::read_resource::Request {
                type_name: "inventory_item".into(),
                current_state: state_dv.clone(),
                private: b"not ours".to_vec(),
                client_capabilities: caps,
                current_identity: identity.clone(),
                ..Default::default()
            },
        );
        self.write(
            "UpgradeResourceState",
            &pb::upgrade_resource_state::Request {
                type_name: "inventory_item".into(),
                version: 0,
                raw_state: Some(pb::RawState {
                    json: state_json.clone().into_bytes(),
                    flatmap: BTreeMap::new(),
                }),
            },
        );
        self.write(
            "UpgradeResourceIdentity",
            &pb::upgrade_resource_identity::Request {
                type_name: "inventory_item".into(),
                version: 0,
                raw_identity: Some(pb::RawState {
                    json: br#"{"id":"itm-1"}"#.to_vec(),
                    flatmap: BTreeMap::new(),
                }),
            },
        );
        for (id, identity) in [("itm-1", None), ("", identity.clone())] {
            self.write(
                "ImportResourceState",
                &pb::import_resource_state::Request {
                    type_name: "inventory_item".into(),
                    id: id.into(),
                    client_capabilities: caps,
                    identity,
                },
            );
        }
        self.write(
            "MoveResourceState",
            &pb::move_resource_state::Request {
                source_provider_address: "registry.terraform.io/example/inventory".into(),
                source_type_name: "inventory_tag".into(),
                source_schema_version: 0,
                source_state: Some(pb::RawState {
                    json: br#"{"id":"tag-1","key":"env","value":"prod","item_id":null,"created_at":"2026-11-25T10:00:00Z"}"#.to_vec(),
                    flatmap: BTreeMap::new(),
                }),
                target_type_name: "inventory_label".into(),
                ..Default::default()
            },
        );
        self.write(
            "GenerateResourceConfig",
            &pb::generate_resource_config::Request {
                type_name: "inventory_item".into(),
                state: state_dv.clone(),
            },
        );
        for (name, text) in [
            ("inventory_item", r#"{"id":"itm-1"}"#),
            (
                "inventory_items",
                r#"{"status":"active","name_prefix":"w"}"#,
            ),
        ] {
            let config = self.dv(&format!("data.{name}"), text);
            self.write(
                "ValidateDataResourceConfig",
                &pb::validate_data_resource_config::Request {
                    type_name: name.into(),
                    config: config.clone(),
                },
            );
            self.write(
                "ReadDataSource",
                &pb::read_data_source::Request {
                    type_name: name.into(),
                    config,
                    client_capabilities: caps,
                    ..Default::default()
                },
            );
        }
        // The same read with its value as JSON, which Terraform never sends
        // here.
        self.write(
            "ReadDataSource",
            &pb::read_data_source::Request {
                type_name: "inventory_item".into(),
                config: Self::json_dv(r#"{"id":"itm-1"}"#),
                ..Default::default()
            },
        );

        let token = self.dv(
            "ephemeral.inventory_token",
            r#"{"item_id":"itm-1","ttl_seconds":60}"#,
        );
        self.write(
            "ValidateEphemeralResourceConfig",
            &pb::validate_ephemeral_resource_config::Request {
                type_name: "inventory_token".into(),
                config: token.clone(),
            },
        );
        self.write(
            "OpenEphemeralResource",
            &pb::open_ephemeral_resource::Request {
                type_name: "inventory_token".into(),
                config: token,
                client_capabilities: caps,
            },
        );
        let private = Some(br#"{"token_id":"tok-1"}"#.to_vec());
        self.write(
            "RenewEphemeralResource",
            &pb::renew_ephemeral_resource::Request {
                type_name: "inventory_token".into(),
                private: private.clone(),
            },
        );
        self.write(
            "CloseEphemeralResource",
            &pb::close_ephemeral_resource::Request {
                type_name: "inventory_token".into(),
                private,
            },
        );

        let list = self.dv(
            "list.inventory_item",
            r#"{"status":"active","name_prefix":"w"}"#,
        );
        self.write(
            "ListResource",
            &pb::list_resource::Request {
                type_name: "inventory_item".into(),
                config: list.clone(),
                include_resource_object: true,
                limit: 10,
            },
        );
        self.write(
            "ValidateListResourceConfig",
            &pb::validate_list_resource_config::Request {
                type_name: "inventory_item".into(),
                config: list,
                include_resource_object: Self::raw_dv(&[0xc3]),
                limit: Self::raw_dv(&[0x0a]),
            },
        );

        for (name, args) in [
            ("sku_normalize", &[("\"wid 001\"", Type::String)][..]),
            (
                "price_with_tax",
                &[("10", Type::Number), ("20", Type::Number)],
            ),
            ("parse_location", &[("\"north/A1\"", Type::String)]),
            (
                "join_tags",
                &[
                    ("\"-\"", Type::String),
                    ("\"a\"", Type::String),
                    ("\"b\"", Type::String),
                ],
            ),
        ] {
            let arguments = args
                .iter()
                .map(|(text, ty)| {
                    let value = json::value_from_slice(text.as_bytes(), ty).expect("argument");
                    pb::DynamicValue {
                        msgpack: msgpack::value_to_vec(&value, ty).expect("argument encodes"),
                        json: Vec::new(),
                    }
                })
                .collect();
            self.write(
                "CallFunction",
                &pb::call_function::Request {
                    name: name.into(),
                    arguments,
                },
            );
        }

        let restock = self.dv(
            "action.inventory_restock",
            r#"{"item_id":"itm-1","units":5}"#,
        );
        self.write(
            "ValidateActionConfig",
            &pb::validate_action_config::Request {
                type_name: "inventory_restock".into(),
                config: restock.clone(),
            },
        );
        self.write(
            "PlanAction",
            &pb::plan_action::Request {
                action_type: "inventory_restock".into(),
                config: restock.clone(),
                client_capabilities: caps,
            },
        );
        self.write(
            "InvokeAction",
            &pb::invoke_action::Request {
                action_type: "inventory_restock".into(),
                config: restock,
                client_capabilities: caps,
            },
        );
    }

    /// Terraform's requests to the null provider, to the same RPC here.
    fn captures(&mut self, path: &Path) {
        let Ok(text) = std::fs::read_to_string(path) else {
            eprintln!("no captures at {}", path.display());
            return;
        };
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let call: serde_json::Value = serde_json::from_str(line).expect("a capture line");
            let Some(method) = call["method"].as_str() else {
                continue;
            };
            let Some(index) = METHODS.iter().position(|m| *m == method) else {
                continue;
            };
            let Some(hex) = call["request_hex"].as_str() else {
                continue;
            };
            let bytes: Option<Vec<u8>> = (0..hex.len())
                .step_by(2)
                .map(|i| {
                    hex.get(i..i + 2)
                        .and_then(|h| u8::from_str_radix(h, 16).ok())
                })
                .collect();
            if let Some(bytes) = bytes {
                self.raw(index, &bytes);
            }
        }
    }
}

/// FNV-1a, for seed file names.
fn fnv(data: &[u8]) -> u64 {
    data.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}
