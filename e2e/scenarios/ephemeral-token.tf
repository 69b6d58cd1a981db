# Scenario 30 (e2e/run.sh): an ephemeral token (Terraform 1.10+)
# feeds the write-only api_secret of another item. The token must reach the
# provider (its fingerprint in the item's row) and nowhere else: not in the
# state, not in a saved plan, no token row left after the run.
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

ephemeral "inventory_token" "t" {
  item_id = inventory_item.vault.id
}

resource "inventory_item" "client" {
  name       = "Client"
  sku        = "TOK-CLIENT"
  api_secret = ephemeral.inventory_token.t.token
  location {
    warehouse = "north"
  }
}
