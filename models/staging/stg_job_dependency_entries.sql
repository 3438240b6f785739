{#- One row per entry of the jobDependencies run facet of every placed event (upstream[n], downstream[n];
    docs/rules.md "Job hierarchy: dependencies"), parsed once from its text (job_dependency_shape): direction
    UPSTREAM or DOWNSTREAM, entry_position from 0, the entry's JSON kind, and the job namespace, job name and
    dependency type as sent (NULL where the entry is not an object or lacks them: int_job_link_facts skips such an
    entry alone and staging.facet_issues notes it). Incremental: unseen landing batches; most batches give no
    row (sparse). -#}
{{ lineage_warehouse.append_batches_config(sparse_rows=true) }}

with

payloads as (
    select
        event_hash,
        landing_batch,
        run_job_dependencies__upstream as upstream_entries,
        run_job_dependencies__downstream as downstream_entries
    from {{ ref('stg_event_payloads') }}
    where
        {{ lineage_warehouse.in_unseen_batch() }}
        and (run_job_dependencies__upstream is not null or run_job_dependencies__downstream is not null)
),

entry_texts as (
    {%- for direction in ['upstream', 'downstream'] %}
        select
            payloads.event_hash,
            payloads.landing_batch,
            '{{ direction | upper }}' as direction,
            cast(entries.pos as bigint) as entry_position,
            entries.value as entry_text
        from payloads
        {{ lineage_warehouse.explode_array('payloads.' ~ direction ~ '_entries', 'entries') }}
        {{ 'union all' if not loop.last }}
    {%- endfor %}
),

parsed as (
    select
        event_hash,
        landing_batch,
        direction,
        entry_position,
        coalesce({{ lineage_warehouse.json_kind('entry_text') }}, 'scalar') as entry_kind,
        {{ lineage_warehouse.parse_json_as('entry_text', lineage_warehouse.job_dependency_shape()) }} as entry
    from entry_texts
),

final as (
    select
        parsed.event_hash,
        parsed.landing_batch,
        parsed.direction,
        parsed.entry_position,
        parsed.entry_kind,
        parsed.entry.job.namespace as job_namespace,
        parsed.entry.job.name as job_name,
        parsed.entry.dependency_type
    from parsed
)

select * from final
