{#- One row per job (§3.1): key (location, lower(name)), the first spelling kept (D1 earliest event); type =
    the latest non-null type (D1 order), UNKNOWN when no event typed it (parent/root references, D9); parent_job_id
    from int_job_parents (docs/rules.md "Job hierarchy: parents"). -#}

with

job_refs as (
    {{ lineage_warehouse.select_with_entity_id(ref('int_job_references'), 'job', 'job_namespace', 'job_name') }}
),

spellings as (
    select
        job_id,
        location_id,
        job_name,
        row_number() over (partition by job_id order by event_time, event_hash, job_name) as spelling_rank
    from job_refs
),

types as (
    select
        job_id,
        job_type,
        row_number() over (partition by job_id order by event_time desc, event_hash desc) as type_rank
    from job_refs
    where job_type is not null
),

parents as (
    select
        job_id,
        parent_job_id
    from {{ ref('int_job_parents') }}
),

final as (
    select
        spellings.job_id,
        spellings.location_id,
        spellings.job_name as name,
        coalesce(types.job_type, 'UNKNOWN') as type,
        parents.parent_job_id
    from spellings
    left join types
        on spellings.job_id = types.job_id and types.type_rank = 1
    left join parents
        on spellings.job_id = parents.job_id
    where spellings.spelling_rank = 1
)

select * from final
