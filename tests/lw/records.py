"""The record rules of the landing zone, in Python, as the tests' independent oracle.

A file is read as one JSON document when its first non-blank line is not a complete JSON value on its own (or is
an array) and the whole text is valid JSON; a document that is an array yields one record per element. Otherwise
every non-blank line is a record. See docs/decisions/landing-what-a-line-is.md.
"""
from __future__ import annotations

import gzip
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

_WS = " \t\r\n"


@dataclass(frozen=True)
class Record:
    line_number: int
    element_index: int | None
    text: str


def read_text(path: Path) -> str:
    data = path.read_bytes()
    if path.name.endswith(".gz"):
        data = gzip.decompress(data)
    return data.decode("utf-8")


def physical_lines(path: Path) -> list[tuple[int, str]]:
    """(line number, text) of every non-blank line, carriage returns at the end removed."""
    text = read_text(path)
    pieces = text.split("\n")
    if pieces and pieces[-1] == "":
        pieces.pop()
    result = []
    for number, piece in enumerate(pieces, start=1):
        if piece.endswith("\r"):
            piece = piece[:-1]
        if piece.strip(_WS):
            result.append((number, piece))
    return result


def _parse(text: str) -> tuple[bool, Any]:
    try:
        return True, json.loads(text)
    except ValueError:
        return False, None


def records(path: Path) -> list[Record]:
    lines = physical_lines(path)
    if not lines:
        return []
    first_ok, first_value = _parse(lines[0][1])
    if not first_ok or isinstance(first_value, list):
        document = "\n".join(text for _, text in lines)
        ok, value = _parse(document)
        if ok:
            if isinstance(value, list):
                return [Record(lines[0][0], i, json.dumps(v)) for i, v in enumerate(value)]
            return [Record(lines[0][0], None, document)]
    return [Record(number, None, text) for number, text in lines]
