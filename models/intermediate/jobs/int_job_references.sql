{#- Every job an event creates or refers to (§3.2, D9; the kinds are described in int_job_reference_facts),
    with the run it is the job of and the job's location and id. The references are parsed once per event in
    int_job_reference_facts; the location is resolved here. Appended by landing batch, and rebuilt from every
    batch when a later event moves a namespace to another location (macros/fold_rebuilds.sql). -#}
{{ lineage_warehouse.append_batches_config(rebuilt_on=['location_remap', 'retention']) }}

with

job_references as (
    select * from {{ ref('int_job_reference_facts') }}
    where {{ lineage_warehouse.in_unseen_batch() }}
),

final as (
    select
        job_references.event_hash,
        job_references.landing_batch,
        job_references.event_time,
        job_references.extractor,
        job_references.event_run_id,
        job_references.reference_kind,
        job_references.run_id,
        -- the reference names the job of a run this event describes (its own, its session, or the parent an
        -- operation event is bound to), not a run of some other event
        job_references.run_id = job_references.event_run_id as describes_run,
        job_references.job_namespace,
        job_references.job_name,
        job_references.job_type,
        locations.location_id,
        {{ lineage_warehouse.job_id('locations.location_id', 'job_references.job_name') }} as job_id
    from job_references
    {{ lineage_warehouse.job_location_join('locations', 'job_references.job_namespace') }}
)

select * from final
