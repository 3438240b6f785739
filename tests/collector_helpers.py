"""A collector subprocess on a loopback port, and small HTTP helpers for tests/test_collector.py."""
from __future__ import annotations

import http.client
import json
import os
import re
import signal
import subprocess
import sys
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
