"""Issue 22: the OpenLineage HTTP collector lands every acknowledged event durably (scripts/collector.py).

Every test runs the collector as a real process on a loopback port. The real-client tests send events with
openlineage-python's HttpTransport and with dbt-ol, then build the warehouse (DuckDB) on the landed files.
"""
from __future__ import annotations

import asyncio
import gzip
import http.client
import json
import os
import random
import signal
import stat
import subprocess
import sys
import threading
import time
import uuid
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Iterator

import pytest

from tests.collector_helpers import (COLLECTOR, Collector, closed_files, glob_matches, landed_lines, post,
                                     request)
from tests.lw.dbt_runner import PROJECT_DIR, VENV_BIN, Warehouse

TOKEN = "s3cret-token"
AUTH = {"Authorization": f"Bearer {TOKEN}"}


def ol_event(run_id: str | None = None, event_type: str = "COMPLETE", job: str = "collector_test.job",
             **extra: Any) -> dict[str, Any]:
    return {"eventType": event_type, "eventTime": datetime.now(timezone.utc).isoformat(),
            "producer": "tests/test_collector.py",
            "schemaURL": "https://openlineage.io/spec/2-0-2/OpenLineage.json#/$defs/RunEvent",
            "run": {"runId": run_id or str(uuid.uuid4())}, "job": {"namespace": "collector_test", "name": job},
            **extra}


def compact(value: Any) -> bytes:
    return json.dumps(value, separators=(",", ":")).encode()


def all_segment_bytes(out: Path) -> bytes:
    """Everything the collector wrote: closed files and open segments."""
    return b"".join(p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file())


# ------------------------------------------------------------------------------------------------------------
# One collector for the request-handling tests: bearer tokens from a file, files closed after 0.3 s.
# ------------------------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Collector]:
    root = tmp_path_factory.mktemp("collector")
    tokens = root / "tokens.txt"
    tokens.write_text(f"# collector tokens\nother-token\n{TOKEN}\n")
    with Collector(root / "landing", "--token-file", str(tokens), "--max-file-age", "0.3",
                   "--max-body-bytes", "64KiB", "--max-decoded-bytes", "256KiB") as collector:
        yield collector


def lines_for(served: Collector, marker: str, timeout: float = 10.0) -> list[bytes]:
    """The closed-file lines containing marker, waiting for the age rotation to close them."""
    deadline = time.monotonic() + timeout
    while True:
        found = [line for line in landed_lines(closed_files(served.out)) if marker.encode() in line]
        if found or time.monotonic() > deadline:
            return found
        time.sleep(0.05)


def test_help_of_collector_and_load_script() -> None:
    for cmd in ([str(COLLECTOR), "--help"], [str(COLLECTOR), "serve", "--help"],
                [str(PROJECT_DIR / "scripts" / "collector_load.py"), "--help"]):
        proc = subprocess.run([sys.executable, *cmd], capture_output=True, text=True, timeout=60)
        assert proc.returncode == 0 and "usage:" in proc.stdout, proc.stderr


def test_example_airflow_dag_builds_the_landed_files_one_run_at_a_time() -> None:
    source = (PROJECT_DIR / "examples" / "airflow" / "lineage_warehouse_dag.py").read_text()
    compile(source, "lineage_warehouse_dag.py", "exec")
    assert "max_active_runs=1" in source and "dbt build" in source and "/*.jsonl" in source


def test_health_answers_without_a_token(served: Collector) -> None:
    assert served.health()["status"] == "ok"


def test_pretty_printed_event_lands_as_one_compact_line(served: Collector) -> None:
    event = ol_event(job="pretty.é")
    status, answer = post(served.port, json.dumps(event, indent=2, ensure_ascii=False).encode(), headers=AUTH)
    assert (status, answer) == (200, {"accepted": 1})
    [line] = lines_for(served, event["run"]["runId"])
    assert json.loads(line) == event and "pretty.é" in line.decode()


def test_one_line_event_lands_byte_for_byte(served: Collector) -> None:
    run_id = str(uuid.uuid4())
    body = (b'{"run": {"runId": "%s"},  "eventTime": "2025-01-01T00:00:00Z", "job": {"namespace": "n", "name": "j"},'
            b' "n": 1.50}' % run_id.encode())
    assert post(served.port, body, headers=AUTH)[0] == 200
    assert lines_for(served, run_id) == [body]


def test_array_and_events_batches_land_one_line_per_element(served: Collector) -> None:
    first, second = ol_event(), ol_event()
    status, answer = post(served.port, json.dumps([first, second], indent=1).encode(), headers=AUTH)
    assert (status, answer) == (200, {"accepted": 2})
    for event in (first, second):
        assert [json.loads(line) for line in lines_for(served, event["run"]["runId"])] == [event]
    third = ol_event()
    status, answer = post(served.port, compact({"events": [third]}), headers=AUTH)
    assert (status, answer) == (200, {"accepted": 1})
    assert lines_for(served, third["run"]["runId"]) == [compact(third)]


def test_batch_with_items_that_are_no_event_is_refused_whole(served: Collector) -> None:
    """Validation at intake over a real connection (tests/test_collector_intake.py has every shape)."""
    good = ol_event()
    elements = [good, f"text {good['run']['runId']}", 42, None, True, {"eventTime": "2025-01-01T00:00:00Z"}]
    status, answer = post(served.port, compact(elements), headers=AUTH)
    assert (status, answer["error"], answer["rejected_count"]) == (400, "invalid_batch", 5)
    assert [(r["index"], r["reason"]) for r in answer["rejected"]] == [
        (1, "not_an_object"), (2, "not_an_object"), (3, "not_an_object"), (4, "not_an_object"), (5, "missing_run_id")]
    assert post(served.port, b"[]", headers=AUTH)[1]["error"] == "empty_batch"
    assert post(served.port, compact(good), headers=AUTH) == (200, {"accepted": 1})
    assert lines_for(served, good["run"]["runId"]) == [compact(good)], "the refused batch landed"


def test_gzip_body_is_decoded(served: Collector) -> None:
    event = ol_event()
    body = gzip.compress(compact([event, event]))
    assert post(served.port, body, headers={**AUTH, "Content-Encoding": "gzip"}) == (200, {"accepted": 2})
    assert lines_for(served, event["run"]["runId"]) == [compact(event)] * 2


BOMB = gzip.compress(b"[" + b" " * (300 * 1024) + b"]")  # 300 KiB of whitespace: decodes past 256 KiB
BAD_INPUT = {
    "not_json": (b'{"marker": "MARK", ', {}, 400, "not_json"),
    "not_utf8": (b'{"marker": "MARK \xff"}', {}, 400, "not_json"),
    "nan_is_not_json": (b'{"marker": "MARK", "x": NaN}', {}, 400, "not_json"),
    "truncated_gzip": (gzip.compress(b'{"marker": "MARK"}')[:-6], {"Content-Encoding": "gzip"}, 400, "bad_gzip"),
    "array_in_a_batch": (b'[{"marker": "MARK"}, [1]]', {}, 400, "invalid_batch"),
    "not_an_event": (b'{"marker": "MARK"}', {}, 400, "missing_event_time"),
    "lone_surrogate": (b'{"marker": "MARK \\ud800"}', {}, 400, "lone_surrogate"),
    "oversize_body": (b'{"marker": "MARK", "pad": "' + b"x" * (65 * 1024) + b'"}', {}, 413, "body_too_large"),
    "gzip_bomb": (BOMB, {"Content-Encoding": "gzip"}, 413, "decoded_body_too_large"),
    "wrong_content_type": (b'{"marker": "MARK"}', {"Content-Type": "text/plain"}, 415, "unsupported_media_type"),
    "no_content_type": (b'{"marker": "MARK"}', {"Content-Type": ""}, 415, "unsupported_media_type"),
    "unknown_encoding": (b'{"marker": "MARK"}', {"Content-Encoding": "br"}, 415, "unsupported_content_encoding"),
    "no_token": (b'{"marker": "MARK"}', {"Authorization": ""}, 401, "unauthorized"),
    "wrong_token": (b'{"marker": "MARK"}', {"Authorization": "Bearer nope"}, 401, "unauthorized"),
}


@pytest.mark.parametrize("case", BAD_INPUT)
def test_bad_input_gets_a_json_error_and_the_server_keeps_serving(served: Collector, case: str) -> None:
    marker = f"bad-{case}-{uuid.uuid4()}"
    body, headers, want_status, want_code = BAD_INPUT[case]
    sent = {"Content-Type": "application/json", **AUTH, **headers}
    sent = {k: v for k, v in sent.items() if v}
    status, answer, _ = request(served.port, "POST", "/api/v1/lineage", body.replace(b"MARK", marker.encode()), sent)
    assert status == want_status
    error = json.loads(answer)
    assert error["error"] == want_code and error["message"]
    good = ol_event()
    assert post(served.port, compact(good), headers=AUTH) == (200, {"accepted": 1})
    assert lines_for(served, good["run"]["runId"]) == [compact(good)]
    assert marker.encode() not in all_segment_bytes(served.out), "a refused body was written"


def test_refusals_keep_a_keep_alive_connection_serving(served: Collector) -> None:
    conn = http.client.HTTPConnection("127.0.0.1", served.port, timeout=10)
    conn.connect()
    sock = conn.sock
    try:
        for body, headers, want in ((b'{"a": 1}', {"Content-Type": "text/plain", **AUTH}, 415),
                                    (b"{oops", {"Content-Type": "application/json", **AUTH}, 400),
                                    (b'{"a": 1}', {"Content-Type": "application/json"}, 401)):
            event = ol_event()
            for sent, sent_headers, status in ((body, headers, want),
                                               (compact(event), {"Content-Type": "application/json", **AUTH}, 200)):
                conn.request("POST", "/api/v1/lineage", body=sent, headers=sent_headers)
                response = conn.getresponse()
                assert (response.status, response.getheader("connection")) == (status, None)
                json.loads(response.read())
                assert conn.sock is sock, "the server closed the connection"
            assert lines_for(served, event["run"]["runId"]) == [compact(event)]
    finally:
        conn.close()


def test_served_collector_logs_each_request_and_serves_metrics(served: Collector) -> None:
    """The real server: its access log on stderr (the default), GET /metrics without a token."""
    event = ol_event()
    body = compact(event)
    assert post(served.port, body, headers=AUTH) == (200, {"accepted": 1})
    status, text, headers = request(served.port, "GET", "/metrics")
    assert status == 200 and headers["content-type"] == "text/plain; version=0.0.4; charset=utf-8"
    assert "# TYPE lw_collector_fsync_seconds histogram" in text.decode()
    logged = f"method=POST path=/api/v1/lineage status=200 events=1 rejected=0 bytes={len(body)} ms="
    for line in (logged, "method=GET path=/metrics status=200 events=0 rejected=0 bytes=0 ms="):
        deadline = time.monotonic() + 10
        while line not in served.log.read_text() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert line in served.log.read_text()


def test_unknown_paths_and_methods_get_json_errors(served: Collector) -> None:
    for method, path, want in (("GET", "/api/v1/lineage", 405), ("POST", "/nope", 404)):
        status, answer, headers = request(served.port, method, path, b"{}", {"Content-Type": "application/json"})
        assert status == want and headers["content-type"] == "application/json" and json.loads(answer)["error"]


def test_open_segments_never_match_the_landing_glob_and_age_closes_them(tmp_path: Path) -> None:
    with Collector(tmp_path / "landing", "--max-file-age", "1.5") as collector:
        event = ol_event()
        assert post(collector.port, compact(event))[0] == 200
        [segment] = list((collector.out / ".tmp").iterdir())
        assert segment.read_bytes() == compact(event) + b"\n", "acknowledged but not in the open segment"
        assert glob_matches(collector.out) == [], "an open segment matches *.json*"
        written = time.time()
        time.sleep(2.5)
        [closed] = glob_matches(collector.out)
        assert closed.stat().st_mtime >= written + 1.0, "a closed file must not look older than its publication"
        assert closed.parent == collector.out and closed.name.endswith(".jsonl")
        assert closed.read_bytes() == compact(event) + b"\n"
        assert list((collector.out / ".tmp").iterdir()) == []


def test_group_commit_answers_after_fsync_with_one_fsync_for_many_requests(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from lineage_warehouse.collector import landing

    synced_sizes: list[int] = []
    real_fsync = os.fsync

    def slow_fsync(fd: int) -> None:
        time.sleep(0.02)
        real_fsync(fd)
        status = os.fstat(fd)
        if stat.S_ISREG(status.st_mode):
            synced_sizes.append(status.st_size)

    monkeypatch.setattr(landing.os, "fsync", slow_fsync)
    landing.recover(tmp_path)
    writer = landing.SegmentWriter(tmp_path, landing.Rotation(max_bytes=1 << 30, max_age_s=3600))

    async def scenario() -> list[bool]:
        committer = landing.GroupCommitter(writer)
        committer.start()

        async def one(i: int) -> bool:
            line = b'{"request": %d}\n' % i
            await committer.append(line)
            assert writer.path is not None
            end = writer.path.read_bytes().index(line) + len(line)
            return bool(synced_sizes) and synced_sizes[-1] >= end  # fsynced before the answer

        answers = await asyncio.gather(*(one(i) for i in range(50)))
        await committer.stop()
        return list(answers)

    assert all(asyncio.run(scenario()))
    file_fsyncs = len(synced_sizes)
    assert file_fsyncs < 10, f"{file_fsyncs} fsyncs for 50 concurrent requests: not group-committed"
    assert len(landed_lines(closed_files(tmp_path))) == 50


def test_files_rotate_by_size(tmp_path: Path) -> None:
    with Collector(tmp_path / "landing", "--max-file-bytes", "2KiB") as collector:
        events = [ol_event(pad="x" * 400) for _ in range(12)]
        for event in events:
            assert post(collector.port, compact(event))[0] == 200
        closed = closed_files(collector.out)
        assert len(closed) >= 2 and all(p.stat().st_size <= 2048 + 600 for p in closed)
    assert [json.loads(line) for line in landed_lines(closed_files(collector.out))] == events


def test_shutdown_closes_the_open_segment(tmp_path: Path) -> None:
    collector = Collector(tmp_path / "landing").start()
    event = ol_event()
    assert post(collector.port, compact(event))[0] == 200
    assert collector.stop() in (0, -signal.SIGTERM)  # uvicorn re-raises the signal it shut down on
    assert landed_lines(closed_files(collector.out)) == [compact(event)]
    assert list((collector.out / ".tmp").iterdir()) == []


# ------------------------------------------------------------------------------------------------------------
# Recovery and kill -9
# ------------------------------------------------------------------------------------------------------------

def test_recovery_closes_a_dead_writers_segment_and_sets_its_partial_line_aside(tmp_path: Path) -> None:
    out = tmp_path / "landing"
    (out / ".tmp").mkdir(parents=True)
    complete = [compact(ol_event()), compact(ol_event())]
    segment = out / ".tmp" / "events-20250101T000000000000Z-dead00-000001.open"
    segment.write_bytes(b"\n".join(complete) + b'\n{"run": {"runId": "never acknow')
    created = out / ".tmp" / "events-20250101T000001000000Z-dead00-000002.new"  # died before its first write
    created.touch()
    with Collector(out) as collector:
        assert not created.exists()
        assert landed_lines(glob_matches(collector.out)) == complete
        [closed] = glob_matches(collector.out)
        assert closed.name == "events-20250101T000000000000Z-dead00-000001.jsonl"
        partial = out / ".tmp" / "events-20250101T000000000000Z-dead00-000001.partial"
        assert partial.read_bytes() == b'{"run": {"runId": "never acknow'
        assert "recovery:" in collector.log.read_text()


def test_recovery_leaves_a_live_writers_segment_alone(tmp_path: Path) -> None:
    with Collector(tmp_path / "landing") as collector:
        assert post(collector.port, compact(ol_event()))[0] == 200
        [segment] = list((collector.out / ".tmp").iterdir())
        proc = subprocess.run([sys.executable, str(COLLECTOR), "recover", "--out", str(collector.out)],
                              capture_output=True, text=True, timeout=60)
        assert proc.returncode == 0 and "1 still open by a live collector" in proc.stdout
        assert segment.exists() and glob_matches(collector.out) == []


@dataclass
class Traffic:
    acknowledged: set[str]
    refused: int


def send_until(port: int, stop: threading.Event, seed: int, traffic: Traffic, lock: threading.Lock) -> None:
    """Single events, and every fifth request a batch of five, each with its own run id, until stop is set."""
    rng = random.Random(seed)
    while not stop.is_set():
        ids = [str(uuid.uuid4()) for _ in range(5 if rng.random() < 0.2 else 1)]
        events = [ol_event(i) for i in ids]
        body = compact(events if len(ids) > 1 else events[0])
        try:
            status, answer = post(port, body)
        except (OSError, ValueError, http.client.HTTPException):  # the collector died mid-answer
            status, answer = 0, None
        with lock:
            if status == 200 and answer == {"accepted": len(ids)}:
                traffic.acknowledged.update(ids)
            else:
                traffic.refused += 1
        if status != 200:
            time.sleep(0.02)


def test_kill_9_mid_stream_loses_no_acknowledged_event(tmp_path: Path) -> None:
    out = tmp_path / "landing"
    collector = Collector(out).start()
    traffic, lock, stop = Traffic(set(), 0), threading.Lock(), threading.Event()
    senders = [threading.Thread(target=send_until, args=(collector.port, stop, i, traffic, lock)) for i in range(4)]
    for sender in senders:
        sender.start()
    try:
        time.sleep(1.5)
        before = len(traffic.acknowledged)
        collector.stop(signal.SIGKILL)
        restarted = Collector(out, port=collector.port, log=collector.log).start()
        time.sleep(1.5)
    finally:
        stop.set()
        for sender in senders:
            sender.join(timeout=30)
    assert restarted.stop() in (0, -signal.SIGTERM)
    assert before > 100 and len(traffic.acknowledged) > before + 100, "traffic on both sides of the kill"
    assert "recovery:" in collector.log.read_text(), "the killed collector left no open segment to recover"
    landed: list[str] = []
    for path in glob_matches(out):
        data = path.read_bytes()
        assert data.endswith(b"\n"), f"{path.name} ends in a partial line"
        landed += [json.loads(line)["run"]["runId"] for line in data.splitlines()]
    assert traffic.acknowledged <= set(landed), f"{len(traffic.acknowledged - set(landed))} acknowledged events lost"
    assert len(landed) == len(set(landed)), "an event landed twice"
    assert list((out / ".tmp").glob("*.open")) == []


def test_load_script_small_bounded_run(tmp_path: Path) -> None:
    proc = subprocess.run(
        [sys.executable, str(PROJECT_DIR / "scripts" / "collector_load.py"), "--requests", "300", "--duration", "1.5",
         "--rate", "200", "--connections", "4", "--batch-size", "10", "--out", str(tmp_path / "load")],
        capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    for phase in ("single:", "batch:", "rate:", "landed:", "kill:"):
        assert phase in proc.stdout
    assert "(0 lost)" in proc.stdout and "0 acknowledged events missing" in proc.stdout


# ------------------------------------------------------------------------------------------------------------
# Real clients: openlineage-python's HttpTransport and dbt-ol, built into the warehouse once
# ------------------------------------------------------------------------------------------------------------

TINY_PROJECT = {
    "dbt_project.yml": "name: tiny\nversion: '1.0'\nprofile: tiny\nmodels:\n  tiny:\n    +materialized: table\n",
    "models/orders_raw.sql": "select 1 as id, 'a' as customer\n",
    "models/orders_clean.sql": "select id, customer from {{ ref('orders_raw') }}\n",
}


@dataclass
class RealClients:
    warehouse: Warehouse
    python_run_id: str
    dbt_run_id: str
    acknowledged_events: int


def emit_with_http_transport(url: str) -> str:
    """START and COMPLETE of a job reading public.orders and writing public.orders_daily, gzip and api_key."""
    from openlineage.client import OpenLineageClient
    from openlineage.client.event_v2 import InputDataset, Job, OutputDataset, Run, RunEvent, RunState
    from openlineage.client.transport.http import (ApiKeyTokenProvider, HttpCompression, HttpConfig,
                                                   HttpTransport)

    transport = HttpTransport(HttpConfig(url=url, compression=HttpCompression.GZIP,
                                         auth=ApiKeyTokenProvider({"apiKey": TOKEN})))
    client = OpenLineageClient(transport=transport)
    run = Run(runId=str(uuid.uuid4()))
    job = Job(namespace="collector_test", name="python_client.daily_orders")
    inputs = [InputDataset(namespace="postgres://db:5432", name="shop.public.orders")]
    outputs = [OutputDataset(namespace="postgres://db:5432", name="shop.public.orders_daily")]
    for state in (RunState.START, RunState.COMPLETE):
        client.emit(RunEvent(eventType=state, eventTime=datetime.now(timezone.utc).isoformat(), run=run, job=job,
                             producer="tests/test_collector.py", inputs=inputs, outputs=outputs))
    client.close()
    return run.runId


def run_dbt_ol(root: Path, url: str) -> None:
    for name, text in TINY_PROJECT.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    (root / "profiles.yml").write_text(
        f"tiny:\n  target: dev\n  outputs:\n    dev:\n      type: duckdb\n      path: {root / 'tiny.duckdb'}\n"
        "      threads: 1\n")
    (root / "openlineage.yml").write_text(
        f"transport:\n  type: http\n  url: {url}\n  endpoint: api/v1/lineage\n  compression: gzip\n"
        f"  auth:\n    type: api_key\n    apiKey: {TOKEN}\n")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OPENLINEAGE_", "DBT_"))}
    env.update(PATH=f"{VENV_BIN}{os.pathsep}{env.get('PATH', '')}", OPENLINEAGE_CONFIG=str(root / "openlineage.yml"),
               DBT_PROFILES_DIR=str(root), DBT_SEND_ANONYMOUS_USAGE_STATS="false")
    proc = subprocess.run([str(VENV_BIN / "dbt-ol"), "run", "--project-dir", str(root)], cwd=root, env=env,
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0 and "Emitted 6 OpenLineage events" in proc.stdout + proc.stderr, \
        proc.stdout[-3000:] + proc.stderr[-3000:]


@pytest.fixture(scope="module")
def real_clients(tmp_path_factory: pytest.TempPathFactory) -> RealClients:
    root = tmp_path_factory.mktemp("real_clients")
    out = root / "landing"
    with Collector(out, "--token-env", "LW_TEST_COLLECTOR_TOKENS",
                   env={"LW_TEST_COLLECTOR_TOKENS": f"other-token,{TOKEN}"}) as collector:
        python_run_id = emit_with_http_transport(collector.url)
        run_dbt_ol(root / "tiny", collector.url)
        unplaceable = [{"eventTime": "2025-01-01T00:00:00Z", "job": {"namespace": "n", "name": "no_run"}}, 42]
        status, answer = post(collector.port, compact(unplaceable), headers=AUTH)
        assert (status, [r["reason"] for r in answer["rejected"]]) == (400, ["missing_run_id", "not_an_object"])
        acknowledged = collector.health()["acknowledged_events"]
    landed = [json.loads(line) for line in landed_lines(closed_files(out))]
    dbt_run_ids = [e["run"]["runId"] for e in landed if isinstance(e, dict) and e.get("eventType") == "START"
                   and e.get("job", {}).get("name") == "dbt-run-tiny"]
    assert len(dbt_run_ids) == 1, "dbt-ol's wrapping START event did not land"
    warehouse = Warehouse(root / "warehouse")
    warehouse.build(f"{out}/*.jsonl")
    return RealClients(warehouse, python_run_id, dbt_run_ids[0], acknowledged)


def dataset_edges(wh: Warehouse) -> set[tuple[str, str]]:
    return set(wh.query("select f.name, t.name from marts.lineage_edges as e"
                        " inner join marts.datasets as f on e.from_id = f.dataset_id"
                        " inner join marts.datasets as t on e.to_id = t.dataset_id where e.granularity = 'DATASET'"))


def test_openlineage_python_http_transport_events_reach_runs_and_lineage_edges(real_clients: RealClients) -> None:
    wh = real_clients.warehouse
    assert wh.query("select j.name, r.status from marts.runs as r inner join marts.jobs as j on r.job_id = j.job_id"
                    f" where r.run_id = '{real_clients.python_run_id}'") == [("python_client.daily_orders", "SUCCEEDED")]
    assert ("shop.public.orders", "shop.public.orders_daily") in dataset_edges(wh)
    run_edges = wh.query("select d.name, e.edge_kind from marts.lineage_edges as e inner join marts.datasets as d"
                         " on d.dataset_id in (e.from_id, e.to_id)"
                         f" where e.granularity = 'RUN' and '{real_clients.python_run_id}' in (e.from_id, e.to_id)")
    assert sorted(run_edges) == [("shop.public.orders", "INPUT"), ("shop.public.orders_daily", "OUTPUT")]


def test_dbt_ol_events_reach_runs_and_lineage_edges(real_clients: RealClients) -> None:
    wh = real_clients.warehouse
    assert wh.query("select j.name, r.status from marts.runs as r inner join marts.jobs as j on r.job_id = j.job_id"
                    f" where r.run_id = '{real_clients.dbt_run_id}'") == [("dbt-run-tiny", "SUCCEEDED")]
    assert ("tiny.main.orders_raw", "tiny.main.orders_clean") in dataset_edges(wh)


def test_every_acknowledged_event_lands_and_is_placed_what_intake_refused_never_lands(
        real_clients: RealClients) -> None:
    wh = real_clients.warehouse
    audit = wh.query("select sum(lines), sum(parsed), sum(quarantined) from marts.landing_audit")
    assert audit == [(real_clients.acknowledged_events, real_clients.acknowledged_events, 0)]
    assert wh.query("select count(*) from staging.quarantined_events") == [(0,)]
