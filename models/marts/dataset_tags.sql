{#- Dataset tags (§2.2, D13): one value per dataset and tag, the tag and value spelled as first seen. -#}

with

final as (
    select
        dataset_id,
        tag,
        value
    from {{ ref('int_dataset_tags') }}
)

select * from final
