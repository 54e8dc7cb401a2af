"""Repo-root pytest setup: resolve the nbval sanitize file from the repo root."""
from pathlib import Path


def pytest_configure(config):
    p = getattr(config.option, "nbval_sanitize_with", None)
    if p and not Path(p).is_absolute():
        config.option.nbval_sanitize_with = str(config.rootpath / p)
