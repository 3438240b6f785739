{#- Every event that sends one of the job facets of the entity marts (ownership, documentation,
    sourceCodeLocation, sourceCode; macros/event_shape.sql job_facet_shapes), on the event's own job: the job of
    the run it describes, or a JobEvent's own job (D16) (not a Spark operation's, a Hive query's or a StarRocks
    query's job, which are no job entities; docs/rules.md "Facets: jobs"). `order_key` is the D1 order. Appended by
    landing batch; rows name the job by namespace and name, and the folds resolve its id. -#}
{{ lineage_warehouse.append_batches_config() }}

{%- set facets = ['ownership', 'documentation', 'sourceCodeLocation', 'sourceCode'] %}

with

payloads as (
    select * from {{ ref('stg_event_payloads') }}
    where
        {{ lineage_warehouse.in_unseen_batch() }}
        and (
            {%- for facet in facets %}
                {{ 'or ' if not loop.first }}{{ lineage_warehouse.facet_present(lineage_warehouse.facet_prefix('job', facet)) }}
            {%- endfor %}
        )
),

own_jobs as (
    select
        event_hash,
        event_time,
        job_namespace,
        job_name
    from {{ ref('int_job_references') }}
    where
        {{ lineage_warehouse.in_unseen_batch() }}
        and reference_kind = 'EVENT'
        and describes_run
        and extractor not in {{ lineage_warehouse.session_extractors() }}
),

final as (
    select
        own_jobs.job_namespace,
        own_jobs.job_name,
        payloads.event_hash,
        payloads.landing_batch,
        own_jobs.event_time,
        {{ lineage_warehouse.d1_order_key('own_jobs.event_time', 'own_jobs.event_hash') }} as order_key,
        payloads.job_documentation__description as description,
        payloads.job_documentation__content_type as description_content_type,
        payloads.job_source_code__language as source_code_language,
        payloads.job_source_code_location__type as source_code_type,
        payloads.job_source_code_location__url as source_code_url,
        payloads.job_source_code_location__path as source_code_path,
        payloads.job_source_code_location__repo_url as repo_url,
        payloads.job_source_code_location__version as version,
        payloads.job_ownership__owners as owners
    from payloads
    inner join own_jobs
        on payloads.event_hash = own_jobs.event_hash
)

select * from final
