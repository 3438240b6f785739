-- sql_string: the literal it renders reads back as exactly the Jinja value on each engine: single quotes,
-- backslashes (DuckDB keeps them, Spark would read them as escapes: \n, \', \\, \u0041, \101), a trailing
-- backslash, real line feeds and tabs, comment markers, regex replacement markers, unicode and a number.
-- Expected texts are built with chr(39) (quote), chr(92) (backslash), chr(10) and chr(9).
{%- set cases = [
    ("it's a \\ b", "'it' || chr(39) || 's a ' || chr(92) || ' b'"),
    ("", "''"),
    ("''", "chr(39) || chr(39)"),
    ("a\\", "'a' || chr(92)"),
    ("\\'", "chr(92) || chr(39)"),
    ("\\\\", "chr(92) || chr(92)"),
    ("\\n", "chr(92) || 'n'"),
    ("\\u0041 \\101", "chr(92) || 'u0041 ' || chr(92) || '101'"),
    ("$1 \\1", "'$1 ' || chr(92) || '1'"),
    ("line1\nline2", "'line1' || chr(10) || 'line2'"),
    ("tab\there", "'tab' || chr(9) || 'here'"),
    ('say "hi"', "'say ' || chr(34) || 'hi' || chr(34)"),
    ("a -- b /* c */ ;", "'a ' || chr(45) || chr(45) || ' b ' || chr(47) || chr(42) || ' c ' || chr(42) || chr(47) || ' ;'"),
    ("%_*?[]{}", "chr(37) || chr(95) || chr(42) || chr(63) || chr(91) || chr(93) || chr(123) || chr(125)"),
    ("ジョブ 🚀", "'ジョブ 🚀'"),
    (42, "'42'"),
] %}
with

checks as (
    {%- for value, expected_sql in cases %}
        select
            {{ loop.index }} as case_number,
            {{ expected_sql }} as expected,
            {{ lineage_warehouse.sql_string(value) }} as actual
        {%- if not loop.last %}
            union all
        {%- endif %}
    {%- endfor %}
)

select * from checks
where actual is distinct from expected
