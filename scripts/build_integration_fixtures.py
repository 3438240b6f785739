#!/usr/bin/env python3
"""Complete the OpenLineage integration-test fragments into valid run events, and write a synthetic Airflow set.

The fragments under tests/fixtures/events/partial-fragments are the *expected events* of the Spark, Hive, Flink
and dbt integration tests: they show which facets each integration really emits, but many lack the envelope
(`eventTime`, `run.runId`, `producer`, `schemaURL`, sometimes `eventType` or `job.name`) and some hold matcher
placeholders (`${json-unit.any-string}`, `${json-unit.regex}...`, `{{ any(result) }}`, `{PROJECT_ID}`).

This script fills the envelope and replaces the placeholders with plausible concrete values, deterministically
(same input, same bytes; nothing depends on the clock, the machine or the directory names), and keeps every facet
of the fragments as it is. It writes one NDJSON file per integration and fragment family
(`<out>/<integration>/<family>.jsonl`, one event per line, in event-time order; dbt fragment arrays are written
as NDJSON too), and `<out>/MANIFEST.json`, which lists for every output file its source fragments and what was
filled in. The Airflow files are synthetic (there are no real Airflow events): they follow the event shape of the
OpenLineage Airflow provider for Airflow 2.8, 2.10 and 3.0 and are marked `synthetic` in the manifest.

Usage: python scripts/build_integration_fixtures.py [--src DIR] [--out DIR]
"""
from __future__ import annotations

import argparse
import copy
import datetime as dt
import hashlib
import json
import re
import sys
import uuid
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable

PROJECT_DIR = Path(__file__).resolve().parents[1]
DEFAULT_SRC = Path("tests/fixtures/events/partial-fragments")
DEFAULT_OUT = Path("tests/fixtures/integrations")

UTC = dt.timezone.utc
EPOCH = dt.datetime(1970, 1, 1, tzinfo=UTC)
YEAR_2025 = dt.datetime(2025, 1, 1, tzinfo=UTC)

SCHEMA_URL = "https://openlineage.io/spec/2-0-2/OpenLineage.json#/$defs/RunEvent"
OL_VERSION = "1.30.0"  # OpenLineage Java integrations (Spark, Hive, Flink)
DBT_OL_VERSION = "1.25.0"  # openlineage-dbt of the dbt 1.8 era of the dbt fragments
SPARK_VERSION = "3.5.4"
PRODUCERS = {
    "spark": f"https://github.com/OpenLineage/OpenLineage/tree/{OL_VERSION}/integration/spark",
    "hive": f"https://github.com/OpenLineage/OpenLineage/tree/{OL_VERSION}/integration/hive",
    "flink": f"https://github.com/OpenLineage/OpenLineage/tree/{OL_VERSION}/integration/flink",
    "dbt": f"https://github.com/OpenLineage/OpenLineage/tree/{DBT_OL_VERSION}/integration/dbt",
}
ADAPTER_VERSIONS = {"spark": OL_VERSION, "hive": OL_VERSION, "flink": OL_VERSION, "dbt": DBT_OL_VERSION}
FACET_SCHEMAS = {
    "jobType": "https://openlineage.io/spec/facets/2-0-3/JobTypeJobFacet.json#/$defs/JobTypeJobFacet",
    "parent": "https://openlineage.io/spec/facets/1-1-0/ParentRunFacet.json#/$defs/ParentRunFacet",
    "processing_engine":
        "https://openlineage.io/spec/facets/1-1-1/ProcessingEngineRunFacet.json#/$defs/ProcessingEngineRunFacet",
    "nominalTime": "https://openlineage.io/spec/facets/1-0-1/NominalTimeRunFacet.json#/$defs/NominalTimeRunFacet",
    "errorMessage": "https://openlineage.io/spec/facets/1-0-1/ErrorMessageRunFacet.json#/$defs/ErrorMessageRunFacet",
    "sql": "https://openlineage.io/spec/facets/1-1-0/SQLJobFacet.json#/$defs/SQLJobFacet",
    "schema": "https://openlineage.io/spec/facets/1-1-1/SchemaDatasetFacet.json#/$defs/SchemaDatasetFacet",
    "dataSource":
        "https://openlineage.io/spec/facets/1-0-1/DatasourceDatasetFacet.json#/$defs/DatasourceDatasetFacet",
    "tags": "https://openlineage.io/spec/facets/1-0-0/TagsJobFacet.json#/$defs/TagsJobFacet",
    "spark_applicationDetails": "https://openlineage.io/spec/facets/1-0-0/SparkApplicationDetailsRunFacet.json"
                                "#/$defs/SparkApplicationDetailsRunFacet",
}

# Values for the `{TOKEN}` templates of the BigQuery fragments (the test substitutes them at run time).
TEMPLATE_VALUES = {
    "NAMESPACE": "bigquery-integration",
    "PROJECT_ID": "openlineage-ci",
    "DATASET_ID": "spark_integration_test",
    "JAVA_VERSION": "17",
    "SPARK_VERSION": "3_5_4",
    "SCALA_VERSION": "2_12",
}
TEMPLATE_RE = re.compile(r"\{(" + "|".join(TEMPLATE_VALUES) + r")\}")

# `${json-unit.regex}<pattern>` placeholders: one sample value per pattern seen in the fragments. Every sample is
# checked against its pattern; a pattern not listed here stops the build (no silent guess).
REGEX_SAMPLES = {
    r"1.\d+.\d+": "1.19.1",
    r"1\.\d+\.\d+": "1.19.1",
    r"2\.\d+.*": "2.0.0",
    r"open_lineage_integration_create_table.*create_table_test":
        "open_lineage_integration_create_table.execute_create_table_command.create_table_test",
}
CLIENT_IP_PATTERN = r"\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}"

# Spark fragments whose job has no name (the test only checked the namespace): the name the integration gives
# such a job, `{application}.{plan node}[.{output table}]`, chosen from the family's datasets and siblings.
SPARK_JOB_NAMES = {
    "applicationLevel": "generic_integration_test.collect_limit",
    "deltaMergeCommandVerification": "delta_integration_test.execute_merge_into_command_edge.events",
    "pysparkBigqueryQuery": "open_lineage_spark_bigquery.execute_save_into_data_source_command.target_query_test",
    "pysparkBigquerySave": "open_lineage_spark_bigquery.execute_save_into_data_source_command.target",
    "pysparkCLL": "open_lineage_integration_cll.execute_create_hive_table_as_select_command.default_tbl1",
    "pysparkCTAS": "open_lineage_integration_ctas_load.execute_create_hive_table_as_select_command.default_tbl1",
    "pysparkCTASWithColumnLineage":
        "open_lineage_integration_ctas_load.execute_create_hive_table_as_select_command.default_tbl1",
    "pysparkCachedDataset": "open_lineage_integration_cached_dataset.collect_limit",
    "pysparkDeltaGroupBy": "delta_integration_test.execute_save_into_data_source_command.delta_t2",
    "pysparkDeltaMergeInto": "delta_integration_test.execute_merge_into_command_edge.delta_t1",
    "pysparkDeltaSaveAsTable": "delta_integration_test.atomic_create_table_as_select.default_movies",
    "pysparkDropTable": "open_lineage_integration_drop_table.execute_drop_table_command.default_drop_table_test",
    "pysparkMetrics": "open_lineage_integration_emit_metrics.execute_create_data_source_table_as_select_command"
                      ".default_create_table_emit_test",
    "pysparkOCTAS": "open_lineage_integration_octas_load.execute_optimized_create_hive_table_as_select_command"
                    ".default_tbl2",
    "pysparkSaveIntoDatasource": "delta_integration_test.execute_save_into_data_source_command"
                                 ".save_into_data_source_target",
    "pysparkSingleRDDStatistics": "open_lineage_integration_rdd_statistics.map_partitions_parallel_collection",
    "pysparkSymlinks": "open_lineage_integration_symlinks.execute_create_data_source_table_as_select_command"
                       ".default_test",
    "pysparkV2DropTable": "iceberg_integration_test.drop_table.default_iceberg_drop_table_test",
    "pysparkV2OverwriteByExpression": "iceberg_integration_test.overwrite_by_expression.spark_catalog_default_tbl",
    "pysparkWordCountWithCliArgs": "open_lineage_word_count.execute_insert_into_hadoop_fs_relation_command"
                                   ".test_output",
}
# Dataset references whose identity the test left out because it is only known at run time (the JDBC tests'
# PostgreSQL container address, the text file a Spark SQL test reads): (missing key, value) per family. Applies to
# input/output entries and to column-lineage input fields.
SPARK_DATASET_FILLS = {
    "columnLineageJDBC": ("namespace", "postgres://postgres:5432"),
    "columnLineageSingleInput": ("namespace", "postgres://postgres:5432"),
    "sparksql_1_2": ("name", "/tmp/test_spark_sql/words.txt"),
    "sparksql_3_4": ("name", "/tmp/test_spark_sql/words.txt"),
}
# Fragment files that belong together although their names do not say so (one START/COMPLETE pair each).
SPARK_FAMILY_OVERRIDES = {
    "sparksql_1": "sparksql_1_2", "sparksql_2": "sparksql_1_2",
    "sparksql_3": "sparksql_3_4", "sparksql_4": "sparksql_3_4",
}
TYPE_RANK = {"START": 0, "RUNNING": 1, "OTHER": 1, "COMPLETE": 2, "FAIL": 2, "ABORT": 2}


# ------------------------------------------------------------------------------------------------------------
# deterministic values
# ------------------------------------------------------------------------------------------------------------

def digest(*parts: object) -> bytes:
    return hashlib.sha256("\x1f".join(str(p) for p in parts).encode("utf-8")).digest()


def number(*parts: object) -> int:
    return int.from_bytes(digest(*parts)[:8], "big")


def epoch_ms(ts: dt.datetime) -> int:
    return (ts - EPOCH) // dt.timedelta(milliseconds=1)


def uuid7(ts: dt.datetime, *parts: object) -> str:
    """UUIDv7: 48-bit Unix ms of ts, version 7, RFC 4122 variant, the other 74 bits from a hash of parts."""
    h = int.from_bytes(digest(*parts)[:10], "big")
    rand_a = h >> 68  # 12 bits
    rand_b = h & ((1 << 62) - 1)  # 62 bits
    value = (epoch_ms(ts) << 80) | (0x7 << 76) | (rand_a << 64) | (0b10 << 62) | rand_b
    return str(uuid.UUID(int=value))


def uuid4(*parts: object) -> str:
    """A random-looking (version 4) UUID derived from parts."""
    return str(uuid.UUID(bytes=digest(*parts)[:16], version=4))


def hex_id(length: int, *parts: object) -> str:
    return digest(*parts).hex()[:length]


def base_time(*parts: object) -> dt.datetime:
    """A 2025 instant (whole milliseconds) that depends only on parts."""
    n = number("base", *parts)
    return YEAR_2025 + dt.timedelta(days=n % 360, seconds=(n >> 16) % 86_400, milliseconds=(n >> 40) % 1000)


def step(*parts: object, low_ms: int = 400, high_ms: int = 4_000) -> dt.timedelta:
    return dt.timedelta(milliseconds=low_ms + number("step", *parts) % (high_ms - low_ms))


def java_time(ts: dt.datetime) -> str:
    """How the OpenLineage Java client writes an instant: UTC, milliseconds, `Z`."""
    return ts.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.") + f"{ts.microsecond // 1000:03d}Z"


def python_time(ts: dt.datetime) -> str:
    """How the OpenLineage Python client writes an instant: `datetime.isoformat()` with `+00:00`."""
    return ts.astimezone(UTC).isoformat(timespec="microseconds")


def parse_time(value: Any) -> dt.datetime | None:
    if not isinstance(value, str) or is_placeholder(value):
        return None
    parsed = dt.datetime.fromisoformat(value)
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)


def is_placeholder(value: Any) -> bool:
    return isinstance(value, str) and ("json-unit" in value or "{{ any" in value)


def regex_sample(pattern: str) -> str:
    if pattern not in REGEX_SAMPLES:
        raise ValueError(f"no sample value for the json-unit regex {pattern!r}: add one to REGEX_SAMPLES")
    sample = REGEX_SAMPLES[pattern]
    if not re.fullmatch(pattern, sample):
        raise ValueError(f"sample {sample!r} does not match {pattern!r}")
    return sample


# ------------------------------------------------------------------------------------------------------------
# output model
# ------------------------------------------------------------------------------------------------------------

@dataclass
class Fragment:
    source: str  # path relative to --src, plus `[i]` for an element of an array file
    stem: str
    event: dict[str, Any]


@dataclass
class OutFile:
    path: str  # relative to --out
    integration: str
    sources: list[str]
    events: list[dict[str, Any]] = field(default_factory=list)
    filled: Counter[str] = field(default_factory=Counter)
    synthetic: bool = False
    notes: str = ""
    python_style: bool = False  # Python producers: `", "` separators and sorted keys, like the Python client

    def fill(self, what: str, count: int = 1) -> None:
        self.filled[what] += count


def envelope(event: dict[str, Any]) -> dict[str, Any]:
    """The event with its top-level keys in the order the OpenLineage clients write them."""
    order = ["eventTime", "producer", "schemaURL", "eventType", "run", "job", "inputs", "outputs"]
    result = {key: event[key] for key in order if key in event}
    result.update({key: value for key, value in event.items() if key not in result})
    if isinstance(result.get("run"), dict):
        run = result["run"]
        result["run"] = {k: run[k] for k in ("runId", "facets") if k in run} | {
            k: v for k, v in run.items() if k not in ("runId", "facets")}
    if isinstance(result.get("job"), dict):
        job = result["job"]
        result["job"] = {k: job[k] for k in ("namespace", "name", "facets") if k in job} | {
            k: v for k, v in job.items() if k not in ("namespace", "name", "facets")}
    return result


def facet(name: str, producer: str, body: dict[str, Any]) -> dict[str, Any]:
    return {"_producer": producer, "_schemaURL": FACET_SCHEMAS[name], **body}


# ------------------------------------------------------------------------------------------------------------
# placeholder replacement
# ------------------------------------------------------------------------------------------------------------

Resolver = Callable[[tuple[str, ...], str, dict[str, Any] | None], Any]


def replace_placeholders(node: Any, resolve: Resolver, out: OutFile, path: tuple[str, ...] = (),
                         dataset: dict[str, Any] | None = None) -> Any:
    """A copy of node with every placeholder string replaced by resolve(path, text, enclosing dataset)."""
    if isinstance(node, dict):
        if len(path) == 2 and path[0] in ("inputs", "outputs"):
            dataset = node
        return {k: replace_placeholders(v, resolve, out, path + (k,), dataset) for k, v in node.items()}
    if isinstance(node, list):
        return [replace_placeholders(v, resolve, out, path + (str(i),), dataset) for i, v in enumerate(node)]
    if isinstance(node, str):
        if is_placeholder(node):
            value = resolve(path, node, dataset)
            out.fill("placeholder " + ".".join("[]" if p.isdigit() else p for p in path))
            return value
        if TEMPLATE_RE.search(node):
            out.fill("template " + ".".join("[]" if p.isdigit() else p for p in path))
            return TEMPLATE_RE.sub(lambda m: TEMPLATE_VALUES[m.group(1)], node)
    return node


def common_value(path: tuple[str, ...], text: str, integration: str, ctx: dict[str, Any]) -> Any:
    """Values every integration shares; raises for a placeholder nobody knows how to fill."""
    tail = path[-2:]
    if tail == ("processing_engine", "openlineageAdapterVersion"):
        return ADAPTER_VERSIONS[integration]
    if tail == ("processing_engine", "version"):
        if text.startswith("${json-unit.regex}"):
            return regex_sample(text[len("${json-unit.regex}"):])
        return {"spark": SPARK_VERSION}[integration]
    if path == ("job", "name") and text.startswith("${json-unit.regex}"):
        return regex_sample(text[len("${json-unit.regex}"):])
    if text == "${json-unit.any-number}" and path[-2] in ("inputStatistics", "outputStatistics"):
        return 512 + number(ctx["seed"], *path) % 65_536
    raise ValueError(f"{ctx['seed']}: no value for placeholder {text!r} at {'.'.join(path)}")


# ------------------------------------------------------------------------------------------------------------
# event times
# ------------------------------------------------------------------------------------------------------------

@dataclass
class Item:
    """One event of an output file while it is being completed."""
    event: dict[str, Any]
    source: str | None  # None for an event this script adds
    role: str = ""  # integration-specific: 'app' / 'job' for Spark

    @property
    def synthetic(self) -> bool:
        return self.source is None


def schedule(items: list[Item], seed: str, write: Callable[[dt.datetime], str], out: OutFile,
             gap: Callable[[int], dt.timedelta] | None = None) -> list[dt.datetime]:
    """Give every item without a usable eventTime one, keeping the items' order as the time order.

    Items with their own time keep it. With none at all, the file gets a 2025 base time and a few seconds
    between events; items before the first timed one are placed one second apart before it, items after a
    timed one one `gap` after their predecessor.
    """
    gap = gap or (lambda i: step(seed, i))
    own = [parse_time(item.event.get("eventTime")) for item in items]
    times: list[dt.datetime | None] = list(own)
    anchors = [i for i, t in enumerate(own) if t is not None]
    if not anchors:
        clock = base_time(seed)
        for i in range(len(items)):
            clock = clock + (gap(i) if i else dt.timedelta(0))
            times[i] = clock
    else:
        first = anchors[0]
        for i in range(first - 1, -1, -1):
            times[i] = times[i + 1] - dt.timedelta(seconds=1)  # type: ignore[operator]
        clock = times[first]
        for i in range(first + 1, len(items)):
            if own[i] is not None:
                clock = max(clock, own[i])  # type: ignore[type-var, assignment]
            else:
                clock = clock + (dt.timedelta(seconds=1) if i == len(items) - 1 else gap(i))  # type: ignore[operator]
                times[i] = clock
    result: list[dt.datetime] = []
    for item, mine, ts in zip(items, own, times):
        assert ts is not None
        if mine is None:
            item.event["eventTime"] = write(ts)
            if not item.synthetic:
                out.fill("eventTime")
        result.append(ts)
    return result


def fill_envelope(item: Item, out: OutFile, producer: str, run_id: str) -> None:
    """runId, producer and schemaURL where missing (counted for fragments, not for added events)."""
    event = item.event
    run = event.setdefault("run", {})
    if not run.get("runId") or is_placeholder(run.get("runId")):
        run["runId"] = run_id
        if not item.synthetic:
            out.fill("run.runId")
    for key, value in (("producer", producer), ("schemaURL", SCHEMA_URL)):
        if key not in event:
            event[key] = value
            if not item.synthetic:
                out.fill(key)
    for key in ("inputs", "outputs"):
        if key not in event:
            event[key] = []
            if not item.synthetic:
                out.fill(key)


def ensure_job_type(item: Item, out: OutFile, producer: str, integration: str, job_type: str,
                    processing_type: str) -> None:
    job_facets = item.event["job"].setdefault("facets", {})
    if "jobType" not in job_facets:
        job_facets["jobType"] = facet("jobType", producer, {
            "processingType": processing_type, "integration": integration, "jobType": job_type})
        if not item.synthetic:
            out.fill("job.facets.jobType")


# ------------------------------------------------------------------------------------------------------------
# Spark
# ------------------------------------------------------------------------------------------------------------

SPARK_SUFFIX = re.compile(r"(Start|Complete|End|Running)(Application|Job)?(Event)?$|Event$")
SPARK_KINDS = {"Start": "START", "Complete": "COMPLETE", "End": "COMPLETE", "Running": "RUNNING"}


def spark_family(stem: str) -> tuple[str, str, str | None]:
    """(family, role 'app' or 'job', event type the file name implies or None)."""
    name = stem.removeprefix("container_")
    if name in SPARK_FAMILY_OVERRIDES:
        return SPARK_FAMILY_OVERRIDES[name], "job", None
    match = SPARK_SUFFIX.search(name)
    if not match:
        return name, "job", None
    role = "app" if match.group(2) == "Application" else "job"
    return name[:match.start()], role, SPARK_KINDS.get(match.group(1) or "")


def fill_dataset_references(event: dict[str, Any], key: str, value: str, out: OutFile) -> None:
    """Set `key` on every input/output entry and column-lineage input field of event that lacks it."""
    for io in ("inputs", "outputs"):
        for entry in event.get(io) or []:
            if key not in entry:
                entry[key] = value
                out.fill(f"{io}[].{key}")
            lineage = (entry.get("facets") or {}).get("columnLineage") or {}
            for column in (lineage.get("fields") or {}).values():
                for source in column.get("inputFields") or []:
                    if key not in source:
                        source[key] = value
                        out.fill(f"{io}[].facets.columnLineage.fields.inputFields[].{key}")


def build_spark(fragments: list[Fragment]) -> list[OutFile]:
    families: dict[str, list[tuple[Fragment, str, str | None]]] = {}
    for fragment in fragments:
        family, role, kind = spark_family(fragment.stem)
        families.setdefault(family, []).append((fragment, role, kind))
    return [spark_file(family, members) for family, members in sorted(families.items())]


def spark_file(family: str, members: list[tuple[Fragment, str, str | None]]) -> OutFile:
    out = OutFile(path=f"spark/{family}.jsonl", integration="SPARK", sources=sorted(m[0].source for m in members))
    producer = PRODUCERS["spark"]
    items: list[Item] = []
    for fragment, role, kind in members:
        event = copy.deepcopy(fragment.event)
        if "eventType" not in event:
            event["eventType"] = kind or "COMPLETE"
            out.fill("eventType")
        job = event.setdefault("job", {})
        if not job.get("namespace"):
            job["namespace"] = "default"  # the Spark integration's namespace when none is configured
            out.fill("job.namespace")
        if not job.get("name"):
            job["name"] = SPARK_JOB_NAMES[family]
            out.fill("job.name")
        elif is_placeholder(job["name"]):  # resolved now: the application name is derived from it
            job["name"] = common_value(("job", "name"), job["name"], "spark", {"seed": out.path})
            out.fill("placeholder job.name")
        if family in SPARK_DATASET_FILLS:
            fill_dataset_references(event, *SPARK_DATASET_FILLS[family], out)
        items.append(Item(event, fragment.source, role))

    # the application the SQL jobs belong to: the family's own APPLICATION events, else the parent the jobs
    # name, else the first segment of the job name (Spark names a job `{application}.{plan node}...`)
    apps = [i for i in items if i.role == "app"]
    parents = [i.event.get("run", {}).get("facets", {}).get("parent", {}).get("job") for i in items]
    if apps:
        app_ns, app_name = apps[0].event["job"]["namespace"], apps[0].event["job"]["name"]
    elif any(parents):
        first = next(p for p in parents if p)
        app_ns, app_name = first["namespace"], first["name"]
    else:
        app_ns, app_name = items[0].event["job"]["namespace"], items[0].event["job"]["name"].split(".")[0]
    if not apps:
        start = Item({"eventType": "START", "job": {"namespace": app_ns, "name": app_name}}, None, "app")
        end = Item({"eventType": "COMPLETE", "job": {"namespace": app_ns, "name": app_name}}, None, "app")
        items += [start, end]
        out.fill("added APPLICATION event", 2)
        out.notes = ("adds the Spark APPLICATION START/COMPLETE pair of the SQL jobs' application; the SQL jobs "
                     "point at it through a parent run facet")

    def order(item: Item) -> tuple[int, int, str]:
        rank = TYPE_RANK[item.event["eventType"]]
        phase = 1 if item.role == "job" else (0 if rank == 0 else 2)
        return phase, rank, item.source or ""

    items.sort(key=order)
    times = schedule(items, out.path, java_time, out)
    app_start = min(t for t, i in zip(times, items) if i.role == "app")
    app_run_id = uuid7(app_start, out.path, app_start.isoformat(), "application", app_ns, app_name)
    application_id = f"local-{epoch_ms(app_start)}"
    n = number(out.path, "driver")
    driver_host = f"10.{n % 200 + 10}.{(n >> 8) % 250 + 1}.{(n >> 16) % 250 + 2}"
    details = facet("spark_applicationDetails", producer, {
        "master": "local[*]" if n % 3 else "spark://spark-master:7077",
        "appName": app_name,
        "applicationId": application_id,
        "deployMode": "client",
        "driverHost": driver_host,
        "userName": "spark" if n % 4 else "etl_user",
        "uiWebUrl": f"http://{driver_host}:4040",
        "historyUrl": f"http://spark-history:18080/history/{application_id}",
    })
    engine = facet("processing_engine", producer,
                   {"version": SPARK_VERSION, "name": "spark", "openlineageAdapterVersion": OL_VERSION})

    run_ids: dict[str, str] = {}
    for item, ts in zip(items, times):
        event = item.event
        facets = event.setdefault("run", {}).setdefault("facets", {})
        if item.role == "app":
            run_id = app_run_id
            if "spark_applicationDetails" not in facets:
                facets["spark_applicationDetails"] = details
                if not item.synthetic:
                    out.fill("run.facets.spark_applicationDetails")
            if item.synthetic:
                facets["processing_engine"] = engine
            ensure_job_type(item, out, producer, "SPARK", "APPLICATION", "BATCH")
        else:
            name = event["job"]["name"]
            run_id = run_ids.setdefault(name, uuid7(ts, out.path, ts.isoformat(), "job", name))
            parent = facets.get("parent")
            if parent is None:
                facets["parent"] = facet("parent", producer, {
                    "run": {"runId": app_run_id}, "job": {"namespace": app_ns, "name": app_name}})
                out.fill("run.facets.parent")
            elif not parent.get("run", {}).get("runId"):
                parent.setdefault("run", {})["runId"] = app_run_id
                out.fill("run.facets.parent.run.runId")
            rdd = "rdd" in family.lower() and "execute_" not in name
            ensure_job_type(item, out, producer, "SPARK", "RDD_JOB" if rdd else "SQL_JOB", "BATCH")
        fill_envelope(item, out, producer, run_id)

    def resolve(path: tuple[str, ...], text: str, dataset: dict[str, Any] | None) -> Any:
        if path[-4:-2] == ("symlinks", "identifiers") and path[-1] == "name" and dataset is not None:
            return "default." + str(dataset.get("name", "table")).rstrip("/").split("/")[-1]
        return common_value(path, text, "spark", {"seed": out.path})

    out.events = [envelope(replace_placeholders(item.event, resolve, out)) for item in items]
    return out


# ------------------------------------------------------------------------------------------------------------
# Hive
# ------------------------------------------------------------------------------------------------------------

def build_hive(fragments: list[Fragment]) -> list[OutFile]:
    families: dict[str, list[Fragment]] = {}
    for fragment in fragments:
        families.setdefault(re.sub(r"(Start|Complete)$", "", fragment.stem), []).append(fragment)
    return [hive_file(family, members) for family, members in sorted(families.items())]


def hive_file(family: str, members: list[Fragment]) -> OutFile:
    out = OutFile(path=f"hive/{family}.jsonl", integration="HIVE", sources=sorted(m.source for m in members))
    producer = PRODUCERS["hive"]
    items = [Item(copy.deepcopy(m.event), m.source) for m in members]
    for item in items:
        if "eventType" not in item.event:
            item.event["eventType"] = "COMPLETE" if item.source and "Complete" in item.source else "START"
            out.fill("eventType")
    items.sort(key=lambda i: (TYPE_RANK[i.event["eventType"]], i.source or ""))
    times = schedule(items, out.path, java_time, out, gap=lambda i: step(out.path, i, low_ms=1_500,
                                                                          high_ms=25_000))
    query_start = times[0]
    session_created = query_start - step(out.path, "session", low_ms=2_000, high_ms=90_000)
    n = number(out.path, "client")
    session = {
        "sessionId": uuid4(out.path, "session"),
        "username": "hive",
        "clientIp": f"172.{18 + n % 6}.0.{(n >> 8) % 250 + 2}",
        "creationTime": java_time(session_created),
    }
    query_id = f"hive_{query_start.strftime('%Y%m%d%H%M%S')}_{uuid4(out.path, 'query')}"
    run_id = uuid7(query_start, out.path, query_start.isoformat(), "query")
    operation = items[0].event.get("job", {}).get("name", "query").split(".")[0].upper()
    for item in items:
        facets = item.event.setdefault("run", {}).setdefault("facets", {})
        if "hive_session" not in facets:
            facets["hive_session"] = dict(session)
            out.fill("run.facets.hive_session")
        for key, value in session.items():
            if key not in facets["hive_session"]:
                facets["hive_session"][key] = value
                out.fill(f"run.facets.hive_session.{key}")
        query = facets.setdefault("hive_query", {})
        for key, value in (("queryId", query_id), ("operationName", operation)):
            if key not in query:
                query[key] = value
                out.fill(f"run.facets.hive_query.{key}")
        fill_envelope(item, out, producer, run_id)

    def resolve(path: tuple[str, ...], text: str, dataset: dict[str, Any] | None) -> Any:
        if path[-1] in session and path[-2] == "hive_session":
            return session[path[-1]]
        if path[-2:] == ("hive_query", "queryId") or path[-1] == "hive.query.id":
            return query_id
        return common_value(path, text, "hive", {"seed": out.path})

    out.events = [envelope(replace_placeholders(item.event, resolve, out)) for item in items]
    out.notes = "one Hive session per file; START and COMPLETE of one query share runId, queryId and session"
    return out


# ------------------------------------------------------------------------------------------------------------
# Flink
# ------------------------------------------------------------------------------------------------------------

def build_flink(fragments: list[Fragment]) -> list[OutFile]:
    families: dict[str, list[Fragment]] = {}
    for fragment in fragments:
        family = re.sub(r"_checkpoints?$", "", fragment.stem).replace("_expected", "")
        families.setdefault(family, []).append(fragment)
    return [flink_file(family, members) for family, members in sorted(families.items())]


def flink_file(family: str, members: list[Fragment]) -> OutFile:
    out = OutFile(path=f"flink/{family}.jsonl", integration="FLINK", sources=sorted(m.source for m in members))
    producer = PRODUCERS["flink"]
    items = [Item(copy.deepcopy(m.event), m.source) for m in members]
    items.sort(key=lambda i: (TYPE_RANK[i.event.get("eventType", "OTHER")], i.source or ""))
    names = {i.event.get("job", {}).get("name") for i in items} - {None}
    if len(names) != 1:
        raise ValueError(f"{out.path}: expected one Flink job name, found {sorted(names)}")
    job_name = names.pop()
    for item in items:
        if "eventType" not in item.event:
            item.event["eventType"] = "RUNNING"
            out.fill("eventType")
        if not item.event["job"].get("name"):
            item.event["job"]["name"] = job_name
            out.fill("job.name")
    times = schedule(items, out.path, java_time, out,
                     gap=lambda i: step(out.path, i, low_ms=20_000, high_ms=180_000))
    run_id = uuid7(times[0], out.path, times[0].isoformat(), "flink job", job_name)
    job_id = hex_id(32, out.path, "jobId")
    n = number(out.path, "checkpoints")
    completed = 1 + n % 9
    checkpoints = {"completed": completed, "failed": 0, "in-progress": (n >> 8) % 2, "restored": 0,
                   "total": completed + (n >> 8) % 2}
    for item in items:
        ensure_job_type(item, out, producer, "FLINK", "JOB", "STREAMING")
        fill_envelope(item, out, producer, run_id)

    def resolve(path: tuple[str, ...], text: str, dataset: dict[str, Any] | None) -> Any:
        if path[-2:] == ("flink_job", "jobId"):
            return job_id
        if path[-2] == "checkpoints" and path[-1] in checkpoints:
            return checkpoints[path[-1]]
        return common_value(path, text, "flink", {"seed": out.path})

    out.events = [envelope(replace_placeholders(item.event, resolve, out)) for item in items]
    out.notes = "START (and RUNNING checkpoint events, when the test has them) of one Flink job run"
    return out


# ------------------------------------------------------------------------------------------------------------
# dbt
# ------------------------------------------------------------------------------------------------------------

def build_dbt(fragments: list[Fragment]) -> list[OutFile]:
    files: dict[str, list[Fragment]] = {}
    for fragment in fragments:
        files.setdefault(fragment.stem.removesuffix("_ol_events"), []).append(fragment)
    return [dbt_file(name, members) for name, members in sorted(files.items())]


def dbt_file(name: str, members: list[Fragment]) -> OutFile:
    """One dbt invocation: the JOB run and its node runs; run ids resolved by job name within the file."""
    out = OutFile(path=f"dbt/{name}.jsonl", integration="DBT", sources=sorted({m.source.split("[")[0]
                                                                                 for m in members}),
                  python_style=True)
    producer = PRODUCERS["dbt"]
    items = [Item(copy.deepcopy(m.event), m.source) for m in members]
    times = schedule(items, out.path, python_time, out)
    first_time = min(times)
    run_ids: dict[str, str] = {}
    for item, ts in zip(items, times):
        job_name = item.event["job"]["name"]
        run_ids.setdefault(job_name, uuid7(ts, out.path, ts.isoformat(), "run", job_name))

    def run_of(job: dict[str, Any] | None) -> str:
        job_name = (job or {}).get("name", "")
        if job_name not in run_ids:
            run_ids[job_name] = uuid7(first_time, out.path, first_time.isoformat(), "run", job_name)
        return run_ids[job_name]

    for item in items:
        fill_envelope(item, out, producer, run_ids[item.event["job"]["name"]])

    def resolve(path: tuple[str, ...], text: str, dataset: dict[str, Any] | None, event: dict[str, Any]) -> Any:
        parent = event.get("run", {}).get("facets", {}).get("parent", {})
        if path[-5:] == ("facets", "parent", "root", "run", "runId"):
            return run_of(parent.get("root", {}).get("job"))
        if path[-4:] == ("facets", "parent", "run", "runId"):
            return run_of(parent.get("job"))
        return common_value(path, text, "dbt", {"seed": out.path})

    out.events = []
    for item in items:
        event = item.event
        out.events.append(envelope(replace_placeholders(
            event, lambda p, t, d, e=event: resolve(p, t, d, e), out)))
    out.notes = ("the fragment array flattened to NDJSON in its own (event-time) order; each dbt node and the "
                 "dbt JOB get one run id, parent and root run ids point at the run of the job they name")
    return out


# ------------------------------------------------------------------------------------------------------------
# Airflow (synthetic)
# ------------------------------------------------------------------------------------------------------------

@dataclass
class AirflowTask:
    task_id: str  # with the task group prefix, as Airflow names it
    operator: str
    attempts: tuple[str, ...] = ("COMPLETE",)  # end event of each try, in order
    map_indexes: tuple[int, ...] = (-1,)
    group: str | None = None
    sql: str | None = None
    inputs: tuple[dict[str, Any], ...] = ()
    outputs: tuple[dict[str, Any], ...] = ()
    per_map_outputs: bool = False  # mapped task: map index i writes outputs[i]
    error: str = "Task failed with exception"


@dataclass
class AirflowDagRun:
    dag_id: str
    run_id: str
    run_type: str
    interval: tuple[str, str]  # data interval start, end (ISO)
    start: str  # when the DAG run starts (ISO)
    tasks: tuple[AirflowTask, ...]
    owner: str
    tags: tuple[str, ...]
    schedule: str
    description: str


@dataclass
class AirflowSet:
    path: str
    airflow_version: str
    provider_version: str
    namespace: str
    runs: tuple[AirflowDagRun, ...]
    note: str


def table(namespace: str, name: str, fields: Iterable[tuple[str, str]]) -> dict[str, Any]:
    return {"namespace": namespace, "name": name,
            "facets": {"schema": {"fields": [{"name": n, "type": t} for n, t in fields]}}}


PG_ORDERS = "postgres://orders-db.internal:5432"
SNOWFLAKE = "snowflake://xy12345.eu-central-1.aws"
PG_CRM = "postgres://crm-db.internal:5432"

AIRFLOW_SETS = (
    AirflowSet(
        path="airflow/airflow_2_8.jsonl", airflow_version="2.8.4", provider_version="1.5.0", namespace="default",
        note="Airflow 2.8 / provider 1.5: COMPLETE and FAIL task events carry no `airflow` facet, DAG end events "
             "no `airflowDagRun`; DAG tags as a Python list literal string; no log_url; job namespace `default` "
             "(not a URL). Run 1 succeeds after a retry of load_orders, run 2 fails (both tries of load_orders).",
        runs=tuple(
            AirflowDagRun(
                dag_id="etl_orders", run_id=f"scheduled__{day}T00:00:00+00:00", run_type="scheduled",
                interval=(f"{day}T00:00:00+00:00", f"{next_day}T00:00:00+00:00"), start=f"{next_day}T00:00:04",
                owner="data-eng", tags=("finance", "team:data"), schedule="@daily",
                description="Daily extract of the orders of the shop",
                tasks=(
                    AirflowTask(
                        "extract_orders", "SQLExecuteQueryOperator",
                        sql=f"INSERT INTO staging.orders_raw\nSELECT * FROM public.orders\n"
                            f"WHERE order_date = '{day}'",
                        inputs=(table(PG_ORDERS, "shop.public.orders",
                                      [("order_id", "integer"), ("customer_id", "integer"),
                                       ("order_date", "date"), ("amount", "numeric(12,2)")]),),
                        outputs=(table(PG_ORDERS, "shop.staging.orders_raw",
                                       [("order_id", "integer"), ("customer_id", "integer"),
                                        ("order_date", "date"), ("amount", "numeric(12,2)")]),)),
                    AirflowTask("transform.clean_orders", "PythonOperator", group="transform"),
                    AirflowTask(
                        "load_orders", "SQLToS3Operator", attempts=attempts,
                        inputs=(table(PG_ORDERS, "shop.staging.orders_raw", []),),
                        outputs=({"namespace": "s3://data-lake", "name": f"warehouse/orders/{day}"},)),
                ))
            for day, next_day, attempts in (("2025-02-10", "2025-02-11", ("FAIL", "COMPLETE")),
                                            ("2025-02-11", "2025-02-12", ("FAIL", "FAIL")))
        )),
    AirflowSet(
        path="airflow/airflow_2_10.jsonl", airflow_version="2.10.5", provider_version="1.14.0",
        namespace="http://airflow-host:8081",
        note="Airflow 2.10 / provider 1.14: `airflow` facet on every task event, `airflowDagRun` and "
             "`airflowState` on DAG end, errorMessage on FAIL, log_url; a manual run; a mapped task "
             "(map_index 0 and 1); a task group; owners as a comma list; DAG tags as a string literal mixing "
             "key:value tags and plain ones.",
        runs=(
            AirflowDagRun(
                dag_id="daily_sales_report", run_id="manual__2025-05-05T08:15:00.123456+00:00", run_type="manual",
                interval=("2025-05-04T06:00:00+00:00", "2025-05-05T06:00:00+00:00"),
                start="2025-05-05T08:15:01.482913", owner="alice,bob",
                tags=("reporting", "env:prod", "feature/ABC-123"), schedule="0 6 * * *",
                description="Sales per region, published every morning",
                tasks=(
                    AirflowTask(
                        "extract_sales", "SQLExecuteQueryOperator",
                        sql="-- refresh the daily aggregate\nMERGE INTO ANALYTICS.STAGING.SALES_DAILY t\n"
                            "USING (SELECT region, sale_date, SUM(amount) AS amount FROM ANALYTICS.RAW.SALES "
                            "GROUP BY region, sale_date) s\nON t.region = s.region AND t.sale_date = s.sale_date\n"
                            "WHEN MATCHED THEN UPDATE SET amount = s.amount\n"
                            "WHEN NOT MATCHED THEN INSERT (region, sale_date, amount) "
                            "VALUES (s.region, s.sale_date, s.amount)",
                        inputs=(table(SNOWFLAKE, "ANALYTICS.RAW.SALES",
                                      [("REGION", "VARCHAR"), ("SALE_DATE", "DATE"), ("AMOUNT", "NUMBER(12,2)")]),),
                        outputs=(table(SNOWFLAKE, "ANALYTICS.STAGING.SALES_DAILY",
                                       [("REGION", "VARCHAR"), ("SALE_DATE", "DATE"),
                                        ("AMOUNT", "NUMBER(12,2)")]),)),
                    AirflowTask(
                        "process_region", "PythonOperator", map_indexes=(0, 1), per_map_outputs=True,
                        inputs=(table(SNOWFLAKE, "ANALYTICS.STAGING.SALES_DAILY", []),),
                        outputs=(table(SNOWFLAKE, "ANALYTICS.REPORTS.SALES_REGION_EU", [("AMOUNT", "NUMBER")]),
                                 table(SNOWFLAKE, "ANALYTICS.REPORTS.SALES_REGION_US", [("AMOUNT", "NUMBER")]))),
                    AirflowTask("publish.publish_report", "EmailOperator", group="publish",
                                attempts=("FAIL", "COMPLETE"),
                                error="SMTPServerDisconnected: Connection unexpectedly closed"),
                )),
        )),
    AirflowSet(
        path="airflow/airflow_3_0.jsonl", airflow_version="3.0.2", provider_version="2.3.0",
        namespace="https://airflow.example.com",
        note="Airflow 3.0 / provider 2.3: DAG tags as a JSON list and as a job tags facet (raw tags, key == "
             "value), parent facets with root, logical_date/run_after in dagRun; one `asset_triggered` run "
             "(a run_type the reference rejects: D5 drops the facet, keeps the event) and one scheduled run.",
        runs=(
            AirflowDagRun(
                dag_id="customer_360", run_id="asset_triggered__2025-08-20T10:00:03.512000+00:00",
                run_type="asset_triggered",
                interval=("2025-08-20T10:00:03.512000+00:00", "2025-08-20T10:00:03.512000+00:00"),
                start="2025-08-20T10:00:05.020304", owner="airflow", tags=("team:crm", "pii"),
                schedule="Asset", description="Customer profiles, rebuilt when the CRM export lands",
                tasks=(
                    AirflowTask(
                        "build_profiles", "SQLExecuteQueryOperator",
                        sql="INSERT INTO analytics.customer_profiles\n"
                            "SELECT c.customer_id, c.email, count(o.order_id) AS orders\n"
                            "FROM public.customers c LEFT JOIN public.orders o USING (customer_id)\n"
                            "GROUP BY c.customer_id, c.email",
                        inputs=(table(PG_CRM, "crm.public.customers",
                                      [("customer_id", "bigint"), ("email", "text")]),
                                table(PG_CRM, "crm.public.orders",
                                      [("order_id", "bigint"), ("customer_id", "bigint")])),
                        outputs=(table(PG_CRM, "crm.analytics.customer_profiles",
                                       [("customer_id", "bigint"), ("email", "text"), ("orders", "bigint")]),)),
                    AirflowTask("score_customers", "PythonOperator", attempts=("FAIL", "COMPLETE"),
                                error="ValueError: model artifact not found",
                                inputs=(table(PG_CRM, "crm.analytics.customer_profiles", []),)),
                )),
            AirflowDagRun(
                dag_id="crm_export", run_id="scheduled__2025-08-21T00:00:00+00:00", run_type="scheduled",
                interval=("2025-08-21T00:00:00+00:00", "2025-08-21T01:00:00+00:00"),
                start="2025-08-21T01:00:02.771200", owner="crm-team", tags=("team:crm",), schedule="@hourly",
                description="Hourly export of the customer profiles",
                tasks=(
                    AirflowTask(
                        "export_to_s3", "SQLToS3Operator",
                        inputs=(table(PG_CRM, "crm.analytics.customer_profiles", []),),
                        outputs=({"namespace": "s3://crm-exports", "name": "hourly/customer_profiles.parquet"},)),
                )),
        )),
)


def airflow_file(spec: AirflowSet) -> OutFile:
    out = OutFile(path=spec.path, integration="AIRFLOW", sources=[], synthetic=True, python_style=True,
                  notes="synthetic: " + spec.note)
    v3 = spec.airflow_version.startswith("3.")
    modern = not spec.airflow_version.startswith("2.8")  # provider >= 1.11: airflow facet on every task event
    producer = f"https://github.com/apache/airflow/tree/providers-openlineage/{spec.provider_version}"
    facet_base = (f"https://raw.githubusercontent.com/apache/airflow/providers-openlineage/{spec.provider_version}"
                  "/airflow/providers/openlineage/facets/")

    def custom(name: str, body: dict[str, Any]) -> dict[str, Any]:
        return {"_producer": producer, "_schemaURL": f"{facet_base}{name}.json#/$defs/{name}", **body}

    def std(name: str, body: dict[str, Any]) -> dict[str, Any]:
        return facet(name, producer, body)

    engine = std("processing_engine", {"version": spec.airflow_version, "name": "Airflow",
                                       "openlineageAdapterVersion": spec.provider_version})
    events: list[dict[str, Any]] = []

    def emit(ts: dt.datetime, event_type: str, run_id: str, run_facets: dict[str, Any], job_name: str,
             job_facets: dict[str, Any], inputs: list[dict[str, Any]] | None = None,
             outputs: list[dict[str, Any]] | None = None) -> None:
        events.append({
            "eventTime": python_time(ts), "eventType": event_type, "producer": producer, "schemaURL": SCHEMA_URL,
            "run": {"runId": run_id, "facets": run_facets},
            "job": {"namespace": spec.namespace, "name": job_name, "facets": job_facets},
            "inputs": inputs or [], "outputs": outputs or [],
        })

    for dag_run in spec.runs:
        seed = f"{spec.path}|{dag_run.dag_id}|{dag_run.run_id}"
        clock = dt.datetime.fromisoformat(dag_run.start).replace(tzinfo=UTC)
        dag_start = clock
        dag_run_id = uuid7(dag_start, spec.path, dag_start.isoformat(), "dag", dag_run.dag_id, dag_run.run_id)
        tags: Any = list(dag_run.tags) if v3 else repr(list(dag_run.tags))
        dag = {
            "dag_id": dag_run.dag_id, "description": dag_run.description,
            "fileloc": f"/opt/airflow/dags/{dag_run.dag_id}.py", "owner": dag_run.owner,
            "start_date": "2025-01-01T00:00:00+00:00", "tags": tags,
        }
        if v3:
            dag |= {"owner_links": {}, "timetable_summary": dag_run.schedule,
                    "timetable": {"__type": "airflow.timetables.simple.AssetTriggeredTimetable"}
                    if dag_run.schedule == "Asset" else {}}
        else:
            dag |= {"schedule_interval": dag_run.schedule, "timetable": {}}
        dag_run_info: dict[str, Any] = {
            "conf": {}, "dag_id": dag_run.dag_id, "data_interval_start": dag_run.interval[0],
            "data_interval_end": dag_run.interval[1], "run_id": dag_run.run_id, "run_type": dag_run.run_type,
            "start_date": python_time(dag_start),
        }
        if v3:
            dag_run_info |= {"logical_date": dag_run.interval[0], "run_after": dag_run.interval[1],
                             "triggered_by": "ASSET" if dag_run.run_type == "asset_triggered" else "TIMETABLE"}
        else:
            dag_run_info |= {"external_trigger": dag_run.run_type == "manual"}
        nominal = std("nominalTime", {"nominalStartTime": dag_run.interval[0],
                                      "nominalEndTime": dag_run.interval[1]})
        dag_job_facets: dict[str, Any] = {"jobType": std("jobType", {
            "processingType": "BATCH", "integration": "AIRFLOW", "jobType": "DAG"})}
        task_job_type = std("jobType", {"processingType": "BATCH", "integration": "AIRFLOW", "jobType": "TASK"})
        if v3:
            raw_tags = std("tags", {"tags": [{"key": t, "value": t, "source": "AIRFLOW"} for t in dag_run.tags]})
            dag_job_facets["tags"] = raw_tags
            dag_job_facets["documentation"] = {
                "_producer": producer, "description": dag_run.description,
                "_schemaURL": "https://openlineage.io/spec/facets/1-0-1/DocumentationJobFacet.json"
                              "#/$defs/DocumentationJobFacet"}
        dag_run_facet = custom("AirflowDagRunFacet", {"dag": dag, "dagRun": dag_run_info})
        emit(clock, "START", dag_run_id,
             {"airflowDagRun": dag_run_facet, "nominalTime": nominal, "processing_engine": engine},
             dag_run.dag_id, copy.deepcopy(dag_job_facets))

        parent_body: dict[str, Any] = {"job": {"namespace": spec.namespace, "name": dag_run.dag_id},
                                       "run": {"runId": dag_run_id}}
        if v3:
            parent_body["root"] = copy.deepcopy(parent_body)
        task_ids = [t.task_id for t in dag_run.tasks]
        states: dict[str, str] = {}
        dag_failed = False
        for position, task in enumerate(dag_run.tasks):
            for map_index in task.map_indexes:
                for try_number, outcome in enumerate(task.attempts, start=1):
                    clock += step(seed, task.task_id, map_index, try_number, "queue", low_ms=800, high_ms=6_000)
                    queued = clock - dt.timedelta(milliseconds=350)
                    start = clock
                    run_id = uuid7(start, spec.path, start.isoformat(), "task", dag_run.dag_id, dag_run.run_id,
                                   task.task_id, map_index, try_number)
                    task_info: dict[str, Any] = {
                        "depends_on_past": False,
                        "downstream_task_ids": task_ids[position + 1:position + 2] if v3
                        else repr(task_ids[position + 1:position + 2]),
                        "executor_config": {}, "ignore_first_depends_on_past": True,
                        "mapped": task.map_indexes != (-1,), "multiple_outputs": False,
                        "operator_class": task.operator, "owner": dag_run.owner, "priority_weight": 1,
                        "queue": "default", "retries": len(task.attempts) - 1, "retry_exponential_backoff": False,
                        "task_id": task.task_id, "trigger_rule": "all_success",
                        "upstream_task_ids": task_ids[max(position - 1, 0):position] if v3
                        else repr(task_ids[max(position - 1, 0):position]),
                        "wait_for_downstream": False, "weight_rule": "downstream",
                    }
                    if task.group:
                        task_info["task_group"] = {"group_id": task.group, "prefix_group_id": True, "tooltip": "",
                                                   "downstream_group_ids": "[]", "upstream_group_ids": "[]"}
                    instance: dict[str, Any] = {"duration": None, "map_index": map_index, "pool": "default_pool",
                                                "queued_dttm": python_time(queued), "try_number": try_number}
                    if spec.airflow_version.startswith("2.10"):
                        instance["log_url"] = (
                            f"{spec.namespace}/dags/{dag_run.dag_id}/grid?tab=logs&dag_run_id="
                            f"{url_quote(dag_run.run_id)}&task_id={url_quote(task.task_id)}&map_index={map_index}")
                    elif v3:
                        instance["log_url"] = (
                            f"{spec.namespace}/dags/{dag_run.dag_id}/runs/{dag_run.run_id}/tasks/{task.task_id}"
                            + (f"/mapped/{map_index}" if map_index >= 0 else "") + f"?try_number={try_number}")

                    def airflow_facet(duration: float | None) -> dict[str, Any]:
                        return custom("AirflowRunFacet", {
                            "dag": dag, "dagRun": dag_run_info, "task": task_info,
                            "taskInstance": instance | {"duration": duration}, "taskUuid": run_id})

                    job_name = f"{dag_run.dag_id}.{task.task_id}"
                    job_facets: dict[str, Any] = {"jobType": task_job_type}
                    if task.sql:
                        job_facets["sql"] = std("sql", {"query": task.sql})
                    if v3:
                        job_facets["tags"] = raw_tags
                    outputs = list(task.outputs)
                    if task.per_map_outputs:
                        outputs = [task.outputs[map_index]]
                    start_facets = {"airflow": airflow_facet(None), "nominalTime": nominal,
                                    "parent": std("parent", parent_body), "processing_engine": engine}
                    emit(start, "START", run_id, start_facets, job_name, copy.deepcopy(job_facets),
                         copy.deepcopy(list(task.inputs)), copy.deepcopy(outputs))

                    clock += step(seed, task.task_id, map_index, try_number, "run", low_ms=2_000, high_ms=95_000)
                    duration = round((clock - start).total_seconds(), 6)
                    end_facets: dict[str, Any] = {"parent": std("parent", parent_body)}
                    if modern:
                        end_facets = {"airflow": airflow_facet(duration), **end_facets,
                                      "processing_engine": engine}
                        if outcome == "FAIL":
                            end_facets["errorMessage"] = std("errorMessage", {
                                "message": task.error, "programmingLanguage": "python",
                                "stackTrace": f"Traceback (most recent call last):\n  File \"/opt/airflow/dags/"
                                              f"{dag_run.dag_id}.py\", line 42, in execute\n{task.error}\n"})
                    emit(clock, outcome, run_id, end_facets, job_name, {"jobType": task_job_type},
                         copy.deepcopy(list(task.inputs)), copy.deepcopy(outputs))
                state = "success" if task.attempts[-1] == "COMPLETE" else "failed"
                states[task.task_id] = "failed" if states.get(task.task_id) == "failed" else state
                dag_failed = dag_failed or state == "failed"
        clock += step(seed, "dag end", low_ms=300, high_ms=2_500)
        end_facets = {}
        if modern:
            end_facets = {
                "airflowDagRun": dag_run_facet,
                "airflowState": custom("AirflowStateRunFacet", {
                    "dagRunState": "failed" if dag_failed else "success", "tasksState": states}),
                "processing_engine": engine,
            }
            if dag_failed:
                end_facets["errorMessage"] = std("errorMessage", {
                    "message": "Dag run failed: a task failed", "programmingLanguage": "python"})
        emit(clock, "FAIL" if dag_failed else "COMPLETE", dag_run_id, end_facets, dag_run.dag_id,
             copy.deepcopy(dag_job_facets))
    out.events = events
    out.fill("synthetic event", len(events))
    return out


def url_quote(text: str) -> str:
    from urllib.parse import quote

    return quote(text, safe="/")


# ------------------------------------------------------------------------------------------------------------
# reading, writing, manifest
# ------------------------------------------------------------------------------------------------------------

def read_fragments(src: Path, integration: str) -> list[Fragment]:
    fragments: list[Fragment] = []
    for path in sorted((src / integration).glob("*.json")):
        rel = path.relative_to(src).as_posix()
        document = json.loads(path.read_text(encoding="utf-8"))
        if isinstance(document, list):
            fragments += [Fragment(f"{rel}[{i}]", path.stem, e) for i, e in enumerate(document)]
        else:
            fragments.append(Fragment(rel, path.stem, document))
    if not fragments:
        raise SystemExit(f"no {integration} fragments under {src / integration}")
    return fragments


def serialise(out: OutFile, event: dict[str, Any]) -> str:
    if out.python_style:
        return json.dumps(event, ensure_ascii=False, sort_keys=True)
    return json.dumps(event, ensure_ascii=False, separators=(",", ":"))


def build_all(src: Path) -> list[OutFile]:
    files = (build_spark(read_fragments(src, "spark")) + build_hive(read_fragments(src, "hive"))
             + build_flink(read_fragments(src, "flink")) + build_dbt(read_fragments(src, "dbt"))
             + [airflow_file(spec) for spec in AIRFLOW_SETS])
    for out in files:
        leftovers = [line for line in (serialise(out, e) for e in out.events)
                     if "${" in line or "{{ any" in line or "json-unit" in line]
        if leftovers:
            raise ValueError(f"{out.path}: placeholders left: {leftovers[0][:300]}")
    return files


def display_path(path: Path) -> str:
    try:
        return path.resolve().relative_to(PROJECT_DIR).as_posix()
    except ValueError:
        return path.as_posix()


def manifest(files: list[OutFile], src: Path) -> dict[str, Any]:
    return {
        "description": "Complete OpenLineage run events built from the integration-test fragments (Spark, Hive, "
                       "Flink, dbt) and a synthetic Airflow set, by scripts/build_integration_fixtures.py. "
                       "Do not edit: run the script.",
        "format": "NDJSON: one complete run event per line, UTF-8, lines in event-time order. dbt fragment "
                  "arrays are flattened to one event per line.",
        "source_root": display_path(src),
        "filled_keys": "`filled` counts, per output file, the envelope fields filled in (eventTime, run.runId, "
                       "producer, schemaURL, eventType, job.name...), the facets added (jobType, parent, "
                       "spark_applicationDetails, hive_session...), the placeholders replaced (`placeholder "
                       "<path>`) and the templates substituted (`template <path>`); `added APPLICATION event` "
                       "counts synthetic Spark application events.",
        "files": {
            out.path: {
                "integration": out.integration,
                "synthetic": out.synthetic,
                "sources": out.sources,
                "events": len(out.events),
                "filled": dict(sorted(out.filled.items())),
                "notes": out.notes,
            }
            for out in sorted(files, key=lambda f: f.path)
        },
    }


def write(files: list[OutFile], src: Path, out_dir: Path) -> None:
    for integration in ("spark", "hive", "flink", "dbt", "airflow"):
        for stale in (out_dir / integration).glob("*.jsonl"):
            stale.unlink()
    for out in files:
        target = out_dir / out.path
        target.parent.mkdir(parents=True, exist_ok=True)
        with target.open("w", encoding="utf-8", newline="\n") as handle:
            for event in out.events:
                handle.write(serialise(out, event) + "\n")
    (out_dir / "MANIFEST.json").write_text(
        json.dumps(manifest(files, src), ensure_ascii=False, indent=2) + "\n", encoding="utf-8", newline="\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Complete the OpenLineage integration-test fragments (Spark, Hive, Flink, dbt) into valid run "
                    "events and write a synthetic Airflow set: one NDJSON file per integration and fragment "
                    "family, plus MANIFEST.json. Deterministic.")
    parser.add_argument("--src", type=Path, default=DEFAULT_SRC,
                        help=f"folder with spark/, hive/, flink/, dbt/ fragments (default: {DEFAULT_SRC}, "
                             "relative to the project)")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT,
                        help=f"output folder (default: {DEFAULT_OUT}, relative to the project)")
    args = parser.parse_args(argv)
    src = args.src if args.src.is_absolute() or args.src != DEFAULT_SRC else PROJECT_DIR / args.src
    out_dir = args.out if args.out.is_absolute() or args.out != DEFAULT_OUT else PROJECT_DIR / args.out
    files = build_all(src)
    write(files, src, out_dir)
    total = sum(len(f.events) for f in files)
    print(f"wrote {len(files)} files, {total} events, to {out_dir}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
