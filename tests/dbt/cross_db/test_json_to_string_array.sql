-- json_to_string_array + explode_array: string elements unquoted (escapes decoded), every other element as compact
-- normalised JSON text, JSON null as SQL NULL (the row is kept); '[]' gives no rows; anything that is not a JSON
-- array gives NULL, a single-quoted list literal too (Spark's from_json alone would read it).
{%- set bs = 'chr(92)' %}
with

docs as (
    select *
    from (
        values
        ('strings', '["x", "y", "", "x"]'),
        ('mixed', '[1, true, null, {"a" : 1}, [1, 2], "s", 1.50, 1e2, false]'),
        ('unicode', '["é", "ジョブ 🚀", "key with space", {"k": "ジョブ 🚀"}]'),
        ('empty', '[]'),
        ('object', '{"a": "b"}'),
        ('string', '"x"'),
        ('truncated', '["x", "y"'),
        ('single_quoted', '[''x'', ''y'']'),
        ('blank', ''),
        ('sql_null', cast(null as string))
    ) as t (doc_id, doc)  -- noqa: AL05
    union all
    -- ["a\"b", "\u00e9\ud83d\ude80", "tab\there"]
    select
        'escapes' as doc_id,
        '["a' || {{ bs }} || '"b", "' || {{ bs }} || 'u00e9' || {{ bs }} || 'ud83d' || {{ bs }} || 'ude80", "tab'
        || {{ bs }} || 'there"]' as doc
),

actual as (
    select
        docs.doc_id,
        cast(elements.pos as bigint) as pos,
        {{ lineage_warehouse.json_text_normalise('cast(elements.value as string)') }} as element
    from docs
    {{ lineage_warehouse.explode_array(lineage_warehouse.json_to_string_array('docs.doc'), 'elements') }}
),

expected_elements as (
    select *
    from (
        values
        ('strings', 0, 'x'),
        ('strings', 1, 'y'),
        ('strings', 2, ''),
        ('strings', 3, 'x'),
        ('mixed', 0, '1'),
        ('mixed', 1, 'true'),
        ('mixed', 2, cast(null as string)),
        ('mixed', 3, '{"a":1}'),
        ('mixed', 4, '[1,2]'),
        ('mixed', 5, 's'),
        ('mixed', 6, '1.5'),
        ('mixed', 7, '100.0'),
        ('mixed', 8, 'false'),
        ('unicode', 0, 'é'),
        ('unicode', 1, 'ジョブ 🚀'),
        ('unicode', 2, 'key with space'),
        ('unicode', 3, '{"k":"ジョブ 🚀"}'),
        ('escapes', 0, 'a"b'),
        ('escapes', 1, 'é🚀')
    ) as t (doc_id, pos, element)  -- noqa: AL05
    union all
    select
        'escapes' as doc_id,
        2 as pos,
        'tab' || chr(9) || 'here' as element
),

expected as (
    select
        doc_id,
        cast(pos as bigint) as pos,
        element
    from expected_elements
),

missing as (
    select * from expected
    except
    select * from actual
),

unexpected as (
    select * from actual
    except
    select * from expected
),

not_null_for_non_arrays as (
    select
        'not NULL for a non-array' as problem,
        doc_id,
        cast(null as bigint) as pos,
        doc as element
    from docs
    where
        doc_id in ('object', 'string', 'truncated', 'single_quoted', 'blank', 'sql_null')
        and {{ lineage_warehouse.json_to_string_array('doc') }} is not null
),

final as (
    select
        'missing' as problem,
        *
    from missing
    union all
    select
        'unexpected' as problem,
        *
    from unexpected
    union all
    select * from not_null_for_non_arrays
)

select * from final
