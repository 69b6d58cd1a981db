# Scenario 60 (e2e/run.sh) on Terraform before 1.14 (no `terraform query`): the provider, which
# serves a list resource, applies a plain configuration.
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

resource "inventory_item" "plain" {
  name = "Plain"
  sku  = "LST-PLAIN"
  location {
    warehouse = "east"
  }
}
