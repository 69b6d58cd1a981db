import {
  to = inventory_tag.env
  id = "tag-0a1b2c3d4e5f6a7b"
}
