{#- Job tags (§3.3, D13): one value per job and tag, the union over the job's events; tag keys and values compare
    case-insensitively, each spelled as first seen (D1 order over all events: tags and values are shared across
    jobs, as in the reference's tag tables); each key keeps the value of the latest event (D1 order; within one
    event the tag added last, see int_job_tag_events). Folded from each batch's candidates
    (int_job_tag_candidates), whose job id is resolved here. -#}

with

tag_events as (
    {{ lineage_warehouse.select_with_entity_id(ref('int_job_tag_candidates'), 'job', ref('int_namespace_locations'), 'job_namespace', 'job_name') }}
),

{{ lineage_warehouse.fold_tags_ctes('job_id') }}

select * from final
