# hashicorp/null's two types, whichever binary serves them: the Go provider 2.1.2, the
# Rust port (examples/terraform-provider-null), or the Rust binary with null_resource
# proxied to the Go one.
terraform {
  required_providers {
    null = {
      source  = "hashicorp/null"
      version = ">= 2.1.2"
    }
  }
}

resource "null_resource" "fixed" {}

resource "null_resource" "triggered" {
  count = 3
  triggers = {
    index = count.index
    name  = "r${count.index}"
  }
}

data "null_data_source" "d" {
  inputs = {
    a = "one"
    b = null_resource.fixed.id
  }
}

output "outputs_a" {
  value = data.null_data_source.d.outputs["a"]
}

output "has_computed_default" {
  value = data.null_data_source.d.has_computed_default
}
