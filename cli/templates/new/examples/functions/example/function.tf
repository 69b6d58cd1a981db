# Terraform 1.8 and later.
output "example_output" {
  value = provider::{{name}}::example("some-value")
}
