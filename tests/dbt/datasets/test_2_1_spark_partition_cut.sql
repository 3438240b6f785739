-- §2.1, the Spark partition cut: a Spark name holding both '=' and '/' is cut just before its first path segment
-- '/<segment>=' whose segment is not empty and holds no '/' or '='. A segment that is empty ('/=') names no
-- partition column, so it is no cut point: the cut is at the first named segment after it, or, with none, the name
-- stays whole. Other extractors' names are never cut.
{% set cases = [
    ['/warehouse/db/t/business_dt=2025-01-01/reg_id=99', 'SPARK', '/warehouse/db/t'],
    ['/warehouse/db/t/=9/dt=2025-01-01', 'SPARK', '/warehouse/db/t/=9'],
    ['/warehouse/db/t/=9', 'SPARK', '/warehouse/db/t/=9'],
    ['dt=2025-01-01/t', 'SPARK', 'dt=2025-01-01/t'],
    ['/warehouse/db/t/dt=2025-01-01', 'UNKNOWN', '/warehouse/db/t/dt=2025-01-01'],
] %}

with

cases as (
    {%- for name, extractor, expected in cases %}
        select
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
        name,
        extractor,
        expected,
        {{ lineage_warehouse.dataset_name('name', "'hdfs://nn:8020'", 'extractor') }} as actual
    from cases
),

final as (
    select * from checks
    where actual is distinct from expected
)

select * from final
