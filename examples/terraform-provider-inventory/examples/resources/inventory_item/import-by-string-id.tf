import {
  to = inventory_item.widget
  id = "itm-3f9c0a1b2c3d4e5f"
}
