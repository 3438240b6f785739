-- normalised_file_path: a landed file's identity (docs/decisions/landing-file-identity.md), from the path each
-- engine reports: DuckDB as globbed, Spark as an absolute file: URI (input_file_name() URL-encodes it). Each engine
-- is given its own format (the only branch on target.type, allowed in tests); the expected identity is the same.
-- Spark's absolute paths of relative globs are built from the driver's working directory (user.dir), as Spark's
-- are (the driver lists the files).
-- Cases: absolute, '//' and '/./' and 'x/../', relative, './' and '../' relative, non-ASCII, NULL, encoded URIs.
{%- set cwd = lineage_warehouse.spark_driver_working_directory() if target.type == 'spark' else "'/cwd'" -%}
{%- set parent = "regexp_replace(" ~ cwd ~ ", '/[^/]+/?$', '')" -%}
{%- set cases = [
    ('/abs/dir/*.json', "'/abs/dir/x.json'", "'file:/abs/dir/x.json'", false, '/abs/dir/x.json'),
    ('/abs//dir/./*.json', "'/abs//dir/./x.json'", "'file:///abs/dir/x.json'", false, '/abs/dir/x.json'),
    ('/abs/a/../dir/*.json', "'/abs/a/../dir/x.json'", "'file:/abs/dir/x.json'", false, '/abs/dir/x.json'),
    ('/abs/**/*.json', "'/abs/2024/01/x.json.gz'", "'file:/abs/2024/01/x.json.gz'", false, '/abs/2024/01/x.json.gz'),
    ('sample_events/*.json', "'sample_events/a.json'", "'file:' || " ~ cwd ~ " || '/sample_events/a.json'", false,
        'sample_events/a.json'),
    ('./data/*.json', "'./data/a.json'", "'file:' || " ~ cwd ~ " || '/data/a.json'", false, 'data/a.json'),
    ('../shared/*.jsonl', "'../shared/x.jsonl'", "'file:' || " ~ parent ~ " || '/shared/x.jsonl'", false,
        '../shared/x.jsonl'),
    ('data/*.jsonl', "'data/é [1] a+b%41.jsonl'", "'file:' || " ~ cwd ~ " || '/data/é [1] a+b%41.jsonl'", false,
        'data/é [1] a+b%41.jsonl'),
    ('/d/*.jsonl', "'/d/a b+c%41.jsonl'", "'file:///d/a%20b+c%2541.jsonl'", true, '/d/a b+c%41.jsonl'),
    ('/d/*.jsonl', 'cast(null as string)', 'cast(null as string)', false, none),
] %}
with

checks as (
    {%- for glob, duckdb_path, spark_path, encoded, expected in cases %}
        {%- set path_sql = spark_path if target.type == 'spark' else duckdb_path %}
        select
            {{ lineage_warehouse.sql_string(glob) }} as glob,
            {{ path_sql }} as engine_path,
            {{ 'cast(null as string)' if expected is none else lineage_warehouse.sql_string(expected) }} as expected,
            {{ lineage_warehouse.normalised_file_path(path_sql, glob, url_encoded=encoded) }} as actual
        {%- if not loop.last %}
            union all
        {%- endif %}
    {%- endfor %}
)

select * from checks
where actual is distinct from expected
