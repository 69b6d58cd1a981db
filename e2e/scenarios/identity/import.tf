# Scenario s40 (e2e/run.sh), Terraform >= 1.12: an item and a tag inserted with SQL are imported
# by identity (import blocks), a third resource is created; see e2e/README.md.
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

resource "inventory_item" "x" {
  name = "Imported by identity"
  sku  = "IDN-040"

  location {
    warehouse = "east"
  }
}

import {
  to       = inventory_item.x
  identity = { id = "itm-00000000000e2e40" }
}

resource "inventory_tag" "t" {
  key     = "e2e40"
  value   = "imported"
  item_id = inventory_item.x.id
}

import {
  to       = inventory_tag.t
  identity = { item_id = "itm-00000000000e2e40", key = "e2e40" }
}

resource "inventory_tag" "created" {
  key   = "e2e40-created"
  value = "new"
}
