{#- Inputs and outputs (§7). -#}

{#- §7.2 hour bucket: the operation's created_at plus the whole hours elapsed until the event; an event
    before the operation's created_at falls in the first bucket. Column lineage uses the same rule. -#}
{% macro hour_bucket(operation_created_at, event_time) -%}
    {%- set op = lineage_warehouse.epoch_microseconds(operation_created_at) -%}
    {%- set ev = lineage_warehouse.epoch_microseconds(event_time) -%}
    case
        when {{ event_time }} < {{ operation_created_at }} then {{ operation_created_at }}
        else {{ lineage_warehouse.epoch_microseconds_to_timestamp(
            op ~ ' + cast(floor((' ~ ev ~ ' - ' ~ op ~ ') / 3600000000) as bigint) * 3600000000') }}
    end
{%- endmacro %}

{#- The digits of a statistic that is a plain non-negative JSON integer, leading zeros removed; NULL for
    anything else (negative, fraction, exponent, text). Both engines render JSON integers digit for digit. -#}
{% macro statistic_digits(expr) -%}
    {{ lineage_warehouse.regex_extract(expr, '^0*([0-9]+)$', 1) }}
{%- endmacro %}

{#- §7.3 with D3/D4: a statistic as bigint. 0 is kept; negative values, values >= 2^63-1 (9223372036854775807)
    and values that are not plain integers are NULL (compared as digit text, never cast while too large). -#}
{% macro statistic(expr) -%}
    {%- set digits = lineage_warehouse.statistic_digits(expr) -%}
    case
        when length({{ digits }}) < 19 then cast({{ digits }} as bigint)
        when length({{ digits }}) = 19 and {{ digits }} < '9223372036854775807' then cast({{ digits }} as bigint)
    end
{%- endmacro %}

{#- The input or output rows (`io_kind` INPUT / OUTPUT) of `io_rows` (the calling model's ref('int_io_rows')) that
    satisfy `condition`, each with the job of its run, resolved here from `runs` (its ref('int_runs')): the fold of
    a run's job is read where it is made, so the marts inputs and outputs and the intermediate lineage models share
    one rule instead of the lineage models reading the marts. `output_type_mask` is as stored (NULL on inputs and
    outputs without a type); `output_types_mask` is 0 where it is NULL. -#}
{% macro io_rows_with_jobs(io_rows, runs, io_kind, condition='1 = 1') -%}
    select
        io_rows.created_at,
        io_rows.operation_id,
        io_rows.dataset_id,
        io_rows.schema_id,
        io_rows.run_id,
        runs.job_id,
        io_rows.output_type_mask,
        coalesce(io_rows.output_type_mask, 0) as output_types_mask,
        io_rows.num_rows,
        io_rows.num_bytes,
        io_rows.num_files
    from {{ io_rows }} as io_rows
    left join {{ runs }} as runs
        on io_rows.run_id = runs.run_id
    where io_rows.io_kind = '{{ io_kind }}' and {{ condition }}
{%- endmacro %}
