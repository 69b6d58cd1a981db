# Scenario 9 (e2e/run.sh): validator failure inside nested attributes (range of `components[0].qty`); Terraform 1.15.5 points at the element, 1.0 at the resource block
# `terraform validate` and `terraform plan` must fail; run.sh checks the output for each
# 'expect:' text and for "on main.tf line N", N being the first line (below
# the comments) that contains the 'line:' text ('line-tf1.0:' on Terraform 1.0).
# expect: Invalid Attribute Value
# expect: Attribute components[0].qty value must be at least 1
# line: { part = "bolt", qty = 0 }
# line-tf1.0: resource "inventory_item" "bad"
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
  components = [
    { part = "bolt", qty = 0 },
  ]
  location {
    warehouse = "north"
  }
}
