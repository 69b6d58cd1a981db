# Scenario 9 (e2e/run.sh): validator failure: unique list elements in `tags`
# `terraform validate` and `terraform plan` must fail; run.sh checks the output for each
# 'expect:' text and for "on main.tf line N", N being the first line (below
# the comments) that contains the 'line:' text ('line-tf1.0:' on Terraform 1.0).
# expect: Duplicate List Value
# expect: Attribute tags elements must be unique
# line: tags = ["a", "a"]
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
  tags = ["a", "a"]
  location {
    warehouse = "north"
  }
}
