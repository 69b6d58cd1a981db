resource "petstore_pet" "rex" {
  name       = "Rex"
  photo_urls = ["https://img.example/rex.jpg"]
  status     = "available"

  category = {
    name = "dog"
  }

  tags = [
    { id = 1, name = "good-boy" },
  ]
}
