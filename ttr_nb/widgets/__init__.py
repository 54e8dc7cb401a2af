"""ipywidgets controls (placeholder while being written)."""
