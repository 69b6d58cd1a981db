import {
  to = inventory_tag.env
  identity = {
    item_id = "itm-3f9c0a1b2c3d4e5f"
    key     = "env"
  }
}
