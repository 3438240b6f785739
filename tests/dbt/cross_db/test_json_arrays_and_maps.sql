-- json_to_raw_array + explode_array (0-based positions, elements as JSON text), json_to_string_array,
-- json_to_string_map + explode_map (strings unquoted, objects as compact JSON text).
with

docs as (
    select
        '[{"a":1},"s",2,null]' as raw_array,
        '["x", "y"]' as string_array,
        '{"k": "v", "o": {"b":2}}' as object_text
),

raw_elements as (
    select
        'raw' as probe,
        cast(elements.pos as string) as k,
        elements.value as v
    from docs
    {{ lineage_warehouse.explode_array(lineage_warehouse.json_to_raw_array('docs.raw_array'), 'elements') }}
),

string_elements as (
    select
        'strings' as probe,
        cast(elements.pos as string) as k,
        elements.value as v
    from docs
    {{ lineage_warehouse.explode_array(lineage_warehouse.json_to_string_array('docs.string_array'), 'elements') }}
),

map_entries as (
    select
        'map' as probe,
        entries.key as k,
        entries.value as v
    from docs
    {{ lineage_warehouse.explode_map(lineage_warehouse.json_to_string_map('docs.object_text'), 'entries') }}
),

not_arrays as (
    select
        'not_array' as probe,
        cast(elements.pos as string) as k,
        elements.value as v
    from docs
    {{ lineage_warehouse.explode_array(lineage_warehouse.json_to_raw_array('docs.object_text'), 'elements') }}
),

actual as (
    select
        probe,
        k,
        cast(v as string) as v
    from raw_elements
    union all
    select
        probe,
        k,
        cast(v as string) as v
    from string_elements
    union all
    select
        probe,
        k,
        cast(v as string) as v
    from map_entries
    union all
    select
        probe,
        k,
        cast(v as string) as v
    from not_arrays
),

expected as (
    select * from (
        values
        ('raw', '0', '{"a":1}'),
        ('raw', '1', '"s"'),
        ('raw', '2', '2'),
        ('raw', '3', 'null'),
        ('strings', '0', 'x'),
        ('strings', '1', 'y'),
        ('map', 'k', 'v'),
        ('map', 'o', '{"b":2}')
    ) as t (probe, k, v)  -- noqa: AL05
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
)

select * from final
