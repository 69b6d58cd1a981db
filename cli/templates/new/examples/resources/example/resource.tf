resource "{{name}}_example" "example" {
  configurable_attribute = "some-value"
}
