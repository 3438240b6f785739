"""Issue 54, parts 1 and 2: the collector answers 200 only for OpenLineage events, by the build's own rules (one
definition: the event_rules YAML in macros/quarantine_reasons.sql), and it is observable (access log, /metrics).

The application runs in this process (tests/collector_helpers.py InProcessCollector: the ASGI app `serve` runs,
lifespan included, without a socket); tests/test_collector.py runs it as a real server.
"""
from __future__ import annotations

import gzip
import json
import re
import uuid
from pathlib import Path
from typing import Any, Iterator

import pytest

from tests.collector_helpers import LINEAGE, InProcessCollector
from tests.lw.dbt_runner import PROJECT_DIR, Warehouse
from tests.lw.records import Record, records

from lineage_warehouse.collector import event_rules

HOSTILE = PROJECT_DIR / "tests" / "fixtures" / "hostile"
RUN_ID = "01941f29-7c00-7000-8000-000000000001"


def run_event(**override: Any) -> dict[str, Any]:
    event = {"eventType": "COMPLETE", "eventTime": "2025-01-01T00:00:00.000Z", "producer": "tests/test_collector_intake",
             "schemaURL": "https://openlineage.io/spec/2-0-2/OpenLineage.json#/$defs/RunEvent",
             "run": {"runId": str(uuid.uuid4())}, "job": {"namespace": "intake", "name": "job"}}
    event.update(override)
    return event


def static_event(definition: str, **fields: Any) -> dict[str, Any]:
    return {"eventTime": "2025-01-01T00:00:00Z", "producer": "tests/test_collector_intake",
            "schemaURL": f"https://openlineage.io/spec/2-0-2/OpenLineage.json#/$defs/{definition}", **fields}


def compact(value: Any) -> bytes:
    return json.dumps(value, separators=(",", ":")).encode()


def landed(out: Path) -> list[bytes]:
    """Every line the collector wrote, open segment included."""
    return [line for path in sorted(out.rglob("*")) if path.is_file() for line in path.read_bytes().splitlines()]


@pytest.fixture(scope="module")
def intake(tmp_path_factory: pytest.TempPathFactory) -> Iterator[InProcessCollector]:
    with InProcessCollector(tmp_path_factory.mktemp("intake") / "landing") as collector:
        yield collector


# ------------------------------------------------------------------------------------------------------------
# Validate at intake: each shape that is no event gets 400 and its reason; nothing of it is written
# ------------------------------------------------------------------------------------------------------------

GOOD = run_event()
SINGLE_NON_EVENTS: dict[str, tuple[bytes, str]] = {
    "number": (b"42", "not_an_object"),
    "string": (b'"x"', "not_an_object"),
    "null": (b"null", "not_an_object"),
    "boolean": (b"true", "not_an_object"),
    "object_without_event_time": (compact({k: v for k, v in GOOD.items() if k != "eventTime"}), "missing_event_time"),
    "empty_object": (b"{}", "missing_event_time"),
    "event_time_null": (compact(run_event(eventTime=None)), "missing_event_time"),
    "event_time_not_a_timestamp": (compact(run_event(eventTime="yesterday")), "invalid_event_time"),
    "event_time_a_number": (compact(run_event(eventTime=1700000000)), "invalid_event_time"),
    "event_time_without_seconds": (compact(run_event(eventTime="2025-01-01T00:00Z")), "invalid_event_time"),
    "event_time_impossible_date": (compact(run_event(eventTime="2025-02-29T00:00:00Z")), "invalid_event_time"),
    "event_time_year_0": (compact(run_event(eventTime="0000-06-01T00:00:00Z")), "invalid_event_time"),
    "event_time_trailing_newline": (compact(run_event(eventTime="2025-01-01T00:00:00Z\n")), "invalid_event_time"),
    "run_event_without_run": (compact({k: v for k, v in GOOD.items() if k != "run"}), "missing_run_id"),
    "run_event_run_id_null": (compact(run_event(run={"runId": None})), "missing_run_id"),
    "run_id_not_a_uuid": (compact(run_event(run={"runId": "abc"})), "invalid_run_id"),
    "run_id_a_number": (compact(run_event(run={"runId": 12345})), "invalid_run_id"),
    "run_id_uuid_and_newline": (compact(run_event(run={"runId": RUN_ID + "\n"})), "invalid_run_id"),
    "job_not_an_object": (compact(run_event(job="not an object")), "missing_job_namespace"),
    "job_namespace_empty": (compact(run_event(job={"namespace": "", "name": "j"})), "missing_job_namespace"),
    "job_namespace_an_object": (compact(run_event(job={"namespace": {"k": "v"}, "name": "j"})),
                                "invalid_job_namespace"),
    "job_name_missing": (compact(run_event(job={"namespace": "n"})), "missing_job_name"),
    "job_name_a_boolean": (compact(run_event(job={"namespace": "n", "name": True})), "invalid_job_name"),
    "dataset_event_without_namespace": (compact(static_event("DatasetEvent", dataset={"name": "t"})),
                                        "missing_dataset_namespace"),
    "dataset_event_namespace_a_list": (compact(static_event("DatasetEvent", dataset={"namespace": ["n"], "name": "t"})),
                                       "invalid_dataset_namespace"),
    "dataset_event_name_empty": (compact(static_event("DatasetEvent", dataset={"namespace": "n", "name": ""})),
                                 "missing_dataset_name"),
    "dataset_event_name_a_number": (compact(static_event("DatasetEvent", dataset={"namespace": "n", "name": 7})),
                                    "invalid_dataset_name"),
    "job_event_without_name": (compact(static_event("JobEvent", job={"namespace": "n"})), "missing_job_name"),
    "lone_surrogate": (compact(run_event()).replace(b'"job"}', b'"job\\ud800"}'), "lone_surrogate"),
}


@pytest.mark.parametrize("case", SINGLE_NON_EVENTS)
def test_intake_refuses_a_single_non_event_with_its_quarantine_reason(intake: InProcessCollector, case: str) -> None:
    body, reason = SINGLE_NON_EVENTS[case]
    before = landed(intake.out)
    status, answer = intake.post(body)
    assert (status, answer["error"]) == (400, reason)
    assert answer["message"] == f"not an OpenLineage event: {event_rules.description(reason)}"
    assert "rejected" not in answer
    assert landed(intake.out) == before


BATCHES: dict[str, tuple[bytes, list[tuple[int, str]]]] = {
    "event_3_and_x": (compact([GOOD, 3, "x"]), [(1, "not_an_object"), (2, "not_an_object")]),
    "array_in_a_batch": (compact([[GOOD], GOOD]), [(0, "not_an_object")]),
    "events_wrapper": (compact({"events": [GOOD, {"eventTime": "2025-01-01T00:00:00Z"}]}), [(1, "missing_run_id")]),
    "lone_surrogate_item": (b'[{"x": "\\udc00"}, ' + compact(GOOD) + b"]", [(0, "lone_surrogate")]),
}


@pytest.mark.parametrize("case", BATCHES)
def test_intake_refuses_a_batch_with_bad_items_listing_each_index_and_reason(
        intake: InProcessCollector, case: str) -> None:
    body, bad = BATCHES[case]
    before = landed(intake.out)
    status, answer = intake.post(body)
    assert (status, answer["error"]) == (400, "invalid_batch")
    assert answer["rejected"] == [{"index": i, "reason": r, "message": event_rules.description(r)} for i, r in bad]
    assert answer["rejected_count"] == len(bad)
    assert landed(intake.out) == before


def test_intake_refuses_an_empty_batch(intake: InProcessCollector) -> None:
    for body in (b"[]", b" [ ] ", b'{"events": []}'):
        assert intake.post(body) == (400, {"error": "empty_batch", "message": "the batch holds no event"})


def test_intake_batch_with_one_bad_item_lands_none_of_it(intake: InProcessCollector) -> None:
    events = [run_event() for _ in range(4)]
    bad = run_event(run={"runId": "not-a-uuid"})
    before = landed(intake.out)
    status, answer = intake.post(compact([events[0], events[1], bad, events[2], events[3]]))
    assert status == 400 and [(r["index"], r["reason"]) for r in answer["rejected"]] == [(2, "invalid_run_id")]
    assert landed(intake.out) == before, "a refused batch wrote something"
    assert intake.post(compact(events)) == (200, {"accepted": 4})
    assert landed(intake.out) == before + [compact(e) for e in events]


def test_intake_refused_batch_answer_lists_at_most_100_items(intake: InProcessCollector) -> None:
    status, answer = intake.post(compact([GOOD] + [1] * 250))
    assert status == 400 and answer["rejected_count"] == 250
    assert [r["index"] for r in answer["rejected"]] == list(range(1, 101))


def test_intake_accepts_run_dataset_and_job_events(intake: InProcessCollector) -> None:
    events = [
        run_event(),
        run_event(run={"runId": RUN_ID.upper()}, eventTime="2025-01-01 10:00:00.123456789+05:30"),
        run_event(eventTime="0001-01-02T00:00:00z", job={"namespace": "[not json", "name": "5"}),
        static_event("DatasetEvent", dataset={"namespace": "postgres://db:5432", "name": "public.t"}),
        {"eventTime": "2025-01-01T00:00:00Z", "dataset": {"namespace": "s3://b", "name": "k"}},  # no schemaURL
        static_event("JobEvent", job={"namespace": "intake", "name": "static"}),
    ]
    before = landed(intake.out)
    assert intake.post(compact(events)) == (200, {"accepted": len(events)})
    for event in events:
        assert intake.post(gzip.compress(compact(event)), {"Content-Encoding": "gzip"}) == (200, {"accepted": 1})
    assert landed(intake.out) == before + [compact(e) for e in events] * 2


# ------------------------------------------------------------------------------------------------------------
# One definition: the collector's checks are the build's, in its order, and give the build's verdicts
# ------------------------------------------------------------------------------------------------------------

def test_intake_rules_are_the_build_definition_in_its_order() -> None:
    """The collector reads the YAML dbt reads (fromyaml of the same block); its checks come in the definition's
    order, which is the order of stg_event_envelopes' case expression."""
    block = re.search(r"set event_rules_yaml -%}(.*?){%- endset", event_rules.RULES_FILE.read_text(), re.S)
    assert block is not None
    import yaml
    assert list(event_rules.RULES.reasons.items()) == list(yaml.safe_load(block.group(1))["reasons"].items())
    assert [*event_rules.PARSE_REASONS, *event_rules.CHECKS] == list(event_rules.RULES.reasons)
    envelopes = (PROJECT_DIR / "models" / "staging" / "stg_event_envelopes.sql").read_text()
    case = envelopes[envelopes.rindex("case\n            when record_kind = 'invalid'"):]
    codes, reasons = re.findall(r"(?:then|else) '([a-z_]+)'", case), list(event_rules.RULES.reasons)
    # not_json and lone_surrogate are the two outcomes of one test (a record that is no JSON text): either order
    assert set(codes[:2]) == set(reasons[:2]) == {"not_json", "lone_surrogate"} and codes[2:] == reasons[2:]


def parse_timestamp_cases() -> list[tuple[str, bool]]:
    """The texts tests/dbt/cross_db/test_parse_timestamp.sql pins on both engines, and whether each is an instant."""
    sql = (PROJECT_DIR / "tests" / "dbt" / "cross_db" / "test_parse_timestamp.sql").read_text()
    cases = re.findall(r"\('([^']*)', cast\((null|'[^']*') as timestamp\)\)", sql)
    assert len(cases) >= 20
    return [(text, expected != "null") for text, expected in cases]


@pytest.mark.parametrize("text, is_instant", parse_timestamp_cases())
def test_intake_event_time_rule_gives_parse_timestamps_verdict(text: str, is_instant: bool) -> None:
    assert event_rules.is_event_time(text) is is_instant


@pytest.mark.parametrize("text", ["2025-01-01T24:00:00Z", "2025-01-01T10:00:00+18:01", "2025-01-01T10:00:00+19:00",
                                  "2025-01-01T23:59:60Z", "2025-01-01T10:00:00+05:60"])
def test_intake_event_time_rule_refuses_what_one_engine_would_not_place(text: str) -> None:
    """DuckDB reads 24:00:00 and offsets past 18:00; Spark (java.time) reads neither: intake takes what both read."""
    assert not event_rules.is_event_time(text)


def build_verdicts(wh: Warehouse) -> dict[tuple[str, int, int | None], str | None]:
    rows = wh.query("select source_file, line_number, element_index, quarantine_reason"
                    " from staging.stg_event_envelopes")
    return {(Path(f).name, int(line), None if element is None else int(element)): reason
            for f, line, element, reason in rows}


def hostile_records() -> list[tuple[str, Record]]:
    return [(path.name, record) for path in sorted(HOSTILE.glob("h*")) for record in records(path)]


def test_intake_gives_the_builds_verdict_and_reason_for_every_hostile_record(
        hostile_duckdb: Warehouse, tmp_path: Path) -> None:
    """Each record of the hostile set, posted alone, is accepted exactly when the DuckDB build places it, and
    refused with the reason the build quarantines it with (a record that is itself an array is posted as a batch
    of one: a body that is an array is a batch)."""
    verdicts = build_verdicts(hostile_duckdb)
    compared = []
    with InProcessCollector(tmp_path / "landing", max_body_bytes=64 << 20, max_decoded_bytes=64 << 20) as collector:
        for name, record in hostile_records():
            key = (name, record.line_number, record.element_index)
            is_array = record.text.lstrip().startswith("[")
            status, answer = collector.post(f"[{record.text}]".encode() if is_array else record.text.encode())
            if status == 200:
                got = None
            elif is_array:
                [item] = answer["rejected"]
                got = item["reason"]
            else:
                got = answer["error"]
            compared.append((key, got, verdicts[key]))
    assert [c for c in compared if c[1] != c[2]] == []
    assert len(compared) == len(verdicts), "a record of the build was not posted"
    reasons = {want for _, _, want in compared}
    assert reasons == {None, *event_rules.RULES.reasons}, "the hostile set no longer covers every reason"


# ------------------------------------------------------------------------------------------------------------
# Observable: metrics after a known sequence, the access-log line
# ------------------------------------------------------------------------------------------------------------

SAMPLE = re.compile(r'^([a-z_]+)(\{[a-z_]+="[^"\\]*"(,[a-z_]+="[^"\\]*")*\})? (-?[0-9.e+-]+|\+Inf)$')


def parse_metrics(text: str) -> dict[str, float]:
    """Samples by their name and labels as written; checks the text format on the way (HELP and TYPE before the
    samples of each family, every sample line well formed)."""
    samples: dict[str, float] = {}
    typed: set[str] = set()
    for line in text.splitlines():
        if line.startswith("# HELP "):
            continue
        if line.startswith("# TYPE "):
            _, _, name, kind = line.split(" ")
            assert kind in ("counter", "gauge", "histogram"), line
            typed.add(name)
            continue
        found = SAMPLE.match(line)
        assert found, f"not a sample line: {line!r}"
        family = re.sub(r"_(bucket|sum|count)$", "", found.group(1))
        assert found.group(1) in typed or family in typed, f"sample before its TYPE: {line!r}"
        samples[line.rsplit(" ", 1)[0]] = float(found.group(4))
    assert text.endswith("\n")
    return samples


def test_metrics_after_a_known_sequence_of_requests(tmp_path: Path) -> None:
    events = [run_event() for _ in range(5)]
    sequence: list[tuple[str, str, bytes, dict[str, str]]] = [
        ("POST", LINEAGE, compact(events[0]), {}),                                      # 200, 1 event
        ("POST", LINEAGE, compact(events[1]), {}),                                      # 200, 1 event
        ("POST", "/api/v1/lineage/batch", compact(events[2:4]), {}),                    # 200, 2 events
        ("POST", LINEAGE, gzip.compress(compact([events[4]])), {"Content-Encoding": "gzip"}),  # 200, 1 event
        ("POST", LINEAGE, compact([events[0], 3, "x"]), {}),                            # 400 invalid_batch, 2 rejected
        ("POST", LINEAGE, b"42", {}),                                                   # 400 not_an_object
        ("POST", LINEAGE, compact(run_event(run={"runId": "abc"})), {}),                # 400 invalid_run_id
        ("POST", LINEAGE, b"{oops", {}),                                                # 400 not_json
        ("POST", LINEAGE, compact(events[0]), {"Content-Type": "text/plain"}),          # 415
        ("GET", "/health", b"", {}),                                                    # 200
        ("GET", "/nope", b"", {}),                                                      # 404
        ("GET", LINEAGE, b"", {}),                                                      # 405
    ]
    with InProcessCollector(tmp_path / "landing") as collector:
        statuses = [collector.request(method, path, body, {"Content-Type": "application/json", **headers})[0]
                    for method, path, body, headers in sequence]
        assert statuses == [200, 200, 200, 200, 400, 400, 400, 400, 415, 200, 404, 405]
        status, text, headers = collector.request("GET", "/metrics")
        second = parse_metrics(collector.request("GET", "/metrics")[1].decode())
    assert status == 200 and headers["content-type"] == "text/plain; version=0.0.4; charset=utf-8"
    m = parse_metrics(text.decode())
    requests = {k: v for k, v in m.items() if k.startswith("lw_collector_http_requests_total")}
    assert requests == {
        'lw_collector_http_requests_total{route="/api/v1/lineage",code="200"}': 3,
        'lw_collector_http_requests_total{route="/api/v1/lineage/batch",code="200"}': 1,
        'lw_collector_http_requests_total{route="/api/v1/lineage",code="400"}': 4,
        'lw_collector_http_requests_total{route="/api/v1/lineage",code="415"}': 1,
        'lw_collector_http_requests_total{route="/health",code="200"}': 1,
        'lw_collector_http_requests_total{route="other",code="404"}': 1,
        'lw_collector_http_requests_total{route="/api/v1/lineage",code="405"}': 1,
    }, "a scrape counts itself only once answered"
    assert second['lw_collector_http_requests_total{route="/metrics",code="200"}'] == 1
    assert {k: v for k, v in m.items() if k.startswith("lw_collector_requests_refused_total")} == {
        'lw_collector_requests_refused_total{error="invalid_batch"}': 1,
        'lw_collector_requests_refused_total{error="not_an_object"}': 1,
        'lw_collector_requests_refused_total{error="invalid_run_id"}': 1,
        'lw_collector_requests_refused_total{error="not_json"}': 1,
        'lw_collector_requests_refused_total{error="unsupported_media_type"}': 1,
        'lw_collector_requests_refused_total{error="http_error"}': 2,
    }
    assert m["lw_collector_events_accepted_total"] == 5
    rejected = {k: v for k, v in m.items() if k.startswith("lw_collector_events_rejected_total") and v}
    assert rejected == {'lw_collector_events_rejected_total{reason="not_an_object"}': 3,
                        'lw_collector_events_rejected_total{reason="invalid_run_id"}': 1}
    assert len([k for k in m if k.startswith("lw_collector_events_rejected_total")]) == len(event_rules.RULES.reasons)
    # a request refused on its headers (the 415) is answered without reading its body
    assert m["lw_collector_received_bytes_total"] == sum(len(body) for _, _, body, _ in sequence) - len(sequence[8][2])
    commits = m["lw_collector_group_commits_total"]
    assert 1 <= commits <= 4 and m["lw_collector_fsync_seconds_count"] == commits
    buckets = [v for k, v in m.items() if k.startswith("lw_collector_fsync_seconds_bucket")]
    assert buckets == sorted(buckets) and buckets[-1] == commits
    assert 'lw_collector_fsync_seconds_bucket{le="+Inf"}' in m and m["lw_collector_fsync_seconds_sum"] > 0
    assert m["lw_collector_open_segment_bytes"] == sum(len(compact(e)) + 1 for e in events)
    assert 0 < m["lw_collector_open_segment_age_seconds"] < 60
    assert m["lw_collector_writer_up"] == 1 and m["lw_collector_closed_files_total"] == 0


ACCESS_LINE = re.compile(
    r"^time=(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z) client=(\S+) method=(\S+) path=(\S+|\"(?:[^\"\\]|\\.)*\") "
    r"status=(\d{3}) events=(\d+) rejected=(\d+) bytes=(\d+) ms=(\d+\.\d\d) error=(\S+)$")


def test_access_log_line_per_request_with_method_path_status_events_bytes_ms(tmp_path: Path) -> None:
    log = tmp_path / "access.log"
    batch = compact([run_event(), run_event()])
    bad = compact([run_event(), 3])
    with InProcessCollector(tmp_path / "landing", access_log=log) as collector:
        collector.post(batch)
        collector.post(bad)
        collector.request("GET", "/health")
        collector.request("GET", '/odd path"\n')
    lines = log.read_text().splitlines()
    assert len(lines) == 4
    fields = []
    for line in lines:
        found = ACCESS_LINE.match(line)
        assert found, f"not an access-log line: {line!r}"
        fields.append(found.groups()[2:8] + (found.group(10),))
        assert float(found.group(9)) >= 0
    assert fields == [
        ("POST", LINEAGE, "200", "2", "0", str(len(batch)), "-"),
        ("POST", LINEAGE, "400", "0", "1", str(len(bad)), "invalid_batch"),
        ("GET", "/health", "200", "0", "0", "0", "-"),
        ("GET", json.dumps('/odd path"\n'), "404", "0", "0", "0", "http_error"),
    ]
