# Scenario 21 (e2e/run.sh): failing calls; `terraform plan` fails with each error at its
# argument and line. The first two errors come from the provider (FunctionError naming
# argument 0), the last two from Terraform before it calls the provider.
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

resource "inventory_tag" "bad" {
  key = provider::inventory::sku_normalize("bad sku!")
}

output "bad_location" {
  value = provider::inventory::parse_location("nowhere")
}

output "null_sku" {
  value = provider::inventory::sku_normalize(null)
}

output "list_for_a_string" {
  value = provider::inventory::sku_normalize(["ab-1"])
}
