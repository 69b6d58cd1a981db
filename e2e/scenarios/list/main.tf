# Scenario 60 (e2e/run.sh): the configuration beside the queries. The list
# blocks are in active.tfquery.hcl; `terraform query -generate-config-out`
# writes generated.tf next to this file.
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
