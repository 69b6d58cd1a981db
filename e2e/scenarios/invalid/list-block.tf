# Scenario 9 (e2e/run.sh): validator failure inside a list block (length of `location[0].warehouse`)
# `terraform validate` and `terraform plan` must fail; run.sh checks the output for each
# 'expect:' text and for "on main.tf line N", N being the first line (below
# the comments) that contains the 'line:' text ('line-tf1.0:' on Terraform 1.0).
# expect: Invalid Attribute Value Length
# expect: Attribute location[0].warehouse string length must be between 1 and 32
# line: warehouse = ""
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
    warehouse = ""
  }
}
