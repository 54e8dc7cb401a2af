"""docs/RULES.md, the rules reference: every rule ID the package, the tools and the lessons cite
has exactly one entry there, with an explicit ``<a id="ID"></a>`` link target.

Pure file reading (no ttr_nb import), so it runs in a fraction of a second.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "docs" / "RULES.md"
SPEC = Path("/work/shared/rules-spec.md")  # the project's working notes; absent outside the workshop

ID_RE = re.compile(r"\b(?:B|U|H|TA|LA|EU)-[0-9]+(?:\.[0-9]+)*\b")
ANCHOR_LINE = re.compile(r'^<a id="([^"]*)"></a>$')
ANY_ANCHOR = re.compile(r"<a\s[^>]*\bid\s*=\s*[\"']([^\"']*)[\"']", re.I)
ENTRY_LINE = re.compile(r"^\*\*((?:B|U|H|TA|LA|EU)-[0-9]+(?:\.[0-9]+)*)\*\* · \S")
BANNED = ("seed", "anchors", "rules-spec", "the user's", "the user’s")


def _text() -> str:
    return RULES.read_text(encoding="utf-8")


def _lines() -> list[str]:
    return _text().splitlines()


def _anchors() -> list[str]:
    return [m.group(1) for line in _lines() if (m := ANCHOR_LINE.match(line))]


def _notebook_strings(node, out: list[str]) -> None:
    """Every string of a notebook's JSON (cell sources, outputs, metadata), images left out."""
    if isinstance(node, str):
        out.append(node)
    elif isinstance(node, list):
        for x in node:
            _notebook_strings(x, out)
    elif isinstance(node, dict):
        for k, v in node.items():
            if isinstance(k, str) and k.startswith("image/"):
                continue  # PNG/SVG data: SVG path commands ('H' and a negative number) are no rule IDs
            _notebook_strings(v, out)


def _cited_ids() -> dict[str, str]:
    """Rule ID -> 'file:line' of its first use in the package (ttr_nb, lesson sources and
    packaged notebooks included), the tools, the notebooks, README.md and docs/ (RULES.md aside).
    tests/ is left out on purpose: tests may cite made-up IDs for made-up checks."""
    found: dict[str, str] = {}

    def scan(text: str, where: str) -> None:
        for no, line in enumerate(text.splitlines(), 1):
            # '\n' inside a string literal would glue 'n' to the ID and hide it from \b.
            for rid in ID_RE.findall(line.replace("\\n", " ").replace("\\t", " ")):
                found.setdefault(rid, f"{where}:{no}")

    files = sorted((ROOT / "ttr_nb").rglob("*.py")) + sorted((ROOT / "tools").rglob("*.py"))
    files += [ROOT / "README.md"] + sorted(p for p in (ROOT / "docs").rglob("*.md") if p != RULES)
    for p in files:
        if p.is_file() and "__pycache__" not in p.parts:
            scan(p.read_text(encoding="utf-8"), str(p.relative_to(ROOT)))
    notebooks = sorted((ROOT / "notebooks").rglob("*.ipynb")) + sorted((ROOT / "ttr_nb").rglob("*.ipynb"))
    for p in notebooks:
        if ".ipynb_checkpoints" in p.parts:
            continue
        strings: list[str] = []
        _notebook_strings(json.loads(p.read_text(encoding="utf-8")), strings)
        scan("\n".join(strings), str(p.relative_to(ROOT)))
    return found


def _entry(rid: str) -> str:
    """The text of entry ``rid``: from its anchor line up to the next anchor line."""
    lines = _lines()
    start = lines.index(f'<a id="{rid}"></a>')
    end = next((i for i in range(start + 1, len(lines)) if ANCHOR_LINE.match(lines[i])), len(lines))
    return "\n".join(lines[start:end])


def test_scanner_finds_ids_the_package_is_known_to_cite():
    """Guard for the scan itself: ttr_nb's tunnel messages cite EU-3.5 and scoring cites B-8.2."""
    cited = _cited_ids()
    assert "EU-3.5" in cited and cited["EU-3.5"].startswith("ttr_nb/")
    assert "B-8.2" in cited
    assert not any(where.startswith("tests/") for where in cited.values())


def test_every_cited_rule_id_has_an_entry():
    """Every rule ID used in ttr_nb (messages, docstrings, lessons), tools, notebooks and docs
    has an <a id> link target in docs/RULES.md."""
    have = set(_anchors())
    missing = {rid: where for rid, where in _cited_ids().items() if rid not in have}
    assert not missing, ("rule IDs cited but missing from docs/RULES.md: "
                         + "; ".join(f"{rid} ({where})" for rid, where in sorted(missing.items())))


def test_every_rule_of_the_working_spec_has_an_entry():
    """Every numbered rule of the project's rules notes has an entry (lessons may cite any)."""
    if not SPEC.is_file():
        pytest.skip("the rules notes are not available here")
    have = set(_anchors())
    missing = sorted(set(ID_RE.findall(SPEC.read_text(encoding="utf-8"))) - have)
    assert not missing, f"rules without an entry in docs/RULES.md: {', '.join(missing)}"


def test_anchors_are_unique_and_each_starts_its_entry():
    lines = _lines()
    anchors = _anchors()
    dupes = sorted({a for a in anchors if anchors.count(a) > 1})
    assert not dupes, f"anchors that appear more than once: {dupes}"
    bad = []
    for i, line in enumerate(lines):
        m = ANCHOR_LINE.match(line)
        if not m:
            continue
        nxt = lines[i + 1] if i + 1 < len(lines) else ""
        e = ENTRY_LINE.match(nxt)
        if not e or e.group(1) != m.group(1):
            bad.append(f"line {i + 1}: {m.group(1)} is followed by {nxt[:40]!r}")
    assert not bad, "every anchor must be followed by '**ID** · title': " + "; ".join(bad)


def test_every_entry_line_has_its_anchor_and_appears_once():
    lines = _lines()
    entries = [(i, m.group(1)) for i, line in enumerate(lines) if (m := ENTRY_LINE.match(line))]
    ids = [rid for _, rid in entries]
    assert len(ids) == len(set(ids)), f"entries given twice: {sorted({r for r in ids if ids.count(r) > 1})}"
    orphans = [rid for i, rid in entries if i == 0 or lines[i - 1] != f'<a id="{rid}"></a>']
    assert not orphans, f"entries without an anchor line right above them: {orphans}"
    assert sorted(ids) == sorted(_anchors())


def test_every_anchor_is_a_rule_id():
    ids = ANY_ANCHOR.findall(_text())
    assert len(ids) == len(_anchors()), "an <a id> that is not alone on its line"
    bad = [i for i in ids if not ID_RE.fullmatch(i)]
    assert not bad, f"anchors that are not rule IDs: {bad}"


def test_no_heading_carries_a_rule_id():
    """Headings make their own link targets; the <a id> lines are the only ones for rule IDs."""
    bad = [line for line in _lines() if line.startswith("#") and ID_RE.search(line)]
    assert not bad, f"headings with a rule ID: {bad}"


@pytest.mark.parametrize("word", BANNED)
def test_no_internal_words(word):
    hits = [f"line {no}: {line.strip()[:60]}" for no, line in enumerate(_lines(), 1)
            if re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", line, re.I)]
    assert not hits, f"internal word {word!r} in docs/RULES.md: {hits}"


@pytest.mark.parametrize("rid, setting", [
    ("TA-18", "tunnel_reveal"),        # 4-6 cards (the Team Asia text) vs 3 (Europe)
    ("TA-22", "team_bonuses"),
    ("H-6.3", "loco_terrain_value"),   # a Locomotive's worth as a Terrain card
    ("H-8.4", None),                   # Madagascar
    ("LA-12", None),                   # Asian Explorer ties
    ("H-5.4", "majority_check"),
    ("B-4.6", "max_consecutive_loco_resets"),
    ("EU-4", "station_points"),        # stations kept in the reserve vs built ones lending nothing
])
def test_uncertain_rules_carry_a_box(rid, setting):
    entry = _entry(rid)
    box = [line for line in entry.splitlines() if line.startswith(">")]
    assert box and box[0].startswith("> **Uncertain rule.**"), f"{rid} has no 'Uncertain rule' box"
    text = " ".join(box)
    if setting:
        assert f"`{setting}" in text, f"the box of {rid} does not name the setting {setting}"
    else:
        assert "no setting" in text.lower(), f"the box of {rid} should say that no setting changes it"


def test_every_setting_of_the_engine_is_documented():
    """Each named setting declared in ttr_nb/variants.py appears in the Settings table."""
    src = (ROOT / "ttr_nb" / "variants.py").read_text(encoding="utf-8")
    names = re.findall(r'^_policy\(\s*"([a-z0-9_]+)"', src, re.M)
    assert len(names) >= 10, "the settings of variants.py were not found"
    table = _text().split("\n## Settings", 1)
    assert len(table) == 2, "docs/RULES.md has no '## Settings' section"
    missing = [n for n in names if f"| `{n}`" not in table[1]]
    assert not missing, f"settings missing from the Settings table: {missing}"


def test_route_points_match_the_usa_board():
    """B-5.9 states the route table of the USA board file (1, 2, 4, 7, 10, 15)."""
    meta = json.loads((ROOT / "maps" / "usa.json").read_text(encoding="utf-8"))
    points = meta["route_points"]
    entry = " ".join(_entry("B-5.9").split())
    for length, pts in sorted(points.items(), key=lambda kv: int(kv[0])):
        unit = "space" if int(length) == 1 else "spaces"
        word = "point" if pts == 1 else "points"
        assert f"{length} {unit} {pts} {word}" in entry, f"B-5.9 does not say {length} {unit} -> {pts}"
