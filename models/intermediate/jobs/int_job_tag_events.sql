{#- Every (job, tag, value) an event sends (§3.3), one row each, on the job of the run the event describes:
    - events about their own run (not Hive), and JobEvents (D16, describes_own_run): job facet tags.tags[]
      (Airflow: an entry with key == value is a raw DAG tag, kept only as 'k:v[:src]'), the engine tag
      '{lower(name)}.version' and openlineage_adapter.version from processing_engine, and run facet tags.tags[] with openlineage_client_version renamed to
      openlineage_client.version; dbt splits a 'k:v[:src]' key whose value is 'true'; Airflow without a run tags
      facet uses the DAG's tags list (only 'k:v[:src]' strings);
    - Hive and StarRocks events: engine, adapter, client-version and run tags on the session job (the job tags
      facet is ignored: the OL job is no job; docs/rules.md "StarRocks");
    - Spark operation events (SQL_JOB...): their run tags, raw, on the parent application job.
    source_rank and position order the tags of one event as the reference adds them (1 job tags, 2 engine,
    3 adapter, 4 client version, 5 run tags), so that the later one wins within an event.
    Rows name the job by namespace and name (the folds resolve its id). Appended by landing batch. -#}
{{ lineage_warehouse.append_batches_config() }}

with

facets as (
    select
        *,
        extractor in ('AIRFLOW_DAG', 'AIRFLOW_TASK') as is_airflow,
        case
            when extractor in {{ lineage_warehouse.session_extractors() }} then 'SESSION'
            when describes_own_run then 'OWN'
            when extractor = 'SPARK' then 'SPARK_OPERATION'
        end as tag_scope
    from {{ ref('int_run_event_facets') }}
    where {{ lineage_warehouse.in_unseen_batch() }}
),

target_jobs as (
    select
        event_hash,
        job_namespace,
        job_name
    from {{ ref('int_job_references') }}
    where
        {{ lineage_warehouse.in_unseen_batch() }}
        and describes_run
        and (reference_kind = 'EVENT' or (reference_kind = 'PARENT' and extractor = 'SPARK'))
),

job_facet_entries as (
    select
        facets.event_hash,
        facets.is_airflow,
        entries.pos as position,
        entries.value['key'] as tag_key,
        entries.value['value'] as tag_value
    from facets
    {{ lineage_warehouse.explode_array('facets.job_tag_items', 'entries') }}
    where facets.tag_scope = 'OWN'
),

-- Airflow provider 2.4+ sends raw DAG tags as entries with key == value
job_facet_flags as (
    select
        *,
        is_airflow and tag_key = tag_value as is_raw_dag_tag
    from job_facet_entries
),

job_facet_tags as (
    select
        event_hash,
        1 as source_rank,
        position,
        case when is_raw_dag_tag then {{ lineage_warehouse.tag_kv_key('tag_key') }} else tag_key end as tag,
        case when is_raw_dag_tag then {{ lineage_warehouse.tag_kv_value('tag_key') }} else tag_value end as value
    from job_facet_flags
    where not is_raw_dag_tag or tag_key like '%:%'
),

engine_tags as (
    select
        event_hash,
        2 as source_rank,
        0 as position,
        lower(engine_name) || '.version' as tag,
        engine_version as value
    from facets
    where tag_scope in ('OWN', 'SESSION') and engine_version is not null
    union all
    select
        event_hash,
        3 as source_rank,
        0 as position,
        'openlineage_adapter.version' as tag,
        adapter_version as value
    from facets
    where tag_scope in ('OWN', 'SESSION') and adapter_version is not null
),

run_facet_entries as (
    select
        facets.event_hash,
        entries.pos as position,
        entries.value['key'] as tag_key,
        entries.value['value'] as tag_value,
        facets.tag_scope != 'SPARK_OPERATION' as renames_client_version,
        facets.extractor = 'DBT' and facets.tag_scope = 'OWN' as splits_dbt_tags
    from facets
    {{ lineage_warehouse.explode_array('facets.run_tag_items', 'entries') }}
    where facets.tag_scope is not null
),

run_facet_flags as (
    select
        *,
        renames_client_version and tag_key = 'openlineage_client_version' as is_client_version,
        splits_dbt_tags and tag_value = 'true' and tag_key like '%:%' as is_dbt_kv_tag
    from run_facet_entries
),

run_facet_tags as (
    select
        event_hash,
        case when is_client_version then 4 else 5 end as source_rank,
        position,
        case
            when is_client_version then 'openlineage_client.version'
            when is_dbt_kv_tag then {{ lineage_warehouse.tag_kv_key('tag_key') }}
            else tag_key
        end as tag,
        case when is_dbt_kv_tag then {{ lineage_warehouse.tag_kv_value('tag_key') }} else tag_value end as value
    from run_facet_flags
),

dag_tags as (
    select
        dag_tag_items.event_hash,
        5 as source_rank,
        dag_tag_items.position,
        {{ lineage_warehouse.tag_kv_key('dag_tag_items.item') }} as tag,
        {{ lineage_warehouse.tag_kv_value('dag_tag_items.item') }} as value
    from {{ ref('int_airflow_dag_tag_items') }} as dag_tag_items
    inner join facets
        on dag_tag_items.event_hash = facets.event_hash
    where
        {{ lineage_warehouse.in_unseen_batch('dag_tag_items.landing_batch') }}
        and facets.tag_scope = 'OWN'
        and facets.is_airflow
        and not facets.has_run_tags_facet
        and dag_tag_items.item like '%:%'
),

all_tags as (
    select * from job_facet_tags
    union all
    select * from engine_tags
    union all
    select * from run_facet_tags
    union all
    select * from dag_tags
),

final as (
    select
        all_tags.event_hash,
        facets.landing_batch,
        facets.event_time,
        target_jobs.job_namespace,
        target_jobs.job_name,
        all_tags.source_rank,
        all_tags.position,
        all_tags.tag,
        all_tags.value
    from all_tags
    inner join facets
        on all_tags.event_hash = facets.event_hash
    inner join target_jobs
        on all_tags.event_hash = target_jobs.event_hash
    where coalesce(all_tags.tag, '') != '' and all_tags.value is not null
)

select * from final
