# Scenario 60 (e2e/run.sh): every item, but Terraform reads no more than two, each with its
# state.
list "inventory_item" "first_two" {
  provider         = inventory
  limit            = 2
  include_resource = true
  config {}
}
