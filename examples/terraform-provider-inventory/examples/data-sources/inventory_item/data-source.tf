data "inventory_item" "widget" {
  id = inventory_item.widget.id
}

output "widget_quantity" {
  value = data.inventory_item.widget.quantity
}
