{#- Column relations of every columnLineage source (§8.1, §8.2): the transformation's flag, and the target
    column only for a DIRECT transformation of the per-field forms (the dataset-level form and every other
    type have none). The type decides only the target; the flag comes from subtype and masking. -#}
{{ lineage_warehouse.append_batches_config() }}

with

fields as (
    select * from {{ ref('int_column_lineage_fields') }}
    where {{ lineage_warehouse.in_unseen_batch() }}
),

final as (
    select
        event_hash,
        landing_batch,
        io_position,
        lineage_form,
        source_namespace,
        source_name,
        source_column,
        case
            when lineage_form in ('FIELD', 'LEGACY') and transformation_type = 'DIRECT' then target_column
        end as target_column,
        {{ lineage_warehouse.column_transformation_flag('transformation_subtype', 'masking') }} as type_flag
    from fields
)

select * from final
