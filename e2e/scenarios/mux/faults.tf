# The Go child killed mid-apply: `first`'s provisioner kills the process of KILL_SUFFIX (the Go
# binary, or the Rust provider that launched it); `second`, created after it, then meets the
# dead provider.
terraform {
  required_providers {
    null = {
      source  = "hashicorp/null"
      version = ">= 2.1.2"
    }
  }
}

variable "kill_suffix" {
  type = string
}

resource "null_resource" "first" {
  provisioner "local-exec" {
    command = "python3 ${path.module}/kill.py KILL ${var.kill_suffix}"
  }
}

resource "null_resource" "second" {
  depends_on = [null_resource.first]
}
