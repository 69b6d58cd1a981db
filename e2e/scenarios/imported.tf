# Scenario 6 (e2e/run.sh): copied next to the sample's main.tf. The row
# itm-00000000000e2e06 is inserted into SQLite directly, then
# `terraform import inventory_item.imported itm-00000000000e2e06`; this
# configuration matches the row, so the plan after the import is empty.
resource "inventory_item" "imported" {
  name     = "Imported"
  sku      = "IMP-001"
  quantity = 7
  price    = 4.5
  tags     = ["x", "y"]
  location {
    warehouse = "east"
    shelf     = "B1"
    units     = 2
  }
}
