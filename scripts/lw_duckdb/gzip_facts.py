"""A dbt-duckdb plugin: gzip files read by Python's zlib, for the gzip streams DuckDB's own reader cannot survive.

DuckDB decompresses gzip only in its CSV reader, which stops the whole query at a deflate stream that breaks and at
invalid UTF-8, without naming the file (docs/decisions.md "Landing: unreadable files"). The profile's `duckdb` target
loads this plugin (`plugins:` and `module_paths:`), which registers two scalar functions on every connection:

- lw_gzip_facts(path VARCHAR) -> STRUCT(is_whole BOOLEAN, is_utf8 BOOLEAN, complete_lines BIGINT): whether every
  gzip member of the file ends with a valid trailer (CRC and size checked) and nothing but members follows; whether
  its complete lines (all of its text, when whole) are UTF-8; its line feeds read before it ends or breaks;
- lw_gzip_readable_text(path VARCHAR) -> VARCHAR: its text up to the last line feed read before it ends or breaks,
  without a leading byte-order mark (the lines of a broken stream that land; NULL when they are not UTF-8).

The file is decompressed in bounded pieces, never held whole; only lw_gzip_readable_text holds text, and
macros/cross_db/inspect_event_files.sql and read_event_lines.sql call it only for a stream that breaks.
"""
from __future__ import annotations

import codecs
import zlib
from typing import Any, Callable

from dbt.adapters.duckdb.plugins import BasePlugin
from duckdb import DuckDBPyConnection

READ_BYTES = 1 << 16  # compressed bytes read at a time
PIECE_BYTES = 1 << 20  # decompressed bytes produced at most per call (a gzip bomb stays bounded)
GZIP = 16 + zlib.MAX_WBITS  # a gzip header and trailer around the deflate stream
FACTS_TYPE = "STRUCT(is_whole BOOLEAN, is_utf8 BOOLEAN, complete_lines BIGINT)"


def decompress(path: str, on_piece: Callable[[bytes], None]) -> bool:
    """Give on_piece every decompressed piece of the gzip file at path, in order, up to where the stream ends or
    breaks; True when it is whole: every member ended with a valid trailer and nothing else follows the last."""
    member = zlib.decompressobj(wbits=GZIP)
    with open(path, "rb") as file:
        data = file.read(READ_BYTES)
        while data:
            before = member.copy()
            try:
                on_piece(member.decompress(data, PIECE_BYTES))
            except zlib.error:
                salvage(before, data, on_piece)
                return False
            if member.eof:
                data = member.unused_data or file.read(READ_BYTES)
                if data:  # another member (concatenated gzip files are one file), or bytes that are not gzip
                    member = zlib.decompressobj(wbits=GZIP)
            else:
                data = member.unconsumed_tail or file.read(READ_BYTES)
    if not member.eof:
        try:  # output zlib still holds after the last input (its end may not be decoded yet)
            on_piece(member.flush())
        except zlib.error:
            return False
    return member.eof


def salvage(member: Any, data: bytes, on_piece: Callable[[bytes], None]) -> None:
    """The call that broke loses its output: decompress its input again, a byte at a time, up to the bad byte."""
    for offset in range(len(data)):
        try:
            on_piece(member.decompress(data[offset:offset + 1]))
        except zlib.error:
            return


def gzip_facts(path: str) -> dict[str, Any]:
    """lw_gzip_facts: is_whole, is_utf8 and complete_lines of the gzip file at path."""
    decoder = codecs.getincrementaldecoder("utf-8")()
    lines = 0
    invalid_after: int | None = None  # line feeds before the first byte that is not UTF-8

    def count(piece: bytes) -> None:
        nonlocal lines, invalid_after
        if invalid_after is None:
            try:
                decoder.decode(piece)
            except UnicodeDecodeError as error:
                # error.start counts the bytes the decoder held back from the previous piece (at most 3)
                held = len(decoder.getstate()[0])
                invalid_after = lines + piece[:max(error.start - held, 0)].count(b"\n")
        lines += piece.count(b"\n")

    whole = decompress(path, count)
    if whole and invalid_after is None:
        try:
            decoder.decode(b"", final=True)
        except UnicodeDecodeError:
            invalid_after = lines
    # a broken stream's last piece (after its last line feed) never lands: a bad byte there does not count
    is_utf8 = invalid_after is None or (not whole and invalid_after == lines)
    return {"is_whole": whole, "is_utf8": is_utf8, "complete_lines": lines}


def gzip_readable_text(path: str) -> str | None:
    """lw_gzip_readable_text: the text of the gzip file at path up to its last line feed before the stream ends or
    breaks, without a leading byte-order mark (as DuckDB's and Spark's readers drop it); None when not UTF-8."""
    pieces: list[bytes] = []
    decompress(path, pieces.append)
    text = b"".join(pieces)
    pieces.clear()
    try:
        readable = str(memoryview(text)[:text.rfind(b"\n") + 1], "utf-8")
    except UnicodeDecodeError:
        return None
    return readable.removeprefix("\ufeff")


class Plugin(BasePlugin):
    """Registers lw_gzip_facts and lw_gzip_readable_text on each DuckDB connection dbt-duckdb opens."""

    def configure_connection(self, conn: DuckDBPyConnection) -> None:
        conn.create_function("lw_gzip_facts", gzip_facts, ["VARCHAR"], FACTS_TYPE)
        conn.create_function("lw_gzip_readable_text", gzip_readable_text, ["VARCHAR"], "VARCHAR")
