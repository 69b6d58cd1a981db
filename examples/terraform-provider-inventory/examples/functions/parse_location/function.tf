output "shelf" {
  value = provider::inventory::parse_location("north/A3").shelf # "A3"
}
