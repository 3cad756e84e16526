"""nnstack.frontend."""
