"""Generate deterministic, realistic OpenLineage traffic as newline-delimited JSON files.

The traffic comes from a fixed "world" (datasets per namespace and the jobs that read and write them, built
from --world-seed) and is replayed as runs (built from --seed) on a simulated clock starting at --start:

* Spark applications (APPLICATION START/COMPLETE) with SQL_JOB operations (START, sometimes RUNNING,
  COMPLETE/FAIL) on HDFS paths with `symlinks` to Hive tables, `schema`, `columnLineage` and statistics;
* Airflow DAG runs and task runs (SQL tasks with IO, Spark-submit tasks that launch a Spark application
  whose parent is the task, Python tasks without IO);
* dbt invocations (jobType JOB) and their models (jobType MODEL, parent = the invocation);
* Flink streaming jobs with a RUNNING event every minute;
* Hive queries grouped in sessions (`hive_query`, `hive_session`, `hive://` job namespace).

About 1 % of lines are byte-identical redeliveries, about 2 % of START/COMPLETE pairs arrive COMPLETE first,
and about 0.1 % of lines are malformed (not JSON, no run.runId, a bad eventTime). The same --events, --seed,
--world-seed, --start and --files always give byte-identical files. A `manifest.json` in --out counts the
lines per integration and event type and gives size statistics. Memory stays flat: events are streamed to
the files through a small time-ordered buffer.
"""
from __future__ import annotations

import argparse
import gzip
import heapq
import io
import json
import random
import sys
import time
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable, Iterator, TextIO

# ----------------------------------------------------------------------------------------------------------
# Traffic model constants (documented in docs/benchmarks.md)
# ----------------------------------------------------------------------------------------------------------

DEFAULT_START = "2025-03-01T00:00:00Z"
DEFAULT_WORLD_SEED = 7
DUPLICATE_SHARE = 0.01
MALFORMED_SHARE = 0.001
OUT_OF_ORDER_SHARE = 0.02
MEAN_UNIT_GAP_MS = 2_000
INTEGRATIONS = ("SPARK", "AIRFLOW", "DBT", "FLINK", "HIVE")
# Relative weight of each kind of unit (one application run, DAG run, dbt invocation, Flink run, Hive
# session) chosen so that the event shares come out near Spark 45 %, Airflow 20 %, dbt 12 %, Flink 12 %, Hive 11 %.
UNIT_WEIGHTS = {"spark": 60, "airflow": 46, "dbt": 7, "flink": 12, "hive": 66}

OL_PRODUCER = "https://github.com/OpenLineage/OpenLineage/tree/1.30.0/integration/"
AIRFLOW_PRODUCER = "https://github.com/apache/airflow/tree/providers-openlineage/1.14.0"
RUN_EVENT_SCHEMA = "https://openlineage.io/spec/2-0-2/OpenLineage.json#/$defs/RunEvent"
FACET_SCHEMA = "https://openlineage.io/spec/facets/"
HDFS_NS = "hdfs://namenode:8020"
METASTORE_NS = "hive://metastore:9083"
KAFKA_NS = "kafka://kafka-1:9092,kafka-2:9092,kafka-3:9092"
SNOWFLAKE_NS = "snowflake://acme-eu.eu-central-1.aws"
POSTGRES_NS = "postgres://pg-analytics:5432"
SPARK_JOB_NS = "yarn://prod-cluster"
HIVE_JOB_NS = "hive://hiveserver2:10000"
DBT_JOB_NS = "dbt://analytics-prod"

COLUMN_VOCABULARY = (
    ("id", "bigint"), ("customer_id", "bigint"), ("order_id", "bigint"), ("product_id", "bigint"),
    ("store_id", "int"), ("region", "string"), ("country", "string"), ("city", "string"), ("email", "string"),
    ("status", "string"), ("amount", "decimal(12,2)"), ("quantity", "int"), ("price", "decimal(10,2)"),
    ("discount", "double"), ("currency", "string"), ("created_at", "timestamp"), ("updated_at", "timestamp"),
    ("event_date", "date"), ("dt", "string"), ("channel", "string"), ("device", "string"),
    ("session_id", "string"), ("score", "double"), ("segment", "string"), ("is_active", "boolean"),
)
ENTITIES = ("orders", "customers", "products", "payments", "shipments", "sessions", "clicks", "refunds",
            "inventory", "stores", "campaigns", "invoices", "returns", "reviews", "carts", "accounts")
LAYERS = ("raw", "staging", "core", "mart")
LAYER_SIZES = (120, 160, 120, 80)
SUBTYPES = ("IDENTITY", "IDENTITY", "TRANSFORMATION", "AGGREGATION", "TRANSFORMATION")
SPARK_COMMANDS = ("execute_insert_into_hadoop_fs_relation_command", "execute_create_data_source_table_as_select_command",
                  "execute_insert_into_hive_table", "append_data", "overwrite_by_expression")


def dumps(value: object) -> str:
    """Compact JSON text (the form every generated line uses)."""
    return json.dumps(value, separators=(",", ":"))


def facet_meta(integration: str, schema: str) -> dict[str, str]:
    """The `_producer` and `_schemaURL` keys of a facet."""
    return {"_producer": OL_PRODUCER + integration, "_schemaURL": FACET_SCHEMA + schema}


def job_type_facet(integration: str, job_type: str, processing: str = "BATCH") -> str:
    """The `"jobType":{...}` member text."""
    body = {**facet_meta(integration.lower(), "2-0-3/JobTypeJobFacet.json#/$defs/JobTypeJobFacet"),
            "processingType": processing, "integration": integration, "jobType": job_type}
    return '"jobType":' + dumps(body)


# ----------------------------------------------------------------------------------------------------------
# Small helpers: time, ids
# ----------------------------------------------------------------------------------------------------------

def parse_iso(text: str) -> int:
    """Milliseconds since the epoch of an ISO-8601 timestamp (UTC if it has no offset)."""
    moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    return int(moment.timestamp() * 1000)


def iso_z(ms: int) -> str:
    """`2025-03-01T10:00:00.123Z` (the Java integrations' form)."""
    seconds, millis = divmod(ms, 1000)
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(seconds)) + ".%03dZ" % millis


def iso_offset(ms: int) -> str:
    """`2025-03-01T10:00:00.123000+00:00` (the Python integrations' form)."""
    seconds, millis = divmod(ms, 1000)
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(seconds)) + ".%03d000+00:00" % millis


def uuid7(ms: int, rng: random.Random) -> str:
    """A UUIDv7 whose 48-bit timestamp is `ms`, the random bits drawn from `rng`."""
    value = (ms << 80) | (0x7 << 76) | (rng.getrandbits(12) << 64) | (0b10 << 62) | rng.getrandbits(62)
    text = "%032x" % value
    return f"{text[:8]}-{text[8:12]}-{text[12:16]}-{text[16:20]}-{text[20:]}"


def uuid4(rng: random.Random) -> str:
    """A random (version 4) UUID drawn from `rng`."""
    value = (rng.getrandbits(128) & ~(0xF << 76) & ~(0x3 << 62)) | (0x4 << 76) | (0b10 << 62)
    text = "%032x" % value
    return f"{text[:8]}-{text[8:12]}-{text[12:16]}-{text[16:20]}-{text[20:]}"


# ----------------------------------------------------------------------------------------------------------
# The world: datasets and jobs (fixed for a world seed)
# ----------------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Dataset:
    """One dataset as an integration names it, with its columns and an optional symlink identifier."""

    namespace: str
    name: str
    columns: tuple[tuple[str, str], ...]
    symlink: tuple[str, str, str] | None = None  # (namespace, name, TABLE|LOCATION)
    integration: str = "spark"

    def open_fragment(self) -> str:
        """`{"namespace":..,"name":..,"facets":{schema, symlinks}` without the closing brace."""
        schema: dict = {"fields": [{"name": n, "type": t} for n, t in self.columns]}
        if self.integration in ("spark", "airflow"):  # the Java and Airflow integrations stamp every facet
            schema = {**facet_meta(self.integration, "1-1-1/SchemaDatasetFacet.json#/$defs/SchemaDatasetFacet"), **schema}
        facets: dict = {"schema": schema}
        if self.symlink:
            ns, name, kind = self.symlink
            facets["symlinks"] = {"identifiers": [{"namespace": ns, "name": name, "type": kind}]}
        text = dumps({"namespace": self.namespace, "name": self.name, "facets": facets})
        return text[:-2]  # drop the closing braces of facets and of the dataset


@dataclass(frozen=True)
class Table:
    """A Hive-managed table stored on HDFS: Spark sees the path, Hive the table name."""

    db: str
    name: str
    layer: int
    columns: tuple[tuple[str, str], ...]

    @property
    def path(self) -> str:
        return f"/warehouse/{self.db}.db/{self.name}"

    def as_spark(self) -> Dataset:
        return Dataset(HDFS_NS, self.path, self.columns, (METASTORE_NS, f"{self.db}.{self.name}", "TABLE"), "spark")

    def as_hive(self) -> Dataset:
        return Dataset(METASTORE_NS, f"{self.db}.{self.name}", self.columns, (HDFS_NS, self.path, "LOCATION"), "hive")


@dataclass
class Action:
    """One operation template: fixed inputs, one output, column lineage and SQL, pre-serialised."""

    name: str
    inputs: list[Dataset]
    output: Dataset
    sql: str | None
    input_fragments: list[str] = field(default_factory=list)
    output_fragment: str = ""
    output_fragment_plain: str = ""
    lifecycle: str | None = None

    def prepare(self, rng: random.Random, integration: str) -> None:
        """Pre-serialise the input and output entries (output with its columnLineage facet)."""
        self.input_fragments = [d.open_fragment() for d in self.inputs]
        with_lineage = integration in ("spark", "hive", "airflow")  # dbt and Flink events carry none
        cll = column_lineage(self.inputs, self.output, rng, integration) if with_lineage else None
        extra = ',"columnLineage":' + dumps(cll) if cll else ""
        if self.lifecycle:
            extra += ',"lifecycleStateChange":' + dumps(
                {**facet_meta(integration, "1-0-1/LifecycleStateChangeDatasetFacet.json"),
                 "lifecycleStateChange": self.lifecycle})
        self.output_fragment_plain = self.output.open_fragment()
        self.output_fragment = self.output_fragment_plain + extra

    def inputs_json(self, stats: list[tuple[int, int, int]] | None) -> str:
        """The `inputs` array text, with inputStatistics when `stats` is given."""
        if stats is None:
            return ",".join(f + "}}" for f in self.input_fragments)
        return ",".join(
            f + '},"inputFacets":{"inputStatistics":{"rowCount":%d,"size":%d,"fileCount":%d}}}' % s
            for f, s in zip(self.input_fragments, stats))

    def outputs_json(self, stats: tuple[int, int, int] | None, lineage: bool = True) -> str:
        """The `outputs` array text, with outputStatistics when `stats` is given, columnLineage when `lineage`."""
        fragment = self.output_fragment if lineage else self.output_fragment_plain
        if stats is None:
            return fragment + "}}"
        return (fragment
                + '},"outputFacets":{"outputStatistics":{"rowCount":%d,"size":%d,"fileCount":%d}}}' % stats)


def column_lineage(inputs: list[Dataset], output: Dataset, rng: random.Random, integration: str) -> dict | None:
    """A columnLineage facet: per output column 1-2 input fields, plus dataset-level JOIN/FILTER entries."""
    if not inputs:
        return None
    fields: dict[str, dict] = {}
    for column, _ in output.columns:
        picks = []
        for _ in range(1 if rng.random() < 0.85 else 2):
            source = rng.choice(inputs)
            same = [c for c, _ in source.columns if c == column]
            source_col = same[0] if same else rng.choice(source.columns)[0]
            subtype = "IDENTITY" if same and rng.random() < 0.7 else rng.choice(SUBTYPES)
            picks.append({"namespace": source.namespace, "name": source.name, "field": source_col,
                          "transformations": [{"type": "DIRECT", "subtype": subtype, "description": "",
                                               "masking": False}]})
        fields[column] = {"inputFields": picks}
    dataset_level = []
    for source in inputs[: 2]:
        dataset_level.append({"namespace": source.namespace, "name": source.name, "field": source.columns[0][0],
                              "transformations": [{"type": "INDIRECT", "subtype": rng.choice(("JOIN", "FILTER")),
                                                   "description": "", "masking": False}]})
    return {"fields": fields, "dataset": dataset_level}


def pick_columns(rng: random.Random, low: int, high: int) -> tuple[tuple[str, str], ...]:
    """A column list of low..high columns from the vocabulary, `id` first."""
    count = rng.randint(low, high)
    rest = rng.sample(COLUMN_VOCABULARY[1:], count - 1)
    return (COLUMN_VOCABULARY[0], *rest)


def insert_sql(action_target: str, sources: list[str], columns: tuple[tuple[str, str], ...], verb: str) -> str:
    """A multi-line SQL text writing `action_target` from `sources`."""
    cols = ",\n       ".join(f"s0.{c}" for c, _ in columns)
    joins = "".join(f"\nJOIN {s} s{i + 1}\n  ON s0.id = s{i + 1}.id" for i, s in enumerate(sources[1:]))
    return f"{verb} {action_target}\nSELECT {cols}\nFROM {sources[0]} s0{joins}\nWHERE s0.dt = '${{run_date}}'"


@dataclass
class SparkApp:
    name: str
    user: str
    actions: list[Action]
    app_number: int


@dataclass
class HiveQuery:
    operation: str
    action: Action


@dataclass
class FlinkJob:
    name: str
    namespace: str
    job_id: str
    action: Action


@dataclass
class AirflowTask:
    task_id: str
    operator: str
    action: Action | None = None
    spark_app: SparkApp | None = None


@dataclass
class AirflowDag:
    dag_id: str
    namespace: str
    version: str
    owner: str
    tags: str
    tasks: list[AirflowTask]


@dataclass
class DbtModel:
    name: str
    action: Action


@dataclass
class DbtProject:
    name: str
    models: list[DbtModel]


@dataclass
class World:
    """Every dataset and job the traffic can touch."""

    tables: list[list[Table]]
    topics: list[Dataset]
    spark_apps: list[SparkApp]
    hive_queries: list[HiveQuery]
    hive_users: list[tuple[str, str]]
    flink_jobs: list[FlinkJob]
    dags: list[AirflowDag]
    dbt_projects: list[DbtProject]


def build_tables(rng: random.Random) -> list[list[Table]]:
    """The HDFS/Hive warehouse: four layers of tables."""
    layers: list[list[Table]] = []
    for layer, (db, size) in enumerate(zip(LAYERS, LAYER_SIZES)):
        tables = [Table(db, f"{ENTITIES[i % len(ENTITIES)]}_{i // len(ENTITIES):02d}", layer, pick_columns(rng, 3, 9))
                  for i in range(size)]
        layers.append(tables)
    return layers


def layer_sources(rng: random.Random, tables: list[list[Table]], layer: int, count: int) -> list[Table]:
    """`count` distinct tables from the layer below (sometimes two below)."""
    pool = tables[layer - 1] if layer < 2 or rng.random() < 0.8 else tables[layer - 2]
    return rng.sample(pool, count)


def build_spark_apps(rng: random.Random, tables: list[list[Table]], topics: list[Dataset]) -> list[SparkApp]:
    """160 Spark applications; each writes tables of one layer from the layer below (or from Kafka)."""
    apps = []
    writer_cursor = [0, 0, 0, 0]
    for number in range(160):
        layer = rng.choices((0, 1, 2, 3), weights=(2, 3, 3, 2))[0]
        actions = []
        for _ in range(rng.randint(2, 8)):
            out = tables[layer][writer_cursor[layer] % len(tables[layer])]
            writer_cursor[layer] += 1
            if layer == 0:
                inputs = rng.sample(topics, rng.randint(1, 2))
            else:
                inputs = [t.as_spark() for t in layer_sources(rng, tables, layer, rng.choice((1, 1, 2, 3)))]
            command = rng.choice(SPARK_COMMANDS)
            action = Action(f"{command}.{out.db}_{out.name}", inputs, out.as_spark(), None,
                            lifecycle="OVERWRITE" if rng.random() < 0.3 else None)
            action.prepare(rng, "spark")
            actions.append(action)
        name = f"{LAYERS[layer]}_{ENTITIES[number % len(ENTITIES)]}_etl_{number:03d}"
        apps.append(SparkApp(name, rng.choice(("etl_user", "svc_spark", "analyst_01", "data_eng")), actions, number))
    return apps


def build_hive_queries(rng: random.Random, tables: list[list[Table]]) -> list[HiveQuery]:
    """120 Hive query templates (INSERT OVERWRITE and CTAS) on layers 1-3."""
    queries = []
    for _ in range(120):
        layer = rng.choice((1, 2, 2, 3, 3))
        out = rng.choice(tables[layer])
        sources = layer_sources(rng, tables, layer, rng.choice((1, 2, 2, 3)))
        operation = "CREATETABLE_AS_SELECT" if rng.random() < 0.3 else "QUERY"
        verb = f"CREATE TABLE {out.db}.{out.name} AS" if operation != "QUERY" else f"INSERT OVERWRITE TABLE"
        target = "" if operation != "QUERY" else f"{out.db}.{out.name}"
        sql = insert_sql(target, [f"{s.db}.{s.name}" for s in sources], out.columns, verb).replace("  \n", "\n")
        action = Action(f"{operation.lower()}.{out.db}.{out.name}", [s.as_hive() for s in sources], out.as_hive(), sql)
        action.prepare(rng, "hive")
        queries.append(HiveQuery(operation, action))
    return queries


def build_flink_jobs(rng: random.Random, tables: list[list[Table]], topics: list[Dataset]) -> list[FlinkJob]:
    """24 streaming jobs: Kafka in, Kafka (or a raw HDFS path) out."""
    jobs = []
    for number in range(24):
        inputs = rng.sample(topics, rng.randint(1, 2))
        if rng.random() < 0.7:
            output = rng.choice(topics)
        else:
            raw = rng.choice(tables[0])
            output = Dataset(HDFS_NS, raw.path, raw.columns, None, "flink")
        flink_inputs = [Dataset(t.namespace, t.name, t.columns, None, "flink") for t in inputs]
        action = Action(f"stream_{ENTITIES[number % len(ENTITIES)]}_{number:02d}", flink_inputs,
                        Dataset(output.namespace, output.name, output.columns, None, "flink"), None)
        action.prepare(rng, "flink")
        namespace = f"http://flink-jm-{number % 3}:8081"
        jobs.append(FlinkJob(action.name, namespace, "%032x" % rng.getrandbits(128), action))
    return jobs


def build_dags(rng: random.Random, spark_apps: list[SparkApp]) -> list[AirflowDag]:
    """50 DAGs of 3-8 tasks: SQL tasks on Snowflake, Spark-submit tasks, Python tasks."""
    sf_tables = [[Dataset(SNOWFLAKE_NS, f"ANALYTICS.{schema}.{ENTITIES[i % len(ENTITIES)].upper()}_{i:02d}",
                          tuple((c.upper(), t.upper()) for c, t in pick_columns(rng, 3, 9)), None, "airflow")
                  for i in range(size)] for schema, size in (("RAW", 40), ("STAGING", 50), ("REPORTING", 40))]
    instances = (("http://airflow-prod:8080", "2.10.5"), ("http://airflow-etl:8080", "2.9.3"),
                 ("https://airflow.example.com", "3.0.2"))
    dags = []
    launched = 0
    for number in range(50):
        namespace, version = instances[number % len(instances)]
        dag_id = f"{rng.choice(('daily', 'hourly', 'weekly'))}_{ENTITIES[number % len(ENTITIES)]}_{number:02d}"
        tasks = []
        for t in range(rng.randint(3, 8)):
            kind = rng.choices(("sql", "spark", "python"), weights=(55, 20, 25))[0]
            if kind == "sql":
                layer = rng.choice((1, 2))
                out = rng.choice(sf_tables[layer])
                sources = rng.sample(sf_tables[layer - 1], rng.choice((1, 2)))
                verb = rng.choice(("INSERT INTO", "MERGE INTO"))
                sql = "-- generated by the lineage benchmark\n" + insert_sql(out.name, [s.name for s in sources], out.columns, verb)
                action = Action(f"load_{t}", sources, out, sql)
                action.prepare(rng, "airflow")
                tasks.append(AirflowTask(f"load_{out.name.split('.')[-1].lower()}_{t}", "SQLExecuteQueryOperator", action))
            elif kind == "spark":
                app = spark_apps[(launched * 7) % len(spark_apps)]
                launched += 1
                tasks.append(AirflowTask(f"submit_{app.name}", "SparkSubmitOperator", spark_app=app))
            else:
                tasks.append(AirflowTask(f"check_{t}", "PythonOperator"))
        owner = rng.choice(("airflow", "alice", "bob,carol", "data-platform"))
        tags = repr(rng.sample(["env:prod", "team:data", "reporting", "finance", "tier:1"], 2))
        dags.append(AirflowDag(dag_id, namespace, version, owner, tags, tasks))
    return dags


def build_dbt_projects(rng: random.Random) -> list[DbtProject]:
    """6 dbt projects on Postgres: sources, staging, intermediate and mart models in a DAG."""
    projects = []
    for number in range(6):
        name = f"{ENTITIES[number * 2]}_analytics"
        sources = [Dataset(POSTGRES_NS, f"analytics.raw_{name}.{ENTITIES[i]}", pick_columns(rng, 4, 10), None, "dbt")
                   for i in range(rng.randint(6, 12))]
        levels: list[list[Dataset]] = [sources]
        models = []
        for level, schema in enumerate(("stg", "int", "mart"), start=1):
            produced = []
            for i in range(rng.randint(4, 10)):
                model = f"{schema}_{ENTITIES[(i + level) % len(ENTITIES)]}_{i}"
                out = Dataset(POSTGRES_NS, f"analytics.{name}.{model}", pick_columns(rng, 4, 10), None, "dbt")
                pool = levels[-1] if rng.random() < 0.8 else [d for lv in levels for d in lv]
                inputs = rng.sample(pool, min(len(pool), rng.choice((1, 2, 3))))
                action = Action(f"model.{name}.{model}", inputs, out, None)
                action.prepare(rng, "dbt")
                models.append(DbtModel(model, action))
                produced.append(out)
            levels.append(produced)
        projects.append(DbtProject(name, models))
    return projects


def build_world(world_seed: int = DEFAULT_WORLD_SEED) -> World:
    """The fixed world for a world seed: about 1,000 datasets and 400 jobs."""
    rng = random.Random(world_seed)
    tables = build_tables(rng)
    topics = [Dataset(KAFKA_NS, f"events.{ENTITIES[i % len(ENTITIES)]}.v{1 + i // len(ENTITIES)}",
                      pick_columns(rng, 3, 8), None, "spark") for i in range(48)]
    spark_apps = build_spark_apps(rng, tables, topics)
    hive_queries = build_hive_queries(rng, tables)
    hive_users = [(f"user{i:02d}", f"10.20.{i // 4}.{10 + i}") for i in range(12)]
    flink_jobs = build_flink_jobs(rng, tables, topics)
    dags = build_dags(rng, spark_apps)
    dbt_projects = build_dbt_projects(rng)
    return World(tables, topics, spark_apps, hive_queries, hive_users, flink_jobs, dags, dbt_projects)


# ----------------------------------------------------------------------------------------------------------
# Events: the envelope and the sink that orders, duplicates, corrupts and writes them
# ----------------------------------------------------------------------------------------------------------

def envelope(event_time: str, producer: str, event_type: str, run_id: str, run_facets: str,
             job_namespace: str, job_name: str, job_facets: str, inputs: str = "", outputs: str = "") -> str:
    """One RunEvent line from pre-serialised parts."""
    return (f'{{"eventTime":"{event_time}","producer":"{producer}","schemaURL":"{RUN_EVENT_SCHEMA}",'
            f'"eventType":"{event_type}","run":{{"runId":"{run_id}","facets":{{{run_facets}}}}},'
            f'"job":{{"namespace":{dumps(job_namespace)},"name":{dumps(job_name)},"facets":{{{job_facets}}}}},'
            f'"inputs":[{inputs}],"outputs":[{outputs}]}}')


def parent_facet(integration: str, job_ns: str, job_name: str, run_id: str,
                 root: tuple[str, str, str] | None = None) -> str:
    """The `"parent":{...}` member text (with `root` when given as (namespace, name, run id))."""
    body: dict = {**facet_meta(integration, "1-1-0/ParentRunFacet.json#/$defs/ParentRunFacet"),
                  "job": {"namespace": job_ns, "name": job_name}, "run": {"runId": run_id}}
    if root:
        body["root"] = {"job": {"namespace": root[0], "name": root[1]}, "run": {"runId": root[2]}}
    return '"parent":' + dumps(body)


def engine_facet(integration: str, name: str, version: str, adapter: str = "1.30.0") -> str:
    """The `"processing_engine":{...}` member text."""
    body = {**facet_meta(integration, "1-1-1/ProcessingEngineRunFacet.json#/$defs/ProcessingEngineRunFacet"),
            "version": version, "name": name, "openlineageAdapterVersion": adapter}
    return '"processing_engine":' + dumps(body)


@dataclass(order=True)
class Pending:
    """An event waiting in the time-ordered buffer."""

    arrival: int
    seq: int
    line: str = field(compare=False)
    integration: str = field(compare=False)
    event_type: str = field(compare=False)
    kind: str = field(compare=False)  # event | duplicate | malformed:<reason>
    late_start: bool = field(compare=False, default=False)


SIZE_BUCKETS = (256, 512, 768, 1024, 1536, 2048, 3072, 4096, 6144, 8192, 12288, 16384, 32768, 1 << 62)


@dataclass
class Stats:
    """Counters for the manifest, kept at write time."""

    by_integration: dict[str, dict[str, int]] = field(default_factory=dict)
    kinds: dict[str, int] = field(default_factory=dict)
    out_of_order: int = 0
    bytes_total: int = 0
    bytes_by_integration: dict[str, int] = field(default_factory=dict)
    min_size: int = 1 << 62
    max_size: int = 0
    histogram: list[int] = field(default_factory=lambda: [0] * len(SIZE_BUCKETS))
    first_ms: int | None = None
    last_ms: int | None = None

    def add(self, item: Pending) -> None:
        size = len(item.line) + 1
        self.bytes_total += size
        self.min_size = min(self.min_size, size)
        self.max_size = max(self.max_size, size)
        for index, bound in enumerate(SIZE_BUCKETS):
            if size <= bound:
                self.histogram[index] += 1
                break
        kind = item.kind.split(":")[0]
        self.kinds[item.kind] = self.kinds.get(item.kind, 0) + 1
        if kind != "malformed":
            per = self.by_integration.setdefault(item.integration, {})
            per[item.event_type] = per.get(item.event_type, 0) + 1
            self.bytes_by_integration[item.integration] = self.bytes_by_integration.get(item.integration, 0) + size
        if item.late_start:
            self.out_of_order += 1

    def percentile(self, share: float, total: int) -> int:
        """Upper bound of the size bucket holding the given share of lines."""
        running = 0
        for bound, count in zip(SIZE_BUCKETS, self.histogram):
            running += count
            if total and running >= share * total:
                return min(bound, self.max_size)
        return self.max_size


class Sink:
    """Orders events by arrival time in a small heap, adds duplicates and malformed lines, writes files."""

    def __init__(self, rng: random.Random, out_dir: Path, total: int, files: int, prefix: str, gz: bool,
                 progress: Callable[[int], None] | None = None) -> None:
        self.rng = rng
        self.out_dir = out_dir
        self.total = total
        self.files = max(1, min(files, max(total, 1)))
        self.prefix = prefix
        self.gz = gz
        self.progress = progress
        self.heap: list[Pending] = []
        self.seq = 0
        self.queued = 0
        self.written = 0
        self.stats = Stats()
        self.file_index = -1
        self.handle: TextIO | None = None
        self.file_rows: list[dict[str, int | str]] = []

    # -- producing
    def push(self, arrival: int, line: str, integration: str, event_type: str, late_start: bool = False) -> None:
        """Queue one event; it may also be queued again later (a duplicate) or replaced by a malformed line."""
        rng = self.rng
        kind = "event"
        if rng.random() < MALFORMED_SHARE:
            line, kind = corrupt(line, rng)
        self._queue(Pending(arrival, self.seq, line, integration, event_type, kind, late_start))
        if kind == "event" and rng.random() < DUPLICATE_SHARE:
            self._queue(Pending(arrival + rng.randint(1, 30_000), self.seq, line, integration, event_type, "duplicate"))

    def _queue(self, item: Pending) -> None:
        item.seq = self.seq
        self.seq += 1
        self.queued += 1
        heapq.heappush(self.heap, item)

    def full(self) -> bool:
        """True once enough lines are queued or written."""
        return self.queued >= self.total

    def flush_until(self, clock_ms: int) -> None:
        """Write every queued event that arrived before `clock_ms`."""
        heap = self.heap
        while heap and heap[0].arrival < clock_ms and self.written < self.total:
            self._write(heapq.heappop(heap))

    def close(self) -> None:
        """Write what is left (up to the total) and close the last file."""
        while self.heap and self.written < self.total:
            self._write(heapq.heappop(self.heap))
        self.heap.clear()
        self._close_file()

    # -- writing
    def _file_name(self, index: int) -> str:
        suffix = ".jsonl.gz" if self.gz else ".jsonl"
        return f"{self.prefix}-{index:04d}{suffix}"

    def _open_next(self) -> None:
        self._close_file()
        self.file_index += 1
        path = self.out_dir / self._file_name(self.file_index)
        if self.gz:
            raw = gzip.GzipFile(filename="", mode="wb", fileobj=open(path, "wb"), mtime=0, compresslevel=1)
            self.handle = io.TextIOWrapper(raw, encoding="utf-8", newline="\n")
        else:
            self.handle = open(path, "w", encoding="utf-8", newline="\n", buffering=1 << 20)
        self.file_rows.append({"name": path.name, "lines": 0})

    def _close_file(self) -> None:
        if self.handle is not None:
            handle = self.handle
            handle.flush()
            if self.gz:
                raw = handle.buffer  # type: ignore[attr-defined]
                handle.detach()
                fileobj = raw.fileobj
                raw.close()
                fileobj.close()
            else:
                handle.close()
            self.handle = None
            last = self.file_rows[-1]
            last["bytes"] = (self.out_dir / str(last["name"])).stat().st_size

    def _write(self, item: Pending) -> None:
        boundary = (self.file_index + 1) * self.total // self.files
        if self.handle is None or (self.written >= boundary and self.file_index < self.files - 1):
            self._open_next()
        assert self.handle is not None
        self.handle.write(item.line + "\n")
        self.file_rows[-1]["lines"] = int(self.file_rows[-1]["lines"]) + 1
        self.written += 1
        self.stats.add(item)
        if item.kind == "event":
            if self.stats.first_ms is None or item.arrival < self.stats.first_ms:
                self.stats.first_ms = item.arrival
            if self.stats.last_ms is None or item.arrival > self.stats.last_ms:
                self.stats.last_ms = item.arrival
        if self.progress and self.written % 20_000 == 0:
            self.progress(self.written)


def corrupt(line: str, rng: random.Random) -> tuple[str, str]:
    """A malformed variant of `line`: cut in the middle, without run.runId, or with an impossible eventTime."""
    reason = rng.choice(("not_json", "missing_run_id", "invalid_event_time"))
    if reason == "not_json":
        return line[: len(line) // 2], "malformed:not_json"
    if reason == "missing_run_id":
        start = line.index('"run":{"runId":"') + len('"run":{')
        end = line.index('"', start + len('"runId":"')) + 2  # the closing quote and the comma
        return line[:start] + line[end:], "malformed:missing_run_id"
    start = line.index('"eventTime":"') + len('"eventTime":"')
    end = line.index('"', start)
    return line[:start] + "2025-13-45T99:99:99Z" + line[end:], "malformed:invalid_event_time"


# ----------------------------------------------------------------------------------------------------------
# Units of traffic: each function queues the events of one run tree
# ----------------------------------------------------------------------------------------------------------

def statistics(rng: random.Random) -> tuple[int, int, int]:
    """(rowCount, size, fileCount) of one dataset access."""
    rows = int(rng.lognormvariate(11, 2))
    return rows, rows * rng.randint(40, 400), max(1, rows // 500_000 + rng.randint(0, 3))


def spark_application(sink: Sink, rng: random.Random, app: SparkApp, start_ms: int,
                      parent: tuple[str, str, str, tuple[str, str, str]] | None = None) -> int:
    """Queue one Spark application run and its SQL jobs; returns its end time."""
    producer = OL_PRODUCER + "spark"
    app_run = uuid7(start_ms, rng)
    app_id = f"application_{1740787200000 + app.app_number}_{rng.randint(1, 9999):04d}"
    host = f"10.0.{app.app_number % 16}.{rng.randint(2, 250)}"
    details = {**facet_meta("spark", "1-0-0/SparkApplicationDetailsRunFacet.json"),
               "master": "yarn", "appName": app.name, "applicationId": app_id, "deployMode": "cluster",
               "driverHost": host, "userName": app.user, "uiWebUrl": f"http://{host}:4040",
               "proxyUrl": f"http://rm1.example.com:8088/proxy/{app_id}",
               "historyUrl": f"http://history.example.com:18081/history/{app_id}"}
    engine = engine_facet("spark", "spark", "3.5.1")
    props = '"spark_properties":' + dumps({**facet_meta("spark", "1-0-0/SparkPropertiesFacet.json"),
                                           "properties": {"spark.master": "yarn", "spark.app.name": app.name,
                                                          "spark.submit.deployMode": "cluster"}})
    app_facets = f'"spark_applicationDetails":{dumps(details)},{engine},{props}'
    if parent:
        app_facets += "," + parent_facet("spark", parent[0], parent[1], parent[2], parent[3])
    app_job_facets = job_type_facet("SPARK", "APPLICATION")
    sink.push(start_ms + 50, envelope(iso_z(start_ms), producer, "START", app_run, app_facets,
                                      SPARK_JOB_NS, app.name, app_job_facets), "SPARK", "START")
    clock = start_ms + rng.randint(5_000, 30_000)
    app_parent = parent_facet("spark", SPARK_JOB_NS, app.name, app_run)
    sql_job_facets = job_type_facet("SPARK", "SQL_JOB")
    for job_number, action in enumerate(app.actions):
        run_id = uuid7(clock, rng)
        name = f"{app.name}.{action.name}"
        details_facet = '"spark_jobDetails":' + dumps({**facet_meta("spark", "1-0-0/SparkJobDetailsRunFacet.json"),
                                                       "jobId": job_number, "jobDescription": f"{action.name.split('.')[0]} at NativeMethodAccessorImpl.java:0"})
        facets = f"{app_parent},{engine},{details_facet}"
        duration = int(rng.lognormvariate(10.5, 1.2))
        end = clock + duration
        late = rng.random() < OUT_OF_ORDER_SHARE
        start_arrival = clock + 20
        sink.push(start_arrival, envelope(iso_z(clock), producer, "START", run_id, facets, SPARK_JOB_NS, name,
                                          sql_job_facets, action.inputs_json(None), action.outputs_json(None, False)),
                  "SPARK", "START")
        if rng.random() < 0.3:
            middle = clock + duration // 2
            sink.push(middle + 20, envelope(iso_z(middle), producer, "RUNNING", run_id, facets, SPARK_JOB_NS, name,
                                            sql_job_facets, action.inputs_json(None), action.outputs_json(None, False)),
                      "SPARK", "RUNNING")
        final = "FAIL" if rng.random() < 0.02 else "COMPLETE"
        in_stats = [statistics(rng) for _ in action.inputs]
        out_stats = statistics(rng) if final == "COMPLETE" else None
        sink.push(start_arrival - 1 if late else end + 20,
                  envelope(iso_z(end), producer, final, run_id, facets, SPARK_JOB_NS, name, sql_job_facets,
                           action.inputs_json(in_stats), action.outputs_json(out_stats)),
                  "SPARK", final, late_start=late)
        clock = end + rng.randint(200, 5_000)
    sink.push(clock + 50, envelope(iso_z(clock), producer, "COMPLETE", app_run, app_facets, SPARK_JOB_NS, app.name,
                                   app_job_facets), "SPARK", "COMPLETE")
    return clock


def airflow_dag_run(sink: Sink, rng: random.Random, world: World, start_ms: int) -> None:
    """Queue one DAG run: DAG START, its tasks one after another (Spark tasks launch an application), DAG end."""
    dag = rng.choice(world.dags)
    dag_run = uuid7(start_ms, rng)
    run_type = "manual" if rng.random() < 0.1 else "scheduled"
    logical = start_ms - start_ms % 3_600_000
    run_id = f"{run_type}__{iso_offset(logical)}"
    dag_run_info = {"dag_id": dag.dag_id, "data_interval_start": iso_offset(logical - 86_400_000),
                    "data_interval_end": iso_offset(logical), "run_id": run_id, "run_type": run_type,
                    "external_trigger": run_type == "manual", "start_date": iso_offset(start_ms)}
    dag_info = {"dag_id": dag.dag_id, "owner": dag.owner, "tags": dag.tags, "schedule_interval": "0 * * * *",
                "fileloc": f"/opt/airflow/dags/{dag.dag_id}.py"}
    engine = engine_facet("airflow", "Airflow", dag.version, "1.14.0").replace(OL_PRODUCER + "airflow", AIRFLOW_PRODUCER)
    nominal = '"nominalTime":' + dumps({"nominalStartTime": iso_offset(logical - 86_400_000),
                                         "nominalEndTime": iso_offset(logical)})
    dag_facets = f'"airflowDagRun":{dumps({"_producer": AIRFLOW_PRODUCER, "dag": dag_info, "dagRun": dag_run_info})},{engine},{nominal}'
    dag_job = job_type_facet("AIRFLOW", "DAG")
    sink.push(start_ms + 30, envelope(iso_offset(start_ms), AIRFLOW_PRODUCER, "START", dag_run, dag_facets,
                                      dag.namespace, dag.dag_id, dag_job), "AIRFLOW", "START")
    task_job = job_type_facet("AIRFLOW", "TASK")
    clock = start_ms + rng.randint(1_000, 10_000)
    failed = False
    for task in dag.tasks:
        task_run = uuid7(clock, rng)
        name = f"{dag.dag_id}.{task.task_id}"
        try_number = 1 if rng.random() < 0.95 else 2
        airflow = {"_producer": AIRFLOW_PRODUCER, "dag": dag_info, "dagRun": dag_run_info,
                   "task": {"task_id": task.task_id, "operator_class": task.operator, "queue": "default",
                            "owner": dag.owner, "retries": 1, "trigger_rule": "all_success"},
                   "taskInstance": {"try_number": try_number, "map_index": -1, "pool": "default_pool",
                                    "queued_dttm": iso_offset(clock - 500)},
                   "taskUuid": task_run}
        parent = parent_facet("airflow", dag.namespace, dag.dag_id, dag_run).replace(OL_PRODUCER + "airflow", AIRFLOW_PRODUCER)
        facets = f'"airflow":{dumps(airflow)},{parent},{engine},{nominal}'
        end_facets = facets if dag.version.startswith("3") else f"{parent},{engine}"
        job_facets = task_job
        inputs = outputs = end_inputs = end_outputs = ""
        if task.action is not None:
            job_facets += ',"sql":' + dumps({"_producer": AIRFLOW_PRODUCER, "query": task.action.sql})
            inputs, outputs = task.action.inputs_json(None), task.action.outputs_json(None)
            end_inputs = task.action.inputs_json([statistics(rng) for _ in task.action.inputs])
            end_outputs = task.action.outputs_json(statistics(rng))
        late = rng.random() < OUT_OF_ORDER_SHARE
        sink.push(clock + 30, envelope(iso_offset(clock), AIRFLOW_PRODUCER, "START", task_run, facets, dag.namespace,
                                       name, job_facets, inputs, outputs), "AIRFLOW", "START")
        if task.spark_app is not None:
            root = (dag.namespace, dag.dag_id, dag_run)
            end = spark_application(sink, rng, task.spark_app, clock + rng.randint(2_000, 8_000),
                                    (dag.namespace, name, task_run, root)) + rng.randint(1_000, 5_000)
        else:
            end = clock + int(rng.lognormvariate(9.5, 1.0))
        final = "FAIL" if rng.random() < 0.02 else "COMPLETE"
        failed = failed or final == "FAIL"
        sink.push(clock + 29 if late else end + 30,
                  envelope(iso_offset(end), AIRFLOW_PRODUCER, final, task_run, end_facets, dag.namespace, name,
                           job_facets, end_inputs, end_outputs), "AIRFLOW", final, late_start=late)
        clock = end + rng.randint(500, 5_000)
        if final == "FAIL":
            break
    final = "FAIL" if failed else "COMPLETE"
    sink.push(clock + 30, envelope(iso_offset(clock), AIRFLOW_PRODUCER, final, dag_run, dag_facets, dag.namespace,
                                   dag.dag_id, dag_job), "AIRFLOW", final)


def dbt_invocation(sink: Sink, rng: random.Random, world: World, start_ms: int) -> None:
    """Queue one `dbt run`: the JOB START, every model (START/COMPLETE, parent = the JOB run), the JOB end."""
    project = rng.choice(world.dbt_projects)
    producer = OL_PRODUCER + "dbt"
    job_run = uuid7(start_ms, rng)
    invocation = uuid4(rng)
    job_name = f"dbt-run-{project.name}"
    engine = engine_facet("dbt", "dbt", "1.8.2", "1.30.0")
    run_facets = f'"dbt_run":{dumps({"invocation_id": invocation, "project_name": project.name, "dbt_runtime": "core"})},{engine},"dbt_version":{{"version":"1.8.2"}}'
    job_facets = job_type_facet("DBT", "JOB")
    sink.push(start_ms + 10, envelope(iso_z(start_ms), producer, "START", job_run, run_facets, DBT_JOB_NS,
                                      job_name, job_facets), "DBT", "START")
    model_job = job_type_facet("DBT", "MODEL")
    parent = parent_facet("dbt", DBT_JOB_NS, job_name, job_run, (DBT_JOB_NS, job_name, job_run))
    clock = start_ms + rng.randint(2_000, 6_000)
    model_facets = f'"dbt_run":{{"invocation_id":"{invocation}"}},{parent},{engine}'
    for model in project.models:
        run_id = uuid7(clock, rng)
        end = clock + int(rng.lognormvariate(8.5, 1.0))
        action = model.action
        late = rng.random() < OUT_OF_ORDER_SHARE
        sink.push(clock + 10, envelope(iso_z(clock), producer, "START", run_id, model_facets, DBT_JOB_NS, action.name,
                                       model_job, action.inputs_json(None), action.outputs_json(None)), "DBT", "START")
        final = "FAIL" if rng.random() < 0.01 else "COMPLETE"
        sink.push(clock + 9 if late else end + 10,
                  envelope(iso_z(end), producer, final, run_id, model_facets, DBT_JOB_NS, action.name, model_job,
                           action.inputs_json(None), action.outputs_json(None)), "DBT", final, late_start=late)
        clock = end + rng.randint(50, 1_000)
    sink.push(clock + 10, envelope(iso_z(clock), producer, "COMPLETE", job_run, run_facets, DBT_JOB_NS, job_name,
                                   job_facets), "DBT", "COMPLETE")


def flink_run(sink: Sink, rng: random.Random, world: World, start_ms: int) -> None:
    """Queue one streaming run: START, a RUNNING event every minute, and an end (or none: still running)."""
    job = rng.choice(world.flink_jobs)
    producer = OL_PRODUCER + "flink"
    run_id = uuid7(start_ms, rng)
    engine = engine_facet("flink", "flink", "1.19.1")
    base = f'"flink_job":{{"jobId":"{job.job_id}"}},{engine}'
    job_facets = job_type_facet("FLINK", "JOB", "STREAMING")
    inputs, outputs = job.action.inputs_json(None), job.action.outputs_json(None)
    sink.push(start_ms + 40, envelope(iso_z(start_ms), producer, "START", run_id, base, job.namespace, job.name,
                                      job_facets, inputs, outputs), "FLINK", "START")
    clock = start_ms
    for checkpoint in range(1, rng.randint(5, 40) + 1):
        clock += 60_000
        facets = base + ',"checkpoints":' + dumps({"completed": checkpoint, "failed": 0, "in-progress": 1,
                                                   "restored": 0, "total": checkpoint + 1})
        sink.push(clock + 40, envelope(iso_z(clock), producer, "RUNNING", run_id, facets, job.namespace, job.name,
                                       job_facets, inputs, outputs), "FLINK", "RUNNING")
    ending = rng.choices(("COMPLETE", "ABORT", "FAIL", None), weights=(50, 25, 5, 20))[0]
    if ending:
        clock += rng.randint(1_000, 30_000)
        sink.push(clock + 40, envelope(iso_z(clock), producer, ending, run_id, base, job.namespace, job.name,
                                       job_facets, inputs, outputs), "FLINK", ending)


def hive_session(sink: Sink, rng: random.Random, world: World, start_ms: int) -> None:
    """Queue one HiveServer2 session: 1-5 queries, each START and COMPLETE with IO and column lineage."""
    producer = OL_PRODUCER + "hive"
    user, ip = rng.choice(world.hive_users)
    session = {"sessionId": uuid4(rng), "username": user, "clientIp": ip, "creationTime": iso_z(start_ms)}
    engine = engine_facet("hive", "hive", "3.1.3")
    session_text = '"hive_session":' + dumps(session)
    clock = start_ms + rng.randint(1_000, 20_000)
    for _ in range(rng.choice((1, 1, 2, 3, 5))):
        query = rng.choice(world.hive_queries)
        run_id = uuid7(clock, rng)
        query_id = f"hive_{time.strftime('%Y%m%d%H%M%S', time.gmtime(clock // 1000))}_{uuid4(rng)}"
        facets = (f'"hive_query":{{"queryId":"{query_id}","operationName":"{query.operation}"}},{session_text},'
                  f'{engine},"hive_properties":{{"properties":{{"hive.execution.engine":"tez"}}}}')
        action = query.action
        job_facets = job_type_facet("HIVE", "QUERY") + ',"sql":' + dumps({"dialect": "hive", "query": action.sql})
        end = clock + int(rng.lognormvariate(9.8, 1.0))
        late = rng.random() < OUT_OF_ORDER_SHARE
        sink.push(clock + 20, envelope(iso_z(clock), producer, "START", run_id, facets, HIVE_JOB_NS, action.name,
                                       job_facets, action.inputs_json(None), action.outputs_json(None)), "HIVE", "START")
        sink.push(clock + 19 if late else end + 20,
                  envelope(iso_z(end), producer, "COMPLETE", run_id, facets, HIVE_JOB_NS, action.name, job_facets,
                           action.inputs_json(None), action.outputs_json(None)), "HIVE", "COMPLETE", late_start=late)
        clock = end + rng.randint(1_000, 60_000)


# ----------------------------------------------------------------------------------------------------------
# Driver
# ----------------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class GeneratorConfig:
    """What to generate."""

    events: int
    seed: int
    out_dir: Path
    files: int = 1
    gzip: bool = False
    start: str = DEFAULT_START
    world_seed: int = DEFAULT_WORLD_SEED
    prefix: str | None = None


def generate(config: GeneratorConfig, progress: Callable[[int], None] | None = None) -> dict:
    """Write the events and `manifest.json` into config.out_dir; returns the manifest."""
    config.out_dir.mkdir(parents=True, exist_ok=True)
    world = build_world(config.world_seed)
    rng = random.Random(config.seed)
    prefix = config.prefix or f"events-s{config.seed}"
    sink = Sink(rng, config.out_dir, config.events, config.files, prefix, config.gzip, progress)
    kinds = list(UNIT_WEIGHTS)
    weights = [UNIT_WEIGHTS[k] for k in kinds]
    clock = parse_iso(config.start)
    units: dict[str, int] = {k: 0 for k in kinds}
    while not sink.full():
        kind = rng.choices(kinds, weights)[0]
        units[kind] += 1
        if kind == "spark":
            spark_application(sink, rng, rng.choice(world.spark_apps), clock)
        elif kind == "airflow":
            airflow_dag_run(sink, rng, world, clock)
        elif kind == "dbt":
            dbt_invocation(sink, rng, world, clock)
        elif kind == "flink":
            flink_run(sink, rng, world, clock)
        else:
            hive_session(sink, rng, world, clock)
        clock += int(rng.expovariate(1 / MEAN_UNIT_GAP_MS)) + 1
        sink.flush_until(clock)
    sink.close()
    manifest = build_manifest(config, sink, units, world)
    (config.out_dir / "manifest.json").write_text(json.dumps(manifest, indent=2, sort_keys=True) + "\n")
    return manifest


def build_manifest(config: GeneratorConfig, sink: Sink, units: dict[str, int], world: World) -> dict:
    """Counts and size statistics of what was written."""
    stats = sink.stats
    written = sink.written
    kinds = {"event": 0, "duplicate": 0, "malformed": 0}
    malformed: dict[str, int] = {}
    for kind, count in stats.kinds.items():
        head, _, reason = kind.partition(":")
        kinds[head] += count
        if reason:
            malformed[reason] = count
    per_integration = {i: dict(sorted(stats.by_integration.get(i, {}).items())) for i in INTEGRATIONS}
    valid = sum(sum(v.values()) for v in per_integration.values())
    return {
        "generator": "scripts/generate_events.py",
        "events": written,
        "seed": config.seed,
        "world_seed": config.world_seed,
        "gzip": config.gzip,
        "files": sink.file_rows,
        "lines": kinds,
        "malformed": dict(sorted(malformed.items())),
        "out_of_order_completes": stats.out_of_order,
        "by_integration": per_integration,
        "integration_shares": {i: round(sum(v.values()) / valid, 4) if valid else 0.0
                               for i, v in per_integration.items()},
        "units_generated": units,
        "time_range": {"first": iso_z(stats.first_ms) if stats.first_ms is not None else None,
                       "last": iso_z(stats.last_ms) if stats.last_ms is not None else None},
        "sizes": {
            "bytes_total": stats.bytes_total,
            "mean": round(stats.bytes_total / written, 1) if written else 0,
            "min": stats.min_size if written else 0,
            "max": stats.max_size,
            "p50_at_most": stats.percentile(0.5, written),
            "p95_at_most": stats.percentile(0.95, written),
            "mean_by_integration": {i: round(stats.bytes_by_integration.get(i, 0) / max(1, sum(v.values())), 1)
                                    for i, v in per_integration.items()},
            "histogram_upper_bounds": [b if b < (1 << 62) else "inf" for b in SIZE_BUCKETS],
            "histogram_counts": stats.histogram,
        },
        "world": {"hive_tables": sum(len(t) for t in world.tables), "kafka_topics": len(world.topics),
                  "spark_applications": len(world.spark_apps), "hive_queries": len(world.hive_queries),
                  "flink_jobs": len(world.flink_jobs), "airflow_dags": len(world.dags),
                  "dbt_projects": len(world.dbt_projects)},
    }


def stderr_progress(total: int) -> Callable[[int], None]:
    """A progress callback printing lines written, rate and an ETA to stderr."""
    began = time.monotonic()

    def report(done: int) -> None:
        elapsed = max(time.monotonic() - began, 1e-9)
        rate = done / elapsed
        eta = (total - done) / rate if rate else 0
        print(f"  generated {done:,}/{total:,} lines  {rate:,.0f}/s  eta {eta:,.0f}s", file=sys.stderr, flush=True)

    return report


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--events", type=int, required=True, help="number of lines to write (all kinds)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the traffic (run ids, choices, times)")
    parser.add_argument("--out", type=Path, required=True, help="directory for the files and manifest.json")
    parser.add_argument("--files", type=int, default=1, help="split the lines over this many files (default 1)")
    parser.add_argument("--gzip", action="store_true", help="write .jsonl.gz files (deterministic gzip headers)")
    parser.add_argument("--start", default=DEFAULT_START, help=f"simulated clock start (default {DEFAULT_START})")
    parser.add_argument("--world-seed", type=int, default=DEFAULT_WORLD_SEED,
                        help="seed of the datasets and jobs (keep it to add traffic to the same world)")
    parser.add_argument("--prefix", help="file name prefix (default events-s<seed>)")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.events < 1:
        print("--events must be at least 1", file=sys.stderr)
        return 2
    config = GeneratorConfig(args.events, args.seed, args.out, args.files, args.gzip, args.start,
                             args.world_seed, args.prefix)
    began = time.monotonic()
    manifest = generate(config, stderr_progress(args.events))
    elapsed = time.monotonic() - began
    sizes = manifest["sizes"]
    print(f"wrote {manifest['events']:,} lines in {len(manifest['files'])} file(s), "
          f"{sizes['bytes_total'] / 1e6:,.1f} MB, {elapsed:.1f}s ({manifest['events'] / elapsed:,.0f} lines/s) "
          f"to {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
