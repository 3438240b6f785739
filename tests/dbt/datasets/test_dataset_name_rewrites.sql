-- The name rewrites of `dataset_name`. Reference 0.7 §2, the name half: for location type exactly `clickhouse` or
-- `mysql`, a name with exactly two '.' loses everything up to and including the first '.'; every example of §2
-- (positive and negative), and the order of steps: the Spark partition cut and the dbt `None.` removal start again
-- from the name as sent, which undoes the cut (docs/decisions/dataset-names-clickhouse-cut.md). §2.1, the Spark
-- partition cut: before the first '/<segment>=' whose segment is not empty and
-- holds no '/' or '='; an empty segment ('/=') names no partition column, so it is no cut point (the cut is at the
-- first named segment after it, or, with none, the name stays whole); other extractors' names are never cut.
{% set cases = [
    ['clickhouse://ch:8123', 'default.db.t', 'UNKNOWN', 'db.t'],
    ['ClickHouse://ch:8123', 'Def.DB.T', 'UNKNOWN', 'DB.T'],
    ['mysql://my:3306', 'default.db.t', 'AIRFLOW_TASK', 'db.t'],
    ['mysql://my:3306/shop', 'Def.DB.T', 'HIVE', 'DB.T'],
    ['clickhouse://ch:8123', 'db.t', 'UNKNOWN', 'db.t'],
    ['clickhouse://ch:8123', 'a.b.c.d', 'UNKNOWN', 'a.b.c.d'],
    ['mysql://my:3306', 't', 'UNKNOWN', 't'],
    ['jdbc:clickhouse://ch:8123', 'default.db.t', 'UNKNOWN', 'default.db.t'],
    ['jdbc:mysql://my:3306', 'default.db.t', 'UNKNOWN', 'default.db.t'],
    ['postgres://pg:5432', 'default.db.t', 'UNKNOWN', 'default.db.t'],
    ['clickhouse://ch:8123', 'default.db.t', 'SPARK', 'db.t'],
    ['clickhouse://ch:8123', 'default.db.t/dt=2025-01-01', 'SPARK', 'default.db.t'],
    ['hdfs://nn:8020', '/warehouse/db/t/dt=2025-01-01/id=9', 'SPARK', '/warehouse/db/t'],
    ['hdfs://nn:8020', '/warehouse/db/t/=9/dt=2025-01-01', 'SPARK', '/warehouse/db/t/=9'],
    ['hdfs://nn:8020', '/warehouse/db/t/=9', 'SPARK', '/warehouse/db/t/=9'],
    ['hdfs://nn:8020', 'dt=2025-01-01/t', 'SPARK', 'dt=2025-01-01/t'],
    ['hdfs://nn:8020', '/warehouse/db/t/dt=2025-01-01', 'UNKNOWN', '/warehouse/db/t/dt=2025-01-01'],
    ['clickhouse://ch:8123', 'default.db.t', 'DBT', 'default.db.t'],
    ['mysql://my:3306', 'None.db.t', 'DBT', 'db.t'],
    ['postgres://pg:5432', 'None.public.t', 'DBT', 'public.t'],
] %}

with

cases as (
    {%- for namespace, name, extractor, expected in cases %}
        select
            {{ lineage_warehouse.sql_string(namespace) }} as namespace,
            {{ lineage_warehouse.sql_string(name) }} as name,
            '{{ extractor }}' as extractor,
            {{ lineage_warehouse.sql_string(expected) }} as expected
        {%- if not loop.last %}
            union all
        {%- endif %}
    {%- endfor %}
),

checks as (
    select
        namespace,
        name,
        extractor,
        expected,
        {{ lineage_warehouse.dataset_name('name', 'namespace', 'extractor') }} as actual
    from cases
),

final as (
    select * from checks
    where actual is distinct from expected
)

select * from final
