resource "inventory_label" "fragile" {
  name    = "fragile"
  text    = "handle with care"
  item_id = inventory_item.widget.id
}
