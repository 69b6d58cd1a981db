# Scenario 9 (e2e/run.sh): `currency` requires `price` (required_with)
# `terraform validate` and `terraform plan` must fail; run.sh checks the output for each
# 'expect:' text and for "on main.tf line N", N being the first line (below
# the comments) that contains the 'line:' text ('line-tf1.0:' on Terraform 1.0).
# expect: Invalid Attribute Combination
# expect: Attribute "price" must be specified when "currency" is specified
# line: currency = "EUR"
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
  name     = "Bad"
  sku      = "BAD-1"
  currency = "EUR"
  location {
    warehouse = "north"
  }
}
