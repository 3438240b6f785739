-- regex_replace_groups: every match replaced, \1 .. \9 are the match's groups (DuckDB \1, Spark $1), a group that
-- took no part in the match gives '', no match leaves the text as it is, NULL stays NULL.
{%- set replaces = [
    ("'a1b2'", '([a-z])([0-9])', '\\2\\1', "'1a2b'"),
    ("'xy'", '(x)|(y)', '[\\1\\2]', "'[x][y]'"),
    ("'scheme://user@host'", '([a-z]+://)[^@/]*@', '\\1', "'scheme://host'"),
    ("'abc'", '(x)', '\\1\\1', "'abc'"),
    ("cast(null as string)", '(x)', '\\1', 'cast(null as string)'),
] %}

with

checks as (
    {%- for input_sql, pattern, replacement, expected_sql in replaces %}
        select
            {{ input_sql }} as input_text,
            {{ lineage_warehouse.sql_string(pattern) }} as pattern,
            {{ expected_sql }} as expected,
            {{ lineage_warehouse.regex_replace_groups(input_sql, pattern, replacement) }} as actual
        {%- if not loop.last %}
            union all
        {%- endif %}
    {%- endfor %}
)

select * from checks
where actual is distinct from expected
