# Scenario s43 (e2e/run.sh): a tag applied with release 0.1.0 (no identities); the scenario then
# pins 0.2.0 (init -upgrade), whose refresh gives the tag its identity.
terraform {
  required_providers {
    inventory = {
      source  = "tfschema/inventory"
      version = "0.1.0"
    }
  }
}

provider "inventory" {
  database_path = "inventory.db"
}

resource "inventory_tag" "old" {
  key   = "e2e43"
  value = "from 0.1.0"
}
