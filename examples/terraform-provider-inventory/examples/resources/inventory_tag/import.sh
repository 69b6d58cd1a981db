terraform import inventory_tag.env tag-0a1b2c3d4e5f6a7b
