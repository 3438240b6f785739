"""The project's dbt-duckdb plugin (src/lineage_warehouse/duckdb_plugin/gzip_facts.py) on its own, without dbt:
what it says about whole, cut, broken and non-UTF-8 gzip streams, the lines it reads before a break, and that it
holds no stream whole. docs/decisions/landing-unreadable-files.md; the landing itself: tests/test_raw_landing.py."""
from __future__ import annotations

import gzip
import hashlib
import tracemalloc
import zlib
from pathlib import Path

import duckdb
import pytest

from lineage_warehouse.duckdb_plugin import gzip_facts as plugin
from lineage_warehouse.duckdb_plugin.gzip_facts import Plugin, gzip_facts, gzip_readable_text, plain_file_facts


def lines(count: int, start: int = 0) -> bytes:
    """Lines that compress poorly (so a few hundred make more than one read of compressed bytes)."""
    return b"".join(hashlib.sha256(str(n).encode()).hexdigest().encode() * 3 + b"\n"
                    for n in range(start, start + count))


def broken_after(head: bytes, rest: bytes) -> bytes:
    """A gzip stream of head, a block boundary, then a block header of a reserved type where rest's data starts."""
    compressor = zlib.compressobj(9, zlib.DEFLATED, 31)
    before = compressor.compress(head) + compressor.flush(zlib.Z_FULL_FLUSH)
    after = compressor.compress(rest) + compressor.flush()
    return before + b"\xff" + after[1:]


def write(tmp_path: Path, name: str, data: bytes) -> str:
    path = tmp_path / name
    path.write_bytes(data)
    return str(path)


def test_whole_streams(tmp_path: Path) -> None:
    text = "\ufeff".encode() + lines(3) + b"last line without a line feed"
    path = write(tmp_path, "whole.gz", gzip.compress(text))
    assert gzip_facts(path) == {"is_whole": True, "is_utf8": True, "complete_lines": 3, "has_long_line": False}
    assert gzip_readable_text(path) == lines(3).decode()  # no byte-order mark, up to the last line feed
    members = write(tmp_path, "members.gz", gzip.compress(lines(2)) + gzip.compress(lines(2, 2)))
    assert gzip_facts(members) == {"is_whole": True, "is_utf8": True, "complete_lines": 4, "has_long_line": False}


def test_a_stream_broken_in_the_middle_keeps_every_line_before_the_break(tmp_path: Path) -> None:
    head = lines(2000)  # ~390 kB compressing to well over one read (64 kB): the break is not in the first read
    path = write(tmp_path, "broken.gz", broken_after(head, lines(500, 2000)))
    assert gzip_facts(path) == {"is_whole": False, "is_utf8": True, "complete_lines": 2000, "has_long_line": False}
    assert gzip_readable_text(path) == head.decode()


def test_cut_streams_and_bytes_after_the_last_member(tmp_path: Path) -> None:
    whole = gzip.compress(lines(1000))
    cut = whole[: len(whole) // 2]
    readable = zlib.decompressobj(wbits=31).decompress(cut)
    path = write(tmp_path, "cut.gz", cut)
    assert gzip_facts(path) == {"is_whole": False, "is_utf8": True, "complete_lines": readable.count(b"\n"),
        "has_long_line": False}
    assert gzip_readable_text(path) == readable[: readable.rfind(b"\n") + 1].decode()
    trailing = write(tmp_path, "trailing.gz", gzip.compress(lines(2)) + bytes(8))
    assert gzip_facts(trailing) == {"is_whole": False, "is_utf8": True, "complete_lines": 2, "has_long_line": False}
    not_gzip = write(tmp_path, "plain.gz", lines(2))
    assert gzip_facts(not_gzip) == {"is_whole": False, "is_utf8": True, "complete_lines": 0, "has_long_line": False}


def test_utf8_of_the_lines_that_would_land(tmp_path: Path) -> None:
    invalid = write(tmp_path, "invalid.gz", gzip.compress(lines(2) + b'{"x": "\xff\xfe"}\n' + lines(2)))
    assert gzip_facts(invalid) == {"is_whole": True, "is_utf8": False, "complete_lines": 5, "has_long_line": False}
    assert gzip_readable_text(invalid) is None
    cut_character = write(tmp_path, "cut_character.gz", gzip.compress(lines(1) + "é".encode()[:1]))
    assert gzip_facts(cut_character)["is_utf8"] is False
    # a bad byte in the piece after the last line feed of a broken stream never lands, as on Spark
    in_last_piece = write(tmp_path, "in_last_piece.gz", broken_after(lines(3) + b'{"x": "\xff', lines(2)))
    assert gzip_facts(in_last_piece) == {"is_whole": False, "is_utf8": True, "complete_lines": 3,
        "has_long_line": False}
    in_a_line = write(tmp_path, "in_a_line.gz", broken_after(lines(3) + b'{"x": "\xff"}\n', lines(2)))
    assert gzip_facts(in_a_line) == {"is_whole": False, "is_utf8": False, "complete_lines": 4, "has_long_line": False}


def test_memory_stays_bounded(tmp_path: Path) -> None:
    """64 MB of text (a 64 kB file) is judged holding a few MB at most: pieces of 1 MB, never the whole text."""
    path = write(tmp_path, "bomb.gz", gzip.compress(b"\n" * (64 << 20)))
    tracemalloc.start()
    try:
        facts = gzip_facts(path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert facts == {"is_whole": True, "is_utf8": True, "complete_lines": 64 << 20, "has_long_line": False}
    assert peak < 8 << 20, peak


def test_the_plugin_registers_its_functions(tmp_path: Path) -> None:
    path = write(tmp_path, "broken.gz", broken_after(lines(3), lines(3, 3)))
    plain = write(tmp_path, "plain.jsonl", b'{"a": 1}\n')
    conn = duckdb.connect()
    Plugin("gzip_facts", {}).configure_connection(conn)
    row = conn.execute("select lw_gzip_facts(?), lw_gzip_readable_text(?), lw_plain_file_facts(?)",
                       [path, path, plain]).fetchone()
    assert row == ({"is_whole": False, "is_utf8": True, "complete_lines": 3, "has_long_line": False}, lines(3).decode(),
                   {"file_bytes": 9, "head_hex": "7B2261", "is_utf8": True, "line_feeds": 1, "is_line_stream": True})


def test_plain_file_line_stream_rules(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/decisions/landing-files-larger-than-memory.md: a plain file is a line stream (DuckDB's line reader
    gives exactly its line-feed split) unless it holds a carriage return, a byte-order mark, invalid UTF-8, the
    reader's delimiter (also across two reads), a line over the reader's limit, or may be one JSON document (no
    final line feed, and its first non-blank line is not a whole JSON value or is its only one)."""
    monkeypatch.setattr(plugin, "PLAIN_READ_BYTES", 4)  # many small reads: facts that straddle two reads
    monkeypatch.setattr(plugin, "LINE_READER_MAX_LINE_BYTES", 20)
    cases = {
        b'{"a": 1}\n\n  \n{"b": 2}\n': True,
        b'\n{"a": 1}\n{"b": 2': True,  # a last line still being written: its first line is a value
        b'{"a":\n 1}': False,  # pretty-printed, no final line feed: may be one document
        b'  \n{"a": 1}': False,  # one non-blank line without a line feed: may be one document
        b'{"a": 1}\r\n': False,
        b'\xef\xbb\xbf{"a": 1}\n': False,
        b'{"a": "\xff"}\n': False,
        b'{"a": "x\x1e\x1f\x1d\x1cy"}\n': False,
        b'{"a": "' + b"x" * 20 + b'"}\n': False,
        b'[NaN]\n': True,  # ends with a line feed: every line is a line
        b'NaN\n{"a": 1}': False,  # NaN is not JSON: may be one document
    }
    for number, (data, streamable) in enumerate(cases.items()):
        facts = plain_file_facts(write(tmp_path, f"{number}.jsonl", data))
        assert facts["is_line_stream"] is streamable, data
        assert (facts["file_bytes"], facts["line_feeds"]) == (len(data), data.count(b"\n")), data
        assert facts["head_hex"] == data[:3].hex().upper() and facts["is_utf8"] is (b"\xff" not in data), data
