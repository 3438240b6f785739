"""Print every model's incremental mode, read from the project's manifest, as the Markdown table that
docs/architecture.md holds ("Incremental modes"). A model's mode is declared once, in its config:
`append_batches_config()` (macros/incremental.sql) or `refold_config()` (macros/refold_scopes.sql), whose meta
this reads; tests read the same lists (tests/test_incremental.py, tests/test_incremental_late_events.py).

Run `dbt parse` first; the manifest is target/manifest.json unless --manifest says otherwise."""
from __future__ import annotations

import argparse
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

APPEND = "append by batch"
REFOLD = "refold by scope"
FULL = "full"
LANDING = "landing"


@dataclass(frozen=True)
class ModelMode:
    name: str
    path: str  # under models/, without .sql
    mode: str
    rebuilt_on: tuple[str, ...]
    refold_scope: str
    sparse_rows: bool = False  # append by batch: most batches give it no row (macros/incremental.sql)


def model_mode(name: str, materialized: str, meta: Mapping[str, Any]) -> str:
    """The mode a model's config declares; an incremental model that declares none is the landing model."""
    if "refold_scope" in meta:
        return REFOLD
    if "rebuilt_on" in meta:
        return APPEND
    return LANDING if materialized == "incremental" else FULL


def model_modes(models: Iterable[tuple[str, str, str, Mapping[str, Any]]]) -> list[ModelMode]:
    """(name, original file path, materialized, meta) of each model -> its mode, ordered by path."""
    modes = [ModelMode(name, path.removeprefix("models/").removesuffix(".sql"), model_mode(name, materialized, meta),
                       tuple(meta.get("rebuilt_on", ())), meta.get("refold_scope") or "",
                       bool(meta.get("sparse_rows")))
             for name, path, materialized, meta in models]
    return sorted(modes, key=lambda m: m.path)


def from_manifest_json(manifest: Mapping[str, Any]) -> list[ModelMode]:
    return model_modes((node["name"], node["original_file_path"], node["config"]["materialized"],
                        node["config"].get("meta") or {})
                       for node in manifest["nodes"].values() if node["resource_type"] == "model")


def markdown(modes: Iterable[ModelMode]) -> str:
    """The table, one row per incremental model (full models are counted, not listed)."""
    modes = list(modes)
    rows = ["| model | mode | rebuilt whole on | refold scope |", "|---|---|---|---|"]
    rows += [f"| `{m.path}` | {m.mode}{', sparse rows' if m.sparse_rows else ''} | {', '.join(m.rebuilt_on) or '-'} "
             f"| {m.refold_scope or '-'} |"
             for m in modes if m.mode != FULL]
    full = sum(m.mode == FULL for m in modes)
    rows.append(f"\nThe other {full} models are full: rebuilt from their inputs by every run (tables and views).")
    return "\n".join(rows) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--manifest", type=Path, default=Path("target/manifest.json"), help="dbt's manifest.json")
    args = parser.parse_args()
    print(markdown(from_manifest_json(json.loads(args.manifest.read_text(encoding="utf-8")))), end="")


if __name__ == "__main__":
    main()
