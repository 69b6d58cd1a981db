# Scenarios 20 and 23 (e2e/run.sh): the provider's functions, each result checked exactly
# (Terraform 1.8+). The tags' arguments come from functions too (one call inside another), so
# the results also reach the provider's database.
terraform {
  required_providers {
    inventory = {
      source  = "tfschema/inventory"
      version = "0.2.0"
    }
  }
}

provider "inventory" {
  database_path = "inventory.db"
}

resource "inventory_tag" "sku" {
  key   = "sku"
  value = provider::inventory::sku_normalize(" ab-1 ")
}

resource "inventory_tag" "shelf" {
  key   = provider::inventory::join_tags(".", "shelf", provider::inventory::parse_location("north/a3").shelf)
  value = provider::inventory::join_tags("/", "x", "y")
}

output "sku" {
  value = provider::inventory::sku_normalize(" ab-1 ")
}

output "price" {
  value = provider::inventory::price_with_tax(9.99, 20)
}

output "small_price" {
  value = provider::inventory::price_with_tax(0.1, 0.2)
}

output "location" {
  value = provider::inventory::parse_location("north/A3")
}

output "shelf" {
  value = provider::inventory::parse_location("north/A3").shelf
}

output "no_tags" {
  value = provider::inventory::join_tags(",")
}

output "tags" {
  value = provider::inventory::join_tags("-", "a", "b", "c")
}

output "expanded_tags" {
  value = provider::inventory::join_tags(", ", ["x", "y", "z"]...)
}
