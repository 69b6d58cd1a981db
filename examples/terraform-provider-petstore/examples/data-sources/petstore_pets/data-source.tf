data "petstore_pets" "all" {}

output "pet_names" {
  value = [for pet in data.petstore_pets.all.pets : pet.name]
}
