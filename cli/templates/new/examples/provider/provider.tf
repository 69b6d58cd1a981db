terraform {
  required_providers {
    # Terraform finds the provider's functions only through this block.
    # Replace hashicorp with your namespace on the Registry.
    {{name}} = {
      source = "hashicorp/{{name}}"
    }
  }
}

provider "{{name}}" {
  endpoint = "https://api.example.com"
}
