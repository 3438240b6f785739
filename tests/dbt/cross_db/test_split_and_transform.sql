-- split_text (a literal one-character separator, empty pieces kept, separators that are special in regular
-- expressions or multi-byte), split_characters (Unicode code points, not bytes and not grapheme clusters: a decomposed
-- 'é' is two characters), code_point (of the first character) and transform_join (NULL results skipped, an empty
-- array gives '', a NULL array gives NULL). Arrays are compared as '<piece>' texts built with transform_join.
{%- set splits = [
    ("'a,,b,'", ',', "'<a><><b><>'"),
    ("',a'", ',', "'<><a>'"),
    ("''", ',', "'<>'"),
    ("'abc'", ',', "'<abc>'"),
    ("'a.b.c'", '.', "'<a><b><c>'"),
    ("'a|b'", '|', "'<a><b>'"),
    ("'a*b+c'", '*', "'<a><b+c>'"),
    ("'a-b'", '-', "'<a><b>'"),
    ("'a]b'", ']', "'<a><b>'"),
    ("'x' || chr(10) || 'y' || chr(10)", '\n', "'<x><y><>'"),
    ("'é🚀é'", '🚀', "'<é><é>'"),
    ("cast(null as string)", ',', 'cast(null as string)'),
] %}
{%- set characters = [
    ("'ab'", "'97,98'"),
    ("'a🚀é'", "'97,128640,233'"),
    ("'é'", "'101,769'"),
    ("'ジョ'", "'12472,12519'"),
    ("' ' || chr(9) || chr(0) || '~'", "'32,9,0,126'"),
    ("cast(null as string)", 'cast(null as string)'),
] %}
{%- set code_points = [
    ("'A'", 65),
    ("'Ab'", 65),
    ("'é'", 233),
    ("'🚀x'", 128640),
    ("chr(10)", 10),
] %}
with

checks as (
    {%- for input_sql, separator, expected_sql in splits %}
        select
            'split_text' as macro_name,
            {{ input_sql }} as input_text,
            {{ expected_sql }} as expected,
        {{ lineage_warehouse.transform_join(
            lineage_warehouse.split_text(input_sql, separator), 'lw_p', "'<' || lw_p || '>'", "''") }} as actual
        union all
    {%- endfor %}
    {%- for input_sql, expected_sql in characters %}
        select
            'split_characters' as macro_name,
            {{ input_sql }} as input_text,
            {{ expected_sql }} as expected,
        {{ lineage_warehouse.transform_join(
            lineage_warehouse.split_characters(input_sql), 'lw_c',
            'cast(' ~ lineage_warehouse.code_point('lw_c') ~ ' as string)', "','") }} as actual
        union all
    {%- endfor %}
    {%- for input_sql, expected in code_points %}
        select
            'code_point' as macro_name,
            {{ input_sql }} as input_text,
            '{{ expected }}' as expected,
            cast({{ lineage_warehouse.code_point(input_sql) }} as string) as actual
        union all
    {%- endfor %}
    select
        'transform_join' as macro_name,
        'a,b,c' as input_text,
        'A-C' as expected,
        {{ lineage_warehouse.transform_join(
            lineage_warehouse.split_text("'a,b,c'", ','), 'lw_x', "case when lw_x != 'b' then upper(lw_x) end", "'-'") }}
            as actual
    union all
    select
        'transform_join' as macro_name,
        '[]' as input_text,
        '' as expected,
        {{ lineage_warehouse.transform_join(
            lineage_warehouse.json_to_string_array("'[]'"), 'lw_x', 'upper(lw_x)', "'-'") }} as actual
    union all
    select
        'transform_join' as macro_name,
        'NULL array' as input_text,
        cast(null as string) as expected,
        {{ lineage_warehouse.transform_join(
            lineage_warehouse.json_to_string_array('cast(null as string)'), 'lw_x', 'upper(lw_x)', "'-'") }} as actual
)

select * from checks
where actual is distinct from expected
