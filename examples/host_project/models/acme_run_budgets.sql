-- One row per run that sent ACME's cost-centre facet: its declared fields side by side, read from the typed
-- columns of the package's mart custom_facet_fields.
with

fields as (
    select * from {{ ref('lineage_warehouse', 'custom_facet_fields') }}
    where entity_kind = 'RUN' and facet_name = 'acme_costCenter'
),

final as (
    select
        entity_id as run_id,
        max(case when field_name = 'code' then string_value end) as cost_center,
        max(case when field_name = 'budget' then bigint_value end) as budget,
        max(case when field_name = 'approved' then boolean_value end) as approved,
        max(case when field_name = 'share' then double_value end) as share
    from fields
    group by entity_id
)

select * from final
