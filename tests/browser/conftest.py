"""Real-browser fixtures: JupyterLab on 127.0.0.1 and headless Debian Chromium via Playwright.

Recipe from tooling.md §5: config dirs isolated from the home folder, the server in its own
process group (stopped with SIGTERM to the group, which shuts its kernels down), Chromium
launched from /usr/bin/chromium with every non-loopback request blocked and recorded.
Never `playwright install`: the browser comes from apt.
"""
from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

import pytest

CHROMIUM = "/usr/bin/chromium"
REPO = Path(__file__).resolve().parents[2]
OUT = REPO / "out" / "browser"
LAUNCH_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--no-first-run", "--disable-dev-shm-usage",
    "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
]
LOCAL_PREFIXES = ("http://127.0.0.1", "ws://127.0.0.1", "data:", "blob:", "file://")


def browser_available() -> str | None:
    """None when the browser test can run, else the reason it cannot."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "playwright is not installed (pip install -e .[browser])"
    if not os.access(CHROMIUM, os.X_OK):
        return f"{CHROMIUM} is missing (apt-get install chromium)"
    try:
        import jupyterlab  # noqa: F401
    except ImportError:
        return "jupyterlab is not installed (pip install -e .[browser])"
    return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def jupyter_lab(root: Path, timeout: float = 60.0) -> Iterator[str]:
    """Run JupyterLab serving ``root`` on 127.0.0.1 (no token); yield its base URL."""
    port = _free_port()
    cfg = root.parent / "jupyter-home"
    env = {k: v for k, v in os.environ.items() if k != "MPLBACKEND"}
    for name in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR"):
        d = cfg / name.lower()
        d.mkdir(parents=True, exist_ok=True)
        env[name] = str(d)
    log = open(root.parent / "jupyterlab.log", "wb")
    proc = subprocess.Popen(
        [sys.executable, "-m", "jupyterlab", "--no-browser", "--allow-root", "--ip=127.0.0.1",
         f"--port={port}", "--ServerApp.token=", "--ServerApp.password=",
         "--LabApp.news_url=None", "--LabApp.extension_manager=readonly",
         "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
         "--ServerApp.open_browser=False",
         f"--ServerApp.root_dir={root}"],
        cwd=root, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + timeout
        while True:
            if proc.poll() is not None:
                raise RuntimeError(f"JupyterLab exited ({proc.returncode}); see {log.name}")
            try:
                with urllib.request.urlopen(f"{url}/api/status", timeout=2) as r:
                    if r.status == 200:
                        break
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise TimeoutError(f"JupyterLab did not answer in {timeout} s; see {log.name}")
            time.sleep(0.25)
        yield url
    finally:
        try:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(timeout=15)
        except ProcessLookupError:
            pass
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=5)
        log.close()


@contextmanager
def chromium_page(viewport=(1400, 1000)) -> Iterator[tuple[object, list[str]]]:
    """A Playwright page in headless /usr/bin/chromium; yields (page, blocked request URLs)."""
    from playwright.sync_api import sync_playwright

    blocked: list[str] = []

    def guard(route):
        u = route.request.url
        if u.startswith(LOCAL_PREFIXES):
            route.continue_()
        else:
            blocked.append(u)
            route.abort()

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=LAUNCH_ARGS)
        try:
            context = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]})
            context.route("**/*", guard)
            page = context.new_page()
            yield page, blocked
        finally:
            browser.close()


def stripped_copy(notebook: Path, dest_dir: Path) -> Path:
    """Copy a notebook with its outputs cleared, so only live widgets match the locators."""
    import nbformat

    nb = nbformat.read(notebook, as_version=4)
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.outputs = []
            cell.execution_count = None
    nb.metadata.pop("widgets", None)
    # The server's own python3 kernel (a teacher's custom kernelspec name would not exist here,
    # and a missing one makes Lab ask which kernel to start).
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)",
                                 "language": "python"}
    dest_dir.mkdir(parents=True, exist_ok=True)
    out = dest_dir / notebook.name
    nbformat.write(nb, out)
    for extra in notebook.parent.iterdir():   # data files a notebook may read next to itself
        if extra.is_file() and extra.suffix in (".json", ".csv") and not (dest_dir / extra.name).exists():
            shutil.copy(extra, dest_dir / extra.name)
    return out


@pytest.fixture(scope="module")
def lab_dir(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("lab") / "root"
