"""Progress bars for long work (simulate, tournaments, the best score): a one-line text bar
on a stream, an ipywidgets bar in a notebook, or any object with ``update(n)`` and
``close()`` (a tqdm bar). :func:`progress_bar` picks one from what the caller passed."""
from __future__ import annotations

import sys
import time
from typing import Any, TextIO


class TextBar:
    """A one-line progress bar on a text stream, redrawn with ``\\r`` at most 10 times a
    second: ``[####----] 3/8 games  12 games/s``, then :attr:`note` (e.g. the best so far)."""

    def __init__(self, total: int, file: TextIO, width: int = 28, unit: str = "games"):
        self.total, self.file, self.width, self.unit = max(total, 0), file, width, unit
        self.done = 0
        self.note = ""
        self.start = time.perf_counter()
        self._last = 0.0
        self._draw(force=True)

    def update(self, n: int) -> None:
        self.done += n
        self._draw(force=self.done >= self.total)

    def describe(self, note: str) -> None:
        """Show ``note`` after the count (redrawn now)."""
        self.note = note
        self._draw(force=True)

    def _draw(self, force: bool = False) -> None:
        now = time.perf_counter()
        if not force and now - self._last < 0.1:
            return
        self._last = now
        frac = self.done / self.total if self.total else 1.0
        fill = int(round(frac * self.width))
        elapsed = now - self.start
        if self.note:
            tail = f"  {self.note}"
        else:
            tail = f"{self.done / elapsed:,.0f} {self.unit}/s" if elapsed > 0 and self.done else ""
            tail = f"{tail:>14}"
        bar = "#" * fill + "-" * (self.width - fill)
        clear = "\x1b[K" if getattr(self.file, "isatty", lambda: False)() else ""  # (rest of a longer line)
        self.file.write(f"\r[{bar}] {self.done}/{self.total} {self.unit} {tail}{clear}")
        self.file.flush()

    def close(self) -> None:
        self._draw(force=True)
        self.file.write("\n")
        self.file.flush()


class WidgetBar:
    """An ipywidgets ``IntProgress`` shown in the notebook, with a label for the note."""

    def __init__(self, total: int, unit: str = "games"):
        import ipywidgets  # noqa: PLC0415
        from IPython.display import display  # noqa: PLC0415

        self.widget = ipywidgets.IntProgress(value=0, min=0, max=max(total, 1), description=unit)
        self.label = ipywidgets.Label("")
        display(ipywidgets.HBox([self.widget, self.label]))

    def update(self, n: int) -> None:
        self.widget.value = min(self.widget.value + n, self.widget.max)

    def describe(self, note: str) -> None:
        self.label.value = note

    def close(self) -> None:
        self.widget.bar_style = "success"


def in_notebook() -> bool:
    """True inside a Jupyter kernel."""
    shell = sys.modules.get("IPython")
    if shell is None:
        return False
    try:
        ip = shell.get_ipython()
    except Exception:  # pragma: no cover - IPython oddities
        return False
    return ip is not None and type(ip).__name__ == "ZMQInteractiveShell"


def is_bar(progress: Any) -> bool:
    """Does ``progress`` have ``update(n)`` and ``close()`` (a bar of the caller's own)?"""
    return (callable(getattr(progress, "update", None))
            and callable(getattr(progress, "close", None)))


def check_progress(progress: Any) -> None:
    """ArgumentError (a ValueError), in words, for a ``progress`` argument that is not one of
    the kinds taken. True and False are themselves: 1, 0 and 1.0 are refused (they compare
    equal to them, but a number is not a yes or a no)."""
    if progress is True or progress is False or progress is None or is_bar(progress) \
            or callable(getattr(progress, "write", None)):
        return
    from .errors import ArgumentError, shown

    raise ArgumentError("progress must be True, False, a text stream, or an object with "
                        f"update(n) and close() (such as a tqdm bar), not {shown(progress)}", "progress")


def progress_bar(progress: Any, total: int, unit: str = "games") -> Any:
    """None (no bar: ``progress`` False or None), the caller's own bar, a text bar on the
    given stream, or for True a notebook widget bar (in a kernel) or a text bar on stderr;
    ``total`` steps of ``unit``."""
    check_progress(progress)
    if progress is False or progress is None:
        return None
    if is_bar(progress):
        return progress
    if progress is not True:
        return TextBar(total, progress, unit=unit)
    if in_notebook():
        try:
            return WidgetBar(total, unit)
        except ImportError:
            pass
    return TextBar(total, sys.stderr, unit=unit)


def describe(bar: Any, note: str) -> None:
    """Show ``note`` on ``bar`` if it can show one (a tqdm bar: its postfix)."""
    if bar is None:
        return
    if callable(getattr(bar, "describe", None)):
        bar.describe(note)
    elif callable(getattr(bar, "set_postfix_str", None)):
        bar.set_postfix_str(note)
