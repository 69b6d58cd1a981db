# Scenario 14 (e2e/run.sh): only types protocol 5 can describe, applied with
# INVENTORY_PROTOCOL5_ONLY=1 (the provider then serves protocol 5 only).
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

resource "inventory_tag" "proto" {
  key   = "protocol"
  value = "five"
}

resource "inventory_tag" "other" {
  key   = "other.tag"
  value = inventory_tag.proto.id
}

data "inventory_items" "all" {
  depends_on = [inventory_tag.proto]
}

output "tag_id" {
  value = inventory_tag.proto.id
}

output "item_count" {
  value = length(data.inventory_items.all.ids)
}
