"""Warehouses built once per test session and read by several modules (tests/conftest.py has their fixtures)."""
from __future__ import annotations

import contextlib
import fcntl
import os
from pathlib import Path
from typing import Callable, Iterator

import pytest

from tests.lw.dbt_runner import PROJECT_DIR, Warehouse

FIXTURES = PROJECT_DIR / "tests" / "fixtures"
MARTS = PROJECT_DIR / "models" / "marts"
CORPORA_GLOB = f"{FIXTURES}/events/**/*.json*"
HOSTILE_GLOB = f"{FIXTURES}/hostile/h*"


def mart_names() -> list[str]:
    """The relations of schema marts: every model under models/marts but models/marts/operational (the contract
    relations the public interface places in another schema: staging.facet_issues)."""
    return sorted(path.stem for path in MARTS.rglob("*.sql") if "operational" not in path.relative_to(MARTS).parts)


@contextlib.contextmanager
def exclusive(lock_file: Path) -> Iterator[None]:
    with open(lock_file, "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def shared_warehouse(factory: pytest.TempPathFactory, name: str, make: Callable[[Warehouse], object]) -> Warehouse:
    """A DuckDB warehouse built once per test session by `make`: the first worker to ask builds it while the other
    waits, then both read the same file (read-only connections)."""
    base = factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        base = base.parent  # the session's folder, above each worker's own
    folder = base / "shared"
    folder.mkdir(exist_ok=True)
    wh = Warehouse(folder / name)
    with exclusive(folder / f"{name}.lock"):
        done = wh.root / "BUILT"
        if not done.exists():
            make(wh)
            done.write_text("built\n")
    return wh
