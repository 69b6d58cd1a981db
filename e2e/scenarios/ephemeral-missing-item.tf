# Scenario 31 (e2e/run.sh): a token for an item that does not exist. The
# configuration is known while planning, so Terraform opens the token then,
# and the provider's error points at item_id.
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

ephemeral "inventory_token" "t" {
  item_id = "itm-00000000000e2e31"
}

resource "inventory_item" "client" {
  name       = "Client"
  sku        = "TOK-CLIENT"
  api_secret = ephemeral.inventory_token.t.token
  location {
    warehouse = "north"
  }
}
