ephemeral "inventory_token" "client" {
  item_id     = inventory_item.widget.id
  ttl_seconds = 300
}

# A write-only argument (Terraform 1.11+) takes the token without storing it.
resource "inventory_item" "client" {
  name       = "Client"
  sku        = "CLI-001"
  api_secret = ephemeral.inventory_token.client.token

  location {
    warehouse = "north"
  }
}
