import {
  to = inventory_label.fragile
  identity = {
    item_id = "itm-3f9c0a1b2c3d4e5f"
    name    = "fragile"
  }
}
