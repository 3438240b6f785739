"""dbt's layering (docs/architecture.md "Layers"): each model reads only its own layer and the layers before it:
raw -> staging -> intermediate -> marts. In particular intermediate never reads marts (the marts are the contract,
built from intermediate; a fold such as the job of a run is read where it is made, e.g. macros/io.sql
`io_rows_with_jobs`)."""
from __future__ import annotations

import re

from tests.lw import in_process
from tests.lw.column_search import columns_where
from tests.lw.dbt_runner import Warehouse

ORDER = ("raw", "staging", "intermediate", "marts")


def layer(path: str) -> str:
    return path.removeprefix("models/").split("/")[0]


def test_no_model_reads_a_later_layer() -> None:
    manifest = in_process.manifest("duckdb")
    models = {uid: node for uid, node in manifest.nodes.items() if node.resource_type == "model"}
    assert {layer(node.original_file_path) for node in models.values()} == set(ORDER)
    backwards = sorted(
        f"{node.name} ({layer(node.original_file_path)}) reads {models[parent].name} "
        f"({layer(models[parent].original_file_path)})"
        for node in models.values() for parent in node.depends_on.nodes if parent in models
        and ORDER.index(layer(models[parent].original_file_path)) > ORDER.index(layer(node.original_file_path)))
    assert backwards == []


REF_IN_FILE = re.compile(r"""\bref\(\s*['"]([A-Za-z0-9_]+)['"]""")


def test_every_parent_of_a_model_is_named_in_its_file() -> None:
    """Every parent dbt records for a model is named by a ref() in the model's own file: a macro that reads a
    relation takes it as an argument (the location join, select_with_entity_id, io_rows_with_jobs,
    operation_bucket_ctes), and a parent that only the refold macros read is named by dbt's `-- depends_on:` mark, so
    a reader sees what a model reads where it is written."""
    manifest = in_process.manifest("duckdb")
    models = {uid: node for uid, node in manifest.nodes.items() if node.resource_type == "model"}
    hidden = {}
    for node in models.values():
        named = set(REF_IN_FILE.findall(node.raw_code))
        parents = {models[parent].name for parent in node.depends_on.nodes if parent in models}
        if parents - named:
            hidden[node.name] = sorted(parents - named)
    assert not hidden, hidden


def test_staging_keeps_each_record_text_once(corpora_duckdb: Warehouse) -> None:
    """docs/decisions/staging-record-text-once.md: past raw, the text of an event record is held by
    stg_event_records alone (and by quarantined_events for the records that could not be placed). Every column of
    every staging, intermediate and mart relation of the corpora build, cast to text, is searched for whole record
    texts."""
    texts = "select record_text from staging.stg_event_records where record_kind = 'object'"
    searched, holding = columns_where(corpora_duckdb, ("staging", "intermediate", "marts"), f"{{value}} in ({texts})")
    assert searched > 70, searched
    assert holding == {"staging.stg_event_records": ["record_text"], "staging.quarantined_events": ["payload"]}
