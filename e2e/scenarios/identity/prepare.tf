# Scenarios s40/s41 (e2e/run.sh): reading a data source configures the provider, which creates
# the database and its tables, so that rows can be inserted with SQL before an import.
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

data "inventory_items" "none" {}
