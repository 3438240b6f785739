-- json_to_raw_array + explode_array (FROM fragment) and explode_array_columns (select-list items): each element of
-- a JSON array as compact JSON text with its 0-based position: strings keep their quotes and their escapes are
-- normalised the same way on both engines, numbers are normalised (1.50 → 1.5, 1e2 → 100.0), JSON null is the
-- text 'null', objects keep their key order. Anything that is not a JSON array (object, string, truncated text, a
-- single-quoted list literal, blank, NULL) gives NULL and therefore no rows; '[]' gives no rows.
{%- set bs = 'chr(92)' %}
with

docs as (
    select *
    from (
        values
        ('mixed', '[{"a":1},"s",2,null]'),
        ('numbers', '[1.50, 1e2, -0, true, false, {"b": 1, "a": [1, {"c": null}]}, [], {}]'),
        ('spaced', '  [ 1 ]  '),
        ('unicode', '["é", "ジョブ 🚀", {"k": "é"}, {"k": "ジョブ 🚀"}]'),
        ('empty', '[]'),
        ('object', '{"a": 1}'),
        ('string', '"[1]"'),
        ('truncated', '[1, 2'),
        ('single_quoted', '[''x'', ''y'']'),
        ('json_null', 'null'),
        ('blank', ''),
        ('sql_null', cast(null as string))
    ) as t (doc_id, doc)  -- noqa: AL05
    union all
    -- ["a\"b", "\u00e9", "\/", "\t", "\u0001", "\ud83d\ude80"]
    select
        'escapes' as doc_id,
        '["a' || {{ bs }} || '"b", "' || {{ bs }} || 'u00e9", "' || {{ bs }} || '/", "' || {{ bs }} || 't", "'
        || {{ bs }} || 'u0001", "' || {{ bs }} || 'ud83d' || {{ bs }} || 'ude80"]' as doc
),

from_fragment as (
    select
        'fragment' as via,
        docs.doc_id,
        cast(elements.pos as bigint) as pos,
        {{ lineage_warehouse.json_text_normalise('cast(elements.value as string)') }} as element
    from docs
    {{ lineage_warehouse.explode_array(lineage_warehouse.json_to_raw_array('docs.doc'), 'elements') }}
),

select_items as (
    select
        doc_id,
        {{ lineage_warehouse.explode_array_columns(lineage_warehouse.json_to_raw_array('doc'), 'pos', 'element') }}
    from docs
),

from_columns as (
    select
        'columns' as via,
        doc_id,
        cast(pos as bigint) as pos,
        {{ lineage_warehouse.json_text_normalise('cast(element as string)') }} as element
    from select_items
),

actual as (
    select * from from_fragment
    union all
    select * from from_columns
),

expected_elements as (
    select *
    from (
        values
        ('mixed', 0, '{"a":1}'),
        ('mixed', 1, '"s"'),
        ('mixed', 2, '2'),
        ('mixed', 3, 'null'),
        ('numbers', 0, '1.5'),
        ('numbers', 1, '100.0'),
        ('numbers', 2, '0'),
        ('numbers', 3, 'true'),
        ('numbers', 4, 'false'),
        ('numbers', 5, '{"b":1,"a":[1,{"c":null}]}'),
        ('numbers', 6, '[]'),
        ('numbers', 7, '{}'),
        ('spaced', 0, '1'),
        ('unicode', 0, '"é"'),
        ('unicode', 1, '"ジョブ 🚀"'),
        ('unicode', 2, '{"k":"é"}'),
        ('unicode', 3, '{"k":"ジョブ 🚀"}')
    ) as t (doc_id, pos, element)  -- noqa: AL05
    union all
    select
        'escapes' as doc_id,
        0 as pos,
        '"a' || {{ bs }} || '"b"' as element
    union all
    select
        'escapes' as doc_id,
        1 as pos,
        '"é"' as element
    union all
    select
        'escapes' as doc_id,
        2 as pos,
        '"/"' as element
    union all
    select
        'escapes' as doc_id,
        3 as pos,
        '"' || {{ bs }} || 't"' as element
    union all
    select
        'escapes' as doc_id,
        4 as pos,
        '"' || {{ bs }} || 'u0001"' as element
    union all
    select
        'escapes' as doc_id,
        5 as pos,
        '"🚀"' as element
),

expected as (
    select
        vias.via,
        expected_elements.doc_id,
        cast(expected_elements.pos as bigint) as pos,
        expected_elements.element
    from expected_elements
    cross join (
        select 'fragment' as via
        union all
        select 'columns' as via
    ) as vias
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
        'macro' as via,
        doc_id,
        cast(null as bigint) as pos,
        doc as element
    from docs
    where
        doc_id in ('object', 'string', 'truncated', 'json_null', 'blank', 'sql_null')
        and {{ lineage_warehouse.json_to_raw_array('doc') }} is not null
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
