output "joined" {
  value = provider::inventory::join_tags("-", "blue", "small") # "blue-small"
}
