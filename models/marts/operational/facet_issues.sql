{#- The contract relation staging.facet_issues (docs/rules.md "The marts"): every facet dropped or read as
    NULL under D4/D5, one row each, whichever model's check dropped it: the checks staging makes on the parsed
    event (stg_facet_issues) and on its input and output entries (stg_io_entry_issues), and the integration checks of the job/run and IO models (int_jobs_runs_facet_issues,
    int_operations_io_facet_issues), and the fields of declared custom facets not of their type
    (stg_custom_facet_fields). It reads intermediate, so it is built with the marts; the public interface
    names its schema staging, where users look for it beside quarantined_events. A view: it holds no rows of its
    own, so incremental builds and retention have nothing to keep in step. -#}
{{ config(schema='staging', materialized='view') }}

with

event_checks as (
    select
        event_hash,
        facet,
        reason
    from {{ ref('stg_facet_issues') }}
),

entry_checks as (
    select
        event_hash,
        facet,
        reason
    from {{ ref('stg_io_entry_issues') }}
),

job_and_run_checks as (
    select
        event_hash,
        facet,
        reason
    from {{ ref('int_jobs_runs_facet_issues') }}
),

-- a field of a declared custom facet not of its declared type (macros/custom_facets.sql)
custom_field_checks as (
    select
        event_hash,
        facet_path || '.' || field_name as facet,
        problem as reason
    from {{ ref('stg_custom_facet_fields') }}
    where problem is not null
),

input_and_output_checks as (
    select
        event_hash,
        facet,
        reason
    from {{ ref('int_operations_io_facet_issues') }}
),

final as (
    select * from event_checks
    union all
    select * from entry_checks
    union all
    select * from job_and_run_checks
    union all
    select * from input_and_output_checks
    union all
    select * from custom_field_checks
)

select * from final
