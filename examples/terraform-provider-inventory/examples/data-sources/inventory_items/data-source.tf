data "inventory_items" "active_widgets" {
  status      = "active"
  name_prefix = "Widget"
}

output "active_widget_skus" {
  value = [for item in data.inventory_items.active_widgets.items : item.sku]
}
