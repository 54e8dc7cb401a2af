import gc

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402
from hypothesis import settings  # noqa: E402

settings.register_profile("ci", deadline=None, print_blob=True)
settings.load_profile("ci")


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session):
    """On a pytest-xdist worker, collect the garbage before the worker reports "finished", and
    freeze what is left for the rest of the worker's life.

    Once every worker has reported, xdist ends them, and execnet gives each one 5 s to return:
    after that it sends the worker a SIGINT. After a long run, the worker's heap is large, and
    the full garbage collections pytest makes as it closes (its unraisable-exception check) took
    longer than that on 2 busy cores, so the SIGINT arrived during a collection and surfaced as
    ``KeyboardInterrupt`` in hypothesis's gc callback, a traceback printed before the durations
    table of a green run. Collecting here, while the run still waits for this worker, leaves
    later collections only what is made after it (``gc.freeze``), so the worker ends at once.
    Finalizers run in this collection as in any other, with pytest's unraisable-exception hook
    still in place: nothing is hidden.
    """
    if hasattr(session.config, "workerinput"):
        gc.collect()
        gc.freeze()
