# Scenario s42 (e2e/run.sh): the tag applied first, before it moves to a label (moved.tf).
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

resource "inventory_item" "i" {
  name = "Labelled"
  sku  = "MOV-042"

  location {
    warehouse = "west"
  }
}

resource "inventory_tag" "a" {
  key     = "colour"
  value   = "blue"
  item_id = inventory_item.i.id
}
