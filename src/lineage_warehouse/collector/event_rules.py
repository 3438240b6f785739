"""What the collector accepts as an OpenLineage event: the build's quarantine rules, checked at intake.

The reason codes (in the order they are checked), their sentences and the shapes the checks use are read from the
one definition the build reads too, the YAML inside `event_rules()` in macros/quarantine_reasons.sql, so a record
the collector acknowledges is one the build places, and a record it refuses gets the reason the build would give
it (docs/collector.md "Validation at intake"). The checks below follow stg_event_envelopes' case expression; the
module refuses to load when they do not cover the definition's reasons in its order.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, Callable

import yaml

RULES_FILE = Path(__file__).resolve().parents[3] / "macros" / "quarantine_reasons.sql"
_BLOCK = re.compile(r"\{%-?\s*set\s+event_rules_yaml\s*-?%\}(.*?)\{%-?\s*endset\s*-?%\}", re.S)

_MICROS_PER_DAY = 86_400_000_000


@dataclass(frozen=True)
class Rules:
    reasons: dict[str, str]  # code -> sentence, in the order they are checked
    timestamp_shape: re.Pattern[str]
    uuid_shape: re.Pattern[str]
    dataset_event_schema_suffix: str
    job_event_schema_suffix: str


def load_rules(path: Path = RULES_FILE) -> Rules:
    """The rules of the YAML block of `event_rules()` (its raw text: the block holds no Jinja)."""
    text = path.read_text(encoding="utf-8")
    found = _BLOCK.search(text)
    if not found:
        raise RuntimeError(f"{path}: no `set event_rules_yaml` block")
    block = found.group(1)
    if any(mark in block for mark in ("{{", "{%", "{#")):
        raise RuntimeError(f"{path}: the event_rules_yaml block holds Jinja; dbt would read another text")
    data = yaml.safe_load(block)
    return Rules(
        reasons=dict(data["reasons"]),
        # matched against the whole text (fullmatch), as RE2's ^...$ does: Python's $ also matches before a final \n
        timestamp_shape=re.compile(data["timestamp_shape"]),
        uuid_shape=re.compile(data["uuid_shape"]),
        dataset_event_schema_suffix=data["dataset_event_schema_suffix"],
        job_event_schema_suffix=data["job_event_schema_suffix"],
    )


RULES = load_rules()


# ------------------------------------------------------------------------------------------------------------
# eventTime: the shape, then a real instant in the years 1 to 9999 (UTC), as parse_timestamp gives it on both engines
# ------------------------------------------------------------------------------------------------------------

def _days_from_civil(year: int, month: int, day: int) -> int:
    """Days from 1970-01-01 to a proleptic Gregorian date (any year, year 0 included)."""
    year -= month <= 2
    era = year // 400
    year_of_era = year - era * 400
    day_of_year = (153 * (month + (-3 if month > 2 else 9)) + 2) // 5 + day - 1
    day_of_era = year_of_era * 365 + year_of_era // 4 - year_of_era // 100 + day_of_year
    return era * 146097 + day_of_era - 719468


def _days_in_month(year: int, month: int) -> int:
    if month == 2:
        return 29 if year % 4 == 0 and (year % 100 != 0 or year % 400 == 0) else 28
    return 30 if month in (4, 6, 9, 11) else 31


_FIRST_INSTANT = _days_from_civil(1, 1, 1) * _MICROS_PER_DAY
_LAST_INSTANT = _days_from_civil(10000, 1, 1) * _MICROS_PER_DAY - 1


def is_event_time(value: Any) -> bool:
    """Whether parse_timestamp gives this eventTime value an instant (on both engines)."""
    if not isinstance(value, str) or not RULES.timestamp_shape.fullmatch(value):
        return False
    # the shape fixes the positions: YYYY-MM-DDTHH:MM:SS, then [.fraction], then [Z | ±HH:MM] (whose sign is the
    # sixth character from the end: no other character that far from the end can be + or -)
    year = int(value[0:4])
    if 1 < year < 9999:  # no offset moves such a date out of the years 1 to 9999: datetime checks the fields
        if value[-6] in "+-" and (int(value[-2:]) > 59 or int(value[-5:-3]) * 60 + int(value[-2:]) > 18 * 60):
            return False
        try:
            datetime(year, int(value[5:7]), int(value[8:10]), int(value[11:13]), int(value[14:16]), int(value[17:19]))
        except ValueError:
            return False
        return True
    month, day = int(value[5:7]), int(value[8:10])
    hour, minute, second = int(value[11:13]), int(value[14:16]), int(value[17:19])
    rest = value[19:]
    micros = 0
    if rest.startswith("."):
        digits = re.match(r"\.([0-9]+)", rest)
        assert digits is not None
        micros = int(digits.group(1)[:6].ljust(6, "0"))
        rest = rest[digits.end():]
    offset_minutes = 0
    if rest and rest not in ("Z", "z"):
        offset_hours, offset_mins = int(rest[1:3]), int(rest[4:6])
        # Spark reads an offset as java.time.ZoneOffset (at most 18:00); DuckDB takes more: intake takes what both do
        if offset_mins > 59 or offset_hours * 60 + offset_mins > 18 * 60:
            return False
        offset_minutes = (offset_hours * 60 + offset_mins) * (1 if rest[0] == "+" else -1)
    # Spark reads the time as java.time.LocalTime (hours 0 to 23, no leap second); DuckDB also takes 24:00:00
    if not (1 <= month <= 12 and 1 <= day <= _days_in_month(year, month) and hour <= 23 and minute <= 59
            and second <= 59):
        return False
    instant = (_days_from_civil(year, month, day) * _MICROS_PER_DAY
               + ((hour * 60 + minute - offset_minutes) * 60 + second) * 1_000_000 + micros)
    return _FIRST_INSTANT <= instant <= _LAST_INSTANT


def is_uuid(value: Any) -> bool:
    """Whether run.runId's text is a UUID (is_uuid: its lower-cased text has the shape)."""
    return isinstance(value, str) and RULES.uuid_shape.fullmatch(value.lower()) is not None


# ------------------------------------------------------------------------------------------------------------
# The envelope of an object, read as stg_event_envelopes reads it (json_get: a missing key, JSON null, or a key of
# something that is no object gives nothing)
# ------------------------------------------------------------------------------------------------------------

def _get(value: Any, *keys: str) -> Any:
    for key in keys:
        if not isinstance(value, dict):
            return None
        value = value.get(key)
    return value


def has_lone_surrogate(value: Any) -> bool:
    """Whether a parsed JSON value holds a UTF-16 surrogate without its pair, in a key or a string (Python's parser
    keeps one; a pair becomes one character). Walked without recursion: any depth the parser took is fine."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                return True
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False


@dataclass(frozen=True)
class Envelope:
    kind: str  # RUN, DATASET or JOB (D16)
    event_time: Any
    run_id: Any
    job_namespace: Any
    job_name: Any
    dataset_namespace: Any
    dataset_name: Any


def envelope(event: dict[str, Any]) -> Envelope:
    run_id = _get(event, "run", "runId")
    schema_url = event.get("schemaURL")
    dataset_namespace, dataset_name = _get(event, "dataset", "namespace"), _get(event, "dataset", "name")

    def schema_names(suffix: str) -> bool:
        return isinstance(schema_url, str) and schema_url.endswith(suffix)

    if run_id is not None:
        kind = "RUN"
    elif (dataset_namespace is not None or dataset_name is not None
          or schema_names(RULES.dataset_event_schema_suffix)):
        kind = "DATASET"
    elif schema_names(RULES.job_event_schema_suffix):
        kind = "JOB"
    else:
        kind = "RUN"
    return Envelope(kind, event.get("eventTime"), run_id, _get(event, "job", "namespace"), _get(event, "job", "name"),
                    dataset_namespace, dataset_name)


def _missing(value: Any) -> bool:
    """coalesce(text, '') = '': absent, JSON null, or the empty string."""
    return value is None or value == ""


# Every reason but the JSON ones (not_json and lone_surrogate are found while parsing), as a test of one envelope.
CHECKS: dict[str, Callable[[Envelope], bool]] = {
    "missing_event_time": lambda e: e.event_time is None,
    "invalid_event_time": lambda e: not is_event_time(e.event_time),
    "missing_dataset_namespace": lambda e: e.kind == "DATASET" and _missing(e.dataset_namespace),
    "invalid_dataset_namespace": lambda e: e.kind == "DATASET" and not isinstance(e.dataset_namespace, str),
    "missing_dataset_name": lambda e: e.kind == "DATASET" and _missing(e.dataset_name),
    "invalid_dataset_name": lambda e: e.kind == "DATASET" and not isinstance(e.dataset_name, str),
    "missing_run_id": lambda e: e.kind == "RUN" and e.run_id is None,
    "invalid_run_id": lambda e: e.kind == "RUN" and not is_uuid(e.run_id),
    "missing_job_namespace": lambda e: e.kind != "DATASET" and _missing(e.job_namespace),
    "invalid_job_namespace": lambda e: e.kind != "DATASET" and not isinstance(e.job_namespace, str),
    "missing_job_name": lambda e: e.kind != "DATASET" and _missing(e.job_name),
    "invalid_job_name": lambda e: e.kind != "DATASET" and not isinstance(e.job_name, str),
}
PARSE_REASONS = ("not_json", "lone_surrogate", "not_an_object")

if [*PARSE_REASONS, *CHECKS] != list(RULES.reasons):
    raise RuntimeError(f"the collector's checks {[*PARSE_REASONS, *CHECKS]} are not the reasons of {RULES_FILE} "
                       f"in their order {list(RULES.reasons)}")


def plainly_a_run_event(event: dict[str, Any]) -> bool:
    """The common case, checked without building its envelope: a RunEvent (a run.runId makes any record one) whose
    every field is right. Only a shortcut: when it says no, CHECKS find the reason (or none)."""
    run, job = event.get("run"), event.get("job")
    if not isinstance(run, dict) or not isinstance(job, dict):
        return False
    run_id, namespace, name = run.get("runId"), job.get("namespace"), job.get("name")
    return (isinstance(run_id, str) and RULES.uuid_shape.fullmatch(run_id.lower()) is not None
            and isinstance(namespace, str) and namespace != "" and isinstance(name, str) and name != ""
            and is_event_time(event.get("eventTime")))


def reason(value: Any, check_surrogates: bool = True) -> str | None:
    """Why a parsed JSON value is no OpenLineage event (a reason code of the definition), or None for an event.
    A value with a lone surrogate is refused before its shape, as the build's readers refuse its text;
    check_surrogates=False skips that walk, for a value whose text holds no escaped surrogate."""
    if check_surrogates and has_lone_surrogate(value):
        return "lone_surrogate"
    if not isinstance(value, dict):
        return "not_an_object"
    if plainly_a_run_event(value):
        return None
    found = envelope(value)
    for code, check in CHECKS.items():
        if check(found):
            return code
    return None


def description(code: str) -> str:
    return RULES.reasons[code]
