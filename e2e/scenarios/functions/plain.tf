# Scenario 20 on Terraform 1.0.3 (e2e/run.sh): the provider serves functions, which 1.0.3
# cannot call; a configuration without them still plans and applies.
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

resource "inventory_tag" "plain" {
  key   = "sku"
  value = "AB-1"
}
