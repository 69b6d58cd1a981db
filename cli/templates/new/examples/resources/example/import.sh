# An example resource can be imported by its id.
terraform import {{name}}_example.example example-id
