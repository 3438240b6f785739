-- json_get: keys with dots and spaces, array indexes, every JSON value type, unicode.
with

cases as (
    select * from (
        values
        ('{"facets": {"spark.logicalPlan": {"a": 1}}}', 'dotted', '{"a":1}'),
        ('{"a": [1, {"b": "x"}]}', 'index', 'x'),
        ('{"s": "text", "n": 1.5, "t": true, "z": null}', 'string', 'text'),
        ('{"s": "text", "n": 1.5, "t": true, "z": null}', 'number', '1.5'),
        ('{"s": "text", "n": 1.5, "t": true, "z": null}', 'boolean', 'true'),
        ('{"s": "text", "n": 1.5, "t": true, "z": null}', 'null', cast(null as string)),
        ('{"s": "text", "n": 1.5, "t": true, "z": null}', 'missing', cast(null as string)),
        ('{"key with space": "ジョブ 🚀"}', 'space', 'ジョブ 🚀'),
        ('"not an object"', 'string', cast(null as string))
    ) as t (doc, probe, expected)  -- noqa: AL05
),

final as (
    select
        *,
        case probe
            when 'dotted' then {{ lineage_warehouse.json_get('doc', ['facets', 'spark.logicalPlan']) }}
            when 'index' then {{ lineage_warehouse.json_get('doc', ['a', 1, 'b']) }}
            when 'string' then {{ lineage_warehouse.json_get('doc', ['s']) }}
            when 'number' then {{ lineage_warehouse.json_get('doc', ['n']) }}
            when 'boolean' then {{ lineage_warehouse.json_get('doc', ['t']) }}
            when 'null' then {{ lineage_warehouse.json_get('doc', ['z']) }}
            when 'missing' then {{ lineage_warehouse.json_get('doc', ['nope']) }}
            when 'space' then {{ lineage_warehouse.json_get('doc', ['key with space']) }}
        end as actual
    from cases
)

select * from final
where actual is distinct from expected
