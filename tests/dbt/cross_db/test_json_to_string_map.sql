-- json_to_string_map + explode_map (FROM fragment) and explode_map_columns (select-list items): one row per key of a
-- JSON object; string values unquoted (escapes decoded), objects / arrays / numbers / booleans as compact
-- normalised JSON text, JSON null as SQL NULL (the entry is kept); keys with dots, spaces, quotes and unicode kept
-- verbatim; '{}' gives no rows; anything that is not a JSON object gives NULL.
{%- set bs = 'chr(92)' %}
with

docs as (
    select *
    from (
        values
        (
            'values',
            '{"k": "v", "o": {"b" : 2, "a": [1]}, "n": 1.50, "z": null, "t": true, "a": [1, "x"], "e": "", "u": "é🚀", "uo": {"k": "é🚀"}}'
        ),
        ('keys', '{"spark.logicalPlan": {"x": 1}, "key with space": "v", "ключ": "значение", "": "empty key"}'),
        ('empty', '{}'),
        ('array', '[{"a": "b"}]'),
        ('string', '"x"'),
        ('truncated', '{"a": "b"'),
        ('blank', ''),
        ('sql_null', cast(null as string))
    ) as t (doc_id, doc)  -- noqa: AL05
    union all
    -- {"a\"b": "c\"d", "e": "\u00e9"}
    select
        'escapes' as doc_id,
        '{"a' || {{ bs }} || '"b": "c' || {{ bs }} || '"d", "e": "' || {{ bs }} || 'u00e9"}' as doc
),

from_fragment as (
    select
        'fragment' as via,
        docs.doc_id,
        cast(entries.key as string) as entry_key,
        {{ lineage_warehouse.json_text_normalise('cast(entries.value as string)') }} as entry_value
    from docs
    {{ lineage_warehouse.explode_map(lineage_warehouse.json_to_string_map('docs.doc'), 'entries') }}
),

select_items as (
    select
        doc_id,
        {{ lineage_warehouse.explode_map_columns(lineage_warehouse.json_to_string_map('doc'), 'entry_key', 'entry_value') }}
    from docs
),

from_columns as (
    select
        'columns' as via,
        doc_id,
        cast(entry_key as string) as entry_key,
        {{ lineage_warehouse.json_text_normalise('cast(entry_value as string)') }} as entry_value
    from select_items
),

actual as (
    select * from from_fragment
    union all
    select * from from_columns
),

expected_entries as (
    select * from (
        values
        ('values', 'k', 'v'),
        ('values', 'o', '{"b":2,"a":[1]}'),
        ('values', 'n', '1.5'),
        ('values', 'z', cast(null as string)),
        ('values', 't', 'true'),
        ('values', 'a', '[1,"x"]'),
        ('values', 'e', ''),
        ('values', 'u', 'é🚀'),
        ('values', 'uo', '{"k":"é🚀"}'),
        ('keys', 'spark.logicalPlan', '{"x":1}'),
        ('keys', 'key with space', 'v'),
        ('keys', 'ключ', 'значение'),
        ('keys', '', 'empty key'),
        ('escapes', 'a"b', 'c"d'),
        ('escapes', 'e', 'é')
    ) as t (doc_id, entry_key, entry_value)  -- noqa: AL05
),

expected as (
    select
        vias.via,
        expected_entries.doc_id,
        expected_entries.entry_key,
        expected_entries.entry_value
    from expected_entries
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

not_null_for_non_objects as (
    select
        'not NULL for a non-object' as problem,
        'macro' as via,
        doc_id,
        cast(null as string) as entry_key,
        doc as entry_value
    from docs
    where
        doc_id in ('array', 'string', 'truncated', 'blank', 'sql_null')
        and {{ lineage_warehouse.json_to_string_map('doc') }} is not null
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
    select * from not_null_for_non_objects
)

select * from final
