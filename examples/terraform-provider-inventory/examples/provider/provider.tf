terraform {
  required_providers {
    inventory = {
      source = "tfschema/inventory"
    }
  }
}

# The database file is created, with its tables, on first use.
provider "inventory" {
  database_path = "inventory.db"
}
