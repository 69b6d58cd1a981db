# Scenario 60 (e2e/run.sh): an import block without a resource block; `terraform plan
# -generate-config-out` asks the provider (GenerateResourceConfig) for its configuration.
import {
  to       = inventory_item.nut
  identity = { id = "itm-00000000000e2e62" }
}
