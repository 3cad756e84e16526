"""nnstack.tools."""
