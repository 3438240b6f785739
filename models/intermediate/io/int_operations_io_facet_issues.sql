{#- Facets of operation events that the IO models drop or read as NULL (D4, D5), one row each, for
    staging.facet_issues: schemas with a nameless field or nested too deep (no schema; of a static event's
    datasets too, D16), statistics that are
    not a count from 0 to 2^63-2 (NULL, D4: the event is kept), lifecycleStateChange values outside the
    enum (ignored: the output type falls through to the next rule). A view: it reads columns the IO models keep,
    so a table would rebuild every check on every run. -#}
{{ config(materialized='view') }}

with

io_events as (
    select
        event_hash,
        {{ lineage_warehouse.io_entry_path('io_kind', 'io_position') }} as entry_path,
        case io_kind
            when 'INPUT' then '.inputFacets.inputStatistics.' else '.outputFacets.outputStatistics.'
        end as statistics_path,
        rows_text,
        bytes_text,
        files_text,
        num_rows,
        num_bytes,
        num_files,
        lifecycle_change
    from {{ ref('int_io_events') }}
),

schema_issues as (
    select
        event_hash,
        {{ lineage_warehouse.io_entry_path('io_kind', 'io_position') }} || '.facets.schema' as facet,
        problem as reason
    from {{ ref('int_io_entry_schemas') }}
    where problem is not null
),

statistics as (
    select
        event_hash,
        entry_path || statistics_path || 'rowCount' as facet,
        rows_text as value_text,
        num_rows as value
    from io_events
    union all
    select
        event_hash,
        entry_path || statistics_path || 'size' as facet,
        bytes_text as value_text,
        num_bytes as value
    from io_events
    union all
    select
        event_hash,
        entry_path || statistics_path || 'fileCount' as facet,
        files_text as value_text,
        num_files as value
    from io_events
),

statistic_issues as (
    select
        event_hash,
        facet,
        case
            when {{ lineage_warehouse.regex_matches('value_text', '^-[0-9]+$') }} then 'negative_statistic'
            when {{ lineage_warehouse.statistic_digits('value_text') }} is not null then 'statistic_too_large'
            else 'statistic_not_an_integer'
        end as reason
    from statistics
    where value_text is not null and value is null
),

lifecycle_issues as (
    select
        event_hash,
        entry_path || '.facets.lifecycleStateChange' as facet,
        'unknown_lifecycle_state_change' as reason
    from io_events
    where
        lifecycle_change is not null
        and {{ lineage_warehouse.output_type_from_lifecycle('lifecycle_change') }} is null
),

all_issues as (
    select * from schema_issues
    union all
    select * from statistic_issues
    union all
    select * from lifecycle_issues
),

final as (
    select distinct
        event_hash,
        facet,
        reason
    from all_issues
)

select * from final
