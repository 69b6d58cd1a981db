# Scenario s42 (e2e/run.sh), Terraform >= 1.8: a move inventory_label does not accept (from an item).
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

resource "inventory_label" "i" {
  name = "not-an-item"
}

resource "inventory_label" "a" {
  name = "colour"
  text = "blue"
}

moved {
  from = inventory_item.i
  to   = inventory_label.i
}
