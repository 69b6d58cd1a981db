# Scenario 9 (e2e/run.sh): a string where a number is expected, inside a list block
# `terraform validate` and `terraform plan` must fail; run.sh checks the output for each
# 'expect:' text and for "on main.tf line N", N being the first line (below
# the comments) that contains the 'line:' text ('line-tf1.0:' on Terraform 1.0).
# expect: Incorrect attribute value type
# expect: Inappropriate value for attribute "units": a number is required
# line: units     = "many"
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
  name = "Bad"
  sku  = "BAD-1"
  location {
    warehouse = "north"
    units     = "many"
  }
}
