# Scenario 5 (e2e/run.sh): the valid twin of unknown-bad.tf; "abc-${...}" plans
# (label known after apply) and applies on every Terraform version.
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

resource "inventory_item" "a" {
  name = "Source"
  sku  = "UNK-A"
  location {
    warehouse = "north"
  }
}

resource "inventory_item" "b" {
  name  = "Receiver"
  sku   = "UNK-B"
  label = "abc-${inventory_item.a.id}"
  location {
    warehouse = "north"
  }
}
