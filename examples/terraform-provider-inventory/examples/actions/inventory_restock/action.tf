action "inventory_restock" "widget" {
  config {
    item_id = inventory_item.widget.id
    units   = 10
  }
}
