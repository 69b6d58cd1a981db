# Scenario 30 on Terraform 1.0.3, which has no ephemeral resources: the
# configuration of ephemeral-token.tf without the ephemeral block (and so
# without api_secret), served by the same provider build, which declares
# inventory_token.
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

resource "inventory_item" "vault" {
  name = "Vault"
  sku  = "TOK-VAULT"
  location {
    warehouse = "north"
  }
}

resource "inventory_item" "client" {
  name = "Client"
  sku  = "TOK-CLIENT"
  location {
    warehouse = "north"
  }
}
