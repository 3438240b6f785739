"""The collector's HTTP application (Starlette): request checks, body decoding, and the routes.

POST /api/v1/lineage (and /api/v1/lineage/batch) takes one event, a JSON array of events, or {"events": [...]}
and answers 200 {"accepted": N} only once every event is fsynced (landing.GroupCommitter). Each refused request
gets a JSON body {"error": code, "message": text}: 400 not JSON, 401 no valid bearer token, 413 too large (also
after gzip decoding), 415 wrong content type or encoding, 503 storage failed.
"""
from __future__ import annotations

import asyncio
import contextlib
import hmac
import json
import logging
import re
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, AsyncIterator

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from .landing import GroupCommitter, Rotation, SegmentWriter, StorageError, recover

log = logging.getLogger("lw_collector")

JSON_TYPES = ("application/json",)
INLINE_DECODE_BYTES = 256 * 1024


@dataclass(frozen=True)
class Settings:
    out_dir: Path
    rotation: Rotation
    max_body_bytes: int
    max_decoded_bytes: int
    tokens: tuple[bytes, ...] = field(default=(), repr=False)


class Refused(Exception):
    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message


def error(status: int, code: str, message: str, headers: dict[str, str] | None = None) -> JSONResponse:
    return JSONResponse({"error": code, "message": message}, status_code=status, headers=headers)


def bearer_token_ok(header: str | None, tokens: tuple[bytes, ...]) -> bool:
    scheme, _, token = (header or "").partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        return False
    given = token.strip().encode()
    matched = False
    for known in tokens:  # compare with every token, in constant time each
        matched |= hmac.compare_digest(given, known)
    return matched


def check_content_type(content_type: str | None) -> None:
    media = (content_type or "").split(";", 1)[0].strip().lower()
    if media not in JSON_TYPES and not (media.startswith("application/") and media.endswith("+json")):
        raise Refused(415, "unsupported_media_type",
                      f"Content-Type must be application/json, got {content_type or 'none'!r}")


def content_is_gzip(encoding: str | None) -> bool:
    codings = [c.strip().lower() for c in (encoding or "").split(",") if c.strip()]
    codings = [c for c in codings if c != "identity"]
    if not codings:
        return False
    if codings in (["gzip"], ["x-gzip"]):
        return True
    raise Refused(415, "unsupported_content_encoding", f"Content-Encoding {encoding!r}: only gzip is accepted")


async def read_body(request: Request, limit: int) -> bytes:
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit:
        raise Refused(413, "body_too_large", f"body of {declared} bytes is over the limit of {limit} bytes")
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise Refused(413, "body_too_large", f"body is over the limit of {limit} bytes")
        chunks.append(chunk)
    return b"".join(chunks)


def gunzip(data: bytes, limit: int) -> bytes:
    """Decode a gzip body (every member), refusing it as soon as the output passes `limit` bytes."""
    out: list[bytes] = []
    size = 0
    rest = data
    while True:
        decoder = zlib.decompressobj(wbits=16 + zlib.MAX_WBITS)
        try:
            piece = decoder.decompress(rest, limit - size + 1)
        except zlib.error as exc:
            raise Refused(400, "bad_gzip", f"body is not valid gzip: {exc}") from None
        size += len(piece)
        if size > limit:
            raise Refused(413, "decoded_body_too_large", f"gzip body decodes past the limit of {limit} bytes")
        out.append(piece)
        if not decoder.eof:
            raise Refused(400, "bad_gzip", "gzip body is truncated")
        rest = decoder.unused_data
        if not rest.strip(b"\0"):
            return b"".join(out)


def _no_constants(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


_DECODER = json.JSONDecoder(parse_constant=_no_constants)
_WS = re.compile(r"[ \t\n\r]*")
_EVENTS_BATCH = re.compile(r'\{[ \t\n\r]*"events"[ \t\n\r]*:[ \t\n\r]*(?=\[)')


def skip_ws(text: str, pos: int) -> int:
    """The position of the first non-whitespace character at or after pos (len(text) if none)."""
    return _WS.match(text, pos).end()  # type: ignore[union-attr]  # the pattern matches the empty string


def compact_line(value: Any) -> bytes:
    """One JSON value as one line: compact, UTF-8; escaped only where a lone surrogate forces it."""
    try:
        return json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode("utf-8") + b"\n"
    except UnicodeEncodeError:
        return json.dumps(value, separators=(",", ":")).encode("ascii") + b"\n"


def as_line(raw: str | None, value: Any) -> bytes:
    """The line for one event: its own text when that is already one line, else compact JSON."""
    if raw is None or "\n" in raw or "\r" in raw:
        return compact_line(value)
    return raw.encode("utf-8") + b"\n"


def array_elements(text: str, pos: int) -> tuple[list[tuple[str | None, Any]], int]:
    """Each element of the JSON array opening at text[pos], as (its text, its value), and the end position."""
    elements: list[tuple[str | None, Any]] = []
    pos = skip_ws(text, pos + 1)
    if text.startswith("]", pos):
        return elements, pos + 1
    while True:
        value, end = _DECODER.raw_decode(text, pos)
        elements.append((text[pos:end], value))
        pos = skip_ws(text, end)
        if text.startswith("]", pos):
            return elements, pos + 1
        if not text.startswith(",", pos):
            raise json.JSONDecodeError("Expecting ',' delimiter", text, pos)
        pos = skip_ws(text, pos + 1)


def batch_elements(text: str) -> list[tuple[str | None, Any]] | None:
    """The elements of a batch body (a JSON array, or an object whose only key is "events", an array), or None
    when the body is one event."""
    start = skip_ws(text, 0)
    if text.startswith("[", start):
        elements, end = array_elements(text, start)
        if skip_ws(text, end) != len(text):
            raise json.JSONDecodeError("Extra data", text, end)
        return elements
    wrapper = _EVENTS_BATCH.match(text, start)
    if wrapper:
        try:
            elements, end = array_elements(text, wrapper.end())
        except ValueError:
            return None  # not a well-formed batch: parsed as one value below, which reports the error
        end = skip_ws(text, end)
        if text.startswith("}", end) and skip_ws(text, end + 1) == len(text):
            return elements
    return None


def event_lines(body: bytes) -> tuple[bytes, int]:
    """The lines to land for a body, and how many events they are (docs/decisions/README.md#collector)."""
    try:
        text = body.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as exc:
        raise Refused(400, "not_json", f"body is not UTF-8: {exc}") from None
    try:
        elements = batch_elements(text)
        if elements is None:
            value = _DECODER.decode(text)
            if isinstance(value, dict) and value.keys() == {"events"} and isinstance(value["events"], list):
                elements = [(None, item) for item in value["events"]]  # "events" spelled with escapes
            else:
                return as_line(text.strip(), value), 1
    except (ValueError, RecursionError) as exc:
        raise Refused(400, "not_json", f"body is not JSON: {exc}") from None
    for index, (_, value) in enumerate(elements):
        if isinstance(value, list):
            raise Refused(400, "nested_array", f"element {index} of the batch is an array, not an event")
    return b"".join(as_line(raw, value) for raw, value in elements), len(elements)


def decode(body: bytes, gzipped: bool, max_decoded_bytes: int) -> tuple[bytes, int]:
    return event_lines(gunzip(body, max_decoded_bytes) if gzipped else body)


def create_app(settings: Settings) -> Starlette:
    committer: GroupCommitter | None = None
    counters = {"events": 0, "requests": 0}

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        nonlocal committer
        settings.out_dir.mkdir(parents=True, exist_ok=True)
        report = recover(settings.out_dir)
        if report.busy:
            log.info("recovery: %d open segments belong to live writers", len(report.busy))
        committer = GroupCommitter(SegmentWriter(settings.out_dir, settings.rotation))
        committer.start()
        try:
            yield
        finally:
            await committer.stop()

    async def lineage(request: Request) -> Response:
        try:
            if settings.tokens and not bearer_token_ok(request.headers.get("authorization"), settings.tokens):
                return error(401, "unauthorized", "a valid bearer token is required",
                             {"WWW-Authenticate": "Bearer"})
            check_content_type(request.headers.get("content-type"))
            gzipped = content_is_gzip(request.headers.get("content-encoding"))
            body = await read_body(request, settings.max_body_bytes)
            if len(body) > INLINE_DECODE_BYTES:  # a big body is decoded off the event loop
                lines, count = await asyncio.to_thread(decode, body, gzipped, settings.max_decoded_bytes)
            else:
                lines, count = decode(body, gzipped, settings.max_decoded_bytes)
        except Refused as refused:
            headers = {"Connection": "close"} if refused.status == 413 else None  # do not read the rest of it
            return error(refused.status, refused.code, refused.message, headers)
        except ClientDisconnect:
            return error(400, "client_disconnected", "the client went away before the body was complete")
        if count:
            assert committer is not None
            try:
                await committer.append(lines)
            except StorageError as exc:
                return error(503, "storage_unavailable", f"events not stored, retry later: {exc}")
        counters["events"] += count
        counters["requests"] += 1
        return JSONResponse({"accepted": count})

    async def health(request: Request) -> Response:
        ok = committer is not None and committer.healthy
        body = {"status": "ok" if ok else "writer_stopped", "acknowledged_events": counters["events"],
                "acknowledged_requests": counters["requests"],
                "group_commits": committer.commits if committer else 0,
                "closed_files": committer.writer.closed_files if committer else 0}
        return JSONResponse(body, status_code=200 if ok else 503)

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        return error(exc.status_code, "http_error", str(exc.detail), dict(exc.headers or {}))

    async def server_error(request: Request, exc: Exception) -> Response:
        log.exception("unexpected error on %s %s", request.method, request.url.path)
        return error(500, "internal_error", "unexpected error; nothing was acknowledged")

    return Starlette(
        routes=[
            Route("/api/v1/lineage", lineage, methods=["POST"]),
            Route("/api/v1/lineage/batch", lineage, methods=["POST"]),
            Route("/health", health, methods=["GET"]),
        ],
        exception_handlers={HTTPException: http_error, Exception: server_error},
        lifespan=lifespan,
    )
