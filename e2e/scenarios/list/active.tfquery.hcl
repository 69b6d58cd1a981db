# Scenario 60 (e2e/run.sh): the active items, by the list resource inventory_item.
list "inventory_item" "active" {
  provider = inventory
  config {
    status = "active"
  }
}
