-- regex_matches (match anywhere; escapes such as \d, a literal quote or backslash in the pattern, (?i), unicode
-- characters, NULL), regex_extract (group 0 by default, a capture group, the first match only, lazy quantifiers,
-- no match / an empty match / a group that did not take part → NULL) and regex_replace_all (every match replaced,
-- anchors, no match → unchanged, NULL; \1 .. \9 in the replacement are the match's groups, DuckDB \1, Spark $1, a
-- group that took no part gives ''). Patterns use syntax RE2 and Java share.
{%- set matches = [
    ("'kafka://host:9092'", '^[a-z]+://', 'true'),
    ("'plain'", '^[a-z]+://', 'false'),
    ("'ab'", 'b', 'true'),
    ("'ab'", '^b', 'false'),
    ("''", '^$', 'true'),
    ("'12345'", '^\\d+$', 'true'),
    ("'12a45'", '^\\d+$', 'false'),
    ("'a.b'", '^a[.]b$', 'true'),
    ("'axb'", '^a[.]b$', 'false'),
    ("'flink'", '^(spark|flink)$', 'true'),
    ("'ABC'", '(?i)^abc$', 'true'),
    ("'ABC'", '^abc$', 'false'),
    ("'it''s'", "'", 'true'),
    ("'a' || chr(92) || 'b'", '\\\\', 'true'),
    ("'a/b'", '\\\\', 'false'),
    ("'é'", '^.$', 'true'),
    ("'🚀'", '^.$', 'true'),
    ("'aaa'", '^a{2,3}$', 'true'),
    ("cast(null as string)", 'x', 'cast(null as boolean)'),
] %}
{%- set extracts = [
    ("'hdfs://nn:8020/x'", '^([a-z]+):', 1, "'hdfs'"),
    ("'abc123def456'", '[0-9]+', none, "'123'"),
    ("'a1b22c333'", '[0-9]+', 0, "'1'"),
    ("'db/table/part=1/x'", '^(.*?)/[^/=]*=', 1, "'db/table'"),
    ("'clé=valeur 🚀'", '=(.*)$', 1, "'valeur 🚀'"),
    ("'plain'", '^([a-z]+):', 1, 'cast(null as string)'),
    ("'abc'", 'x*', 0, 'cast(null as string)'),
    ("'a'", '(a)|(b)', 2, 'cast(null as string)'),
    ("'key:value:source'", '^[^:]*:([^:]*)', 1, "'value'"),
    ("cast(null as string)", '(.*)', 1, 'cast(null as string)'),
] %}
{%- set replaces = [
    ("'a1b22c'", '[0-9]+', '-', "'a-b-c'"),
    ("'http://x///'", '/+$', '', "'http://x'"),
    ("'  a  b  '", '^ +| +$', '', "'a  b'"),
    ("'user:pw@host'", '^.*@', '', "'host'"),
    ("'a.b.c'", '[.]', ' ', "'a b c'"),
    ("'a-b'", '-', "'", "'a''b'"),
    ("'é-é'", 'é', 'e', "'e-e'"),
    ("'abc'", 'x', 'y', "'abc'"),
    ("''", 'x', 'y', "''"),
    ("'a1b2'", '([a-z])([0-9])', '\\2\\1', "'1a2b'"),
    ("'xy'", '(x)|(y)', '[\\1\\2]', "'[x][y]'"),
    ("'scheme://user@host'", '([a-z]+://)[^@/]*@', '\\1', "'scheme://host'"),
    ("'abc'", '(x)', '\\1\\1', "'abc'"),
    ("cast(null as string)", '(x)', '\\1', 'cast(null as string)'),
    ("cast(null as string)", 'x', 'y', 'cast(null as string)'),
] %}
with

checks as (
    {%- for input_sql, pattern, expected_sql in matches %}
        select
            'regex_matches' as macro_name,
            {{ input_sql }} as input_text,
            {{ lineage_warehouse.sql_string(pattern) }} as pattern,
            cast({{ expected_sql }} as string) as expected,
            cast({{ lineage_warehouse.regex_matches(input_sql, pattern) }} as string) as actual
        union all
    {%- endfor %}
    {%- for input_sql, pattern, group, expected_sql in extracts %}
        select
            'regex_extract' as macro_name,
            {{ input_sql }} as input_text,
            {{ lineage_warehouse.sql_string(pattern) }} as pattern,
            {{ expected_sql }} as expected,
            {% if group is none -%}
                {{ lineage_warehouse.regex_extract(input_sql, pattern) }}
            {%- else -%}
                {{ lineage_warehouse.regex_extract(input_sql, pattern, group) }}
            {%- endif %} as actual
        union all
    {%- endfor %}
    {%- for input_sql, pattern, replacement, expected_sql in replaces %}
        select
            'regex_replace_all' as macro_name,
            {{ input_sql }} as input_text,
            {{ lineage_warehouse.sql_string(pattern) }} as pattern,
            {{ expected_sql }} as expected,
            {{ lineage_warehouse.regex_replace_all(input_sql, pattern, replacement) }} as actual
        {%- if not loop.last %}
            union all
        {%- endif %}
    {%- endfor %}
)

select * from checks
where actual is distinct from expected
