# The inventory provider's sample configuration: every kind of attribute
# and block of inventory_item, a tag, and both data sources.
#
#   terraform init && terraform apply
#
# The provider must be installed as tfschema/inventory (see ../README.md).

terraform {
  required_providers {
    inventory = {
      source  = "tfschema/inventory"
      version = ">= 0.2.0"
    }
  }
}

variable "database_path" {
  type    = string
  default = "inventory.db"
}

provider "inventory" {
  database_path = var.database_path
}

resource "inventory_item" "widget" {
  name          = "Widget"
  sku           = "WID-001"
  price         = 9.99
  currency      = "EUR"
  weight_kg     = 2.5
  in_stock      = true
  tags          = ["blue", "small"]
  categories    = ["tools", "hardware"]
  attributes    = { material = "steel" }
  notes         = "handle with care"
  internal_code = "X-42"
  label         = "abc-widget"
  # quantity and status are left to their defaults (1, "active").
  # Terraform 1.11+ only (write-only): api_secret = "s3cret"

  components = [
    { part = "bolt", qty = 4 },
    { part = "nut", qty = 4 },
  ]

  dimensions {
    length_cm = 30
    width_cm  = 20
    height_cm = 10.5
  }

  audit {
    owner = "ops"
  }

  location {
    warehouse = "north"
    shelf     = "A3"
    units     = 4
  }

  location {
    warehouse = "south"
  }

  supplier {
    name = "Acme"
    url  = "https://acme.example"
  }

  supplier {
    name = "Globex"
  }

  variant "red" {
    color       = "red"
    size        = "M"
    extra_price = 1.5
  }
}

resource "inventory_item" "gadget" {
  name     = "Gadget"
  sku      = "GAD-001"
  quantity = 3
  status   = "draft"
  # Unknown while planning the first apply: the widget's id comes later.
  label = "abc-${inventory_item.widget.id}"

  location {
    warehouse = "north"
  }
}

resource "inventory_tag" "env" {
  key     = "env"
  value   = "demo"
  item_id = inventory_item.widget.id
}

data "inventory_item" "widget" {
  id = inventory_item.widget.id
}

data "inventory_items" "active" {
  status     = "active"
  depends_on = [inventory_item.widget, inventory_item.gadget]
}

output "widget_id" {
  value = inventory_item.widget.id
}

output "widget_quantity" {
  value = data.inventory_item.widget.quantity
}

output "gadget_label" {
  value = inventory_item.gadget.label
}

output "active_skus" {
  value = [for i in data.inventory_items.active.items : i.sku]
}
