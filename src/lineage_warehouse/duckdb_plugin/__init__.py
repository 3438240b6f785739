"""dbt-duckdb plugins of the project (the `duckdb` target of profiles.yml loads them): `gzip_facts`."""
