data "petstore_pet" "rex" {
  id = petstore_pet.rex.id
}

output "rex_status" {
  value = data.petstore_pet.rex.status
}
