-- parse_json_as on both engines: a 'text' field equals json_get of its path for every JSON value kind (strings
-- unquoted, numbers, booleans, objects and arrays as compact JSON text, null and missing keys as NULL); a field
-- of a declared object reads NULL when the value is not an object; a 'text_map' is NULL exactly when the value
-- is not an object; array items are read in order; text that is not JSON is not json_parsed. The key 'Odd key'
-- checks that any key can be declared (its field is not read: the engines quote names differently).
{%- set shape = {'v': 'text', 'o': {'k': 'text'}, 'a': [{'b': 'text'}], 'm': 'text_map', 'Odd key': 'text'} %}
with

docs as (
    select * from (
        values
        ('{"v": "text", "o": {"k": "é ジョブ 🚀", "n": null}, "a": [{"b": "x"}, {"b": 2}], "m": {"x": "1"}}'),
        ('{"v": 1.50, "o": {"k": [1, 2]}, "a": [], "m": {}, "Odd key": "odd"}'),
        ('{"v": null, "o": {}, "a": [null, {"b": null}], "m": "oops"}'),
        ('{"v": true, "o": "scalar", "a": {"0": 1}, "m": [1]}'),
        ('{"v": {"z": [1, {"y": false}]}, "o": {"k": {"deep": "er"}}, "a": [{"b": {"c": 1}}], "m": 5}'),
        ('{"v": 12345678901234567890, "o": {"k": -0.5e-3}}'),
        ('{}'),
        ('{not json'),
        (cast(null as string))
    ) as t (doc)  -- noqa: AL05
),

parsed as (
    select
        doc,
        {{ lineage_warehouse.parse_json_as('doc', shape) }} as p
    from docs
),

final as (
    select
        parsed.doc,
        'v' as field,
        parsed.p.v as actual,
        {{ lineage_warehouse.json_get('parsed.doc', ['v']) }} as expected
    from parsed
    where {{ lineage_warehouse.json_kind('parsed.doc') }} = 'object'
    union all
    select
        parsed.doc,
        'o.k' as field,
        parsed.p.o.k as actual,
        {{ lineage_warehouse.json_get('parsed.doc', ['o', 'k']) }} as expected
    from parsed
    where {{ lineage_warehouse.json_kind('parsed.doc') }} = 'object'
    union all
    select
        parsed.doc,
        'a[last].b' as field,
        {{ lineage_warehouse.list_item('parsed.p.a', 1) }}.b as actual,
        {{ lineage_warehouse.json_get('parsed.doc', ['a', 1, 'b']) }} as expected
    from parsed
    where {{ lineage_warehouse.json_kind('parsed.doc') }} = 'object'
    union all
    select
        parsed.doc,
        'm is an object' as field,
        cast(parsed.p.m is not null as string) as actual,
        cast(
            coalesce({{ lineage_warehouse.json_kind(lineage_warehouse.json_get('parsed.doc', ['m'])) }} = 'object', false)
            as string
        ) as expected
    from parsed
    where {{ lineage_warehouse.json_kind('parsed.doc') }} = 'object'
    union all
    select
        parsed.doc,
        'm.x' as field,
        parsed.p.m['x'] as actual,
        {{ lineage_warehouse.json_get('parsed.doc', ['m', 'x']) }} as expected
    from parsed
    where {{ lineage_warehouse.json_kind('parsed.doc') }} = 'object'
    union all
    select
        parsed.doc,
        'not JSON' as field,
        cast({{ lineage_warehouse.json_parsed('parsed.p') }} as string) as actual,
        'false' as expected
    from parsed
    where coalesce({{ lineage_warehouse.json_kind('parsed.doc') }}, 'invalid') != 'object'
)

select * from final
where actual is distinct from expected
