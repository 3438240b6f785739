{#- The job links of every event (int_job_link_facts) with both ends' locations and job ids resolved: the input of
    the parent and dependency folds. A link whose ends are one job (names compared case-insensitively, as job ids
    are) says nothing and is dropped: a job is never its own parent, and a dependency of a job on itself is no
    dependency (docs/decisions/job-links-not-self.md). -#}

with

links as (
    select * from {{ ref('int_job_link_facts') }}
),

resolved as (
    select
        links.event_hash,
        links.event_time,
        links.link_kind,
        links.source,
        links.dependency_type,
        {{ lineage_warehouse.job_id('from_locations.location_id', 'links.from_job_name') }} as from_job_id,
        {{ lineage_warehouse.job_id('to_locations.location_id', 'links.to_job_name') }} as to_job_id
    from links
    {{ lineage_warehouse.job_location_join(ref('int_namespace_locations'), 'from_locations', 'links.from_job_namespace') }}
    {{ lineage_warehouse.job_location_join(ref('int_namespace_locations'), 'to_locations', 'links.to_job_namespace') }}
),

final as (
    select
        event_hash,
        event_time,
        link_kind,
        source,
        dependency_type,
        from_job_id,
        to_job_id
    from resolved
    where from_job_id != to_job_id
)

select * from final
