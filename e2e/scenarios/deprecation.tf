# Scenario 15 (e2e/run.sh): the deprecated `description` of inventory_item, left unset
# (so the provider's own "Attribute Deprecated" warning does not fire) and read by an
# output. Terraform 1.15+ takes the deprecation message from the schema
# (deprecation_message, protocol 6.11's field that 1.15 already reads) and warns where
# the value is used; Terraform 1.0.3 ignores the field and says nothing.
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

resource "inventory_item" "old" {
  name = "Old"
  sku  = "OLD-001"
  location {
    warehouse = "north"
  }
}

output "old_description" {
  value = inventory_item.old.description
}
