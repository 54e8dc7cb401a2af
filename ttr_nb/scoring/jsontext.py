"""Compact JSON text built directly (what a simulation stores for every game): the same text
as ``json.dumps(..., ensure_ascii=False, separators=(",", ":"))``, faster."""
from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Iterable

if TYPE_CHECKING:  # pragma: no cover
    from .lines import Line

_ENCODE = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
_STR = json.encoder.encode_basestring  # a JSON string, non-ASCII kept (ensure_ascii=False)


def jv(v: Any) -> str:
    """One JSON value, as ``json.dumps(v, ensure_ascii=False, separators=(",", ":"))``."""
    t = type(v)
    if t is str:
        return _STR(v)
    if t is int:
        return int.__repr__(v)
    if v is None:
        return "null"
    return _ENCODE(v)


def jlist(values: Iterable[Any]) -> str:
    return "[" + ",".join(map(jv, values)) + "]"


def line_json(line: "Line") -> str:
    """``line.to_dict()`` as compact JSON text."""
    kind, points, detail, routes, cities, ticket, rule, bonus = (
        line.kind, line.points, line.detail, line.routes, line.cities, line.ticket, line.rule,
        line.bonus)
    if (type(points) is int and type(kind) is str and type(detail) is str
            and type(rule) is str and (ticket is None or type(ticket) is str)
            and (bonus is None or type(bonus) is str)
            and all(type(r) is int for r in routes) and all(type(c) is str for c in cities)):
        return (f'{{"kind":{_STR(kind)},"points":{points},"detail":{_STR(detail)},'
                f'"routes":[{",".join(map(str, routes))}],'
                f'"cities":[{",".join(map(_STR, cities))}],'
                f'"ticket":{"null" if ticket is None else _STR(ticket)},"rule":{_STR(rule)},'
                f'"bonus":{"null" if bonus is None else _STR(bonus)}}}')
    return _ENCODE(line.to_dict())


__all__ = ["jv", "jlist", "line_json"]
