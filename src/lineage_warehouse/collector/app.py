"""The collector's HTTP application (Starlette): request checks, body decoding, validation, and the routes.

POST /api/v1/lineage (and /api/v1/lineage/batch) takes one event, a JSON array of events, or {"events": [...]}
and answers 200 {"accepted": N} only once every event is fsynced (landing.GroupCommitter), and only when every
item is an OpenLineage event by the build's own rules (event_rules). Each refused request gets a JSON body
{"error": code, "message": text}: 400 not JSON or not an event (the code is the build's quarantine reason; a batch
lists each bad item under "rejected" and stores none), 401 no valid bearer token, 413 too large (also after gzip
decoding), 415 wrong content type or encoding, 503 storage failed. GET /metrics serves Prometheus metrics
(metrics.py); every request gets one access-log line (Observed). docs/collector.md has the details.
"""
from __future__ import annotations

import asyncio
import contextlib
import hmac
import json
import logging
import logging.handlers
import re
import sys
import time
import zlib
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, AsyncIterator, Awaitable, Callable, MutableMapping

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from . import event_rules
from .landing import GroupCommitter, Rotation, SegmentWriter, StorageError, recover
from .metrics import CONTENT_TYPE, Metrics, Sampled

log = logging.getLogger("lw_collector")

JSON_TYPES = ("application/json",)
INLINE_DECODE_BYTES = 256 * 1024
REJECTED_LISTED = 100  # a refused batch's answer lists at most this many bad items (and says how many there are)
ROUTES = ("/api/v1/lineage", "/api/v1/lineage/batch", "/health", "/metrics")


@dataclass(frozen=True)
class Settings:
    out_dir: Path
    rotation: Rotation
    max_body_bytes: int
    max_decoded_bytes: int
    tokens: tuple[bytes, ...] = field(default=(), repr=False)
    # where the access log goes: "-" is stderr, None is nowhere, else a file (appended; reopened when rotated away)
    access_log: str | None = "-"


class Refused(Exception):
    """A request answered 4xx: its code and message, and for a body with items that are no event, each bad item's
    (index in the batch or None for a single body, reason code)."""

    def __init__(self, status: int, code: str, message: str,
                 rejected: list[tuple[int | None, str]] | None = None) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message
        self.rejected = rejected or []

    def body(self) -> dict[str, Any]:
        answer: dict[str, Any] = {"error": self.code, "message": self.message}
        if self.rejected and self.rejected[0][0] is not None:
            answer["rejected"] = [{"index": index, "reason": reason, "message": event_rules.description(reason)}
                                  for index, reason in self.rejected[:REJECTED_LISTED]]
            answer["rejected_count"] = len(self.rejected)
        return answer


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


_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")  # UTF-8 decoding gives no surrogate: only an escape does


def event_lines(body: bytes) -> tuple[bytes, int]:
    """The lines to land for a body, and how many events they are (docs/collector.md). Refused (400) unless the
    body is JSON and every item of it is an OpenLineage event (event_rules): a batch is stored whole or not at all."""
    try:
        text = body.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as exc:
        raise Refused(400, "not_json", f"body is not UTF-8: {exc}") from None
    surrogates = _SURROGATE_ESCAPE.search(text) is not None
    try:
        elements = batch_elements(text)
        if elements is None:
            value = _DECODER.decode(text)
            if isinstance(value, dict) and value.keys() == {"events"} and isinstance(value["events"], list):
                elements = [(None, item) for item in value["events"]]  # "events" spelled with escapes
            else:
                code = event_rules.reason(value, surrogates)
                if code is not None:
                    raise Refused(400, code, f"not an OpenLineage event: {event_rules.description(code)}",
                                  [(None, code)])
                return as_line(text.strip(), value), 1
    except (ValueError, RecursionError) as exc:
        raise Refused(400, "not_json", f"body is not JSON: {exc}") from None
    if not elements:
        raise Refused(400, "empty_batch", "the batch holds no event")
    rejected = [(index, code) for index, (_, value) in enumerate(elements)
                if (code := event_rules.reason(value, surrogates)) is not None]
    if rejected:
        raise Refused(400, "invalid_batch", f"{len(rejected)} of the batch's {len(elements)} items are no "
                      "OpenLineage event (see rejected); none of the batch was stored", rejected)
    return b"".join(as_line(raw, value) for raw, value in elements), len(elements)


def decode(body: bytes, gzipped: bool, max_decoded_bytes: int) -> tuple[bytes, int]:
    return event_lines(gunzip(body, max_decoded_bytes) if gzipped else body)


# ------------------------------------------------------------------------------------------------------------
# Access log and request metrics
# ------------------------------------------------------------------------------------------------------------

_PLAIN = re.compile(r"[A-Za-z0-9/._~:@!$&'()*+,;=%-]+")


def logfmt_value(value: str) -> str:
    """A value as it is when it is one plain token, else quoted with JSON escapes (no space, quote or control
    character of a path can break the line)."""
    return value if _PLAIN.fullmatch(value) else json.dumps(value)


@dataclass
class Exchange:
    """What a handler tells the access log and the metrics about its request."""

    events: int = 0  # events acknowledged
    rejected: list[str] = field(default_factory=list)  # the reason of each item that is no event
    error: str | None = None  # the error code of a refusal


def exchange_of(request: Request) -> Exchange:
    found = request.scope.get("lw_exchange")
    return found if isinstance(found, Exchange) else Exchange()


def access_logger(target: str | None) -> logging.Logger | None:
    """A logger of its own (not the module's: each app has its own) writing bare lines to stderr or a file."""
    if target is None:
        return None
    logger = logging.Logger("lw_collector.access", logging.INFO)
    handler: logging.Handler
    if target == "-":
        handler = logging.StreamHandler(sys.stderr)
    else:
        Path(target).parent.mkdir(parents=True, exist_ok=True)
        handler = logging.handlers.WatchedFileHandler(target, encoding="utf-8")
    handler.setFormatter(logging.Formatter("%(message)s"))
    logger.addHandler(handler)
    return logger


def route_of(path: str) -> str:
    """The metrics label of a path: a known route, else "other" (unknown paths must not grow the series)."""
    return path if path in ROUTES else "other"


Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]


class Observed:
    """ASGI middleware: one access-log line and the request metrics per HTTP request, recorded just before the
    last byte of the answer is sent (so a client that has its answer finds it counted in /metrics)."""

    def __init__(self, app: Any, metrics: Metrics, logger: logging.Logger | None) -> None:
        self.app, self.metrics, self.logger = app, metrics, logger

    async def __call__(self, scope: MutableMapping[str, Any], receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        exchange = Exchange()
        scope["lw_exchange"] = exchange
        received = 0
        status = 0
        recorded = False

        async def counting_receive() -> MutableMapping[str, Any]:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
            return message

        def record(code: int) -> None:
            nonlocal recorded
            if not recorded:
                recorded = True
                self.record(scope, exchange, code, received, time.perf_counter() - started)

        async def observing_send(message: MutableMapping[str, Any]) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = int(message["status"])
            elif message["type"] == "http.response.body" and not message.get("more_body", False):
                record(status)
            await send(message)

        try:
            await self.app(scope, counting_receive, observing_send)
        finally:
            record(status or 500)

    def record(self, scope: MutableMapping[str, Any], exchange: Exchange, status: int, received: int,
               seconds: float) -> None:
        metrics = self.metrics
        path = scope.get("path", "")
        metrics.requests.inc(route_of(path), str(status))
        metrics.received_bytes.inc(amount=received)
        if status >= 400:
            metrics.refused.inc(exchange.error or f"http_{status}")
        metrics.events_accepted.inc(amount=exchange.events)
        for code in exchange.rejected:
            metrics.events_rejected.inc(code)
        if self.logger is not None:
            client = scope.get("client")
            now = datetime.now(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")
            self.logger.info(
                "time=%s client=%s method=%s path=%s status=%d events=%d rejected=%d bytes=%d ms=%.2f error=%s",
                now, client[0] if client else "-", logfmt_value(scope.get("method", "-")), logfmt_value(path),
                status, exchange.events, len(exchange.rejected), received, seconds * 1000, exchange.error or "-")


# ------------------------------------------------------------------------------------------------------------
# The application
# ------------------------------------------------------------------------------------------------------------

def refusal(request: Request, status: int, code: str, message: str,
            headers: dict[str, str] | None = None) -> JSONResponse:
    exchange_of(request).error = code
    return error(status, code, message, headers)


def create_app(settings: Settings) -> Any:
    """The Starlette application, wrapped in the access log and metrics middleware."""
    committer: GroupCommitter | None = None
    counters = {"events": 0, "requests": 0}
    metrics = Metrics(event_rules.RULES.reasons)

    def writer() -> SegmentWriter | None:
        return committer.writer if committer is not None else None

    metrics.sampled += [
        Sampled("lw_collector_writer_up", "1 while the writer task runs, else 0 (GET /health answers 503).",
                lambda: 1.0 if committer is not None and committer.healthy else 0.0),
        Sampled("lw_collector_group_commits_total", "Group commits (one write and one fsync each).",
                lambda: float(committer.commits) if committer is not None else 0.0, kind="counter"),
        Sampled("lw_collector_closed_files_total", "Files closed into the landing glob by this process.",
                lambda: float(w.closed_files) if (w := writer()) else 0.0, kind="counter"),
        Sampled("lw_collector_open_segment_age_seconds",
                "Seconds since the open file was opened (0 when none is open); it closes at --max-file-age.",
                lambda: w.open_age() if (w := writer()) else 0.0),
        Sampled("lw_collector_open_segment_bytes", "Bytes in the open file (0 when none is open).",
                lambda: float(w.size) if (w := writer()) and w.fd is not None else 0.0),
    ]

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        nonlocal committer
        settings.out_dir.mkdir(parents=True, exist_ok=True)
        report = recover(settings.out_dir)
        if report.busy:
            log.info("recovery: %d open segments belong to live writers", len(report.busy))
        committer = GroupCommitter(SegmentWriter(settings.out_dir, settings.rotation, metrics.fsync.observe))
        committer.start()
        try:
            yield
        finally:
            await committer.stop()

    async def lineage(request: Request) -> Response:
        exchange = exchange_of(request)
        try:
            if settings.tokens and not bearer_token_ok(request.headers.get("authorization"), settings.tokens):
                return refusal(request, 401, "unauthorized", "a valid bearer token is required",
                               {"WWW-Authenticate": "Bearer"})
            check_content_type(request.headers.get("content-type"))
            gzipped = content_is_gzip(request.headers.get("content-encoding"))
            body = await read_body(request, settings.max_body_bytes)
            if len(body) > INLINE_DECODE_BYTES:  # a big body is decoded off the event loop
                lines, count = await asyncio.to_thread(decode, body, gzipped, settings.max_decoded_bytes)
            else:
                lines, count = decode(body, gzipped, settings.max_decoded_bytes)
        except Refused as refused:
            exchange.error, exchange.rejected = refused.code, [code for _, code in refused.rejected]
            headers = {"Connection": "close"} if refused.status == 413 else None  # do not read the rest of it
            return JSONResponse(refused.body(), status_code=refused.status, headers=headers)
        except ClientDisconnect:
            return refusal(request, 400, "client_disconnected", "the client went away before the body was complete")
        assert committer is not None
        try:
            await committer.append(lines)
        except StorageError as exc:
            return refusal(request, 503, "storage_unavailable", f"events not stored, retry later: {exc}")
        counters["events"] += count
        counters["requests"] += 1
        exchange.events = count
        return JSONResponse({"accepted": count})

    async def health(request: Request) -> Response:
        ok = committer is not None and committer.healthy
        body = {"status": "ok" if ok else "writer_stopped", "acknowledged_events": counters["events"],
                "acknowledged_requests": counters["requests"],
                "group_commits": committer.commits if committer else 0,
                "closed_files": committer.writer.closed_files if committer else 0}
        if not ok:
            exchange_of(request).error = "writer_stopped"
        return JSONResponse(body, status_code=200 if ok else 503)

    async def metrics_page(request: Request) -> Response:
        return Response(metrics.render(), media_type=CONTENT_TYPE)

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        return refusal(request, exc.status_code, "http_error", str(exc.detail), dict(exc.headers or {}))

    async def server_error(request: Request, exc: Exception) -> Response:
        log.exception("unexpected error on %s %s", request.method, request.url.path)
        return refusal(request, 500, "internal_error", "unexpected error; nothing was acknowledged")

    app = Starlette(
        routes=[
            Route("/api/v1/lineage", lineage, methods=["POST"]),
            Route("/api/v1/lineage/batch", lineage, methods=["POST"]),
            Route("/health", health, methods=["GET"]),
            Route("/metrics", metrics_page, methods=["GET"]),
        ],
        exception_handlers={HTTPException: http_error, Exception: server_error},
        lifespan=lifespan,
    )
    return Observed(app, metrics, access_logger(settings.access_log))
