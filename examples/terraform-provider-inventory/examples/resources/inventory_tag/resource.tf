resource "inventory_tag" "env" {
  key     = "env"
  value   = "production"
  item_id = inventory_item.widget.id
}
