output "sku" {
  value = provider::inventory::sku_normalize("  ab-1 ") # "AB-1"
}
