# Scenario 9 (e2e/run.sh): validator failure inside a single block (range of `dimensions.length_cm`)
# `terraform validate` and `terraform plan` must fail; run.sh checks the output for each
# 'expect:' text and for "on main.tf line N", N being the first line (below
# the comments) that contains the 'line:' text ('line-tf1.0:' on Terraform 1.0).
# expect: Invalid Attribute Value
# expect: Attribute dimensions.length_cm value must be at least 0
# line: length_cm = -1
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
  dimensions {
    length_cm = -1
    width_cm  = 1
    height_cm = 1
  }
  location {
    warehouse = "north"
  }
}
