{#- Job tags (§3.3, D13): one value per job and tag, the tag and value spelled as first seen. -#}

with

final as (
    select
        job_id,
        tag,
        value
    from {{ ref('int_job_tags') }}
)

select * from final
