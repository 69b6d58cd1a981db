# Scenario 9 (e2e/run.sh): validator failure: regex on `sku`
# `terraform validate` and `terraform plan` must fail; run.sh checks the output for each
# 'expect:' text and for "on main.tf line N", N being the first line (below
# the comments) that contains the 'line:' text ('line-tf1.0:' on Terraform 1.0).
# expect: Invalid Attribute Value Match
# expect: Attribute sku value must match regular expression
# line: sku  = "bad sku"
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
  sku  = "bad sku"
  location {
    warehouse = "north"
  }
}
