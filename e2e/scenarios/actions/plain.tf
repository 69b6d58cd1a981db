# Scenario 50 on Terraform versions without actions (before 1.14): the
# provider, which now serves an action type, still works.
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

resource "inventory_item" "stocked" {
  name     = "Stocked"
  sku      = "ACT-001"
  quantity = 4
  location {
    warehouse = "north"
  }
}
