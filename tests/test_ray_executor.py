"""ttr_nb.simulate.ray_executor: Ray imported lazily, a clear error without it, and the
same results as one core (with a fake ``ray`` module: Ray itself is not installed here)."""
from __future__ import annotations

import concurrent.futures as cf
import sys
import types

import pytest

import ttr_nb
from ttr_nb.simulate import ray_executor


class _Ref:
    """What ``fn.remote(...)`` returns in Ray: an object reference with ``.future()``."""

    def __init__(self, fn, args, kwargs):
        self.fn, self.args, self.kwargs = fn, args, kwargs

    def future(self) -> cf.Future:
        f: cf.Future = cf.Future()
        f.set_result(self.fn(*self.args, **self.kwargs))
        return f


def fake_ray(cpus: int = 3, running: bool = False) -> types.ModuleType:
    ray = types.ModuleType("ray")
    ray.calls = {"init": [], "remote": 0, "tasks": 0}

    def remote(fn):
        ray.calls["remote"] += 1

        def call(*args, **kwargs):
            ray.calls["tasks"] += 1
            return _Ref(fn, args, kwargs)
        return types.SimpleNamespace(remote=call)

    ray.remote = remote
    ray.is_initialized = lambda: running
    ray.init = lambda **kw: ray.calls["init"].append(kw)
    ray.cluster_resources = lambda: {"CPU": float(cpus)}
    return ray


def test_without_ray_the_error_says_how_to_install_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)   # `import ray` now fails
    with pytest.raises(ImportError, match="pip install ray"):
        ray_executor()


def test_importing_ttr_nb_simulate_does_not_import_ray():
    import ttr_nb.simulate as sim

    assert "ray" not in vars(sim)


def test_ray_runs_the_same_games_as_one_core(monkeypatch):
    ray = fake_ray(cpus=3)
    monkeypatch.setitem(sys.modules, "ray", ray)
    ex = ray_executor(num_cpus=2)
    assert isinstance(ex, cf.Executor)
    assert ray.calls["init"] == [{"num_cpus": 2}]
    assert ex._max_workers == 3
    here = ttr_nb.simulate("usa", players=2, games=5, seed=11, agents="random")
    there = ttr_nb.simulate("usa", players=2, games=5, seed=11, agents="random",
                            executor=ex, chunksize=2)
    assert there == here
    assert ray.calls["tasks"] == 3          # chunks of 2, 2 and 1 games
    assert ray.calls["remote"] == 1         # the worker function is wrapped once


def test_a_running_ray_is_not_started_again(monkeypatch):
    ray = fake_ray(running=True)
    monkeypatch.setitem(sys.modules, "ray", ray)
    ray_executor()
    assert ray.calls["init"] == []
