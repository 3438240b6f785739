"""The event generator (scripts/generate_events.py): determinism, realism and manifest (its output's DuckDB build:
tests/test_scale.py, on 100,000 generated events)."""
from __future__ import annotations

import gzip
import json
import re
import sys
import uuid
from collections import Counter
from pathlib import Path

import pytest

PROJECT_DIR = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(PROJECT_DIR / "scripts"))

import generate_events as gen  # noqa: E402

N = 2_000
ISO = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$")


def make(tmp: Path, seed: int = 11, events: int = N, **kwargs) -> dict:
    return gen.generate(gen.GeneratorConfig(events, seed, tmp, **kwargs))


def lines_of(directory: Path) -> list[str]:
    out: list[str] = []
    for path in sorted(directory.glob("*.jsonl*")):
        opener = gzip.open if path.suffix == ".gz" else open
        with opener(path, "rt", encoding="utf-8") as handle:
            out += handle.read().splitlines()
    return out


def file_bytes(directory: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(directory.iterdir())}


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict, list[str]]:
    out = tmp_path_factory.mktemp("gen")
    manifest = make(out, files=2)
    return out, manifest, lines_of(out)


def valid_time(text: str) -> bool:
    """True when `text` is an ISO-8601 timestamp that exists (month 13 does not)."""
    if not ISO.match(text):
        return False
    try:
        gen.parse_iso(text)
        return True
    except ValueError:
        return False


def parsed_events(lines: list[str]) -> list[dict]:
    events = []
    for line in lines:
        try:
            events.append(json.loads(line))
        except ValueError:
            continue
    return events


def test_same_seed_same_bytes_and_different_seed_differs(tmp_path: Path) -> None:
    first, second, other = tmp_path / "a", tmp_path / "b", tmp_path / "c"
    make(first, seed=5, files=3)
    make(second, seed=5, files=3)
    make(other, seed=6, files=3)
    assert file_bytes(first) == file_bytes(second)  # events and manifest.json alike
    assert lines_of(first) != lines_of(other)


def test_gzip_is_deterministic_and_readable(tmp_path: Path) -> None:
    make(tmp_path / "a", seed=3, events=300, gzip=True)
    make(tmp_path / "b", seed=3, events=300, gzip=True)
    assert file_bytes(tmp_path / "a") == file_bytes(tmp_path / "b")
    make(tmp_path / "plain", seed=3, events=300)
    assert lines_of(tmp_path / "a") == lines_of(tmp_path / "plain")


def test_manifest_counts_add_up(generated: tuple[Path, dict, list[str]]) -> None:
    out, manifest, lines = generated
    assert len(lines) == N == manifest["events"]
    assert sum(f["lines"] for f in manifest["files"]) == N
    assert len(manifest["files"]) == 2
    assert sum(manifest["lines"].values()) == N
    assert sum(manifest["malformed"].values()) == manifest["lines"]["malformed"]
    per_integration = sum(sum(v.values()) for v in manifest["by_integration"].values())
    assert per_integration == manifest["lines"]["event"] + manifest["lines"]["duplicate"]
    assert manifest["sizes"]["bytes_total"] == sum((out / f["name"]).stat().st_size for f in manifest["files"])
    assert sum(manifest["sizes"]["histogram_counts"]) == N


def test_duplicate_malformed_and_out_of_order_shares(generated: tuple[Path, dict, list[str]]) -> None:
    _, manifest, lines = generated
    counts = Counter(lines)
    duplicates = sum(c - 1 for c in counts.values() if c > 1)
    assert duplicates == manifest["lines"]["duplicate"]
    assert 0.003 * N <= duplicates <= 0.02 * N
    not_json = sum(1 for line in lines if not _is_json(line))
    assert not_json == manifest["malformed"].get("not_json", 0)
    assert manifest["lines"]["malformed"] <= 0.005 * N
    assert manifest["out_of_order_completes"] > 0


def test_malformed_kinds_at_larger_scale(tmp_path: Path) -> None:
    manifest = make(tmp_path, seed=2, events=12_000)
    assert 0.0003 * 12_000 <= manifest["lines"]["malformed"] <= 0.003 * 12_000
    assert set(manifest["malformed"]) == {"not_json", "missing_run_id", "invalid_event_time"}


def _is_json(line: str) -> bool:
    try:
        json.loads(line)
        return True
    except ValueError:
        return False


def test_valid_lines_have_uuid_run_ids_and_iso_times(generated: tuple[Path, dict, list[str]]) -> None:
    _, manifest, lines = generated
    events = parsed_events(lines)
    broken = 0
    for event in events:
        run_id = event["run"].get("runId")
        if run_id is None or not valid_time(event["eventTime"]):
            broken += 1
            continue
        assert uuid.UUID(run_id).version in (7,)
        parent = event["run"]["facets"].get("parent")
        if parent:
            assert uuid.UUID(parent["run"]["runId"]).version == 7
    assert broken == manifest["malformed"].get("missing_run_id", 0) + manifest["malformed"].get("invalid_event_time", 0)


def test_run_id_timestamp_matches_first_event(generated: tuple[Path, dict, list[str]]) -> None:
    _, _, lines = generated
    first_seen: dict[str, int] = {}
    for event in parsed_events(lines):
        run_id = event["run"].get("runId")
        if not run_id or not valid_time(event["eventTime"]):
            continue
        ms = gen.parse_iso(event["eventTime"])
        first_seen[run_id] = min(ms, first_seen.get(run_id, ms))
    exact = 0
    for run_id, ms in first_seen.items():
        created = int(run_id.replace("-", "")[:12], 16)
        assert created <= ms  # a run's id never claims a time after its first event
        exact += created == ms
    assert exact >= 0.95 * len(first_seen)  # equal unless the START line was lost (malformed)


def by_integration(events: list[dict]) -> dict[str, list[dict]]:
    groups: dict[str, list[dict]] = {}
    for event in events:
        integration = event["job"]["facets"]["jobType"]["integration"]
        groups.setdefault(integration, []).append(event)
    return groups


def test_every_integration_has_its_facets(generated: tuple[Path, dict, list[str]]) -> None:
    _, manifest, lines = generated
    groups = by_integration(parsed_events(lines))
    assert set(groups) == set(gen.INTEGRATIONS)
    assert all(sum(manifest["by_integration"][i].values()) > 0 for i in gen.INTEGRATIONS)

    spark = groups["SPARK"]
    apps = [e for e in spark if e["job"]["facets"]["jobType"]["jobType"] == "APPLICATION"]
    sql_jobs = [e for e in spark if e["job"]["facets"]["jobType"]["jobType"] == "SQL_JOB"]
    assert apps and sql_jobs and len(sql_jobs) > len(apps)
    assert all("spark_applicationDetails" in e["run"]["facets"] and "processing_engine" in e["run"]["facets"]
               for e in apps)
    app_runs = {e["run"]["runId"] for e in apps}
    assert all("parent" in e["run"]["facets"] and "spark_jobDetails" in e["run"]["facets"] for e in sql_jobs)
    assert sum(e["run"]["facets"]["parent"]["run"]["runId"] in app_runs for e in sql_jobs) > 0.8 * len(sql_jobs)
    assert {e["eventType"] for e in sql_jobs} >= {"START", "RUNNING", "COMPLETE"}
    assert all(1 <= len(e["inputs"]) <= 3 and len(e["outputs"]) == 1 for e in sql_jobs)
    completes = [e for e in sql_jobs if e["eventType"] == "COMPLETE"]
    assert all("columnLineage" in e["outputs"][0]["facets"] and "outputStatistics" in e["outputs"][0]["outputFacets"]
               and all("inputStatistics" in i["inputFacets"] for i in e["inputs"]) for e in completes)
    assert all(e["outputs"][0]["facets"]["symlinks"]["identifiers"][0]["type"] == "TABLE" for e in sql_jobs)
    assert all("schema" in d["facets"] for e in sql_jobs for d in e["inputs"] + e["outputs"])
    assert any("parent" in e["run"]["facets"] for e in apps)  # launched by Airflow tasks

    airflow = groups["AIRFLOW"]
    dags = [e for e in airflow if e["job"]["facets"]["jobType"]["jobType"] == "DAG"]
    tasks = [e for e in airflow if e["job"]["facets"]["jobType"]["jobType"] == "TASK"]
    assert all("airflowDagRun" in e["run"]["facets"] for e in dags)
    assert all("parent" in e["run"]["facets"] for e in tasks)
    assert any("sql" in e["job"]["facets"] and e["inputs"] and e["outputs"] for e in tasks)
    starts = [e for e in tasks if e["eventType"] == "START"]
    assert all("airflow" in e["run"]["facets"] and "dagRun" in e["run"]["facets"]["airflow"] for e in starts)

    dbt = groups["DBT"]
    assert {e["job"]["facets"]["jobType"]["jobType"] for e in dbt} == {"JOB", "MODEL"}
    assert all("parent" in e["run"]["facets"] for e in dbt if e["job"]["facets"]["jobType"]["jobType"] == "MODEL")

    flink = groups["FLINK"]
    assert all(e["job"]["facets"]["jobType"]["processingType"] == "STREAMING" for e in flink)
    assert Counter(e["eventType"] for e in flink)["RUNNING"] > Counter(e["eventType"] for e in flink)["START"]

    hive = groups["HIVE"]
    assert all(e["job"]["namespace"].startswith("hive://") and "hive_query" in e["run"]["facets"]
               and "hive_session" in e["run"]["facets"] for e in hive)
    assert any(e["outputs"] and e["outputs"][0]["facets"]["symlinks"]["identifiers"][0]["type"] == "LOCATION"
               for e in hive)


def test_datasets_and_jobs_repeat(generated: tuple[Path, dict, list[str]]) -> None:
    _, _, lines = generated
    events = parsed_events(lines)
    outputs = Counter((d["namespace"], d["name"]) for e in events for d in e["outputs"])
    inputs = Counter((d["namespace"], d["name"]) for e in events for d in e["inputs"])
    assert len(outputs) < sum(outputs.values()) / 2  # the same datasets are written again and again
    assert set(outputs) & set(inputs)  # outputs of some jobs are read by others: lineage chains
    jobs = Counter((e["job"]["namespace"], e["job"]["name"]) for e in events)
    assert len(jobs) < len(events) / 3


def test_cli_help() -> None:
    import subprocess

    proc = subprocess.run([sys.executable, str(PROJECT_DIR / "scripts" / "generate_events.py"), "--help"],
                          capture_output=True, text=True)
    assert proc.returncode == 0 and "--events" in proc.stdout and "--seed" in proc.stdout
