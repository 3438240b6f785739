"""Time the reference consumer's extraction (Data.Rentgen 0.7.2) on event files; run with the reference venv.

Only the event model (pydantic OpenLineage RunEvent classes) and the extractors are loaded: the
`data_rentgen.consumer` package's `__init__` imports the Kafka / FastStream / database stack, so it is
replaced by a bare namespace package before its submodules are imported. Like the consumer, each line is
validated on its own (a failure counts as malformed and is skipped) and valid events are added to one
`BatchExtractor` per batch of `--batch` lines (the consumer builds one per Kafka poll batch). Nothing is
written to a database. The last line printed is a JSON object with counts, seconds and events per second.

Usage: .reference/venv/bin/python scripts/_bench_reference.py --events 'DIR/*.jsonl' [--batch 500]
"""
from __future__ import annotations

import argparse
import glob
import gzip
import importlib.util
import json
import sys
import time
import types
from pathlib import Path
from typing import Iterator


def load_reference() -> tuple[object, type]:
    """(TypeAdapter of the RunEvent model, BatchExtractor class) without the consumer's Kafka stack."""
    spec = importlib.util.find_spec("data_rentgen")
    if spec is None or not spec.submodule_search_locations:
        raise ImportError("data_rentgen is not installed in this interpreter")
    package_dir = Path(list(spec.submodule_search_locations)[0])
    stub = types.ModuleType("data_rentgen.consumer")
    stub.__path__ = [str(package_dir / "consumer")]  # type: ignore[attr-defined]
    sys.modules["data_rentgen.consumer"] = stub
    from pydantic import TypeAdapter

    from data_rentgen.consumer.extractors.batch_extractor import BatchExtractor
    from data_rentgen.openlineage.run_event import OpenLineageRunEvent

    return TypeAdapter(OpenLineageRunEvent), BatchExtractor


def read_lines(pattern: str) -> Iterator[bytes]:
    """Every non-blank line of every file matching `pattern` (sorted; `.gz` decompressed)."""
    for path in sorted(glob.glob(pattern, recursive=True)):
        opener = gzip.open if path.endswith(".gz") else open
        with opener(path, "rb") as handle:
            for line in handle:
                line = line.strip()
                if line:
                    yield line


def run(pattern: str, batch_size: int) -> dict[str, float | int]:
    """Parse and extract every line; returns counts and timings."""
    adapter, batch_extractor = load_reference()
    lines = list(read_lines(pattern))  # read up front: file IO is not part of the reference's work
    parsed = malformed = crashed_batches = 0
    parse_seconds = extract_seconds = 0.0
    began = time.perf_counter()
    for start in range(0, len(lines), batch_size):
        t0 = time.perf_counter()
        events = []
        for line in lines[start:start + batch_size]:
            try:
                events.append(adapter.validate_json(line))  # type: ignore[attr-defined]
            except ValueError:
                malformed += 1
        t1 = time.perf_counter()
        extractor = batch_extractor()
        try:
            for event in events:
                extractor.add_events([event])
        except Exception:  # a crash path aborts the whole batch in the consumer too
            crashed_batches += 1
        t2 = time.perf_counter()
        parsed += len(events)
        parse_seconds += t1 - t0
        extract_seconds += t2 - t1
    total = time.perf_counter() - began
    return {"lines": len(lines), "parsed": parsed, "malformed": malformed, "crashed_batches": crashed_batches,
            "parse_seconds": round(parse_seconds, 3), "extract_seconds": round(extract_seconds, 3),
            "seconds": round(total, 3), "events_per_s": round(len(lines) / total, 1) if total else 0.0}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--events", required=True, help="glob of event files")
    parser.add_argument("--batch", type=int, default=500, help="lines per extractor batch (default 500)")
    args = parser.parse_args()
    print(json.dumps(run(args.events, args.batch)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
