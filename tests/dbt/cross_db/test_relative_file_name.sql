-- relative_file_name: the file name relative to the glob's base directory (glob_base_dir), from the path each engine
-- reports for a file. The engines report paths differently - DuckDB as globbed ('../shared/x/a.jsonl'), Spark as an
-- absolute file: URI ('file:///work/shared/x/a.jsonl' or 'file:/work/...') - so each engine is given its own format
-- (the only branch on target.type, allowed in tests); the expected relative name is the same on both.
-- Cases: relative, parent-relative (../), dot-relative (./) and absolute bases, files in sub-directories of the base
-- (recursive globs), an empty base, a non-ASCII file name, NULL.
{%- set cases = [
    ('sample_events/', 'sample_events/a.json', 'file:///work/main/sample_events/a.json', 'a.json'),
    ('sample_events/', 'sample_events/2024/01/b.json.gz', 'file:///work/main/sample_events/2024/01/b.json.gz', '2024/01/b.json.gz'),
    ('../shared/events/marquez-demo/', '../shared/events/marquez-demo/x.jsonl', 'file:///work/shared/events/marquez-demo/x.jsonl', 'x.jsonl'),
    ('../../events/', '../../events/x.jsonl', 'file:///events/x.jsonl', 'x.jsonl'),
    ('./data/', './data/a.json', 'file:/w/data/a.json', 'a.json'),
    ('./', './a.json', 'file:///w/a.json', 'a.json'),
    ('', 'a.json', 'file:///w/a.json', 'a.json'),
    ('', './a.json', 'file:/w/a.json', 'a.json'),
    ('/abs/dir/', '/abs/dir/x.json', 'file:///abs/dir/x.json', 'x.json'),
    ('/abs/dir/', '/abs/dir/sub/x.json', 'file:/abs/dir/sub/x.json', 'sub/x.json'),
    ('data/', 'data/é.jsonl', 'file:///w/data/é.jsonl', 'é.jsonl'),
    ('data/', none, none, none),
] %}
with

checks as (
    {%- for base, duckdb_path, spark_path, expected in cases %}
        {%- set path = spark_path if target.type == 'spark' else duckdb_path %}
        {%- set path_sql = 'cast(null as string)' if path is none else lineage_warehouse.sql_string(path) %}
        select
            {{ lineage_warehouse.sql_string(base) }} as base,
            {{ path_sql }} as engine_path,
            {{ 'cast(null as string)' if expected is none else lineage_warehouse.sql_string(expected) }} as expected,
            {{ lineage_warehouse.relative_file_name(path_sql, base) }} as actual
        {%- if not loop.last %}
            union all
        {%- endif %}
    {%- endfor %}
)

select * from checks
where actual is distinct from expected
