data "petstore_order" "rex" {
  id = petstore_order.rex.id
}
