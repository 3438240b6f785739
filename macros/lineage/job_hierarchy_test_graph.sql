{#- A hand-built job graph for the job_hierarchy tests (tests/dbt/lineage/test_job_hierarchy_*.sql):
      parents: D → T1, D → T2, T1 → S; C1 ↔ C2 (a parent cycle); U, W, V, X, R have none
      declared dependencies: U → T1 (DIRECT_DEPENDENCY), W → U (untyped), T2 → V (X)
      lineage: X writes ds1 2025-01-01 10:00; T2 reads ds1 10:00 (same hour), R reads ds1 09:00 (before the write),
      T1 reads ds2 11:00, ds2 ↔ ds1 symlinked. -#}
{% macro job_hierarchy_test_jobs() -%}
    {%- set rows = [('D', none), ('T1', 'D'), ('T2', 'D'), ('S', 'T1'), ('C1', 'C2'), ('C2', 'C1'), ('U', none),
                    ('W', none), ('V', none), ('X', none), ('R', none)] -%}
    {%- for job_id, parent_job_id in rows %}
    select
        '{{ job_id }}' as job_id,
        {% if parent_job_id %}'{{ parent_job_id }}'{% else %}cast(null as string){% endif %} as parent_job_id,
        'l' as location_id,
        lower('{{ job_id }}') as name,
        'UNKNOWN' as type
    {%- if not loop.last %}
    union all
    {%- endif %}
    {%- endfor %}
{%- endmacro %}

{% macro job_hierarchy_test_dependencies() -%}
    select
        'U' as from_job_id,
        'T1' as to_job_id,
        'DIRECT_DEPENDENCY' as type
    union all
    select
        'W' as from_job_id,
        'U' as to_job_id,
        cast(null as string) as type
    union all
    select
        'T2' as from_job_id,
        'V' as to_job_id,
        'X' as type
{%- endmacro %}

{% macro job_hierarchy_test_io() -%}
    {%- set rows = [('OUTPUT', '2025-01-01 10:00:00', 'X', 'ds1'), ('INPUT', '2025-01-01 10:00:00', 'T2', 'ds1'),
                    ('INPUT', '2025-01-01 09:00:00', 'R', 'ds1'), ('INPUT', '2025-01-01 11:00:00', 'T1', 'ds2')] -%}
    {%- for io_kind, created_at, job_id, dataset_id in rows %}
    select
        '{{ io_kind }}' as io_kind,
        cast('{{ created_at }}' as timestamp) as created_at,
        '{{ job_id }}' as job_id,
        '{{ dataset_id }}' as dataset_id
    {%- if not loop.last %}
    union all
    {%- endif %}
    {%- endfor %}
{%- endmacro %}

{#- A whole job_hierarchy test on the hand-built graph: the rows that differ from `expected`, a list of
    (record_type, a, b, c): NODE (job_id, '', ''), PARENT (parent, child, ''), DEPENDENCY (from, to, type or '-'). -#}
{% macro job_hierarchy_test_case(start_job_id, direction, depth, expected, infer_from_lineage=false, since=none,
                                 until=none) -%}
with

jobs as (
    {{ lineage_warehouse.job_hierarchy_test_jobs() }}
),

dependencies as (
    {{ lineage_warehouse.job_hierarchy_test_dependencies() }}
),

io as (
    {{ lineage_warehouse.job_hierarchy_test_io() }}
),

symlinks as (
    select
        'ds1' as from_dataset_id,
        'ds2' as to_dataset_id
    union all
    select
        'ds2' as from_dataset_id,
        'ds1' as to_dataset_id
),

hierarchy as (
    {{ lineage_warehouse.job_hierarchy(
        start_job_id, direction, depth, infer_from_lineage, since, until,
        jobs_relation='jobs', dependencies_relation='dependencies', io_relation='io', symlinks_relation='symlinks'
    ) }}
),

actual as (
    select
        record_type,
        coalesce(job_id, from_job_id) as a,
        coalesce(to_job_id, '') as b,
        case when record_type = 'DEPENDENCY' then coalesce(dependency_type, '-') else '' end as c
    from hierarchy
),

expected as (
    select * from (
        values
        {%- for row in expected %}
        ({% for value in row %}{{ lineage_warehouse.sql_string(value) }}{% if not loop.last %}, {% endif %}{% endfor %})
        {%- if not loop.last %},{% endif %}
        {%- endfor %}
    ) as expected_rows (record_type, a, b, c)
),

final as (
    {{ lineage_warehouse.lineage_test_difference('actual', 'expected', ['record_type', 'a', 'b', 'c']) }}
)

select * from final
{%- endmacro %}
