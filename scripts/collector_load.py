"""Load the collector over loopback and report throughput, latency and losses (docs/benchmarks.md).

    python scripts/collector_load.py                       # every phase against a collector it starts
    python scripts/collector_load.py --phases rate --rate 1000 --duration 10

Phases, each bounded by --requests and --duration:
  single  single-event requests on --connections keep-alive connections, as fast as they are answered
  batch   requests of --batch-size events each
  rate    single-event requests sent at a fixed --rate (open loop); latency counts from the scheduled send
  kill    single-event requests while the collector is SIGKILLed mid-stream and restarted; then every
          acknowledged event is looked up in the landed files
The collector is started on a free loopback port with a fresh landing directory (its access log beside it, in
<out>/<phase>.access.log) and stopped at the end; after
the other phases it is stopped with SIGTERM and every acknowledged event must be in the closed files.
Only loopback addresses are ever contacted.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

SCRIPTS = Path(__file__).resolve().parent
PATH = "/api/v1/lineage"


def event(run_id: str) -> dict[str, object]:
    """A realistic ~1 KB OpenLineage COMPLETE event."""
    return {
        "eventType": "COMPLETE", "eventTime": "2025-03-01T00:00:00.000Z", "producer": "collector_load",
        "schemaURL": "https://openlineage.io/spec/2-0-2/OpenLineage.json#/$defs/RunEvent",
        "run": {"runId": run_id, "facets": {"processing_engine": {"name": "spark", "version": "3.5.1"}}},
        "job": {"namespace": "load", "name": "load.job", "facets": {"jobType": {
            "processingType": "BATCH", "integration": "SPARK", "jobType": "SQL_JOB"}}},
        "inputs": [{"namespace": "hdfs://namenode:8020", "name": "/warehouse/raw/orders", "facets": {
            "schema": {"fields": [{"name": c, "type": "string"} for c in ("id", "customer", "amount", "day")]}}}],
        "outputs": [{"namespace": "hdfs://namenode:8020", "name": "/warehouse/marts/daily_orders",
                     "outputFacets": {"outputStatistics": {"rowCount": 1000, "size": 65536}}}],
    }


_PREFIX, _SUFFIX = json.dumps(event("@"), separators=(",", ":")).encode().split(b'"@"')


def event_bytes(run_id: str) -> bytes:
    """event(run_id) as compact JSON, without serialising it again."""
    return b"".join((_PREFIX, b'"', run_id.encode(), b'"', _SUFFIX))


class Connection:
    """One keep-alive HTTP/1.1 connection on loopback (a minimal client: POST and read the answer)."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def post(self, body: bytes) -> int:
        """The status of the answer, 0 when the connection failed."""
        head = (f"POST {PATH} HTTP/1.1\r\nHost: {self.host}\r\nContent-Type: application/json\r\n"
                f"Content-Length: {len(body)}\r\n\r\n").encode()
        try:
            if self.writer is None:
                self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
            assert self.reader is not None and self.writer is not None
            self.writer.write(head + body)
            header = await self.reader.readuntil(b"\r\n\r\n")
            length = re.search(rb"(?i)\r\ncontent-length:\s*(\d+)", header)
            await self.reader.readexactly(int(length.group(1)) if length else 0)
            if re.search(rb"(?i)\r\nconnection:\s*close", header):
                self.close()
            return int(header[9:12])
        except (OSError, asyncio.IncompleteReadError):
            self.close()
            return 0

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


@dataclass
class Result:
    requests: int = 0
    events: int = 0
    failed: int = 0
    seconds: float = 0.0
    latencies_ms: list[float] = field(default_factory=list)
    acknowledged: list[str] = field(default_factory=list)

    def percentile(self, p: float) -> float:
        ordered = sorted(self.latencies_ms)
        return ordered[min(len(ordered) - 1, math.ceil(p / 100 * len(ordered)) - 1)] if ordered else float("nan")


async def closed_loop(host: str, port: int, connections: int, requests: int, duration: float,
                      batch: int, keep_ids: bool = False) -> Result:
    """Every connection sends its next request as soon as the previous one is answered."""
    result = Result()
    deadline = time.perf_counter() + duration
    budget = iter(range(requests))

    async def worker() -> None:
        conn = Connection(host, port)
        while time.perf_counter() < deadline and next(budget, None) is not None:
            ids = [str(uuid.uuid4()) for _ in range(batch)]
            body = event_bytes(ids[0]) if batch == 1 else b"[" + b",".join(map(event_bytes, ids)) + b"]"
            sent = time.perf_counter()
            status = await conn.post(body)
            result.latencies_ms.append((time.perf_counter() - sent) * 1000)
            if status == 200:
                result.requests += 1
                result.events += batch
                if keep_ids:
                    result.acknowledged += ids
            else:
                result.failed += 1
                await asyncio.sleep(0.01)
        conn.close()

    start = time.perf_counter()
    await asyncio.gather(*(worker() for _ in range(connections)))
    result.seconds = time.perf_counter() - start
    return result


async def open_loop(host: str, port: int, rate: float, requests: int, duration: float, pool: int) -> Result:
    """Requests scheduled at a fixed rate on a pool of connections; latency includes waiting for a connection."""
    result = Result()
    idle: asyncio.Queue[Connection] = asyncio.Queue()
    for _ in range(pool):
        idle.put_nowait(Connection(host, port))
    count = min(requests, int(rate * duration))
    start = time.perf_counter()

    async def one(scheduled: float) -> None:
        conn = await idle.get()
        status = await conn.post(event_bytes(str(uuid.uuid4())))
        result.latencies_ms.append((time.perf_counter() - scheduled) * 1000)
        idle.put_nowait(conn)
        if status == 200:
            result.requests += 1
            result.events += 1
        else:
            result.failed += 1

    tasks = []
    for i in range(count):
        scheduled = start + i / rate
        delay = scheduled - time.perf_counter()
        if delay > 0:
            await asyncio.sleep(delay)
        tasks.append(asyncio.ensure_future(one(scheduled)))
    await asyncio.gather(*tasks)
    result.seconds = time.perf_counter() - start
    while not idle.empty():
        idle.get_nowait().close()
    return result


class Collector:
    """A collector subprocess on a free loopback port."""

    def __init__(self, out: Path, port: int = 0) -> None:
        self.out, self.port = out, port
        self.proc: subprocess.Popen[str] | None = None
        self.commits = 0

    async def health(self) -> dict[str, int]:
        reader, writer = await asyncio.open_connection("127.0.0.1", self.port)
        writer.write(b"GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        answer = await reader.read()
        writer.close()
        return json.loads(answer.split(b"\r\n\r\n", 1)[1])

    def start(self) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, str(SCRIPTS / "collector.py"), "serve", "--host", "127.0.0.1", "--port",
             str(self.port), "--out", str(self.out), "--log-level", "warning",
             "--access-log", str(self.out.parent / f"{self.out.name}.access.log")],
            stdout=subprocess.PIPE, text=True)
        assert self.proc.stdout is not None
        found = re.search(r":(\d+)/", self.proc.stdout.readline())
        assert found, "collector did not start"
        self.port = int(found.group(1))
        asyncio.run(self._wait_ready())

    async def _wait_ready(self) -> None:
        for _ in range(200):
            try:
                _, writer = await asyncio.open_connection("127.0.0.1", self.port)
                writer.close()
                return
            except OSError:
                await asyncio.sleep(0.05)
        raise RuntimeError("collector did not listen")

    def stop(self, sig: int = signal.SIGTERM) -> None:
        assert self.proc is not None
        self.proc.send_signal(sig)
        self.proc.wait(timeout=30)
        if self.proc.stdout is not None:
            self.proc.stdout.close()


def landed_ids(out: Path) -> tuple[set[str], int]:
    """Run ids in the closed files, and the number of lines that are not JSON objects."""
    ids: set[str] = set()
    bad = 0
    for path in out.glob("*.jsonl"):
        for line in path.read_bytes().splitlines():
            try:
                ids.add(json.loads(line)["run"]["runId"])
            except (ValueError, KeyError, TypeError):
                bad += 1
    return ids, bad


async def kill_phase(collector: Collector, args: argparse.Namespace) -> tuple[Result, int, int]:
    """Traffic for --duration seconds; SIGKILL at a third of it, restart at once."""
    async def killer() -> None:
        await asyncio.sleep(args.duration / 3)
        await asyncio.to_thread(collector.stop, signal.SIGKILL)
        await asyncio.to_thread(collector.start)

    traffic = closed_loop("127.0.0.1", collector.port, args.connections, args.requests, args.duration, 1, True)
    result, _ = await asyncio.gather(traffic, killer())
    await asyncio.to_thread(collector.stop)
    ids, bad = landed_ids(collector.out)
    return result, len(set(result.acknowledged) - ids), bad


def load_phases(args: argparse.Namespace, phases: list[str], collector: Collector) -> int:
    """Run the single, batch and rate phases against one collector; the number of events acknowledged."""
    acknowledged = 0
    for phase in phases:
        if phase == "single":
            r = asyncio.run(closed_loop("127.0.0.1", collector.port, args.connections, args.requests,
                                        args.duration, 1))
            what = f"{r.requests / r.seconds:,.0f} requests/s"
        elif phase == "batch":
            r = asyncio.run(closed_loop("127.0.0.1", collector.port, args.connections, args.requests,
                                        args.duration, args.batch_size))
            what = f"{r.events / r.seconds:,.0f} events/s ({r.requests / r.seconds:,.0f} requests/s)"
        else:
            r = asyncio.run(open_loop("127.0.0.1", collector.port, args.rate, args.requests, args.duration,
                                      args.connections))
            what = f"{r.requests / r.seconds:,.0f} requests/s offered {args.rate:,.0f}"
        acknowledged += r.events
        health = asyncio.run(collector.health())
        commits, collector.commits = health["group_commits"] - collector.commits, health["group_commits"]
        print(f"{phase}: {r.requests:,} requests, {r.events:,} events in {r.seconds:.1f} s: {what}; latency ms "
              f"p50 {r.percentile(50):.1f} p99 {r.percentile(99):.1f} max {max(r.latencies_ms, default=0):.1f}; "
              f"{r.failed} failed; {r.requests / max(1, commits):.1f} requests per fsync", flush=True)
    return acknowledged


def run(args: argparse.Namespace, out: Path, phases: list[str]) -> int:
    print(f"collector load on {os.cpu_count()} cores, landing in {out}", flush=True)
    lost = 0
    loads = [p for p in phases if p != "kill"]
    if loads:
        collector = Collector(out / "load")
        collector.start()
        try:
            acknowledged = load_phases(args, loads, collector)
        finally:
            collector.stop()
        lines = sum(len(p.read_bytes().splitlines()) for p in collector.out.glob("*.jsonl"))
        lost = max(0, acknowledged - lines)
        print(f"landed: {lines:,} lines for {acknowledged:,} acknowledged events ({lost} lost)", flush=True)
    if "kill" in phases:
        killed = Collector(out / "kill")
        killed.start()
        try:
            r, missing, bad = asyncio.run(kill_phase(killed, args))
        finally:
            if killed.proc is not None and killed.proc.poll() is None:
                killed.stop()
        print(f"kill: {len(r.acknowledged):,} events acknowledged around a SIGKILL and restart, {r.failed} "
              f"requests refused while down; {missing} acknowledged events missing from the landed files, "
              f"{bad} bad lines", flush=True)
        lost += missing + bad
    return 1 if lost else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--phases", default="single,batch,rate,kill", help="comma-separated phases to run")
    parser.add_argument("--requests", type=int, default=40_000, help="at most this many requests per phase")
    parser.add_argument("--duration", type=float, default=10.0, help="at most this many seconds per phase")
    parser.add_argument("--connections", type=int, default=32, help="concurrent connections (closed loop)")
    parser.add_argument("--batch-size", type=int, default=100, help="events per request in the batch phase")
    parser.add_argument("--rate", type=float, default=1000.0, help="requests per second in the rate phase")
    parser.add_argument("--out", type=Path, help="landing directory (default: a temporary one, removed after)")
    args = parser.parse_args()
    phases = [p.strip() for p in args.phases.split(",") if p.strip()]
    unknown = set(phases) - {"single", "batch", "rate", "kill"}
    if unknown:
        parser.error(f"unknown phases: {', '.join(sorted(unknown))}")
    if args.requests < 1 or args.duration <= 0 or args.duration > 600:
        parser.error("--requests must be positive and --duration within (0, 600] seconds")
    try:
        import uvloop
        asyncio.set_event_loop_policy(uvloop.EventLoopPolicy())
    except ImportError:
        pass
    out = args.out or Path(tempfile.mkdtemp(prefix="collector_load_"))
    try:
        return run(args, out, phases)
    finally:
        if args.out is None:
            shutil.rmtree(out, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
