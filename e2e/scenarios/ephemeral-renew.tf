# Scenario 32 (e2e/run.sh): a token living 2 s, renewed after 1 s, kept open
# for 4 s by a local-exec provisioner that uses it (ephemeral values may be
# used in provisioners) and writes it to seen.token, so the check knows the
# exact token. Terraform renews it (Renew gets the previous call's private
# data) and closes it with Open's private data.
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
  item_id     = inventory_item.vault.id
  ttl_seconds = 2
}

resource "terraform_data" "slow" {
  provisioner "local-exec" {
    command = "printf '%s' \"$TOKEN\" > seen.token && sleep 4"
    environment = {
      TOKEN = ephemeral.inventory_token.t.token
    }
  }
}
