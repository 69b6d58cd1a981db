terraform {
  required_providers {
    petstore = {
      source = "tfschema/petstore"
    }
  }
}

# The API's address comes from PETSTORE_ENDPOINT, e.g.
# http://127.0.0.1:8080/api/v3 for the local fake_api.py.
provider "petstore" {}
