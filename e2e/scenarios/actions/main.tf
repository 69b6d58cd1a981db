# Scenario 50 (e2e/run.sh): the inventory_restock action, invoked from the
# command line (-invoke) and by an action_trigger after an item's creation.
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
  lifecycle {
    action_trigger {
      events  = [after_create]
      actions = [action.inventory_restock.on_create]
    }
  }
}

action "inventory_restock" "on_create" {
  config {
    item_id = inventory_item.stocked.id
    units   = 2
  }
}

action "inventory_restock" "r" {
  config {
    item_id = inventory_item.stocked.id
    units   = 5
  }
}

action "inventory_restock" "missing" {
  config {
    item_id = "itm-does-not-exist"
    units   = 1
  }
}
