{#- The job tag events that can decide a job tag (D13): within each landing batch, the first spelling of each
    tag key and of each value, and the latest value of each (job, tag key). int_job_tags folds these instead
    of every tag event. Appended by landing batch; rebuilt from every batch after a location remap or a
    retention trim (job ids, and a trimmed batch's winners, change). -#}
{{ lineage_warehouse.append_batches_config(rebuilt_on=['location_remap', 'retention']) }}

with

tag_events as (
    select * from {{ ref('int_job_tag_events') }}
    where {{ lineage_warehouse.in_unseen_batch() }}
),

{{ lineage_warehouse.fold_tags_ctes('job_id', per_batch=true) }}

select * from final
