-- The JOB-granularity graph around one job (both directions, four hops = two datasets away on each side), only
-- from inputs and outputs created inside a time window: the edges with their output types. The start is the
-- first job (by id) that wrote something; put a job_id there instead.
{%- set start -%}
    (
        select min(from_id) as start_id
        from {{ ref('lineage_edges') }}
        where granularity = 'JOB' and edge_kind = 'OUTPUT'
    )
{%- endset %}
with

traversal as (
    {{ lineage_warehouse.lineage_traverse(
        'JOB', depth=4, direction='BOTH', granularity='JOB', starts_relation=start,
        since='2020-01-01 00:00:00', until='2030-01-01 00:00:00'
    ) }}
),

final as (
    select
        edge_kind,
        from_kind,
        from_id,
        to_kind,
        to_id,
        output_types,
        last_interaction_at
    from traversal
    where record_type = 'EDGE'
)

select * from final
