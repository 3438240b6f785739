"""Each model's incremental mode, as its config declares it, from the project parsed in this process: the model
lists the incremental tests check (scripts/model_modes.py reads the same from a manifest file)."""
from __future__ import annotations

from scripts.model_modes import APPEND, REFOLD, ModelMode, model_modes
from tests.lw import in_process


def project_model_modes(target: str = "duckdb") -> list[ModelMode]:
    nodes = in_process.manifest(target).nodes.values()
    return model_modes((node.name, node.original_file_path, node.config.materialized, node.config.meta)
                       for node in nodes if node.resource_type == "model")


def models_in_mode(mode: str, target: str = "duckdb") -> list[ModelMode]:
    return [m for m in project_model_modes(target) if m.mode == mode]


__all__ = ["APPEND", "REFOLD", "ModelMode", "models_in_mode", "project_model_modes"]
