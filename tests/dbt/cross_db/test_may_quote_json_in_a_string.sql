-- may_quote_json_in_a_string (stg_io_entry_issues reads the entries of such events from their text): a text with a
-- double quote escaped inside a string, as a backslash and a quote or as the \u0022 escape, may quote an object; a
-- text with no quote inside a string may not, and neither may a single quote (not a quote to either engine's parse:
-- tests/test_typed_core.py checks a single-quoted entry on both engines). A tilde stands for a backslash (Spark's
-- string literals read backslash escapes).
with

cases as (
    select * from (
        values
        ('{"inputs": [{"namespace": "s3://b", "name": "t"}]}', false),
        ('{"inputs": []}', false),
        ('{"sql": {"query": "select ''a'' from t"}}', false),
        ('{"inputs": ["{''namespace'': ''s3://b'', ''name'': ''t''}"]}', false),
        ('{"inputs": ["{~"namespace~": ~"s3://b~", ~"name~": ~"t~"}"]}', true),
        ('{"sql": {"query": "select ~"a~" from t"}}', true),
        ('{"inputs": ["{~u0022namespace~u0022: 1}"]}', true)
    ) as t (doc, expected)  -- noqa: AL05
),

docs as (
    select
        replace(doc, '~', chr(92)) as doc,
        expected
    from cases
),

final as (
    select
        *,
        {{ lineage_warehouse.may_quote_json_in_a_string('doc') }} as actual
    from docs
)

select * from final
where actual is distinct from expected
