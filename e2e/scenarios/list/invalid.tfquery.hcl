# Scenario 60 (e2e/run.sh): a status the list resource refuses (ValidateListResourceConfig).
list "inventory_item" "sold" {
  provider = inventory
  config {
    status = "sold"
  }
}
