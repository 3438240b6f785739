-- Jinja-only helpers, rendered at compile time and compared as text on both engines: glob_base_dir (everything
-- before the first wildcard * ? [ {, up to and including the last '/'; '' when that prefix has no '/'),
-- events_glob (the events_path var) and incremental_strategy('append_only').
{%- set globs = [
    ('a/b/*.json', 'a/b/'),
    ('a/b/c.json', 'a/b/'),
    ('*.json', ''),
    ('events.jsonl', ''),
    ('', ''),
    ('dir/', 'dir/'),
    ('/x/**/y*.json', '/x/'),
    ('/abs/dir/*.jsonl.gz', '/abs/dir/'),
    ('a/b?/c.json', 'a/'),
    ('a/[ab]/c.json', 'a/'),
    ('a/{x,y}/c.json', 'a/'),
    ('a/bc*/d/*.json', 'a/'),
    ('./*.json', './'),
    ('../shared/events/marquez-demo/*.jsonl', '../shared/events/marquez-demo/'),
    ('sample_events/*.json*', 'sample_events/'),
    ('s3://bucket/prefix/*.json', 's3://bucket/prefix/'),
    ('dir with space/é/*.json', 'dir with space/é/'),
] %}
with

checks as (
    {%- for glob, expected in globs %}
        select
            'glob_base_dir' as macro_name,
            {{ lineage_warehouse.sql_string(glob) }} as input_text,
            {{ lineage_warehouse.sql_string(expected) }} as expected,
            {{ lineage_warehouse.sql_string(lineage_warehouse.glob_base_dir(glob)) }} as actual
        union all
    {%- endfor %}
    select
        'events_glob' as macro_name,
        'var events_path' as input_text,
        {{ lineage_warehouse.sql_string(var('events_path')) }} as expected,
        {{ lineage_warehouse.sql_string(lineage_warehouse.events_glob()) }} as actual
    union all
    select
        'incremental_strategy' as macro_name,
        'append_only' as input_text,
        'append' as expected,
        '{{ lineage_warehouse.incremental_strategy("append_only") }}' as actual
)

select * from checks
where actual is distinct from expected
