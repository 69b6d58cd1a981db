# Scenario 9 (e2e/run.sh): validator failure inside a set block (regex of `supplier.url`)
# `terraform validate` and `terraform plan` must fail; run.sh checks the output for each
# 'expect:' text and for "on main.tf line N", N being the first line (below
# the comments) that contains the 'line:' text ('line-tf1.0:' on Terraform 1.0).
# expect: Attribute supplier.url value must match regular expression
# line: url  = "ftp://
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
  supplier {
    name = "Initech"
    url  = "ftp://initech.example"
  }
  location {
    warehouse = "north"
  }
}
