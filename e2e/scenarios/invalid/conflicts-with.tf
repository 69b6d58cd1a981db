# Scenario 9 (e2e/run.sh): `description` conflicts_with `notes` (and is deprecated: a warning too)
# `terraform validate` and `terraform plan` must fail; run.sh checks the output for each
# 'expect:' text and for "on main.tf line N", N being the first line (below
# the comments) that contains the 'line:' text ('line-tf1.0:' on Terraform 1.0).
# expect: Warning: Attribute Deprecated
# expect: Invalid Attribute Combination
# expect: Attribute "notes" cannot be specified when "description" is specified
# line: description = "old"
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

resource "inventory_item" "bad" {
  name        = "Bad"
  sku         = "BAD-1"
  description = "old"
  notes       = "new"
  location {
    warehouse = "north"
  }
}
