"""dbt's layering (docs/architecture.md "Layers"): each model reads only its own layer and the layers before it:
raw -> staging -> intermediate -> marts. In particular intermediate never reads marts (the marts are the contract,
built from intermediate; a fold such as the job of a run is read where it is made, e.g. macros/io.sql
`io_rows_with_jobs`)."""
from __future__ import annotations

from tests.lw import in_process

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
