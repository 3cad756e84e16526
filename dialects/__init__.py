"""nnstack.dialects."""
