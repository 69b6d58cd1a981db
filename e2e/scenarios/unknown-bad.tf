# Scenario 5 (e2e/run.sh): a value unknown at plan time whose known prefix
# already breaks the validator of the receiving attribute. `label` must match
# "^abc-"; Terraform >= 1.6 sends "xyz-${...}" as an unknown refined with the
# prefix "xyz-", so the provider refuses it while planning; Terraform 1.0.3
# sends a plain unknown and the check waits for apply.
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
  label = "xyz-${inventory_item.a.id}"
  location {
    warehouse = "north"
  }
}
