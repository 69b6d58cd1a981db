# Scenario s41 (e2e/run.sh), Terraform >= 1.12: import identities Terraform or the provider refuse.
# IDENTITY is replaced by each case.
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

resource "inventory_tag" "t" {
  key   = "e2e41"
  value = "x"
}

import {
  to       = inventory_tag.t
  identity = IDENTITY
}
