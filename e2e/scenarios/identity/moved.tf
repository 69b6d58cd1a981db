# Scenario s42 (e2e/run.sh), Terraform >= 1.8: tag.tf after the move of inventory_tag.a to
# inventory_label.a (key/value are name/text there).
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

resource "inventory_label" "a" {
  name    = "colour"
  text    = "blue"
  item_id = inventory_item.i.id
}

moved {
  from = inventory_tag.a
  to   = inventory_label.a
}
