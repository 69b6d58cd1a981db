resource "petstore_order" "rex" {
  pet_id   = petstore_pet.rex.id
  quantity = 1
  status   = "placed"
}
