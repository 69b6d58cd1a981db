# An item as release 0.1.0 (schema version 0) described it: `stock`, and
# `tags` as one comma-separated string. Apply this with 0.1.0, then
# ../v0-upgraded/main.tf with 0.2.0: Terraform upgrades the state and plans
# no change.

terraform {
  required_providers {
    inventory = {
      source  = "tfschema/inventory"
      version = "0.1.0"
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
  name  = "Legacy gadget"
  sku   = "LEG-001"
  stock = 3
  tags  = "red,round"
  price = 19.95

  location {
    warehouse = "south"
    units     = 3
  }
}
