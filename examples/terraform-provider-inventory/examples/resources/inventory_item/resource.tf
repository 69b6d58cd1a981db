resource "inventory_item" "widget" {
  name       = "Widget"
  sku        = "WID-001"
  price      = 9.99
  currency   = "EUR"
  tags       = ["blue", "small"]
  attributes = { material = "steel" }

  components = [
    { part = "bolt", qty = 4 },
  ]

  dimensions {
    length_cm = 30
    width_cm  = 20
    height_cm = 10.5
  }

  location {
    warehouse = "north"
    shelf     = "A3"
    units     = 4
  }

  supplier {
    name = "Acme"
    url  = "https://acme.example"
  }

  variant "red" {
    color = "red"
    size  = "M"
  }
}
