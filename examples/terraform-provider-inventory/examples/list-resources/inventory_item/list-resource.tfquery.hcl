list "inventory_item" "active" {
  provider = inventory

  config {
    status = "active"
  }
}
