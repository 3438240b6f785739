"""A collector subprocess on a loopback port, the collector app in-process, and small HTTP helpers for the
collector tests (tests/test_collector.py, tests/test_collector_intake.py)."""
from __future__ import annotations

import asyncio
import concurrent.futures
import http.client
import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any, Sequence

from tests.lw.dbt_runner import PROJECT_DIR

COLLECTOR = PROJECT_DIR / "scripts" / "collector.py"
LINEAGE = "/api/v1/lineage"


class Collector:
    """`scripts/collector.py serve` as a real process: port 0 picks a free port, read back from its first line."""

    def __init__(self, out: Path, *args: str, port: int = 0, env: dict[str, str] | None = None,
                 log: Path | None = None) -> None:
        self.out, self.args, self.port = out, list(args), port
        self.env = {**os.environ, **(env or {})}
        self.log = log or out.parent / f"{out.name}.collector.log"
        self.proc: subprocess.Popen[str] | None = None

    def start(self) -> "Collector":
        with self.log.open("a") as log:
            self.proc = subprocess.Popen(
                [sys.executable, str(COLLECTOR), "serve", "--host", "127.0.0.1", "--port", str(self.port),
                 "--out", str(self.out), *self.args],
                stdout=subprocess.PIPE, stderr=log, text=True, env=self.env)
        assert self.proc.stdout is not None
        first = self.proc.stdout.readline()
        found = re.search(r"127\.0\.0\.1:(\d+)/", first)
        assert found, f"collector did not start: {first!r}\n{self.log.read_text()}"
        self.port = int(found.group(1))
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                if request(self.port, "GET", "/health")[0] == 200:
                    return self
            except OSError:
                time.sleep(0.05)
        raise AssertionError(f"collector never became healthy:\n{self.log.read_text()}")

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def health(self) -> dict[str, Any]:
        return json.loads(request(self.port, "GET", "/health")[1])

    def stop(self, sig: int = signal.SIGTERM) -> int:
        assert self.proc is not None
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
        code = self.proc.wait(timeout=30)
        if self.proc.stdout is not None:
            self.proc.stdout.close()
        return code

    def __enter__(self) -> "Collector":
        return self.start()

    def __exit__(self, *exc: object) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.stop()


def request(port: int, method: str, path: str, body: bytes | None = None,
            headers: dict[str, str] | None = None, timeout: float = 10) -> tuple[int, bytes, dict[str, str]]:
    """One request on a fresh loopback connection: (status, body, headers)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request(method, path, body=body, headers=headers or {})
        resp = conn.getresponse()
        return resp.status, resp.read(), {k.lower(): v for k, v in resp.getheaders()}
    finally:
        conn.close()


def post(port: int, body: bytes, content_type: str | None = "application/json",
         headers: dict[str, str] | None = None) -> tuple[int, Any]:
    """POST to the lineage endpoint: (status, parsed JSON answer)."""
    sent = dict(headers or {})
    if content_type is not None:
        sent["Content-Type"] = content_type
    status, answer, _ = request(port, "POST", LINEAGE, body, sent)
    return status, json.loads(answer)


def closed_files(out: Path) -> list[Path]:
    return sorted(out.glob("*.jsonl"))


def glob_matches(out: Path) -> list[Path]:
    """Every file under out that the landing globs `out/*.json*` or `out/**/*.json*` would read."""
    return sorted(p for p in out.rglob("*") if p.is_file() and ".json" in p.name)


def landed_lines(paths: Sequence[Path]) -> list[bytes]:
    return [line for path in paths for line in path.read_bytes().splitlines()]


class InProcessCollector:
    """The collector's ASGI application driven in this process, on an event loop of its own thread: no socket, no
    server, the same app (lifespan included) that `serve` runs under uvicorn."""

    def __init__(self, out: Path, access_log: Path | None = None, **settings: Any) -> None:
        from lineage_warehouse.collector.app import Settings, create_app
        from lineage_warehouse.collector.landing import Rotation

        defaults: dict[str, Any] = {"rotation": Rotation(max_bytes=1 << 30, max_age_s=3600),
                                    "max_body_bytes": 1 << 20, "max_decoded_bytes": 4 << 20}
        self.out = out
        self.app = create_app(Settings(out_dir=out, access_log=str(access_log) if access_log else None,
                                       **{**defaults, **settings}))
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name="in-process-collector", daemon=True)
        self._lifespan: concurrent.futures.Future[None] | None = None
        self._shutdown: asyncio.Event | None = None

    def __enter__(self) -> "InProcessCollector":
        self.thread.start()
        started = threading.Event()
        failed: list[str] = []

        async def lifespan() -> None:
            self._shutdown = asyncio.Event()
            messages = iter([{"type": "lifespan.startup"}])

            async def receive() -> dict[str, Any]:
                message = next(messages, None)
                if message is not None:
                    return message
                assert self._shutdown is not None
                await self._shutdown.wait()
                return {"type": "lifespan.shutdown"}

            async def send(message: dict[str, Any]) -> None:
                if message["type"].startswith("lifespan.startup"):
                    if message["type"].endswith("failed"):
                        failed.append(message.get("message", ""))
                    started.set()

            await self.app({"type": "lifespan", "asgi": {"version": "3.0"}, "state": {}}, receive, send)

        self._lifespan = asyncio.run_coroutine_threadsafe(lifespan(), self.loop)
        assert started.wait(20) and not failed, f"lifespan start-up failed: {failed}"
        return self

    def __exit__(self, *exc: object) -> None:
        assert self._shutdown is not None and self._lifespan is not None
        self.loop.call_soon_threadsafe(self._shutdown.set)
        self._lifespan.result(timeout=30)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=30)
        self.loop.close()

    def request(self, method: str, path: str, body: bytes = b"",
                headers: dict[str, str] | None = None) -> tuple[int, bytes, dict[str, str]]:
        """One HTTP exchange: (status, body, headers with lower-case names)."""
        return asyncio.run_coroutine_threadsafe(self._request(method, path, body, headers or {}),
                                                self.loop).result(timeout=30)

    async def _request(self, method: str, path: str, body: bytes,
                       headers: dict[str, str]) -> tuple[int, bytes, dict[str, str]]:
        sent = {"host": "127.0.0.1", "content-length": str(len(body)), **{k.lower(): v for k, v in headers.items()}}
        scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": method,
                 "scheme": "http", "path": path, "raw_path": path.encode(), "query_string": b"", "root_path": "",
                 "headers": [(k.encode(), v.encode()) for k, v in sent.items()],
                 "client": ("127.0.0.1", 40000), "server": ("127.0.0.1", 5000), "state": {}}
        done = asyncio.Event()
        pending = [{"type": "http.request", "body": body, "more_body": False}]
        status, parts, answer_headers = 0, [], {}

        async def receive() -> dict[str, Any]:
            if pending:
                return pending.pop()
            await done.wait()
            return {"type": "http.disconnect"}

        async def send(message: dict[str, Any]) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                answer_headers.update({k.decode().lower(): v.decode() for k, v in message.get("headers", [])})
            elif message["type"] == "http.response.body":
                parts.append(message.get("body", b""))

        try:
            await self.app(scope, receive, send)
        finally:
            done.set()
        return status, b"".join(parts), answer_headers

    def post(self, body: bytes, headers: dict[str, str] | None = None) -> tuple[int, Any]:
        status, answer, _ = self.request("POST", LINEAGE, body, {"Content-Type": "application/json", **(headers or {})})
        return status, json.loads(answer)
