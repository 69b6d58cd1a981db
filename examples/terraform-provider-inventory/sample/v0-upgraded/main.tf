# ../v0/main.tf in schema version 1's words (release 0.2.0): `quantity`
# instead of `stock`, `tags` as a list. After the state upgrade the plan
# shows no change.

terraform {
  required_providers {
    inventory = {
      source  = "tfschema/inventory"
      version = "0.2.0"
    }
  }
}

variable "database_path" {
  type    = string
  default = "inventory.db"
}

provider "inventory" {
  database_path = var.database_path
}

resource "inventory_item" "legacy" {
  name     = "Legacy gadget"
  sku      = "LEG-001"
  quantity = 3
  tags     = ["red", "round"]
  price    = 19.95

  location {
    warehouse = "south"
    units     = 3
  }
}
