"""Property tests of the file and command boundaries (issue 36): map files, results files, the
optimiser and every subcommand of the command line, given wrong types, huge and negative
numbers, NaN, empty, huge and hostile texts, broken JSON and degenerate maps.

Only the package's own errors may escape (MapError for a map, ArgumentError / IllegalAction /
SaveError for the rest, and argparse's exit with status 2 and a message), each naming what is
wrong in a sentence of readable length; what is accepted must be sound (a map that loads can be
described, drawn, searched and optimised; a results file that reads makes every lab table; a
best score is within its bound and its budget); a refused call changes nothing (a shipped map,
the file read, the folder a command writes to).

The example counts are kept small for CI. A bigger fuzzing pass runs the same checks:

    TTR_FUZZ_EXAMPLES=2000 TTR_FUZZ_KEEP_GOING=1 TTR_FUZZ_REPORT=/tmp/fuzz.json \\
        pytest tests/test_boundaries_fuzz_more.py -p no:randomly -o addopts=""

(``TTR_FUZZ_KEEP_GOING`` counts raw errors and silent acceptances instead of failing at the
first; ``TTR_FUZZ_REPORT`` writes the counts per boundary.)
"""
from __future__ import annotations

import collections
import copy
import json
import math
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ttr_nb
from ttr_nb import lab
from ttr_nb.board import MapError, load_map, parse_map
from ttr_nb.errors import ArgumentError, IllegalAction, ResultsError, SaveError

EXAMPLES = int(os.environ.get("TTR_FUZZ_EXAMPLES", "30"))
KEEP_GOING = bool(os.environ.get("TTR_FUZZ_KEEP_GOING"))
REPORT = os.environ.get("TTR_FUZZ_REPORT")
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize=not KEEP_GOING,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                       HealthCheck.filter_too_much, HealthCheck.function_scoped_fixture])
OWN = (ArgumentError, IllegalAction, SaveError, MapError)
LONGEST_MESSAGE = 2_000

COUNTS: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
SAMPLES: dict[str, list[str]] = collections.defaultdict(list)


@pytest.fixture(autouse=True)
def _report():
    """With TTR_FUZZ_REPORT, the counts so far are written after each test."""
    yield
    if REPORT:
        old = json.loads(Path(REPORT).read_text()) if Path(REPORT).is_file() else {}
        for b, c in COUNTS.items():
            old[b] = {"counts": dict(c), "samples": SAMPLES[b][:20]}
        Path(REPORT).write_text(json.dumps(old, indent=1))


def problem(boundary: str, kind: str, what: str) -> None:
    """A raw error or a silent acceptance: fail (or, in a long pass, count it)."""
    COUNTS[boundary][kind] += 1
    if KEEP_GOING:
        SAMPLES[boundary].append(f"{kind}: {what[:300]}")
        return
    pytest.fail(f"{boundary}: {kind}: {what[:500]}")


def attempt(boundary: str, call, sane=None, also=None):
    """Run ``call``: ('refused', error) for the package's own error with a readable message
    (or one ``also(error)`` accepts), ('ok', result) when it works and ``sane(result)`` finds
    nothing wrong; anything else is a problem (a raw exception, an unreadable refusal, a
    silent nonsense)."""
    COUNTS[boundary]["inputs"] += 1
    try:
        result = call()
    except Exception as e:  # noqa: BLE001 (sorted below)
        if not isinstance(e, OWN) and not (also is not None and also(e)):
            problem(boundary, "raw error", f"{type(e).__name__}: {e}")
            return "raw", e
        text = str(e)
        if not text or len(text) > LONGEST_MESSAGE:
            problem(boundary, "unreadable refusal", f"{type(e).__name__} of {len(text)} characters: {text[:200]}")
        COUNTS[boundary]["refused"] += 1
        return "refused", e
    if sane is not None:
        try:
            why = sane(result)
        except OWN as e:
            why = None
            problem(boundary, "accepted, then refused", f"{type(e).__name__}: {e}")
        except Exception as e:  # noqa: BLE001
            why = f"accepted, then {type(e).__name__}: {e}"
        if why:
            problem(boundary, "silent acceptance", why)
            return "silent", result
    COUNTS[boundary]["accepted"] += 1
    return "ok", result


# -- wild values ------------------------------------------------------------------------------
class Boom(Exception):
    """Raised by the hostile objects below (never one of the package's errors)."""


def _boom(*_a, **_k):
    raise Boom("hostile")


class Hostile:
    """Every method a check might call raises (its repr too)."""
    __str__ = __repr__ = __eq__ = __ne__ = __lt__ = __hash__ = __index__ = __int__ = _boom
    __float__ = __len__ = __iter__ = __bool__ = __getitem__ = __format__ = __fspath__ = _boom


class HostileStr(str):
    __str__ = __repr__ = __eq__ = __hash__ = __len__ = __iter__ = __format__ = _boom


class Make:
    """A hostile value, built inside the test (Hypothesis prints this, not the value)."""

    def __init__(self, cls, arg=None):
        self.cls, self.arg = cls, arg

    def __repr__(self):
        return f"<a {self.cls.__name__}>"

    def build(self):
        return self.cls(self.arg) if self.arg is not None else self.cls()


def real(x):
    return x.build() if isinstance(x, Make) else x


NAMES = ["usa", "legendary_asia", "heart-of-africa", "Team Asia", "europe", "USA", "usaa", "../../etc",
         "/etc/passwd", "/", ".", "", " ", "\x00", "x" * 300, "maps/usa.json", "nowhere.json"]
json_scalars = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-2 ** 70, max_value=2 ** 70),
    st.sampled_from([0, 1, -1, 2, 3, 10 ** 30, -10 ** 30, 2 ** 63, 1e308, -0.0, 0.5, 99999]),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=12), st.sampled_from(["", " ", "\x00", "\t", "x" * 5000, "Montréal", "Montreal",
                                           "../../etc", "red", "gray", "desert", "Atlanta", "A", "B", "C"]))
json_values = st.recursive(json_scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=6), inner, max_size=3)), max_leaves=8)
wild = st.one_of(json_values, st.sampled_from([math.nan, math.inf, -math.inf, object(), b"usa", (), set(),
                                               frozenset({1})]),
                 st.sampled_from([Hostile, HostileStr]).map(lambda c: Make(c, "usa" if c is HostileStr else None)),
                 st.sampled_from(NAMES))


# -- maps -------------------------------------------------------------------------------------
def _small_map() -> dict:
    """A good map of 5 cities, 6 routes (a double among them) and 3 tickets."""
    cities = [{"name": n, "x": x, "y": y} for n, x, y in
              (("Aton", 0.1, 0.1), ("Bree", 0.5, 0.15), ("Cove", 0.9, 0.1), ("Dale", 0.3, 0.5), ("Esk", 0.8, 0.55))]
    routes = [{"id": i + 1, "a": a, "b": b, "length": n, "color": c, "double_group": g}
              for i, (a, b, n, c, g) in enumerate((("Aton", "Bree", 3, "red", 1), ("Aton", "Bree", 3, "blue", 1),
                                                   ("Bree", "Cove", 4, "gray", None),
                                                   ("Aton", "Dale", 2, "green", None),
                                                   ("Dale", "Esk", 5, "yellow", None),
                                                   ("Cove", "Esk", 2, "black", None)))]
    tickets = [{"id": "T1", "a": "Aton", "b": "Cove", "points": 8}, {"id": "T2", "a": "Dale", "b": "Cove", "points": 9},
               {"id": "T3", "a": "Bree", "b": "Esk", "points": 7}]
    return {"key": "small", "name": "Small", "height": 0.6, "trains_per_player": 20,
            "cities": cities, "routes": routes, "tickets": tickets}


SMALL = _small_map()
assert parse_map(json.dumps(SMALL)).stats()


def _paths(doc, here=()):
    yield here
    if isinstance(doc, dict):
        for k, v in doc.items():
            yield from _paths(v, here + (k,))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            yield from _paths(v, here + (i,))


def mutate(doc, data, steps: int):
    """``doc`` changed ``steps`` times: a value replaced by a wild one, a key removed, an item
    copied or removed, a list emptied, every city put at one point, names made to differ only
    by an accent or a case."""
    doc = copy.deepcopy(doc)
    for _ in range(steps):
        paths = [p for p in _paths(doc) if p]
        how = data.draw(st.sampled_from(["replace", "replace", "delete", "copy item", "drop item", "empty",
                                         "one point", "twin names", "add key"]))
        if how == "one point" and isinstance(doc, dict) and isinstance(doc.get("cities"), list):
            for c in doc["cities"]:
                if isinstance(c, dict):
                    c["x"], c["y"] = 0.5, 0.5
            continue
        if how == "twin names" and isinstance(doc, dict) and isinstance(doc.get("cities"), list) \
                and len(doc["cities"]) >= 2 and all(isinstance(c, dict) for c in doc["cities"][:2]):
            doc["cities"][0]["name"], doc["cities"][1]["name"] = data.draw(st.sampled_from(
                [("Montréal", "Montreal"), ("Aton", "aton"), ("Aton", "Aton "), ("Aton", "Aton")]))
            continue
        if not paths:
            return data.draw(json_values)
        path = data.draw(st.sampled_from(paths))
        parent = doc
        for k in path[:-1]:
            parent = parent[k]
        last = path[-1]
        if how == "replace":
            parent[last] = data.draw(json_values)
        elif how == "delete":
            del parent[last]
        elif how == "add key" and isinstance(parent[last], dict):
            parent[last][data.draw(st.sampled_from(["kind", "tunnel", "ferry_locos", "mountains", "terrain",
                                                    "spaces", "decks", "double_group", "zzz"]))] = data.draw(json_values)
        elif how in ("copy item", "drop item", "empty") and isinstance(parent[last], list):
            items = parent[last]
            if how == "empty":
                items.clear()
            elif items:
                k = data.draw(st.integers(0, len(items) - 1))
                if how == "copy item":
                    items.append(copy.deepcopy(items[k]))
                else:
                    del items[k]
    return doc


def sound_board(board) -> str | None:
    """Why a map that loaded is no board to use (None when it is one): it describes, draws,
    finds its whole-board trail and its best score."""
    from ttr_nb.draw import board_png
    from ttr_nb.optimize import best_score
    from ttr_nb.whole_board import whole_board_trail

    if len(board.cities) < 2 or not board.routes:
        return f"a board of {len(board.cities)} cities and {len(board.routes)} routes"
    for c in board.cities.values():
        if not (math.isfinite(c.x) and math.isfinite(c.y)):
            return f"city {c.name!r} is at ({c.x}, {c.y})"
    folded = collections.Counter(" ".join(n.casefold().split()) for n in board.cities)
    if max(folded.values()) > 1:
        return f"two cities have the same name but for case or spaces: {sorted(board.cities)}"
    board.stats()
    board.describe()
    board.to_networkx()
    if DRAW:
        png = board_png(board)
        assert png[:8] == b"\x89PNG\r\n\x1a\n"
    whole_board_trail(board)
    r = best_score(board, trains=6, time_limit=2)
    if not r.score <= r.bound or r.trains > 6:
        return f"best score {r.score} (bound {r.bound}, {r.trains} trains of 6)"
    return None


DRAW = KEEP_GOING or EXAMPLES > 100 or bool(os.environ.get("TTR_FUZZ_DRAW"))
"""Drawing every accepted map takes a while: in the long pass only (and a few maps below)."""


@FUZZ
@given(data=st.data(), steps=st.integers(1, 3))
def test_a_changed_map_file_loads_as_a_sound_board_or_says_what_is_wrong(data, steps, tmp_path_factory):
    doc = mutate(SMALL, data, steps)
    text = json.dumps(doc)
    path = tmp_path_factory.mktemp("maps") / "map.json"
    path.write_text(text, encoding="utf-8")
    usa_before = load_map("usa").stats()
    outcome, board = attempt("map file", lambda: load_map(str(path)), sound_board)
    if outcome == "refused":
        assert isinstance(board, MapError) and "map.json" in str(board)
    attempt("map text", lambda: parse_map(text, "typed.json"))
    assert load_map("usa").stats() == usa_before


@FUZZ
@given(name=wild)
def test_load_map_of_any_value_is_a_board_or_a_map_error(name):
    name = real(name)
    outcome, out = attempt("map name", lambda: load_map(name))
    if outcome == "refused":
        assert isinstance(out, MapError)


@FUZZ
@given(text=st.one_of(st.text(max_size=40), st.binary(max_size=40).map(lambda b: b.decode("latin-1")),
                      st.sampled_from(["", "{", "[]", "null", "NaN", '{"cities": NaN}', "[" * 10_000 + "]" * 10_000,
                                       '{"cities": [], "routes": [], "tickets": []}', "\ufeff{}",
                                       json.dumps(SMALL).replace("0.1", "1e999"),
                                       json.dumps(SMALL).replace('"id": 1,', '"id": 1e300,'),
                                       json.dumps(SMALL).replace("3", "9" * 5000, 1)])))
def test_map_text_that_is_no_json_or_no_map_is_a_map_error(text):
    outcome, out = attempt("map text", lambda: parse_map(text, "typed.json"))
    if outcome == "refused":
        assert isinstance(out, MapError)


@pytest.mark.parametrize("change", ["one point", "one city", "key", "twin", "x text"])
def test_the_issues_degenerate_maps_are_refused_by_name(change):
    """Issue 36: a key '../../etc', a city longitude "x", Montréal and Montreal, one city, every
    city at one point."""
    doc = copy.deepcopy(SMALL)
    if change == "one point":
        for c in doc["cities"]:
            c["x"], c["y"] = 0.5, 0.5
    elif change == "one city":
        doc["cities"] = doc["cities"][:1]
    elif change == "key":
        doc["key"] = "../../etc"
    elif change == "twin":
        doc["cities"].append({"name": "Åton", "x": 0.2, "y": 0.3})
        doc["cities"].append({"name": "Aton", "x": 0.25, "y": 0.35})
    else:
        doc["cities"][0]["x"] = "x"
    with pytest.raises(MapError) as e:
        parse_map(json.dumps(doc), "class.json")
    assert "class.json" in str(e.value) and len(str(e.value)) < 600


# -- results files ----------------------------------------------------------------------------
def names(path):
    """The refusal of a results file: the package's ResultsError (a ValueError), naming the
    file."""
    def own(e: Exception) -> bool:
        try:
            name = str.__str__(path) if isinstance(path, str) else str(path)
        except Exception:  # noqa: BLE001 (no name: only the package's own errors then)
            return False
        head = name[:40] if name.strip() else "(no file name)"  # (a long name is shortened)
        return type(e) is ResultsError and isinstance(e, ValueError) and str(e).startswith(head)
    return own


@pytest.fixture(scope="module")
def results_lines():
    from ttr_nb.simulate import simulate

    res = simulate("usa", 2, games=2, seed=3, agents=["random"], keep_lines=True)
    return [json.loads(r.to_json_line()) for r in res]


def sound_results(results) -> str | None:
    """Why read results are no results (None when they are): every lab table makes them."""
    if not results:
        return None
    lab.rows(results)
    lab.win_rates(results)
    lab.ticket_completion(results)
    lab.route_claims(results)
    for r in results:
        if not 0 <= min(r.winners) and max(r.winners) < r.players:
            return f"winners {r.winners} of {r.players} players"
    return None


@FUZZ
@given(data=st.data(), steps=st.integers(1, 3), line=st.integers(0, 1))
def test_a_changed_results_file_reads_as_sound_results_or_names_its_line(data, steps, line, results_lines, tmp_path):
    docs = [copy.deepcopy(d) for d in results_lines]
    docs[line] = mutate(docs[line], data, steps)
    path = tmp_path / "run.jsonl"
    path.write_text("\n".join(json.dumps(d) for d in docs) + "\n", encoding="utf-8")
    before = path.read_bytes()
    outcome, out = attempt("results file", lambda: lab.read_results(path), sound_results, also=names(path))
    if outcome == "refused":
        assert f"line {line + 1}" in str(out) and "run.jsonl" in str(out), str(out)[:300]
    assert path.read_bytes() == before


@FUZZ
@given(text=st.one_of(st.text(max_size=60), st.sampled_from(["{", "[]", "null", '{"score": "x"}', "\x00",
                                                             "[" * 5000, '{"game": NaN}'])))
def test_a_results_file_of_any_text_is_read_or_refused_with_its_line(text, tmp_path):
    path = tmp_path / "any.jsonl"
    path.write_bytes(text.encode("utf-8", "surrogatepass"))
    outcome, out = attempt("results file", lambda: lab.read_results(path), sound_results, also=names(path))
    if outcome == "refused":
        assert "any.jsonl" in str(out)


@FUZZ
@given(path=wild)
def test_read_results_of_any_path_is_results_or_an_argument_error(path):
    path = real(path)
    attempt("results path", lambda: lab.read_results(path), sound_results, also=names(path))


# -- the optimiser -------------------------------------------------------------------------------
SMALL_BOARD = parse_map(json.dumps(SMALL), "small.json")
small_numbers = st.one_of(st.integers(0, 8), st.sampled_from([-1, 10 ** 30, 2 ** 63, 1000, 1.5, math.nan, "5",
                                                             True, None]))


GOOD_OPTIMISER = dict(board=SMALL_BOARD, trains=6, tickets=None, routes=None, mode="choose", time_limit=1,
                      mountain_points_per_x=2, progress=False)
ODD_OPTIMISER = {
    "board": st.one_of(st.sampled_from(["usa", "small", "Team Asia", "europe"]), wild),
    "trains": st.one_of(small_numbers, wild),
    "tickets": st.one_of(st.sampled_from(["all", "T1", ["T1"], ["T1", "T1"], [], ("T2", "T3"), {"T1"}]), wild),
    "routes": st.one_of(st.sampled_from([[1, 3], ["Aton–Bree"], [], [99], [1, 1], range(1, 4), (x for x in [1])]),
                        wild),
    "mode": st.one_of(st.sampled_from(["hold", "Choose", "HOLD "]), wild),
    "time_limit": st.one_of(st.sampled_from([0.5, 2, 0, -1, 1e-9, 10 ** 30]), wild),
    "mountain_points_per_x": st.one_of(st.sampled_from([0, 3, -1, 10 ** 30]), wild),
    "progress": st.one_of(st.sampled_from([True, None, 1]), wild),
}


@FUZZ
@given(data=st.data(), odd=st.lists(st.sampled_from(sorted(ODD_OPTIMISER)), min_size=1, max_size=2, unique=True))
def test_best_score_answers_any_arguments_in_its_own_words(data, odd, capsys):
    """One or two arguments odd, the others good (so the odd one is what is judged)."""
    from ttr_nb.optimize import best_score

    kw = dict(GOOD_OPTIMISER)
    for name in odd:
        kw[name] = real(data.draw(ODD_OPTIMISER[name], label=name))
    if type(kw["board"]) is str and kw["board"] not in ("small",):  # (keep a run on a big board short)
        kw["time_limit"] = 1
        kw["trains"] = kw["trains"] if type(kw["trains"]) is int and kw["trains"] <= 8 else 8

    def sane(r):
        if not (r.score <= r.bound and 0 <= r.trains <= r.budget):
            return f"score {r.score}, bound {r.bound}, {r.trains} trains of {r.budget}"
        return None

    attempt("optimiser", lambda: best_score(**kw), sane)
    capsys.readouterr()


# -- the command line ---------------------------------------------------------------------------
NUMBERS = ["-1", "0", "1", "2", "3", "-99999", "99999999999999999999999", "10000001", "2.5", "nan", "inf", "",
           "x", "1e3", " 2", "٣"]
TEXTS = ["usa", "legendary-asia", "Team Asia", "usaa", "", " ", "x" * 300, "../../etc", "\x00x", "random",
         "greedy", "greedy,random", "random,random,random", ",", "nope", "T1", "O01,O02", "1,2,3", "all",
         "original"]
OPTIONS = {
    "check-map": {None: ["usa", "nowhere.json", "", "x" * 300, "good.json", "bad.json", "dir", "\x00", "."]},
    "simulate": {"--variant": TEXTS, "--players": NUMBERS, "--games": NUMBERS, "--seed": NUMBERS,
                 "--agents": TEXTS, "--workers": NUMBERS},
    "render": {"--variant": TEXTS, "--map": ["usa", "good.json", "bad.json", "", "dir"] + TEXTS[:6],
               "--players": NUMBERS, "--seed": NUMBERS, "--step": NUMBERS, "--agents": TEXTS,
               "-o": ["x.png", "", ".", "dir", "out.jpg", "sub/none/x.png", "x" * 300, "\x00.png", "x.txt"]},
    "lessons": {None: ["out", "", ".", "dir", "x" * 300, "\x00", "good.json"]},
    "best-score": {None: ["usa", "good.json", "bad.json", "", "dir", "nope", "x" * 300],
                   "--trains": NUMBERS, "--tickets": TEXTS, "--routes": TEXTS, "--mode": ["choose", "hold", "x"],
                   "--time-limit": NUMBERS, "--game": ["save.json", "bad.json", "", "dir", "nowhere.json"]},
}
SAFE = {"simulate": ["--games", "2", "--no-progress"], "render": ["--step", "4", "--agents", "random"],
        "best-score": ["--trains", "4", "--time-limit", "1", "--no-progress"], "lessons": [], "check-map": []}
"""Arguments that keep a run small, given first (a later fuzzed one of the same name wins)."""


SLOW = {"--games": (10, 10_000_000), "--trains": (12, 10 ** 6), "--time-limit": (5, math.inf),
        "--players": (6, 10 ** 6)}
"""Values a command takes that make a long run (many games, a big budget, a long time limit):
left out here (the fuzzing is about what is refused; an accepted run is kept short)."""


def _runs_long(opt, value: str) -> bool:
    try:
        n = float(value)  # (as argparse's int and float read it: '٣' is 3)
    except ValueError:
        return False
    lo, hi = SLOW.get(opt, (math.inf, math.inf))
    return lo < n <= hi


def _argv(data, command: str) -> list[str]:
    opts = OPTIONS[command]
    argv = [command] + SAFE[command]
    chosen = data.draw(st.lists(st.sampled_from(sorted(opts, key=str)), min_size=0, max_size=3))
    for opt in chosen:
        value = data.draw(st.one_of(st.sampled_from(opts[opt]), st.text(max_size=8)))
        if _runs_long(opt, value):
            continue
        argv += [value] if opt is None else [opt, value]
    return argv


def _folder(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


@pytest.mark.parametrize("command", sorted(OPTIONS))
@settings(FUZZ, max_examples=max(4, EXAMPLES // 3))
@given(data=st.data())
def test_every_subcommand_answers_bad_arguments_with_a_message_and_a_status(command, data, tmp_path_factory,
                                                                            monkeypatch, capsys):
    from ttr_nb.cli import main

    here = tmp_path_factory.mktemp(command.replace("-", "_"))
    (here / "good.json").write_text(json.dumps(SMALL), encoding="utf-8")
    (here / "bad.json").write_text(json.dumps({**SMALL, "cities": SMALL["cities"][:1]}), encoding="utf-8")
    (here / "dir").mkdir()
    (here / "dir" / "keep.txt").write_text("mine", encoding="utf-8")
    (here / "save.json").write_text(ttr_nb.new_game("usa", 2, seed=1).to_json(), encoding="utf-8")
    monkeypatch.chdir(here)
    argv = _argv(data, command)
    if os.environ.get("TTR_FUZZ_TRACE"):  # (a long pass: which command line was running)
        with open(os.environ["TTR_FUZZ_TRACE"], "a", encoding="utf-8") as f:
            f.write(repr(argv) + "\n")
    before = _folder(here)
    boundary = f"cli {command}"
    COUNTS[boundary]["inputs"] += 1
    capsys.readouterr()
    try:
        status = main(argv)
    except SystemExit as e:  # argparse's own refusal: status 2 and a usage message
        err = capsys.readouterr().err
        if e.code != 2 or "error:" not in err:
            problem(boundary, "raw error", f"exit {e.code!r} for {argv!r}: {err[-200:]}")
        COUNTS[boundary]["refused"] += 1
        assert _folder(here) == before
        return
    except Exception as e:  # noqa: BLE001 (the point of the test)
        problem(boundary, "raw error", f"{type(e).__name__}: {e} for {argv!r}")
        return
    out = capsys.readouterr()
    if status != 0:
        said = out.out if command == "check-map" and status == 1 else out.err   # (check-map lists problems)
        if not ("ttr-nb: error:" in said or f"ttr-nb {command}: " in said or command == "check-map" and said.strip()) \
                or len(said) > 20 * LONGEST_MESSAGE or any(ch < " " and ch not in "\n\t" for ch in said):
            problem(boundary, "raw error", f"status {status} without a message for {argv!r}: {out.err[-200:]}")
        COUNTS[boundary]["refused"] += 1
        after = _folder(here)
        if command != "check-map":
            assert {k: v for k, v in after.items() if k in before} == before, argv
        return
    # accepted: it did what it says, and what was there is kept
    after = _folder(here)
    if any(after.get(k) != v for k, v in before.items()) and "--force" not in argv:
        problem(boundary, "silent acceptance", f"{argv!r} changed a file that was there")
    elif command == "render" and not set(after) - set(before):
        problem(boundary, "silent acceptance", f"{argv!r} said it drew but wrote no new picture: {out.out[-200:]}")
    else:
        COUNTS[boundary]["accepted"] += 1


# -- every action type, built directly ------------------------------------------------------------
def _action_types():
    import importlib
    import pkgutil

    import ttr_nb.rules
    from ttr_nb.actions import ACTION_TYPES

    for m in pkgutil.iter_modules(ttr_nb.rules.__path__):
        importlib.import_module(f"ttr_nb.rules.{m.name}")
    return dict(sorted(ACTION_TYPES.items()))


ACTION_TYPES = _action_types()
FIELD_VALUES = st.one_of(wild, st.sampled_from([
    None, 5, -1, 10 ** 30, math.nan, 2.5, True, "", "\x00", "deck", "hand", [], [1], ["O01", 1], {"red": "3"},
    {"red": -1}, {5: 1}, (("red", 2.5),), [("red",)], {"a"}, b"deck", {f"c{k}": 1 for k in range(50)}]))


@pytest.mark.parametrize("kind", sorted(ACTION_TYPES))
@settings(FUZZ, max_examples=max(10, EXAMPLES))
@given(data=st.data())
def test_every_action_type_built_with_wrong_fields_gives_an_argument_error_naming_the_field(kind, data):
    """Issue 36: a mechanic's action (Terrain, Teams, Tunnels...) built directly with a wrong
    value answers like the base actions: ArgumentError naming the field, the value and what is
    allowed (its checks are ``actions.check_fields``); a value it takes has the field's kind."""
    from dataclasses import MISSING, fields

    from ttr_nb import actions
    from ttr_nb.actions import action_from_json

    cls = ACTION_TYPES[kind]
    check_fields = getattr(actions, "check_fields", None)
    if check_fields is not None and cls.__post_init__ is not check_fields:
        pytest.xfail(f"{cls.__name__} checks its own fields (its own __post_init__), not actions.check_fields")
    fs = fields(cls)
    if not fs:
        assert attempt(f"action {kind}", cls)[0] == "ok"
        return
    f = data.draw(st.sampled_from(fs), label="field")
    value = real(data.draw(FIELD_VALUES, label="value"))
    kw = {g.name: (g.default if g.default is not MISSING else ("deck" if g.type == "str" else 1))
          for g in fs if g.name != f.name}
    kw[f.name] = value

    def sane(a):
        v = getattr(a, f.name)
        t = f.type.replace(" ", "")
        ok = {"str": lambda: type(v) is str, "int": lambda: type(v) is int,
              "tuple[str,...]": lambda: type(v) is tuple and all(type(x) is str for x in v),
              "tuple[tuple[str,int],...]": lambda: type(v) is tuple and all(
                  type(k) is str and type(n) is int and n > 0 for k, n in v)}.get(t, lambda: True)()
        if not ok:
            return f"{cls.__name__}({f.name}={v!r}) kept a value of the wrong kind"
        if all(type(x) is not int or -2 ** 63 < x < 2 ** 63 for x in _ints(a.to_json())) and \
                action_from_json(json.dumps(a.to_json())) != a:
            return f"{a!r} does not read back from its JSON"
        return None

    outcome, out = attempt(f"action {kind}", lambda: cls(**kw), sane)
    if outcome == "refused":
        assert isinstance(out, ArgumentError) and out.argument == f.name, (out.argument, str(out))
        assert f"{cls.__name__} {f.name}" in str(out)
    doc = {"type": kind, **{k: v for k, v in kw.items() if k != f.name}, f.name: value}
    outcome, out = attempt(f"action_from_json {kind}", lambda: action_from_json(doc))
    if outcome == "refused":
        assert isinstance(out, ArgumentError)


def _ints(doc):
    if isinstance(doc, dict):
        for v in doc.values():
            yield from _ints(v)
    elif isinstance(doc, (list, tuple)):
        for v in doc:
            yield from _ints(v)
    elif isinstance(doc, int):
        yield doc


def _mechanic(name: str):
    """A mechanic's action class by name (imported when a test runs)."""
    from ttr_nb.rules import teams, terrain, tunnels

    return {"PlaceCard": teams.PlaceCard, "ShareTickets": teams.ShareTickets, "DrawTerrain": terrain.DrawTerrain,
            "PayTunnel": tunnels.PayTunnel}[name]


@pytest.mark.parametrize("name,value,words", [
    ("PlaceCard", None, ["PlaceCard to must be text: 'hand' or 'holder'; not None"]),
    ("ShareTickets", [1], ["ShareTickets tickets", "item 0 is 1"]),
    ("ShareTickets", "T1", ["ShareTickets tickets must be a list of ticket ids, not one text 'T1'"]),
    ("DrawTerrain", 3, ["DrawTerrain source must be text: 'deck' or one of desert, jungle, mountain; not 3"]),
    ("PayTunnel", {"red": "x"}, ["PayTunnel pay", "count of 'red' cards"]),
    ("PayTunnel", None, ["PayTunnel pay must map card names to counts", "not None"]),
])
def test_the_mechanics_actions_name_the_field_and_what_is_allowed(name, value, words):
    with pytest.raises(ArgumentError) as e:
        _mechanic(name)(value)
    for w in words:
        assert w in str(e.value), str(e.value)
