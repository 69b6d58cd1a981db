# Scenario 22 (e2e/run.sh): arguments unknown while planning (a tag's id). The parameters do
# not allow unknowns, so Terraform does not call the function: the outputs are "known after
# apply" in the plan and computed from the id at apply.
terraform {
  required_providers {
    inventory = {
      source  = "tfschema/inventory"
      version = "0.2.0"
    }
  }
}

provider "inventory" {
  database_path = "inventory.db"
}

resource "inventory_tag" "t" {
  key = "unknown-argument"
}

output "id" {
  value = inventory_tag.t.id
}

output "normalized_id" {
  value = provider::inventory::sku_normalize(inventory_tag.t.id)
}

output "joined" {
  value = provider::inventory::join_tags("+", "first", inventory_tag.t.id)
}
