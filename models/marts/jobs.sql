{#- Jobs (docs/rules.md "Entity: Job"; §3.1, §3.2; D9 parents and roots without events get type UNKNOWN; the parent
    job of docs/rules.md "Job hierarchy: parents"): one row per job, key (location, lower(name)), the first spelling
    kept (D1 earliest event); type = the latest non-null type (D1 order), UNKNOWN when no event typed it
    (parent/root references, D9); parent_job_id from int_job_parents. The references are first folded per natural
    key as spelled (namespace, name): its earliest reference and its latest type. Only those rows are resolved to a
    job id, and ranked again per job (a winner over all references is a winner of its spelling). -#}

with

job_refs as (
    select
        job_namespace,
        job_name,
        job_type,
        {{ lineage_warehouse.d1_order_key('event_time', 'event_hash') }} as order_key
    from {{ ref('int_job_references') }}
),

parents as (
    select
        job_id,
        parent_job_id
    from {{ ref('int_job_parents') }}
),

spelling_firsts as (
    select
        job_namespace,
        job_name,
        min(order_key) as first_order_key
    from job_refs
    group by job_namespace, job_name
),

spelling_types as (
    select
        job_namespace,
        job_name,
        max(order_key) as typed_order_key,
        max_by(job_type, order_key) as job_type
    from job_refs
    where job_type is not null
    group by job_namespace, job_name
),

spelling_facts as (
    select
        spelling_firsts.job_namespace,
        spelling_firsts.job_name,
        spelling_firsts.first_order_key,
        spelling_types.typed_order_key,
        spelling_types.job_type
    from spelling_firsts
    left join spelling_types
        on
            spelling_firsts.job_namespace = spelling_types.job_namespace
            and spelling_firsts.job_name = spelling_types.job_name
),

located_spellings as (
    {{ lineage_warehouse.select_with_entity_id('spelling_facts', 'job', ref('int_namespace_locations'), 'job_namespace', 'job_name') }}
),

ranked as (
    select
        *,
        row_number() over (partition by job_id order by first_order_key, job_name) as spelling_rank,
        row_number() over (partition by job_id order by typed_order_key desc nulls last) as type_rank
    from located_spellings
),

spellings as (
    select
        job_id,
        location_id,
        job_name
    from ranked
    where spelling_rank = 1
),

types as (
    select
        job_id,
        job_type
    from ranked
    where type_rank = 1
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
        on spellings.job_id = types.job_id
    left join parents
        on spellings.job_id = parents.job_id
)

select * from final
