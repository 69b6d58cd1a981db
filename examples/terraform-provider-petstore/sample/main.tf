# A pet in the petstore API at $PETSTORE_ENDPOINT (e.g. the local
# fake_api.py: http://127.0.0.1:PORT/api/v3), read back by the data source.
terraform {
  required_providers {
    petstore = {
      source  = "tfschema/petstore"
      version = "0.1.0"
    }
  }
}

provider "petstore" {}

variable "status" {
  type    = string
  default = "available"
}

resource "petstore_pet" "rex" {
  name       = "Rex"
  photo_urls = ["https://img.example/rex.jpg"]
  status     = var.status
  category = {
    name = "dog"
  }
  tags = [
    { id = 1, name = "good-boy" },
  ]
}

data "petstore_pet" "rex" {
  id = petstore_pet.rex.id
}

output "pet_id" {
  value = petstore_pet.rex.id
}

output "pet_status_read_back" {
  value = data.petstore_pet.rex.status
}
