-- json_get_list + list_item on both engines: every item equals json_get of its key list, for every JSON value
-- kind, array indexes (in and out of range), missing keys, a path into a scalar, documents that are not objects
-- and a NULL document.
{%- set paths = [
    ['v'],
    ['o'],
    ['o', 'k'],
    ['a'],
    ['a', 0],
    ['a', 1, 'b'],
    ['a', 5],
    ['nope'],
    ['v', 'deeper'],
    [0],
] %}
with

docs as (
    select * from (
        values
        ('{"v": "text", "o": {"k": "é ジョブ 🚀", "n": null}, "a": [10, {"b": "x"}]}'),
        ('{"v": 1.50, "o": {"k": [1, 2]}, "a": []}'),
        ('{"v": null, "o": {}, "a": [null, {"b": null}]}'),
        ('{"v": true, "o": "scalar", "a": {"0": 1}}'),
        ('{"v": 12345678901234567890}'),
        ('{}'),
        ('["zero", 1]'),
        ('"just a string"'),
        ('42'),
        (cast(null as string))
    ) as t (doc)  -- noqa: AL05
),

items as (
    select
        doc,
        {{ lineage_warehouse.json_get_list('doc', paths) }} as parts
    from docs
),

probes as (
    select * from (
        values (0), (1), (2), (3), (4), (5), (6), (7), (8), (9)
    ) as t (item)  -- noqa: AL05
),

final as (
    select
        items.doc,
        probes.item,
        case probes.item
            {%- for keys in paths %}
                when {{ loop.index0 }} then {{ lineage_warehouse.list_item('items.parts', loop.index0) }}
            {%- endfor %}
        end as actual,
        case probes.item
            {%- for keys in paths %}
                when {{ loop.index0 }} then {{ lineage_warehouse.json_get('items.doc', keys) }}
            {%- endfor %}
        end as expected
    from items
    cross join probes
)

select * from final
where actual is distinct from expected
