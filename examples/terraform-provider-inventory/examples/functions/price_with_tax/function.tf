output "price" {
  value = provider::inventory::price_with_tax(9.99, 20) # 11.988
}
