# Scenario s40 (e2e/run.sh), Terraform < 1.12 (no import blocks by identity, no identities): the
# same resources created, refreshed and planned; see e2e/README.md.
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
  name = "Created without identity"
  sku  = "IDN-040"

  location {
    warehouse = "east"
  }
}

resource "inventory_tag" "t" {
  key     = "e2e40"
  value   = "created"
  item_id = inventory_item.x.id
}

resource "inventory_label" "l" {
  name = "e2e40-label"
  text = "created"
}
