"""The OpenLineage HTTP collector behind `lineage-warehouse serve` (scripts/collector.py): `app` (HTTP, access log), `event_rules` (what is an
event, from the build's definition), `metrics` (Prometheus text) and `landing` (durable files)."""
