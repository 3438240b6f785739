"""Raw landing against hostile files (issue 17 points 2, 3, 5 and the raw part of 6; issue 21 point 1, D17).

docs/decisions/landing-file-identity.md and docs/decisions/landing-any-file-name.md and
docs/decisions/landing-unreadable-files.md and docs/decisions/landing-lines-still-being-written.md and
docs/decisions/landing-raw-is-verbatim.md and docs/decisions/landing-skip-files-already-landed.md.
The hostile files are generated here (odd names are simpler to make than to commit). Both engines read files
with their own code, so the Spark test builds one folder holding every case, twice (a full and an incremental
landing).
"""
from __future__ import annotations

import gzip
import json
import os
import subprocess
import time
import zlib
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from tests.lw.dbt_runner import PROJECT_DIR, VENV_BIN, Warehouse

PAST = time.time() - 600

# names DuckDB would glob ([ ] * ? and a bracket negation), braces (Spark/Hadoop globs), backslashes (with and
# without glob characters), quotes, spaces, unicode, a newline, percent and plus (URI decoding on Spark)
HOSTILE_NAMES = [
    "[b]x.jsonl", "bx.jsonl", "a*b.jsonl", "a?b.jsonl", "aXb.jsonl", "[!a].jsonl", "{c,d}.jsonl", "c.jsonl",
    "back\\slash.jsonl", "back\\[x].jsonl", "q\"'u.jsonl", "sp ace.jsonl", "üñí©ødé.jsonl", "new\nline.jsonl",
    "per%41cent.jsonl", "plus+sign.jsonl", "semi;colon.jsonl",
]


def event(number: int) -> str:
    """A placeable OpenLineage event line, distinct per number."""
    return json.dumps({
        "eventType": "START", "eventTime": "2024-01-01T00:00:00Z",
        "run": {"runId": f"3f5e83fa-3480-44ff-99c5-{number:012d}"},
        "job": {"namespace": "ns", "name": f"job{number}"},
        "producer": "https://example.com/p", "schemaURL": "https://example.com/s",
    })


def write(path: Path, data: bytes | str, mtime: float = PAST) -> Path:
    path.write_bytes(data.encode() if isinstance(data, str) else data)
    os.utime(path, (mtime, mtime))
    return path


def write_hostile_names(folder: Path, start: int, names: list[str] = HOSTILE_NAMES) -> dict[str, str]:
    """One event per file, one file per hostile name: {path: its line}."""
    folder.mkdir(parents=True, exist_ok=True)
    lines = {}
    for offset, name in enumerate(names):
        lines[str(write(folder / name, event(start + offset) + "\n"))] = event(start + offset)
    return lines


GZIP_BODY = "".join(event(1000 + i) + "\n" for i in range(300)).encode()


def truncated_gzip() -> tuple[bytes, int]:
    """A gzip stream cut in the middle of a line, and the complete lines before the cut."""
    whole = gzip.compress(GZIP_BODY)
    cut = whole[: len(whole) * 2 // 3]
    readable = zlib.decompressobj(wbits=31).decompress(cut)
    assert not readable.endswith(b"\n")
    return cut, readable.count(b"\n")


CORRUPT_MIDDLE_LINES = 40


def corrupt_middle_gzip() -> tuple[bytes, int]:
    """A gzip stream whose deflate data breaks in the middle (header and trailer sane): its first lines end at a
    block boundary (a full flush), then a block header of a reserved type, then the rest of the stream."""
    head = "".join(event(2000 + i) + "\n" for i in range(CORRUPT_MIDDLE_LINES)).encode()
    compressor = zlib.compressobj(9, zlib.DEFLATED, 31)
    before = compressor.compress(head) + compressor.flush(zlib.Z_FULL_FLUSH)
    after = compressor.compress(GZIP_BODY) + compressor.flush()
    return before + b"\xff" * 32 + after[32:], CORRUPT_MIDDLE_LINES


def write_bad_files(folder: Path, engine: str) -> dict[str, tuple[str, int]]:
    """Files landing cannot read (or reads in part): {path: (reason, lines that land)}."""
    folder.mkdir(parents=True, exist_ok=True)
    cut, readable = truncated_gzip()
    whole = gzip.compress(GZIP_BODY)
    middle, middle_lines = corrupt_middle_gzip()
    bad: dict[str, bytes] = {
        "invalid_utf8.jsonl": (event(1) + "\n").encode() + b'{"x": "\xff\xfe"}\n',
        "overlong_utf8.jsonl": b'{"x": "\xc0\xaf"}\n',
        "utf16.jsonl": (event(2) + "\n").encode("utf-16"),
        "empty.jsonl.gz": b"",
        "plain_text.jsonl.gz": (event(3) + "\n").encode(),
        "truncated.jsonl.gz": cut,
        # DuckDB's own gzip reader stops the query at these three; its plugin reads them (docs/decisions/)
        "corrupt.jsonl.gz": whole[:12] + bytes(64) + whole[76:],
        "corrupt_middle.jsonl.gz": middle,
        "invalid_utf8.jsonl.gz": gzip.compress((event(4) + "\n").encode() + b'{"x": "\xff\xfe"}\n'),
    }
    expected = {"invalid_utf8.jsonl": ("not_utf8", 0), "overlong_utf8.jsonl": ("not_utf8", 0),
                "utf16.jsonl": ("not_utf8", 0), "empty.jsonl.gz": ("not_gzip", 0),
                "plain_text.jsonl.gz": ("not_gzip", 0), "truncated.jsonl.gz": ("gzip_truncated", readable),
                "corrupt.jsonl.gz": ("gzip_truncated", 0), "corrupt_middle.jsonl.gz": ("gzip_truncated", middle_lines),
                "invalid_utf8.jsonl.gz": ("not_utf8", 0)}
    if engine == "spark":
        del expected["empty.jsonl.gz"]  # Spark's file sources never list a 0-byte file: it is not seen at all
        # Spark's reader loses the lines it had decompressed into the buffer the break interrupts: in so small a
        # file, all of them
        expected["corrupt_middle.jsonl.gz"] = ("gzip_truncated", 0)
    for name, data in bad.items():
        write(folder / name, data)
    return {str(folder / name): outcome for name, outcome in expected.items()}


def write_good_gzip(folder: Path) -> dict[str, int]:
    folder.mkdir(parents=True, exist_ok=True)
    return {str(write(folder / "whole.jsonl.gz", gzip.compress(GZIP_BODY))): GZIP_BODY.count(b"\n")}


# a line still being written, a pretty-printed document (whole, no final line feed), a gzip file whose last line
# has no line feed (whole: gzip files are written at once)
GROWING_HEAD = event(50) + "\n" + event(51) + "\n"
GROWING_TAIL_START, GROWING_TAIL_END = event(52)[:40], event(52)[40:] + "\n"
PRETTY = json.dumps(json.loads(event(53)), indent=2)


def write_growing_files(folder: Path) -> dict[str, int]:
    """{path: lines landed now}."""
    folder.mkdir(parents=True, exist_ok=True)
    return {
        str(write(folder / "growing.jsonl", GROWING_HEAD + GROWING_TAIL_START)): 2,
        str(write(folder / "pretty.json", PRETTY)): len(PRETTY.splitlines()),
        str(write(folder / "unterminated.jsonl.gz", gzip.compress((event(54) + "\n" + event(55)).encode()))): 2,
    }


def finish_growing_file(folder: Path) -> None:
    write(folder / "growing.jsonl", GROWING_HEAD + GROWING_TAIL_START + GROWING_TAIL_END)


# raw is verbatim: a byte-order mark, a carriage return inside a line, bytes 0x1c-0x1f, a CRLF line end
VERBATIM_LINES = ["\ufeff" + event(60), event(61)[:-1] + ', "x": "a\rb\x1cc\x1dd\x1ee\x1ff"}', event(62)]


def write_verbatim_file(folder: Path) -> str:
    folder.mkdir(parents=True, exist_ok=True)
    text = VERBATIM_LINES[0] + "\n" + VERBATIM_LINES[1] + "\r\n" + VERBATIM_LINES[2] + "\n"
    return str(write(folder / "verbatim.jsonl", text))


# a file rewritten in place (docs/decisions/landing-file-rewritten-in-place.md): line 2 changes, line 4 goes, and
# the event line 2 held is also in another file (a duplicate that must keep its event)
REWRITTEN_BEFORE = [event(70), event(71), event(72), event(73)]
REWRITTEN_AFTER = [event(70), event(74), event(72)]


def write_rewritten_file(folder: Path) -> dict[str, str]:
    """{path of the file to rewrite: path of the file holding a duplicate of its line 2}."""
    folder.mkdir(parents=True, exist_ok=True)
    duplicate = write(folder / "duplicate.jsonl", event(71) + "\n")
    return {str(write(folder / "rewritten.jsonl", "".join(f"{line}\n" for line in REWRITTEN_BEFORE))): str(duplicate)}


def rewrite_in_place(rewritten: dict[str, str]) -> None:
    [path] = rewritten
    write(Path(path), "".join(f"{line}\n" for line in REWRITTEN_AFTER), mtime=PAST + 1)


def job_names_by_file(staging: dict[str, Any]) -> dict[str, set[str]]:
    columns, rows = staging["stg_event_envelopes"]
    file, job = columns.index("source_file"), columns.index("job_name")
    names: dict[str, set[str]] = {}
    for row in rows:
        names.setdefault(row[file], set()).add(row[job])
    return names


def raw_lines(wh_relations: dict[str, Any]) -> dict[str, list[tuple[int, str]]]:
    columns, rows = wh_relations["raw_event_lines"]
    file, number, payload = (columns.index(c) for c in ("source_file", "line_number", "payload"))
    landed: dict[str, list[tuple[int, str]]] = {}
    for row in rows:
        landed.setdefault(row[file], []).append((row[number], row[payload]))
    return {name: sorted(lines) for name, lines in landed.items()}


def audit_rows(marts: dict[str, Any]) -> dict[str, dict[str, Any]]:
    columns, rows = marts["landing_audit"]
    return {row[columns.index("source_file")]: dict(zip(columns, row)) for row in rows}


def assert_hostile_landing(raw: dict[str, Any], marts: dict[str, Any], names: dict[str, str],
                           bad: dict[str, tuple[str, int]], growing: dict[str, int], verbatim: str,
                           good_gzip: dict[str, int]) -> None:
    """The shared expectations of both engines after a landing of every case."""
    landed = raw_lines(raw)
    # any name lands exactly once, under its own path
    for path, line in names.items():
        assert landed.get(path) == [(1, line)], repr(path)
    # unreadable files: nothing (or only the complete lines of a truncated gzip stream) lands; each is listed with
    # its reason, naming the file, in raw.unreadable_event_files and in marts.landing_audit
    columns, rows = raw["unreadable_event_files"]
    unreadable = {row[columns.index("source_file")]: row for row in rows}
    audit = audit_rows(marts)
    for path, (reason, lines) in bad.items():
        assert len(landed.get(path, [])) == lines, path
        assert unreadable[path][columns.index("reason")] == reason, path
        assert unreadable[path][columns.index("readable_lines")] == lines, path
        assert path in unreadable[path][columns.index("reason_description")], path
        assert audit[path]["lines"] == lines and audit[path]["unreadable_reason"].startswith(path), path
    assert set(unreadable) == set(bad)
    # every other file lands whole
    for path, lines in good_gzip.items():
        assert len(landed[path]) == lines and audit[path]["unreadable_reason"] is None
    # a last line still being written waits; whole files land their last line
    for path, lines in growing.items():
        assert len(landed[path]) == lines, path
    # raw is verbatim
    assert [text for _, text in landed[verbatim]] == VERBATIM_LINES
    for row in audit.values():
        assert row["lines"] == row["parsed"] + row["quarantined"]


# tests of landing alone build the landing and what marts.landing_audit needs (with their data tests), not the rest
LANDING_MODELS = "+landing_audit"


def build_every_case(wh: Warehouse, folder: Path) -> dict[str, Any]:
    cases = {
        "names": write_hostile_names(folder / "names", 1),
        "bad": write_bad_files(folder / "bad", wh.target),
        "growing": write_growing_files(folder / "growing"),
        "verbatim": write_verbatim_file(folder / "verbatim"),
        "good_gzip": write_good_gzip(folder / "gzip"),
        "rewritten": write_rewritten_file(folder / "rewritten"),
    }
    wh.build(f"{folder}/**/*", select=LANDING_MODELS)
    return cases


def land_more(wh: Warehouse, folder: Path, cases: dict[str, Any]) -> dict[str, str]:
    """The second landing: the growing line ends; a file is rewritten in place; new files with every hostile name
    appear in a new folder."""
    finish_growing_file(folder / "growing")
    rewrite_in_place(cases["rewritten"])
    late = write_hostile_names(folder / "late", 100)
    wh.build(f"{folder}/**/*", select=LANDING_MODELS)
    return late


def assert_second_landing(raw: dict[str, Any], staging: dict[str, Any], folder: Path, cases: dict[str, Any],
                          late: dict[str, str]) -> None:
    landed = raw_lines(raw)
    # the file rewritten in place holds only its current lines, in raw and in staging (tests/test_landing.py checks
    # that a whole warehouse equals a fresh build)
    [(rewritten, duplicate)] = cases["rewritten"].items()
    assert landed[rewritten] == list(enumerate(REWRITTEN_AFTER, start=1))
    jobs = job_names_by_file(staging)
    assert jobs[rewritten] == {"job70", "job74", "job72"} and jobs[duplicate] == {"job71"}
    for path, line in {**cases["names"], **late}.items():
        assert landed.get(path) == [(1, line)], repr(path)
    growing = str(folder / "growing" / "growing.jsonl")
    assert landed[growing] == [(1, event(50)), (2, event(51)), (3, event(52))]
    columns, rows = raw["landed_file_states"]
    recorded = Counter(row[columns.index("source_path")] for row in rows)
    assert all(count <= 2 for count in recorded.values())  # the growing file twice: before and after it grew


def test_hostile_files_duckdb(tmp_path: Path) -> None:
    """Issue 17 points 2, 3, 5, 6 (raw) on DuckDB: any file name lands exactly once, also on an incremental
    landing; unreadable files are recorded with their reason and the rest lands (gzip streams DuckDB's own reader
    stops at are read by the project's plugin); a truncated or broken gzip file lands its complete lines; an
    unterminated last line waits until it ends, then the audit equals a full refresh;
    raw keeps a BOM, a CR inside a line and bytes 0x1c-0x1f."""
    folder = tmp_path / "events"
    wh = Warehouse(tmp_path / "wh")
    cases = build_every_case(wh, folder)
    assert_hostile_landing(wh.relations("raw"), wh.relations("marts"), cases["names"], cases["bad"],
                           cases["growing"], cases["verbatim"], cases["good_gzip"])
    # the lines of a stream broken in the middle land as they were written, up to the break
    middle = str(folder / "bad" / "corrupt_middle.jsonl.gz")
    assert raw_lines(wh.relations("raw"))[middle] == [(n + 1, event(2000 + n)) for n in range(CORRUPT_MIDDLE_LINES)]
    late = land_more(wh, folder, cases)
    assert_second_landing(wh.relations("raw"), wh.relations("staging"), folder, cases, late)
    audit = audit_rows(wh.relations("marts"))

    refreshed = Warehouse(tmp_path / "refreshed")
    refreshed.build(f"{folder}/**/*", select=LANDING_MODELS)
    assert audit_rows(refreshed.relations("marts")) == audit
    assert job_names_by_file(refreshed.relations("staging")) == job_names_by_file(wh.relations("staging"))


@pytest.mark.spark
def test_hostile_files_spark(tmp_path: Path) -> None:
    """The same cases on Spark (its reader skips a gzip stream that breaks): one full and one incremental
    landing."""
    folder = tmp_path / "events"
    wh = Warehouse(tmp_path / "wh", target="spark")
    cases = build_every_case(wh, folder)
    assert_hostile_landing(wh.relations("raw"), wh.relations("marts"), cases["names"], cases["bad"],
                           cases["growing"], cases["verbatim"], cases["good_gzip"])
    late = land_more(wh, folder, cases)
    assert_second_landing(wh.relations("raw"), wh.relations("staging"), folder, cases, late)


def test_d17_same_file_name_in_two_folders_are_two_files(tmp_path: Path) -> None:
    """D17: /a/events.jsonl landed with one glob, then /b/events.jsonl with another, are two files (the build,
    with the unique test of stg_event_records, passes), named by their full paths."""
    first, second = tmp_path / "a" / "events.jsonl", tmp_path / "b" / "events.jsonl"
    first.parent.mkdir()
    second.parent.mkdir()
    write(first, event(1) + "\n" + event(2) + "\n")
    write(second, event(3) + "\n" + event(4) + "\n")
    wh = Warehouse(tmp_path / "wh")
    wh.build(f"{first.parent}/*.jsonl", select=LANDING_MODELS)
    wh.build(f"{second.parent}/*.jsonl", select=LANDING_MODELS)
    assert wh.query("select source_file, count(*) from raw.raw_event_lines group by 1 order by 1") == [
        (str(first), 2), (str(second), 2)]
    assert wh.query("select source_file, lines from marts.landing_audit order by 1") == [
        (str(first), 2), (str(second), 2)]


def test_d17_relative_glob_names_are_normalised(tmp_path: Path) -> None:
    """D17: a relative glob names files relative to the working directory, without './', '//' or 'x/../'."""
    folder = PROJECT_DIR / "target" / f"lw_relative_glob_{os.getpid()}"
    folder.mkdir(parents=True, exist_ok=True)
    try:
        write(folder / "a.jsonl", event(1) + "\n")
        wh = Warehouse(tmp_path / "wh")
        wh.build(f"./target//{folder.name}/../{folder.name}/./*.jsonl", select=LANDING_MODELS)
        assert wh.query("select distinct source_file from raw.raw_event_lines") == [
            (f"target/{folder.name}/a.jsonl",)]
    finally:
        (folder / "a.jsonl").unlink()
        folder.rmdir()


# the last commit of main whose landing named files relative to the glob's base folder
RELATIVE_NAMES_COMMIT = "4fe7cfb8247099431637503a6a79afddd0f360bf"


def old_project(tmp_path: Path) -> Path:
    """The project as it was before files were identified by their normalised path."""
    base = RELATIVE_NAMES_COMMIT
    old = tmp_path / "old_project"
    old.mkdir()
    archive = subprocess.run(["git", "archive", base], cwd=PROJECT_DIR, capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(old)], input=archive, check=True)
    return old


def test_d17_upgrade_renames_old_relative_names_in_place(tmp_path: Path) -> None:
    """docs/decisions/landing-file-identity.md: a warehouse landed with the old relative names keeps working.
    The next incremental landing renames every stored source_file of raw to the full path without landing
    anything again and lands only the new file; the derived layers of that older version are rebuilt from raw
    (docs/decisions/upgrades-derived-layers-rebuilt.md), and the result equals a fresh build."""
    src = tmp_path / "events"
    src.mkdir()
    for number in range(3):
        write(src / f"f{number}.jsonl", event(number * 2) + "\n" + event(number * 2 + 1) + "\n")
    glob = f"{src}/*.jsonl"
    wh = Warehouse(tmp_path / "wh")
    old = old_project(tmp_path)
    proc = subprocess.run(
        [str(VENV_BIN / "dbt"), "build", "--profiles-dir", str(old), "--project-dir", str(old),
         "--exclude-resource-type", "test", "unit_test", "--vars", json.dumps({"events_path": glob})],
        cwd=old, env=wh.env(), text=True, capture_output=True)
    assert proc.returncode == 0, proc.stdout[-3000:]
    assert wh.query("select distinct source_file from staging.stg_event_records order by 1") == [
        ("f0.jsonl",), ("f1.jsonl",), ("f2.jsonl",)]

    write(src / "f3.jsonl", event(6) + "\n")
    wh.build(glob, data_tests=False)  # staging and marts are compared with a fresh build: no data test needed
    assert wh.query("select landing_batch, count(*) from raw.raw_event_lines group by 1 order by 1") == [
        (1, 6), (2, 1)]
    fresh = Warehouse(tmp_path / "fresh")
    fresh.build(glob, data_tests=False)
    from tests.test_incremental import comparable, differences

    for schema in ("staging", "marts"):
        upgraded, rebuilt = comparable(wh.relations(schema), schema), comparable(fresh.relations(schema), schema)
        assert differences(upgraded, rebuilt) == {}, schema
    assert wh.query("select distinct source_file from staging.stg_event_records order by 1") == [
        (str(src / f"f{n}.jsonl"),) for n in range(4)]


def test_states_are_recorded_only_for_files_read(tmp_path: Path) -> None:
    """Issue 17 / the landing race: a file that appears after landing listed the files (here: while
    raw_event_lines runs, with an old modification time) was not read, so its state is not recorded, and the
    next landing reads it."""
    from dbt.cli.main import dbtRunner

    from tests.lw import in_process

    src = tmp_path / "events"
    src.mkdir()
    write(src / "a.jsonl", event(1) + "\n")
    wh = Warehouse(tmp_path / "wh", in_process=True)
    glob = f"{src}/*.jsonl"

    def appear_while_landing(message: Any) -> None:
        node = getattr(getattr(message.data, "node_info", None), "node_name", "")
        if message.info.name == "NodeExecuting" and node == "raw_event_lines":
            write(src / "late.jsonl", event(2) + "\n")

    cli = ["run", "--select", "raw_event_lines", "--profiles-dir", str(PROJECT_DIR), "--project-dir",
           str(PROJECT_DIR), "--vars", json.dumps({"events_path": glob})]
    with in_process.environment(wh.env()):
        try:
            result = dbtRunner(manifest=in_process.manifest("duckdb"), callbacks=[appear_while_landing]).invoke(cli)
        finally:
            in_process.release_duckdb()
    assert result.success, result.exception
    assert (src / "late.jsonl").exists()
    assert wh.query("select source_path from raw.landed_file_states") == [(str(src / "a.jsonl"),)]
    assert wh.query("select count(*) from raw.raw_event_lines where source_file like '%late.jsonl'") == [(0,)]
    wh.build(glob, select="raw_event_lines")
    assert wh.query("select source_file from raw.raw_event_lines where source_file like '%late.jsonl'") == [
        (str(src / "late.jsonl"),)]


# docs/decisions/landing-spark-reads-lines.md: a newline-delimited file larger than the driver's heap
BIG_FILE_HEAP = "512m"  # Spark's smallest driver heap (it refuses to start below about 450 MB)
BIG_FILE_BYTES = 600 * 2**20
BIG_FILE_PAD = "x" * 2000

# run in the subprocess: land the file with dbt (in that process, so its JVM is the one measured), then count
LAND_AND_COUNT = """
import json, sys
from dbt.cli.main import dbtRunner
if not dbtRunner().invoke(json.loads(sys.argv[1])).success:
    sys.exit(3)
from pyspark.sql import SparkSession
spark = SparkSession.builder.getOrCreate()
landed = spark.sql("select count(*), min(line_number), max(line_number), count(distinct line_number),"
                   " count_if(cast(get_json_object(payload, '$.n') as bigint) != line_number)"
                   " from raw.raw_event_lines").first()
heap = spark.sparkContext._jvm.java.lang.Runtime.getRuntime().maxMemory()
print("@@LANDED@@" + json.dumps([*landed, heap]))
"""


def write_big_file(path: Path, size: int = BIG_FILE_BYTES) -> int:
    """Lines holding their own line number ({"n": 1, ...}), about `size` bytes, then a last line still being
    written (no line feed); returns the number of complete lines."""
    line_bytes = len(json.dumps({"n": 10**6, "pad": BIG_FILE_PAD})) + 1
    lines = size // line_bytes
    with path.open("w") as out:
        for start in range(1, lines + 1, 10_000):
            out.write("".join(json.dumps({"n": n, "pad": BIG_FILE_PAD}) + "\n"
                              for n in range(start, min(start + 10_000, lines + 1))))
        out.write('{"n": ')
    os.utime(path, (PAST, PAST))
    return lines


@pytest.mark.spark
@pytest.mark.own_process  # its Spark runs in a JVM of its own (a small heap): the side lane (tests/conftest.py)
def test_spark_lands_a_file_larger_than_the_driver_heap(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 18: Spark lands a newline-delimited file larger than its driver's heap line by line, split across
    tasks, with exact line numbers per file (each line holds its own number) and its unterminated last line held
    back; the JVM (512 MB heap, in a subprocess) survives."""
    from tests.lw.spark_reader import spark_conf

    src = tmp_path / "events"
    src.mkdir()
    lines = write_big_file(src / "big.jsonl")
    monkeypatch.setenv("LINEAGE_SPARK_DRIVER_MEMORY", BIG_FILE_HEAP)
    wh = Warehouse(tmp_path / "wh", target="spark", in_process=False)
    assert spark_conf(wh.spark_dir)["spark.driver.memory"] == BIG_FILE_HEAP  # the profile takes the setting
    cli = ["run", "--select", "raw_event_lines", "--target", "spark", "--profiles-dir", str(PROJECT_DIR),
           "--project-dir", str(PROJECT_DIR), "--vars", json.dumps({"events_path": f"{src}/*.jsonl"})]
    started = time.monotonic()
    proc = subprocess.run([str(VENV_BIN / "python"), "-c", LAND_AND_COUNT, json.dumps(cli)], cwd=PROJECT_DIR,
                          env=wh.env(), text=True, capture_output=True)
    seconds = time.monotonic() - started
    output = proc.stdout + proc.stderr
    assert "OutOfMemoryError" not in output, output[-3000:]
    assert proc.returncode == 0, output[-3000:]
    count, first, last, distinct, misnumbered, heap = json.loads(
        next(line for line in proc.stdout.splitlines() if line.startswith("@@LANDED@@"))[len("@@LANDED@@"):])
    assert (src / "big.jsonl").stat().st_size > heap
    assert (count, first, last, distinct, misnumbered) == (lines, 1, lines, lines, 0)
    model = next((line for line in proc.stdout.splitlines() if "OK created" in line and "raw_event_lines" in line), "")
    print(f"landed {lines} lines ({BIG_FILE_BYTES >> 20} MB) on a {heap >> 20} MB heap in {seconds:.0f} s: {model}")


BIG_FILE_DUCKDB_MEMORY_MB = 64


def test_duckdb_lands_a_file_larger_than_its_memory_limit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 15/18 (docs/decisions/landing-files-larger-than-memory.md): DuckDB, with a memory limit a third of
    the file's size, lands a newline-delimited file line by line (lw_plain_file_facts, then the line reader), with
    exact line numbers (each line holds its own number) and its unterminated last line held back, once the file is
    over the size threshold (here half the limit). Read whole, as every file was before, it runs out of memory at
    once (seen when this was written; not repeated here, to keep the suite short)."""
    src = tmp_path / "events"
    src.mkdir()
    lines = write_big_file(src / "big.jsonl", size=3 * BIG_FILE_DUCKDB_MEMORY_MB * 10**6)
    monkeypatch.setenv("LINEAGE_DUCKDB_MEMORY_LIMIT", f"{BIG_FILE_DUCKDB_MEMORY_MB}MB")
    wh = Warehouse(tmp_path / "wh", in_process=False)  # the profile reads the limit when dbt starts
    wh.dbt(["run", "--select", "raw_event_lines"], events=f"{src}/*.jsonl",
           extra_vars={"landing_whole_file_max_bytes": BIG_FILE_DUCKDB_MEMORY_MB * 10**6 // 2})
    [(count, first, last, distinct, misnumbered)] = wh.query("""
        select count(*), min(line_number), max(line_number), count(distinct line_number),
            count(*) filter (where try_cast(json_extract(payload, '$.n') as bigint) is distinct from line_number)
        from raw.raw_event_lines""")
    assert (src / "big.jsonl").stat().st_size > 2 * BIG_FILE_DUCKDB_MEMORY_MB * 2**20
    assert (count, first, last, distinct, misnumbered) == (lines, 1, lines, lines, 0)
    assert wh.query("select line_stream_lines from raw.landing_file_checks") == [(lines,)]


BIG_GZIP_DUCKDB_MEMORY_MB = 160


def write_big_gzip(path: Path, size: int) -> int:
    """A gzip file of lines holding their own line number, about `size` bytes of text; returns its lines."""
    line_bytes = len(json.dumps({"n": 10**6, "pad": BIG_FILE_PAD})) + 1
    lines = size // line_bytes
    with gzip.open(path, "wt", compresslevel=1) as out:
        for start in range(1, lines + 1, 10_000):
            out.write("".join(json.dumps({"n": n, "pad": BIG_FILE_PAD}) + "\n"
                              for n in range(start, min(start + 10_000, lines + 1))))
    os.utime(path, (PAST, PAST))
    return lines


def test_duckdb_lands_a_gzip_file_whose_text_is_larger_than_its_memory_limit(tmp_path: Path,
                                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 56 (docs/decisions/landing-files-larger-than-memory.md): a gzip file whose lines lw_gzip_facts finds no
    longer than 16 MiB is read in 16 MiB buffers, so DuckDB lands one whose text is three times its memory limit,
    with exact line numbers; in buffers as large as a 512 MiB line (1 GiB) it cannot start under this limit, nor
    land a file of over 1 GiB of text under the default one. A gzip file with a longer line keeps those buffers
    and lands whole beside it, under the default limit."""
    src = tmp_path / "events"
    src.mkdir()
    lines = write_big_gzip(src / "big.jsonl.gz", size=3 * BIG_GZIP_DUCKDB_MEMORY_MB * 10**6)
    monkeypatch.setenv("LINEAGE_DUCKDB_MEMORY_LIMIT", f"{BIG_GZIP_DUCKDB_MEMORY_MB}MB")
    wh = Warehouse(tmp_path / "wh", in_process=False)  # the profile reads the limit when dbt starts
    wh.dbt(["run", "--select", "raw_event_lines"], events=f"{src}/*.jsonl.gz")
    [(count, first, last, distinct, misnumbered)] = wh.query("""
        select count(*), min(line_number), max(line_number), count(distinct line_number),
            count(*) filter (where try_cast(json_extract(payload, '$.n') as bigint) is distinct from line_number)
        from raw.raw_event_lines""")
    assert (count, first, last, distinct, misnumbered) == (lines, 1, lines, lines, 0)
    assert wh.query("select is_gzip_line_stream from raw.landing_file_checks") == [(True,)]
    assert "max_line_size = 16777216" in wh.compiled("raw/raw_event_lines.sql")

    long_src = tmp_path / "long"
    long_src.mkdir()
    long_line = json.dumps({"n": 2, "pad": "y" * (17 << 20)})
    with gzip.open(long_src / "long.jsonl.gz", "wt", compresslevel=1) as out:
        out.write(json.dumps({"n": 1}) + "\n" + long_line + "\n" + json.dumps({"n": 3}) + "\n")
    with gzip.open(long_src / "short.jsonl.gz", "wt") as out:
        out.write(json.dumps({"n": 1}) + "\n")
    for path in long_src.iterdir():
        os.utime(path, (PAST, PAST))
    monkeypatch.delenv("LINEAGE_DUCKDB_MEMORY_LIMIT")
    other = Warehouse(tmp_path / "wh_long", in_process=False)
    other.dbt(["run", "--select", "raw_event_lines"], events=f"{long_src}/*.jsonl.gz")
    assert other.query("""
        select regexp_extract(source_file, '[^/]+$'), count(*), max(strlen(payload)) > 17 * 1024 * 1024
        from raw.raw_event_lines group by 1 order by 1""") == [("long.jsonl.gz", 3, True), ("short.jsonl.gz", 1, False)]
    assert other.query("""
        select regexp_extract(source_path, '[^/]+$'), is_gzip_line_stream from raw.landing_file_checks
        order by 1""") == [("long.jsonl.gz", False), ("short.jsonl.gz", True)]
    compiled = other.compiled("raw/raw_event_lines.sql")
    assert "max_line_size = 16777216" in compiled and "max_line_size = 536870912" in compiled
