terraform import petstore_pet.rex 10
