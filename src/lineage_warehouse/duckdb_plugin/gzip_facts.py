"""A dbt-duckdb plugin: gzip files read by Python's zlib, for the gzip streams DuckDB's own reader cannot survive.

DuckDB decompresses gzip only in its CSV reader, which stops the whole query at a deflate stream that breaks and at
invalid UTF-8, without naming the file (docs/decisions/landing-unreadable-files.md). The profile's `duckdb` target
loads this plugin (`plugins:` and `module_paths:`), which registers two scalar functions on every connection:

- lw_gzip_facts(path VARCHAR) -> STRUCT(is_whole BOOLEAN, is_utf8 BOOLEAN, complete_lines BIGINT,
  has_long_line BOOLEAN): whether every gzip member of the file ends with a valid trailer (CRC and size checked) and
  nothing but members follows; whether its complete lines (all of its text, when whole) are UTF-8; its line feeds
  read before it ends or breaks; whether a line of it is longer than DuckDB's line reader takes (16 MiB: the file is
  then read in buffers as large as the longest line allowed, docs/decisions/landing-files-larger-than-memory.md);
- lw_gzip_readable_text(path VARCHAR) -> VARCHAR: its text up to the last line feed read before it ends or breaks,
  without a leading byte-order mark (the lines of a broken stream that land; NULL when they are not UTF-8);
- lw_plain_file_facts(path VARCHAR) -> STRUCT(file_bytes BIGINT, head_hex VARCHAR, is_utf8 BOOLEAN,
  line_feeds BIGINT, is_line_stream BOOLEAN): what landing must know of a plain file too large to read whole
  (docs/decisions/landing-files-larger-than-memory.md), read in bounded pieces.

The file is decompressed in bounded pieces, never held whole; only lw_gzip_readable_text holds text, and
macros/cross_db/inspect_event_files.sql and read_event_lines.sql call it only for a stream that breaks.
"""
from __future__ import annotations

import codecs
import json
import zlib
from typing import Any, Callable

from dbt.adapters.duckdb.plugins import BasePlugin
from duckdb import DuckDBPyConnection

READ_BYTES = 1 << 16  # compressed bytes read at a time
PIECE_BYTES = 1 << 20  # decompressed bytes produced at most per call (a gzip bomb stays bounded)
GZIP = 16 + zlib.MAX_WBITS  # a gzip header and trailer around the deflate stream
FACTS_TYPE = "STRUCT(is_whole BOOLEAN, is_utf8 BOOLEAN, complete_lines BIGINT, has_long_line BOOLEAN)"
PLAIN_FACTS_TYPE = ("STRUCT(file_bytes BIGINT, head_hex VARCHAR, is_utf8 BOOLEAN, line_feeds BIGINT,"
                    " is_line_stream BOOLEAN)")
PLAIN_READ_BYTES = 1 << 24  # bytes of a plain file read at a time
# the column delimiter of DuckDB's line reader (macros/cross_db/read_event_lines.sql): a file holding it is read whole
LINE_READER_DELIMITER = b"\x1e\x1f\x1d\x1c"
LINE_READER_MAX_LINE_BYTES = 1 << 24  # its max_line_size: a file with a longer line is read whole
UTF8_BOM = b"\xef\xbb\xbf"
BLANK = b" \t\n\r"
FIRST_LINE_BYTES = 1 << 26  # a first line longer than this is taken as not a whole JSON value


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
    """lw_gzip_facts: is_whole, is_utf8, complete_lines and has_long_line of the gzip file at path."""
    decoder = codecs.getincrementaldecoder("utf-8")()
    lines = 0
    invalid_after: int | None = None  # line feeds before the first byte that is not UTF-8
    open_line, has_long_line = 0, False  # bytes of the line being read; whether a line was over the reader's limit

    def count(piece: bytes) -> None:
        nonlocal lines, invalid_after, open_line, has_long_line
        # a line within a piece of at most PIECE_BYTES is short: only a line feed's distance from the line open
        # before the piece, and the line left open after it, can be long (zlib's last flush may be larger)
        if len(piece) > LINE_READER_MAX_LINE_BYTES:
            open_line, longest = line_lengths(piece, open_line, 0)
            has_long_line = has_long_line or longest > LINE_READER_MAX_LINE_BYTES
        elif (first_feed := piece.find(b"\n")) < 0:
            open_line += len(piece)
        else:
            has_long_line = has_long_line or open_line + first_feed > LINE_READER_MAX_LINE_BYTES
            open_line = len(piece) - piece.rfind(b"\n") - 1
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
    return {"is_whole": whole, "is_utf8": is_utf8, "complete_lines": lines,
            "has_long_line": has_long_line or open_line > LINE_READER_MAX_LINE_BYTES}


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


def plain_file_facts(path: str) -> dict[str, Any]:
    """lw_plain_file_facts: the size and first bytes (hex) of the plain file at path, whether it is UTF-8, its line
    feeds, and whether DuckDB's line reader returns exactly its lines split on line feeds (is_line_stream): UTF-8,
    no carriage return (that reader also ends a line there), no byte-order mark (it drops one), not the reader's
    delimiter, no line longer than that reader's limit, and not possibly one JSON document (a file without a final
    line feed whose first non-blank line is not a whole JSON value, or is its only one, may be one: it is read
    whole, as the rules say)."""
    decoder = codecs.getincrementaldecoder("utf-8")()
    size, head, line_feeds, is_utf8, clean, carry, last = 0, b"", 0, True, True, b"", b""
    line_bytes, longest_line = 0, 0  # bytes of the line being read, and of the longest line so far
    first_line = bytearray()  # the first non-blank line, up to FIRST_LINE_BYTES
    first_line_done, later_non_blank = False, False
    with open(path, "rb") as file:
        while piece := file.read(PLAIN_READ_BYTES):
            size += len(piece)
            head = (head + piece[:3])[:3]
            line_feeds += piece.count(b"\n")
            line_bytes, longest_line = line_lengths(piece, line_bytes, longest_line)
            window = carry + piece  # a delimiter may straddle two pieces
            clean = clean and b"\r" not in piece and LINE_READER_DELIMITER not in window
            carry, last = window[-(len(LINE_READER_DELIMITER) - 1):], piece[-1:]
            rest = piece
            while not first_line_done and rest:
                line, feed, rest = rest.partition(b"\n")
                first_line += line[:FIRST_LINE_BYTES - len(first_line)]
                if feed:
                    first_line_done = bool(first_line.strip(BLANK))
                    if not first_line_done:
                        first_line.clear()
            later_non_blank = later_non_blank or (first_line_done and bool(rest.strip(BLANK)))
            if is_utf8:
                try:
                    decoder.decode(piece)
                except UnicodeDecodeError:
                    is_utf8 = False
    if is_utf8:
        try:
            decoder.decode(b"", final=True)
        except UnicodeDecodeError:
            is_utf8 = False
    ends_with_line_feed = last == b"\n"
    may_be_one_document = not ends_with_line_feed and (not later_non_blank or not is_json_value(bytes(first_line)))
    streamable = (clean and is_utf8 and not head.startswith(UTF8_BOM) and not may_be_one_document
                  and max(longest_line, line_bytes) <= LINE_READER_MAX_LINE_BYTES)
    return {"file_bytes": size, "head_hex": head.hex().upper(), "is_utf8": is_utf8, "line_feeds": line_feeds,
            "is_line_stream": streamable}


def line_lengths(piece: bytes, line_bytes: int, longest_line: int) -> tuple[int, int]:
    """The bytes of the line still open after piece (line_bytes: of the line open before it) and the longest line
    ended so far."""
    start = 0
    while (feed := piece.find(b"\n", start)) >= 0:
        longest_line = max(longest_line, line_bytes + feed - start)
        line_bytes, start = 0, feed + 1
    return line_bytes + len(piece) - start, longest_line


def is_json_value(text: bytes) -> bool:
    """Whether text is one whole JSON value (NaN and Infinity are not JSON)."""
    def not_json(constant: str) -> None:
        raise ValueError(constant)
    try:
        json.loads(text, parse_constant=not_json)
    except ValueError:
        return False
    return True


class Plugin(BasePlugin):
    """Registers lw_gzip_facts, lw_gzip_readable_text and lw_plain_file_facts on each DuckDB connection dbt-duckdb
    opens."""

    def configure_connection(self, conn: DuckDBPyConnection) -> None:
        conn.create_function("lw_gzip_facts", gzip_facts, ["VARCHAR"], FACTS_TYPE)
        conn.create_function("lw_gzip_readable_text", gzip_readable_text, ["VARCHAR"], "VARCHAR")
        conn.create_function("lw_plain_file_facts", plain_file_facts, ["VARCHAR"], PLAIN_FACTS_TYPE)
