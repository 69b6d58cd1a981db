# Terraform 1.10 and later.
ephemeral "{{name}}_example" "example" {
  configurable_attribute = "some-value"
}
