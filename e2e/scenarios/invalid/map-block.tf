# Scenario 9 (e2e/run.sh): validator failure inside a map block (one_of of `variant["big"].size`)
# `terraform validate` and `terraform plan` must fail; run.sh checks the output for each
# 'expect:' text and for "on main.tf line N", N being the first line (below
# the comments) that contains the 'line:' text ('line-tf1.0:' on Terraform 1.0).
# expect: Attribute variant["big"].size value must be one of
# line: size = "XXL"
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
  variant "big" {
    size = "XXL"
  }
  location {
    warehouse = "north"
  }
}
