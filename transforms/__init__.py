"""nnstack.transforms."""
