"""The OpenLineage HTTP collector behind scripts/collector.py: `app` (HTTP) and `landing` (durable files)."""
