//! One provider served by several: terraform-plugin-mux's `tf6muxserver`.
