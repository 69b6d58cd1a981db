# Scenario 9 (e2e/run.sh): more `location` blocks than max_items = 5 (Terraform core; points at the 6th)
# `terraform validate` and `terraform plan` must fail; run.sh checks the output for each
# 'expect:' text and for "on main.tf line N", N being the first line (below
# the comments) that contains the 'line:' text ('line-tf1.0:' on Terraform 1.0).
# expect: Too many location blocks
# line: location { warehouse = "w6" }
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
  location { warehouse = "w1" }
  location { warehouse = "w2" }
  location { warehouse = "w3" }
  location { warehouse = "w4" }
  location { warehouse = "w5" }
  location { warehouse = "w6" }
}
