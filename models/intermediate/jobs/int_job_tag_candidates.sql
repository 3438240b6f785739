{#- The job tag events that can decide a job tag (D13): within each landing batch, the first spelling of each
    tag key and of each value, and the latest value of each (job namespace and name, tag key): a job's namespaces
    and spellings may share its id, so the key is finer than the job's and the mart job_tags ranks these winners per
    job. job_tags folds these instead of every tag event. Appended by landing batch; rebuilt from every batch
    after a retention trim (a trimmed batch's winners change). -#}
{{ lineage_warehouse.append_batches_config(rebuilt_on=['retention']) }}

with

tag_events as (
    select * from {{ ref('int_job_tag_events') }}
    where {{ lineage_warehouse.in_unseen_batch() }}
),

{{ lineage_warehouse.fold_tags_ctes('job_namespace, job_name', per_batch=true) }}

select * from final
