# Scenario 10 (e2e/run.sh): a write-only attribute (Terraform 1.11+).
# 1.15.5: applies, the secret is neither in the plan nor in the state, the
# database holds its fingerprint. 1.0.3: the provider refuses it.
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

resource "inventory_item" "secretive" {
  name       = "Secretive"
  sku        = "SEC-001"
  api_secret = "WO-S3CRET-e2e-0001"
  location {
    warehouse = "vault"
  }
}
