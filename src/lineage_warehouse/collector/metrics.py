"""The collector's metrics, served by GET /metrics in the Prometheus text exposition format (version 0.0.4).

Counters and a histogram of its own (no client library: the few series below need none, docs/collector.md
"Metrics"). Counters are updated on the event loop; the fsync histogram is observed on the writer thread, so it
takes a lock.
"""
from __future__ import annotations

import math
import threading
from typing import Callable, Iterable

CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"

# fsync latency buckets (seconds): from a fast SSD's ~0.1 ms to a stalled disk's seconds
FSYNC_BUCKETS = (0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)

Labels = tuple[tuple[str, str], ...]


def escape_label(value: str) -> str:
    return value.replace("\\", "\\\\").replace("\n", "\\n").replace('"', '\\"')


def number(value: float) -> str:
    if math.isinf(value):
        return "+Inf" if value > 0 else "-Inf"
    if float(value).is_integer():
        return str(int(value))
    return repr(float(value))


def series(name: str, labels: Labels, value: float) -> str:
    if not labels:
        return f"{name} {number(value)}"
    inner = ",".join(f'{key}="{escape_label(val)}"' for key, val in labels)
    return f"{name}{{{inner}}} {number(value)}"


class Counter:
    """A counter family: one value per label set, in the order the label sets first appeared."""

    def __init__(self, name: str, help_text: str, label_names: tuple[str, ...] = (),
                 initial: Iterable[tuple[str, ...]] = ()) -> None:
        self.name, self.help, self.label_names = name, help_text, label_names
        self.values: dict[tuple[str, ...], float] = {values: 0.0 for values in initial}
        if not label_names:
            self.values[()] = 0.0

    def inc(self, *label_values: str, amount: float = 1.0) -> None:
        assert len(label_values) == len(self.label_names), (self.name, label_values)
        self.values[label_values] = self.values.get(label_values, 0.0) + amount

    def value(self, *label_values: str) -> float:
        return self.values.get(label_values, 0.0)

    def render(self) -> list[str]:
        lines = [f"# HELP {self.name} {self.help}", f"# TYPE {self.name} counter"]
        for values, count in self.values.items():
            lines.append(series(self.name, tuple(zip(self.label_names, values)), count))
        return lines


class Histogram:
    """A histogram without labels; observe() may be called from any thread."""

    def __init__(self, name: str, help_text: str, buckets: tuple[float, ...]) -> None:
        self.name, self.help, self.buckets = name, help_text, buckets
        self.counts = [0] * (len(buckets) + 1)  # the last one is +Inf
        self.sum = 0.0
        self._lock = threading.Lock()

    def observe(self, value: float) -> None:
        index = len(self.buckets)
        for i, bound in enumerate(self.buckets):
            if value <= bound:
                index = i
                break
        with self._lock:
            self.counts[index] += 1
            self.sum += value

    def render(self) -> list[str]:
        with self._lock:
            counts, total = list(self.counts), self.sum
        lines = [f"# HELP {self.name} {self.help}", f"# TYPE {self.name} histogram"]
        cumulative = 0
        for bound, count in zip((*self.buckets, math.inf), counts):
            cumulative += count
            lines.append(series(f"{self.name}_bucket", (("le", number(bound)),), cumulative))
        lines.append(series(f"{self.name}_sum", (), total))
        lines.append(series(f"{self.name}_count", (), cumulative))
        return lines


class Sampled:
    """A gauge, or a counter kept elsewhere, read when scraped."""

    def __init__(self, name: str, help_text: str, read: Callable[[], float], kind: str = "gauge") -> None:
        self.name, self.help, self.read, self.kind = name, help_text, read, kind

    def render(self) -> list[str]:
        return [f"# HELP {self.name} {self.help}", f"# TYPE {self.name} {self.kind}",
                series(self.name, (), self.read())]


class Metrics:
    """Every series the collector serves; `sampled` holds the writer's, read from it when scraped."""

    def __init__(self, reasons: Iterable[str]) -> None:
        self.requests = Counter("lw_collector_http_requests_total",
                                "HTTP requests answered, by route and status code.", ("route", "code"))
        self.refused = Counter("lw_collector_requests_refused_total",
                               "Requests answered 4xx or 5xx, by the error code of the answer.", ("error",))
        self.events_accepted = Counter("lw_collector_events_accepted_total",
                                       "Events acknowledged (written and fsynced).")
        self.events_rejected = Counter(
            "lw_collector_events_rejected_total",
            "Items of parsed request bodies that are no OpenLineage event, by the reason the build would "
            "quarantine them with.", ("reason",), initial=((code,) for code in reasons))
        self.received_bytes = Counter("lw_collector_received_bytes_total",
                                      "Request body bytes received, as sent (before gzip decoding).")
        self.fsync = Histogram("lw_collector_fsync_seconds",
                               "Latency of the fsync of each group commit of the open file.", FSYNC_BUCKETS)
        self.sampled: list[Sampled] = []

    def families(self) -> list[Counter | Histogram | Sampled]:
        return [self.requests, self.refused, self.events_accepted, self.events_rejected, self.received_bytes,
                self.fsync, *self.sampled]

    def render(self) -> str:
        return "".join(line + "\n" for family in self.families() for line in family.render())
